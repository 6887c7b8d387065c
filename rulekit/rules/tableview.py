"""The compiled `table:` section: what a table screen shows a seat (a status line, the variables
worth showing, piles shown whole, the end-of-game counts) and the `rules_text`. None of it
changes the rules; rulekit.compile.table builds it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from ..lang.text import Texts
from ..lang.types import ANY, CARD, PLAYER, TEAM, Fn, elem_of

State = Any  # the runtime's State: the rules layer does not import it


class TableRules(Protocol):
    """What the table's texts read of the rules (rulekit.rules.game.Rules, which holds this
    view: named by what it offers, so that this module does not import the one holding it)."""

    @property
    def texts(self) -> Texts: ...
    @property
    def team_names(self) -> list[str]: ...
    def guard(self, rule: str, fn: Fn, s: State, env: dict[str, Any]) -> Any: ...
    def card_label(self, card: int, lang: str | None = None) -> str: ...

ME = "me"  # the viewing seat, in the status's expressions and texts
SHOWN_BY_DRIVER = frozenset({ME})
# the colours a ruleset may give cards (cards.look): few enough that every table (a terminal's
# 16 colours, a web page) can draw each one apart
COLOURS = ("black", "white", "grey", "red", "orange", "yellow", "green", "blue", "purple",
           "pink", "brown", "cyan")
Look = tuple[str | None, str | None]  # (colour, glyph)


@dataclass
class TableView:
    """The compiled `table:` section of a game."""

    status: list[tuple[Fn | None, str]] = field(default_factory=list)  # (when, text key)
    values: dict[str, tuple[str, Fn]] = field(default_factory=dict)  # name -> (type, fn)
    variables: frozenset[str] | None = None  # the variables shown; None: every visible one
    full: dict[str, frozenset[str]] = field(default_factory=dict)  # zone -> actions
    summary: list[tuple[str, str]] = field(default_factory=list)  # (text key, event kind)
    rules_text: dict[str, str] = field(default_factory=dict)  # language -> text
    moments: tuple[str, ...] = ()  # log event keys worth a pause (a hand won, a bluff caught)
    # cards.look: per canonical card label, its (colour, glyph) when it has either (a label
    # names one card or identical twins: the loader refuses two different cards one label)
    looks: dict[str, Look] = field(default_factory=dict)
    # per attribute value (a word) the colour it gives cards, to colour that word in sentences
    value_colours: dict[str, str] = field(default_factory=dict)
    flags: dict[str, dict[bool, str]] = field(default_factory=dict)  # table.flags

    def look(self, label: str) -> Look:
        """A card's (colour, glyph) by its canonical label ((None, None): drawn plainly)."""
        return self.looks.get(label, (None, None))

    def shows(self, variable: str) -> bool:
        """Whether the table screen shows this (visible) variable."""
        return self.variables is None or variable in self.variables

    def whole(self, zone: str, action: str | None) -> bool:
        """Whether a zone is shown whole while action is being put together."""
        return action is not None and action in self.full.get(zone, frozenset())

    def status_line(self, g: TableRules, s: State, seat: int, lang: str,
                    names: list[str]) -> str | None:
        """The status line as seat sees it in lang, or None when no entry applies."""
        if not self.status:
            return None
        work = s.clone()  # the status must not draw on the game's evaluation budget
        env = {ME: seat}
        for when, key in self.status:
            if when is None or g.guard("table.status", when, work, env):
                return g.texts.render(key, lang, self.values_for(g, work, seat, lang, names))
        return None

    def values_for(self, g: TableRules, s: State, seat: int, lang: str,
                   names: list[str]) -> dict[str, str]:
        """The values (and `me`) as words for seat, to fill a status or a prompt."""
        work = s.clone()
        env = {ME: seat}
        args = {ME: names[seat]}
        for name, (type_, fn) in self.values.items():
            args[name] = show(g, type_, g.guard(f"table.values.{name}", fn, work, env), lang, names)
        return args

    def counts(self, kinds: list[str]) -> list[tuple[str, int]]:
        """The summary's counts (text key, number) from the event kinds of the log as a seat
        reads it (rulekit.events_for)."""
        return [(text, sum(1 for k in kinds if k in (event, event + "_hidden")))
                for text, event in self.summary]


def show(g: TableRules, type_: str, v: Any, lang: str, names: list[str]) -> str:
    """A value as words in lang: a seat by its name, a card by its label, a word translated."""
    if v is None:
        return "-"
    if isinstance(v, bool):
        return g.texts.word("yes" if v else "no", lang)
    if type_ == PLAYER and isinstance(v, int):
        return names[v] if 0 <= v < len(names) else str(v)
    if type_ == TEAM and isinstance(v, int):
        return g.texts.word(g.team_names[v], lang) if v < len(g.team_names) else str(v)
    if type_ == CARD and isinstance(v, int):
        return g.card_label(v, lang)
    if isinstance(v, list):
        inner = elem_of(type_) or ANY
        return ", ".join(show(g, inner, x, lang, names) for x in v) or "-"
    if isinstance(v, str):
        return g.texts.word(v, lang)
    return str(v)
