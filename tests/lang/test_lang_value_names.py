"""Value names: numbers of an attribute or a variable shown by the text of their name."""

from __future__ import annotations

import re

import pytest

import rulekit
from rulekit.testing import arrange, play

BASE = """\
name: Courts
players: {min: 2, max: 3}
languages: [en, fr]
cards:
  attributes:
    suit: [hearts, spades]
    rank: {type: int, names: {1: rank_ace, 11: rank_jack, 12: rank_queen}}
  deck:
    - {suit: [hearts, spades], rank: [1, 2, 3, 11, 12]}
  start: stock
  label:
    - {text: card}
zones:
  stock: {visibility: count}
  pile: {visibility: public}
  hand: {owner: player, visibility: owner, ordered: false}
variables:
  game:
    last: {type: rank, initial: 11}
    place: {type: int, names: {1: place_first, 2: place_second}, initial: 1, label: var_place}
setup:
  - deal 3 from stock to each hand
phases:
  play:
    first: "first(players)"
    end_if: "any(size(p.hand) == 0 for p in players)"
    on_end: [end game out]
actions:
  play:
    params:
      - {cards: chosen, from: actor.hand, max: 1}
    effects:
      - move chosen to pile
      - set last = first(chosen).rank
      - {log: played, args: {player: actor, rank: "first(chosen).rank", n: "size(pile)"}}
      - end turn
  call:
    params:
      - {choice: rank, values: "[c.rank for c in actor.hand]"}
    effects:
      - {log: called, args: {player: actor, rank: rank}}
      - end turn
  bid:
    params:
      - {number: bid, min: 0, max: 2, names: {0: bid_nil}}
    effects:
      - {log: called, args: {player: actor, rank: bid}}
      - end turn
scoring:
  score: "size(p.hand)"
  winners: lowest
text:
  card: {en: "{rank} of {suit}", fr: "{rank} de {suit}"}
  hearts: {en: hearts, fr: cœur}
  spades: {en: spades, fr: pique}
  rank_ace: {en: ace, fr: as}
  rank_jack: {en: jack, fr: valet}
  rank_queen: {en: queen, fr: dame}
  place_first: {en: first, fr: premier}
  place_second: {en: second, fr: second}
  played: {en: "{player} plays a {rank} ({n} on the pile).", fr: "{player} joue : {rank} ({n})."}
  called: {en: "{player} calls {rank}.", fr: "{player} annonce : {rank}."}
  out: {en: a hand is empty, fr: une main est vide}
  bid_nil: {en: nil, fr: nulle}
  var_place: {en: Place, fr: Place}
"""


def load(text: str = BASE) -> rulekit.Game:
    return rulekit.load_text(text, "courts.yaml")


def test_card_labels_show_named_ranks_in_each_language():
    game = load()
    assert sorted(game.labels) == ["2 of hearts", "2 of spades", "3 of hearts", "3 of spades",
                                   "ace of hearts", "ace of spades", "jack of hearts",
                                   "jack of spades", "queen of hearts", "queen of spades"]
    jack = game.labels.index("jack of spades")
    assert game.card_label(jack, "fr") == "valet de pique"
    assert game.card_attrs["rank"][jack] == 11  # the rules still compute with the number


def test_a_logged_rank_reads_as_its_name_and_other_numbers_as_numbers():
    state = arrange(load().new_state(2, seed=1), {("hand", 0): ["queen of hearts", "2 of spades"]})
    play(state, ["play", "pick queen of hearts"])
    key, args = rulekit.events_for(state, 1)[-1]
    assert key == "played"
    assert rulekit.render_event(state.game, key, args, "en") == "P0 plays a queen (1 on the pile)."
    assert rulekit.render_event(state.game, key, args, "fr") == "P0 joue : dame (1)."


def test_a_choice_among_named_numbers_is_labelled_by_name_but_keeps_its_string_form():
    state = arrange(load().new_state(2, seed=1), {("hand", 0): ["ace of hearts", "3 of spades"]})
    state.apply("call")
    actions = {a.text: a for a in state.legal_actions()}
    assert set(actions) == {"rank 1", "rank 3"}
    assert state.game.action_label(actions["rank 1"], "en") == "rank: ace"
    assert state.game.action_label(actions["rank 1"], "fr") == "rank : as"
    assert state.game.action_label(actions["rank 3"], "en") == "rank: 3"


def test_a_number_parameter_may_name_its_own_values():
    """A bid of 0 is 'nil': its label and its log say so; its string form stays 'bid 0'."""
    state = load().new_state(2, seed=1)
    state.apply("bid")
    nil = next(a for a in state.legal_actions() if a.text == "bid 0")
    assert state.game.action_label(nil, "fr") == "bid : nulle"
    state.apply(nil)
    key, args = rulekit.events_for(state, 1)[-1]
    assert rulekit.render_event(state.game, key, args, "en") == "P0 calls nil."


def test_names_on_a_cards_parameter_are_refused():
    text = BASE.replace("{cards: chosen, from: actor.hand, max: 1}",
                        "{cards: chosen, from: actor.hand, max: 1, names: {1: rank_ace}}")
    with pytest.raises(rulekit.RulesetError) as err:
        load(text)
    assert "'names' applies to a number parameter, or a choice among numbers" in str(err.value)


def test_variables_of_a_named_attribute_inherit_its_names_and_number_variables_have_their_own():
    game = load()
    info = {v.name: v for v in game.game_vars}
    assert info["last"].names == {1: "rank_ace", 11: "rank_jack", 12: "rank_queen"}
    assert game.named_value(info["last"].names, 11, "fr") == "valet"
    assert game.named_value(info["place"].names, 2, "en") == "second"
    assert game.named_value(info["place"].names, 7, "en") == "7"  # no name: the number


def test_the_observation_keeps_numbers_for_programs():
    state = arrange(load().new_state(2, seed=1), {("hand", 0): ["jack of hearts", "2 of spades"]})
    play(state, ["play", "pick jack of hearts"])
    assert rulekit.observation(state, 1)["vars"]["last"] == 11


def test_the_table_shows_named_variables_by_name(tmp_path):
    from cli_helpers import cli

    path = tmp_path / "courts.yaml"
    path.write_text(BASE)
    run = cli("play", str(path), "--seats", "human,random", "--seed", "5", "--lang", "fr",
              stdin="quitter\n")
    assert re.search(r"last\s*:\s*valet", run.out) and re.search(r"Place\s*:\s*premier", run.out)


def test_a_name_for_a_value_no_card_has_is_a_located_error():
    """Bad input: a value name given for an integer the attribute never takes."""
    text = BASE.replace("12: rank_queen}", "12: rank_queen, 13: rank_king}")
    with pytest.raises(rulekit.RulesetError) as err:
        load(text)
    d = err.value.diagnostics[0]
    assert d.message == "no card has rank 13, so it needs no name"
    line = next(i for i, x in enumerate(text.splitlines()) if "13: rank_king" in x)
    assert (d.line, d.col) == (line + 1, text.splitlines()[line].index("13") + 1)
    assert "the deck's values of rank are [1, 2, 3, 11, 12]" in d.hint
    assert "at: cards.attributes.rank.names[13]" in str(err.value)


def test_a_name_must_be_a_text():
    text = BASE.replace("1: rank_ace,", "1: rank_aec,")
    with pytest.raises(rulekit.RulesetError) as err:
        load(text)
    assert "no text 'rank_aec' in the text section" in str(err.value)
    assert "did you mean 'rank_ace'?" in str(err.value)


def test_names_on_a_variable_that_is_not_a_number_are_refused():
    text = BASE.replace("last: {type: rank, initial: 11}",
                        "last: {type: suit, initial: hearts, names: {1: rank_ace}}")
    with pytest.raises(rulekit.RulesetError) as err:
        load(text)
    assert "'names' applies to number variables" in str(err.value)


def test_a_rank_variable_cannot_name_a_rank_no_card_has():
    text = BASE.replace("last: {type: rank, initial: 11}",
                        "last: {type: rank, initial: 2, names: {14: rank_ace}}")
    with pytest.raises(rulekit.RulesetError) as err:
        load(text)
    assert "no card has rank 14, so a rank variable is never 14" in str(err.value)


def test_a_value_name_with_a_placeholder_is_refused_at_the_placeholder():
    text = BASE.replace("rank_jack: {en: jack, fr: valet}",
                        'rank_jack: {en: "jack {x}", fr: "valet {x}"}')
    with pytest.raises(rulekit.RulesetError) as err:
        load(text)
    assert "text 'rank_jack' uses {x}, which nothing provides here" in str(err.value)


@pytest.mark.parametrize("param,value,hint", [
    ("{number: bid, min: 0, max: 2, names: {0: bid_nil, 20: bid_nil}}", 20,
     "bid is from 0 to 2"),
    ("{number: bid, min: 1, max: 2, names: {0: bid_nil}}", 0, "bid is from 1 to 2"),
    ("{choice: bid, values: [1, 2, 3], names: {0: bid_nil}}", 0, "bid is one of [1, 2, 3]"),
])
def test_a_name_for_a_value_the_parameter_never_takes_is_a_located_error(param, value, hint):
    text = BASE.replace("{number: bid, min: 0, max: 2, names: {0: bid_nil}}", param)
    with pytest.raises(rulekit.RulesetError) as err:
        load(text)
    d = err.value.diagnostics[0]
    assert d.message == f"bid is never {value}, so it needs no name"
    assert d.hint == hint
    line = next(i for i, x in enumerate(text.splitlines()) if param in x)
    col = text.splitlines()[line].index(f"{value}: bid_nil") + 1
    assert (d.line, d.col) == (line + 1, col)
    assert f"at: actions.bid.params[0].names[{value}]" in str(err.value)


def test_names_of_a_parameter_with_computed_limits_are_not_checked():
    text = BASE.replace("{number: bid, min: 0, max: 2, names: {0: bid_nil}}",
                        '{number: bid, min: 0, max: "size(actor.hand)", names: {0: bid_nil}}')
    assert load(text).name == "Courts"
