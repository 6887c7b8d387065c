"""Type holes closed: none where a statement needs a value, a choice's misspelt word; and
`players: {default: N}`, used by every command that deals a game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import cli

import rulekit
from rulekit.testing import arrange

BASE = """\
name: Colours
players: {min: 2, max: 5}
cards:
  attributes:
    colour: [red, blue, green, yellow]
    rank: int
  deck:
    - {colour: [red, blue, green, yellow], rank: [1, 2, 3], count: 2}
  start: stock
  label:
    - {text: card}
zones:
  stock: {visibility: count}
  pile: {visibility: public}
  hand: {owner: player, visibility: owner, ordered: false}
variables:
  game:
    colour_now: {type: colour, initial: red}
    total: {type: int}
    turns: {type: int}
setup:
  - deal 3 from stock to each hand
phases:
  play:
    first: "first(players)"
    end_if: "turns >= 10"
    on_end: [end game full]
actions:
  name:
    params:
      - {choice: colour, values: [red, blue]}
    effects:
      - set colour_now = colour
      - add 1 to turns
      - end turn
  toss:
    params:
      - {cards: extra, from: actor.hand, when: "false"}
      - {number: n, min: 1, max: 2, when: "false"}
    effects:
      - move extra to pile
      - reveal extra
      - show extra to actor
      - {for: "c in extra", do: ["move c to pile"]}
      - {log: tossed, args: {player: actor, cards: extra}}
      - add 1 to turns
      - end turn
  toss_n:
    when: "num_players == 5"  # the none tests only: random games never take it
    params:
      - {number: n, min: 1, max: 2, when: "false"}
    effects:
      - draw n from stock to actor.hand
  keep_n:
    when: "num_players == 5"
    params:
      - {number: n, min: 1, max: 2, when: "false"}
    effects:
      - set total = n
scoring:
  score: "size(p.hand)"
text:
  card: {en: "{colour} {rank}"}
  full: {en: the pile is full}
  tossed: {en: "{player} tosses {cards}."}
"""


def load(text: str = BASE, file: str = "colours.yaml") -> rulekit.Game:
    return rulekit.load_text(text, file)


def line_of(text: str, needle: str) -> int:
    return next(i for i, x in enumerate(text.splitlines()) if needle in x) + 1


# ---- none ---------------------------------------------------------------------------------------
def test_moving_a_skipped_cards_parameter_moves_nothing():
    """The guide: a skipped parameter holds none, and moving none moves nothing (nor do reveal,
    show or a 'for' over it)."""
    state = arrange(load().new_state(2, seed=0), {("hand", 0): ["red 1", "blue 2", "green 3"]})
    before = rulekit.observation(state, 0)["seats"][0]["zones"]["hand"]
    state.apply("toss")
    assert rulekit.observation(state, 0)["seats"][0]["zones"]["hand"] == before
    assert rulekit.observation(state, 0)["table"]["pile"]["count"] == 0
    key, args = rulekit.events_for(state, 1)[-1]
    assert rulekit.render_event(state.game, key, args, "en") == "P0 tosses -."


@pytest.mark.parametrize("action,what", [("toss_n", "how many to draw is none"),
                                         ("keep_n", "the value stored in 'total' is none")])
def test_a_number_a_statement_needs_cannot_be_none(action, what):
    state = load().new_state(5, seed=0)
    with pytest.raises(rulekit.RuleRuntimeError) as err:
        state.apply(action)
    assert str(err.value).startswith(f"rule actions.{action}.effects: {what}")
    assert "otherwise" in str(err.value)
    assert state.decider == 0 and state.legal_actions()  # apply left the state as it was


# ---- a choice's words ---------------------------------------------------------------------------
def test_a_misspelt_word_stored_in_a_colour_variable_is_a_located_error():
    text = BASE.replace("values: [red, blue]", "values: [red, bleu]")
    with pytest.raises(rulekit.RulesetError) as err:
        load(text)
    d = err.value.diagnostics[0]
    assert d.message == ("'bleu' is not one of the values of colour "
                         "['blue', 'green', 'red', 'yellow']")
    assert d.hint == "did you mean 'blue'?"
    line = line_of(text, "values: [red, bleu]")
    assert (d.line, d.col) == (line, text.splitlines()[line - 1].index("bleu") + 1)
    assert "at: actions.name.params[0].values[1]" in str(err.value)


def test_a_misspelt_word_compared_with_a_colour_is_a_located_error():
    text = BASE.replace("""      - {choice: colour, values: [red, blue]}
    effects:
      - set colour_now = colour""", """      - {choice: wanted, values: [red, yelow]}
      - {cards: chosen, from: actor.hand, where: "it.colour == wanted"}
    effects:
      - move chosen to pile""")
    with pytest.raises(rulekit.RulesetError) as err:
        load(text)
    d = err.value.diagnostics[0]
    assert d.message.startswith("'yelow' is not one of the values of colour")
    assert d.hint == "did you mean 'yellow'?"
    assert d.line == line_of(text, "values: [red, yelow]")


def test_a_word_of_its_own_may_be_compared_with_a_colour_but_not_stored_as_one():
    """'any' is an option, not a colour: comparing it is fine; storing it is not."""
    compared = BASE.replace("""      - {choice: colour, values: [red, blue]}
    effects:
      - set colour_now = colour""", """      - {choice: wanted, values: [red, any]}
      - {cards: chosen, from: actor.hand, where: "wanted == 'any' or it.colour == wanted"}
    effects:
      - move chosen to pile""")
    assert load(compared).name == "Colours"
    stored = BASE.replace("values: [red, blue]", "values: [red, any]")
    with pytest.raises(rulekit.RulesetError) as err:
        load(stored)
    assert err.value.diagnostics[0].message.startswith("'any' is not one of the values of colour")


def test_words_that_meet_no_domain_are_free():
    text = BASE.replace("values: [red, blue]", "values: [loud, quiet]").replace(
        "- set colour_now = colour", "- pass")
    assert load(text).name == "Colours"


# ---- players.default ----------------------------------------------------------------------------
def test_the_default_player_count_is_the_rulesets():
    game = load(BASE.replace("{min: 2, max: 5}", "{min: 2, max: 5, default: 3}"))
    assert game.default_players == 3
    assert load().default_players == 4  # none given: 4, kept within min..max
    assert load(BASE.replace("{min: 2, max: 5}", "{min: 2, max: 3}")).default_players == 2


def test_a_default_outside_min_and_max_is_a_located_error():
    text = BASE.replace("{min: 2, max: 5}", "{min: 2, max: 5, default: 6}")
    with pytest.raises(rulekit.RulesetError) as err:
        load(text)
    d = err.value.diagnostics[0]
    assert d.message == "the default player count 6 is not from min (2) to max (5)"
    assert (d.line, d.col) == (2, text.splitlines()[1].index("6") + 1)


def test_bench_simulate_and_validate_play_deal_the_default_count(tmp_path: Path):
    text = BASE.replace("{min: 2, max: 5}", "{min: 2, max: 5, default: 3}")
    path = tmp_path / "colours.yaml"
    path.write_text(text)
    run = cli("bench", str(path), "--games", "1")
    assert run.code == 0, run.err
    assert "1 games, 3 players" in run.out or "1 game, 3 players" in run.out
    out = tmp_path / "sim.json"
    run = cli("simulate", str(path), "--games", "2", "--json", str(out))
    assert run.code == 0, run.err
    assert json.loads(out.read_text())["settings"]["players"] == 3
    # a ruleset that breaks with 3 players only: validate --play meets it in its first game
    broken = text.replace("  - deal 3 from stock to each hand",
                          "  - deal 3 from stock to each hand\n"
                          "  - if: \"num_players == 3\"\n    then: [\"set total = 1 // 0\"]")
    path.write_text(broken)
    run = cli("validate", str(path), "--play", "1")
    assert run.code == 1
    assert "game 1 of 1 (3 players, seed 0)" in run.out + run.err


def test_a_misspelt_word_passed_to_a_procedure_of_a_colour_is_a_located_error():
    """Passed to a procedure's colour parameter, a choice's words are stored as colours."""
    text = BASE.replace("values: [red, blue]", "values: [red, yelow]").replace(
        "      - set colour_now = colour\n", "      - call setc(colour)\n") + """\
procedures:
  setc:
    params: [{x: colour}]
    effects: [set colour_now = x]
"""
    with pytest.raises(rulekit.RulesetError) as err:
        load(text)
    d = err.value.diagnostics[0]
    assert d.message.startswith("'yelow' is not one of the values of colour")
    assert d.hint == "did you mean 'yellow'?"
    line = line_of(text, "values: [red, yelow]")
    assert (d.line, d.col) == (line, text.splitlines()[line - 1].index("yelow") + 1)


def test_a_misspelt_word_in_a_list_of_words_written_in_the_language_is_a_located_error():
    text = BASE.replace("values: [red, blue]", "values: \"['red', 'blue', 'yelow']\"")
    with pytest.raises(rulekit.RulesetError) as err:
        load(text)
    d = err.value.diagnostics[0]
    assert d.message.startswith("'yelow' is not one of the values of colour")
    assert d.hint == "did you mean 'yellow'?"
    line = line_of(text, "'yelow'")
    assert (d.line, d.col) == (line, text.splitlines()[line - 1].index("yelow") + 1)
    compared = BASE.replace("""      - {choice: colour, values: [red, blue]}
    effects:
      - set colour_now = colour""", """      - {choice: wanted, values: "['red', 'any']"}
      - {cards: chosen, from: actor.hand, where: "wanted == 'any' or it.colour == wanted"}
    effects:
      - move chosen to pile""")
    assert load(compared).name == "Colours"  # a word of its own, only compared: an option
