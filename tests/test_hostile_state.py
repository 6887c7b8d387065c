"""Forged input to the API: tampered saved states and seats that are not seats (issue 8, point 6).

Every case of tests/hostile/state_docs.py (a saved game with one field forged: a card in two
zones, a card missing, turn 99, n 99, a window asking seat 99, winners out of range, wrong
types, missing keys...) must be refused with StateDocumentError naming the field; before the
fix most loaded silently and the others crashed with IndexError, KeyError or TypeError.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import rulekit

sys.path.insert(0, str(Path(__file__).parent / "hostile"))
import state_docs  # noqa: E402

DOCS = state_docs.documents()


def test_the_untampered_documents_load_back_equal() -> None:
    for state in DOCS.values():
        back = state.game.state_from_json(json.loads(json.dumps(state.to_json())))
        assert back == state


def test_the_catalogue_has_at_least_29_cases() -> None:
    assert len(state_docs.CASES) >= 29


@pytest.mark.parametrize("case", state_docs.CASES, ids=[c[0] for c in state_docs.CASES])
def test_a_tampered_document_is_refused_naming_the_field(case: tuple) -> None:
    _, _, path, problem, _ = case
    game, data = state_docs.tampered(DOCS, case)
    with pytest.raises(rulekit.StateDocumentError) as err:
        game.state_from_json(data)
    assert (err.value.path, err.value.problem) == (path, problem)
    assert isinstance(err.value, rulekit.UsageError)


SEATS = [True, False, 4, -1, 99, 1.0, "0", [0], 10**100]


@pytest.mark.parametrize("seat", SEATS, ids=[repr(s)[:12] for s in SEATS])
def test_observation_events_and_resample_accept_only_a_seat_or_a_spectator(seat: object) -> None:
    state = DOCS["window"]
    for call in (lambda: rulekit.observation(state, seat),
                 lambda: rulekit.events_for(state, seat),
                 lambda: rulekit.resample(state, seat, 1)):
        with pytest.raises(rulekit.UsageError, match=r"^a seat is a whole number from 0 to 3 "
                           r"\(or None for a spectator\), not "):
            call()


def test_a_spectator_sees_no_hand_and_a_seat_sees_its_own() -> None:
    state = DOCS["window"]
    spectator = rulekit.observation(state, None)
    assert spectator["seat"] is None
    assert all(not z["cards"] for z in spectator["seats"][1]["zones"].values()
               if "cards" in z)
    assert rulekit.observation(state, 1)["seat"] == 1
    assert rulekit.events_for(state, None) and rulekit.resample(state, None, 1).n == 4


@pytest.mark.parametrize("seed", [10**5000, -1, True, 2**64, "1", 1.5],
                         ids=["10^5000", "-1", "True", "2^64", "'1'", "1.5"])
def test_new_state_refuses_a_seed_out_of_range(seed: object) -> None:
    game = DOCS["window"].game
    with pytest.raises(rulekit.UsageError, match=r"^the seed must be a whole number from 0 to "
                       r"2\*\*64 - 1, not "):
        game.new_state(4, seed)


def test_new_state_accepts_the_largest_seed() -> None:
    assert DOCS["window"].game.new_state(4, 2**64 - 1).n == 4
