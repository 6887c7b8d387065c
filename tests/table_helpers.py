"""Games driven as `rulekit play` drives them, to build saves and scripted answers for tests."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import rulekit
from rulekit.actions import Action
from rulekit.bots import make_bot
from rulekit.runtime.state import State

Pick = Callable[[State, list[Action]], Action]


def random_pick(seed: int) -> Pick:
    """A human seat choosing at random (by its own generator)."""
    rng = random.Random(seed)
    return lambda state, legal: rng.choice(legal)


def drive(game: rulekit.Game, kinds: list[str], seed: int, pick: Pick,
          until: Callable[[State], bool] | None = None) -> tuple[list[str], State]:
    """Play as the driver does (its bots, its lone choices) until the end or until(state).

    Returns the humans' answers (exact forms) and the state. Like the driver, a lone legal
    action is played without asking (a step of a move being put together too)."""
    state = game.new_state(len(kinds), seed)
    bots = {p: make_bot(k, game, p, seed) for p, k in enumerate(kinds) if k != "human"}
    answers: list[str] = []
    while not state.is_over and not (until and until(state)):
        seat = state.decider
        assert seat is not None
        if seat in bots:
            state.apply_unchecked(bots[seat].choose(state))
            continue
        legal = state.legal_actions()
        if len(legal) > 1:
            a = pick(state, legal)
            answers.append(a.text)
            state.apply(a)
        else:
            state.apply(legal[0])
    return answers, state


def actions_of(state: State) -> list[str]:
    """Every decision of a game so far, as a save lists them."""
    return [text for _, text in state.history]


def saved_actions(path: Path) -> list[str]:
    """The actions listed in a save file."""
    return json.loads(path.read_text(encoding="utf-8"))["actions"]


def write_save(path: Path, ruleset: Path, kinds: list[str], seed: int, actions: list[str],
               lang: str = "en", over: bool = False) -> None:
    """A save file as `rulekit play` writes it (for a ruleset given by its path)."""
    from rulekit_cli.savegame import Origin, SaveGame, file_hash
    from rulekit_cli.savegame import write_save as write

    origin = Origin(str(ruleset.resolve()), file_hash(ruleset))
    write(SaveGame(origin, None, kinds, seed, lang, actions, over), path)
