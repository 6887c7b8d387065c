"""Regression tests, each named after the engine bug it pins."""

from __future__ import annotations

import pytest

import rulekit

BASE = """
name: Regressions
players: {min: 2, max: 3}
cards:
  attributes:
    value: [1, 2, 3, 4]
  deck:
    - {value: [1, 2, 3, 4]}
  start: pile
  label:
    - {text: card}
zones:
  pile: {visibility: count}
  hand: {owner: player, visibility: owner}
variables:
  game:
    ends: {type: int}
    total: {type: int}
  player:
    pts: {type: int}
text:
  card: {en: "card {value}"}
  over: {en: over}
  after: {en: after}
  ended: {en: "phase ended"}
"""


def load(extra: str) -> rulekit.Game:
    return rulekit.load_text(BASE + extra, "regression.yaml")


def test_bug_on_end_that_opens_a_window_ran_again_after_the_window_closed() -> None:
    """A phase whose on_end asks a window ends once: on_end runs once, then the next phase."""
    game = load("""
phases:
  main:
    first: "first(players)"
    end_if: "size(pile) <= 2"
    on_end:
      - add 1 to ends
      - ask ack to players
    next: last
  last:
    first: "first(players)"
actions:
  take:
    phase: main
    effects: ["draw 1 from pile to actor.hand", "end turn"]
  ok:
    window: ack
    closes: false
  finish:
    phase: last
    effects: ["end game over"]
windows:
  ack: {order: "players"}
scoring: {score: "p.pts"}
""")
    s = game.new_state(2, seed=1)
    s.apply("take")
    s.apply("take")
    assert [str(a) for a in s.legal_actions()] == ["ok"]
    s.apply("ok")
    s.apply("ok")
    assert s.game.phases[s.phase].name == "last"
    assert s.gvars[[v.name for v in game.game_vars].index("ends")] == 1
    s.apply("finish")
    assert s.is_over


def test_bug_a_runtime_error_left_a_checked_action_half_applied() -> None:
    """A checked apply that fails in its effects raises the typed error and changes nothing."""
    game = load("""
phases:
  main:
    first: "first(players)"
actions:
  boom:
    effects:
      - draw 1 from pile to actor.hand
      - set total = 1 // ends
scoring: {score: "p.pts"}
""")
    s = game.new_state(2, seed=1)
    before = s.key()
    with pytest.raises(rulekit.RuleRuntimeError, match="actions.boom"):
        s.apply("boom")
    assert s.key() == before


def test_bug_a_cached_definition_shared_a_loop_variable_with_its_caller() -> None:
    """A definition with a loop, used inside another loop over the same name, keeps its own
    loop variable: sum(0 * n_pos + p.pts ...) over pts 1, 2, 3 is 6 (it was 9)."""
    game = load("""
define:
  n_pos: "count(p for p in players if p.pts > 0)"
phases:
  main:
    first: "first(players)"
actions:
  look:
    when: "n_pos >= 0"
    effects:
      - set total = sum(0 * n_pos + p.pts for p in players)
scoring: {score: "p.pts"}
""")
    s = game.new_state(3, seed=1)
    for seat, pts in enumerate((1, 2, 3)):
        s.pvars[[v.name for v in game.player_vars].index("pts")][seat] = pts
    s._legal = None
    s.apply("look")
    assert s.gvars[[v.name for v in game.game_vars].index("total")] == 6


def test_bug_effects_after_end_game_still_ran() -> None:
    """'end game' ends the game at once: later effects of the action do not run, and no
    window is left open on the finished state."""
    game = load("""
phases:
  main:
    first: "first(players)"
actions:
  stop:
    effects:
      - end game over
      - {log: after}
      - ask w to players
      - {for: "p in players", do: ["add 1 to p.pts"]}
  ok:
    window: w
scoring: {score: "p.pts"}
windows:
  w: {order: "players"}
""")
    s = game.new_state(2, seed=1)
    s.apply("stop")
    assert s.is_over and not s.stack
    assert [k for k, _a, _aud in s.log][-1] == "game_over"
    assert s.outcome.scores == (0, 0)


def test_bug_end_game_inside_a_loop_stopped_only_that_iteration() -> None:
    """'end game' inside a for loop stops the loop too."""
    game = load("""
phases:
  main:
    first: "first(players)"
actions:
  stop:
    effects:
      - {for: "p in players", do: ["add 1 to p.pts", "end game over"]}
scoring: {score: "p.pts"}
""")
    s = game.new_state(3, seed=1)
    s.apply("stop")
    assert s.outcome.scores == (1, 0, 0)


def _load_error(extra: str, base: str = BASE) -> rulekit.Diagnostic:
    with pytest.raises(rulekit.RulesetError) as err:
        rulekit.load_text(base + extra, "regression.yaml")
    return err.value.diagnostics[0]


MINIMAL_FLOW = """
phases:
  main:
    first: "first(players)"
scoring: {score: "p.pts"}
"""


def test_bug_a_word_typed_variable_accepted_any_word() -> None:
    """Setting a variable typed by an attribute's words to another word is a located error."""
    base = BASE.replace("    total: {type: int}", "    total: {type: int}\n    face: {type: value}")
    d = _load_error(MINIMAL_FLOW + """
actions:
  a:
    effects: ["set face = 7"]
""", base)
    assert "is not one of the values" in d.message
    assert d.yaml_path == "actions.a.effects[0]"


def test_bug_a_player_variable_could_start_at_a_seat_that_does_not_exist() -> None:
    """A player variable's initial seat must exist at the smallest table."""
    base = BASE.replace("    total: {type: int}",
                        "    total: {type: int}\n    who: {type: player, initial: 2}")
    d = _load_error(MINIMAL_FLOW + """
actions:
  a:
    effects: ["end game over"]
""", base)
    assert d.message == "seat 2 does not exist in a game of 2 players (seats are 0 to 1)"
    assert d.yaml_path == "variables.game.who.initial"


def test_bug_a_card_attribute_named_count_crashed_the_loader() -> None:
    """'count' is the deck's number of copies; as an attribute name it is a located error."""
    base = BASE.replace("    value: [1, 2, 3, 4]", "    value: [1, 2, 3, 4]\n    count: int")
    d = _load_error(MINIMAL_FLOW + """
actions:
  a:
    effects: ["end game over"]
""", base)
    assert d.message.startswith("a card attribute cannot be called 'count'")


def test_bug_a_conditional_expression_could_be_a_number_or_none() -> None:
    """'none if c else 3' is a type error, like '3 if c else none'."""
    d = _load_error(MINIMAL_FLOW + """
actions:
  a:
    effects: ["set total = none if true else 3"]
""")
    assert d.message.startswith("both branches must have one type")


def test_an_unordered_zone_is_shown_in_its_sort_order() -> None:
    """zones.X.sort orders how a visible unordered zone is shown (a hand by value, say)."""
    game = rulekit.load_text(BASE.replace(
        "  hand: {owner: player, visibility: owner}",
        "  hand: {owner: player, visibility: owner, ordered: false, sort: \"0 - it.value\"}")
        + MINIMAL_FLOW + """
actions:
  a:
    effects: ["end game over"]
""", "sorted.yaml")
    s = game.new_state(2, seed=1)
    from rulekit.testing import arrange
    arrange(s, {("hand", 0): ["card 2", "card 4", "card 1"]})
    assert rulekit.observation(s, 0)["seats"][0]["zones"]["hand"]["cards"] == [
        "card 4", "card 2", "card 1"]
