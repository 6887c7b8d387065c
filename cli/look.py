"""How the driver shows a game: card colours found in the ruleset's data, and rich output.

The driver knows no card: a card is coloured when one of its attribute values (or that value's
translation in one of the ruleset's languages) is a colour name, so a ruleset with green cards
gets green cards without any change here.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable
from typing import Any, TextIO

from rich.console import Console
from rich.segment import Segment
from rich.text import Text

import rulekit
from rulekit.plaintext import escape

# Colour names in the languages the driver speaks -> a terminal style. Black cards are drawn
# bold rather than black, which a dark terminal would hide.
COLOUR_NAMES: dict[str, str] = {}
for _style, _names in {
    "bold red": "red rouge rojo roja",
    "bold bright_blue": "blue bleu azul",
    "bold green": "green vert verte verde",
    "bold yellow": "yellow jaune amarillo amarilla",
    "bold magenta": "purple violet violette morado morada púrpura purpura",
    "bold dark_orange": "orange naranja",
    "bold hot_pink": "pink rose rosa",
    "bold cyan": "cyan",
    "bold grey62": "grey gray gris",
    "bold orange4": "brown marron marrón",
    "bold": "black noir noire negro negra",
    "bold white": "white blanc blanche blanco blanca",
}.items():
    for _n in _names.split():
        COLOUR_NAMES[_n] = _style


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
    kwargs: dict = {"file": file, "highlight": False, "markup": False, "emoji": False}
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
        self.card_style: list[str | None] = [self._style_of(c) for c in range(game.n_cards)]
        # canonical label -> a card with that label (observations name cards by label)
        self.card_of_label: dict[str, int] = {}
        for c, label in enumerate(game.labels):
            self.card_of_label.setdefault(label, c)
        words: dict[str, str] = {}
        for c in range(game.n_cards):
            style = self.card_style[c]
            if style:
                words.setdefault(game.card_label(c, lang), style)
        for values in game.card_attrs.values():
            for v in set(values):
                if isinstance(v, str):
                    style = self._colour_of_value(v)
                    if style:
                        words.setdefault(game.texts.word(v, lang), style)
        self.words = words
        # longest first, so "red 1" wins over "red"
        alts = sorted(words, key=len, reverse=True)
        self.pattern = (re.compile(r"(?<!\w)(" + "|".join(re.escape(w) for w in alts) + r")(?!\w)")
                        if alts else None)

    def _colour_of_value(self, v: str) -> str | None:
        names = [v] + [self.game.texts.word(v, lang) for lang in self.game.languages]
        for name in names:
            style = COLOUR_NAMES.get(name.strip().lower())
            if style:
                return style
        return None

    def _style_of(self, card: int) -> str | None:
        for values in self.game.card_attrs.values():
            v = values[card]
            if isinstance(v, str):
                style = self._colour_of_value(v)
                if style:
                    return style
        return None

    def label(self, canonical: str) -> str:
        """A card's label (as observations give it) in the driver's language."""
        c = self.card_of_label.get(canonical)
        return canonical if c is None else self.game.card_label(c, self.lang)

    def card(self, canonical: str) -> Text:
        """A card, by its canonical label, as styled text in the driver's language."""
        c = self.card_of_label.get(canonical)
        if c is None:
            return Text(canonical)
        return Text(self.game.card_label(c, self.lang), style=self.card_style[c] or "")

    def cards(self, canonicals: list[str], empty: str = "-", group_above: int = 10) -> Text:
        """Several cards, comma separated; past group_above cards, equal ones as `label ×n`."""
        if not canonicals:
            return Text(empty)
        if len(canonicals) <= group_above:
            return Text(", ").join(self.card(x) for x in canonicals)
        counts: dict[str, int] = {}
        for x in canonicals:  # dicts keep the first-seen order
            counts[x] = counts.get(x, 0) + 1
        return Text(", ").join(self.card(x) + Text(f" ×{n}" if n > 1 else "")
                               for x, n in counts.items())

    def text(self, plain: str) -> Text:
        """Plain text with every card label and colour word in it coloured."""
        out = Text(plain)
        if self.pattern is not None:
            for m in self.pattern.finditer(plain):
                out.stylize(self.words[m.group(1)], m.start(), m.end())
        return out
