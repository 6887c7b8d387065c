"""`rulekit validate --play N`: deal N games with random bots to find rulesets that load but
cannot be played (a rule that fails, a game that never ends within its limits)."""

from __future__ import annotations

import random
from collections.abc import Callable

import rulekit
from rulekit.bots import weighted_choice
from rulekit.sim import play_out


def play_check(game: rulekit.Game, games: int) -> tuple[str | None, int]:
    """Play games with random bots (game i: seed i, the player counts in turn, from the
    ruleset's default count if it gives one); return the first failure as a message (None if
    all ended) and the total number of decisions."""
    lo, hi = game.min_players, game.max_players
    start = (game.spec.players.default or lo) - lo
    total = 0
    for i in range(games):
        players = lo + (start + i) % (hi - lo + 1)
        choose = _drawing(random.Random(f"rulekit-validate:{i}"))
        where = f"game {i + 1} of {games} ({players} players, seed {i})"
        try:
            total += play_out(game.new_state(players, i), choose, checked=True).decisions
        except rulekit.RulekitError as e:
            return f"{where}: {type(e).__name__}: {e}", total
    return None, total


def _drawing(rnd: random.Random) -> Callable[[rulekit.State], rulekit.Action]:
    """A legal action drawn with rnd as a random seat draws (by `weight:`): a number is drawn
    even for a forced one, as it always was here, so that `validate --play` keeps playing the
    games it played in rulesets without weights."""

    def choose(state: rulekit.State) -> rulekit.Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            rnd.random()
            return legal[0]
        return weighted_choice(state, legal, rnd.random)

    return choose
