"""A 60x20 terminal (issue 31): "the status line stays on top at any size from 60x20".

Each screen, from its heading rule to the prompt, fits 20 lines, so the heading and the status
line under it are never scrolled off by the news or the options. Spades (issue 31: "Spades at
60x20: its screens are 21-23 lines") fits by the compact table's economies: a pile whose cards
are all shown without its count, a hand's suit symbol once per suit, a team a line, the options
in columns without their indent when that saves a line.
"""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from rulekit_cli.look import InertConsole
from rulekit_cli.play import HUMAN, Match
from typed_helpers import GO_ON, typed

import rulekit
from rulekit.view import view

RULESETS = Path(__file__).resolve().parents[2] / "rulesets"

HEIGHT = 20


def screens(transcript: str) -> list[list[str]]:
    """Each screen: the lines from its heading rule to its prompt (the prompt included)."""
    out: list[list[str]] = []
    current: list[str] | None = None
    for line in transcript.split("\n"):
        if line.startswith("─"):
            current = [line]
            out.append(current)
        elif current is not None:
            current.append(line)
            if line.startswith(">"):
                current = None
    return out


@pytest.mark.parametrize(("name", "players"), [("sham", 4), ("chami", 2), ("shamus", 2),
                                               ("uno", 4), ("crazy_eights", 4),
                                               ("spades", 4), ("gin_rummy", 2),
                                               ("durak", 3)])
def test_every_screen_fits_a_60x20_terminal_heading_first(name: str, players: int) -> None:
    transcript, _ = typed(name, players, 3, width=60, height=HEIGHT, limit=25)
    shown = screens(transcript)
    assert len(shown) >= 5
    for screen in shown:
        assert len(screen) <= HEIGHT, "\n".join(screen)
        assert all(len(line) <= 60 for line in screen)


def test_the_status_line_is_the_line_under_the_heading_at_60x20() -> None:
    transcript, _ = typed("sham", 4, 3, width=60, height=HEIGHT, limit=25)
    tables = [s for s in screens(transcript) if GO_ON not in s]  # a moment's pause has no table
    assert len(tables) >= 5
    for screen in tables:
        status = " ".join(line.strip() for line in screen[1:3])  # it may wrap at 60 columns
        assert re.search(r"\d+ players? in the round", status), "\n".join(screen)


def test_spades_fits_60x20_once_the_team_scores_have_three_digits() -> None:
    # issue 31: a team a line did not fit 60 columns once a score read -160, and the screens of
    # a hand's first tricks (a 13-card hand, up to 13 cards to play) took 21 lines
    game = rulekit.load(RULESETS / "spades.yaml")
    s = game.new_state(4, 1)
    rnd = random.Random(1)
    while max(abs(var.value) for team in view(s, 0).teams for var in team.vars
              if var.name == "score") < 100:  # until a team's score has 3 digits
        legal = s.legal_actions()
        s.apply_unchecked(legal[rnd.randrange(len(legal))])
    assert not s.is_over
    drawn = 0
    while not s.is_over and drawn < 110:  # every decision of the two hands that follow
        text, _ = _drawn(game, s)
        screen = text.split("\n")
        assert len(screen) <= HEIGHT, text
        assert screen[0].startswith("─") and "Spades" in screen[0], text  # the heading on top
        assert all(len(line) <= 60 for line in screen), text
        drawn += 1
        legal = s.legal_actions()
        s.apply_unchecked(legal[rnd.randrange(len(legal))])
    assert drawn > 40


def _drawn(game: rulekit.Game, s: rulekit.State) -> tuple[str, int]:
    """The screen the seat deciding in s sees at 60x20, the last 8 events as its news."""
    seat = s.decider
    assert seat is not None
    out = io.StringIO()
    kinds = [HUMAN if p == seat else "random" for p in range(4)]
    m = Match(game, 4, kinds, 1, "en", InertConsole(file=out, width=60, height=HEIGHT,
                                                     soft_wrap=False, color_system=None),
              io.StringIO())
    m.state = s
    m.seen[seat] = max(0, len(s.log) - 8)
    m.draw(seat)
    return out.getvalue(), seat
