"""The record across evenings (issue 31): rows added as games end, `rulekit stats`, and a
damaged, locked or foreign record set aside without stopping the game."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from cli_helpers import cli
from paths import TESTS
from rulekit_cli import record as record_module
from rulekit_cli.record import Entry, Record

RACE = str(TESTS / "variants" / "race.yaml")
ANSWERS = "1\n" * 60  # enough for any game of Race


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RULEKIT_DATA_DIR", str(tmp_path))
    return tmp_path


def _race(*extra: str, stdin: str = ANSWERS) -> tuple[int, str, str]:
    r = cli("play", RACE, "--seed", "5", *extra, stdin=stdin)
    return r.code, r.out, r.err


def _stats() -> list[dict]:
    r = cli("stats", "--json")
    assert r.code == 0, r.err
    return json.loads(r.out)


def _rows(data: Path) -> list[tuple]:
    with sqlite3.connect(data / "record.sqlite3") as db:
        return db.execute("SELECT game, variant, seat, name, opponents, won, score "
                          "FROM games ORDER BY id").fetchall()


def test_a_finished_game_adds_a_row_per_human_seat_and_stats_show_it(data: Path) -> None:
    code, out, err = _race("--seats", "human,random", "--names", "Ann")
    assert code == 0, err
    won = "Winner: Ann" in out
    [row] = _rows(data)
    assert row[:5] == ("Race", "", 0, "Ann", "random") and row[5] == int(won)
    code, _, err = _race("--seats", "human,human", "--transcript-ok")  # hot-seat: both seats
    assert code == 0, err
    assert [(r[2], r[3], r[4]) for r in _rows(data)[1:]] == [(0, "P1", "human"),
                                                             (1, "P2", "human")]
    stats = {s["opponents"]: s for s in _stats()}
    assert stats["random"]["played"] == 1 and stats["random"]["won"] == int(won)
    assert stats["random"]["game"] == "Race" and stats["random"]["variant"] is None
    assert stats["human"]["played"] == 2
    table = cli("stats")
    assert table.code == 0
    line = next(x for x in table.out.splitlines() if "random" in x)
    assert line.split()[:5] == ["Race", "-", "random", "1", str(int(won))]
    assert "3 games played" in table.out and str(data / "record.sqlite3") in table.out


def test_a_game_between_bots_or_stopped_before_its_end_is_not_recorded(data: Path) -> None:
    assert _race("--seats", "random,random")[0] == 0
    assert _race("--seats", "human,random", stdin="quit\n")[0] == 0
    assert _stats() == []
    r = cli("stats")
    assert r.code == 0 and "No game recorded yet" in r.out


def test_no_record_writes_nothing(data: Path) -> None:
    code, _, err = _race("--seats", "human,random", "--no-record", "--save",
                         str(data / "g.json"), stdin="1\nquit\n")
    assert code == 0, err
    r = cli("resume", str(data / "g.json"), "--no-record", stdin=ANSWERS)
    assert r.code == 0, r.err
    assert "Final scores" in r.out
    assert not (data / "record.sqlite3").exists()
    r = cli("resume", str(data / "g.json"), stdin=ANSWERS)  # over now: refused, not recorded
    assert r.code == 2 and not (data / "record.sqlite3").exists()


def test_a_resumed_game_is_recorded_once_at_its_end(data: Path) -> None:
    _race("--seats", "human,random", "--save", str(data / "g.json"), stdin="1\nquit\n")
    assert not (data / "record.sqlite3").exists()
    r = cli("resume", str(data / "g.json"), stdin=ANSWERS)
    assert r.code == 0, r.err
    assert len(_rows(data)) == 1


@pytest.mark.parametrize("damage", [b"not a database at all\n" * 40, b"SQLite format 3\x00" +
                                    b"\xff" * 200, "foreign"])
def test_a_damaged_record_is_set_aside_with_one_warning_and_the_game_plays(
        data: Path, damage: bytes | str) -> None:
    path = data / "record.sqlite3"
    if damage == "foreign":  # a database, but not a record
        with sqlite3.connect(path) as db:
            db.execute("CREATE TABLE games (x)")
            db.execute("PRAGMA user_version = 1")
        before = path.read_bytes()
    else:
        assert isinstance(damage, bytes)
        path.write_bytes(damage)
        before = damage
    code, out, err = _race("--seats", "human,random")
    assert code == 0 and "Final scores" in out
    [warning] = err.strip().splitlines()
    assert warning.startswith(f"rulekit: the record {path} ")
    assert "is set aside as record-" in warning and "a new record begins" in warning
    assert "Traceback" not in err
    [aside] = data.glob("record-*.damaged.sqlite3")
    assert aside.read_bytes() == before  # kept as it was, for whoever wants to look
    assert len(_rows(data)) == 1  # the new record has this game


def test_stats_on_a_damaged_record_say_so_and_leave_it_as_it_is(data: Path) -> None:
    (data / "record.sqlite3").write_bytes(b"\x00garbage" * 100)
    r = cli("stats")
    assert r.code == 1
    assert "cannot be read" in r.err and "No game recorded" not in r.out
    assert not list(data.glob("record-*")) and (data / "record.sqlite3").exists()


def test_stats_on_a_record_it_cannot_open_exit_1_without_saying_it_is_empty(data: Path) -> None:
    (data / "record.sqlite3").mkdir()
    r = cli("stats")
    assert r.code == 1 and "cannot use the record" in r.err
    assert "No game recorded" not in r.out


def _holding(path: Path) -> sqlite3.Connection:
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("CREATE TABLE IF NOT EXISTS held (x)")
    holder.execute("BEGIN EXCLUSIVE")  # another program holds the record and never lets go
    return holder


def test_a_busy_record_is_never_set_aside_the_game_plays_unrecorded(
        data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(record_module, "TIMEOUT", 0.01)  # the game is played in this process
    path = data / "record.sqlite3"
    _race("--seats", "human,random")
    holder = _holding(path)
    try:
        code, out, err = _race("--seats", "human,random")
        stats = cli("stats")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert code == 0 and "Final scores" in out
    [warning] = err.strip().splitlines()
    assert "is busy" in warning and "this game is not recorded" in warning
    assert stats.code == 1 and "is busy" in stats.err and "try again" in stats.err
    assert not list(data.glob("record-*"))
    assert len(_rows(data)) == 1  # the healthy record kept, with the first game


def test_a_seed_beyond_64_bits_is_recorded(data: Path) -> None:
    r = cli("play", RACE, "--seats", "human,random", "--seed", str(2**64 - 1), stdin=ANSWERS)
    assert r.code == 0 and r.err == "" and "Final scores" in r.out
    with sqlite3.connect(data / "record.sqlite3") as db:
        assert db.execute("SELECT seed FROM games").fetchall() == [(str(2**64 - 1),)]
    assert (data / "record.sqlite3").stat().st_mode & 0o777 == 0o600


def test_any_error_of_the_record_is_one_warning_line(
        data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def fails(self: Record, entries: list[Entry]) -> None:
        raise OverflowError("Python int too large to convert to SQLite INTEGER")
    monkeypatch.setattr(Record, "add", fails)
    code, out, err = _race("--seats", "human,random")
    assert code == 0 and "Final scores" in out
    [warning] = err.strip().splitlines()
    assert "this game is not recorded" in warning and "Traceback" not in err


def test_a_record_of_the_first_layout_is_carried_over(data: Path) -> None:
    path = data / "record.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute(record_module.SCHEMA.replace("seed TEXT", "seed INTEGER"))
        db.execute("INSERT INTO games VALUES (1, '2026-11-26T10:00:00+00:00', 'Race', 'race', "
                   "'', 2, 0, 'Ann', 'random', 1, 7, 0, 5)")
        db.execute("PRAGMA user_version = 1")
    assert [x["played"] for x in _stats()] == [1]  # read as it is
    code, _, err = _race("--seats", "human,random", "--names", "Ann")
    assert code == 0 and err == ""
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT seed FROM games").fetchall() == [("5",), ("5",)]
    [line] = Record(path).lines("Ann")
    assert line.played == 2


def test_a_record_written_by_a_newer_rulekit_is_left_alone(data: Path) -> None:
    path = data / "record.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {record_module.VERSION + 1}")
    code, _, err = _race("--seats", "human,random")
    assert code == 0
    assert "written by a newer rulekit" in err and "this game is not recorded" in err
    assert not list(data.glob("record-*"))


def test_games_ending_at_once_all_get_their_rows(data: Path) -> None:
    """Two terminals finishing games together: SQLite's lock makes each wait its turn."""
    path = data / "record.sqlite3"
    failures: list[BaseException] = []

    def finish(k: int) -> None:
        try:
            for i in range(10):
                Record(path).add([Entry("Race", "race", "", 2, 0, f"T{k}", "medium", i % 2 == 0,
                                        i, False, k * 100 + i)])
        except BaseException as e:  # noqa: BLE001 - reported below, in the test's thread
            failures.append(e)

    threads = [threading.Thread(target=finish, args=(k,)) for k in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
    [line] = Record(path).lines()
    assert (line.played, line.won, line.best) == (60, 30, 9)


def test_the_best_score_is_the_lowest_where_the_lowest_wins(data: Path) -> None:
    path = data / "record.sqlite3"
    for score, lower in ((12, True), (4, True), (30, True), (7, False), (9, False)):
        game = "Low" if lower else "High"
        Record(path).add([Entry(game, game.lower(), "", 2, 0, "Ann", "easy", False, score,
                                lower, 1)])
    best = {x.game: x.best for x in Record(path).lines()}
    assert best == {"Low": 4, "High": 9}


def test_stats_for_one_name_count_only_that_seats_games(data: Path) -> None:
    code, _, err = _race("--seats", "human,human", "--names", "Ann,Bob", "--transcript-ok")
    assert code == 0, err
    _race("--seats", "human,random", "--names", "Ann")
    ann = cli("stats", "--name", "ann", "--json")
    assert sorted((x["opponents"], x["played"]) for x in json.loads(ann.out)) == [
        ("human", 1), ("random", 1)]
    bob = json.loads(cli("stats", "--name", "Bob", "--json").out)
    assert [(x["opponents"], x["played"]) for x in bob] == [("human", 1)]
    nobody = cli("stats", "--name", "Zed")
    assert nobody.code == 0 and "No game recorded for 'Zed'." in nobody.out


def test_stats_for_a_name_compare_as_names_do(data: Path) -> None:
    code, _, err = _race("--seats", "human,random", "--names", "Zo\u0065\u0308")  # e + diaeresis
    assert code == 0, err
    for asked in ("ZO\u00cb", " zo\u00eb ", "zoe\u0308"):
        r = cli("stats", "--name", asked, "--json")
        assert r.code == 0 and [x["played"] for x in json.loads(r.out)] == [1], asked
    _race("--seats", "human,random", "--names", "STRASSE")
    assert [x["played"] for x in json.loads(cli("stats", "--name", "stra\u00dfe", "--json").out)
            ] == [1]  # casefold, which NOCASE is not


@pytest.mark.parametrize("name", ["\udcff", "A\u200bB", ""])
def test_stats_refuse_a_name_no_seat_could_have(data: Path, name: str) -> None:
    r = cli("stats", "--name", name)
    assert r.code == 2 and r.err.count("\n") == 1 and "Traceback" not in r.err


def test_two_terminals_finishing_games_together_both_get_their_rows(data: Path) -> None:
    env = {**os.environ, "RULEKIT_DATA_DIR": str(data), "NO_COLOR": "1"}
    runs = [subprocess.Popen([sys.executable, "-m", "rulekit_cli.main", "play", RACE,
                              "--seats", "human,random", "--seed", str(seed), "--names", name],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env)
            for seed, name in ((5, "Ann"), (6, "Bob"))]
    done = [p.communicate(ANSWERS, timeout=300) for p in runs]
    assert [p.returncode for p in runs] == [0, 0], done
    assert all(err == "" for _, err in done)
    assert sorted(r[3] for r in _rows(data)) == ["Ann", "Bob"]


def test_each_game_of_a_match_is_recorded_under_the_players_name(data: Path) -> None:
    code, _, err = _race("--seats", "human,random", "--games", "2", "--names", "Ann",
                         stdin=ANSWERS * 2)
    assert code == 0, err
    assert [(r[2], r[3]) for r in _rows(data)] == [(0, "Ann"), (1, "Ann")]  # seats rotate
    [line] = Record(data / "record.sqlite3").lines("Ann")
    assert line.played == 2
