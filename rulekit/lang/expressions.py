"""The ruleset language: parse DSL text once and compile it, typed, into generated source.

A compiled expression is a function `f(state, env)`; `env` is a dict of local names (the actor,
an action's parameters, loop variables kept there). Nothing walks a syntax tree at run time.
"""

from __future__ import annotations

import re
from typing import Any, cast

from lark import Token, Tree

from ..data.spelling import did_you_mean
from ..errors import RuleRuntimeError
from . import turnorder, zoneids
from .budget import (
    HEAVY,
    MAX_INT,
    LoadTimeState,
    _bounded,
    charge,
    charged,
    joined,
    scanned,
)
from .builtins import MELD_QUESTIONS, BuiltinsMixin
from .codegen import MAX_PARENS, Module
from .comprehensions import ComprehensionsMixin
from .frame import Frames
from .parsing import (
    MAX_COMPILED_NODES,
    TURN_DIRECTIONS,
    CompileError,
    ExpansionError,
    _parse_cached,
    fail,
    parse,
    pos_of,
)
from .registry import BUILTINS, BY_NAME, compile_call
from .scope import (
    DefinitionError,
    Scope,
    Tables,
    local,
    restart_keys,
)
from .types import (
    ANY,
    ARRANGEMENT,
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
    equals_constant,
    list_of,
    plural,
    show_values,
)

# an argument a kept definition is called with: a local, an env name, a literal (reading it
# cannot fail, so reading it before the body does changes nothing)
_PLAIN_ARG = re.compile(r"^(_t\d+|e\['[^'\\]*'\]|-?\d+|None|True|False)$")
_ENV = re.compile(r"\be\b")
_KEPT_TYPES = frozenset({BOOL, INT, CARD, PLAYER, STR, TEAM, MELD})  # arguments: hashable
# values: those, and lists of them (only conditions read a kept value, and none changes a list)
_KEPT_VALUES = _KEPT_TYPES | {list_of(t) for t in _KEPT_TYPES}


def division_by_zero() -> int:
    """Raise the rule error for `//` or `%` by zero (generated code calls it)."""
    raise RuleRuntimeError("", "division by zero")


class ExprCompiler(ComprehensionsMixin, BuiltinsMixin):
    """Compiles expression trees to generated source, with static types and located errors."""

    def __init__(self, tables: Tables):
        self.t = tables
        restart_keys()
        self._def_stack: list[str] = []
        self._def_cache: dict[str, tuple[Typed, int]] = {}  # with the cost of one evaluation
        self._def_failed: dict[str, CompileError] = {}  # parameterless definitions only
        self.nodes = 0  # compiled nodes so far: definitions inlined in definitions multiply
        # what evaluating the expressions compiled so far costs, counting a cached definition at
        # each use: a loop charges its body's share per element (see the budget in docs)
        self.weight = 0
        self.gen = Module()  # the ruleset's generated module: expressions become its source
        self.closure_calls = 0  # parts given to generated source as closures, so far
        self.frames = Frames()  # the locals the generated code binds around the part compiled
        # deep parts made functions of the loop variables they read: (the part, its call)
        self._deep: dict[int, tuple[Typed, str]] = {}
        # looping definitions called with plain values: their kept-value functions (see
        # _kept_call), or False where the definition is inlined instead
        self._kept_fns: dict[tuple[Any, ...], tuple[str, str, int, Any, Any, bool] | bool] = {}

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
            # cannot call: it has no e, see _ENV)
            return f"{self.gen.ref(typed.fn, 'a deeply nested part')}(s, e)"
        self.closure_calls += 1
        return cast(str, self.gen.call(typed.fn, "a part compiled as a closure"))

    def code(self, type_: str, src: str, *parts: Typed, **kw: Any) -> Typed:
        """A Typed whose code is generated source; random if any of its parts is."""
        rnd = kw.pop("uses_random", False) or any(p.uses_random for p in parts)
        reads = kw.pop("reads", None)
        if reads is None:  # what its parts read (expr adds what was compiled for it)
            reads = frozenset().union(*(p.reads for p in parts)) if parts else frozenset()
        return Typed(type_, src=src, gen=self.gen, uses_random=rnd, reads=reads, **kw)

    def _unless_none(self, typed: Typed, detail: str, use: Any) -> str:
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
        method = getattr(self, "c_" + str(tree.data), None)
        if method is None:
            raise fail(tree, f"'{tree.data}' is not an expression")
        outer, typed = self.frames.begin(), None  # the generated locals this part reads
        try:
            typed = cast(Typed, method(tree, scope))
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

    # -- literals -------------------------------------------------------------------------
    def c_int_(self, tree: Tree[Any], scope: Scope) -> Typed:
        v = int(str(tree.children[0]))
        if v > 10**12:
            raise fail(tree, f"the number {v} is too large (at most 10^12)")
        return const(INT, v)

    def c_string(self, tree: Tree[Any], scope: Scope) -> Typed:
        return const(STR, str(tree.children[0])[1:-1])

    def c_true_(self, tree: Tree[Any], scope: Scope) -> Typed:
        return const(BOOL, True)

    def c_false_(self, tree: Tree[Any], scope: Scope) -> Typed:
        return const(BOOL, False)

    def c_none_(self, tree: Tree[Any], scope: Scope) -> Typed:
        return const(NONE, None)

    def c_list_(self, tree: Tree[Any], scope: Scope) -> Typed:
        args = tree.children[0].children if tree.children[0] is not None else []
        items = [self.expr(a, scope) for a in args]
        types = {i.type for i in items if i.type != NONE}
        if len(types) > 1:
            raise fail(tree, "a list's items must all have the same type, not "
                       + " and ".join(sorted(describe(t) for t in types)))
        et = types.pop() if types else ANY
        if et not in (PLAYER, CARD, STR, ANY) and any(i.type == NONE for i in items):
            raise fail(tree, f"'none' cannot stand in a list of {plural(et)}")
        return self.code(list_of(et), "[" + ", ".join(self.src(i) for i in items) + "]", *items)

    # -- names ----------------------------------------------------------------------------
    def c_name(self, tree: Tree[Any], scope: Scope) -> Typed:
        name = str(tree.children[0])
        return self.lookup(name, tree, scope)

    def lookup(self, name: str, node: Tree[Any] | Token, scope: Scope) -> Typed:
        """Resolve a bare name: locals, variables, zones, definitions, built-in values."""
        t = self.t
        if name in scope.names:
            return scope.names[name]
        if name in t.game_vars:
            idx, ty = t.game_vars[name]
            return self.code(ty, f"s.gvars[{idx}]", domain=t.var_domains.get(name),
                         names=t.var_names.get(name))
        if name in t.turn_vars:
            idx, ty = t.turn_vars[name]
            return self.code(ty, f"s.tvars[{idx}]", domain=t.var_domains.get(name),
                         names=t.var_names.get(name))
        if name in t.table_zones:
            z = t.table_zones[name]
            return Typed(ZONE, lambda s, e, z=z: z,  # type: ignore[misc]
                         const=z, is_const=True, src=repr(z))
        if name in t.definitions:
            return self.definition(name, [], node, scope)
        if name == "players":
            return self.code(PLAYERS, "s.players", items_not_none=True)
        if name == "num_players":
            return self.code(INT, "s.n")
        if name == "turn_direction":  # the current phase's turn order now (after reversals)
            ask = self.gen.ref(turnorder.direction, "the turn direction now")
            return self.code(STR, f"{ask}(s)", domain=TURN_DIRECTIONS)
        if name == "teams" and t.team_names:
            everyone = self.gen.ref(list(range(len(t.team_names))), "every team")
            return self.code(list_of(TEAM), everyone)
        if name in t.player_zones or name in t.player_vars:
            raise fail(node, f"'{name}' belongs to each player; write it as <player>.{name}",
                       f"for example actor.{name}")
        options = (list(scope.names) + list(t.game_vars) + list(t.turn_vars)
                   + list(t.table_zones) + list(t.definitions) + ["players", "num_players"])
        if name in t.symbols:
            raise fail(node, f"unknown name '{name}'",
                       f"to compare with the value, quote it: '{name}'")
        if name == "picked":
            raise fail(node, "unknown name 'picked'", "'picked' (the cards picked so far) is "
                       "known only in a cards parameter's where, min and max")
        raise fail(node, f"unknown name '{name}'", Scope.unknown_hint(name, options))

    def definition(self, name: str, args: list[Typed], node: Tree[Any] | Token,
                   scope: Scope) -> Typed:
        """Inline a `define:` entry, binding its parameters to the argument closures."""
        params, body, src = self.t.definitions[name]
        if len(args) != len(params):
            raise fail(node, f"'{name}' takes {len(params)} argument(s), got {len(args)}",
                       f"it is defined as {src}")
        kept = self._kept_call(name, params, body, args)
        if kept is not None:
            return kept
        if not params and name in self._def_cache:
            typed, cost = self._def_cache[name]
            self.weight += cost
            return typed
        if not params and name in self._def_failed:
            raise DefinitionError(name, self._def_failed[name], pos_of(node))
        if name in self._def_stack:
            chain = " -> ".join(self._def_stack[self._def_stack.index(name):] + [name])
            raise fail(node, f"definition '{name}' refers to itself ({chain})",
                       "a definition may not use itself, directly or through others")
        if body is None:
            raise fail(node, f"uses definition '{name}', which has an error",
                       f"see the error at define.{src}")
        inner = Scope(effects=False)
        for p, a in zip(params, args, strict=True):
            inner.names[p] = a
        self._def_stack.append(name)
        w0 = self.weight
        try:
            typed = self.expr(body, inner)
        except CompileError as e:
            if not params:
                self._def_failed[name] = e
            raise DefinitionError(name, e, pos_of(node)) from None
        except DefinitionError as e:
            # a definition this one uses has the error: point at this, the outermost use
            e.use, e.via = pos_of(node), name
            raise
        finally:
            self._def_stack.pop()
        typed, cost = self._priced(typed, w0)
        if not params:
            self._def_cache[name] = (typed, cost)
        return typed

    def _kept_call(self, name: str, params: list[str], body: Any,
                   args: list[Typed]) -> Typed | None:
        """A call of a looping definition as a generated function whose value the state keeps
        while it lists the legal actions (Module.memo_function); None when the call is inlined
        instead: an argument that is not a plain value (read when the body reads it, or not at
        all, as inlined), a list, a body that is no loop, reads the env, or draws at random.
        Compiled once per definition and argument types, its errors left to the inlined form."""
        if body is None or name in self._def_stack or not all(
                a.src is not None and _PLAIN_ARG.match(a.src) and a.type in _KEPT_TYPES
                for a in args):
            return None
        sig = (name, *((a.type, a.domain, a.names and tuple(sorted(a.names.items())))
                       for a in args))
        made = self._kept_fns.get(sig)
        if made is None:
            made = self._kept_fns[sig] = self._kept_function(name, params, body, args)
        if not isinstance(made, tuple):  # False: inlined
            return None
        fn_name, type_, cost, domain, names, items_not_none = made
        self.weight += cost
        call = f"{fn_name}(s{''.join(', ' + a.src for a in args if a.src)})"
        return self.code(type_, call, *args, domain=domain, names=names,
                         items_not_none=items_not_none)

    def _kept_function(self, name: str, params: list[str], body: Any,
                       args: list[Typed]) -> tuple[str, str, int, Any, Any, bool] | bool:
        start = (self.weight, self.nodes, self.closure_calls)
        inner = Scope(effects=False)
        locals_ = [self.gen.temp() for _ in params]
        for p, a, var in zip(params, args, locals_, strict=True):
            inner.names[p] = Typed(a.type, src=var, gen=self.gen, domain=a.domain,
                                   names=a.names, words=a.words, reads=frozenset((var,)))
        self._def_stack.append(name)
        try:  # a function of its own: it sees its parameters, no loop variable around the call
            with self.frames.binding(*locals_, function=True):
                typed = self.expr(body, inner)
        except (CompileError, DefinitionError):
            typed = None
        finally:
            self._def_stack.pop()
        cost = self.weight - start[0]
        src = None if typed is None else typed.src
        if typed is None or src is None or typed.uses_random or cost > HEAVY \
                or self.closure_calls != start[2] or typed.type not in _KEPT_VALUES \
                or not self._worth_keeping(src) or _ENV.search(src) \
                or src.count("(") > MAX_PARENS:
            # the functions made meanwhile stay listed: what was kept during the attempt (a
            # definition inside it) may call them. The nodes stay counted: the attempt was work,
            # and attempts inside attempts multiply (MAX_COMPILED_NODES bounds them all)
            self.weight, self.closure_calls = start[0], start[2]
            return False
        self.weight = start[0]  # each use adds it, as an inlined body would
        fn = self.gen.memo_function(locals_, src, f"define.{name}, kept per arguments")
        return fn, typed.type, cost, typed.domain, typed.names, typed.items_not_none

    def _worth_keeping(self, src: str) -> bool:
        """Whether a definition's body loops or asks a meld question: cheaper once kept than
        worked out again (a few comparisons are not)."""
        if " for " in src:
            return True
        refs = self.gen.refs
        return any((name := refs.get(id(f))) is not None and re.search(rf"\b{name}\(", src)
                   for f in MELD_QUESTIONS)

    def _priced(self, typed: Typed, w0: int) -> tuple[Typed, int]:
        """A definition's code and its cost per use; a heavy one charges the budget itself.

        Definitions that use others several times multiply: twenty levels of `d_i = d_(i-1) +
        d_(i-1)` cost a million evaluations, which the weight of an enclosing loop cannot see.
        """
        cost = self.weight - w0
        if cost > HEAVY:
            typed, cost = charged(typed, cost), 1
            self.weight = w0 + 1
        return typed, cost

    def check_definition(self, name: str) -> None:
        """Compile a parameterless definition on its own, so its errors show at it."""
        params, body, _src = self.t.definitions[name]
        if params or body is None or name in self._def_cache or name in self._def_failed:
            return
        self._def_stack.append(name)
        w0 = self.weight
        try:
            self._def_cache[name] = self._priced(self.expr(body, Scope()), w0)
        except CompileError as e:
            self._def_failed[name] = e
            raise DefinitionError(name, e, (e.line, e.col)) from None
        finally:
            self._def_stack.pop()

    # -- attribute access -----------------------------------------------------------------
    def c_attr(self, tree: Tree[Any], scope: Scope) -> Typed:
        base_tree, name_tok = tree.children
        base = self.expr(base_tree, scope)
        return self.attribute(base, str(name_tok), name_tok)

    def attribute(self, base: Typed, name: str, node: Tree[Any] | Token) -> Typed:
        """`x.name` for a player (variable or zone) or a card (attribute)."""
        t = self.t
        if base.type == PLAYER:
            if name in t.player_vars:
                idx, ty = t.player_vars[name]
                src = self._unless_none(base, f"no player (none) has a '{name}'",
                                        lambda v: f"s.pvars[{idx}][{v}]")
                return self.code(ty, src, base,
                                 domain=t.var_domains.get(name), names=t.var_names.get(name))
            if name in t.player_zones:
                k = t.player_zones[name]
                nt = t.n_table_zones
                # zone ids: the table's first, then each kind of player zone, one per seat
                src = self._unless_none(base, f"no player (none) has a '{name}'",
                                        lambda v: zoneids.player_zone_src(nt, k, v))
                return self.code(ZONE, src, base)
            raise fail(node, f"a player has no variable or zone '{name}'",
                       did_you_mean(name, list(t.player_vars) + list(t.player_zones)))
        if base.type == TEAM:
            if name in t.team_vars:
                idx, ty = t.team_vars[name]
                return self.code(ty, f"s.teamvars[{idx}][{self.src(base)}]", base)
            if name in t.team_zones:
                k = t.team_zones[name]
                nt, nk = t.n_table_zones, len(t.player_zones)
                nteams = len(t.team_names)
                src = self._unless_none(base, f"no team (none) has a '{name}'",
                                        lambda v: zoneids.team_zone_src(nt, nk, k, nteams, v))
                return self.code(ZONE, src, base)
            raise fail(node, f"a team has no variable or zone '{name}'",
                       did_you_mean(name, list(t.team_vars) + list(t.team_zones)))
        if base.type == CARD:
            if name not in t.attributes:
                raise fail(node, f"cards have no attribute '{name}'",
                           did_you_mean(name, t.attributes))
            ty, domain, table = t.attributes[name]
            tab = self.gen.ref(table, f"the cards' attribute '{name}', by card")
            src = self._unless_none(base, f"no card (none) has a '{name}'",
                                    lambda v: f"{tab}[{v}]")
            return self.code(ty, src, base, domain=domain, names=t.attr_names.get(name))
        if base.type == ARRANGEMENT:
            return self.arranged(base, name, node)
        raise fail(node, f"'.{name}' needs a player or a card, but this is {describe(base.type)}")

    # -- operators ------------------------------------------------------------------------
    def c_not_(self, tree: Tree[Any], scope: Scope) -> Typed:
        a = self.expect(tree.children[0], scope, BOOL, "the operand of 'not'")
        return self.code(BOOL, f"(not {self.src(a)})", a)

    def c_and_(self, tree: Tree[Any], scope: Scope) -> Typed:
        a = self.expect(tree.children[0], scope, BOOL, "each side of 'and'")
        b = self.expect(tree.children[1], scope, BOOL, "each side of 'and'")
        return self.code(BOOL, f"({self.src(a)} and {self.src(b)})", a, b)

    def c_or_(self, tree: Tree[Any], scope: Scope) -> Typed:
        a = self.expect(tree.children[0], scope, BOOL, "each side of 'or'")
        b = self.expect(tree.children[1], scope, BOOL, "each side of 'or'")
        if a.eq_of is not None and b.eq_of is not None and a.eq_of[0] == b.eq_of[0]:
            # one value compared with constants: asked once (it is read twice otherwise)
            subject, consts = a.eq_of[0], a.eq_of[1] + b.eq_of[1]
            folded = self.code(BOOL, f"({subject} in {consts!r})", a, b)
            folded.eq_of = (subject, consts)
            return folded
        return self.code(BOOL, f"({self.src(a)} or {self.src(b)})", a, b)

    def c_ternary(self, tree: Tree[Any], scope: Scope) -> Typed:
        a = self.expr(tree.children[0], scope)
        c = self.expect(tree.children[1], scope, BOOL, "the condition after 'if'")
        b = self.expr(tree.children[2], scope)
        ty = b.type if a.type == NONE or elem_of(a.type) == ANY else a.type
        if not (compatible(ty, a.type) and compatible(ty, b.type)):
            raise fail(tree, f"both branches must have one type, not {describe(a.type)} and "
                       f"{describe(b.type)}")
        return self.code(ty, f"({self.src(a)} if {self.src(c)} else {self.src(b)})", a, b, c)

    def c_compare(self, tree: Tree[Any], scope: Scope) -> Typed:
        left, op_tok, right = tree.children
        a = self.expr(left, scope)
        b = self.expr(right, scope)
        op = str(op_tok)
        if op in ("==", "!="):
            if not (compatible(a.type, b.type) or compatible(b.type, a.type)):
                hint = ("seat(PLAYER) is a player's seat number"
                        if {a.type, b.type} == {INT, PLAYER} else "")
                raise fail(op_tok, f"cannot compare {describe(a.type)} with {describe(b.type)}",
                           hint)
            self._check_symbol(a, b, right)
            self._check_symbol(b, a, left)
            typed = self.code(BOOL, f"({self.src(a)} {op} {self.src(b)})", a, b)
            if op == "==":
                typed.eq_of = equals_constant(a, b) or equals_constant(b, a)
            return typed
        for side, node in ((a, left), (b, right)):
            if side.type not in (INT, ANY):  # ANY: an error reported elsewhere
                raise fail(node, f"'{op}' compares numbers, but this is {describe(side.type)}")
        assert op in ("<", "<=", ">", ">=")  # the grammar's: never ruleset text in the source
        return self.code(BOOL, f"({self.src(a)} {op} {self.src(b)})", a, b)

    def _check_symbol(self, attr: Typed, lit: Typed, node: Tree[Any]) -> None:
        if attr.domain and lit.words is not None:  # a choice's words, checked at the choice
            lit.words.meets(attr.domain)
        if (attr.domain and lit.is_const and isinstance(lit.const, str)
                and lit.const not in attr.domain):
            raise fail(node, f"'{lit.const}' is not one of the values {show_values(attr.domain)}",
                       did_you_mean(lit.const, attr.domain) or
                       "the values come from cards.attributes; add it there if it is new")

    def _membership(self, tree: Tree[Any], scope: Scope) -> tuple[Typed, Typed]:
        a = self.expr(tree.children[0], scope)
        b = self.expr(tree.children[1], scope)
        et = elem_of(b.type)
        if et is None:
            raise fail(tree.children[1], f"'in' needs a list or a zone on its right, but this is "
                       f"{describe(b.type)}")
        if not compatible(et, a.type):
            raise fail(tree.children[0],
                       f"cannot look for {describe(a.type)} in {describe(b.type)}")
        return a, b

    def _member_src(self, a: Typed, b: Typed) -> str:
        """Source of `a in b`: a zone by the card's place, a list scanned (and charged)."""
        if b.type == ZONE:
            tmp = self.gen.temp()
            return f"(({tmp} := {self.src(a)}) is not None and s.card_zone[{tmp}] == {self.src(b)})"
        scan = self.gen.ref(scanned, "a list read whole, charged to the budget")
        return f"({self.src(a)} in {scan}(s, {self.src(b)}))"

    def c_in_(self, tree: Tree[Any], scope: Scope) -> Typed:
        a, b = self._membership(tree, scope)
        return self.code(BOOL, self._member_src(a, b), a, b)

    def c_not_in(self, tree: Tree[Any], scope: Scope) -> Typed:
        a, b = self._membership(tree, scope)
        return self.code(BOOL, f"(not {self._member_src(a, b)})", a, b)

    def c_binop(self, tree: Tree[Any], scope: Scope) -> Typed:
        left, op_tok, right = tree.children
        op = str(op_tok)
        a = self.expr(left, scope)
        b = self.expr(right, scope)
        if op == "+" and elem_of(a.type) and elem_of(b.type) and a.type != ZONE and b.type != ZONE:
            if not compatible(a.type, b.type):
                raise fail(op_tok, f"cannot join {describe(a.type)} and {describe(b.type)}")
            join = self.gen.ref(joined, "two lists joined, charged to the budget")
            return self.code(a.type, f"{join}(s, {self.src(a)}, {self.src(b)})", a, b)
        for side, node in ((a, left), (b, right)):
            if side.type not in (INT, ANY):  # ANY: an error reported elsewhere
                raise fail(node, f"'{op}' needs numbers, but this is {describe(side.type)}")
        if op in ("+", "-", "*"):
            tmp, bounded = self.gen.temp(), self.gen.bounded
            value = f"{self.src(a)} {op} {self.src(b)}"
            if op == "*":
                return self.code(INT, f"{bounded}({value})", a, b)
            return self.code(INT, f"({tmp} if -{MAX_INT} <= ({tmp} := {value}) <= {MAX_INT} "
                             f"else {bounded}({tmp}))", a, b)
        if b.is_const and type(b.const) is int and b.const != 0:
            return self.code(INT, f"({self.src(a)} {op} {b.const!r})", a, b)
        # the divisor first, as it is checked before the dividend is worked out
        tmp, zero = self.gen.temp(), self.gen.ref(division_by_zero, "raises 'division by zero'")
        return self.code(INT, f"({self.src(a)} {op} {tmp} if ({tmp} := {self.src(b)}) != 0 "
                         f"else {zero}())", a, b)

    def c_neg(self, tree: Tree[Any], scope: Scope) -> Typed:
        a = self.expect(tree.children[0], scope, INT, "the operand of '-'")
        return self.code(INT, f"(-{self.src(a)})", a)

    # -- calls ----------------------------------------------------------------------------
    def c_call(self, tree: Tree[Any], scope: Scope) -> Typed:
        name_tok, arglist = tree.children
        name = str(name_tok)
        arg_trees = arglist.children if arglist is not None else []
        if name in self.t.definitions:
            args = [self.expr(a, scope) for a in arg_trees]
            return self.definition(name, args, tree, scope)
        entry = BY_NAME.get(name)  # the built-ins' registry (rulekit.lang.registry)
        if entry is None:
            raise fail(name_tok, f"unknown function '{name}'",
                       did_you_mean(name, sorted(BUILTINS | set(self.t.definitions))))
        if entry.compile is None:  # sorted, a special form: its key sees `it`
            return self.sorted_call(arg_trees, tree, scope)
        args = [self.expr(a, scope) for a in arg_trees]
        return compile_call(self, entry, name, args, arg_trees, tree, scope)


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
