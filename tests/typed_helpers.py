"""A game played by a person typing at a terminal, recorded: the answers are a seeded pick among
the options shown, and Enter at each pause ("Press Enter to go on.")."""

from __future__ import annotations

import io
from pathlib import Path

from rulekit_cli.look import InertConsole
from rulekit_cli.play import HUMAN, Match
from screen_helpers import Answers

import rulekit

RULESETS = Path(__file__).resolve().parents[1] / "rulesets"
GO_ON = "Press Enter to go on."


class Typing(Answers):
    """A person's answers, typed at a terminal (so the game waits at its pauses)."""

    def __init__(self, seed: int, out: io.StringIO, limit: int | None = None,
                 at_pause: str = "\n"):
        super().__init__(seed, limit)  # limit: after that many answers to questions, quit
        self.out = out
        self.at_pause = at_pause  # what is typed at the first pause
        self.pauses = 0

    def isatty(self) -> bool:
        """A person types these answers."""
        return True

    def readline(self) -> str:
        """Enter at a pause; else a seeded pick among the options shown."""
        if self.out.getvalue().endswith(GO_ON + "\n> "):
            self.pauses += 1
            # what is typed at the first pause; Enter at the others
            return self.at_pause if self.pauses == 1 else "\n"
        return super().readline()


def typed(name: str, players: int, seed: int, variant: str | None = None, seat: int = 0,
          width: int = 80, height: int = 24, limit: int | None = None,
          at_pause: str = "\n") -> tuple[str, Match]:
    """What a person at seat (the others random bots) sees in a game of a bundled ruleset, and
    the match once it has ended or stopped."""
    game = rulekit.load(RULESETS / f"{name}.yaml", variant=variant)
    out = io.StringIO()
    console = InertConsole(file=out, width=width, height=height, soft_wrap=False,
                           color_system=None, highlight=False)
    typing = Typing(seed, out, limit, at_pause)
    kinds = ["random"] * players
    kinds[seat] = HUMAN
    match = Match(game, players, kinds, seed, "en", console, typing)
    typing.match = match
    match.run()
    return out.getvalue(), match


def pauses(transcript: str) -> list[list[str]]:
    """Each pause: the lines from its heading rule to its prompt (the prompt included)."""
    lines = transcript.split("\n")
    out = []
    for i, line in enumerate(lines):
        if line == GO_ON and i + 1 < len(lines) and lines[i + 1].startswith(">"):
            i += 1
            j = i - 1
            while j > 0 and not lines[j].startswith("─"):
                j -= 1
            out.append(lines[j:i + 1])
    return out
