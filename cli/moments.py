"""What must not flash past at the terminal: the moments a ruleset marks as worth a pause
(`table.moments`: a hand won, a bluff caught) and a person's moves played for them (one legal
option) while the turn goes on to others. Each is shown with what led to it and what it did (the
scored hands, who won what), then waits: "Press Enter to go on." (help, log and rules work there
too).

Only a person typing is waited for: a script, a game between bots or a piped input never is (the
events stay among the next screen's news, as they always were).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Console, RenderableType
from rich.rule import Rule
from rich.text import Text

import rulekit
from rulekit import State

from .rules import rules_prose
from .screen import SCREEN_HEIGHT, Screen
from .strings import command_of, t
from .terminal import QuitGame, Terminal

PHASE_BEGINS = "phase_begins"  # the engine's event: a new phase (a new hand or round) begins
QUESTION = 4  # the lines a question takes at the least (its prompt, two options, the answer's)


class Pauses:
    """The pauses of a Match (mixed into it): at the ruleset's moments and after forced moves."""

    state: State
    game: rulekit.Game
    lang: str
    console: Console
    term: Terminal
    names: list[str]
    humans: list[int]
    seen: list[int]
    forced: dict[int, list[tuple[int, Text]]]
    holding: bool
    screen: Screen

    if TYPE_CHECKING:  # provided by Match
        def _unseen(self, seat: int, upto: int | None = None,
                    stress: frozenset[str] = frozenset()) -> list[Text]: ...
        def _print_events(self, seat: int | None, start: int, indent: str = "") -> int: ...
        def _read(self, parts: list[Text], after: list[RenderableType]) -> None: ...

    def _init_pauses(self) -> None:
        # a compiled game cached before moments existed has none
        self.moments: frozenset[str] = frozenset(getattr(self.game.table, "moments", ()))
        self.moment_checked = 0  # the log index up to which moments were looked for
        self._bounds: frozenset[str] | None = None

    def _waits(self) -> bool:
        """Whether a person is there to go on when they have read (not a script, not bots)."""
        return bool(self.humans) and self.term.typing

    def _is_moment(self, key: str) -> bool:
        return key.removesuffix("_hidden") in self.moments

    def _moment_pause(self) -> None:
        """After a step: if it logged a moment, show it and what followed it in the same step
        (up to the next hand's or round's beginning), then wait for Enter."""
        log = self.state.log
        start, end = min(self.moment_checked, len(log)), len(log)
        self.moment_checked = end
        if not self.moments or not self._waits() or self.state.is_over:
            return  # at the game's end the final screen follows at once
        found = [i for i in range(start, end) if self._is_moment(log[i][0])]
        if not found:
            return
        stop = next((i for i in range(found[-1] + 1, end) if log[i][0] in self._boundaries()),
                    end)
        if len(self.humans) > 1:
            self._public_moment(start, stop)
            return
        viewer = self.humans[0]
        if self.state.decider == viewer and stop == end:
            return  # the person is asked next: the moment is the news just above the question
        lines = self._unseen(viewer, upto=stop, stress=self.moments)
        if lines:
            self._show_paused(viewer, lines)

    def _public_moment(self, start: int, stop: int) -> None:
        """Several people share the terminal: the moment as everyone may read it."""
        g = self.game
        lines = []
        for key, args in rulekit.events_for(self.state, None, start)[:stop - start]:
            if g.texts.has(key) and key != "game_over":
                line = Text(rulekit.render_event(g, key, args, self.lang, self.names))
                if self._is_moment(key):
                    line.stylize("bold")
                lines.append(line)
        self.console.print(Rule(Text(g.name, style="bold")))
        for line in self.screen.news_block(lines, self._room()):
            self.console.print(line)
        self._go_on()
        self.holding = False  # the mover has read their results: nothing more to wait for

    def _forced_pause(self) -> None:
        """A person's moves played for them (one option), and what their own moves did, are
        among their news; when those news would no longer fit whole on their next screen (the
        turn went on to others for a long while), they are shown now, on a screen of their own,
        and the game waits."""
        s = self.state
        if not self._waits() or len(self.humans) > 1 or s.is_over:
            return  # a hot seat says them as they happen
        seat = self.humans[0]
        if s.decider == seat or not (self.forced.get(seat) or self._about(seat)):
            return  # their screen comes now with those news, or nothing in them is theirs
        news = self._peek(seat)
        # every line, the notes of moves played for them included (the screen leaves those
        # out first when short of room)
        height = sum(self.screen.height(Text("  ") + line) for line in news) + 1
        _, table = self.screen.fit(s, seat, QUESTION, height)
        if table + QUESTION + height <= SCREEN_HEIGHT:
            return  # the next screen still shows them whole
        self._show_paused(seat, self._unseen(seat))

    def _about(self, seat: int) -> bool:
        """Whether an event seat has not seen yet names it (its move, a card it drew...)."""
        for _, args, _ in self.state.log[self.seen[seat]:]:
            for _, kind, v in args:
                if (kind == "player" and v == seat) or (kind == "players" and seat in v):
                    return True
        return False

    def _peek(self, seat: int) -> list[Text]:
        """The news seat has not seen yet, left unseen."""
        seen, forced = self.seen[seat], list(self.forced.get(seat, []))
        lines = self._unseen(seat)
        self.seen[seat], self.forced[seat] = seen, forced
        return lines

    def _show_paused(self, seat: int, lines: list[Text]) -> None:
        g = self.game
        head = f"{g.name} · " + t("view_of", self.lang, name=self.names[seat],
                                   you=t("you", self.lang))
        self.console.print(Rule(Text(head, style="bold")))
        # the notes of moves played for the person are what a pause is for: not left out first
        for line in self.screen.news_block([x.copy() for x in lines], self._room()):
            self.console.print(line)
        self._go_on(seat)

    def _room(self) -> int:
        """The lines a pause's events may take: the screen less its heading and the prompt's
        two lines."""
        return min(self.console.height, SCREEN_HEIGHT) - 3

    def _go_on(self, seat: int | None = None) -> None:
        """Wait until the person has read: Enter goes on; help, log and rules are answered and
        the pause asks again; quit stops the game (saved)."""
        while True:
            self.console.print(Text(t("go_on", self.lang), style="bold"))
            answer = self.term.ask("> ")
            command = command_of(answer)
            if command == "quit":
                raise QuitGame
            if command == "log" and seat is not None:
                self.console.print(Text(t("log_title", self.lang, name=self.names[seat]),
                                        style="bold"))
                self._print_events(seat, 0, indent="  ")
            elif command == "rules":
                self._read(rules_prose(self.game, self.lang), [Text(t("go_on", self.lang))])
            elif command in ("help", "log") or answer.strip():
                self.console.print(t("pause_help", self.lang))
            else:
                return

    def _boundaries(self) -> frozenset[str]:
        """The events that begin a new hand or round: a moment's summary stops before them."""
        if self._bounds is None:
            rounds = self.game.spec.table.rounds  # read from the ruleset only once a moment came
            self._bounds = frozenset({PHASE_BEGINS} | ({rounds.count} if rounds else set()))
        return self._bounds
