"""rulekit serve beyond choosing: a spectator's view, `back`, the rules text, another language.

Driven in-process like tests/serve/test_serve.py. A spectator's messages over a whole game are
checked against worlds where every seat's hidden cards were dealt again: nothing in them depends
on a card hidden from every seat or private to one.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect
from test_serve import make_table, next_view, play_out, serving, table_of, token

import rulekit
from rulekit.view.events import HIDDEN


def test_a_spectator_sees_a_whole_game_as_a_table_and_nothing_a_seat_keeps_to_itself(tmp_path):
    with serving(tmp_path) as client:
        made = make_table(client, players=3, seats=["human", "human", "easy"])
        t = made["table"]
        logs: dict[int, list[dict[str, Any]]] = {0: [], 1: [], -1: []}
        with client.websocket_connect(f"/ws/{t}/{token(made['links'][0])}") as w0, \
                client.websocket_connect(f"/ws/{t}/{token(made['links'][1])}") as w1, \
                client.websocket_connect(f"/ws/{t}/{token(made['watch'])}") as watch:
            play_out({0: w0, 1: w1, -1: watch}, logs, seed=2)
        table = table_of(client, t)
        assert table.state.over
        r, seen = table.record, logs[-1][1:]
        assert logs[-1][0]["seat"] is None and len(seen) == table.decisions + 1
        s, journal = table.game.new_state(r.players, r.seed), rulekit.Journal()
        public_events = counted = 0
        for k, message in enumerate(seen):
            assert message["seat"] is None and message["back"] is False
            for _, text in table.state.history[len(s.history):message["decisions"]]:
                journal.apply(s, text)
            view = message["view"]
            assert view["seat"] is None and view["status"] is None
            question = view["question"]
            assert question is None or (not question["yours"] and question["options"] == [])
            for p in range(r.players):  # any one seat's hidden cards dealt again: the same view
                world = rulekit.resample(s, p, 100 * k + p)
                again = rulekit.seat_view(world, None, lang="en", names=table.names,
                                          since=view["since"], journal=journal)
                assert view == json.loads(again.to_json())
            for group in view["events"]:
                for event in group["events"]:  # an event some seat saw privately is hidden
                    audience = s.log[event["at"]][2]
                    assert audience is None or event["key"].endswith(HIDDEN), event
                    public_events += 1
            hands = [z for row in view["players"] for z in row["zones"] if z["name"] == "hand"]
            assert all(z["cards"] == [] for z in hands)  # a hand is its count only
            counted += sum(z["count"] for z in hands)
        assert public_events > 20 and counted > 0


def test_the_spectator_check_can_fail_a_seats_view_shows_its_hand(tmp_path):
    """Seat 0's own view changes when seat 1's resample deals seat 0's hand again: the check
    above (every seat's resample) would see that hand; the spectator's view does not change."""
    with serving(tmp_path) as client:
        made = make_table(client, players=3, seats=["human", "human", "easy"])
        table = table_of(client, made["table"])
        s, journal = table.state, table.journal
        mine = rulekit.seat_view(s, 0, journal=journal).to_json()
        assert rulekit.seat_view(rulekit.resample(s, 0, 3), 0, journal=journal).to_json() == mine
        other = rulekit.resample(s, 1, 3)
        assert rulekit.seat_view(other, 0, journal=journal).to_json() != mine
        public = rulekit.seat_view(s, None, journal=journal).to_json()
        assert rulekit.seat_view(other, None, journal=journal).to_json() == public


def test_back_undoes_a_step_of_the_move_being_put_together_and_forgets_it(tmp_path):
    with serving(tmp_path) as client:
        made = make_table(client, players=3, seats=["human", "easy", "easy"])  # seed 5
        t = made["table"]
        link = f"/ws/{t}/{token(made['links'][0])}"
        with client.websocket_connect(link) as ws:
            first = next_view(ws, [])
            assert first["back"] is False and first["view"]["question"]["kind"] == "turn"
            ws.send_json({"type": "back", "decision": 0})  # nothing to undo yet
            refused = ws.receive_json()
            assert refused["error"] == "NothingToUndoError"
            assert "first choice of your move" in refused["message"]
            swap = [o["action"] for o in first["view"]["question"]["options"]].index("swap_hands")
            ws.send_json({"type": "choose", "decision": 0, "option": swap})
            step = next_view(ws, [])
            assert step["decisions"] == 1 and step["back"] is True
            assert step["view"]["question"]["kind"] == "param"
            ws.send_json({"type": "back", "decision": 0})  # sent at a decision now gone
            assert ws.receive_json()["error"] == "StaleDecisionError"
            ws.send_json({"type": "back", "decision": 1})
            again = next_view(ws, [])
            assert again["decisions"] == 0 and again["back"] is False
            assert again["view"] == first["view"]  # as before the step: nothing was played
        assert table_of(client, t).decisions == 0
    with serving(tmp_path) as client:  # the step taken back is not in the database either
        assert table_of(client, t).decisions == 0


def test_rules_text_and_another_language_on_request(tmp_path):
    with serving(tmp_path) as client:
        made = make_table(client, players=3, seats=["human", "easy", "easy"])
        with client.websocket_connect(f"/ws/{made['table']}/{token(made['links'][0])}") as ws:
            hello = ws.receive_json()
            assert hello["languages"] == ["en", "fr", "es"] and hello["lang"] == "en"
            english = next_view(ws, [])
            ws.send_json({"type": "rules"})
            rules = ws.receive_json()
            game = table_of(client, made["table"]).game
            assert rules["type"] == "rules" and rules["text"] == game.table.rules_text["en"].strip()
            ws.send_json({"type": "lang", "lang": "fr"})
            french = ws.receive_json()
            assert french["decisions"] == english["decisions"] and french["view"]["lang"] == "fr"
            assert french["view"]["question"] != english["view"]["question"]
            ws.send_json({"type": "rules"})
            assert ws.receive_json()["text"] == game.table.rules_text["fr"].strip()
            ws.send_json({"type": "lang", "lang": "de"})
            refused = ws.receive_json()
            assert refused["error"] == "BadMessageError" and "en, fr, es" in refused["message"]
            ws.send_json({"type": "choose", "decision": 0, "option": 0})
            assert next_view(ws, [])["view"]["lang"] == "fr"  # the switch holds for what follows


def test_a_flood_of_rules_or_language_requests_closes_that_connection(tmp_path):
    """They change nothing in the game but cost the server work: counted like refusals."""
    with serving(tmp_path) as client:
        made = make_table(client, players=3, seats=["human", "human", "easy"])
        t = made["table"]
        with client.websocket_connect(f"/ws/{t}/{token(made['links'][0])}") as w0, \
                client.websocket_connect(f"/ws/{t}/{token(made['links'][1])}") as w1:
            next_view(w0, [])
            next_view(w1, [])
            for k in range(500):  # far more than a person asks, sent at once
                w0.send_json({"type": "lang", "lang": "fr"} if k % 2 else {"type": "rules"})
            with pytest.raises(WebSocketDisconnect):
                while True:
                    w0.receive_json()
            w1.send_json({"type": "rules"})  # the other seat is still served
            assert w1.receive_json()["type"] == "rules"
