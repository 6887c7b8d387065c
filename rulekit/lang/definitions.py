"""The `define:` entries: inlined at each use, or kept as a generated function whose value the
state keeps per arguments; each priced per use for the budget (docs/design.md)."""

from __future__ import annotations

import re
from typing import Any

from lark import Token, Tree

from .budget import HEAVY, charged
from .builtins import MELD_QUESTIONS
from .codegen import MAX_PARENS
from .host import ExprHost
from .parsing import CompileError, fail, pos_of
from .scope import DefinitionError, Scope
from .types import (
    BOOL,
    CARD,
    INT,
    MELD,
    PLAYER,
    STR,
    TEAM,
    Typed,
    list_of,
)

# an argument a kept definition is called with: a local, an env name, a literal (reading it
# cannot fail, so reading it before the body does changes nothing)
_PLAIN_ARG = re.compile(r"^(_t\d+|e\['[^'\\]*'\]|-?\d+|None|True|False)$")
_ENV = re.compile(r"\be\b")
_KEPT_TYPES = frozenset({BOOL, INT, CARD, PLAYER, STR, TEAM, MELD})  # arguments: hashable
# values: those, and lists of them (only conditions read a kept value, and none changes a list)
_KEPT_VALUES = _KEPT_TYPES | {list_of(t) for t in _KEPT_TYPES}


def definition(x: ExprHost, name: str, args: list[Typed], node: Tree[Any] | Token,
               scope: Scope) -> Typed:
    """Inline a `define:` entry, binding its parameters to the argument closures."""
    params, body, src = x.t.definitions[name]
    if len(args) != len(params):
        raise fail(node, f"'{name}' takes {len(params)} argument(s), got {len(args)}",
                   f"it is defined as {src}")
    kept = _kept_call(x, name, params, body, args)
    if kept is not None:
        return kept
    if not params and name in x.defs.cache:
        typed, cost = x.defs.cache[name]
        x.weight += cost
        return typed
    if not params and name in x.defs.failed:
        raise DefinitionError(name, x.defs.failed[name], pos_of(node))
    if name in x.defs.stack:
        chain = " -> ".join(x.defs.stack[x.defs.stack.index(name):] + [name])
        raise fail(node, f"definition '{name}' refers to itself ({chain})",
                   "a definition may not use itself, directly or through others")
    if body is None:
        raise fail(node, f"uses definition '{name}', which has an error",
                   f"see the error at define.{src}")
    inner = Scope(effects=False)
    for p, a in zip(params, args, strict=True):
        inner.names[p] = a
    x.defs.stack.append(name)
    w0 = x.weight
    try:
        typed = x.expr(body, inner)
    except CompileError as e:
        if not params:
            x.defs.failed[name] = e
        raise DefinitionError(name, e, pos_of(node)) from None
    except DefinitionError as e:
        # a definition this one uses has the error: point at this, the outermost use
        e.use, e.via = pos_of(node), name
        raise
    finally:
        x.defs.stack.pop()
    # a part kept for a run of the loop around (rulekit.lang.hoisting) is a local of that
    # loop: the code is not the definition's anywhere else
    local = bool(typed.reads)
    typed, cost = _priced(x, typed, w0)
    if not params and not local:
        x.defs.cache[name] = (typed, cost)
    return typed


def _kept_call(x: ExprHost, name: str, params: list[str], body: Any,
               args: list[Typed]) -> Typed | None:
    """A call of a looping definition as a generated function whose value the state keeps
    while it lists the legal actions (Module.memo_function); None when the call is inlined
    instead: an argument that is not a plain value (read when the body reads it, or not at
    all, as inlined), a list, a body that is no loop, reads the env, or draws at random.
    Compiled once per definition and argument types, its errors left to the inlined form."""
    if body is None or name in x.defs.stack or not all(
            a.src is not None and _PLAIN_ARG.match(a.src) and a.type in _KEPT_TYPES
            for a in args):
        return None
    sig = (name, *((a.type, a.domain, a.names and tuple(sorted(a.names.items())))
                   for a in args))
    made = x.defs.kept.get(sig)
    if made is None:
        made = x.defs.kept[sig] = _kept_function(x, name, params, body, args)
    if not isinstance(made, tuple):  # False: inlined
        return None
    fn_name, type_, cost, domain, names, items_not_none = made
    x.weight += cost
    call = f"{fn_name}(s{''.join(', ' + a.src for a in args if a.src)})"
    return x.code(type_, call, *args, domain=domain, names=names,
                  items_not_none=items_not_none)


def _kept_function(x: ExprHost, name: str, params: list[str], body: Any,
                   args: list[Typed]) -> tuple[str, str, int, Any, Any, bool] | bool:
    start = (x.weight, x.nodes, x.closure_calls)
    inner = Scope(effects=False)
    locals_ = [x.gen.temp() for _ in params]
    for p, a, var in zip(params, args, locals_, strict=True):
        inner.names[p] = Typed(a.type, src=var, gen=x.gen, domain=a.domain,
                               names=a.names, words=a.words, reads=frozenset((var,)))
    x.defs.stack.append(name)
    try:  # a function of its own: it sees its parameters, no loop variable around the call
        with x.frames.binding(*locals_, function=True):
            typed = x.expr(body, inner)
    except (CompileError, DefinitionError):
        typed = None
    finally:
        x.defs.stack.pop()
    cost = x.weight - start[0]
    src = None if typed is None else typed.src
    if typed is None or src is None or typed.uses_random or cost > HEAVY \
            or x.closure_calls != start[2] or typed.type not in _KEPT_VALUES \
            or not _worth_keeping(x, src) or _ENV.search(src) \
            or src.count("(") > MAX_PARENS:
        # the functions made meanwhile stay listed: what was kept during the attempt (a
        # definition inside it) may call them. The nodes stay counted: the attempt was work,
        # and attempts inside attempts multiply (MAX_COMPILED_NODES bounds them all)
        x.weight, x.closure_calls = start[0], start[2]
        return False
    x.weight = start[0]  # each use adds it, as an inlined body would
    fn = x.gen.memo_function(locals_, src, f"define.{name}, kept per arguments")
    return fn, typed.type, cost, typed.domain, typed.names, typed.items_not_none


def _worth_keeping(x: ExprHost, src: str) -> bool:
    """Whether a definition's body loops or asks a meld question: cheaper once kept than
    worked out again (a few comparisons are not)."""
    if " for " in src:
        return True
    refs = x.gen.refs
    return any((name := refs.get(id(f))) is not None and re.search(rf"\b{name}\(", src)
               for f in MELD_QUESTIONS)


def _priced(x: ExprHost, typed: Typed, w0: int) -> tuple[Typed, int]:
    """A definition's code and its cost per use; a heavy one charges the budget itself.

    Definitions that use others several times multiply: twenty levels of `d_i = d_(i-1) +
    d_(i-1)` cost a million evaluations, which the weight of an enclosing loop cannot see.
    """
    cost = x.weight - w0
    if cost > HEAVY:
        typed, cost = charged(typed, cost), 1
        x.weight = w0 + 1
    return typed, cost


def check_definition(x: ExprHost, name: str) -> None:
    """Compile a parameterless definition on its own, so its errors show at it."""
    params, body, _src = x.t.definitions[name]
    if params or body is None or name in x.defs.cache or name in x.defs.failed:
        return
    x.defs.stack.append(name)
    w0 = x.weight
    try:
        x.defs.cache[name] = _priced(x, x.expr(body, Scope()), w0)
    except CompileError as e:
        x.defs.failed[name] = e
        raise DefinitionError(name, e, (e.line, e.col)) from None
    finally:
        x.defs.stack.pop()
