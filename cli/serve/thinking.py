"""Bots think away from the event loop: in worker processes (the server) or threads (tests).

A worker gets the ruleset's file, the state as a document and the bot's kind and seed, and
answers the action's text; it deals the state again from the document (checked), so it holds
nothing of any table between two decisions. A bot's seed comes from the table's seed, its seat
and the decision's number, so a table restored after a restart plays on as it would have.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import multiprocessing.connection
import os
import threading
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from functools import lru_cache
from typing import Any

import rulekit
from rulekit.bots import make_bot


def bot_seed(table_seed: int, seat: int, decision: int) -> int:
    """The seed of the bot answering one decision (a function of the table, seat and turn)."""
    digest = hashlib.sha256(f"{table_seed}:{seat}:{decision}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@lru_cache(maxsize=32)
def _game(path: str, variant: str | None) -> rulekit.Game:
    return rulekit.load(path, variant, cached=True)


def think(path: str, variant: str | None, doc: dict[str, Any], seat: int, kind: str,
          seed: int) -> str:
    """The action (its text) a bot of kind at seat chooses in the state doc records."""
    game = _game(path, variant)
    state = game.state_from_json(doc)
    return make_bot(kind, game, seat, seed).choose(state).text


def watch_server() -> None:
    """In a bot worker: exit when the server that started it is gone, however it ended.

    A worker waits for work on a queue whose ends every worker holds too, so a server killed
    with SIGKILL (no chance to stop its pool) would leave its workers waiting for ever. The
    parent's sentinel (a pipe the server holds open for as long as it lives, forkserver and
    spawn alike) becomes readable when it dies: a thread waits on it and ends the worker."""
    parent = multiprocessing.parent_process()
    sentinel = None if parent is None else parent.sentinel
    if sentinel is None:  # not started by multiprocessing: nothing to watch
        return

    def wait() -> None:
        multiprocessing.connection.wait([sentinel])
        os._exit(0)  # no clean-up to run: the worker holds nothing but a compiled game

    threading.Thread(target=wait, name="rulekit-watch-server", daemon=True).start()


def executor(kind: str, workers: int | None = None) -> Executor:
    """Where bots think: 'process' (a pool of worker processes) or 'thread'."""
    n = workers or max(1, min(4, os.cpu_count() or 1))
    if kind == "process":
        # not fork: a forked worker would inherit the server's listening socket (and keep the
        # port after the server is killed) and the event loop's threads
        methods = multiprocessing.get_all_start_methods()
        method = "forkserver" if "forkserver" in methods else "spawn"
        return ProcessPoolExecutor(max_workers=n, mp_context=multiprocessing.get_context(method),
                                   initializer=watch_server)
    return ThreadPoolExecutor(max_workers=n, thread_name_prefix="rulekit-bot")
