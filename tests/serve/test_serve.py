"""rulekit serve, driven in-process by Starlette's test client (no browser, no port).

A table is made, people play it over WebSockets against a bot, and every message a seat gets is
checked against what that seat may know; forged choices, wrong links and other sites are
refused; a server started again on the same data folder has every table back, exactly.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from paths import ROOT
from rulekit_cli.serve.app import create_app
from rulekit_cli.serve.games import catalogue
from rulekit_cli.serve.store import DB_NAME, SqliteStore
from starlette.testclient import TestClient, WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect

import rulekit

GAMES = catalogue()


@contextmanager
def serving(data: Path, games: Any = None, bots: str = "thread") -> Iterator[TestClient]:
    """A server on data (restoring what it holds), open for the length of the block."""
    app = create_app(games or GAMES, SqliteStore(data), bots=bots, workers=1)
    with TestClient(app) as client:
        yield client


def make_table(client: TestClient, **request: Any) -> dict[str, Any]:
    """POST a table; its answer (links per seat)."""
    answer = client.post("/api/tables", json={"game": "sham", "seed": 5, **request})
    assert answer.status_code == 201, answer.text
    return answer.json()


def token(link: str) -> str:
    """The token at the end of a seat's link."""
    return link.rsplit("/", 1)[1]


def next_view(ws: Any, log: list[dict[str, Any]]) -> dict[str, Any]:
    """The next view message on ws (each message kept in log)."""
    while True:
        message = ws.receive_json()
        log.append(message)
        if message["type"] == "view":
            return message
        assert message["type"] == "hello", message


def table_of(client: TestClient, table: str) -> Any:
    """The server's table (the test reads the state the server keeps)."""
    return client.app.state.server.tables[table]  # type: ignore[attr-defined]


def play_out(sockets: dict[int, Any], logs: dict[int, list[dict[str, Any]]], seed: int,
             stop_after: int | None = None) -> dict[int, dict[str, Any]]:
    """People at sockets' seats answer at random until the game ends (or, past stop_after
    decisions, one of them is asked); each socket gets one view per decision, in order. The
    last views."""
    rng = random.Random(seed)
    views = {seat: next_view(ws, logs[seat]) for seat, ws in sockets.items()}
    while not views[min(views)]["view"]["over"]:
        asked = views[min(views)]["view"]["question"]["asked"]
        if (stop_after is not None and views[min(views)]["decisions"] >= stop_after
                and asked in sockets):
            break  # a person is asked: no bot moves while the test looks
        if asked in sockets:
            options = views[asked]["view"]["question"]["options"]
            sockets[asked].send_json({"type": "choose", "decision": views[asked]["decisions"],
                                      "option": rng.randrange(len(options))})
        for seat, ws in sockets.items():
            message = next_view(ws, logs[seat])
            assert message["decisions"] == views[seat]["decisions"] + 1
            views[seat] = message
    return views


def test_two_people_and_a_bot_play_sham_to_the_end_and_learn_only_what_their_seat_may(tmp_path):
    """Each message to a seat is its view, equal to that seat's view of a world where the cards
    it cannot see were dealt again: nothing in it depends on what the seat may not know."""
    with serving(tmp_path) as client:
        made = make_table(client, players=3, seats=["human", "human", "easy"])
        assert made["links"][2] is None  # a bot's seat has no link
        logs: dict[int, list[dict[str, Any]]] = {0: [], 1: []}
        with client.websocket_connect(f"/ws/{made['table']}/{token(made['links'][0])}") as w0, \
                client.websocket_connect(f"/ws/{made['table']}/{token(made['links'][1])}") as w1:
            last = play_out({0: w0, 1: w1}, logs, seed=1)
        table = table_of(client, made["table"])
        assert table.state.over and last[0]["view"]["outcome"] is not None
        assert last[0]["decisions"] == len(table.state.history) > 20
        assert {s for s, _ in table.state.history} == {0, 1, 2}  # the bot played too
        compared = 0
        r = table.record
        for seat, log in logs.items():
            assert log[0]["type"] == "hello" and log[0]["seat"] == seat
            s, journal = table.game.new_state(r.players, r.seed), rulekit.Journal()
            for k, message in enumerate(log[1:]):
                assert set(message) == {"type", "table", "decisions", "seat", "back", "view"}
                assert message["seat"] == seat
                for _, text in table.state.history[len(s.history):message["decisions"]]:
                    journal.apply(s, text)  # the game as it stood when the message was sent
                world = rulekit.resample(s, seat, 7 + k)
                seen = rulekit.seat_view(world, seat, lang="en", names=table.names,
                                         journal=journal)
                assert message["view"] == json.loads(seen.to_json())
                compared += 1
        assert compared == len(logs[0]) + len(logs[1]) - 2 > 40


def test_the_check_above_can_fail_another_seats_view_differs(tmp_path):
    """Seat 1's view is not seat 0's: the comparison above would see a leak."""
    with serving(tmp_path) as client:
        made = make_table(client, players=3, seats=["human", "human", "human"])
        with client.websocket_connect(f"/ws/{made['table']}/{token(made['links'][0])}") as w0:
            w0.receive_json()
            view0 = w0.receive_json()["view"]
        table = table_of(client, made["table"])
        other = rulekit.seat_view(table.state, 1, names=table.names, journal=table.journal)
        assert view0 != json.loads(other.to_json())


def test_forged_stale_and_other_seats_choices_are_refused_to_that_connection_only(tmp_path):
    with serving(tmp_path) as client:
        made = make_table(client, players=3, seats=["human", "human", "human"])
        t = made["table"]
        socks = [client.websocket_connect(f"/ws/{t}/{token(link)}") for link in made["links"]]
        watch = client.websocket_connect(f"/ws/{t}/{token(made['watch'])}")
        with socks[0] as w0, socks[1] as w1, socks[2] as w2, watch as spectator:
            ws = [w0, w1, w2]
            first = [next_view(w, []) for w in ws]
            public = next_view(spectator, [])
            assert public["seat"] is None and public["view"]["question"]["options"] == []
            asked = first[0]["view"]["question"]["asked"]
            other = ws[(asked + 1) % 3]
            me = ws[asked]
            refusals = [
                (other, {"type": "choose", "decision": 0, "option": 0}, "NotYourDecisionError"),
                (me, {"type": "choose", "decision": 0, "option": 999}, "UnknownOptionError"),
                (me, {"type": "choose", "decision": 0, "option": "take every card"},
                 "UnknownOptionError"),
                (me, {"type": "choose", "decision": 3, "option": 0}, "StaleDecisionError"),
                (me, {"type": "choose", "option": 0}, "BadMessageError"),
                (me, {"type": "shout"}, "BadMessageError"),
                (spectator, {"type": "choose", "decision": 0, "option": 0},
                 "NotYourDecisionError"),
            ]
            for sender, message, error in refusals:
                sender.send_json(message)
                answer = sender.receive_json()
                assert answer["type"] == "error" and answer["error"] == error, answer
                assert answer["message"]
            me.send_text("{not json")
            assert me.receive_json()["error"] == "BadMessageError"
            assert table_of(client, t).decisions == 0  # the game unchanged
            good = {"type": "choose", "decision": 0, "option": 0}
            me.send_json(good)
            # everyone's next message is the new view: no one got another's refusals
            for w in [*ws, spectator]:
                assert w.receive_json()["decisions"] == 1
            me.send_json(good)  # the same message again: a replay
            assert me.receive_json()["error"] == "StaleDecisionError"
            assert table_of(client, t).decisions == 1


def test_a_message_over_the_size_limit_closes_that_connection_only(tmp_path):
    with serving(tmp_path) as client:
        made = make_table(client, players=3, seats=["human", "human", "human"])
        t = made["table"]
        with client.websocket_connect(f"/ws/{t}/{token(made['links'][0])}") as w0, \
                client.websocket_connect(f"/ws/{t}/{token(made['links'][1])}") as w1:
            next_view(w0, [])
            next_view(w1, [])
            w0.send_text("x" * 100_000)
            assert w0.receive_json()["error"] == "BadMessageError"
            with pytest.raises(WebSocketDisconnect) as closed:
                w0.receive_json()
            assert closed.value.code == 1008
            w1.send_text("[]")  # the other seat is still served
            assert w1.receive_json()["error"] == "BadMessageError"


def test_a_flood_of_refused_messages_closes_the_connection(tmp_path):
    with serving(tmp_path) as client:
        made = make_table(client, players=3, seats=["human", "human", "human"])
        with client.websocket_connect(f"/ws/{made['table']}/{token(made['links'][1])}") as w:
            next_view(w, [])
            for _ in range(1000):  # far more than a person clicks, sent at once
                w.send_text("{}")
            with pytest.raises(WebSocketDisconnect):
                while True:
                    w.receive_json()


@pytest.mark.parametrize("which", ["wrong", "guessed", "other table", "no table"])
def test_a_wrong_token_gets_403(tmp_path, which):
    with serving(tmp_path) as client:
        a = make_table(client, players=3, seats=["human", "human", "human"])
        b = make_table(client, players=3, seats=["human", "easy", "easy"])
        good = token(a["links"][0])
        table, tok = {"wrong": (a["table"], good[:-1] + ("A" if good[-1] != "A" else "B")),
                      "guessed": (a["table"], "0" * 43),
                      "other table": (a["table"], token(b["links"][0])),
                      "no table": ("nosuchtable", good)}[which]
        with pytest.raises(WebSocketDenialResponse) as refused:
            client.websocket_connect(f"/ws/{table}/{tok}").__enter__()
        assert refused.value.status_code == 403
        assert client.get(f"/t/{table}/{tok}").status_code == 403
        assert client.get(f"/t/{a['table']}/{good}").status_code == 200


def test_another_origin_is_refused(tmp_path):
    with serving(tmp_path) as client:
        made = make_table(client, players=3, seats=["human", "easy", "easy"])
        path = f"/ws/{made['table']}/{token(made['links'][0])}"
        with pytest.raises(WebSocketDenialResponse) as refused:
            client.websocket_connect(path, headers={"origin": "http://evil.example"}).__enter__()
        assert refused.value.status_code == 403
        with client.websocket_connect(path, headers={"origin": "http://testserver"}) as ws:
            assert ws.receive_json()["type"] == "hello"
        answer = client.post("/api/tables", json={"game": "sham"},
                             headers={"origin": "http://evil.example"})
        assert answer.status_code == 403 and answer.json()["error"] == "OriginError"


def test_a_server_started_again_restores_every_table_exactly(tmp_path):
    logs: dict[int, list[dict[str, Any]]] = {0: []}
    with serving(tmp_path) as client:
        made = make_table(client, players=4, seats=["human", "easy", "random", "easy"])
        quiet = make_table(client, game="uno", players=2, seats=["human", "human"])
        t = made["table"]
        link0 = f"/ws/{t}/{token(made['links'][0])}"
        with client.websocket_connect(link0) as w0:
            before = play_out({0: w0}, logs, seed=3, stop_after=12)[0]
        state_before = table_of(client, t).state.to_json()
        assert table_of(client, t).decisions >= 12
    with serving(tmp_path) as client:  # a new server, the same data folder
        table = table_of(client, t)
        assert table.state.to_json() == state_before
        assert table_of(client, quiet["table"]).decisions == 0
        log: list[dict[str, Any]] = []
        with client.websocket_connect(link0) as w0:  # the same link: the seat back
            play_out({0: w0}, {0: log}, seed=4, stop_after=before["decisions"] + 4)
        hello, again = log[:2]
        assert hello["seat"] == 0 and hello["decisions"] == before["decisions"]
        assert again == before  # the same view, where the player left it
        assert table.decisions >= before["decisions"] + 4  # and the game goes on


def test_a_damaged_database_is_named_and_left_as_it_was(tmp_path, capsys):
    db = tmp_path / DB_NAME
    junk = b"this is not a database " * 100
    db.write_bytes(junk)
    with pytest.raises(rulekit.UsageError, match=str(db).replace("\\", "\\\\")):
        SqliteStore(tmp_path)
    assert db.read_bytes() == junk
    from rulekit_cli.main import main

    assert main(["serve", "--data", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert str(db) in err and "Nothing was changed" in err
    assert db.read_bytes() == junk


def test_a_database_of_another_program_is_refused(tmp_path):
    import sqlite3

    db = tmp_path / DB_NAME
    other = sqlite3.connect(db)
    other.execute("CREATE TABLE mine (x)")
    other.commit()
    other.close()
    size = db.stat().st_size
    with pytest.raises(rulekit.UsageError, match="not a rulekit serve database"):
        SqliteStore(tmp_path)
    assert db.stat().st_size == size


def test_script_in_a_rulesets_texts_arrives_as_text_and_the_page_inserts_only_text(tmp_path):
    source = Path(rulekit.__file__).parent.parent / "rulesets" / "sham.yaml"
    planted = tmp_path / "planted.yaml"
    evil = "<script>alert(1)</script>"
    text = source.read_text(encoding="utf-8").replace("name: SHAM", f'name: "{evil}"', 1)
    planted.write_text(text, encoding="utf-8")
    games = catalogue([str(planted)])
    with serving(tmp_path / "data", games) as client:
        listed = {g["key"]: g for g in client.get("/api/games").json()}
        assert listed["planted"]["name"] == evil
        made = make_table(client, game="planted", players=3,
                          names=[evil, "<img src=x onerror=alert(2)>", "Bo"],
                          seats=["human", "human", "easy"])
        with client.websocket_connect(f"/ws/{made['table']}/{token(made['links'][0])}") as ws:
            assert ws.receive_json()["name"] == evil
            view = ws.receive_json()["view"]
        assert view["game"] == evil and view["players"][0]["name"] == evil
        served = client.get("/")
    page = served.text
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert sink not in page
    assert "textContent" in page
    policy = served.headers["content-security-policy"]
    assert "script-src 'sha256-" in policy and "unsafe-inline" not in policy.split("style-src")[0]
    assert served.headers["referrer-policy"] == "no-referrer"


def test_a_table_request_is_checked(tmp_path):
    with serving(tmp_path) as client:
        for request, words in (
                ({"game": "chess"}, "game is one of"),
                ({"game": "sham", "players": 9}, "3 to 7"),
                ({"game": "sham", "players": 3, "seats": ["easy", "easy", "easy"]}, "human"),
                ({"game": "sham", "players": 3, "seats": ["human", "god", "easy"]}, "god"),
                ({"game": "sham", "lang": "xx"}, "speaks"),
                ({"game": "sham", "variant": "nope"}, "nope")):
            answer = client.post("/api/tables", json=request)
            assert answer.status_code == 400, (request, answer.text)
            assert words in answer.json()["message"]
        assert client.post("/api/tables", content=b"{" * 20_000).status_code == 400
        assert client.app.state.server.tables == {}  # type: ignore[attr-defined]


def test_bots_think_in_worker_processes(tmp_path):
    """The server's default: a bot's move comes from a process pool."""
    with serving(tmp_path, bots="process") as client:
        made = make_table(client, players=3, seats=["easy", "human", "easy"], seed=2)
        with client.websocket_connect(f"/ws/{made['table']}/{token(made['links'][1])}") as ws:
            seen = next_view(ws, [])
            while seen["view"]["question"]["asked"] != 1:
                seen = next_view(ws, [])
        assert seen["decisions"] >= 1


def test_rulekit_serve_listens_on_this_machine_by_default(tmp_path, monkeypatch, capsys):
    import uvicorn
    from rulekit_cli.main import main

    ran: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: ran.update(kw))
    assert main(["serve", "--data", str(tmp_path), "--port", "8123"]) == 0
    assert ran["host"] == "127.0.0.1" and ran["port"] == 8123
    assert "http://127.0.0.1:8123/" in capsys.readouterr().out


def test_the_server_and_its_page_are_installed():
    """pip install . ships the server's package and its page (package data)."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml")
                           .read_text(encoding="utf-8"))
    tool = config["tool"]["setuptools"]
    assert "rulekit_cli.serve" in tool["packages"]
    assert tool["package-data"]["rulekit_cli.serve"] == ["page.html"]
    extras = config["project"]["optional-dependencies"]
    assert any(x.startswith("starlette") for x in extras["serve"])
    assert any("serve" in x for x in extras["test"] if x.startswith("rulekit["))
