"""Bots think away from the event loop: in worker processes (the server) or threads (tests).

A worker gets the ruleset's file, the state as a document and the bot's kind and seed, and
answers the action's text. It deals the state again from the document (checked), or, when it
answered for the same game before, goes on from the state it kept then with the decisions made
since, and uses it only if it is the document exactly: a long match would otherwise replay every
decision for each bot move (its bots' cost growing as the square of its length). What it keeps
is a cache: a worker answers the same whether it has it or not. A bot's seed comes from the
table's seed, its seat and the decision's number, so a table restored after a restart plays on
as it would have.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import multiprocessing.connection
import os
import threading
from collections import OrderedDict
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


KEPT_STATES = 64  # games a worker (or thread) keeps a state of, the least recently used dropped
_kept = threading.local()  # per thread: a state is never shared by two bots thinking at once


def think(path: str, variant: str | None, doc: dict[str, Any], seat: int, kind: str,
          seed: int) -> str:
    """The action (its text) a bot of kind at seat chooses in the state doc records."""
    game = _game(path, variant)
    state = _state(game, (path, variant, doc["n"], doc["seed"], doc["log"] is None), doc)
    return make_bot(kind, game, seat, seed).choose(state).text


def _state(game: rulekit.Game, key: tuple[Any, ...], doc: dict[str, Any]) -> rulekit.State:
    """The state doc records: the one kept for key carried on by the decisions doc adds, when
    that gives doc exactly; else dealt again from doc (checked)."""
    kept: OrderedDict[tuple[Any, ...], rulekit.State] = _kept.__dict__.setdefault(
        "states", OrderedDict())
    state = _carried_on(kept.get(key), doc["history"])
    if state is None or state.to_json() != doc:
        state = game.state_from_json(doc)
    kept[key] = state.clone()
    kept.move_to_end(key)
    while len(kept) > KEPT_STATES:
        kept.popitem(last=False)
    return state


def _carried_on(held: rulekit.State | None, history: list[Any]) -> rulekit.State | None:
    """A copy of held with the decisions of history it has not made yet, or None if held is
    not on the way to history."""
    if held is None or len(held.history) > len(history):
        return None
    if any(tuple(h) != tuple(d) for h, d in zip(held.history, history, strict=False)):
        return None
    state = held.clone()
    for seat, text in history[len(held.history):]:
        if state.is_over or state.decider != seat:
            return None
        try:
            state.apply(text)
        except rulekit.RulekitError:
            return None
    return state


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
