"""How the driver shows a game: the cards' colours and glyphs the ruleset declares (cards.look,
read through rulekit's table description), and rich output.

The driver knows no card: a ruleset says which attribute values give cards a colour or a glyph,
and the driver draws each colour of rulekit's palette in a terminal style.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable, Sequence
from typing import Any, TextIO

from rich.console import Console
from rich.segment import Segment
from rich.text import Text

import rulekit
from rulekit.plaintext import escape
from rulekit.view import CardView

# rulekit's card colours (rulekit.rules.tableview.COLOURS) -> a terminal style. Black cards are
# drawn bold rather than black, which a dark terminal would hide.
STYLES: dict[str, str] = {
    "red": "bold red", "blue": "bold bright_blue", "green": "bold green",
    "yellow": "bold yellow", "purple": "bold magenta", "orange": "bold dark_orange",
    "pink": "bold hot_pink", "cyan": "bold cyan", "grey": "bold grey62",
    "brown": "bold orange4", "black": "bold", "white": "bold white",
}


class InertConsole(Console):
    """A rich console that never lets text act on the terminal, nor read it as markup.

    Texts come from rulesets, which come from strangers: every character of every text segment
    that could act on a terminal (ESC, CR, bidi overrides...) is shown escaped (see
    rulekit.plaintext), and markup and emoji codes are never interpreted, whatever a caller
    asks. Only rich's own control segments (cursor moves of a live status line) pass as they
    are."""

    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        # the one place every printed text passes through on its way to the terminal
        return super()._render_buffer(
            seg if seg.control else Segment(escape(seg.text), seg.style, seg.control)
            for seg in buffer)

    def print(self, *objects: Any, **kwargs: Any) -> None:  # noqa: D102 - as Console.print
        kwargs["markup"] = False
        kwargs["emoji"] = False
        super().print(*objects, **kwargs)

    def input(self, prompt: Any = "", *, markup: bool = False, emoji: bool = False,
              password: bool = False, stream: TextIO | None = None) -> str:
        """As Console.input, but the prompt is never read as markup (rich's default is to)."""
        return super().input(prompt, markup=False, emoji=False, password=password,
                             stream=stream)


def say(text: str = "", file: TextIO | None = None) -> None:
    """Print a line of plain text (not through rich) with its control characters escaped."""
    print(escape(text), file=file or sys.stdout)


def make_console(file: TextIO | None = None) -> Console:
    """A console that colours only a terminal, and never when NO_COLOR is set."""
    no_color = os.environ.get("NO_COLOR", "") != ""
    file = file or sys.stdout
    kwargs: dict[str, Any] = {"file": file, "highlight": False, "markup": False, "emoji": False}
    if no_color:
        # color_system=None drops every style (bold too), so NO_COLOR output is plain text.
        kwargs["color_system"] = None
    console = InertConsole(**kwargs)
    # a terminal gets lines wrapped at word boundaries; a file or pipe gets one line per message
    console.soft_wrap = not console.is_terminal
    return console


class Painter:
    """Styles card labels and colour words of one ruleset in one language."""

    def __init__(self, game: rulekit.Game, lang: str):
        self.game = game
        self.lang = lang
        looks = game.table
        # canonical label -> a card with that label (observations name cards by label)
        self.card_of_label: dict[str, int] = {}
        for c, label in enumerate(game.labels):
            self.card_of_label.setdefault(label, c)
        self.card_style: list[str | None] = [
            STYLES.get(looks.look(game.labels[c])[0] or "") for c in range(game.n_cards)]
        words: dict[str, str] = {}
        for c in range(game.n_cards):
            style = self.card_style[c]
            if style:
                words.setdefault(game.card_label(c, lang), style)
        # a value that gives cards a colour is drawn in it wherever a sentence names it
        for value, colour in looks.value_colours.items():
            words.setdefault(game.texts.word(value, lang), STYLES[colour])
        self.words = words
        # longest first, so "red 1" wins over "red"
        alts = sorted(words, key=len, reverse=True)
        self.pattern = (re.compile(r"(?<!\w)(" + "|".join(re.escape(w) for w in alts) + r")(?!\w)")
                        if alts else None)

    def label(self, canonical: str) -> str:
        """A card's label (as observations give it) in the driver's language."""
        c = self.card_of_label.get(canonical)
        return canonical if c is None else self.game.card_label(c, self.lang)

    def card(self, card: str | CardView) -> Text:
        """A card (a view, or its canonical label) as styled text in the driver's language: its
        glyph, if the ruleset gives it one, before its label."""
        if not isinstance(card, CardView):
            c = self.card_of_label.get(card)
            if c is None:
                return Text(card)
            colour, glyph = self.game.table.look(card)
            card = CardView(card, self.game.card_label(c, self.lang), colour, glyph)
        shown = f"{card.glyph} {card.label}" if card.glyph else card.label
        return Text(shown, style=STYLES.get(card.colour or "", ""))

    def cards(self, cards: Sequence[str | CardView], empty: str = "-",
              group_above: int = 10, glyph_once: bool = False) -> Text:
        """Several cards, comma separated; past group_above cards, equal ones as `label ×n`.
        glyph_once: a glyph (a suit's symbol) only before the first of cards in a row that
        share it (a hand shown by suit takes fewer columns)."""
        if not cards:
            return Text(empty)
        if len(cards) <= group_above:
            counted = [(x, 1) for x in cards]
        else:
            counts: dict[str, tuple[str | CardView, int]] = {}
            for x in cards:  # dicts keep the first-seen order
                key = x.key if isinstance(x, CardView) else x
                counts[key] = (x, counts[key][1] + 1 if key in counts else 1)
            counted = list(counts.values())
        shown, before = [], None
        for x, n in counted:
            card = self.card(x)
            glyph = self._glyph(x) if glyph_once else None
            if glyph is not None and glyph == before:
                card = card[len(glyph) + 1:]  # the label alone, in the card's colour
            before = glyph
            shown.append(card + Text(f" ×{n}" if n > 1 else ""))
        return Text(", ").join(shown)

    def _glyph(self, card: str | CardView) -> str | None:
        """A card's glyph, if the ruleset gives it one."""
        if isinstance(card, CardView):
            return card.glyph
        return self.game.table.look(card)[1] if card in self.card_of_label else None

    def text(self, plain: str) -> Text:
        """Plain text with every card label and colour word in it coloured."""
        out = Text(plain)
        if self.pattern is not None:
            for m in self.pattern.finditer(plain):
                out.stylize(self.words[m.group(1)], m.start(), m.end())
        return out
