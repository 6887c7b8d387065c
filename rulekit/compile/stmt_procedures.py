"""Named effect procedures: `procedures:` declares them, `call NAME(ARGS)` runs one.

A procedure is compiled once, with its parameters as local names; a call checks its arguments'
number and types at load time. Like definitions, a procedure sees its parameters and the global
names only, and may not call itself, directly or through others (a located load error).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
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
    local,
)

if TYPE_CHECKING:
    from .base import CompilerBase as Compiler

Fn = Callable[[Any, dict], Any]
PASSED_ON = ("actor", "opener")  # not visible in a procedure, but who opens a window it asks


@dataclass
class Procedure:
    """One declared procedure: its parameters (name, type, env key) and, once compiled, body."""

    name: str
    params: list[tuple[str, str, str]]
    domains: dict[str, frozenset] = field(default_factory=dict)  # word parameters' values
    body: Fn | None = None
    weight: int = 0  # what one run costs, counted at each call (see the budget in docs)
    compiling: bool = False


class ProcTable:
    """The procedures of one compilation, and the chain being compiled (to find recursion)."""

    def __init__(self) -> None:
        self.by_name: dict[str, Procedure] = {}
        self.stack: list[str] = []


def _param_type(c: Compiler, type_name: Any, path: tuple) -> tuple[str | None, frozenset | None]:
    if not isinstance(type_name, str):
        c.error(f"a parameter's type is a name (int, player, zone, ...), not {type_name!r}", path)
        return None, None
    if type_name == "zone":
        return ZONE, None
    ty = c.var_type(type_name, path)
    attrs = c.tables.attributes
    return ty, attrs[type_name][1] if type_name in attrs else None


def _signatures(c: Compiler) -> None:
    assert c.spec is not None  # validated before any step
    for name, spec in c.spec.procedures.items():
        path = ("procedures", name)
        proc = Procedure(name, [])
        seen: set[str] = set()
        for j, entry in enumerate(spec.params):
            ppath = path + ("params", j)
            if len(entry) != 1:
                c.error("each parameter is one 'name: type' pair, e.g. {pile: zone}", ppath,
                        hint="list the parameters one per line: - {who: player}")
                continue
            pname, tname = next(iter(entry.items()))
            if pname in seen:
                c.error(f"parameter '{pname}' is listed twice", ppath + (pname,), key=True)
                continue
            if pname in c.RESERVED:
                c.error(f"'{pname}' is a built-in name and cannot name a parameter",
                        ppath + (pname,), key=True)
                continue
            seen.add(pname)
            ty, domain = _param_type(c, tname, ppath + (pname,))
            if ty is None:
                ty = dsl.ANY  # reported; its uses do not cascade
            proc.params.append((pname, ty, Scope().fresh_key(pname)))
            if domain is not None:
                proc.domains[pname] = domain
        c.procs.by_name[name] = proc


def compile_all(c: Compiler) -> None:
    """Check every procedure's parameters, then compile each body once (in file order)."""
    _signatures(c)
    for name in c.procs.by_name:
        _compile(c, name)


def _compile(c: Compiler, name: str) -> Procedure:
    proc = c.procs.by_name[name]
    if proc.body is not None or proc.compiling:
        return proc
    scope = Scope(effects=True)
    for pname, ty, key in proc.params:
        scope.names[pname] = local(pname, ty, key)
        if pname in proc.domains:
            scope.names[pname].domain = proc.domains[pname]
    assert c.spec is not None
    proc.compiling = True
    c.procs.stack.append(name)
    w0 = c.x.weight
    try:
        proc.body = c.effects(c.spec.procedures[name].effects, ("procedures", name, "effects"),
                              scope)
    finally:
        c.procs.stack.pop()
        proc.compiling = False
    proc.weight = c.x.weight - w0
    return proc


def s_call_stmt(c: Compiler, tree: Tree, scope: Scope) -> Fn:
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
    args: list[tuple[str, Fn]] = []
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
        f = typed.fn
        if zone_as_cards:
            f = (lambda g: lambda s, e: list(s.zones[g(s, e)]))(f)
        elif ty.startswith("list["):
            f = (lambda g: lambda s, e: list(g(s, e)))(f)  # the procedure gets its own copy
        args.append((key, f))
    fresh = proc.body is None  # compiled now: its weight is counted as it compiles
    body = _compile(c, name)
    if not fresh:
        c.x.weight += body.weight  # a loop around the call counts the procedure's body
    bound = tuple(args)
    # the body itself, not the Procedure of this compilation: a game kept whole
    # (rulekit.gamecache) holds the rules, nothing of the compiler
    effects = body.body if body.body is not None else _failed  # None: its error is reported

    def run(s: Any, e: dict) -> None:
        env = {k: e[k] for k in PASSED_ON if k in e}
        for key, f in bound:
            env[key] = f(s, e)
        effects(s, env)

    return run


def _failed(s: Any, e: dict) -> None:
    """The body of a procedure that did not compile (the game is not built)."""


STATEMENTS = {"call_stmt": s_call_stmt}
