"""Forged input to the API: tampered saved states and seats that are not seats (issue 8, point 6).

Every case of tests/hostile/state_docs.py (a saved game with one field forged: a card in two
zones, a card missing, turn 99, n 99, a window asking seat 99, winners out of range, wrong
types, missing keys...) must be refused with StateDocumentError naming the field; before the
fix most loaded silently and the others crashed with IndexError, KeyError or TypeError.
"""

from __future__ import annotations

import json
import sys

import pytest
from paths import TESTS

import rulekit

sys.path.insert(0, str(TESTS / "hostile"))
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


# ---- issue 28: a well-formed document is checked against its own decisions, replayed ---------
def _swap_a_card_between_hands(d: dict) -> tuple[str, dict]:
    """Two cards of two seats' hands exchanged: every card still in exactly one zone."""
    hands = [i for i, z in enumerate(d["zones"]) if z][:2]
    a, b = hands
    d["zones"][a][0], d["zones"][b][0] = d["zones"][b][0], d["zones"][a][0]
    return f"zones[{a}][0]", d


def _another_number(d: dict) -> tuple[str, dict]:
    """A whole-number variable (of the game, else of seat 0) one more than it is."""
    for i, v in enumerate(d["gvars"]):
        if type(v) is int:
            d["gvars"][i] += 1
            return f"gvars[{i}]", d
    i = next(i for i, v in enumerate(d["pvars"]) if v and type(v[0]) is int)
    d["pvars"][i][0] += 1
    return f"pvars[{i}][0]", d


def _another_decision(d: dict) -> tuple[str, dict]:
    last = len(d["history"]) - 1
    seat, text = d["history"][last]
    d["history"][last] = [seat, text + " ... "] if text != "pass" else [seat, "challenge"]
    return f"history[{last}][1]", d


def _another_decider(d: dict) -> tuple[str, dict]:
    seat, text = d["history"][0]
    d["history"][0] = [(seat + 1) % d["n"], text]
    return "history[0][0]", d


def _another_seed(d: dict) -> tuple[str, dict]:
    d["seed"] += 1
    return "", d


def _another_log_line(d: dict) -> tuple[str, dict]:
    d["log"][-1][0] = "game_begins"
    return f"log[{len(d['log']) - 1}][0]", d


def _fewer_decisions(d: dict) -> tuple[str, dict]:
    d["decisions"] -= 1
    return "decisions", d


FORGED = {"a hand": _swap_a_card_between_hands, "a variable": _another_number,
          "a history entry": _another_decision, "who decided": _another_decider,
          "the seed": _another_seed, "a log line": _another_log_line,
          "the decision count": _fewer_decisions}


@pytest.mark.parametrize("doc", ["window", "build", "melds"])
@pytest.mark.parametrize("forge", FORGED.values(), ids=FORGED.keys())
def test_a_forged_field_that_is_well_formed_is_refused_by_the_replay(doc: str, forge) -> None:
    """Issue 28: '`state_from_json` accepts a forged `history` entry'. Each document is
    replayed from its seed through its recorded decisions and compared field by field, so a
    change the structural check cannot see (the cards of two hands exchanged, a number, a
    decision, the seed) is refused, naming the first field that differs."""
    state = DOCS[doc]
    data = json.loads(json.dumps(state.to_json()))
    path, forged = forge(data)
    with pytest.raises(rulekit.StateDocumentError) as err:
        state.game.state_from_json(forged)
    if path:
        assert err.value.path == path, err.value
    assert "replayed from its seed and decisions" in err.value.problem or \
        "cannot be dealt" in err.value.problem
    assert state.game.state_from_json(json.loads(json.dumps(state.to_json()))) == state


def test_a_document_without_its_newer_optional_fields_still_loads() -> None:
    """Older documents lack ending_phase, teamvars or turn_flow: their defaults are compared."""
    state = DOCS["window"]
    data = json.loads(json.dumps(state.to_json()))
    for key in ("ending_phase", "teamvars", "turn_flow"):
        data.pop(key, None)
    assert state.game.state_from_json(data) == state
