"""Player-facing text: message templates with translations, rendered without format().

A placeholder is `{name}`, or `{name|one|other}`: the word `one` when the number in `name` takes
the singular in the text's language (1, and in French 0 too), else `other`
(`{n} {n|card|cards}`), so a text never says "1 cards".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

NAME = r"[A-Za-z_][A-Za-z0-9_]*"
PLACEHOLDER = re.compile(r"\{(" + NAME + r")(?:\|([^{}|\n]*)\|([^{}|\n]*))?\}")
# what looks like a plural form but is not one ({n|card}, {n|a|b|c}): an author's slip
PLURAL_LIKE = re.compile(r"\{\s*(" + NAME + r")?\s*\|[^{}\n]*\}")
# languages whose singular covers 0 as well as 1 (CLDR plural rule "i = 0,1")
ZERO_IS_SINGULAR = frozenset({"fr", "pt", "hy", "kab"})
# languages that set a space before : ; ! ? (French typography)
SPACE_BEFORE = frozenset({"fr"})


def placeholders(template: str) -> set[str]:
    """The `{name}` placeholders a template uses (plural forms name their number)."""
    return {m.group(1) for m in PLACEHOLDER.finditer(template)}


def malformed(template: str) -> Iterator[tuple[int, str]]:
    """(offset, text) of each brace group that looks like a plural form but is not one."""
    for m in PLURAL_LIKE.finditer(template):
        if not PLACEHOLDER.fullmatch(m.group(0)):
            yield m.start(), m.group(0)


def colon(lang: str) -> str:
    """A colon and its spaces in lang: French sets a space before it."""
    return " : " if lang in SPACE_BEFORE else ": "


def singular(n: int, lang: str) -> bool:
    """Whether the number n takes the singular in lang."""
    return abs(n) < 2 if lang in ZERO_IS_SINGULAR else abs(n) == 1


class Texts:
    """A ruleset's messages: key -> language -> template."""

    def __init__(self, table: dict[str, dict[str, str]], languages: list[str]):
        self.table = table
        self.languages = languages

    def has(self, key: str) -> bool:
        """Whether a message exists."""
        return key in self.table

    def template(self, key: str, lang: str) -> str | None:
        """The template of key in lang (falling back to the first language), or None."""
        entry = self.table.get(key)
        if entry is None:
            return None
        return entry.get(lang) or entry.get(self.languages[0])

    def word(self, value: str, lang: str) -> str:
        """Translate a plain word (a symbol, a key) if the ruleset has it; else itself."""
        t = self.template(value, lang)
        return value if t is None else t

    def render(self, key: str, lang: str, args: dict[str, str]) -> str:
        """Fill a template's placeholders from args (missing ones stay as they are)."""
        t = self.template(key, lang)
        if t is None:
            return key + (" " + " ".join(f"{k}={v}" for k, v in args.items()) if args else "")
        return fill(t, args, lang)


def fill(template: str, args: dict[str, Any] | Callable[[str], str | None],
         lang: str = "en") -> str:
    """Replace `{name}` by args[name] and `{name|one|other}` by the form its number takes.

    Unknown names are left untouched; a plural form whose value is not a whole number takes
    the other form."""
    get = args if callable(args) else args.get

    def sub(m: re.Match[str]) -> str:
        v = get(m.group(1))
        if v is None:
            return m.group(0)
        if m.group(2) is None:
            return str(v)
        try:
            n = int(str(v))
        except ValueError:
            return m.group(3)
        return m.group(2) if singular(n, lang) else m.group(3)

    return PLACEHOLDER.sub(sub, template)
