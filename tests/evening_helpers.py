"""An evening at an 80x24 terminal (issue 31, point 4): whole games played by a person whose
answers are a script (always the first option, Enter at every pause and hand-over), recorded
as the terminal showed them, with the record of games kept in a folder of the test's."""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from rulekit_cli.look import InertConsole
from rulekit_cli.names import names_given
from rulekit_cli.play import Match, Saving
from rulekit_cli.savegame import origin_of
from rulekit_cli.strings import t
from screen_helpers import asked, typed_answer

import rulekit

RULESETS = Path(__file__).resolve().parents[1] / "rulesets"
WIDTH, HEIGHT = 80, 24


@dataclass
class Evening:
    """One game of the evening: what the terminal showed, the match, and each pause's text."""

    transcript: str
    match: Match
    waits: list[str]  # per line the person typed at: the prompt's line before it ("> ")


class FirstOption:
    """A person at a terminal who answers every question with its first option (the lowest
    value of a range) and presses Enter at every pause and hand-over."""

    def __init__(self, out: io.StringIO, lang: str):
        self.out = out
        self.match: Match | None = None
        self.enter_at = (t("go_on", lang), t("hide_screen", lang))
        self.waits: list[str] = []

    def handing_over(self, line: str) -> bool:
        """Whether line asks for the terminal to be passed to the next person."""
        m = self.match
        return m is not None and any(line == t("pass_to", m.lang, name=n) for n in m.names)

    def isatty(self) -> bool:
        """A person types these answers (so the game waits at its pauses)."""
        return True

    def readline(self) -> str:
        """Enter where the terminal waits for it, else the first option."""
        lines = self.out.getvalue().split("\n")
        # a question's prompt is "> " under it; a hand-over's message is the prompt itself
        last = lines[-2] if lines[-1] == "> " and len(lines) > 1 else lines[-1].rstrip()
        self.waits.append(last)
        if last in self.enter_at or self.handing_over(last):
            return "\n"
        return typed_answer(asked(self.match), lambda options: options[0])


def evening_game(name: str, kinds: list[str], seed: int, lang: str = "en",
                 variant: str | None = None) -> Evening:
    """One whole game of a bundled ruleset at an 80x24 terminal, recorded in the record of
    $RULEKIT_DATA_DIR (the caller sets it)."""
    path = RULESETS / f"{name}.yaml"
    game = rulekit.load(path, variant=variant)
    out = io.StringIO()
    console = InertConsole(file=out, width=WIDTH, height=HEIGHT, soft_wrap=False,
                           color_system=None, highlight=False)
    person = FirstOption(out, lang)
    names = names_given(game, kinds, lang, None)
    # saved in the working folder (the caller's), so the closing line reads as a person's would
    saving = Saving(origin_of(str(path), name, game.base_files), variant, Path("evening.save"),
                    True, record=True)
    match = Match(game, len(kinds), kinds, seed, lang, console, person, saving=saving,
                  names=names)
    person.match = match
    assert match.run() == 0
    return Evening(out.getvalue(), match, person.waits)


