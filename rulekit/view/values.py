"""A variable as a table shows it: its label, its value as the observation gives it, and words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import Cards, CardView

if TYPE_CHECKING:
    from ..rules.game import Rules
    from ..rules.parts import VarInfo

# a value that says nothing worth a place on the table's line (none, no, 0, empty)
BLANK: tuple[object, ...] = (None, False, 0, [], "none")


@dataclass(frozen=True)
class VarView:
    """One visible variable the ruleset's table shows."""

    name: str
    label: str  # in the view's language
    type: str  # the variable's type (int, bool, card, list[card], player, ...)
    value: Any  # as rulekit.observation gives it (a card by its canonical label)
    text: str  # the value in words: a seat by name, a named number, a flag's words ('' : unsaid)
    cards: tuple[CardView, ...] = ()  # a card or list of cards: each as the table draws it
    flag: bool = False  # a yes/no variable the ruleset words (table.flags): text alone is shown
    blank: bool = False  # says nothing worth a place on the table's line (none, no, 0, empty)


def var_view(g: Rules, info: VarInfo, value: Any, lang: str, names: list[str],
             cards: Cards) -> VarView:
    """The view of one variable's observed value."""
    label = g.texts.word(info.label, lang)
    flags = g.table.flags.get(info.name)
    if flags is not None:
        key = flags.get(bool(value))
        return VarView(info.name, label, info.type, value,
                       g.texts.word(key, lang) if key else "", flag=True)
    shown: tuple[CardView, ...] = ()
    if info.type == "card" and isinstance(value, str):
        shown = (cards.card(value),)
    elif info.type == "list[card]" and isinstance(value, list):
        shown = tuple(cards.card(x) for x in value)
    return VarView(info.name, label, info.type, value,
                   words(g, info.type, value, lang, names, info.names, cards), shown,
                   blank=any(value == b and type(value) is type(b) for b in BLANK))


def words(g: Rules, type_: str, v: Any, lang: str, names: list[str],
          value_names: dict[int, str] | None, cards: Cards) -> str:
    """A value as words in lang (a number by its name, a seat by its name, a card by label)."""
    if v is None:
        return "-"
    if value_names and isinstance(v, int) and not isinstance(v, bool) and v in value_names:
        return g.named_value(value_names, v, lang)
    if type_ == "player" and isinstance(v, int):
        return names[v] if 0 <= v < len(names) else str(v)
    if type_ == "players" and isinstance(v, list):
        return ", ".join(names[p] for p in v) or "-"
    if isinstance(v, bool):
        return g.texts.word("yes" if v else "no", lang)
    if type_ == "card" and isinstance(v, str):
        return cards.card(v).label
    if type_ == "list[card]" and isinstance(v, list):
        return ", ".join(cards.card(x).label for x in v) or "-"
    if isinstance(v, str):
        return g.texts.word(v, lang)
    if isinstance(v, list):
        return ", ".join(str(x) for x in v) or "-"
    return str(v)
