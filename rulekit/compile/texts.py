"""Texts: each text's translations, and the placeholders every shown text fills."""

from __future__ import annotations

from ..lang.expressions import (
    did_you_mean,
)
from ..lang.text import placeholders
from ..lang.textcheck import malformed_forms, plurals_of_non_numbers, static_uses, unfilled
from .context import CompileContext


def texts(c: CompileContext) -> set[str]:
    """Each text has a translation for every language, and no other; the text keys."""
    langs = c.spec.languages
    for key, entry in c.spec.text.items():
        missing = [lang for lang in langs if lang not in entry]
        if missing:
            c.error(f"text '{key}' has no translation for: {', '.join(missing)}",
                    ("text", key), hint="add " + ", ".join(f"'{m}: ...'" for m in missing))
        extra = [k for k in entry if k not in langs]
        for k in extra:
            c.error(f"'{k}' is not one of the ruleset's languages ({', '.join(langs)})",
                    ("text", key, k), key=True,
                    hint=did_you_mean(k, langs) or f"add '{k}' to languages, or remove it")
        first = entry.get(langs[0])
        if first is not None:
            want = placeholders(first)
            for lang in langs[1:]:
                if lang in entry and placeholders(entry[lang]) != want:
                    c.error(f"text '{key}' in '{lang}' uses placeholders "
                            f"{sorted(placeholders(entry[lang]))} but '{langs[0]}' uses "
                            f"{sorted(want)}", ("text", key, lang))
    for u in malformed_forms(c.spec):
        c.error(u.message, ("text", u.key, u.lang), offset=(u.line, u.col), hint=u.hint)
    return set(c.spec.text)


def text_placeholders(c: CompileContext) -> None:
    """Each used text's {placeholders} must name something every use of it fills; a plural
    form's, a number."""
    uses = c.text_uses + list(static_uses(c.spec))
    for u in [*unfilled(c.spec, uses), *plurals_of_non_numbers(c.spec, uses)]:
        c.error(u.message, ("text", u.key, u.lang), offset=(u.line, u.col), hint=u.hint)
