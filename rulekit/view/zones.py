"""A zone as a seat sees it: its size (unless hidden), the cards it may see, and its melds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import Cards, CardView

if TYPE_CHECKING:
    from ..rules.game import Rules


@dataclass(frozen=True)
class MeldView:
    """One meld laid in a zone: its number (what answers name it by), kind and cards."""

    number: int
    kind: str  # run | set (a driver words it)
    cards: tuple[CardView, ...]  # a wild card with the value it stands for (stands_for)
    values: tuple[int | None, ...]  # the value each card counts as in the meld


@dataclass(frozen=True)
class ZoneView:
    """One zone instance (the table's, a seat's or a team's) as the viewing seat sees it."""

    name: str
    label: str  # in the view's language
    visibility: str  # public | owner | count | hidden, as declared
    count: int | None  # its size; None when even that is hidden
    cards: tuple[CardView | None, ...]  # the cards seen (None: a face-down place of a pile)
    holds_melds: bool = False  # a zone of melds (its cards are shown meld by meld)
    melds: tuple[MeldView, ...] = ()
    whole: bool = False  # the action being put together depends on every card in it

    @property
    def seen(self) -> tuple[CardView, ...]:
        """The cards the seat sees in it, face-down places left out."""
        return tuple(c for c in self.cards if c is not None)


def zone_view(g: Rules, info: Any, observed: dict[str, Any], lang: str, cards: Cards,
              whole: bool = False) -> ZoneView:
    """The view of a zone from its entry in rulekit.observation."""
    melds = tuple(_meld(m, cards) for m in observed.get("melds") or ())
    return ZoneView(info.name, g.texts.word(info.label, lang), info.visibility,
                    observed["count"], cards.cards(observed["cards"]), bool(info.melds), melds,
                    whole)


def _meld(m: dict[str, Any], cards: Cards) -> MeldView:
    values = tuple(m.get("values") or (None,) * len(m["cards"]))
    shown = []
    for key, value in zip(m["cards"], values, strict=True):
        card = cards.card(key)
        if value is not None and cards.is_wild(key):
            card = CardView(card.key, card.label, card.colour, card.glyph, stands_for=value)
        shown.append(card)
    return MeldView(m["meld"], m["kind"], tuple(shown), values)
