"""Bots' hints from a ruleset's `bots:` section and actions' `weight:`; they never change the rules.

`bots.evaluate` estimates, as a whole number from 0 to `bots.out_of`, how well player `p` stands;
search bots score cut-off playouts with it. An action's `weight` (a whole number, 0 or more) is how
often a random playout takes it relative to the other legal actions (default 1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .dsl import INT, PLAYER, Scope, local

if TYPE_CHECKING:
    from .compiler import Compiler
    from .state import State

Fn = Any


@dataclass
class BotHints:
    """The compiled hints: an evaluation of a player's standing, and actions' playout weights."""

    evaluate: Fn = None  # (state, {"p": seat}) -> int in 0..out_of, or None without the hint
    out_of: int = 100
    weights: dict[int, Fn] = field(default_factory=dict)  # action index -> (state, env) -> int
    constant_weights: dict[int, int] = field(default_factory=dict)  # the weights known at load

    def evaluation(self, s: State, p: int) -> float | None:
        """Player p's standing in [0, 1] by the ruleset's hint (out of range: clamped), or None."""
        if self.evaluate is None:
            return None
        v = s.game.guard("bots.evaluate", self.evaluate, s, {"p": p})
        # clamped rather than an error: a slightly loose estimate must not stop a game
        return min(1.0, max(0.0, v / self.out_of))


def compile_hints(c: Compiler) -> None:
    """Compile `bots.evaluate` and the actions' `weight` into c.game.hints (errors located)."""
    spec, g = c.spec, c.game
    assert spec is not None and g is not None  # compile_hints runs after the schema check
    hints = BotHints(out_of=spec.bots.out_of)
    if spec.bots.evaluate is not None:
        scope = Scope()
        scope.names["p"] = local("p", PLAYER)
        typed = c.expr(spec.bots.evaluate, ("bots", "evaluate"), scope, INT,
                       "'evaluate' (a whole number from 0 to out_of)")
        if typed is not None:
            hints.evaluate = typed.fn
    for index, (name, a) in enumerate(spec.actions.items()):
        if a.weight is None:
            continue
        path = ("actions", name, "weight")
        if isinstance(a.weight, bool):
            c.error("'weight' must be a whole number (0 or more), not true/false", path)
            continue
        scope = Scope()
        scope.names["actor"] = local("actor", PLAYER)
        if a.window is not None:
            scope.names["opener"] = local("opener", PLAYER)
        typed = c.expr(a.weight, path, scope, INT, "'weight' (a whole number, 0 or more)")
        if typed is None:
            continue
        if typed.is_const:
            if typed.const < 0:
                c.error(f"'weight' must be 0 or more, not {typed.const}", path)
                continue
            hints.constant_weights[index] = typed.const
        hints.weights[index] = typed.fn
    g.hints = hints

