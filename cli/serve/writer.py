"""The store's writes, off the event loop and in groups: one commit for every decision waiting.

A decision is on disk before anyone is sent the view that follows it (SQLite's synchronous=FULL
makes each commit wait for the disk: some milliseconds). Done on the event loop, each commit
stalled every table; done here, in one thread of its own, the decisions of all the tables that
moved while the last commit was on its way go to the disk in the next one, so a hundred tables
wait for one disk flush, not a hundred.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from .store import Store

T = TypeVar("T")
Row = tuple[str, int, int, str]  # table, decision number, seat, action


class Writer:
    """Every use of the store, in order, in one thread; decisions committed in groups."""

    def __init__(self, store: Store, inline: bool = False):
        self.store = store
        # a commit that does not wait for the disk takes some microseconds: then the hop to the
        # thread and back (tens of milliseconds on a busy machine) would cost more than it saves
        self.inline = inline
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rulekit-store")
        self.pending: list[tuple[Row, asyncio.Future[None]]] = []
        self.flushing: asyncio.Task[None] | None = None

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """fn(*args) in the store's thread (after the writes queued before it)."""
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)

    async def decision(self, table: str, n: int, seat: int, action: str) -> None:
        """Keep decision n of a table; returns once it is committed (StoreError if it is not)."""
        if self.inline:
            self.store.add_decisions([(table, n, seat, action)])
            return
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.pending.append(((table, n, seat, action), done))
        if self.flushing is None or self.flushing.done():
            self.flushing = asyncio.create_task(self._flush())
        await done

    async def _flush(self) -> None:
        while self.pending:
            batch, self.pending = self.pending, []
            try:
                await self.call(self.store.add_decisions, [row for row, _ in batch])
            except Exception as e:  # the whole group was not kept: each table is told
                for _, done in batch:
                    if not done.done():
                        done.set_exception(e)
            else:
                for _, done in batch:
                    if not done.done():
                        done.set_result(None)

    def close(self) -> None:
        """Finish the writes under way, then let the thread go."""
        self.pool.shutdown(wait=True)
