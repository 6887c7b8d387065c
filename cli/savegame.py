"""Saved games: a versioned JSON file naming the ruleset (and its hash), seats, seed and actions.

A save file is hostile data: every field is checked before use, the only file it can make
rulekit read is the ruleset it names (and only after that file's hash matches the saved one,
so a forged save cannot make rulekit show another file's lines), and its actions are replayed
through the engine's checked `apply`, so an illegal one is refused, never trusted. Its numbers
are read with a bound (no 5,000-digit seed) and its seats as `--seats` reads them.

Saves go by default to rulekit's per-user data folder (saves_dir), each game under a name of
its own (game, seed, time, and a suffix if needed), created exclusively: no game's save
replaces another's.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import rulekit
from rulekit import MAX_SEED
from rulekit.errors import RulesetError, UsageError

from .bots import parse_seat
from .games import SUFFIXES, bundled
from .names import MAX_NAME, check_name, is_default, unique

FORMAT = "rulekit-save"
VERSION = 1
MAX_BYTES = 64 * 1024 * 1024  # a save of a very long game stays far below this
MAX_RULESET_BYTES = 16 * 1024 * 1024
MAX_ACTION_CHARS = 10_000
DATA_DIR_ENV = "RULEKIT_DATA_DIR"  # rulekit's data folder (default: the platform's, per user)
MAX_DIGITS = 30  # the longest whole number a save may hold (a seed has at most 20 digits)
MAX_UNIQUE = 1000  # names tried for a new save file before giving up
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.+-]{0,199}$")
_HEX64 = re.compile(r"^[0-9a-f]{64}$")
FIELDS = {"format", "version", "ruleset", "variant", "seats", "seed", "lang", "actions", "over"}
# match: in the saves of a game played as part of a --games N match; names: the seats' names
# as the screens showed them (older saves have none: the default names are used)
OPTIONAL = {"match", "names"}
MAX_GAMES = 10_000


class SaveFileError(UsageError):
    """A save file that cannot be used: missing, damaged, foreign, or its ruleset changed."""


@dataclass(frozen=True)
class Origin:
    """The ruleset a game was loaded from: a file, or a bundled game's name, and its hash."""

    path: str  # the file (absolute)
    sha256: str
    bundled: str | None = None  # the bundled game's name, when it was named so

    def shown(self) -> str:
        """The ruleset as a person would name it."""
        return self.bundled or self.path


@dataclass(frozen=True)
class MatchInfo:
    """The match a saved game belongs to: its size, its first game's seed and seats, and the
    moves of the games already finished (replayed on resume to rebuild the scoreboard)."""

    games: int
    number: int  # this game's number, from 1
    first_seed: int
    kinds: list[str]  # the seats as given for game 1; game k sits them rotated by k - 1
    finished: list[list[str]]  # per earlier game: its actions

    def seats_of(self, number: int) -> list[int]:
        """Per seat of game `number`: the index (into kinds) of who sits there."""
        n = len(self.kinds)
        return [(s - (number - 1)) % n for s in range(n)]

    def to_json(self) -> dict[str, Any]:
        """The match as JSON-ready data."""
        return {"games": self.games, "number": self.number, "first_seed": self.first_seed,
                "kinds": list(self.kinds), "finished": [list(a) for a in self.finished]}


@dataclass
class SaveGame:
    """Everything needed to play a game again, decision by decision."""

    origin: Origin
    variant: str | None
    seats: list[str]
    seed: int
    lang: str
    actions: list[str] = field(default_factory=list)
    over: bool = False
    match: MatchInfo | None = None
    names: list[str] | None = None  # per seat, as shown (None: the default names)

    def to_json(self) -> dict[str, Any]:
        """The save as JSON-ready data."""
        data: dict[str, Any] = {
            "format": FORMAT, "version": VERSION,
            "ruleset": {"path": self.origin.path, "bundled": self.origin.bundled,
                        "sha256": self.origin.sha256},
            "variant": self.variant, "seats": list(self.seats), "seed": self.seed,
            "lang": self.lang, "over": self.over, "actions": list(self.actions),
        }
        if self.match is not None:
            data["match"] = self.match.to_json()
        if self.names is not None:
            data["names"] = list(self.names)
        return data


def file_hash(path: str | Path, bases: list[str] | None = None) -> str:
    """The SHA-256 of a ruleset file, hex; with `extends`, of it and every file it builds on.

    A ruleset without `extends` hashes as its bytes alone; one with bases hashes the list of
    each file's own hash, so a change to a parent changes the hash too. `bases`: the files it
    extends when the caller knows them (a loaded game's `base_files`; parsing it again to find
    them costs a tenth of the first prompt)."""
    own = _bytes_hash(path)
    if bases is None:
        from rulekit import base_files  # PyYAML: only when the game is not known

        try:
            bases = base_files(str(path))
        except RulesetError:
            bases = []  # a broken chain is reported by the load itself
    if not bases:
        return own
    chain = [own] + [f"{Path(b).name}:{_bytes_hash(b)}" for b in bases]
    return hashlib.sha256("\n".join(chain).encode("utf-8")).hexdigest()


def _bytes_hash(path: str | Path) -> str:
    p = Path(path)
    with p.open("rb") as f:
        data = f.read(MAX_RULESET_BYTES + 1)
    if len(data) > MAX_RULESET_BYTES:
        raise SaveFileError(f"{p}: larger than {MAX_RULESET_BYTES} bytes; not a ruleset")
    return hashlib.sha256(data).hexdigest()


def origin_of(path: str, bundled_name: str | None, bases: list[str] | None = None) -> Origin:
    """Where a ruleset about to be played comes from, with its hash (bases: as file_hash)."""
    return Origin(str(Path(path).resolve()), file_hash(path, bases), bundled_name)


def data_dir() -> Path:
    """rulekit's data folder: $RULEKIT_DATA_DIR, else the platform's per-user data folder
    (~/.local/share/rulekit on Linux, XDG_DATA_HOME honoured)."""
    base = os.environ.get(DATA_DIR_ENV)
    if not base:
        import platformdirs  # only when a default folder is needed

        base = platformdirs.user_data_dir("rulekit", appauthor=False)
    return Path(base)


def saves_dir() -> Path:
    """The folder of saves by default: the data folder's saves (data_dir)."""
    return data_dir() / "saves"


def _stem(origin: Origin) -> str:
    stem = Path(origin.path).name.rsplit(".", 1)[0]
    return re.sub(r"[^A-Za-z0-9_-]+", "-", stem).strip("-") or "game"


def default_path(origin: Origin, seed: int) -> Path:
    """A new save file's default name, in saves_dir (made if need be): the game, the seed and
    the time; `create_new` adds a suffix when another save already has that name."""
    folder = saves_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)  # saves tell the hidden cards
    except OSError as e:
        raise SaveFileError(f"cannot make the folder of saves {folder}: "
                            f"{e.strerror or e}") from None
    return folder / f"rulekit-{_stem(origin)}-{seed}-{time.strftime('%Y%m%d-%H%M%S')}.json"


def is_default_name(path: Path, origin: Origin, seed: int) -> bool:
    """Whether path is named as default_path names this game's saves (older names too)."""
    pattern = rf"rulekit-{re.escape(_stem(origin))}-{seed}(?:-\d{{8}}-\d{{6}}(?:-\d+)?)?\.json"
    return re.fullmatch(pattern, path.name) is not None


def create_new(path: Path) -> Path:
    """Create an empty file at path, or at path-2, path-3... if taken (O_EXCL: never one that
    exists); return it. The first save then replaces it atomically."""
    for k in range(1, MAX_UNIQUE + 1):
        candidate = path if k == 1 else path.with_name(f"{path.stem}-{k}{path.suffix}")
        try:
            fd = os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            continue
        os.close(fd)
        return candidate
    raise FileExistsError(f"{MAX_UNIQUE} files named like {path.name} already exist")


def write_save(save: SaveGame, path: str | Path) -> None:
    """Write a save atomically: a temporary file beside it, then a rename over it."""
    target = Path(path)
    text = json.dumps(save.to_json(), ensure_ascii=False, indent=1) + "\n"
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                               dir=str(target.parent or "."))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


# ---- reading a save: every field checked ------------------------------------------------
def _bad(path: str | Path, why: str) -> SaveFileError:
    return SaveFileError(f"{path}: {why}")


def read_save(path: str | Path) -> SaveGame:
    """Read and check a save file (not yet its actions: see `rebuild`)."""
    p = Path(path)
    try:
        if not p.is_file():
            raise _bad(p, "no such save file" if not p.exists() else "not a regular file")
        if p.stat().st_size > MAX_BYTES:
            raise _bad(p, f"larger than {MAX_BYTES} bytes; not a rulekit save")
        raw = p.read_bytes()
    except OSError as e:
        raise _bad(p, f"cannot be read ({e.strerror or e})") from None
    try:
        data = json.loads(raw.decode("utf-8"), parse_int=_whole, parse_constant=_no_constant)
    except _TooLong as e:
        raise _bad(p, f"damaged save: it holds a number of {e.digits} digits (a save's numbers "
                      f"have at most {MAX_DIGITS})") from None
    except (UnicodeDecodeError, ValueError, RecursionError) as e:  # JSONDecodeError included
        raise _bad(p, f"not a rulekit save (not JSON: {type(e).__name__})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _bad(p, f"not a rulekit save (no \"format\": \"{FORMAT}\")")
    _version(p, data.get("version"))
    unknown = sorted(str(k) for k in data if k not in FIELDS | OPTIONAL)
    missing = sorted(FIELDS - set(data))
    if missing or unknown:
        raise _bad(p, "damaged save: " + "; ".join(
            x for x in (f"missing {', '.join(missing)}" if missing else "",
                        f"unknown {', '.join(_short(k) for k in unknown)}" if unknown else "")
            if x))
    origin = _origin(p, data["ruleset"])
    variant = data["variant"]
    if variant is not None and not (isinstance(variant, str) and _NAME.match(variant)):
        raise _bad(p, f"damaged save: variant {_short(variant)} is not a variant name")
    seats = data["seats"]
    if not (isinstance(seats, list) and 1 <= len(seats) <= 1000):
        raise _bad(p, "damaged save: seats must be a list of seat kinds")
    kinds = _seat_kinds(p, seats, "seats must be a list of seat kinds")
    seed = data["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise _bad(p, f"damaged save: seed {_short(seed)} is not a whole number from 0 to "
                      "2**64 - 1")
    lang = data["lang"]
    if not (isinstance(lang, str) and _NAME.match(lang)):
        raise _bad(p, f"damaged save: lang {_short(lang)} is not a language code")
    actions = data["actions"]
    if not _actions_ok(actions):
        raise _bad(p, "damaged save: actions must be a list of action texts")
    over = data["over"]
    if not isinstance(over, bool):
        raise _bad(p, "damaged save: over must be true or false")
    match = _match(p, data["match"], kinds, seed) if "match" in data else None
    names = _names(p, data["names"], len(kinds)) if "names" in data else None
    return SaveGame(origin, variant, kinds, seed, lang, list(actions), over, match, names)


def _names(p: Path, names: Any, seats: int) -> list[str]:
    """The seats' names in a save: checked as --names checks them (a forged name could
    otherwise reach the terminal), one per seat, each its own."""
    if not (isinstance(names, list) and len(names) == seats
            and all(isinstance(n, str) for n in names)):
        raise _bad(p, f"damaged save: names must list {seats} names, one per seat")
    try:  # the length, once the game is known (load_game): a seat's default name may be long
        checked = [check_name(name, f"name {i}", long_ok=True)
                   for i, name in enumerate(names, 1)]
        unique(checked, "names")
    except UsageError as e:
        raise _bad(p, f"damaged save: {e}") from None
    return checked


class _TooLong(ValueError):
    def __init__(self, digits: int):
        super().__init__(digits)
        self.digits = digits


def _whole(text: str) -> int:
    """A JSON whole number, refused past MAX_DIGITS digits (before int() is even tried)."""
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise _TooLong(digits)
    return int(text)


def _no_constant(text: str) -> Any:
    raise ValueError(f"{text} is not JSON")


def _version(p: Path, version: Any) -> None:
    """The save format's version: exactly the whole number VERSION (not true, 1.0 or "1")."""
    if type(version) is int and version > VERSION:
        raise _bad(p, f"saved by a newer rulekit (save format version {version}; this rulekit "
                      f"reads version {VERSION}): upgrade rulekit to resume it")
    if type(version) is not int or version != VERSION:
        raise _bad(p, f"save format version {_short(version)} is not one this rulekit reads "
                      f"({VERSION})")


def _seat_kinds(p: Path, listed: list[Any], why: str) -> list[str]:
    """Seat kinds read from a save, each checked as --seats checks it (budgets bounded too)."""
    if not all(isinstance(k, str) and len(k) < 40 for k in listed):
        raise _bad(p, f"damaged save: {why}")
    try:
        return [parse_seat(k).text for k in listed]
    except UsageError as e:
        raise _bad(p, f"damaged save: {e}") from None


def _actions_ok(actions: Any) -> bool:
    return isinstance(actions, list) and all(
        isinstance(a, str) and 0 < len(a) <= MAX_ACTION_CHARS for a in actions)


def _match(p: Path, m: Any, kinds: list[str], seed: int) -> MatchInfo:
    """The match part of a save, checked against the game's own seats and seed."""
    keys = {"games", "number", "first_seed", "kinds", "finished"}
    if not (isinstance(m, dict) and set(m) == keys):
        raise _bad(p, f"damaged save: match must give {', '.join(sorted(keys))}")
    games, number, first = m["games"], m["number"], m["first_seed"]
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (games, number, first)):
        raise _bad(p, "damaged save: the match's games, number and first_seed must be numbers")
    if not 2 <= games <= MAX_GAMES or not 1 <= number <= games or first < 0:
        raise _bad(p, f"damaged save: game {number} of a match of {games} games")
    if first + number - 1 != seed:
        raise _bad(p, f"damaged save: game {number} of a match that began with seed {first} "
                      f"is dealt from seed {first + number - 1}, not {seed}")
    finished = m["finished"]
    if not (isinstance(finished, list) and len(finished) == number - 1
            and all(_actions_ok(a) for a in finished)):
        raise _bad(p, f"damaged save: the match must list the moves of its {number - 1} "
                      "finished game(s)")
    listed = m["kinds"]
    why = "the match's kinds must list one seat kind per seat"
    if not (isinstance(listed, list) and len(listed) == len(kinds)):
        raise _bad(p, f"damaged save: {why}")
    first_kinds = _seat_kinds(p, listed, why)
    info = MatchInfo(games, number, first, first_kinds, [list(a) for a in finished])
    if [first_kinds[i] for i in info.seats_of(number)] != kinds:
        raise _bad(p, f"damaged save: game {number} of the match does not seat its players "
                      "as the match's first game did, rotated")
    return info


def _short(v: Any) -> str:
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


def _origin(p: Path, r: Any) -> Origin:
    """The saved ruleset, found again: a bundled game by name, or a ruleset file by path."""
    if not (isinstance(r, dict) and set(r) == {"path", "bundled", "sha256"}):
        raise _bad(p, "damaged save: ruleset must give path, bundled and sha256")
    path, name, digest = r["path"], r["bundled"], r["sha256"]
    if not (isinstance(digest, str) and _HEX64.match(digest)):
        raise _bad(p, "damaged save: the ruleset's sha256 is not a SHA-256 in hex")
    if name is not None:
        if not (isinstance(name, str) and _NAME.match(name)):
            raise _bad(p, f"damaged save: {_short(name)} is not a bundled game's name")
        games = bundled()
        if name not in games:
            raise _bad(p, f"the save names the bundled game {name!r}, which is not installed "
                          f"(installed: {', '.join(games) or 'none'})")
        path = str(games[name])
    elif not (isinstance(path, str) and 0 < len(path) < 4096 and "\x00" not in path
              and path.endswith(SUFFIXES)):
        raise _bad(p, "damaged save: the ruleset must be a .yaml or .yml file")
    ruleset = Path(path)
    if not ruleset.is_file():
        raise _bad(p, f"the ruleset the save names, {path}, is not there any more")
    try:
        now = file_hash(ruleset)
    except OSError as e:
        raise _bad(p, f"the ruleset {path} cannot be read ({e.strerror or e})") from None
    if now != digest:
        what = f"the ruleset {name or path}"
        with contextlib.suppress(RulesetError, OSError):
            from rulekit import base_files

            bases = base_files(str(ruleset))
            if bases:
                what += f" or a ruleset it extends ({', '.join(Path(b).name for b in bases)})"
        raise _bad(p, f"{what} has changed since the game was saved "
                      f"(saved sha256 {digest}, now {now}); the saved moves may not mean the "
                      "same any more, so the game is not resumed")
    return Origin(str(ruleset), digest, name)


def load_game(save: SaveGame, where: str | Path) -> rulekit.Game:
    """The game a checked save names (its ruleset's hash already matched)."""
    try:
        game = rulekit.load(save.origin.path, variant=save.variant, cached=True)
    except rulekit.UnknownVariantError:
        raise _bad(where, f"damaged save: {save.origin.shown()} has no variant "
                          f"{save.variant!r}") from None
    except rulekit.RulesetError as e:
        first = e.diagnostics[0].message if e.diagnostics else str(e)
        raise _bad(where, f"the ruleset {save.origin.shown()} cannot be loaded: {first}") from None
    if not game.min_players <= len(save.seats) <= game.max_players:
        raise _bad(where, f"damaged save: {len(save.seats)} seats, but {game.name} is played "
                          f"by {game.min_players} to {game.max_players}")
    if save.lang not in game.languages:
        raise _bad(where, f"damaged save: {game.name} has no language {save.lang!r}")
    for i, name in enumerate(save.names or [], 1):  # longer than a given name: a default one
        if len(name) > MAX_NAME and not is_default(game, save.seats, save.lang, name):
            raise _bad(where, f"damaged save: name {i} ('{name}') is longer than {MAX_NAME} "
                              "characters")
    return game


def rebuild(game: rulekit.Game, save: SaveGame, where: str | Path,
            before: Callable[[rulekit.State, rulekit.Action], None] | None = None
            ) -> rulekit.State:
    """The state after the saved actions, each applied through the checked path.

    before(state, action) is called before each action is applied (bots catch up there)."""
    try:
        state = game.new_state(len(save.seats), save.seed)
    except rulekit.RuleRuntimeError as e:
        raise _bad(where, f"the game cannot be dealt again: {e}") from None
    for i, text in enumerate(save.actions, 1):
        if state.is_over:
            raise _bad(where, f"damaged save: action {i} ({_short(text)}) comes after the "
                              "game's end")
        legal = {a.text: a for a in state.legal_actions()}
        if text not in legal:
            raise _bad(where, f"damaged save: action {i} ({_short(text)}) is not legal at "
                              f"that point of the game")
        if before is not None:
            before(state, legal[text])
        try:
            state.apply(legal[text])
        except rulekit.RulekitError as e:
            raise _bad(where, f"action {i} ({_short(text)}) cannot be replayed: {e}") from None
    if save.over and not state.is_over:
        raise _bad(where, "damaged save: it says the game is over, but its actions do not "
                          "end it")
    return state
