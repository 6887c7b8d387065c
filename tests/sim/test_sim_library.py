"""`rulekit.sim`, the simulator as a library: docs/simulate.md's example runs, the library and
the command give the same document, its settings are checked with the library's words, and
`play_out` is the loop bots play in."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from sim_helpers import FRAGILE, RACE, ROOT, simulate

import rulekit
from rulekit import sim
from rulekit.bots import make_bot

DOC = ROOT / "docs" / "simulate.md"


def _python_blocks() -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    return re.findall(r"^```python\n(.*?)^```", text, re.M | re.S)


def test_the_documented_library_example_runs(monkeypatch, capsys):
    blocks = _python_blocks()
    assert blocks, "docs/simulate.md shows how to simulate from Python"
    monkeypatch.chdir(ROOT)  # the example names rulesets/ relative to the repository
    namespace: dict = {}
    exec(compile(blocks[0], str(DOC), "exec"), namespace)  # noqa: S102 - our own documentation
    report = namespace["report"]
    assert isinstance(report, sim.Report)
    assert report.metrics()["games"] + report.failed == 40
    rates = capsys.readouterr().out
    assert rates.startswith("[")  # the example prints the win rate of each seat


def test_the_library_and_the_command_give_the_same_document(tmp_path):
    run, by_command = simulate(tmp_path, RACE, "--compare", "handicap", "--players", "3",
                               "--rotate", "--games", "6", "-j", "1")
    assert run.code == 0, run.err
    report = sim.simulate(RACE, compare="handicap", players=3, rotate=True, games=6)
    by_library = report.to_json()
    for doc in (by_command, by_library):
        doc.pop("timing")
    assert by_library == by_command
    written = tmp_path / "lib.json"
    report.write_json(written)
    assert written.read_text(encoding="utf-8").endswith("}\n")


def test_failed_games_are_reported_not_raised():
    report = sim.simulate(FRAGILE, games=30, seed=0)
    failures = report.metrics()["failures"]
    assert report.failed == failures["count"] > 0
    assert failures["games"][0]["replay"].startswith("python -m rulekit.playthrough replay ")


@pytest.mark.parametrize(("options", "words"), [
    ({"seats": "random,human"}, "a human seat cannot be simulated: give every seat a bot in"),
    ({"seats": "wizard"}, "unknown seat kind 'wizard' in seats=; accepted kinds:"),
    ({"seats": "ismcts:1s"}, "pass timed_bots=True to accept that"),
    ({"seats": "random,random,random", "players": 2}, "seats= lists 3 seats but players= is 2"),
    ({"players": 9}, "is played by 2 to 3 players, not 9 (allowed players= values: 2 to 3)"),
    ({"games": 0}, "games= must be at least 1, not 0"),
    ({"workers": 0}, "workers= must be at least 1, not 0"),
])
def test_settings_are_checked_before_any_game_in_the_librarys_words(options, words):
    with pytest.raises(rulekit.UsageError) as e:
        sim.simulate(RACE, games=options.pop("games", 2), **options)
    assert words in str(e.value)


def test_an_unknown_variant_is_the_loaders_typed_error():
    with pytest.raises(rulekit.UnknownVariantError):
        sim.plan(RACE, compare="nosuch")


def test_ctrl_c_keeps_the_games_played_only_when_asked(monkeypatch):
    real = sim.runner.run_batch
    calls: list[int] = []

    def interrupted_after_two(job, start, stop):
        calls.append(start)
        if len(calls) > 2:
            raise KeyboardInterrupt
        return real(job, start, stop)

    monkeypatch.setattr(sim.runner, "run_batch", interrupted_after_two)
    plan = sim.plan(RACE, games=100)
    report = sim.run(plan, keep_partial=True)
    assert report.partial and 0 < report.tallies[0].games < 100
    assert report.to_json()["partial"] is True
    calls.clear()
    with pytest.raises(KeyboardInterrupt):
        sim.run(plan)


def test_play_out_is_the_loop_bots_play_in():
    game = rulekit.load(ROOT / "rulesets" / "crazy_eights.yaml")
    seen: list[tuple[int, str]] = []
    # by hand: each seat's bot chooses for it until the game is over
    by_hand = game.new_state(3, 5)
    bots = [make_bot("random", game, p, 5) for p in range(3)]
    while not by_hand.is_over:
        by_hand.apply_unchecked(bots[by_hand.decider].choose(by_hand))
    state = sim.play_out(game.new_state(3, 5),
                         sim.by_seat([make_bot("random", game, p, 5) for p in range(3)]),
                         lambda s, a: seen.append((s.decider, a.text)))
    assert state.outcome == by_hand.outcome and state.decisions == by_hand.decisions
    assert len(seen) == state.decisions  # the watch saw every decision, before it was applied
    assert state.to_json() == by_hand.to_json()


def test_play_out_checked_refuses_an_action_that_is_not_legal():
    game = rulekit.load(ROOT / "rulesets" / "crazy_eights.yaml")
    other = game.new_state(3, 1)
    state = game.new_state(3, 2)
    stale = next(a for a in other.legal_actions() if a not in state.legal_actions())
    with pytest.raises(rulekit.IllegalActionError):
        sim.play_out(state, lambda s: stale, checked=True)


def test_uniform_draws_as_the_random_bot_does():
    game = rulekit.load(ROOT / "rulesets" / "crazy_eights.yaml")
    a = sim.play_out(game.new_state(4, 9), sim.uniform(random.Random(3)))
    b = game.new_state(4, 9)
    rng = random.Random(3)
    while not b.is_over:
        legal = b.legal_actions()
        b.apply_unchecked(legal[0] if len(legal) == 1 else legal[int(rng.random() * len(legal))])
    assert a.to_json() == b.to_json()


def test_the_pieces_are_exported():
    for name in ("simulate", "plan", "run", "Report", "play_out", "by_seat", "uniform", "Tally",
                 "all_metrics", "METRICS", "compare", "wilson"):
        assert name in sim.__all__ and hasattr(sim, name), name
    assert [name for name, _ in sim.METRICS] == ["outcome", "length", "scores", "choice",
                                                 "tension", "events", "failures",
                                                 "shared_score", "convergence"]


def test_metrics_have_one_module_each():
    folder = Path(sim.__file__).parent / "metrics"
    modules = {p.stem for p in folder.glob("*.py")} - {"__init__", "common"}
    assert modules == {name for name, _ in sim.METRICS}
