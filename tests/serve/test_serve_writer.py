"""The store's writer: decisions kept off the event loop, the waiting ones in one commit."""

from __future__ import annotations

import asyncio
import threading

import pytest
from rulekit_cli.serve.errors import StoreError
from rulekit_cli.serve.writer import Writer


class SlowStore:
    """A store whose commit takes a while (as a disk flush does), recording each group."""

    def __init__(self, fail: bool = False):
        self.groups: list[list[tuple[str, int, int, str]]] = []
        self.fail = fail
        self.threads: set[str] = set()
        self.gate = threading.Event()

    def add_decisions(self, rows):
        self.threads.add(threading.current_thread().name)
        self.gate.wait(5)  # the first commit waits until every table has queued its decision
        if self.fail:
            raise StoreError("cannot write to the database: disk full")
        self.groups.append(list(rows))


async def _decide(writer: Writer, tables: int) -> list[BaseException | None]:
    tasks = [asyncio.create_task(writer.decision(f"t{k}", 0, 0, "place")) for k in range(tables)]
    await asyncio.sleep(0.05)  # every table has queued: let the first commit finish
    writer.store.gate.set()  # type: ignore[attr-defined]
    return list(await asyncio.gather(*tasks, return_exceptions=True))


def test_the_decisions_of_tables_waiting_for_a_commit_go_in_the_next_one():
    store = SlowStore()
    writer = Writer(store)  # type: ignore[arg-type]
    results = asyncio.run(_decide(writer, 30))
    writer.close()
    assert results == [None] * 30
    assert sorted(r[0] for g in store.groups for r in g) == sorted(f"t{k}" for k in range(30))
    assert len(store.groups) <= 2  # not one commit per table: those waiting go together
    assert store.threads == {"rulekit-store_0"}  # never the event loop's thread


def test_a_group_not_kept_is_a_store_error_for_each_of_its_tables():
    store = SlowStore(fail=True)
    writer = Writer(store)  # type: ignore[arg-type]
    results = asyncio.run(_decide(writer, 5))
    writer.close()
    assert all(isinstance(r, StoreError) for r in results)
    with pytest.raises(StoreError, match="disk full"):
        raise results[0]  # type: ignore[misc]


def test_the_store_waits_for_the_disk_unless_told_it_need_not(tmp_path):
    from rulekit_cli.serve.store import SqliteStore

    full = SqliteStore(tmp_path / "a")
    assert full.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL, the default
    full.close()
    normal = SqliteStore(tmp_path / "b", sync="normal")
    assert normal.db.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
    assert normal.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    normal.close()
    with pytest.raises(StoreError, match="full, normal"):
        SqliteStore(tmp_path / "c", sync="sometimes")


def test_rulekit_serve_passes_sync_to_the_store(tmp_path, monkeypatch):
    import uvicorn
    from rulekit_cli.main import main

    ran: dict = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: ran.update(app=app))
    assert main(["serve", "--data", str(tmp_path), "--sync", "normal"]) == 0
    store = ran["app"].state.server.store
    assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 1
    store.close()


def test_a_store_that_does_not_wait_for_the_disk_is_written_on_the_loop(tmp_path):
    """--sync normal: a commit takes microseconds, so no hop to the store's thread."""
    store = SlowStore()
    store.gate.set()
    writer = Writer(store, inline=True)  # type: ignore[arg-type]

    async def two() -> None:
        await writer.decision("t", 0, 0, "place")
        await writer.decision("t", 1, 1, "pass")

    asyncio.run(two())
    writer.close()
    assert store.groups == [[("t", 0, 0, "place")], [("t", 1, 1, "pass")]]
    assert store.threads == {threading.main_thread().name}
