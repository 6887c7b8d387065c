"""The terminal draws the seat's view: cards with the glyph and colour their ruleset declares."""

from __future__ import annotations

import io
import re

from rulekit_cli.look import InertConsole, Painter
from screen_helpers import (
    BUNDLED,
    RULESETS,
    a_long_discard_pile_to_take,
    a_match_at,
    played,
    screens,
)

import rulekit
from rulekit.view import view

SUITS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}


def test_a_standard_deck_s_cards_show_their_suit_symbol_on_screen():
    transcript = played(RULESETS / "crazy_eights.yaml", 3, seed=2, answers=6)
    said = " ".join(" ".join(" ".join(screen) for screen in screens(transcript)).split())
    shown = re.findall(r"([♠♥♦♣]) (?:ace|jack|queen|king|\d+) of (spades|hearts|diamonds|clubs)",
                       said)
    assert len(shown) >= 7  # a hand of 7 at least once
    assert all(SUITS[suit] == glyph for glyph, suit in shown)


def test_a_deck_without_glyphs_shows_its_labels_alone():
    transcript = played(BUNDLED["sham"], 4, seed=2, answers=4)
    assert not re.search("[♠♥♦♣]", transcript)


def test_hearts_and_diamonds_are_drawn_red_and_spades_plainly():
    game = rulekit.load(RULESETS / "spades.yaml")
    paint = Painter(game, "fr")
    queen = paint.card("queen of hearts")
    assert queen.plain == "♥ dame de cœur" and "red" in str(queen.style)
    spade = paint.card("2 of spades")
    assert spade.plain == "♠ 2 de pique" and str(spade.style) == ""
    # a sentence naming a red suit shows the word in red
    line = paint.text("Atout : cœur")
    assert any("red" in str(span.style) for span in line.spans)


def test_a_coloured_screen_draws_the_view_s_colours():
    """The screen of a Shamus seat, on a colour terminal: each heart or diamond the seat's view
    gives as red is drawn in red (SGR 31), with its glyph."""
    game, s, seed = a_long_discard_pile_to_take()
    m, out, seat = a_match_at(game, s, seed)
    colour = io.StringIO()
    m.console = m.screen.console = InertConsole(file=colour, width=80, height=24,
                                                color_system="standard", force_terminal=True,
                                                soft_wrap=False, highlight=False)
    m.draw(seat)
    red = [c for c in view(s, seat).players[seat].zone("hand").seen if c.colour == "red"]
    assert red
    for card in red:
        assert re.search(r"\x1b\[1;31m" + re.escape(f"{card.glyph} {card.label}"),
                         colour.getvalue())

