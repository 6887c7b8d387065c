"""benchmarks/serve_leaks.py: whole games through the server find no leak, and a planted leak
(another seat's hand in one view, a secret in a hello) is counted, so the benchmark can fail.
Never about time: one small game per ruleset, counted."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import sys
from typing import Any

import pytest
from paths import ROOT
from rulekit_cli.serve import tables
from rulekit_cli.serve.games import catalogue

BENCH = ROOT / "benchmarks"
SMALL = ("crazy_eights", "shamus")
SEED = 7  # short games of both (some 40 and 60 decisions)


@pytest.fixture
def leaks(monkeypatch):
    """The benchmark's module, serving only the small games (the others are not compiled)."""
    monkeypatch.syspath_prepend(str(BENCH))  # its own imports: matchplay, strategies
    spec = importlib.util.spec_from_file_location("bench_serve_leaks", BENCH / "serve_leaks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "bench_serve_leaks", module)
    spec.loader.exec_module(module)
    small = {k: v for k, v in catalogue().items() if k in SMALL}
    monkeypatch.setattr(module, "games", lambda: small)
    return module


def test_whole_games_of_two_rulesets_check_every_message_and_find_no_leak(leaks, tmp_path,
                                                                         capsys):
    out = tmp_path / "leaks.json"
    status = leaks.main(["--games", "1", "--rulesets", ",".join(SMALL), "--workers", "1",
                         "--seed", str(SEED), "--json", str(out)])
    printed = capsys.readouterr().out
    data = json.loads(out.read_text())
    assert status == 0, printed
    assert data["benchmark"] == "serve_leaks" and data["leaks"] == []
    rows = {r["ruleset"]: r for r in data["rows"]}
    assert set(rows) == set(SMALL)
    for row in rows.values():
        assert row["games"] == 1 and row["leaks"] == 0 and row["failed"] == 0
        assert row["slow_bot_moves"] == 0  # the bots chose from the server's own state
        assert row["bots"] == 1 and row["clients"] == row["players"] - 1
        # each connection (the clients and a spectator) checked at each decision, hellos too
        assert row["messages"] >= (row["clients"] + 1) * (row["decisions"] + 2) > 100
    assert rows["crazy_eights"]["players"] == 4 and rows["shamus"]["players"] == 2
    assert "messages checked" in printed and "games in" in printed


def test_a_planted_leak_in_one_view_and_in_one_hello_is_counted(leaks, monkeypatch):
    """Seat 1 is sent seat 0's zones (the bot's hand) at decision 3, and the first hello (seat
    1's) carries the deck's order: two leaks, each shown where it differs."""
    message_for = tables.Table.message_for
    summary = tables.Table.summary
    calls = []

    def leaky_message(self: Any, seat: int, lang: str | None = None) -> dict[str, Any]:
        out = message_for(self, seat, lang)
        if seat == 1 and self.decisions == 3:
            v, theirs = out["view"], message_for(self, 0, lang)["view"]
            rows = list(v.players)
            rows[0] = dataclasses.replace(rows[0], zones=theirs.players[0].zones)
            out["view"] = dataclasses.replace(v, players=tuple(rows))
        return out

    def leaky_summary(self: Any) -> dict[str, Any]:
        calls.append(1)  # the first call answers the table's creation, the second a hello
        return {**summary(self), **({"deck": self.state.to_json()} if len(calls) == 2 else {})}

    monkeypatch.setattr(tables.Table, "message_for", leaky_message)
    monkeypatch.setattr(tables.Table, "summary", leaky_summary)
    (task,), _ = leaks.tasks_of(["crazy_eights"], 1, SEED, "random", None)
    assert task.seats == ("random", "human", "human", "human")  # game 0: seat 0 is the bot
    result = leaks.play(task)
    assert result.failed is None and result.leaks == 2
    hello, view = result.examples
    assert (hello["message"], hello["connection"]) == ("hello", 1)
    assert [p.split(":")[0] for p in hello["problems"]] == ["$.deck"]
    assert (view["message"], view["connection"], view["decisions"]) == ("view", 1, 3)
    assert view["problems"] and all(p.startswith("$.view.players[0].zones")
                                    for p in view["problems"])
