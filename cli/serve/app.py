"""The ASGI application: the page, the games and tables API, and a WebSocket per seat.

Starlette (with uvicorn to serve it): small, typed, WebSockets built in, and a test client that
drives the real application in-process, so the server's tests need no browser and no port.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import gc
import json
import logging
import time
from collections.abc import AsyncIterator
from concurrent.futures import Executor
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket

import rulekit

from . import page, tables
from .errors import (
    BadMessageError,
    ForbiddenError,
    NotYourDecisionError,
    OriginError,
    ServeError,
    StoreError,
    TableBusyError,
    TableLostError,
)
from .games import GameEntry
from .store import Store
from .tables import WATCH, Table
from .thinking import bot_seed, executor, think
from .writer import Writer

log = logging.getLogger("rulekit.serve")
MAX_MESSAGE = 4096  # characters of one message from a page (a choice is some 60)
MAX_REQUEST = 16 * 1024  # bytes of a table's creation request
OUTBOX = 64  # messages waiting for a connection that does not read: then it is closed
BURST, RATE = 60, 5.0  # refusals (and rules or language requests) a connection may earn at
# once, and per second after that


class Bucket:
    """A token bucket: a connection refused faster than RATE for long is closed."""

    def __init__(self) -> None:
        self.tokens = float(BURST)
        self.at = time.monotonic()

    def take(self) -> bool:
        """Whether one more message is allowed now."""
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.at) * RATE)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Connection:
    """One open WebSocket: its seat and the messages waiting to be written to it."""

    def __init__(self, ws: WebSocket, seat: int, lang: str):
        self.ws = ws
        self.seat = seat
        self.lang = lang  # the language its views are in (the page may switch it)
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(OUTBOX)
        self.bucket = Bucket()

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message, or its JSON text (never waits: a connection too far behind is
        closed instead)."""
        try:
            self.outbox.put_nowait(message if isinstance(message, str) else encode(message))
        except asyncio.QueueFull:
            self.stop()

    def stop(self) -> None:
        """Ask the writer to close the connection."""
        with contextlib.suppress(asyncio.QueueFull):
            self.outbox.put_nowait(None)

    async def write(self) -> None:
        """Write queued messages until told to stop (or the socket fails)."""
        while (text := await self.outbox.get()) is not None:
            await self.ws.send_text(text)
        with contextlib.suppress(Exception):
            await self.ws.close(code=1008)


def encode(message: dict[str, Any]) -> str:
    """A message as JSON text; a view (frozen dataclasses) is written as it goes, each
    dataclass as the object of its fields, without first copying it into dicts."""
    return json.dumps(message, ensure_ascii=False, default=_fields_of)


_FIELDS: dict[type, tuple[str, ...]] = {}


def _fields_of(x: Any) -> dict[str, Any]:
    cls = type(x)
    names = _FIELDS.get(cls)
    if names is None:
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"{cls.__name__} is not sent to a page")
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return {name: getattr(x, name) for name in names}


def error_message(e: rulekit.RulekitError) -> dict[str, Any]:
    """A refusal as the page reads it: the error's type and its words."""
    return {"type": "error", "error": type(e).__name__, "message": str(e)}


class Server:
    """The tables in memory, their connections, and the bots' work."""

    def __init__(self, games: dict[str, GameEntry], store: Store, *, bots: str = "process",
                 origins: list[str] | None = None, workers: int | None = None):
        self.games = games
        self.store = store
        self.origins = set(origins or ())
        self.bots_kind = bots
        self.workers = workers
        self.pool: Executor | None = None
        self.tables: dict[str, Table] = {}
        self.lost: list[str] = []  # why each stored table that could not be restored was not
        self.locks: dict[str, asyncio.Lock] = {}
        self.conns: dict[str, set[Connection]] = {}
        self.thinking: dict[str, asyncio.Task[None]] = {}
        # the store's writes: off the event loop and grouped, unless they do not wait for the disk
        self.writer = Writer(store, inline=getattr(store, "inline", False))
        for record, moves in store.tables():
            try:
                self.tables[record.id] = tables.restore(record, moves, games.get(record.game))
            except TableLostError as e:
                self.lost.append(str(e))
                log.warning("%s", e)

    async def find(self, table_id: str) -> Table:
        """A table in memory, or one the store holds that this process did not restore at
        start (made since by another server process sharing the database, or served by one
        that has stopped); ForbiddenError if there is none, TableBusyError if another process
        serves it now."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if len(table_id) > 64:  # an id is 12 characters: no need to ask the database
            raise ForbiddenError("this invitation link is not valid")
        async with self.lock(table_id):  # two links of one table at once: restored once
            table = self.tables.get(table_id)
            if table is not None:
                return table
            found = await self.writer.call(self.store.table, table_id)
            if found is None:
                raise ForbiddenError("this invitation link is not valid")
            record, moves = found
            try:
                table = tables.restore(record, moves, self.games.get(record.game))
            except TableLostError as e:
                log.warning("%s", e)  # said on the server; a link holder learns no path
                raise ForbiddenError("this table cannot be played on this server now: ask "
                                     "the table's host") from None
            self.tables[table_id] = table
        self.wake_bots(table_id)  # a bot may be asked where the other process stopped
        return table

    def lock(self, table: str) -> asyncio.Lock:
        """The lock held while a table's state is read for sending or changed."""
        return self.locks.setdefault(table, asyncio.Lock())

    def origin_ok(self, headers: Any) -> bool:
        """Whether a request comes from this server's own page (or from no page at all)."""
        origin: str | None = headers.get("origin")
        if origin is None:  # not a browser: no other site's page can be behind it
            return True
        if self.origins:
            return origin in self.origins
        host: str = headers.get("host") or ""
        return urlsplit(origin).netloc.lower() == host.lower()

    # ---- decisions -------------------------------------------------------------------------
    def broadcast(self, table: Table) -> None:
        """Send each connection of the table its own view of the state now."""
        made: dict[tuple[int, str], str] = {}  # one view and one JSON text per seat and language
        for conn in list(self.conns.get(table.id, ())):
            key = (conn.seat, conn.lang)
            if key not in made:
                made[key] = encode(table.message_for(conn.seat, conn.lang))
            conn.send(made[key])

    async def handle(self, table_id: str, conn: Connection, message: Any) -> None:
        """One message of a page: a choice, a step back, the rules, or another language."""
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "rules":
            conn.send(self.tables[table_id].rules(conn.lang))
        elif kind == "lang":
            async with self.lock(table_id):
                table = self.tables[table_id]
                conn.lang = table.check_lang(message.get("lang"))
                conn.send(table.message_for(conn.seat, conn.lang))
        elif kind in ("choose", "back"):
            await self.choose(table_id, conn.seat, message)
        else:
            raise BadMessageError('the page sends {"type": "choose", "decision": N, '
                                  '"option": ...}, or a message of type back, rules or lang')

    async def choose(self, table_id: str, seat: int, message: dict[str, Any]) -> None:
        """Apply a seat's choice or step back (checked, then stored), then send everyone the
        new views."""
        if seat == WATCH:
            raise NotYourDecisionError("a spectator watches: it has no decision to make")
        async with self.lock(table_id):
            table = self.tables[table_id]
            if message.get("type") == "back":
                await self._back(table, seat, message)
                return
            await self._apply(table, table.resolve(seat, message))
        self.wake_bots(table_id)

    async def _back(self, table: Table, seat: int, message: dict[str, Any]) -> None:
        table.check_back(seat, message)
        try:
            await self.writer.call(self.store.remove_decision, table.id, table.decisions - 1)
        except StoreError:
            await self._reload(table.id)
            raise
        table.rewind(table.decisions - 1)
        self.broadcast(table)

    async def _apply(self, table: Table, action: str) -> None:
        """Apply an action (checked), keep it (the table's lock held: no one sees the state
        before it is on disk), then send the views."""
        seat, n = table.state.decider, table.decisions
        assert seat is not None  # resolve and bot_to_move checked it
        table.apply(action, None)
        try:
            await self.writer.decision(table.id, n, seat, action)
        except StoreError:
            # applied but not kept: the table goes back to the decisions acknowledged (no
            # need to read them back: a group is committed whole or not at all)
            table.rewind(n)
            raise
        self.broadcast(table)

    async def _reload(self, table_id: str) -> None:
        found = await self.writer.call(self.store.table, table_id)
        if found is not None:
            record, moves = found
            self.tables[table_id] = tables.restore(record, moves, self.games.get(record.game))

    def wake_bots(self, table_id: str) -> None:
        """Let the table's bots play, if one is asked now (one task per table)."""
        task = self.thinking.get(table_id)
        if task is None or task.done():
            self.thinking[table_id] = asyncio.create_task(self._bots(table_id))

    async def _bots(self, table_id: str) -> None:
        loop = asyncio.get_running_loop()
        while True:
            async with self.lock(table_id):
                table = self.tables[table_id]
                asked = table.bot_to_move()
                if asked is None:
                    return
                seat, kind = asked
                n, doc, r = table.decisions, table.state.to_json(), table.record
            try:
                action = await loop.run_in_executor(
                    self.pool, think, r.path, r.variant, doc, seat, kind,
                    bot_seed(r.seed, seat, n))
            except Exception:  # a bot's failure stops that table's bots, not the server
                log.exception("table %s: the bot of seat %d failed", table_id, seat)
                return
            async with self.lock(table_id):
                table = self.tables[table_id]
                if table.decisions == n:
                    try:
                        await self._apply(table, action)
                    except rulekit.RulekitError as e:
                        log.error("table %s: the bot's move was not kept: %s", table_id, e)
                        return

    # ---- connections -----------------------------------------------------------------------
    async def seat_socket(self, ws: WebSocket) -> None:
        """A seat's (or a spectator's) WebSocket: its views out, its choices in."""
        table_id, token = ws.path_params["table"], ws.path_params["token"]
        try:
            if not self.origin_ok(ws.headers):
                raise OriginError("this table is played from its own server's page only")
            table = await self.find(table_id)
            seat = table.seat_of(token)
        except ServeError as e:
            await deny(ws, e)
            return
        await ws.accept()
        conn = Connection(ws, seat, table.record.lang)
        writer = asyncio.create_task(conn.write())
        try:
            async with self.lock(table_id):  # registered with its first view: none missed
                self.conns.setdefault(table_id, set()).add(conn)
                table = self.tables[table_id]
                conn.send({"type": "hello", **table.summary(),
                           "seat": None if seat == WATCH else seat})
                conn.send(table.message_for(seat, conn.lang))
            await self._read(conn, table_id)
        finally:
            self.conns.get(table_id, set()).discard(conn)
            conn.stop()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, timeout=5)  # a peer that never reads: dropped

    async def _read(self, conn: Connection, table_id: str) -> None:
        while True:
            message = await conn.ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            if text is None or len(text) > MAX_MESSAGE:
                conn.send(error_message(BadMessageError(
                    f"a message is text of at most {MAX_MESSAGE} characters: connection closed")))
                conn.stop()
                return
            try:
                try:
                    data = json.loads(text)
                except ValueError:
                    raise BadMessageError("a message is one JSON object") from None
                # the rules and another language cost the server work and change nothing in
                # the game: counted like refusals, so they cannot be asked for without end
                if (isinstance(data, dict) and data.get("type") in ("rules", "lang")
                        and not conn.bucket.take()):
                    conn.send(error_message(BadMessageError(
                        "too many requests: connection closed")))
                    conn.stop()
                    return
                await self.handle(table_id, conn, data)
            except rulekit.RulekitError as e:
                conn.send(error_message(e))
                # only refusals count: a seat's accepted choices go at the game's own pace
                if not conn.bucket.take():
                    conn.send(error_message(BadMessageError(
                        "too many refused messages: connection closed")))
                    conn.stop()
                    return


async def deny(ws: WebSocket, e: ServeError) -> None:
    """Refuse a WebSocket before accepting it: HTTP 403 where the server can say so."""
    if "websocket.http.response" in ws.scope.get("extensions", {}):
        await ws.send_denial_response(JSONResponse(error_message(e), status_code=e.status))
    else:
        await ws.close(code=1008)


def settle() -> None:
    """Set aside what the server holds for good (the compiled games, the restored tables) from
    the garbage collector's full passes: they cost a pause of every table each time (some 250 ms
    on a busy 2-core machine) and would find nothing to free in it."""
    gc.collect()
    gc.freeze()


def create_app(games: dict[str, GameEntry], store: Store, *, bots: str = "process",
               origins: list[str] | None = None, workers: int | None = None) -> Starlette:
    """The server's application over games and store (tables restored from it first)."""
    server = Server(games, store, bots=bots, origins=origins, workers=workers)
    for entry in games.values():
        with contextlib.suppress(rulekit.RulesetError):  # /api/games says what is wrong
            entry.load()  # every game compiled (from the cache) before the pages ask

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        server.pool = executor(server.bots_kind, server.workers)
        settle()
        for table_id in server.tables:
            server.wake_bots(table_id)  # a table restored while a bot was asked
        try:
            yield
        finally:
            for task in server.thinking.values():
                task.cancel()
            server.pool.shutdown(wait=False, cancel_futures=True)
            server.writer.close()
            store.close()
            gc.unfreeze()  # what this server held may go now (tests start many in one process)

    async def home(request: Request) -> Response:
        return page.response()

    async def table_page(request: Request) -> Response:
        try:
            table = await server.find(request.path_params["table"])
            table.seat_of(request.path_params["token"])
        except (ForbiddenError, TableBusyError) as e:
            return page.refusal(str(e), e.status)
        except StoreError as e:
            return page.refusal(str(e), 503)
        return page.response()

    async def list_games(request: Request) -> Response:
        try:
            return JSONResponse([g.describe() for g in server.games.values()])
        except rulekit.RulesetError as e:
            return JSONResponse(error_message(e), status_code=500)

    async def create_table(request: Request) -> Response:
        try:
            if not server.origin_ok(request.headers):
                raise OriginError("tables are made from this server's own page only")
            body = await _body(request)
            key = body.get("game") if isinstance(body, dict) else None
            entry = server.games.get(key) if isinstance(key, str) else None
            if entry is None:
                raise ServeError(f"game is one of {', '.join(server.games)}")
            record, invitation = tables.make(entry, body)
            table = tables.Table(record, entry.load(record.variant))
            await server.writer.call(server.store.add_table, record)
            server.tables[record.id] = table
        except rulekit.RulekitError as e:
            return JSONResponse(error_message(e), status_code=getattr(e, "status", 400))
        server.wake_bots(record.id)
        links = [None if t is None else f"/t/{record.id}/{t}" for t in invitation.seats]
        return JSONResponse({**table.summary(), "links": links,
                             "watch": f"/t/{record.id}/{invitation.watch}"}, status_code=201)

    app = Starlette(routes=[
        Route("/", home), Route("/t/{table}/{token}", table_page),
        Route("/api/games", list_games), Route("/api/tables", create_table, methods=["POST"]),
        WebSocketRoute("/ws/{table}/{token}", server.seat_socket),
    ], lifespan=lifespan)
    app.state.server = server
    return app


async def _body(request: Request) -> Any:
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > MAX_REQUEST):
        raise BadMessageError(f"a request is at most {MAX_REQUEST} bytes")
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_REQUEST:
            raise BadMessageError(f"a request is at most {MAX_REQUEST} bytes")
    try:
        return json.loads(data)
    except ValueError:
        raise BadMessageError("a request is one JSON object") from None
