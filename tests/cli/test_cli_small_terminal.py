"""A 60x20 terminal (issue 31): "the status line stays on top at any size from 60x20".

Each screen, from its heading rule to the prompt, fits 20 lines, so the heading and the status
line under it are never scrolled off by the news or the options. Spades (issue 31: "Spades at
60x20: its screens are 21-23 lines") fits by the compact table's economies: a pile whose cards
are all shown without its count, a hand's suit symbol once per suit, a team a line, the options
in columns without their indent when that saves a line.
"""

from __future__ import annotations

import re

import pytest
from typed_helpers import GO_ON, typed

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
