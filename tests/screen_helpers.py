"""Playing a seeded game at a recorded console of a given width, a human seat's answers chosen
as the game goes (a seeded pick among the options shown), to read every screen it was shown."""

from __future__ import annotations

import io
import random
from pathlib import Path

from rulekit_cli.answers import Question
from rulekit_cli.look import InertConsole
from rulekit_cli.play import HUMAN, Match

import rulekit

RULESETS = Path(__file__).resolve().parents[1] / "rulesets"
BUNDLED = {name: RULESETS / f"{name}.yaml" for name in ("sham", "chami", "shamus", "uno")}


class Answers:
    """A human's answers read from stdin: a seeded pick among the options shown now."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.match: Match | None = None

    def readline(self) -> str:
        """The next answer: a value in the allowed range, or an option's number."""
        m = self.match
        assert m is not None
        seat = m.state.decider
        assert seat is not None
        q = Question(m.state, seat, m.paint, m.lang, m.names)
        if q.is_range:
            return f"{self.rng.choice(q.legal).value}\n"
        return f"{self.rng.choice(q.options).number}\n"

    def isatty(self) -> bool:
        """Scripted input, not a person at a terminal."""
        return False


def played(path: Path | str, players: int, seed: int, width: int = 80, lang: str | None = None,
           variant: str | None = None, seat: int = 0) -> str:
    """The whole transcript of a game where seat is human and the others random bots."""
    game = rulekit.load(path, variant=variant)
    out = io.StringIO()
    console = InertConsole(file=out, width=width, soft_wrap=False, color_system=None,
                           highlight=False)
    answers = Answers(seed)
    kinds = ["random"] * players
    kinds[seat] = HUMAN
    match = Match(game, players, kinds, seed, lang or game.languages[0], console, answers)
    answers.match = match
    assert match.run() == 0
    return out.getvalue()


def screens(transcript: str) -> list[list[str]]:
    """Each question's screen: from its header rule (or the previous answer) to its prompt."""
    lines = transcript.split("\n")
    out = []
    for i, line in enumerate(lines):
        if not line.startswith("> "):
            continue
        j = i - 1
        while j >= 0 and not lines[j].startswith("> ") and not lines[j].startswith("─"):
            j -= 1
        start = j if j >= 0 and lines[j].startswith("─") else j + 1
        out.append(lines[start:i + 1])
    return out
