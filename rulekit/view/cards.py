"""A card as a table draws it: its label in the seat's language, its colour and its glyph."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..rules.game import Rules


@dataclass(frozen=True)
class CardView:
    """One card a seat may see (cards.look gives its colour and glyph, if any)."""

    key: str  # the canonical label: what an observation names it by, and an action picks
    label: str  # its name in the view's language
    colour: str | None = None  # one of rulekit.rules.tableview.COLOURS
    glyph: str | None = None  # one printable character (a suit's symbol)
    stands_for: int | None = None  # in a meld, the value a wild card stands for


class Cards:
    """Card views of one game in one language, made once per label."""

    def __init__(self, g: Rules, lang: str):
        self.g = g
        self.lang = lang
        self._card_of: dict[str, int] = {}
        for c, label in enumerate(g.labels):
            self._card_of.setdefault(label, c)
        self._made: dict[str, CardView] = {}

    def card(self, key: str) -> CardView:
        """The view of the card an observation names key (an unknown key: as it is)."""
        made = self._made.get(key)
        if made is None:
            c = self._card_of.get(key)
            label = key if c is None else self.g.card_label(c, self.lang)
            colour, glyph = self.g.table.look(key)
            made = self._made[key] = CardView(key, label, colour, glyph)
        return made

    def cards(self, keys: list[str | None]) -> tuple[CardView | None, ...]:
        """Several cards; a face-down one (None in an observation) stays None."""
        return tuple(None if k is None else self.card(k) for k in keys)

    def is_wild(self, key: str) -> bool:
        """Whether the card is wild in melds (part of the game's definition, known to all)."""
        rules = self.g.meld_rules
        c = self._card_of.get(key)
        return rules is not None and c is not None and bool(rules.wild[c])
