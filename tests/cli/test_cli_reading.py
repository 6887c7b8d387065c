"""Reading at the terminal: `rules` in a game and `rulekit rules` reflow the rules text to the
screen's width, page it a screenful at a time, and the question is asked again after it."""

from __future__ import annotations

import io

from cli_helpers import cli
from paths import ROOT
from rulekit_cli.look import InertConsole
from rulekit_cli.pager import paragraphs
from rulekit_cli.play import HUMAN, Match
from rulekit_cli.rules import print_rules

import rulekit

RULESETS = ROOT / "rulesets"


class Typed(io.StringIO):
    """Answers typed by a person at a terminal (so long texts are paged)."""

    def isatty(self) -> bool:
        """A person types these answers."""
        return True


def console(out: io.StringIO, width: int = 80, height: int = 24) -> InertConsole:
    """A recorded console of width x height (no colour)."""
    return InertConsole(file=out, width=width, height=height, soft_wrap=False, color_system=None,
                        highlight=False)


def play_typed(game: str, answers: str, seed: int = 3, width: int = 80) -> str:
    """What a person sees typing answers into a game of game (3 seats, the first theirs)."""
    g = rulekit.load(RULESETS / f"{game}.yaml")
    out = io.StringIO()
    players = max(g.min_players, 3) if g.max_players >= 3 else g.min_players
    kinds = [HUMAN] + ["random"] * (players - 1)
    Match(g, players, kinds, seed, "en", console(out, width), Typed(answers)).run()
    return out.getvalue()


def test_a_paragraph_is_joined_and_blank_lines_separate_paragraphs():
    text = "One line\nwrapped by an editor.\n\nA second\nparagraph.\n- an item\n- another"
    assert paragraphs(text) == ["One line wrapped by an editor.", "A second paragraph.",
                                "- an item", "- another"]


def test_rules_in_a_game_fit_80_columns_page_and_ask_the_question_again():
    shown = play_typed("sham", "rules\n\n\n\nquit\n")
    lines = shown.split("\n")
    assert max(len(x) for x in lines) <= 80
    first = next(i for i, x in enumerate(lines) if x == "> rules")
    more = [i for i, x in enumerate(lines) if x.startswith("--More--")]
    assert more, "the rules are longer than a 24-line screen: they are paged"
    # each screenful, from the answer to the --More-- prompt, fits the screen
    for a, b in zip([first] + more, more, strict=False):
        assert b - a <= 24
    # the rules are read as prose: no line broken as the ruleset's file breaks them
    body = "\n".join(lines[first:])
    assert "A round: the leader places one or more cards face down and claims a colour and a" \
        in body
    # after the last page, the question again, then the prompt
    last = max(i for i, x in enumerate(lines) if x.startswith("> quit"))
    before = lines[last - 1]
    assert before.strip() and not before.startswith("--More--")
    screen_question = lines[first - 1]  # the option listed just before `rules` was typed
    assert screen_question in lines[first + 1:last]


def test_q_at_more_stops_the_rules_and_the_question_is_asked_again():
    shown = play_typed("sham", "rules\nq\nquit\n")
    lines = shown.split("\n")
    first = next(i for i, x in enumerate(lines) if x == "> rules")
    stop = next(i for i, x in enumerate(lines) if x.startswith("--More--") and x.endswith("q"))
    assert "the game ends: most cards in the Winnings Pile wins" not in " ".join(lines[stop:])
    assert lines[first - 1] in lines[stop + 1:]  # the options again


def test_help_and_log_ask_the_question_again():
    for command in ("help", "log"):
        lines = play_typed("uno", f"{command}\nquit\n").split("\n")
        at = next(i for i, x in enumerate(lines) if x == f"> {command}")
        assert lines[at - 1] in lines[at + 1:], command


def test_rulekit_rules_at_a_terminal_pages_at_its_width():
    game = rulekit.load(RULESETS / "shamus.yaml")
    out = io.StringIO()
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return ""

    print_rules(game, "en", console(out, width=60, height=20), ask, 20)
    lines = out.getvalue().rstrip("\n").split("\n")
    assert max(len(x) for x in lines) <= 60
    assert len(asked) == (len(lines) - 1) // 19
    assert asked[0] == "--More-- (Enter: the next page, q: stop)"


def test_rulekit_rules_to_a_pipe_is_one_line_a_paragraph():
    r = cli("rules", "uno")
    assert r.code == 0
    assert ("On your turn play a card matching the colour, the number or the symbol of the top "
            "discard, or a wild card (which names the colour to play). If you cannot or will "
            "not, draw a card; you may play it if it matches.") in r.out.split("\n")
    assert "--More--" not in r.out
