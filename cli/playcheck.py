"""`rulekit validate --play N`: deal N games with random bots to find rulesets that load but
cannot be played (a rule that fails, a game that never ends within its limits)."""

from __future__ import annotations

import random

import rulekit


def play_check(game: rulekit.Game, games: int) -> tuple[str | None, int]:
    """Play games with random bots (game i: seed i, the player counts in turn, from the
    ruleset's default count if it gives one); return the first failure as a message (None if
    all ended) and the total number of decisions."""
    lo, hi = game.min_players, game.max_players
    start = (game.spec.players.default or lo) - lo
    total = 0
    for i in range(games):
        players = lo + (start + i) % (hi - lo + 1)
        rnd = random.Random(f"rulekit-validate:{i}")
        where = f"game {i + 1} of {games} ({players} players, seed {i})"
        try:
            state = game.new_state(players, i)
            while not state.over:
                legal = state.legal_actions()
                state.apply(legal[int(rnd.random() * len(legal))])
            total += state.decisions
        except rulekit.RulekitError as e:
            return f"{where}: {type(e).__name__}: {e}", total
    return None, total
