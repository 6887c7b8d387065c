"""The `call NAME(ARGS)` statement: runs a procedure (declared and compiled by
rulekit.compile.definitions).

A procedure is compiled once, with its parameters as local names; a call checks its arguments'
number and types at load time. Like definitions, a procedure sees its parameters and the global
names only, and may not call itself, directly or through others (a located load error).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lark import Tree

from ..lang import expressions as dsl
from ..lang.expressions import (
    CARDS,
    STR,
    ZONE,
    Scope,
    compatible,
    describe,
    did_you_mean,
    fail,
)
from . import stmt_runtime

if TYPE_CHECKING:
    from .context import CompileContext
    from .stmt_control import Code


def s_call_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Code:
    """`call NAME(ARGS)`: run a procedure with its parameters bound to the arguments."""
    name_tok, arglist = tree.children
    name = str(name_tok)
    table = c.procs
    if name not in table.by_name:
        raise fail(name_tok, f"unknown procedure '{name}'",
                   did_you_mean(name, table.by_name) or "declare it under 'procedures:'")
    proc = table.by_name[name]
    if name in table.stack:
        chain = " -> ".join(table.stack[table.stack.index(name):] + [name])
        raise fail(name_tok, f"procedure '{name}' calls itself ({chain})",
                   "a procedure may not call itself, directly or through others; repeat "
                   "effects with 'repeat' or 'while'")
    arg_trees = arglist.children if arglist is not None else []
    want = ", ".join(f"{p} ({describe(t)})" for p, t, _ in proc.params) or "nothing"
    if len(arg_trees) != len(proc.params):
        raise fail(tree, f"procedure '{name}' takes {len(proc.params)} argument(s), got "
                   f"{len(arg_trees)}", f"it takes: {want}")
    args: list[tuple[str, str]] = []  # (the parameter's local name, the argument's source)
    for (pname, ty, key), at in zip(proc.params, arg_trees, strict=True):
        typed = c.x.expr(at, scope)
        zone_as_cards = ty == CARDS and typed.type == ZONE
        fits = compatible(ty, typed.type) and (ty == ZONE) == (typed.type == ZONE)
        if not (fits or zone_as_cards or ty == dsl.ANY):
            raise fail(at, f"argument '{pname}' of '{name}' must be {describe(ty)}, but this is "
                       f"{describe(typed.type)}")
        domain = proc.domains.get(pname)
        if domain is not None and typed.words is not None:  # a choice's words, stored as x
            typed.words.meets(domain, stored=True)
        if ty == STR and domain is not None and typed.is_const and typed.const is not None \
                and typed.const not in domain:
            raise fail(at, f"'{typed.const}' is not one of the values {dsl.show_values(domain)}",
                       did_you_mean(str(typed.const), domain))
        src = c.x.src(typed)
        if zone_as_cards:
            src = f"list(s.zones[{src}])"
        elif ty.startswith("list["):
            src = f"list({src})"  # the procedure gets its own copy
        args.append((key, src))
    fresh = proc.body is None  # compiled now: its weight is counted as it compiles
    body = table.compile(name)
    if not fresh:
        c.x.weight += body.weight  # a loop around the call counts the procedure's body
    # the body itself, not the Procedure of this compilation: a game kept whole
    # (rulekit.gamecache) holds the rules, nothing of the compiler
    effects = body.body if body.body is not None else stmt_runtime.failed_body  # None: reported
    gen = c.x.gen
    env = gen.temp()
    return [f"{env} = {gen.ref(stmt_runtime.passed_on, 'who acts, passed on to a procedure')}(e)",
            *(f"{env}[{key!r}] = {src}" for key, src in args),
            f"{gen.ref(effects, 'the body of a procedure')}(s, {env})",
            "if s.over:", "    return"]  # the procedure ended the game
