"""Turn hooks (`on_turn_begin`, `on_turn_end`) and turn order as data (`reverse turn order`,
`skip N`, `next_in_turn(p)`, `turn_direction`): docs/authoring.md, section 10.

Issue 13: "No hook when a turn begins: 'draw at the start of your turn' had to be done by the
previous player's action" and "a card that reverses direction needed a direction variable and
`turn to` in every action instead of `end turn`".
"""

from __future__ import annotations

import pytest
from lang_helpers import game, gvar, line_of, load_error, text_of

import rulekit
from rulekit.testing import play

HOOKS = """\
phases:
  play:
    first: "first(players)"
    active: "not p.out"
    on_begin: ["set n = n + 1"]
    on_turn_begin: ["set trace = trace + [actor]"]
    on_turn_end: ["set ended = ended + [actor]"]
    end_if: "n >= 3"
    on_end: ["end game done"]
"""
ACTIONS = """\
actions:
  pass: {effects: [end turn]}
  drop: {effects: [set actor.out = true, end turn]}
  jump: {effects: ["turn to next_player(next_player(actor))"]}
  finish: {effects: ["set n = 3"]}
  finish_turn: {effects: ["set n = 3", end turn]}
  reverse: {effects: [reverse turn order, end turn]}
  skip: {effects: [skip 1, end turn]}
  skip_many: {params: [{number: k, min: 0, max: 9}], effects: [skip k, end turn]}
"""


@pytest.fixture(scope="module")
def hooks():
    return game(HOOKS, ACTIONS)


# ---- on_turn_begin / on_turn_end -----------------------------------------------------------

def test_the_first_turn_of_a_phase_begins_after_on_begin_and_first(hooks):
    """docs: on_turn_begin runs 'for the first turn of a phase too, after on_begin and first'."""
    state = hooks.new_state(3)
    assert gvar(state, "n") == 1
    assert gvar(state, "trace") == [0]
    assert gvar(state, "ended") == []
    assert state.decider == 0


def test_end_turn_runs_on_turn_end_then_the_next_turn_begins(hooks):
    state = hooks.new_state(3)
    play(state, ["pass", "pass", "pass"])
    assert gvar(state, "ended") == [0, 1, 2]
    assert gvar(state, "trace") == [0, 1, 2, 0]
    assert state.decider == 0


def test_turn_to_begins_a_turn_without_ending_the_old_one(hooks):
    """docs: 'turn to' gives the turn at once; the new turn begins, on_turn_end does not run."""
    state = hooks.new_state(4)
    state.apply("jump")
    assert state.decider == 2
    assert gvar(state, "trace") == [0, 2]
    assert gvar(state, "ended") == []


def test_a_phase_that_ends_cuts_the_turn_short_without_on_turn_end(hooks):
    """The flow's order: game end, then phase end, then turn end."""
    state = hooks.new_state(3)
    state.apply("finish_turn")  # end_if holds now: the phase (and the game) end first
    assert state.is_over
    assert gvar(state, "ended") == []


def test_inactive_players_get_no_turn_and_no_hook(hooks):
    state = hooks.new_state(3)
    play(state, ["pass", "drop"])  # seat 1 leaves
    assert gvar(state, "trace") == [0, 1, 2]
    state.apply("pass")
    assert state.decider == 0
    assert gvar(state, "trace") == [0, 1, 2, 0]


def test_a_hook_that_ends_the_turn_skips_the_player_automatically():
    """'draw at the start of your turn', and a player who cannot play is passed over."""
    g = game("""\
        phases:
          play:
            first: "first(players)"
            on_turn_begin:
              - draw 1 from deck to actor.hand
              - if: "size(actor.hand) == 1"
                then: [end turn]
        """)
    state = g.new_state(2)  # seat 0 draws its first card and passes; seat 1 too; then seat 0
    assert state.decider == 0
    assert [len(state.zones[2 + p]) for p in range(2)] == [2, 1]


def test_on_turn_end_can_give_the_turn_instead_of_passing_it():
    g = game("""\
        phases:
          play:
            first: "first(players)"
            on_turn_end: ["turn to actor"]
        """)
    state = g.new_state(3)
    state.apply("pass")
    assert state.decider == 0


def test_a_window_asked_from_on_turn_end_is_answered_before_the_turn_passes():
    g = game(
        """\
        phases:
          play:
            first: "first(players)"
            on_turn_begin: ["set trace = trace + [actor]"]
            on_turn_end: ["ask bet"]
        """,
        """\
        actions:
          pass: {effects: [end turn]}
          call: {window: bet, effects: ["set ended = ended + [actor]"]}
        """,
        extra="""\
        windows:
          bet: {order: "players_after(opener)"}
        """)
    state = g.new_state(3)
    state.apply("pass")
    assert state.decider == 1 and gvar(state, "trace") == [0]  # seat 1 answers the window first
    state.apply("call")
    assert gvar(state, "ended") == [1]
    assert gvar(state, "trace") == [0, 1]  # then seat 1's turn begins
    assert state.decider == 1


def test_actor_is_the_turn_player_in_the_hooks_and_opener_is_unknown():
    text = text_of("""\
        phases:
          play:
            first: "first(players)"
            on_turn_begin: ["set nobody = opener"]
        """)
    err = load_error(text)
    d = err.diagnostics[0]
    assert d.message == "unknown name 'opener'"
    assert (d.line, d.yaml_path) == (line_of(text, "on_turn_begin"), "phases.play.on_turn_begin[0]")


def test_a_game_ended_in_on_turn_begin_ends_at_once():
    g = game("""\
        phases:
          play:
            first: "first(players)"
            on_turn_begin: ["end game done", "set n = 5"]
        """)
    state = g.new_state(2)
    assert state.is_over and gvar(state, "n") == 0


def test_a_hook_that_hands_the_turn_on_forever_hits_the_automatic_step_limit():
    g = game("""\
        phases:
          play:
            first: "first(players)"
            on_turn_begin: [end turn]
        """)
    with pytest.raises(rulekit.EvaluationLimitError, match="automatic steps"):
        g.new_state(2)


# ---- reverse turn order, skip, next_in_turn, turn_direction -----------------------------------

def test_reverse_turn_order_flips_the_direction_of_end_turn(hooks):
    state = hooks.new_state(4)
    state.apply("reverse")
    assert state.decider == 3
    play(state, ["pass", "pass"])
    assert state.decider == 1
    state.apply("reverse")
    assert state.decider == 2


def test_skip_1_passes_over_the_next_player(hooks):
    state = hooks.new_state(4)
    state.apply("skip")
    assert state.decider == 2
    state.apply("pass")
    assert state.decider == 3  # the skip is used up


def test_with_two_players_a_skip_gives_the_player_another_turn(hooks):
    """The next player who would get a turn misses it: with two players, the same one plays."""
    state = hooks.new_state(2)
    state.apply("skip")
    assert state.decider == 0


def test_skips_go_round_the_table_and_count_only_active_players(hooks):
    state = hooks.new_state(4)
    play(state, ["pass", "drop"])  # seat 1 is out; seat 2 plays
    assert state.decider == 2
    play(state, ["skip_many", "k 4"])  # after seat 2: 3, 0, 2, 3 miss their turn
    assert state.decider == 0


def test_skip_follows_the_reversed_direction(hooks):
    state = hooks.new_state(5)
    play(state, ["reverse", "skip"])  # 0 reverses: 4 plays and skips 3
    assert state.decider == 2


def test_a_new_phase_begins_in_its_own_order_with_no_skip_pending():
    g = game("""\
        phases:
          play:
            first: "first(players)"
            turn_order: counterclockwise
            end_if: "n > 0"
            on_end: ["set n = 0"]
        """, """\
        actions:
          pass: {effects: [end turn]}
          reverse: {effects: [reverse turn order, skip 2, "set n = 1"]}
        """)
    state = g.new_state(4)
    state.apply("pass")
    assert state.decider == 3
    state.apply("reverse")  # the phase ends and begins again: counterclockwise, no skips
    assert state.decider == 0
    state.apply("pass")
    assert state.decider == 3


def test_next_in_turn_and_turn_direction_follow_the_order_now():
    g = game("""\
        phases:
          play:
            first: "first(players)"
            active: "not p.out"
            on_turn_begin:
              - set nobody = next_in_turn(actor)
              - "set word = turn_direction"
        """, """\
        actions:
          pass: {effects: [end turn]}
          reverse: {effects: [reverse turn order, end turn]}
          drop: {effects: [set actor.out = true, end turn]}
        """)
    state = g.new_state(4)
    assert (gvar(state, "nobody"), gvar(state, "word")) == (1, "clockwise")
    state.apply("reverse")
    assert state.decider == 3
    assert (gvar(state, "nobody"), gvar(state, "word")) == (2, "counterclockwise")
    state.apply("drop")  # seat 3 out; seat 2 plays, and next after it is seat 0 (1, reversed)
    assert state.decider == 2
    assert gvar(state, "nobody") == 1


def test_turn_direction_is_a_word_checked_against_its_values():
    text = text_of(actions="""\
        actions:
          pass:
            when: "turn_direction == 'clokwise'"
            effects: [end turn]
        """)
    err = load_error(text)
    assert "'clokwise'" in err.diagnostics[0].message
    assert err.diagnostics[0].hint == "did you mean 'clockwise'?"


def test_a_negative_skip_is_a_located_rule_error():
    text = text_of(actions="""\
        actions:
          pass: {effects: ["skip n - 1"]}
        """)
    state = rulekit.load_text(text, "lang.yaml").new_state(2)
    with pytest.raises(rulekit.RuleRuntimeError) as info:
        state.apply("pass")
    assert info.value.rule == "actions.pass.effects"
    assert str(info.value) == (
        "rule actions.pass.effects: cannot skip a negative number of players (-1) "
        f"(in 'skip n - 1' at lang.yaml:{line_of(text, 'skip n - 1')}:20)")


def test_the_reversed_order_and_pending_skips_survive_a_saved_state(hooks):
    state = hooks.new_state(4)
    state.apply("reverse")
    doc = state.to_json()
    assert doc["turn_flow"] == [0, True, 0]
    again = hooks.state_from_json(doc)
    assert again == state
    again.apply("pass")
    assert again.decider == 2


def test_a_saved_state_with_a_forged_turn_flow_is_refused(hooks):
    doc = hooks.new_state(4).to_json()
    doc["turn_flow"] = [7, False, 0]
    with pytest.raises(rulekit.StateDocumentError, match="turn_flow"):
        hooks.state_from_json(doc)


def test_the_bundled_games_save_no_turn_flow():
    """A game with no turn hook, reversal or skip writes the documents it wrote before."""
    g = rulekit.load("rulesets/sham.yaml")
    state = g.new_state(3, seed=1)
    for _ in range(30):
        state.apply(state.legal_actions()[0])
        assert "turn_flow" not in state.to_json()


def test_the_new_statement_words_stay_free_as_names():
    """`skip`, `call`, `reverse` and `order` start statements, and still name variables."""
    text = text_of(actions="""\
        actions:
          pass: {effects: ["set skip = skip + 1", "set call = call + order", end turn]}
        """, extra="""\
        define:
          order: "skip + call"
        """).replace("    n: {type: int}\n", "    n: {type: int}\n    skip: {type: int}\n"
                                                "    call: {type: int}\n")
    state = rulekit.load_text(text, "lang.yaml").new_state(2)
    play(state, ["pass", "pass"])
    assert (gvar(state, "skip"), gvar(state, "call")) == (2, 4)


def test_a_window_asked_from_on_turn_begin_is_answered_before_the_first_decision():
    g = game(
        """\
        phases:
          play:
            first: "first(players)"
            on_turn_begin: ["ask bet"]
        """,
        """\
        actions:
          pass: {effects: [end turn]}
          call: {window: bet, effects: ["set nobody = opener", "add 1 to n"]}
          fold: {window: bet, effects: ["add 10 to n"]}
        """,
        extra="""\
        windows:
          bet: {order: "players_after(opener)"}
        """)
    state = g.new_state(3)
    assert state.decider == 1  # asked for seat 0's turn, before seat 0 decides
    state.apply("call")
    assert (gvar(state, "nobody"), gvar(state, "n")) == (0, 1)
    assert state.decider == 0 and [str(a) for a in state.legal_actions()] == ["pass"]
    state.apply("pass")
    assert state.decider == 2  # seat 1's turn began: seat 2 is asked first
