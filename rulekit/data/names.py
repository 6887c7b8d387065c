"""Names a person can tell apart: no invisible or direction-changing characters, no look-alikes.

A ruleset's names (actions, zones, phases, variables, texts, attribute values...) and its cards'
labels are what players read and type. Two actions `pass` and `pаss` (a Cyrillic a), or two cards
`red 1` and `re\u200bd 1`, would look the same on screen: the loader refuses them (rulekit.compile).
Two names are look-alikes when their skeletons are equal: NFKC (fullwidth letters, ligatures...)
then a table of Cyrillic and Greek letters drawn like Latin ones.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from .yamlsource import format_path

if TYPE_CHECKING:
    from .schema import Ruleset

# Characters a terminal draws as nothing (or that only steer the text's direction) without being
# format characters (Cf), which are all refused.
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u034f")

# Cyrillic and Greek letters drawn like Latin ones (a subset of Unicode's confusables.txt).
_LOOKALIKE = str.maketrans({
    "а": "a", "в": "b", "е": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c",
    "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ј": "j", "ԁ": "d", "ԛ": "q", "ԝ": "w",
    "һ": "h", "ӏ": "l", "ɡ": "g", "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H",
    "О": "O", "Р": "P", "С": "C", "Т": "T", "Х": "X", "У": "Y", "І": "I", "Ј": "J", "Ѕ": "S",
    "Ԁ": "D", "Ԛ": "Q", "Ԝ": "W", "Һ": "H", "Ӏ": "I",
    "α": "a", "ο": "o", "ν": "v", "ρ": "p", "ι": "i", "υ": "u", "κ": "k", "τ": "t", "χ": "x",
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N",
    "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
})


def hidden_char(name: str) -> str | None:
    """The first invisible, control or direction-changing character of name, described; or None."""
    for ch in name:
        if ch in _BLANKS or unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cn", "Zl", "Zp"):
            return f"U+{ord(ch):04X} {unicodedata.name(ch, 'UNNAMED')}"
    return None


def shown(name: str) -> str:
    """name with its invisible characters written as \\uXXXX, safe to quote in a message."""
    return "".join(f"\\u{ord(ch):04x}" if hidden_char(ch) else ch for ch in name)


def skeleton(name: str) -> str:
    """What name looks like: equal skeletons, names a reader cannot tell apart."""
    return unicodedata.normalize("NFKC", name).translate(_LOOKALIKE)


Problem = tuple[str, tuple[Any, ...], bool, str]  # message, YAML path, at the key?, hint


def check_names(spec: Ruleset) -> list[Problem]:
    """Every name of the ruleset with a hidden character, or a look-alike of another name."""
    problems: list[Problem] = []
    seen: dict[str, tuple[str, tuple[Any, ...]]] = {}  # skeleton -> the first name and where
    for name, path, key in _names(spec):
        if not isinstance(name, str):
            continue
        bad = hidden_char(name)
        if bad is not None:
            problems.append((f"the name '{shown(name)}' holds an invisible or direction-changing "
                             f"character ({bad})", path, key,
                             "players read and type names: use visible characters only"))
            continue
        first = seen.setdefault(skeleton(name), (name, path))
        if first[0] != name:
            problems.append((f"the name '{name}' looks the same as '{first[0]}' "
                             f"({format_path(first[1])}) but is a different name", path, key,
                             "rename one of them: they differ only by look-alike characters "
                             "(another alphabet, or a compatibility form)"))
    return problems


def _names(spec: Ruleset) -> Iterator[tuple[Any, tuple[Any, ...], bool]]:
    """(name, YAML path, whether the path is a key's) for every name the ruleset declares."""
    for i, lang in enumerate(spec.languages):
        yield lang, ("languages", i), False
    for attr, values in spec.cards.attributes.items():
        yield attr, ("cards", "attributes", attr), True
        if isinstance(values, list):
            for j, v in enumerate(values):
                yield v, ("cards", "attributes", attr, j), False
    for section in ("zones", "phases", "actions", "windows", "text", "define", "procedures"):
        for name in getattr(spec, section):
            yield name, (section, name), True
    for scope in ("game", "player", "team", "turn"):
        for name in getattr(spec.variables, scope):
            yield name, ("variables", scope, name), True
    for a, action in spec.actions.items():
        for i, p in enumerate(action.params):
            yield p.name, ("actions", a, "params", i, p.kind), False
    if spec.teams is not None:
        for i, team in enumerate(spec.teams.names):
            yield team, ("teams", "names", i), False
    for i, inv in enumerate(spec.invariants):
        yield inv.name, ("invariants", i, "name"), False
