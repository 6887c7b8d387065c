"""The one play loop (`rulekit.sim.play_out`) plays the games the project recorded: the golden
playthroughs' random bot, `rulekit validate --play` and `rulekit bench` go through it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from paths import ROOT

import rulekit
from rulekit import playthrough
from rulekit.sim import play_out, uniform

FILES = sorted((ROOT / "tests" / "playthroughs").glob("*.txt"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_the_loop_replays_the_golden_playthroughs_bot(path: Path) -> None:
    """`regenerate` recorded each file from bot_choices(seed 1, bot seed 1): the loop, asked
    again, takes the same actions (so regenerating changes nothing but what the rules change)."""
    rec = playthrough.parse(path.read_text(encoding="utf-8"))
    game = rulekit.load(ROOT / rec.ruleset, variant=rec.variant)
    assert playthrough.bot_choices(game, rec.players, rec.seed, bot_seed=1) == rec.actions


def test_validate_play_and_bench_count_the_decisions_of_whole_games() -> None:
    """Both play every game to its end through the loop: the decisions they count are those of
    the same games played by hand."""
    from rulekit_cli.bench import play_games
    from rulekit_cli.playcheck import play_check

    game = rulekit.load(ROOT / "rulesets" / "crazy_eights.yaml")
    failure, decisions = play_check(game, 3)
    assert failure is None and decisions > 0
    by_hand = []
    for i in range(2):
        state, rng = game.new_state(3, i), random.Random(f"rulekit-bench:{i}")
        while not state.is_over:
            legal = state.legal_actions()
            state.apply_unchecked(legal[0] if len(legal) == 1
                                  else legal[int(rng.random() * len(legal))])
        by_hand.append(state.decisions)
    assert play_games(game, 3, 2, 0) == sum(by_hand)
    loop = play_out(game.new_state(3, 1), uniform(random.Random("rulekit-bench:1")))
    assert loop.decisions == by_hand[1]
