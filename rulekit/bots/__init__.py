"""Bots: players that see only what their seat may know.

>>> import rulekit, rulekit.bots
>>> game = rulekit.load("rulesets/mygame.yaml")                         # doctest: +SKIP
>>> state = game.new_state(4, seed=1)                                    # doctest: +SKIP
>>> bot = rulekit.bots.make_bot("ismcts:200", game, seat=state.decider, seed=1)  # doctest: +SKIP
>>> bot.choose(state) in state.legal_actions()                          # doctest: +SKIP
True

A bot's `choose(state)` reads only `rulekit.observation`-level facts: the legal actions when it
decides, and determinizations dealt by `rulekit.resample` from its seat; never the hidden cards.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

from ..errors import UsageError
from .greedy import GreedyBot
from .ismcts import EXPLORATION, IsmctsBot
from .random import RandomBot, bot_rng, choose, weighted_choice

if TYPE_CHECKING:
    from ..actions import Action
    from ..runtime.game import Game
    from ..runtime.state import State

SPEC_HELP = "human, random, greedy, ismcts[:N|:Ts], easy, medium[:N|:Ts], hard[:N|:Ts]"
# what answers within about a minute per decision in the slowest bundled ruleset (a search
# runs some 1,000 iterations per second there: benchmarks/README.md, "Budgets in work")
MAX_ITERATIONS = 50_000
MAX_SECONDS = 60.0
DEFAULT_ISMCTS_SECONDS = 1.0  # a bare `ismcts`
# a level's wall-clock safety net: its iterations, but never more than this many seconds for
# one decision. Only a pathologically slow ruleset reaches it (a bundled game answers a medium
# decision in a small fraction of it); then the bot plays weaker rather than keep a person
# waiting, and its choices depend on the machine.
LEVEL_CAP_SECONDS = 10.0


class Bot(Protocol):
    """A player: picks one of the legal actions of a state where its seat decides."""

    name: str

    def choose(self, state: State) -> Action:
        """One of state.legal_actions(), from what the bot's seat may know."""
        ...


@dataclass(frozen=True)
class BotSpec:
    """A parsed seat kind: which bot (or human) and its budget."""

    kind: str  # human | random | greedy | ismcts
    text: str  # as the player wrote it, normalised (e.g. "ismcts:200", "medium")
    iterations: int | None = None
    seconds: float | None = None
    # search settings of a level (None: the search's defaults); see IsmctsBot
    depth: int | None = None
    exploration: float | None = None
    reuse: int = 1
    prior: float = 0.0  # weight of the greedy look-ahead's values at the root (0: none)
    cap: float | None = None  # wall seconds per decision at most (a safety net; None: none)
    guided: float = 0.0  # the playouts' chance of a look-ahead step (0: random playouts)
    beliefs: bool = True  # whether its worlds follow the ruleset's `bots.believe`


# medium and hard: the search guided at its root by greedy's look-ahead (without the guide, a
# search of a few hundred iterations lost to greedy in a bundled game: benchmarks/README.md).
# The budgets are iterations (benchmarks/README.md, "Budgets in work", says how they were
# chosen): medium keeps a person's wait between two prompts under a second in every bundled
# game on a quiet machine; hard searches several times more; easy is a small search.
LEVEL_PRIOR = 1.0
# iterations per determinization, for every search seat kind: dealing one costs about as much as
# an iteration's playout (benchmarks/README.md, "Faster iterations")
LEVEL_REUSE = 4
LEVELS: dict[str, BotSpec] = {
    "easy": BotSpec("ismcts", "easy", iterations=60, reuse=LEVEL_REUSE, cap=LEVEL_CAP_SECONDS),
    "medium": BotSpec("ismcts", "medium", iterations=120, prior=LEVEL_PRIOR, reuse=LEVEL_REUSE,
                      cap=LEVEL_CAP_SECONDS),
    "hard": BotSpec("ismcts", "hard", iterations=480, prior=LEVEL_PRIOR, reuse=LEVEL_REUSE,
                    cap=LEVEL_CAP_SECONDS),
}

_BUDGET = re.compile(r"^(?:(\d+)|(\d+(?:\.\d*)?|\.\d+)s)$")


def _bad(text: str, why: str) -> UsageError:
    return UsageError(f"{why} {text!r} in --seats; accepted forms: {SPEC_HELP} "
                      f"(N: iterations per decision, a whole number from 1 to "
                      f"{MAX_ITERATIONS:,}; T: seconds per decision, above 0 and at most "
                      f"{MAX_SECONDS:g}; e.g. ismcts:2000 or ismcts:0.5s)")


def parse_bot_spec(text: str) -> BotSpec:
    """Parse one seat kind ('human', 'random', 'ismcts:2000', 'ismcts:0.5s', 'medium', ...)."""
    t = text.strip().lower()
    if t in ("human", "random", "greedy"):
        return BotSpec(t, t)
    if t in LEVELS:
        return LEVELS[t]
    if t == "ismcts":
        return BotSpec("ismcts", t, seconds=DEFAULT_ISMCTS_SECONDS, reuse=LEVEL_REUSE)
    name, _, budget = t.partition(":")
    if name == "ismcts" or name in ("medium", "hard"):
        # medium:N, hard:0.5s: the level's search with another budget (N: repeatable)
        base = LEVELS.get(name, BotSpec("ismcts", name, reuse=LEVEL_REUSE))
        m = _BUDGET.match(budget)
        if m is None:
            raise _bad(text, "bad budget in seat kind")
        if m.group(1) is not None:
            n = int(m.group(1))
            if not 1 <= n <= MAX_ITERATIONS:
                raise _bad(text, f"iterations must be 1 to {MAX_ITERATIONS:,} in seat kind")
            # answers within MAX_SECONDS on a bundled ruleset: the cap only guards a slow one
            return replace(base, text=f"{name}:{n}", iterations=n, seconds=None,
                           cap=MAX_SECONDS)
        secs = float(m.group(2))
        if not (math.isfinite(secs) and 0 < secs <= MAX_SECONDS):
            raise _bad(text, f"seconds must be above 0 and at most {MAX_SECONDS:g} in seat kind")
        return replace(base, text=f"{name}:{secs:g}s", iterations=None, seconds=secs, cap=None)
    raise _bad(text, "unknown seat kind")


def make_bot(spec: str | BotSpec, game: Game, seat: int, seed: int) -> Bot:
    """The bot a spec names, for seat of a game of `game`, its choices derived from seed."""
    if isinstance(spec, str):
        spec = parse_bot_spec(spec)
    if spec.kind == "random":
        return RandomBot(seat, seed, name=spec.text)
    if spec.kind == "greedy":
        return GreedyBot(seat, seed, name=spec.text)
    if spec.kind == "ismcts":
        exploration = EXPLORATION if spec.exploration is None else spec.exploration
        return IsmctsBot(seat, seed, iterations=spec.iterations, seconds=spec.seconds,
                         name=spec.text, depth=spec.depth, exploration=exploration,
                         reuse=spec.reuse, prior=spec.prior, cap=spec.cap,
                         guided=spec.guided, beliefs=spec.beliefs)
    raise UsageError(f"{spec.text!r} is not a bot (a person plays that seat)")


__all__ = ["LEVELS", "MAX_ITERATIONS", "MAX_SECONDS", "SPEC_HELP", "Bot", "BotSpec", "GreedyBot",
           "IsmctsBot", "RandomBot", "bot_rng", "choose", "make_bot", "parse_bot_spec",
           "weighted_choice"]
