"""rulekit.seat_view(state, None): a spectator's view, what every seat sees and nothing more."""

from __future__ import annotations

import pytest
from game_helpers import bundled_games
from test_view import played

import rulekit
from rulekit.view import view
from rulekit.view.events import HIDDEN

GAMES = bundled_games()


@pytest.mark.parametrize("game", [g for _, g in GAMES],
                         ids=[f"{p.stem}{'+' + g.variant if g.variant else ''}"
                              for p, g in GAMES])
def test_a_spectators_view_is_the_same_whichever_seats_hidden_cards_are_dealt_again(game):
    """A world resampled for any one seat moves the cards that seat cannot see (the others'
    hands, the stock): the spectator's view stays the same, so it holds no card private to a
    seat or hidden from all; its events hide every card some seat saw privately."""
    compared = 0
    for seed, steps in ((1, 0), (2, 25), (3, 80)):
        s, journal = played(game, seed, steps)
        seen = view(s, None, journal=journal)
        assert seen.seat is None and seen.status is None
        assert seen.question is None or (not seen.question.yours and not seen.question.options)
        for seat in range(s.n):
            world = rulekit.resample(s, seat, 31 + seat)
            assert view(world, None, journal=journal).to_json() == seen.to_json()
            compared += 1
        for group in seen.events:
            for e in group.events:
                assert s.log[e.at][2] is None or e.key.endswith(HIDDEN)
    assert compared >= 6


def test_a_spectators_view_shows_no_ones_hand_but_its_count():
    game = rulekit.load("rulesets/uno.yaml")
    s, journal = played(game, 4, 10)
    seen = view(s, None, journal=journal)
    for row in seen.players:
        assert not row.you and row.zone("hand").cards == () and row.zone("hand").count
    assert view(s, 0, journal=journal).players[0].zone("hand").cards  # a seat sees its own
