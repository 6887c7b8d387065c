"""Playing a seeded game at a recorded console of a given width, a human seat's answers chosen
as the game goes (a seeded pick among the options shown), to read every screen it was shown."""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rulekit_cli.answers import Question
from rulekit_cli.look import InertConsole
from rulekit_cli.play import HUMAN, Match

import rulekit

RULESETS = Path(__file__).resolve().parents[1] / "rulesets"
BUNDLED = {name: RULESETS / f"{name}.yaml" for name in ("sham", "chami", "shamus", "uno")}


class Answers:
    """A human's answers read from stdin: a seeded pick among the options shown now."""

    def __init__(self, seed: int, limit: int | None = None):
        self.rng = random.Random(seed)
        self.match: Match | None = None
        self.limit = limit  # after that many answers, quit

    def readline(self) -> str:
        """The next answer: a value in the allowed range, or an option's number."""
        if self.limit is not None:
            if self.limit == 0:
                return "quit\n"
            self.limit -= 1
        return typed_answer(asked(self.match), self.rng.choice)

    def isatty(self) -> bool:
        """Scripted input, not a person at a terminal."""
        return False


def asked(m: Match | None) -> Question:
    """The question the seat deciding in the match faces now."""
    assert m is not None
    seat = m.state.decider
    assert seat is not None
    return Question(m.state, seat, m.paint, m.lang, m.names)


def typed_answer(q: Question, pick: Callable[[Sequence[Any]], Any]) -> str:
    """The line a person types to answer q: a value of its range or an option's number, the
    one pick takes among them."""
    if q.is_range:
        return f"{pick(q.legal).value}\n"
    return f"{pick(q.options).number}\n"


def played(path: Path | str, players: int, seed: int, width: int = 80, lang: str | None = None,
           variant: str | None = None, seat: int = 0, answers: int | None = None) -> str:
    """The whole transcript of a game where seat is human and the others random bots (the
    human quits after `answers` answers, if given)."""
    game = rulekit.load(path, variant=variant)
    out = io.StringIO()
    console = InertConsole(file=out, width=width, soft_wrap=False, color_system=None,
                           highlight=False)
    answering = Answers(seed, answers)
    kinds = ["random"] * players
    kinds[seat] = HUMAN
    match = Match(game, players, kinds, seed, lang or game.languages[0], console, answering)
    answering.match = match
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


def between_answers(transcript: str) -> list[list[str]]:
    """What was printed from each answer (or the first screen's header rule) to the next
    prompt, the prompt included: the rows a player reads before answering."""
    lines = transcript.split("\n")
    first = next(i for i, line in enumerate(lines) if line.startswith("─"))
    out: list[list[str]] = []
    block: list[str] = []
    for line in lines[first:]:
        block.append(line)
        if line.startswith("> "):
            out.append(block)
            block = []
    return out


def a_long_discard_pile_to_take() -> tuple[rulekit.Game, rulekit.State, int]:
    """A Shamus position where the Rami player may take from a discard pile of 9+ cards."""
    game = rulekit.load(BUNDLED["shamus"])
    for seed in range(400):
        s = game.new_state(2, seed)
        rnd = random.Random(seed)
        while not s.is_over:
            legal = s.legal_actions()
            if any(str(a) == "take" for a in legal) and \
                    rulekit.observation(s, s.decider)["table"]["discard"]["count"] > 8:
                return game, s, seed
            s.apply_unchecked(legal[rnd.randrange(len(legal))])
    raise AssertionError("no seed reached a discard pile of 9 cards or more to take from")


def a_match_at(game: rulekit.Game, s: rulekit.State, seed: int) -> tuple[Match, io.StringIO, int]:
    """A 2-seat match at state s, the seat deciding now human, at an 80-column recorded console:
    the match, what it printed, and the human seat."""
    seat = s.decider
    assert seat is not None
    out = io.StringIO()
    kinds = ["human" if p == seat else "random" for p in range(2)]
    m = Match(game, 2, kinds, seed, "en",
              InertConsole(file=out, width=80, soft_wrap=False, color_system=None), io.StringIO())
    m.state = s
    return m, out, seat
