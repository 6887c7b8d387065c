"""Racing windows (docs/authoring.md, section 13, *Racing windows*): every eligible player
answers without seeing the others' answers; the answers then run in the order of the window's
tie rule (clockwise or counterclockwise from a seat it names, or at random from the game's
seeded stream) up to the first one that closes the window."""

from __future__ import annotations

import random

import pytest
from lang_helpers import load_error
from race_helpers import answer_all, slap_game, slap_text

import rulekit
from rulekit import events_for, observation
from rulekit.errors import RuleRuntimeError

AFTER = "{ties: clockwise, from: 'first(players_after(opener))'}"


def won(s: rulekit.State) -> list[int]:
    """How many cards each seat has won."""
    return [seat["zones"]["won"]["count"] for seat in observation(s, None)["seats"]]


def slappers(s: rulekit.State) -> list[int]:
    """The seats the log says slapped, in order."""
    return [args["who"][1] for key, args in events_for(s, None) if key == "slapped"]


def test_everyone_is_asked_in_turn_and_nothing_runs_until_all_have_answered() -> None:
    s = slap_game().new_state(3, seed=1)
    s.apply("flip")
    asked = []
    for a in ("slap", "slap", "wait"):
        assert s.pending is not None and s.pending.kind == "window"
        asked.append(s.decider)
        s.apply(a)
        if len(asked) < 3:  # seat 0's slap has not taken the pile: seat 1 may still slap
            assert slappers(s) == [] and won(s) == [0, 0, 0]
    assert asked == [0, 1, 2]
    assert slappers(s) == [0] and won(s) == [1, 0, 0]
    assert s.decider == 1 and s.pending is not None and s.pending.kind == "turn"


@pytest.mark.parametrize("race, answers, winner", [
    # clockwise from the opener (seat 0, who flipped): seat 0 first, then 1, 2, 3
    ("{ties: clockwise}", ["wait", "slap", "slap", "slap"], 1),
    ("{ties: clockwise}", ["slap", "slap", "wait", "slap"], 0),
    # clockwise from the seat after the opener: seat 0 is last in line
    (AFTER, ["slap", "wait", "wait", "slap"], 3),
    (AFTER, ["slap", "wait", "wait", "wait"], 0),
    # counterclockwise from the opener: 0, 3, 2, 1
    ("{ties: counterclockwise}", ["wait", "slap", "wait", "slap"], 3),
    ("{ties: counterclockwise}", ["wait", "slap", "slap", "wait"], 2),
])
def test_an_ordered_tie_goes_to_the_first_in_line(race: str, answers: list[str],
                                                  winner: int) -> None:
    s = slap_game(race).new_state(4, seed=3)
    answer_all(s, answers)
    assert slappers(s) == [winner]
    assert won(s)[winner] == 1 and sum(won(s)) == 1


def test_answers_that_do_not_close_run_in_line_until_one_closes() -> None:
    # grab takes the top card and lets the next in line run; a slap then closes the race
    s = slap_game().new_state(4, seed=2)
    s.apply("flip")
    s.apply("grab")
    s.apply("slap")
    s.apply("slap")
    s.apply("wait")
    log = [(k, a["who"][1]) for k, a in events_for(s, None) if k in ("grabbed", "slapped")]
    # seat 0 grabbed the only card; seat 1's slap still runs (its `when` is true) and closes
    assert log == [("grabbed", 0), ("slapped", 1)]


def test_an_answer_whose_when_no_longer_holds_runs_nothing() -> None:
    # two grabs of a one-card pile: the second in line finds the pile empty
    s = slap_game().new_state(3, seed=2)
    answer_all(s, ["wait", "grab", "grab"])
    log = [(k, a["who"][1]) for k, a in events_for(s, None) if k in ("grabbed", "slapped")]
    assert log == [("grabbed", 1)]
    assert won(s) == [0, 1, 0]


def test_a_random_tie_is_drawn_from_the_game_seed() -> None:
    g = slap_game("{ties: random}")
    winners = []
    for seed in range(40):
        s = g.new_state(3, seed=seed)
        answer_all(s, ["slap", "slap", "slap"])
        t = g.new_state(3, seed=seed)
        answer_all(t, ["slap", "slap", "slap"])
        assert slappers(s) == slappers(t) and s.key() == t.key()  # the same seed, the same race
        winners += slappers(s)
    assert set(winners) == {0, 1, 2}  # each of the three wins some of the 40 races
    # only the slappers are drawn among: a lone slap always wins
    s = g.new_state(3, seed=5)
    answer_all(s, ["wait", "wait", "slap"])
    assert slappers(s) == [2]


def test_nobody_claiming_closes_the_window_and_then_runs() -> None:
    s = slap_game().new_state(2, seed=1)
    answer_all(s, ["wait", "wait"])
    keys = [k for k, _ in events_for(s, None)]
    assert keys[-1] == "settled" and "slapped" not in keys and won(s) == [0, 0]
    assert s.decider == 1


def test_a_pending_answer_is_seen_by_no_one_else() -> None:
    """Seat 2 deciding sees the same whether seats 0 and 1 slapped or waited: observation,
    log, pending decision and the worlds its search deals (rulekit.resample)."""
    g = slap_game()
    states = {}
    for first in (("slap", "wait"), ("wait", "slap"), ("wait", "wait")):
        s = g.new_state(3, seed=4)
        answer_all(s, list(first))
        assert s.decider == 2
        states[first] = s
    views = {k: (observation(s, 2), events_for(s, 2), s.legal_actions()) for k, s in states.items()}
    assert len({repr(v) for v in views.values()}) == 1
    # a world dealt for seat 2's search holds none of the others' answers: they are asked again
    worlds = {k: rulekit.resample(s, 2, seed=9) for k, s in states.items()}
    assert len({(tuple(f.key() for f in w.stack), repr(observation(w, None)))
                for w in worlds.values()}) == 1
    w = worlds[("slap", "wait")]
    asked = []
    while w.pending is not None and w.pending.kind == "window":
        asked.append(w.decider)
        w.apply("wait")
    assert asked == [2, 0, 1]
    for seat in (0, 1):  # nor does a seat that answered see the later answers
        assert len({repr((observation(s, seat), events_for(s, seat)))
                    for s in states.values()}) == 1


@pytest.mark.parametrize("bot", ["random", "greedy", "ismcts:16", "medium:8"])
def test_bots_answer_the_same_whatever_the_others_answered(bot: str) -> None:
    from rulekit.bots import make_bot
    # the fewest cards won wins: with nobody slapping before it, seat 2 would rather wait; with
    # seat 0's slap first in line, nothing seat 2 answers runs (so a peek would change its mind)
    text = slap_text().replace('scoring: {score: "size(p.won)"}',
                               'scoring: {score: "size(p.won)", winners: lowest}')
    g = rulekit.load_text(text, "slap.yaml")
    chosen = set()
    for first in (("slap", "slap"), ("wait", "wait"), ("grab", "wait"), ("slap", "wait")):
        s = g.new_state(3, seed=6)
        answer_all(s, list(first))
        chosen.add(make_bot(bot, g, 2, seed=11).choose(s).text)
    assert len(chosen) == 1


def test_a_game_mid_race_saves_and_replays() -> None:
    g = slap_game("{ties: random}")
    s = g.new_state(3, seed=7)
    s.apply("flip")
    s.apply("slap")
    t = g.state_from_json(s.to_json())
    assert t == s
    for a in ("slap", "slap"):
        s.apply(a)
        t.apply(a)
    assert t == s and slappers(t) == slappers(s)


def test_random_games_end() -> None:
    for race in ("{ties: clockwise}", "{ties: random}"):
        g = slap_game(race)
        for seed in range(5):
            s = g.new_state(4, seed=seed)
            rnd = random.Random(seed)
            while not s.is_over:
                legal = s.legal_actions()
                s.apply(legal[rnd.randrange(len(legal))])
            pile = observation(s, None)["table"]["pile"]["count"]
            assert s.outcome is not None and sum(won(s)) + pile == 24


@pytest.mark.parametrize("race, message", [
    ("{ties: sideways}", "'clockwise', 'counterclockwise' or 'random'"),
    ("{ties: random, from: opener}", "'ties: random' has no line"),
    ("{ties: clockwise, from: 'size(pile)'}", "'from' must be a player"),
    ("{ties: clockwise, form: opener}", "form"),
    ("{from: opener}", "ties"),
])
def test_mistakes_are_located(race: str, message: str) -> None:
    text = slap_text(race)
    error = str(load_error(text, "slap.yaml"))
    assert message in error, error
    line = next(i for i, x in enumerate(text.splitlines(), 1) if "race:" in x)
    assert f"slap.yaml:{line}:" in error and "^" in error, error


def test_a_from_that_gives_none_is_a_located_rule_error() -> None:
    g = slap_game("{ties: clockwise, from: 'first([q for q in players if false])'}")
    s = g.new_state(2, seed=1)
    s.apply("flip")
    s.apply("slap")
    with pytest.raises(RuleRuntimeError) as info:
        s.apply("slap")
    message = str(info.value)
    assert "windows.slap.race.from" in message and "'from' gave none" in message
    assert s.decider == 1  # the state is as it was: the answer can be given again
