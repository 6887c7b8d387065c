"""Hoarding rulesets: a game that keeps growing what it holds, or never ends, stops with a typed
error naming the rule that grew it, the limit and how to raise it (issue 28, point 3).

docs/authoring.md, Limits: what variables hold (each item of a list kept in one, each meld
laid) counts against `max_state`, the log (each event, value logged, audience and item of a
logged list) against `max_log`, the history (a decision each) against `max_decisions`, and the
work of the whole game (what its decisions draw, and each decision and automatic step of the
flow) against `max_game_work`.

Each file in tests/hostile/hoarding/ is such a game under the default limits, with the
catalogue's header (see tests/hostile/test_hostile_runtime.py): it runs in its own process under the
catalogue's memory and time bounds, so a hoarder that exhausts memory fails its test instead
of the suite. benchmarks/hoarding.py measures their peak memory and processor time; these
tests check only the typed error and its message.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from cli_helpers import cli
from paths import ROOT, TESTS
from test_hostile_runtime import expected, run_case

import rulekit
from rulekit.errors import StateLimitError

CASES = sorted((TESTS / "hostile" / "hoarding").glob("*.yaml"))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_a_hoarding_ruleset_stops_with_its_typed_error_naming_the_rule(path: Path) -> None:
    exp = expected(path)
    got = run_case(path)
    assert got["outcome"] == "error", f"{exp.case}: {got}"
    assert (got["type"], got["rule"]) == (exp.type, exp.rule), exp.case
    assert got["message"].replace(str(path), path.name) == exp.message, exp.case


def test_the_hoarding_cases_are_the_ones_the_issue_names() -> None:
    assert {p.stem for p in CASES} >= {
        "list_appended_every_turn", "list_doubling_every_turn",
        "player_lists_appended_every_turn", "turn_list_grown_without_ending_the_turn",
        "zone_filled_by_repeat_logging_each_card", "deck_logged_again_and_again",
        "many_values_logged", "game_that_never_ends_working_hard"}


GAME = """
name: Hoard
players: {min: 2, max: 2}
limits: LIMITS
cards:
  attributes: {v: int}
  deck: [{v: 1, count: 1000}]
  start: deck
  label: [{text: card}]
zones:
  deck: {visibility: hidden}
  aside: {visibility: public}
variables:
  game:
    l: {type: cards}
    k: {type: int}
  turn:
    this_turn: {type: cards}
phases:
  main:
    first: "first(players)"
    PHASE
actions:
  grow:
    effects: [EFFECTS]
scoring: {score: "0"}
text:
  card: {en: "card"}
"""


def game(limits: str, effects: str, phase: str = "") -> rulekit.Game:
    text = GAME.replace("LIMITS", limits).replace("EFFECTS", effects).replace("PHASE", phase)
    return rulekit.load_text(text, "hoard.yaml")


def play(state: rulekit.State, decisions: int) -> None:
    for _ in range(decisions):
        state.apply(state.legal_actions()[0])


def test_a_turn_variable_gives_its_items_back_when_the_turn_passes() -> None:
    # 1,000 cards a turn, 3,000 parts allowed: the game goes on as long as turns pass
    passing = game("{max_state: 3000}", '"set this_turn = this_turn + cards(deck)", end turn')
    state = passing.new_state(2)
    play(state, 50)
    assert state.decisions == 50
    staying = game("{max_state: 3000}", '"set this_turn = this_turn + cards(deck)"')
    state = staying.new_state(2)
    play(state, 3)
    with pytest.raises(StateLimitError) as info:
        play(state, 1)
    assert str(info.value) == (
        "rule actions.grow.effects: the game holds more than 3000 parts once a list of 1000 "
        "more items is stored in a variable (limits.max_state: each item of a list kept in a "
        "variable, each meld laid): a rule keeps adding to them; if the game is right, raise "
        "the limit in the ruleset (limits: {max_state: N}, N above 3000) (in 'set this_turn = "
        "this_turn + cards(deck)' at hoard.yaml:25:15)")


def test_a_list_replaced_by_a_shorter_one_gives_its_room_back() -> None:
    g = game("{max_state: 1500}", '"set l = cards(deck)", "set l = [top(deck)]", end turn')
    state = g.new_state(2)
    play(state, 50)
    assert len(state.gvars[0]) == 1


def test_a_state_limit_error_leaves_the_state_as_it_was() -> None:
    state = game("{max_state: 2500}", '"set l = l + cards(deck)", end turn').new_state(2)
    play(state, 2)
    before = state.clone()
    with pytest.raises(StateLimitError):
        play(state, 1)
    assert state == before
    assert (state.state_room, state.game_work, state.log_room) == (
        before.state_room, before.game_work, before.log_room)


def test_a_game_of_decisions_that_draw_no_work_ends_within_its_game_work() -> None:
    # each decision (and the automatic steps it sets off) counts, though its rules draw nothing
    state = game("{max_game_work: 20000}", "end turn").new_state(2)
    with pytest.raises(rulekit.EvaluationLimitError) as info:
        play(state, 1000)
    assert info.value.rule == "limits.max_game_work"
    assert str(info.value) == (
        "rule limits.max_game_work: the game did more than 20000 steps of work in all "
        "(limits.max_game_work): a game that does not end, or rules that work hard at every "
        "decision; if the game is right, raise the limit in the ruleset (limits: "
        "{max_game_work: N}, N above 20000)")
    assert 0 < state.decisions < 1000


def test_automatic_steps_that_draw_no_work_count_in_the_game_work() -> None:
    # a phase restarted 5,000 times at each decision, its rules too small to draw on the budget
    g = game("{max_game_work: 1000000}", '"set k = 1", end turn',
             phase='on_begin: [add 1 to k]\n    end_if: "k > 0 and k < 5000"\n    next: main')
    state = g.new_state(2)
    with pytest.raises(rulekit.EvaluationLimitError) as info:
        play(state, 10)
    assert info.value.rule == "limits.max_game_work"
    assert state.decisions <= 4  # about 320,000 of the game's work at each decision


MELDS = """
name: Melds
players: {min: 2, max: 2}
limits: {max_state: 5}
cards:
  attributes: {rank: int}
  deck: [{rank: 1, count: 3}]
  start: pile
  label: [{text: card}]
melds:
  value: "it.rank"
  set: {min: 3, max: 4}
zones:
  pile: {visibility: public}
  table: {visibility: public, melds: true}
phases:
  main:
    first: "first(players)"
actions:
  lay:
    effects: ["meld cards(pile) to table", "move cards(table) to pile", end turn]
scoring: {score: "0"}
text:
  card: {en: "card"}
"""


def test_melds_laid_again_and_again_count_against_max_state() -> None:
    state = rulekit.load_text(MELDS, "melds.yaml").new_state(2)
    play(state, 5)
    with pytest.raises(StateLimitError) as info:
        play(state, 1)
    assert str(info.value).startswith(
        "rule actions.lay.effects: the game holds more than 5 parts once a meld is laid "
        "(limits.max_state")


def test_a_hoarding_ruleset_is_reported_by_validate_play() -> None:
    path = next(p for p in CASES if p.stem == "list_appended_every_turn")
    run = cli("validate", "--play", "1", str(path))
    assert run.code == 1
    assert run.out.splitlines()[1].startswith(
        f"{path}: cannot be played: game 1 of 1 (2 players, seed 0): StateLimitError: rule "
        "actions.grow.effects: the game holds more than 100000 parts")


@pytest.mark.parametrize("ruleset", sorted((ROOT / "rulesets").glob("*.yaml")),
                         ids=lambda p: p.stem)
def test_what_a_bundled_game_holds_is_counted_as_it_grows(ruleset: Path) -> None:
    # the counts kept as the game goes agree with counts made afresh, in clones and in a
    # restored document too
    g = rulekit.load(str(ruleset))
    rnd = random.Random(0)
    state = g.new_state(g.max_players, 3)
    while not state.over:
        legal = state.legal_actions()
        state.apply(legal[int(rnd.random() * len(legal))])
        if state.decisions % 50 == 0:
            copy = state.clone()
            assert g.max_state - copy.state_room == state.held_parts()
            assert g.max_log - copy.log_room == state.log_parts()
    restored = g.state_from_json(state.to_json())
    assert (restored.state_room, restored.log_room, restored.game_work) == (
        state.state_room, state.log_room, state.game_work)
    assert 0 < g.max_game_work - state.game_work < g.max_game_work // 10
