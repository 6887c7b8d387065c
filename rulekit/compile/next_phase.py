"""A phase's `next:`: a phase's name, or an expression naming the phase that follows, worked out
when the phase ends (docs/authoring.md, 10)."""

from __future__ import annotations

import re
from typing import Any

from lark import Tree

from ..errors import RuleRuntimeError
from ..lang import expressions as dsl
from ..lang.expressions import STR, Scope, did_you_mean
from ..lang.parsing import pos_of
from .context import CompileContext

_WORD = re.compile(r"[A-Za-z_]\w*")


def compile_next(c: CompileContext, value: str | None, here: int, path: tuple[Any, ...],
                 phase_names: list[str]) -> tuple[int, Any]:
    """(the index of the phase named, or of this one, and None), or (here, a function (s, e)
    giving the index of the phase an expression names when the phase ends)."""
    if value is None:
        return here, None
    if value in phase_names:
        return phase_names.index(value), None
    t = c.tables
    if _WORD.fullmatch(value) and value not in t.definitions and value not in t.game_vars:
        c.error(f"unknown phase '{value}'", path + ("next",),
                hint=did_you_mean(value, phase_names))
        return here, None
    typed = c.expr(value, path + ("next",), Scope(), STR, "'next'")
    if typed is None:
        return here, None
    try:
        tree = dsl.parse(value, "expr")
    except dsl.CompileError:  # pragma: no cover - it compiled above
        return here, None
    for node in _results(tree):
        word = str(node.children[0])[1:-1]
        if word not in phase_names:
            c.error(f"'{word}' is not a phase", path + ("next",), offset=pos_of(node),
                    hint=did_you_mean(word, phase_names) or "phases: " + ", ".join(phase_names))
            return here, None
    return here, _next_of(typed.fn, {n: i for i, n in enumerate(phase_names)},
                          f"{path[0]}.{path[1]}.next")


def _results(tree: Any) -> list[Tree[Any]]:
    """The literal words an expression may give as its value (each branch of an if-else)."""
    if isinstance(tree, Tree) and tree.data == "ternary":
        return _results(tree.children[0]) + _results(tree.children[2])
    if isinstance(tree, Tree) and tree.data == "string":
        return [tree]
    if isinstance(tree, Tree) and tree.data == "start_expr":
        return _results(tree.children[0])
    return []


def _next_of(fn: Any, index: dict[str, int], rule: str) -> Any:
    def next_of(s: Any, e: dict[str, Any]) -> int:
        name = fn(s, e)
        i = index.get(name)
        if i is None:
            raise RuleRuntimeError(rule, f"'next' gave {name!r}, which is not a phase "
                                   f"(phases: {', '.join(index)})")
        return i

    return next_of
