"""The names of the people and bots at the table, as the screens show them.

The engine numbers seats from 0 and a ruleset names a seat by its `seat` text (`Player {seat}`);
people count from 1, so the driver fills that text with the seat's number from 1. A person may
be named with `--names`; a bot not named so is called "Bot N" in the game's language (N its seat
from 1), so that the screens tell bots from people. Names belong to whoever sits there: in a match
of several games, a name follows its person or bot as the seats rotate. The engine's seats, the
actions and the saves keep their 0-based numbers; a save holds the names beside the seats.
"""

from __future__ import annotations

import unicodedata

from rulekit import Rules, fill, seat_name
from rulekit.errors import UsageError
from rulekit.plaintext import describe, escape, first_unsafe

HUMAN = "human"
MAX_NAME = 16  # characters: a name must leave room for the table's other columns at 80x24

STRINGS: dict[str, dict[str, str]] = {
    "bot_name": {"en": "Bot {n}", "fr": "Robot {n}", "es": "Bot {n}"},
}


def _said(key: str, lang: str, **args: object) -> str:
    entry = STRINGS[key]
    return fill(entry.get(lang) or entry["en"], {k: str(v) for k, v in args.items()}, lang)


def default_name(game: Rules, kind: str, p: int, lang: str) -> str:
    """The name of seat p (from 0) when nobody named it: the ruleset's seat text for a person,
    "Bot N" for a bot, numbered from 1 either way."""
    if kind == HUMAN:
        return seat_name(game, p + 1, lang)  # the ruleset's text, its {seat} counted from 1
    return _said("bot_name", lang, n=p + 1)


def seat_names(game: Rules, kinds: list[str], lang: str,
               given: list[str | None] | None = None) -> list[str]:
    """Per seat, its name: the one given (see parse_names), else its default name. Default
    names that would be alike (a ruleset's seat text without {seat}: 'Player') get the seat's
    number from 1: 'Player 1', 'Player 2'."""
    defaults = [default_name(game, k, p, lang) for p, k in enumerate(kinds)]
    alike: dict[str, int] = {}
    for d in defaults:
        alike[key(d)] = alike.get(key(d), 0) + 1
    return [(given[p] if given and given[p] else None)
            or (f"{d} {p + 1}" if alike[key(d)] > 1 else d) for p, d in enumerate(defaults)]


def key(name: str) -> str:
    """What two names that are the same name share: NFC, stripped, without case."""
    return unicodedata.normalize("NFC", name).strip().casefold()


def is_default(game: Rules, kinds: list[str], lang: str, name: str) -> bool:
    """Whether name is one a seat of this game gets by default (a person's or a bot's, at any
    seat: in a match, names follow who sits there)."""
    return any(name in seat_names(game, [kind] * len(kinds), lang)
               for kind in (HUMAN, "bot"))


def parse_names(text: str, kinds: list[str]) -> list[str | None]:
    """The value of --names: one name per seat, or one per human seat (the bots keep their
    default names); per seat, the name given or None. UsageError, saying what is wanted, for a
    wrong count, or an empty or overlong name or one holding a control character."""
    names = [unicodedata.normalize("NFC", n).strip() if _encodes(n) else n
             for n in text.split(",")]
    humans = [p for p, k in enumerate(kinds) if k == HUMAN]
    if len(names) not in (len(kinds), len(humans)):
        need = (f"{len(kinds)} (one per seat)" if len(humans) in (0, len(kinds)) else
                f"{len(humans)} (one per human seat) or {len(kinds)} (one per seat)")
        raise UsageError(f"--names lists {_count(len(names))}, but this game needs {need}, "
                         "separated by commas (e.g. --names Ann,Bob)")
    names = [check_name(name, f"--names: name {i}") for i, name in enumerate(names, 1)]
    if len(names) == len(kinds):
        return list(names)
    out: list[str | None] = [None] * len(kinds)
    for p, name in zip(humans, names, strict=True):
        out[p] = name
    return out


def check_name(name: str, what: str, long_ok: bool = False) -> str:
    """name in NFC; UsageError unless it is a short line of plain, visible text (what: how to
    call it; long_ok: the length not checked, for a seat's default name)."""
    if not name:
        raise UsageError(f"{what} is empty; every name needs a letter or more "
                         "(e.g. --names Ann,Bob)")
    if not _encodes(name):  # bytes that are not UTF-8 on the command line, or in a save
        raise UsageError(f"{what} ('{_shown(name)}') is not valid text (UTF-8); a name is "
                         "plain text on one line")
    name = unicodedata.normalize("NFC", name)
    bad = first_unsafe(name)
    if bad is None:  # tabs, newlines, and invisible format characters (U+200B, U+FEFF)
        bad = next((i for i, ch in enumerate(name)
                    if ch in "\t\n" or unicodedata.category(ch) == "Cf"), None)
    if bad is not None:
        raise UsageError(f"{what} ('{_shown(name)}') holds {describe(name[bad])}; a name is "
                         "plain text on one line")
    if len(name) > MAX_NAME and not long_ok:
        raise UsageError(f"{what} ('{name}') is longer than {MAX_NAME} characters")
    return name


def _encodes(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeError:
        return False
    return True


def _shown(text: str) -> str:
    """text printable: terminal controls, format characters and lone surrogates escaped."""
    return "".join(f"\\u{ord(ch):04x}" if 0xD800 <= ord(ch) <= 0xDFFF
                   or unicodedata.category(ch) == "Cf" else ch for ch in escape(text))


def unique(names: list[str], what: str) -> None:
    """UsageError when two seats would bear one name (twice given, or given and a default)."""
    seen: dict[str, int] = {}
    for p, name in enumerate(names, 1):
        if key(name) in seen:
            raise UsageError(f"{what}: seats {seen[key(name)]} and {p} would both be "
                             f"called '{_shown(name)}'; give each seat a name of its own")
        seen[key(name)] = p


def names_given(game: Rules, kinds: list[str], lang: str, text: str | None) -> list[str]:
    """Per seat, its name with --names TEXT (None: the default names); UsageError if refused."""
    names = seat_names(game, kinds, lang, parse_names(text, kinds) if text is not None else None)
    unique(names, "--names")
    return names


def _count(n: int) -> str:
    return f"{n} name" if n == 1 else f"{n} names"
