"""Definitions, window names and procedures (`procedures:`; `call` is a statement): each procedure's
signature is checked and its body compiled once, recursion refused at load time."""

from __future__ import annotations

from typing import Any

from ..lang import expressions as dsl
from ..lang.definitions import check_definition
from ..lang.expansion import MAX_DEFINITION_PARTS, oversized_definitions
from ..lang.expressions import (
    ZONE,
    CompileError,
    DefinitionError,
    Scope,
    local,
)
from . import effects, variables
from .context import CompileContext
from .symbols import Procedure


def definitions(c: CompileContext) -> None:
    """Parse every definition, refuse oversized ones, and compile each without parameters once."""
    t = c.tables
    for head, body in c.spec.define.items():
        path = ("define", head)
        m = dsl.DEF_HEAD.match(head)
        if not m:
            c.error(f"'{head}' is not a definition name; write name or name(a, b)",
                    path, key=True)
            continue
        name = m.group(1)
        params = [p.strip() for p in (m.group(2) or "").split(",") if p.strip()]
        clash = variables.name_clash(c, name) or (
            "a variable" if name in t.game_vars or name in t.turn_vars else "")
        if clash:
            c.error(f"definition '{name}' has the same name as {clash}", path, key=True)
            continue
        if name in t.definitions:
            c.error(f"definition '{name}' is declared twice", path, key=True)
            continue
        tree = None
        if isinstance(body, bool | int):
            body = str(body).lower() if isinstance(body, bool) else str(body)
        try:
            tree = dsl.parse(body, "expr")
        except CompileError as e:
            c.located(e, path)
        t.definitions[name] = (params, tree, head)
    _oversized_definitions(c)
    # compile every definition once, so errors show at the definition itself
    for name, (params, tree, head) in list(t.definitions.items()):
        if tree is None or params:
            continue
        try:
            check_definition(c.x, name)
        except DefinitionError as e:
            c.definition_error(e, ("define", head))
        except RecursionError:
            c.error("the expression is nested too deeply", ("define", head))


def _oversized_definitions(c: CompileContext) -> None:
    """Refuse, before inlining anything, a definition that grows past MAX_DEFINITION_PARTS
    with the definitions it calls inlined (each level using the one below twice doubles
    it): its uses then fail at once as uses of a broken definition."""
    t = c.tables
    for o in oversized_definitions(t.definitions):
        params, _tree, head = t.definitions[o.name]
        if o.callee:
            message = (f"definition '{o.name}' grows to more than {MAX_DEFINITION_PARTS:,} "
                       "parts once the definitions it uses are copied into it "
                       f"('{o.callee}' alone is {o.callee_size:,})")
            where = dsl.CompileError(message, o.line - 1, o.col - 1,
                                     "a definition with parameters is copied wherever it "
                                     "is used, so definitions that each use the one "
                                     "before several times multiply; use it fewer times")
        else:
            where = dsl.CompileError(f"definition '{o.name}' is too large (more than "
                                     f"{MAX_DEFINITION_PARTS:,} parts)", 0, 0,
                                     "split it into smaller definitions")
        c.located(where, ("define", head))
        t.definitions[o.name] = (params, None, head)


def names_of_windows(c: CompileContext) -> set[str]:
    """The windows' names, known before any effect asks one."""
    return set(c.spec.windows)


def procedures(c: CompileContext) -> None:
    """Check every procedure's parameters, then compile each body once (in file order)."""
    _signatures(c)
    for name in c.procs.by_name:
        compile_procedure(c, name)


def _signatures(c: CompileContext) -> None:
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


def compile_procedure(c: CompileContext, name: str) -> Procedure:
    """A procedure's body, compiled once (a call compiles the procedure it names first)."""
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
        proc.body = effects.effects(c, c.spec.procedures[name].effects,
                                    ("procedures", name, "effects"),
                                    scope)
    finally:
        c.procs.stack.pop()
        proc.compiling = False
    proc.weight = c.x.weight - w0
    return proc


def _param_type(c: CompileContext, type_name: Any,
                path: tuple[Any, ...]) -> tuple[str | None, frozenset[Any] | None]:
    if not isinstance(type_name, str):
        c.error(f"a parameter's type is a name (int, player, zone, ...), not {type_name!r}", path)
        return None, None
    if type_name == "zone":
        return ZONE, None
    ty = variables.var_type(c, type_name, path)
    attrs = c.tables.attributes
    return ty, attrs[type_name][1] if type_name in attrs else None
