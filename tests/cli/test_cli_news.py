"""Issue 12: the events since a seat's last decision are printed just above its question, even
when its turn begins with a step it had no choice in (played without asking); every screen and
its question fit 80x24; a pile a choice depends on is shown in full at that choice."""

from __future__ import annotations

import io

from cli_helpers import cli
from rulekit_cli.answers import Question
from screen_helpers import BUNDLED, a_long_discard_pile_to_take, a_match_at, between_answers, played

import rulekit

NOTE = "Your turn. What do you do? Only one choice: draw a card."


def test_a_forced_draw_leaves_the_news_on_the_screen_above_the_question():
    # Ch'ami: a turn begins with the one legal draw; the bots' moves since the human's discard
    # and the draw itself are on the next screen, just above the question, not above the screen
    r = cli("play", "chami", "--seats", "human,random,random", "--seed", "4",
            stdin="2\n1\nquit\n")
    lines = r.out.splitlines()
    answer = lines.index("> 1")
    ask = max(i for i, line in enumerate(lines) if line == "Your turn. What do you do?")
    assert lines[answer + 1].startswith("─")  # the screen comes first
    news = lines.index("Latest events:", answer)
    said = lines[news + 1:ask]
    said = said[:said.index("  Player 1 draws 9+4=13.") + 1]
    assert said == ["  Player 1 discards Dead End.",
                    "  Dead End! Bot 2 misses a turn.",
                    "  Bot 3 draws a card.",
                    "  Bot 3 lays 10, 1+9=10, 4+6=10.",
                    "  Bot 3 discards 13.",
                    "  " + NOTE,
                    "  Player 1 draws 9+4=13."]
    assert lines[news + 1 + len(said)] == "Your turn. What do you do?"


def test_no_note_of_a_forced_step_is_printed_above_a_screen():
    # a step played without asking is said among the news on the screen (when they have room)
    transcript = played(BUNDLED["chami"], 3, seed=1, answers=150)  # 5 forced draws noted
    noted = 0
    for block in between_answers(transcript):
        rule = max((i for i, line in enumerate(block) if line.startswith("─")), default=0)
        assert not any("Only one choice" in line for line in block[:rule]), "\n".join(block)
        noted += sum(line == "  " + NOTE for line in block[rule:])
    assert noted > 1


def test_what_is_read_between_two_answers_fits_80_by_24():
    # the table, the news since the last decision (forced steps included) and the question
    read = 0
    for name, players, seed, seat in (("chami", 3, 4, 0), ("chami", 4, 1, 0),
                                      ("shamus", 2, 2, 0), ("shamus", 2, 3, 1),
                                      ("shamus", 2, 5, 1), ("sham", 4, 1, 0), ("sham", 4, 3, 2)):
        blocks = between_answers(played(BUNDLED[name], players, seed=seed, seat=seat,
                                        answers=80))
        read += len(blocks)
        for block in blocks:
            assert all(len(line) <= 80 for line in block)
            assert len(block) <= 24, f"{name} seed {seed}:\n" + "\n".join(block)
    assert read > 200


def test_a_prompt_without_an_end_mark_gets_one_before_the_forced_choice():
    from rulekit_cli.turns import ended

    assert ended("Discard a card of the same rank or suit as K of spades, or an Ace") == \
        "Discard a card of the same rank or suit as K of spades, or an Ace."
    assert ended("Your turn. What do you do?") == "Your turn. What do you do?"
    assert ended("Que faites-vous ?") == "Que faites-vous ?"
    said = " ".join(played(BUNDLED["shamus"], 2, seed=2).split())
    assert "as 5 of clubs, or an Ace. Only one choice: 8 of clubs." in said


def test_the_depth_question_follows_every_card_of_the_discard_pile():
    # H5 (table.full: {discard: [take]}): after the human answers `take`, the question of how
    # deep comes after the whole pile, not after the screen's last 8 cards only
    game, s, seed = a_long_discard_pile_to_take()
    m, out, seat = a_match_at(game, s, seed)
    q = Question(s, seat, m.paint, "en", m.names)
    take = next(o.number for o in q.options if str(o.action) == "take")
    m.term.stdin = io.StringIO(f"{take}\nquit\n")
    assert m.run() == 0
    pile = rulekit.observation(s, seat)["table"]["discard"]["cards"]
    # each card as the screen draws it: its suit's glyph (cards.look), then its label
    labels = ", ".join(f"{game.table.look(c)[1]} {game.card_label(game.labels.index(c), 'en')}"
                       for c in pile)
    after = " ".join(out.getvalue().split(f"> {take}\n")[1].split())
    assert after.index(f"Discard pile: {len(pile)} ({labels})") < \
        after.index("How many cards do you take from the top of the discard pile")
