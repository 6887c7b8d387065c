"""A bot worker goes on from the state it kept for a game instead of replaying the whole game
for every move (rulekit_cli.serve.thinking): it answers exactly as a fresh replay would."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from paths import ROOT
from rulekit_cli.serve import thinking

import rulekit

UNO = str(ROOT / "rulesets" / "uno.yaml")


@pytest.fixture(autouse=True)
def nothing_kept() -> None:
    thinking._kept.__dict__.clear()


def fresh(game: rulekit.Game, doc: dict[str, Any], seat: int, kind: str, seed: int) -> str:
    """What the bot answers in a state dealt again from doc (the worker's way before)."""
    from rulekit.bots import make_bot
    return make_bot(kind, game, seat, seed).choose(game.state_from_json(doc)).text


def game_docs(seed: int, moves: int, pick: random.Random) -> list[dict[str, Any]]:
    """The documents of the first moves decisions of an UNO game played at random."""
    game = rulekit.load(UNO)
    state, docs = game.new_state(4, seed), []
    while not state.is_over and len(docs) < moves:
        docs.append(copy.deepcopy(state.to_json()))  # as pickled to a worker
        state.apply(pick.choice(state.legal_actions()).text)
    return docs


def test_a_worker_carries_a_game_on_and_answers_as_a_fresh_replay(monkeypatch) -> None:
    """Every answer is the fresh replay's, and only the first decision is dealt again."""
    game = rulekit.load(UNO)
    docs = game_docs(3, 60, random.Random(1))
    dealt_again = []
    real = rulekit.Game.state_from_json
    for k, doc in enumerate(docs):
        seat = game.state_from_json(doc).decider
        expected = fresh(game, doc, seat, "easy", k)
        monkeypatch.setattr(rulekit.Game, "state_from_json",
                            lambda self, d: dealt_again.append(len(d["history"])) or real(self, d))
        assert thinking.think(UNO, None, doc, seat, "easy", k) == expected
        monkeypatch.setattr(rulekit.Game, "state_from_json", real)
    assert len(docs) == 60 and dealt_again == [0]  # the first document only; then carried on


def test_two_games_of_one_seed_never_borrow_each_others_state() -> None:
    """Tables dealt from the same seed whose players chose differently: each answer is its own
    game's (the kept state is used only when it leads to the document exactly)."""
    game = rulekit.load(UNO)
    a, b = game_docs(5, 30, random.Random(1)), game_docs(5, 30, random.Random(2))
    assert a[10]["history"] != b[10]["history"]
    for k in range(30):
        for doc in (a[k], b[k]):
            seat = game.state_from_json(doc).decider
            assert thinking.think(UNO, None, doc, seat, "random", k) == fresh(
                game, doc, seat, "random", k)


def test_a_forged_document_is_still_refused_after_a_kept_state() -> None:
    """A document that no game reaches is refused as before, whatever the worker kept."""
    game = rulekit.load(UNO)
    docs = game_docs(3, 5, random.Random(1))
    thinking.think(UNO, None, docs[3], game.state_from_json(docs[3]).decider, "random", 1)
    forged = dict(docs[4], decisions=docs[4]["decisions"] + 7)
    with pytest.raises(rulekit.StateDocumentError):
        thinking.think(UNO, None, forged, 0, "random", 1)
