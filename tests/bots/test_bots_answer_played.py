"""A window's answer that a search tries by look-ahead is played while it is tried (issue 29,
point 2: less work per iteration), and the bots choose exactly as when it was played again."""

from __future__ import annotations

from typing import Any

import pytest
from paths import ROOT
from search_helpers import root_statistics

import rulekit
from rulekit.bots import trees
from rulekit.bots.playout import answer, answer_played

SHAM = ROOT / "rulesets" / "sham.yaml"


@pytest.fixture(scope="module")
def sham() -> rulekit.Game:
    return rulekit.load(SHAM)


def _at_total(game: rulekit.Game, seed: int, honest: bool) -> rulekit.State:
    """SHAM: seat 0 leads one number card and has claimed its colour (or another); the total
    is left to choose."""
    s = game.new_state(4, seed)
    s.apply("place")
    card = next(a for a in s.legal_actions() if a.text.startswith("pick ")
                and a.text.split()[-1].isdigit())
    colour = card.text.split()[1]
    s.apply(card)
    s.apply("done")
    other = next(c for c in ("red", "blue", "purple", "yellow") if c != colour)
    s.apply(f"colour {colour if honest else other}")
    return s


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("honest", [True, False])
def test_the_answer_played_is_the_one_chosen_and_leaves_the_state_it_would(sham, seed, honest):
    """answer_played plays on the state the option `answer` chooses (a call of a false claim, a
    true one let go), to the state that option's own step reaches, the game's log included."""
    s = _at_total(sham, seed, honest)
    s.apply(next(a for a in s.legal_actions() if a.text.startswith("total ")))
    legal = s.listed()
    assert {a.name for a in legal} == {"call_sham", "let_it_go"}
    chosen = answer(s, legal)
    expected = s.clone()
    expected.apply(chosen.text)
    got, failed = answer_played(s, list(legal))
    assert failed is None
    assert got.text == chosen.text
    assert s.key() == expected.key()
    assert [e[:2] for e in s.log] == [e[:2] for e in expected.log]


@pytest.mark.parametrize("seed", range(3))
def test_a_search_learns_the_same_whether_the_tree_replays_its_answers_or_not(sham, seed,
                                                                           monkeypatch):
    """The seats answering a claim in their trees (placement's total at the root) answer as
    before, when each answer was tried on copies and then played again: the same choice and
    the same visits and results of every root option."""
    s = _at_total(sham, seed, honest=seed % 2 == 0)
    calls: list[int] = []
    played = trees.answer_played

    def counted(state: Any, options: Any) -> Any:
        calls.append(1)
        return played(state, options)

    def replayed(state: Any, options: Any) -> Any:
        a = answer(state, options)
        state.play_listed(a)
        return a, None

    with monkeypatch.context() as m:
        m.setattr(trees, "answer_played", counted)
        now = root_statistics(s, seed, monkeypatch)
    with monkeypatch.context() as m:
        m.setattr(trees, "answer_played", replayed)
        before = root_statistics(s, seed, monkeypatch)
    assert calls, "the seats answered no claim in their trees: nothing was compared"
    assert now == before
