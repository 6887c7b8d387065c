"""The ruleset language: parse DSL text once and compile it, typed, into generated source.

A compiled expression is a function `f(state, env)`; `env` is a dict of local names (the actor,
an action's parameters, loop variables kept there). Nothing walks a syntax tree at run time.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from lark import Token, Tree

from ..data.spelling import did_you_mean
from . import clauses, comprehensions, literals, names, operators
from .budget import (
    MAX_INT,
    LoadTimeState,
    _bounded,
    charge,
)
from .codegen import MAX_PARENS, Module
from .frame import Frames
from .host import Definitions, ExprHost
from .parsing import (
    MAX_COMPILED_NODES,
    CompileError,
    ExpansionError,
    _parse_cached,
    fail,
    parse,
    pos_of,
)
from .registry import BUILTINS
from .scope import (
    DefinitionError,
    Scope,
    Tables,
    local,
    restart_keys,
)
from .types import (
    ANY,
    BOOL,
    CARD,
    CARDS,
    INT,
    MELD,
    NONE,
    PLAYER,
    PLAYERS,
    STR,
    TEAM,
    ZONE,
    Typed,
    compatible,
    const,
    describe,
    elem_of,
    show_values,
)


class ExprCompiler:
    """Compiles expression trees to generated source, with static types and located errors:
    each tree by the function RULES names for its form, given this compiler (rulekit.lang.host)."""

    def __init__(self, tables: Tables):
        self.t = tables
        restart_keys()
        self.defs = Definitions()  # the definitions inlined, kept, failed so far
        self.nodes = 0  # compiled nodes so far: definitions inlined in definitions multiply
        # what evaluating the expressions compiled so far costs, counting a cached definition at
        # each use: a loop charges its body's share per element (see the budget in docs)
        self.weight = 0
        self.gen = Module()  # the ruleset's generated module: expressions become its source
        self.closure_calls = 0  # parts given to generated source as closures, so far
        self.frames = Frames()  # the locals the generated code binds around the part compiled
        # deep parts made functions of the loop variables they read: (the part, its call)
        self._deep: dict[int, tuple[Typed, str]] = {}

    def src(self, typed: Typed) -> str:
        """typed's Python source: its own, or a call of its closure."""
        if typed.src is not None:
            if typed.src.count("(") <= MAX_PARENS:
                return typed.src
            # Python parses a bounded nesting of brackets: a deep part becomes a function, given
            # the loop variables of generated comprehensions it reads (its frames know them)
            params = self.frames.params(typed.reads)
            if params:
                made = self._deep.get(id(typed))
                if made is None:
                    name = self.gen.function_of(params, typed.src)
                    made = self._deep[id(typed)] = (typed, f"{name}(s, e, {', '.join(params)})")
                return made[1]
            # else it reads no loop variable: a function of (s, e) (which a kept definition
            # cannot call: it has no e, see rulekit.lang.definitions._ENV)
            return f"{self.gen.ref(typed.fn, 'a deeply nested part')}(s, e)"
        self.closure_calls += 1
        return self.gen.call(typed.fn, "a part compiled as a closure")

    def code(self, type_: str, src: str, *parts: Typed, **kw: Any) -> Typed:
        """A Typed whose code is generated source; random if any of its parts is."""
        rnd = kw.pop("uses_random", False) or any(p.uses_random for p in parts)
        reads = kw.pop("reads", None)
        if reads is None:  # what its parts read (expr adds what was compiled for it)
            reads = frozenset().union(*(p.reads for p in parts)) if parts else frozenset()
        return Typed(type_, src=src, gen=self.gen, uses_random=rnd, reads=reads, **kw)

    def unless_none(self, typed: Typed, detail: str, use: Any) -> str:
        """The source of use(value of typed), or of the rule error (detail) if it is none; a
        value known never to be none is not asked."""
        if typed.not_none:
            return f"({use(self.src(typed))})"
        tmp = self.gen.temp()  # the value read once, then asked
        return (f"({use(tmp)} if ({tmp} := {self.src(typed)}) is not None "
                f"else {self.gen.none_error}({detail!r}))")

    # -- entry points ---------------------------------------------------------------------
    def expr(self, tree: Tree[Any] | Token, scope: Scope) -> Typed:
        """Compile one expression tree."""
        if isinstance(tree, Token):
            raise fail(tree, f"unexpected {tree.value!r}")
        self.nodes += 1
        self.weight += 1
        if self.nodes > MAX_COMPILED_NODES:
            line, col = pos_of(tree)
            raise ExpansionError(f"the ruleset's expressions expand to more than "
                                 f"{MAX_COMPILED_NODES} parts", line, col,
                                 "definitions that use other definitions several times each "
                                 "multiply; simplify them")
        rule = RULES.get(str(tree.data))
        if rule is None:
            raise fail(tree, f"'{tree.data}' is not an expression")
        outer, typed = self.frames.begin(), None  # the generated locals this part reads
        try:
            typed = rule(self, tree, scope)
        finally:
            reads = self.frames.end(outer, typed.reads if typed is not None else frozenset())
        if reads != typed.reads:  # a new value (a shared one, such as a name's, has its own)
            typed.reads = reads
        return typed

    def expect(self, tree: Tree[Any], scope: Scope, type_: str, what: str) -> Typed:
        """Compile and check that the result has type type_."""
        typed = self.expr(tree, scope)
        if not compatible(type_, typed.type):
            raise fail(tree, f"{what} must be {describe(type_)}, "
                       f"but this is {describe(typed.type)}")
        return typed


# the one table of expression forms: the grammar's rule -> the function compiling it
# (tests/lang/test_lang_expression_table.py checks it against the grammar)
RULES: dict[str, Callable[[ExprHost, Tree[Any], Scope], Typed]] = {
    "int_": literals.c_int_,
    "string": literals.c_string,
    "true_": literals.c_true_,
    "false_": literals.c_false_,
    "none_": literals.c_none_,
    "list_": literals.c_list_,
    "name": names.c_name,
    "attr": names.c_attr,
    "call": names.c_call,
    "not_": operators.c_not_,
    "and_": operators.c_and_,
    "or_": operators.c_or_,
    "ternary": operators.c_ternary,
    "compare": operators.c_compare,
    "in_": operators.c_in_,
    "not_in": operators.c_not_in,
    "binop": operators.c_binop,
    "neg": operators.c_neg,
    "list_comp": comprehensions.c_list_comp,
    "gen_call": comprehensions.c_gen_call,
    "list_comp_multi": clauses.c_list_comp_multi,
    "gen_call_multi": clauses.c_gen_call_multi,
}


DEF_HEAD = re.compile(r"^\s*([A-Za-z_]\w*)\s*(?:\(\s*([^)]*)\))?\s*$")
FOR_HEAD = re.compile(r"^(\s*)([A-Za-z_]\w*)\s+in\s+(.+)$", re.S)

# the language's public surface: the compile layer imports these from here
__all__ = [
    "ANY", "BOOL", "BUILTINS", "CARD", "CARDS", "CompileError", "DefinitionError",
    "ExpansionError", "ExprCompiler", "INT", "LoadTimeState", "MAX_INT", "MELD", "NONE",
    "PLAYER", "PLAYERS", "STR", "Scope", "TEAM", "Tables", "Typed", "ZONE", "_bounded",
    "_parse_cached", "charge", "compatible", "const", "describe", "did_you_mean", "elem_of",
    "fail", "local", "parse", "show_values",
]
