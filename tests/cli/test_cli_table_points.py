"""Issue 31, point 2: the seats' marker, Le Ch'ami's "Card to pass" column, and the penalty
draws told to their drawer, as a person at the terminal sees them."""

from __future__ import annotations

from screen_helpers import played
from typed_helpers import RULESETS, typed

import rulekit
from rulekit.view import view


def test_the_marker_never_sits_on_a_player_out_of_the_round() -> None:
    """Issue 31: 'the `▸` marker sits on players out of the round, and nothing says what it
    marks'. It marks the player whose turn it is, and only while they take part."""
    outs = 0
    for seed in (1, 2, 3):
        transcript, _ = typed("sham", 3, seed, limit=40)
        rows = [line for line in transcript.split("\n")
                if line.startswith(("▸ ", "  ")) and " out " in line[:30]]
        outs += len(rows)
        assert not [r for r in rows if r.startswith("▸")], rows
    assert outs > 0  # players were out of the round on these screens


def test_the_seats_table_says_what_its_marker_marks() -> None:
    """Issue 31: 'nothing says what [the `▸` marker] marks'. The seats' table's heading does,
    in the game's language, above the marked row."""
    for lang, heading in (("en", "Player (▸ turn)"), ("fr", "Joueur (▸ son tour)")):
        transcript = played(RULESETS / "chami.yaml", 2, 1, lang=lang, answers=20)
        lines = transcript.split("\n")
        headed = [i for i, line in enumerate(lines) if line.startswith(heading)]
        assert len(headed) >= 3, transcript
        for i in headed:  # the marked row is among the rows under it
            assert any(row.startswith("▸ ") for row in lines[i + 1:i + 3]), lines[i:i + 3]


def test_a_view_marks_no_turn_on_a_seat_the_phase_leaves_out() -> None:
    game = rulekit.load(RULESETS / "sham.yaml")
    for seed in range(20):
        s = game.new_state(3, seed)
        while not s.is_over:
            obs = rulekit.observation(s, None)
            turn = obs["turn"]
            if not obs["seats"][turn]["vars"]["in_round"] and s.decider != turn:
                v = view(s, s.decider)
                assert not v.players[turn].turn
                assert not any(p.turn for p in v.players)
                return
            s.apply_unchecked(s.legal_actions()[seed % len(s.legal_actions())])
    raise AssertionError("no seed left the turn with a player out of the round")


def test_chamis_card_to_pass_column_only_shows_while_a_card_waits_to_be_passed() -> None:
    """Issue 31: 'Le Ch'ami's "Card to pass" column is always 0'. The zone holds the card a
    player chose in a collective exchange (Seesaw) until every card moves at once; empty at
    every seat, it is left off the seats' table."""
    # seed 6: the typist meets an exchange (seed 1 did while the forced steps of a move were
    # asked, issue 31: each answer shifts the typist's picks)
    transcript, _ = typed("chami", 2, 6, limit=150)
    lines = transcript.split("\n")
    headers = [i for i, line in enumerate(lines) if line.startswith("Player ") and "Hand" in line]
    passing = [i for i in headers if lines[i].endswith("Card to pass")]
    assert len(headers) > len(passing) > 0
    for i in passing:  # during the exchange: the seat who has chosen holds its card there
        rows = lines[i + 1:i + 3]
        assert any(row.split()[-1] == "1" for row in rows), rows
        assert "Collective exchange" in "\n".join(lines[i:i + 12])


def test_the_penalty_drawer_is_told_which_cards_they_drew_in_uno() -> None:
    """Issue 31 (d): penalty draws did not tell the drawer which cards they drew (SHAM's refill
    does); the others learn only how many."""
    transcript, _ = typed("uno", 2, 1, limit=60)
    mine = [line for line in transcript.split("\n")
            if line.strip().startswith("Player 1 draws ") and " cards: " in line]
    assert mine, "no penalty drawn by the person"
    theirs = [line.strip() for line in transcript.split("\n")
              if line.strip().startswith("Bot 2 draws ") and line.strip().endswith("cards.")]
    assert all(":" not in line for line in theirs)


def test_the_penalty_drawer_is_told_which_cards_they_drew_in_shamus() -> None:
    transcript, _ = typed("shamus", 2, 3, limit=60)
    paid = [line for line in transcript.split("\n") if "cards and skips the turn: " in line]
    assert paid and all(line.strip().startswith("Player 1 ") for line in paid)


def test_four_player_shamus_says_who_plays_which_role() -> None:
    """Issue 31: 'Four-player Shamus never says who your partner is.' The status line under
    the heading names the Uno players and the Rami players (H8: the roles go by seat)."""
    transcript, _ = typed("shamus", 4, 2, variant="four-players", limit=3)
    lines = transcript.split("\n")
    tables = [i for i, line in enumerate(lines)
              if line.startswith("─") and any(x.startswith("Player (▸ turn)")
                                              for x in lines[i + 1:i + 10])]
    assert tables
    for i in tables:
        status = " ".join(lines[i + 1:i + 3])  # it may wrap
        assert "You: the Uno player" in status, lines[i:i + 3]
        assert "Uno: Player 1, Bot 3; Rami: Bot 2, Bot 4" in status, lines[i:i + 3]


def test_the_card_taken_to_be_laid_is_said_only_until_it_is_laid() -> None:
    """Issue 31: '"Taken from the discard pile (to be laid): 9 of hearts" stays after the 9 was
    laid'. The status line says the card while it waits in the Rami player's hand, not after."""
    transcript, _ = typed("shamus", 2, 6, seat=1)  # the Rami player takes from the pile
    lines = transcript.split("\n")
    said = 0
    for i, line in enumerate(lines):
        if not line.startswith("You: the Rami player"):
            continue
        status = " ".join(lines[i:i + 2])  # it may wrap
        screen = " ".join(lines[i:i + 16])
        hand = screen.split("Your Hand", 1)[1].split("Latest events")[0]
        if "to lay:" in status:
            said += 1
            card = status.split("to lay:", 1)[1].split("Stock:")[0].strip(" ♠♥♦♣")
            assert card and card in " ".join(hand.split()), (card, screen)
    assert said > 0
    assert "Taken from the discard pile (to be laid)" not in transcript
