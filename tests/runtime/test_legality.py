"""One legality path: the listing of legal actions and the refusal of a text never disagree.

Over random play of every bundled ruleset (each variant too) and of the engine's small rulesets
(windows, melds, parameters, limits), at the state reached: every text offered is refused with
no reason, and every text not offered (other cards, numbers out of range, other actions' names,
'done', words that name nothing) is refused with one, which `apply` raises as its reason,
leaving the state as it was.
"""

from __future__ import annotations

import pickle
import random

import pytest
from game_helpers import bundled_games
from hypothesis import given, settings
from hypothesis import strategies as st
from paths import ROOT, TESTS

import rulekit
from rulekit.actions import CHOOSE
from rulekit.rules.reasons import MESSAGES, Reason, say

ENGINE = sorted((TESTS / "engine").glob("*.yaml"))


def _games() -> list:
    cases = []
    for path, game in bundled_games():
        name = path.stem + (f"[{game.variant}]" if game.variant else "")
        cases.append(pytest.param(game, id=name))
    for path in ENGINE:
        game = rulekit.load(path)
        cases.append(pytest.param(game, id="engine-" + path.stem))
    return cases


GAMES = _games()


def _played(game: rulekit.Game, players: int, seed: int, steps: int) -> rulekit.State:
    """A state reached by random play: the last one before the end, or before an action whose
    rule fails (the engine's rulesets have some that fail on purpose)."""
    rnd = random.Random(seed)
    s = game.new_state(players, seed)
    for _ in range(steps):
        legal = s.legal_actions()
        if not legal:
            break
        nxt = s.clone()
        try:
            nxt.apply_unchecked(nxt.legal_actions()[int(rnd.random() * len(legal))])
        except rulekit.RulekitError:
            break
        if nxt.is_over:
            break
        s = nxt
    return s


def _not_offered(s: rulekit.State, offered: set[str], rnd: random.Random) -> list[str]:
    """Texts a player might type that are not offered now: other actions' names, other cards,
    'done', numbers out of the range offered, values of another kind, and no word at all."""
    g = s.game
    texts = [a.start.text for a in g.actions] + ["done", "nonsense", "", "pick", "pick ",
                                                  "pick nosuchcard", "done now"]
    labels = sorted(set(g.labels))
    p = s.pending
    picking = p is not None and p.param is not None and p.param.kind == "cards"
    # while cards are picked, every card (those in hand that fail 'where' or cannot meld too)
    texts += ["pick " + label for label in (labels if picking else
                                            rnd.sample(labels, min(12, len(labels))))]
    if p is not None and p.param is not None:
        name = p.param.name
        numbers = [a.value for a in s.legal_actions() if a.kind == CHOOSE
                   and isinstance(a.value, int) and not isinstance(a.value, bool)]
        out_of_range = [-1, 99999] + ([min(numbers) - 1, max(numbers) + 1] if numbers else [0, 1])
        texts += [f"{name} {v}" for v in out_of_range] + [f"{name} x", f"{name}", name + "  1"]
    return [t for t in texts if t not in offered]


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=12)
@given(seed=st.integers(0, 2**20), steps=st.integers(0, 120), more=st.integers(0, 2))
def test_offered_texts_pass_every_check_and_the_others_fail_one(game: rulekit.Game, seed: int,
                                                                steps: int, more: int) -> None:
    """The refusal makes the listing's checks: it has no reason for a text offered, and a reason
    for each text not offered, the very one `apply` gives; asking changes nothing."""
    players = min(game.max_players, game.min_players + more)
    s = _played(game, players, seed, steps)
    legal = s.legal_actions()
    offered = {a.text for a in legal}
    before, work = s.key(), s.work
    for a in legal:
        assert s.why_refused(a.text) is None, (s.summary(), a.text)
        assert s.why_illegal(a.text) == ""
    for text in _not_offered(s, offered, random.Random(seed)):
        reason = s.why_refused(text)
        assert isinstance(reason, Reason) and reason.key in MESSAGES, (s.summary(), text)
        with pytest.raises(rulekit.IllegalActionError) as err:
            s.apply(text)
        assert err.value.reason == say(game, reason)
        assert err.value.legal == [a.text for a in legal]
    assert s.key() == before and s.work == work  # asking and refusing left the state as it was
    assert [a.text for a in s.legal_actions()] == [a.text for a in legal]


def test_a_legal_action_is_applied_as_given_and_its_text_or_a_copy_as_the_same() -> None:
    """`apply` takes the object legal_actions() gave, its text (people, saves) or an equal
    copy (another state's, or one unpickled): all three play the same action."""
    game = rulekit.load(ROOT / "rulesets" / "crazy_eights.yaml")
    s = game.new_state(3, 5)
    by_object, by_text, by_copy = s.clone(), s.clone(), s.clone()
    first = by_object.legal_actions()[0]
    by_object.apply(first)
    by_text.apply(first.text)
    by_copy.apply(pickle.loads(pickle.dumps(s.legal_actions()[0])))
    assert by_object.key() == by_text.key() == by_copy.key() != s.key()
    assert by_object.history[-1] == (s.decider, first.text)


def test_a_refusal_while_picking_names_the_first_check_failed() -> None:
    """Crazy Eights, seed 5, seat 0 plays: the two clubs in hand are offered and not refused;
    the other cards in hand fail 'where' (not playable), a card elsewhere is not among those to
    choose from, and 'done' before a pick asks for one."""
    game = rulekit.load(ROOT / "rulesets" / "crazy_eights.yaml")
    s = game.new_state(3, 5)
    s.apply("play")
    assert [a.text for a in s.legal_actions()] == ["pick 4 of clubs", "pick 7 of clubs"]
    assert s.why_refused("pick 4 of clubs") is None
    assert s.why_illegal("pick queen of hearts") == (
        "queen of hearts does not meet this choice's condition (where: playable(it))")
    assert s.why_illegal("pick ace of spades") == (
        "ace of spades is not among the cards you can choose from")
    assert s.why_illegal("done") == "pick at least 1 card first (0 so far)"
    assert s.why_illegal("play") == "there is no card called 'play'"


def test_once_the_game_is_over_every_text_is_refused_as_such() -> None:
    """Nothing is listed after the end, so nothing passes the checks: even an action whose
    condition holds is refused, because the game is over."""
    game = rulekit.load(ENGINE[[p.stem for p in ENGINE].index("windows")])
    s = game.new_state(4, seed=2)
    s.apply("stop")
    assert s.is_over and s.legal_actions() == []
    for text in [a.start.text for a in game.actions] + ["done", "nonsense"]:
        assert s.why_illegal(text) == "the game is over"
