"""The `rulekit serve` command: its options, and the server started on them."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..argtypes import whole
from .store import Store

DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", 8000


def default_data() -> Path:
    """Where tables are kept unless --data says otherwise (rulekit's per-user data folder)."""
    from ..savegame import data_dir

    return Path(data_dir()) / "serve"


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    """The serve sub-command's parser."""
    p: argparse.ArgumentParser = sub.add_parser(
        "serve", help="serve tables in the browser: friends and bots, any ruleset",
        description="Serve the bundled games and each RULESET file at a web address: a page "
                    "makes a table (game, variant, players, language, bot seats) and gives a "
                    "link per seat. Tables are kept in --data and restored on restart. It "
                    "listens on this machine only unless --host says otherwise (see "
                    "docs/serve.md before opening it to others).")
    p.add_argument("rulesets", nargs="*", metavar="RULESET", help="ruleset files to offer too")
    p.add_argument("--host", default=DEFAULT_HOST,
                   help=f"address to listen on (default: {DEFAULT_HOST}, this machine only)")
    p.add_argument("--port", type=whole(0), default=DEFAULT_PORT,
                   help=f"port (default: {DEFAULT_PORT})")
    p.add_argument("--data", metavar="DIR",
                   help="folder of the tables' database (default: rulekit's data folder/serve)")
    p.add_argument("--db", metavar="URL",
                   help="keep the tables in PostgreSQL instead (postgresql://USER@HOST/DBNAME; "
                        "several server processes may share it): needs "
                        "pip install 'rulekit[server-pg]'")
    p.add_argument("--sync", choices=("full", "normal"), default="full",
                   help="full (default): each decision is on the disk before anyone sees it, "
                        "a power cut loses nothing; normal: a killed server loses nothing, a "
                        "power cut may lose the last decisions; no wait for the disk")
    p.add_argument("--origin", action="append", metavar="URL",
                   help="the address players' browsers use, when it is not the one the "
                        "server sees (behind a proxy: https://cards.example.org); repeatable")
    return p


def cmd_serve(args: argparse.Namespace) -> int:
    """rulekit serve: load the games, open the database, serve until interrupted."""
    try:
        import uvicorn
    except ImportError:
        print("rulekit serve needs the serve extra: pip install 'rulekit[serve]'",
              file=sys.stderr)
        return 2
    from .app import create_app
    from .games import catalogue

    if args.port > 65535:
        raise _usage("--port is at most 65535")
    if args.db is not None and args.data is not None:
        raise _usage("--data (a folder for SQLite) or --db (a PostgreSQL URL), not both")
    games = catalogue(args.rulesets)
    store = open_store(args)
    app = create_app(games, store, origins=args.origin)
    server = app.state.server
    for why in server.lost:
        print(f"rulekit serve: not restored: {why}", file=sys.stderr)
    host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"rulekit serve: {len(server.tables)} table(s) restored from {store.path}")
    if store.busy:
        print(f"rulekit serve: {store.busy} table(s) served by another process on that database")
    print(f"rulekit serve: open http://{host}:{args.port}/ (Ctrl-C stops the server)", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning",
                ws_max_size=64 * 1024, proxy_headers=False)
    return 0


def open_store(args: argparse.Namespace) -> Store:
    """The store --db or --data names (a StoreError, exit 2, if it cannot be used)."""
    if args.db is not None:
        from .pgstore import PgStore

        return PgStore(args.db, sync=args.sync)
    from .store import SqliteStore

    return SqliteStore(args.data or default_data(), sync=args.sync)


def _usage(message: str) -> Exception:
    from rulekit.errors import UsageError

    return UsageError(message)
