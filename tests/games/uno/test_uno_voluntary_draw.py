"""UNO's variant `voluntary_draw`: the official rules' "You may choose not to play a playable
card from your hand. If so, you must draw a card from the deck. If playable, that card can be
put down immediately." Random seats draw by choice rarely (the weights), so its random games
end (issue 33: 4 of 20 did with uniform draws)."""

from __future__ import annotations

from collections import Counter

from uno_helpers import game, hand, labels, legal, picks, position

from rulekit.bots import RandomBot
from rulekit.sim import by_seat, play_out

VARIANT = "voluntary_draw"


def test_you_may_draw_even_if_you_could_play():
    """"You may choose not to play a playable card from your hand. If so, you must draw." """
    s = position(3, {0: ["red 5"]}, "red 3", stock=["green 9"], variant=VARIANT)
    assert legal(s) == ["play", "draw"]
    s.apply("draw")
    # the card drawn cannot be played: the turn passes, the playable card kept
    assert s.decider == 1 and hand(s, 0) == Counter({"red 5": 1, "green 9": 1})
    base = position(3, {0: ["red 5"]}, "red 3", stock=["green 9"])
    assert legal(base) == ["play"]  # the base game: only when you cannot play


def test_a_card_drawn_by_choice_may_be_put_down_at_once_and_only_it():
    """"If playable, that card can be put down immediately" (not another card of the hand)."""
    s = position(3, {0: ["red 5"]}, "red 3", stock=["red 9"], variant=VARIANT)
    s.apply("draw")
    assert s.decider == 0 and legal(s) == ["play", "pass"]
    s.apply("play")
    assert picks(s) == {"red 9"}
    s.apply("pick red 9")
    assert s.decider == 1 and labels(s, "discard")[-1] == "red 9"


def test_random_seats_rarely_draw_by_choice_and_every_game_ends():
    """50 random games (2 to 10 players) end within the default limits; a free draw is taken
    about one time in five it is offered (play weighs 4, the draw 1)."""
    g = game(VARIANT)
    offered = taken = 0

    def watch(state, action) -> None:
        nonlocal offered, taken
        texts = [a.text for a in state.legal_actions()]
        if "play" in texts and "draw" in texts:
            offered += 1
            taken += action.text == "draw"

    for seed in range(50):
        players = 2 + seed % 9
        state = g.new_state(players, seed)
        play_out(state, by_seat([RandomBot(p, seed) for p in range(players)]), watch)
        assert state.is_over and state.decisions < g.max_decisions
    assert offered > 500 and 0.1 < taken / offered < 0.3


def test_validate_play_passes_the_variant():
    """`rulekit validate --play 50` plays the variant's random games to their ends."""
    from rulekit_cli.playcheck import play_check

    failure, decisions = play_check(game(VARIANT), 50)
    assert failure is None and decisions > 0
