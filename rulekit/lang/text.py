"""Player-facing text: message templates with translations, rendered without format()."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def placeholders(template: str) -> set[str]:
    """The `{name}` placeholders a template uses."""
    return set(PLACEHOLDER.findall(template))


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
        return fill(t, args)


def fill(template: str, args: dict[str, Any] | Callable[[str], str | None]) -> str:
    """Replace `{name}` by args[name]; unknown names are left untouched."""
    get = args if callable(args) else args.get

    def sub(m: re.Match) -> str:
        v = get(m.group(1))
        return m.group(0) if v is None else str(v)

    return PLACEHOLDER.sub(sub, template)
