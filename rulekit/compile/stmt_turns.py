"""Turn statements and hooks: `reverse turn order`, `skip N`, a phase's `on_turn_begin` and
`on_turn_end` (run with `actor` bound to the turn player). The runtime side is
rulekit.lang.turnorder."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from lark import Tree

from ..errors import EvaluationLimitError, RuleRuntimeError
from ..lang.expressions import MAX_INT, PLAYER, Scope, local

if TYPE_CHECKING:
    from ..data.schema import PhaseSpec
    from ..data.yamlsource import YamlPath
    from .base import CompilerBase as Compiler

Fn = Callable[[Any, dict], Any]


def turn_hooks(c: Compiler, ph: PhaseSpec, path: YamlPath) -> dict[str, Fn | None]:
    """A phase's turn hooks, compiled (None for a phase without one: no step in the flow)."""
    out: dict[str, Fn | None] = {}
    for key in ("on_turn_begin", "on_turn_end"):
        items = getattr(ph, key)
        if isinstance(items, list) and not items:
            out[key] = None
            continue
        scope = Scope()
        scope.names["actor"] = local("actor", PLAYER)
        scope.names["actor"].not_none = True  # the seat whose turn begins or ends
        out[key] = c.effects(items, path + (key,), scope)
    return out


def s_reverse_stmt(c: Compiler, tree: Tree, scope: Scope) -> Fn:
    """`reverse turn order`: the current phase's turn passes the other way from now on."""
    def run(s: Any, e: dict) -> None:
        s.reversed_order = not s.reversed_order
    return run


def s_skip_stmt(c: Compiler, tree: Tree, scope: Scope) -> Fn:
    """`skip N`: the next N players who would get the turn when it passes miss it."""
    nf = c._int(tree.children[0], scope, "how many players to skip")

    def run(s: Any, e: dict) -> None:
        n = nf(s, e)
        if n < 0:
            raise RuleRuntimeError("", f"cannot skip a negative number of players ({n})")
        total = s.skips + n
        if total > MAX_INT:
            raise EvaluationLimitError("", "a number grew past the limit of 10^15 (skips)")
        s.skips = total

    return run


STATEMENTS = {"reverse_stmt": s_reverse_stmt, "skip_stmt": s_skip_stmt}
