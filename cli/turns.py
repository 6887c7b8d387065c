"""A human seat's turn at the terminal: the input loop, a move built step by step, and `back`.

A move that takes several answers (an action, then its parameters) is applied one answer at a
time, but the state before its first chosen step is kept: `back` goes back to it and replays the
answers but the last, so nothing of an unfinished move is ever played for good. A step with a
single option is taken at once with the answer before it, and undone with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rich.console import Console, RenderableType
from rich.text import Text

import rulekit
from rulekit import PARAM, WINDOW, State
from rulekit.actions import DONE, Action

from .answers import Question
from .look import Painter
from .pager import page
from .rules import rules_prose
from .screen import Note, Screen
from .strings import t
from .terminal import QuitGame, Terminal


@dataclass
class Build:
    """The move a human seat is putting together: the state before it, the answers since."""

    base: State
    steps: list[list[Action]] = field(default_factory=list)


class HumanTurns:
    """The human side of a Match (mixed into it): asking, parsing, applying, going back."""

    state: State
    game: rulekit.Game
    lang: str
    console: Console
    term: Terminal
    paint: Painter
    names: list[str]
    humans: list[int]
    seen: list[int]
    forced: dict[int, list[tuple[int, Text]]]
    viewer: int | None
    answered: int | None
    build: Build | None
    asked: tuple[State, int, int, int, Question] | None  # the last question built, and where
    move_start: int | None
    holding: bool
    backed: bool
    screen: Screen
    about: str  # the game's description, shown by help

    if TYPE_CHECKING:  # provided by Match (the screen)
        def _screen(self, seat: int) -> None: ...
        def _news(self, seat: int) -> bool: ...
        def _prompt(self, seat: int) -> str: ...
        def _show_question(self, seat: int, prompt: str, question: Question) -> None: ...
        def _question(self, seat: int, prompt: str,
                      question: Question) -> list[RenderableType]: ...
        def _print_events(self, seat: int | None, start: int, indent: str = "") -> int: ...

    def _human(self, seat: int) -> None:
        s = self.state
        legal = s.legal_actions()
        # a lone option is played at once (one in a move being put together was taken with
        # the step chosen before it: _take_forced)
        forced = len(legal) == 1 and self.build is None
        several = len(self.humans) > 1
        if forced and several and self.viewer != seat and self._shows_nothing(legal[0]):
            # nothing to choose and nothing private to see: no need to pass the terminal
            self._apply_move(seat, legal, chosen=False)
            self.answered = None
            return
        if several and self.viewer != seat:
            if self.holding:
                self.term.hold(t("hide_screen", self.lang))
                self.holding = False
            self.term.handover(t("pass_to", self.lang, name=self.names[seat]))
        self.viewer = seat
        prompt = self._prompt(seat)
        if forced:
            # played without asking: said among the seat's news, where it happened, so that its
            # next screen shows every event since its last decision just above the question
            option = Question(s, seat, self.paint, self.lang, self.names,
                              probe=False).shown(legal[0])
            note = Note()
            note.append_text(self.paint.text(t("only_choice", self.lang, prompt=ended(prompt),
                                               option=option)))
            self.forced.setdefault(seat, []).append((len(s.log), note))
            self._apply_move(seat, legal, chosen=False)
            self.answered = None
            if several and self.state.decider != seat and self._news(seat):
                self.holding = True  # the terminal may go to another seat: what happened, now
            return
        question = self._asking(seat)
        fresh_events = seat in self.forced or any(
            self.game.texts.has(k) for k, _ in rulekit.events_for(s, seat, self.seen[seat]))
        # while a seat puts its own action together, only the next question is shown, with
        # the table's piles this action's choices depend on shown in full (table.full)
        if not self.backed and (self.answered != seat or fresh_events
                                or not self._building(seat)):
            self._screen(seat)
        elif not self.backed:
            for line in self.screen.whole_zones(s, seat):
                self.console.print(line)
        self.backed = False
        self._show_question(seat, prompt, question)
        while True:
            answer = question.parse(self.term.ask("> "))
            if answer.command == "quit":
                raise QuitGame
            if answer.command == "back":
                if self.build is None:
                    now = s.pending
                    why = "back_window" if now is not None and now.kind == WINDOW else \
                        "back_nothing"
                    self.console.print(t(why, self.lang), style="yellow")
                    self._show_question(seat, prompt, question)
                    continue
                self._back()
                self.console.print(t("back_done", self.lang), style="yellow")
                self.answered = seat
                self.backed = True  # the screen is above: only the question again
                return
            if answer.command == "help":
                self.console.print(t("help", self.lang, game=self.game.name,
                                     about=self.about,
                                     example=question.shown(legal[0])))
                self.console.print(t("help_more", self.lang))
                self._show_question(seat, prompt, question)
                continue
            if answer.command == "rules":
                self._read(rules_prose(self.game, self.lang),
                           self._question(seat, prompt, question))
                self._show_question(seat, prompt, question)
                continue
            if answer.command == "log":
                self.console.print(Text(t("log_title", self.lang, name=self.names[seat]),
                                        style="bold"))
                self._print_events(seat, 0, indent="  ")
                self._show_question(seat, prompt, question)
                continue
            if answer.command == "show":
                self._screen(seat)
                self._show_question(seat, prompt, question)
                continue
            if answer.message is not None:
                self.console.print(answer.message, style="yellow")
                continue
            assert answer.actions is not None
            self._apply_move(seat, answer.actions, chosen=True)
            self.answered = seat
            return

    def _asking(self, seat: int) -> Question:
        """The question seat faces now, built once per position (the screen above it is sized
        with it, and trying where each option leads takes a copy of the game per option)."""
        s = self.state
        key = (len(s.history), len(s.log), seat)
        if self.asked is not None and self.asked[0] is s and self.asked[1:4] == key:
            return self.asked[4]
        question = Question(s, seat, self.paint, self.lang, self.names)
        self.asked = (s, *key, question)  # holding s: no other state can take its id
        return question

    def _read(self, parts: list[Text], after: list[RenderableType]) -> None:
        """A long text at the console's width, a screenful at a time for a person typing, the
        last one leaving room for what is shown after it (the question and its prompt)."""
        ask = self.term.ask if self.term.typing else None
        reserve = min(sum(self.screen.height(x) for x in after) + 1, self.console.height // 2)
        page(self.console, parts, self.console.height - reserve, ask, t("more", self.lang))

    def _building(self, seat: int) -> bool:
        """Whether seat is putting a move of its own together (a parameter is being asked)."""
        now = self.state.pending
        return now is not None and now.kind == PARAM and now.decider == seat

    def _apply_move(self, seat: int, actions: list[Action], chosen: bool) -> None:
        """Apply one answer; once the move is complete, show its results in a shared game."""
        s = self.state
        if self.move_start is None:
            self.move_start = len(s.log)
        if chosen and self.build is None:
            self.build = Build(s.clone())  # what `back` returns to
        if self.build is not None:
            self.build.steps.append(list(actions))
        for a in actions:
            s.apply(a)
        if chosen:
            self._take_forced(seat)
        if self._building(seat):
            return
        self.build = None
        start, self.move_start = self.move_start, None
        if len(self.humans) > 1 and self.viewer == seat and chosen and s.decider != seat:
            # the player sees what the move did before the terminal goes to someone else (when
            # they are asked again at once, their next screen's news say it: printed here too,
            # it would push that screen's heading off a 24-line terminal)
            if any(self.game.texts.has(k) for k, _ in rulekit.events_for(s, seat, start)):
                self.console.print(Text(t("your_move", self.lang), style="bold"))
                self._print_events(seat, start, indent="  ")
                self.holding = True
            self.seen[seat] = len(s.log)

    def _take_forced(self, seat: int) -> None:
        """Take at once the steps of seat's move that have a single option; they join the
        chosen step, so that `back` never lands on one (it would be taken again at once) but
        goes back to the last step the player chose. Before a real question, each is said in
        one line above it; a move they complete is said by its own events among the news (and
        the option chosen showed them: Question.lines)."""
        s = self.state
        assert self.build is not None  # a chosen step began or continued a move
        notes: list[Text] = []
        while True:
            question = Question(s, seat, self.paint, self.lang, self.names, probe=False)
            lone = question.forced_next(s)
            if lone is None:
                break
            if lone.kind != DONE:  # ending a choice of cards says nothing the picks did not
                notes.append(self.paint.text(t("only_choice", self.lang,
                                               prompt=ended(self._prompt(seat)),
                                               option=question.step(lone).plain)))
            s.apply(lone)
            self.build.steps[-1].append(lone)
        if self._building(seat):
            for note in notes:
                self.console.print(note)

    def _back(self) -> None:
        """Undo the last answer of the move being put together (nothing of it was played)."""
        b = self.build
        assert b is not None
        b.steps.pop()
        state = b.base.clone()
        for step in b.steps:
            for a in step:
                state.apply(a.text)
        self.state = state
        if not b.steps:
            self.build = None

    def _shows_nothing(self, action: Action) -> bool:
        """Whether every event the action causes is public (tried on a copy)."""
        trial = self.state.clone()
        trial.apply(action)
        return all(audience is None for _, _, audience in trial.log[len(self.state.log):])


END_MARKS = ".?!…:;"


def ended(sentence: str) -> str:
    """A prompt as a sentence: with a full stop if it has no end mark (another one follows)."""
    stripped = sentence.rstrip()
    return stripped if not stripped or stripped[-1] in END_MARKS else stripped + "."
