"""Named effect procedures (`procedures:` and `call NAME(ARGS)`): docs/authoring.md, section 14.

Issue 13: "No reusable effect blocks: the reshuffle of the discard pile into the stock was written
twice"; "a procedure calling itself: a located load error (as recursive definitions are today)".
"""

from __future__ import annotations

import pytest
from lang_helpers import game, gvar, line_of, load_error, text_of

import rulekit
from rulekit.testing import play

PROCS = """\
procedures:
  refill_from:                      # the pile, but its top card, goes back under the deck
    params: [{into: zone}, {source: zone}]
    effects:
      - move [c for c in source if c != top(source)] to into
      - shuffle into
  give:
    params: [{who: player}, {k: int}]
    effects:
      - draw k from deck to who.hand
      - add k to n
  note:
    params: [{w: text}]
    effects: ["set word = w"]
  keep:
    params: [{cards_: cards}]
    effects: ["set n = size(cards_)", "move cards_ to pile"]
"""
ACTIONS = """\
actions:
  pass: {effects: [end turn]}
  deal_round: {effects: ["call give(actor, 2)", "call give(next_player(actor), 1)"]}
  discard: {effects: ["move actor.hand to pile face up"]}
  recycle: {effects: ["call refill_from(deck, pile)"]}
  say: {effects: ["call note('hello')"]}
  keep_hand: {effects: ["call keep(actor.hand)", "draw 1 from deck to actor.hand"]}
"""


@pytest.fixture(scope="module")
def procs():
    return game(actions=ACTIONS, extra=PROCS)


def test_a_call_runs_the_procedure_with_its_arguments(procs):
    state = procs.new_state(3)
    state.apply("deal_round")
    assert [len(state.zones[2 + p]) for p in range(3)] == [2, 1, 0]
    assert gvar(state, "n") == 3


def test_zones_are_passed_as_zones(procs):
    state = procs.new_state(2)
    play(state, ["deal_round", "discard"])
    top = state.zones[1][-1]
    state.apply("recycle")
    assert state.zones[1] == [top]
    assert len(state.zones[0]) == 30 - 3 + 1


def test_words_are_passed(procs):
    state = procs.new_state(2)
    state.apply("say")
    assert gvar(state, "word") == "hello"


def test_a_zone_given_for_a_cards_parameter_is_its_cards_when_called(procs):
    state = procs.new_state(2)
    play(state, ["deal_round", "keep_hand"])
    assert gvar(state, "n") == 2
    assert len(state.zones[1]) == 2 and len(state.zones[2]) == 1


def test_a_procedure_may_call_another():
    g = game(actions="""\
        actions:
          go: {effects: ["call twice(actor)"]}
        """, extra="""\
        procedures:
          twice:
            params: [{who: player}]
            effects: ["call once(who)", "call once(who)"]
          once:
            params: [{who: player}]
            effects: ["draw 1 from deck to who.hand"]
        """)
    state = g.new_state(2)
    state.apply("go")
    assert len(state.zones[2]) == 2


def test_a_window_asked_in_a_procedure_is_opened_by_the_caller():
    g = game(actions="""\
        actions:
          go: {effects: ["call challenge()", end turn]}
          answer: {window: w, effects: ["set nobody = opener"]}
        """, extra="""\
        procedures:
          challenge:
            effects: [ask w]
        windows:
          w: {order: "players_after(opener)"}
        """)
    state = g.new_state(2)
    state.apply("go")
    state.apply("answer")
    assert gvar(state, "nobody") == 0


def located(text: str, needle: str) -> list[tuple[int, str, str]]:
    return [(d.line, d.message, d.hint) for d in load_error(text).diagnostics
            if d.line == line_of(text, needle)]


def test_a_procedure_calling_itself_is_a_located_load_error():
    text = text_of(extra="""\
        procedures:
          again:
            effects: ["add 1 to n", "call again()"]
        """)
    err = load_error(text)
    d = err.diagnostics[0]
    assert d.message == "procedure 'again' calls itself (again -> again)"
    assert d.line == line_of(text, "call again()")
    assert d.col == d.source_line.index("again()") + 1  # the caret is under the name
    assert d.hint.startswith("a procedure may not call itself, directly or through others")


def test_procedures_calling_each_other_are_a_located_load_error():
    text = text_of(extra="""\
        procedures:
          ping:
            effects: ["call pong()"]
          pong:
            effects: ["call ping()"]
        """)
    diags = load_error(text).diagnostics
    assert [(d.line, d.message) for d in diags] == [
        (line_of(text, "call ping()"), "procedure 'ping' calls itself (ping -> pong -> ping)")]


def test_a_wrong_number_of_arguments_is_a_located_load_error():
    text = text_of(actions="""\
        actions:
          go: {effects: ["call give(actor)"]}
        """, extra=PROCS)
    d = load_error(text).diagnostics[0]
    assert d.message == "procedure 'give' takes 2 argument(s), got 1"
    assert d.hint == "it takes: who (a player), k (a number)"
    assert d.line == line_of(text, "call give(actor)")


@pytest.mark.parametrize("call, message, at", [
    ("call give(2, actor)", "argument 'who' of 'give' must be a player, but this is a number",
     "2, actor"),
    ("call refill_from(deck, actor.hand.size)", None, None),
    ("call refill_from([c for c in deck], pile)",
     "argument 'into' of 'refill_from' must be a zone, but this is a list of cards", "[c"),
    ("call note(3)", "argument 'w' of 'note' must be a text value, but this is a number", "3)"),
    ("call keep(actor)", "argument 'cards_' of 'keep' must be a list of cards, but this is a "
     "player", "actor)"),
])
def test_a_wrong_argument_type_is_a_load_error_with_the_caret_on_the_argument(call, message, at):
    text = text_of(actions=f"""\
        actions:
          go: {{effects: ["{call}"]}}
        """, extra=PROCS)
    d = load_error(text).diagnostics[0]
    assert d.line == line_of(text, call)
    if message is None:  # an error inside the argument itself, reported as usual
        assert d.message == "'.size' needs a player or a card, but this is a zone"
        return
    assert d.message == message
    assert d.source_line[d.col - 1:].startswith(at)


def test_an_unknown_procedure_gets_a_hint():
    text = text_of(actions="""\
        actions:
          go: {effects: ["call giv(actor, 1)"]}
        """, extra=PROCS)
    d = load_error(text).diagnostics[0]
    assert (d.message, d.hint) == ("unknown procedure 'giv'", "did you mean 'give'?")


def test_a_procedure_sees_its_parameters_not_the_actor():
    text = text_of(extra="""\
        procedures:
          mine:
            effects: ["draw 1 from deck to actor.hand"]
        """)
    d = load_error(text).diagnostics[0]
    assert d.message == "unknown name 'actor'"
    assert d.yaml_path == "procedures.mine.effects[0]"


@pytest.mark.parametrize("params, message", [
    ("[{who: player, k: int}]", "each parameter is one 'name: type' pair, e.g. {pile: zone}"),
    ("[{who: player}, {who: int}]", "parameter 'who' is listed twice"),
    ("[{actor: player}]", "'actor' is a built-in name and cannot name a parameter"),
    ("[{who: playr}]", "unknown type 'playr'"),
])
def test_malformed_parameters_are_located_load_errors(params, message):
    text = text_of(extra=f"""\
        procedures:
          proc:
            params: {params}
            effects: [pass]
        """)
    d = load_error(text).diagnostics[0]
    assert d.message == message
    assert d.line == line_of(text, "params:")


def test_a_word_argument_is_checked_against_the_attribute_values():
    text = text_of(extra="""\
        procedures:
          mark:
            params: [{s: suit}]
            effects: [pass]
        """, actions="""\
        actions:
          go: {effects: ["call mark('hart')"]}
        """).replace("attributes: {v: int}", "attributes: {v: int, suit: [heart, spade]}")\
        .replace("count: 3}", "suit: heart, count: 3}").replace("card {v}", "card {v} {suit}")
    d = load_error(text).diagnostics[0]
    assert d.message == "'hart' is not one of the values ['heart', 'spade']"
    assert d.hint == "did you mean 'heart'?"


def test_a_failing_statement_inside_a_procedure_names_its_own_place():
    text = text_of(actions="""\
        actions:
          go: {effects: ["call split(3)"]}
        """, extra="""\
        procedures:
          split:
            params: [{k: int}]
            effects:
              - set n = k // zero
        """)
    state = rulekit.load_text(text, "lang.yaml").new_state(2)
    with pytest.raises(rulekit.RuleRuntimeError) as info:
        state.apply("go")
    assert info.value.rule == "actions.go.effects"
    assert str(info.value) == ("rule actions.go.effects: division by zero (in 'set n = k // zero' "
                               f"at lang.yaml:{line_of(text, 'set n = k // zero')}:9)")
