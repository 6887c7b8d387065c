"""`rulekit play`: a game at the terminal between human seats and bots.

A human seat's screen is built only from `rulekit.observation` and `rulekit.events_for` for that
seat (plus its own legal actions when it decides), so it shows nothing the seat may not know.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any, TextIO

from rich.console import Console, RenderableType
from rich.rule import Rule
from rich.text import Text

import rulekit
from rulekit.actions import CHOOSE, DONE, PICK, Action
from rulekit.observe import seat_name
from rulekit.reasons import say
from rulekit.state import BuildFrame, State

from .bots import Thinking, kind_text, make_bot
from .look import Painter
from .rules import rules_text
from .screen import Played, Screen, ranges, summarise
from .strings import command_of, t, variant_text

HUMAN, RANDOM, MEDIUM = "human", "random", "medium"
MAX_OPTION_LINES = 10  # more options than this are shown in columns


class QuitGame(Exception):
    """The human typed quit."""


class EndOfInput(Exception):
    """Standard input ended before the game did."""


@dataclass
class Answer:
    """A parsed answer: actions to apply in order, or a message to show before asking again."""

    actions: list[Action] | None = None
    message: Text | str | None = None
    command: str | None = None


class Terminal:
    """Reads a human's answers: with line editing on a terminal, line by line from a script."""

    def __init__(self, console: Console, stdin: TextIO):
        self.console = console
        self.stdin = stdin
        self.typing = _isatty(stdin)  # a person types the answers
        self.screen = _isatty(console.file)  # a person reads the output on a terminal
        self.interactive = self.typing and self.screen
        self.readline: Any = None
        if self.interactive:
            try:
                import readline  # line editing for input(); absent on some platforms

                self.readline = readline
            except ImportError:  # pragma: no cover
                pass

    def ask(self, prompt: str) -> str:
        """One answer; raise EndOfInput at the end of the input."""
        if self.interactive:
            try:
                return self.console.input(prompt)
            except EOFError:
                raise EndOfInput from None
        self.console.print(prompt, end="")
        self.console.file.flush()
        line = self.stdin.readline()
        if not line:
            self.console.print()
            raise EndOfInput
        line = line.rstrip("\r\n")
        self.console.print(line)  # echo, so a scripted game's transcript reads like a session
        return line

    def handover(self, message: str) -> None:
        """Hide the screen and wait until the next player is at the keyboard."""
        if self.readline is not None:
            # the next player must not scroll back through the previous player's answers
            self.readline.clear_history()
        self.clear()
        if self.typing:
            self.ask(message + " ")
            self.clear()
        else:  # a script plays every seat: nobody to wait for
            self.console.print()
            self.console.print(Rule())
            self.console.print(message)

    def clear(self) -> None:
        """Clear a terminal screen (nothing when the output is a file or a pipe)."""
        if self.screen:
            # the screen and its scrollback: the previous seat's hand must not stay visible
            self.console.file.write("\x1b[H\x1b[2J\x1b[3J")
            self.console.file.flush()


def _isatty(f: Any) -> bool:
    try:
        return bool(f.isatty())
    except (AttributeError, ValueError):
        return False


@dataclass
class Seating:
    """Who sits where in one game of a match of several games."""

    number: int  # 1-based
    total: int
    who: list[str]  # per seat: the name of the person or bot sitting there
    spec: str  # the --seats value that replays this game alone


class Match:
    """One game being played: the state, the seats and the terminal."""

    def __init__(self, game: rulekit.Game, players: int, kinds: list[str], seed: int, lang: str,
                 console: Console, stdin: TextIO, seating: Seating | None = None):
        self.game = game
        self.seating = seating
        self.state: State = game.new_state(players, seed)
        self.kinds = kinds
        self.seed = seed
        self.lang = lang
        self.console = console
        self.term = Terminal(console, stdin)
        self.paint = Painter(game, lang)
        self.names = [seat_name(game, p, lang) for p in range(players)]
        self.screen = Screen(game, lang, console, self.paint, self.names)
        self.bots = {p: make_bot(k, game, p, seed) for p, k in enumerate(kinds) if k != HUMAN}
        self.thinking = Thinking(console, lang)
        self.humans = [p for p in range(players) if kinds[p] == HUMAN]
        self.seen = [0] * players  # per seat: the log index up to which its events were shown
        self.viewer: int | None = None  # the human seat whose screen the terminal shows now
        self.answered: int | None = None  # the seat whose own answer was the last action

    # ---- the game loop ---------------------------------------------------------------
    def run(self) -> int:
        """Play to the end; return the exit status (0 at the game's end or after quit)."""
        out = self.console
        g = self.game
        lang, seating = self.lang, self.seating
        if seating is not None:
            out.print(Rule(Text(t("match_game", lang, k=seating.number, n=seating.total),
                                style="bold")))
        out.print(Text(t("title", lang, game=g.name, n=self.state.n), style="bold"))
        variant = getattr(g, "variant", None)
        if variant:
            about = " ".join(variant_text(g, v, lang) for v in variant.split("+")).strip()
            out.print(t("variant", lang, name=variant, description=f" — {about}" if about else ""))
        if seating is None:
            out.print(t("seed", lang, seed=self.seed))
            out.print(t("seats", lang, seats=", ".join(
                f"{self.names[p]}{t('colon', lang)}{kind_text(k, lang)}"
                for p, k in enumerate(self.kinds))))
        else:
            out.print(t("match_seed", lang, seed=self.seed, seats=seating.spec))
            out.print(t("seats", lang, seats=", ".join(
                t("seat_holder", lang, seat=self.names[p], who=seating.who[p],
                  kind=kind_text(k, lang))
                for p, k in enumerate(self.kinds))))
        if not self.humans:
            return self._spectate()
        try:
            while not self.state.is_over:
                seat = self.state.decider
                assert seat is not None
                if seat in self.bots:
                    self.state.apply_unchecked(
                        self.thinking.choose(self.bots[seat], self.state, self.names[seat]))
                    self.answered = None
                else:
                    self._human(seat)
        except QuitGame:
            out.print(t("quit", self.lang, seed=self.seed))
            return 0
        except EndOfInput:
            out.print(t("eof", self.lang))
            return 1
        viewer = self.humans[0] if len(self.humans) == 1 else None
        if viewer is None:
            self.term.clear()  # the last private view must not stay above the results
        start = self.seen[viewer] if viewer is not None else min(self.seen[p] for p in self.humans)
        self._print_events(viewer, start)
        self._final()
        return 0

    def _spectate(self) -> int:
        """Every seat is a bot: play the game and narrate it as a spectator sees it."""
        s = self.state
        done = 0
        while not s.is_over:
            seat = s.decider
            s.apply_unchecked(self.thinking.choose(self.bots[seat], s, self.names[seat]))
            done = self._print_events(None, done)
        self._final()
        return 0

    def _final(self) -> None:
        assert self.state.outcome is not None
        self.screen.final(self.state.outcome, [self._name(p) for p in range(self.state.n)],
                          self.game.table.counts(self.state, None))

    def _screen(self, seat: int) -> None:
        legal = self.state.legal_actions()
        prompt = self._prompt(seat)
        self.screen.crowded_options = False
        reserve = sum(self.screen.height(q) for q in self._question(seat, prompt, legal)) + 1
        if self.screen.crowded(self.state, seat, reserve):  # the options go in columns
            self.screen.crowded_options = True
            reserve = sum(self.screen.height(q) for q in self._question(seat, prompt, legal)) + 1
        self.screen.show(self.state, seat, self._unseen(seat), reserve)

    def draw(self, seat: int) -> None:
        """The screen seat would see now, with its question and the answer's prompt."""
        self._screen(seat)
        self._show_question(seat, self._prompt(seat), self.state.legal_actions())
        self.console.print("> ", end="")

    def _name(self, p: int) -> str:
        if self.kinds[p] == HUMAN and len(self.humans) == 1:
            return t("view_of", self.lang, name=self.names[p], you=t("you", self.lang))
        return self.names[p]

    # ---- events ----------------------------------------------------------------------
    def _print_events(self, seat: int | None, start: int, indent: str = "") -> int:
        """Print the log from start as seat reads it; return the new end index."""
        s = self.state
        g = self.game
        for key, args in rulekit.events_for(s, seat, start):
            if g.texts.has(key):  # keys without a text (e.g. phase changes) are internal
                line = rulekit.render_event(g, key, args, self.lang, self.names)
                self.console.print(Text(indent) + self.paint.text(line))
        return len(s.log)

    def _news(self, seat: int) -> None:
        """The events seat has not seen yet, under a heading (nothing if there are none)."""
        lines = self._unseen(seat)
        if lines:
            self.console.print(Text(t("happened", self.lang), style="bold"))
            for line in lines:
                self.console.print(Text("  ") + line)

    def _unseen(self, seat: int) -> list[Text]:
        """The events seat has not seen yet, one line each; they count as seen from now on."""
        g = self.game
        lines = [self.paint.text(rulekit.render_event(g, key, args, self.lang, self.names))
                 for key, args in rulekit.events_for(self.state, seat, self.seen[seat])
                 if g.texts.has(key)]  # keys without a text (e.g. phase changes) are internal
        self.seen[seat] = len(self.state.log)
        return lines

    # ---- a human decision --------------------------------------------------------------
    def _human(self, seat: int) -> None:
        s = self.state
        if len(self.humans) > 1 and self.viewer != seat:
            # hand over even for a forced move: skipping the seats that have no choice would
            # tell the table which seats lack a card that would give them one
            self.term.handover(t("pass_to", self.lang, name=self.names[seat]))
        self.viewer = seat
        legal = s.legal_actions()
        prompt = self._prompt(seat)
        if len(legal) == 1:
            self._news(seat)
            note = t("only_choice", self.lang, prompt=prompt, option=self._option(legal[0]).plain)
            self.console.print(self.paint.text(note))
            s.apply(legal[0])
            self.answered = None
            return
        fresh_events = any(self.game.texts.has(k) for k, _ in
                           rulekit.events_for(s, seat, self.seen[seat]))
        top = s.stack[-1] if s.stack else None
        building = isinstance(top, BuildFrame) and top.actor == seat
        # while a seat puts its own action together, only the next question is shown
        if self.answered != seat or fresh_events or not building:
            self._screen(seat)
        self._show_question(seat, prompt, legal)
        while True:
            answer = self._parse(self.term.ask("> "), legal)
            if answer.command == "quit":
                raise QuitGame
            if answer.command == "help":
                self.console.print(t("help", self.lang, game=self.game.name,
                                     about=self.game.spec.description or "",
                                     example=self._option(legal[0]).plain))
                continue
            if answer.command == "rules":
                self.console.print(rules_text(self.game, self.lang) or
                                   t("no_rules_text", self.lang))
                continue
            if answer.command == "log":
                self.console.print(Text(t("log_title", self.lang, name=self.names[seat]),
                                        style="bold"))
                self._print_events(seat, 0, indent="  ")
                continue
            if answer.command == "show":
                self._screen(seat)
                self._show_question(seat, prompt, legal)
                continue
            if answer.message is not None:
                self.console.print(answer.message, style="yellow")
                continue
            assert answer.actions is not None
            for a in answer.actions:
                s.apply(a)
            self.answered = seat
            return

    def _prompt(self, seat: int) -> str:
        """The question being asked: the parameter's or window's prompt, else 'your turn'."""
        s = self.state
        g = self.game
        lang = self.lang
        if not s.stack:
            return t("your_turn", lang)
        top = s.stack[-1]
        if isinstance(top, BuildFrame):
            param = g.actions[top.action].params[top.pidx]
            if param.prompt:
                return g.texts.render(param.prompt, lang, {**self.screen.values(self.state, seat),
                                                           "actor": self.names[seat]})
            return t("choose_param", lang, what=g.texts.word(param.name, lang))
        win = g.windows[top.win]
        opener = self.names[top.opener] if top.opener is not None else "-"
        if win.prompt:
            return g.texts.render(win.prompt, lang, {**self.screen.values(self.state, seat),
                                                     "opener": opener, "actor": self.names[seat]})
        return t("window_default", lang, opener=opener)

    def _number_param(self, legal: list[Action]) -> bool:
        """Whether the question is a number to type (a range) rather than a list to pick from."""
        top = self.state.stack[-1] if self.state.stack else None
        if not isinstance(top, BuildFrame):
            return False
        param = self.game.actions[top.action].params[top.pidx]
        return param.kind == "number" and all(
            a.kind == CHOOSE and isinstance(a.value, int) for a in legal)

    def _picking(self, legal: list[Action]) -> bool:
        return any(a.kind == PICK for a in legal)

    def _option(self, a: Action) -> Text:
        """An action as the player reads it, card labels and colour words coloured."""
        g = self.game
        if a.kind == CHOOSE:
            top = self.state.stack[-1] if self.state.stack else None
            if isinstance(top, BuildFrame):
                param = g.actions[top.action].params[top.pidx]
                if param.kind == "player" and isinstance(a.value, int):
                    return Text(f"{g.texts.word(param.name, self.lang)}{t('colon', self.lang)}"
                                f"{self.names[a.value]}")
        return self.paint.text(g.action_label(a, self.lang))

    def _show_question(self, seat: int, prompt: str, legal: list[Action]) -> None:
        for part in self._question(seat, prompt, legal):
            self.console.print(part)

    def _question(self, seat: int, prompt: str, legal: list[Action]) -> list[RenderableType]:
        """What is asked: the action so far, the question, the options (or the values)."""
        parts: list[RenderableType] = []
        chosen = self._chosen_so_far(seat)
        if chosen is not None:
            parts.append(chosen)
        parts.append(Text(prompt, style="bold"))
        if self._number_param(legal):
            parts.append(Text(t("range_hint", self.lang, values=ranges([a.value for a in legal]))))
            return parts
        width = len(str(len(legal)))
        rows = [Text(f"  {i:>{width}}) ") + self._option(a) for i, a in enumerate(legal, 1)]
        parts.append(self.screen.options(rows, MAX_OPTION_LINES))
        return parts

    def _chosen_so_far(self, seat: int) -> Text | None:
        """The action being built and what this seat has chosen for it so far."""
        obs_pending = rulekit.observation(self.state, seat)["pending"]
        if not obs_pending or "chosen" not in obs_pending:
            return None
        g = self.game
        act = next(a for a in g.actions if a.name == obs_pending["action"])
        parts: list[Text] = []
        for p in act.params:
            if p.name not in obs_pending["chosen"]:
                continue
            v = obs_pending["chosen"][p.name]
            if v is None:
                continue
            if p.kind == "cards":
                parts.append(self.paint.cards(v))
            elif p.kind == "player" and isinstance(v, int):
                parts.append(Text(self.names[v]))
            else:
                parts.append(self.paint.text(g.texts.word(v, self.lang) if isinstance(v, str)
                                             else str(v)))
        if obs_pending.get("picking"):
            parts.append(Text(t("picked_so_far", self.lang, cards="")) +
                         self.paint.cards(obs_pending["picking"]))
        if not parts:
            return None
        head = Text(g.texts.word(act.label, self.lang) + t("colon", self.lang), style="bold")
        return head + Text(" · ").join(parts)

    # ---- parsing an answer ---------------------------------------------------------------
    def _parse(self, raw: str, legal: list[Action]) -> Answer:
        """Turn a typed answer into actions (checked on a copy of the state) or a message."""
        text = " ".join(raw.split())
        lang = self.lang
        if not text:
            return Answer(message=t("empty_answer", lang))
        low = text.lower()
        for a in legal:  # an action's exact form or its label as shown
            if low in self._names_of(a):
                return self._sequence([a], legal)
        cmd = command_of(text) or ("help" if text == "?" else None)
        if cmd is not None:
            return Answer(command=cmd)
        tokens = text.replace(",", " ").split()
        if not all(tok.lstrip("-").isdigit() for tok in tokens):
            message = t("unknown_answer", lang, text=text)
            why = self.state.why_refused(text)  # the engine says why, when it can
            if why is not None and why.key != "no_action":
                message += f" ({say(self.game, why, lang)})"
            return Answer(message=message)
        numbers = [int(tok) for tok in tokens]
        if self._number_param(legal):
            values = [a.value for a in legal]
            if len(numbers) != 1 or numbers[0] not in values:
                return Answer(message=t("not_a_value", lang, n=text, values=ranges(values)))
            return self._sequence([legal[values.index(numbers[0])]], legal)
        for n in numbers:
            if not 1 <= n <= len(legal):
                return Answer(message=t("not_a_number", lang, n=n, max=len(legal)))
        chosen = [legal[n - 1] for n in numbers]
        if len(chosen) > 1 and not all(a.kind == PICK for a in chosen[:-1]):
            return Answer(message=t("one_at_a_time", lang))
        return self._sequence(chosen, legal, finish=self._picking(legal))

    def _names_of(self, a: Action) -> set[str]:
        """What a player may type for an action: its exact form, its label, a chosen value."""
        shown = self._option(a).plain
        names = {a.text.lower(), shown.lower()}
        if a.kind == CHOOSE:
            # "colour: red" may be answered "red" (or "rouge"), a seat by its name; a bare
            # number stays an option's number, as everywhere else
            for value in (shown.rsplit(": ", 1)[-1], a.text.split(" ", 1)[-1]):
                if not value.strip().lstrip("-").isdigit():
                    names.add(value.lower())
        return names

    def _sequence(self, chosen: list[Action], legal: list[Action],
                  finish: bool = False) -> Answer:
        """Check a run of actions on a copy; with finish, end a card choice when allowed."""
        trial = self.state.clone()
        top = trial.stack[-1] if trial.stack else None
        where = (top.action, top.pidx) if isinstance(top, BuildFrame) else None
        out: list[Action] = []
        for a in chosen:
            now = {x.text: x for x in trial.legal_actions()} if out else {x.text: x for x in legal}
            if a.text not in now:
                return Answer(message=t("not_legal_then", self.lang,
                                        option=self._option(a).plain))
            trial.apply_unchecked(now[a.text])
            out.append(now[a.text])
        if finish and where is not None and not trial.is_over:
            top = trial.stack[-1] if trial.stack else None
            if isinstance(top, BuildFrame) and (top.action, top.pidx) == where:
                done = [x for x in trial.legal_actions() if x.kind == DONE]
                if done:
                    out.append(done[0])
        return Answer(actions=out)

def play(game: rulekit.Game, players: int, kinds: list[str], seed: int, lang: str,
         console: Console, stdin: TextIO | None = None) -> int:
    """Play one game; return the exit status."""
    return Match(game, players, kinds, seed, lang, console, stdin or sys.stdin).run()


def participants(kinds: list[str], lang: str) -> list[str]:
    """Names for the people and bots of a match, which stay theirs as the seats rotate."""
    humans = [p for p, k in enumerate(kinds) if k == HUMAN]
    bots = [p for p, k in enumerate(kinds) if k != HUMAN]
    names = [""] * len(kinds)
    for i, p in enumerate(humans, 1):
        names[p] = t("you", lang) if len(humans) == 1 else t("human_n", lang, n=i)
    for i, p in enumerate(bots, 1):
        names[p] = t("bot_n", lang, n=i)
    return names


def play_match(game: rulekit.Game, players: int, kinds: list[str], seed: int, games: int,
               lang: str, console: Console, stdin: TextIO | None = None) -> int:
    """Play `games` games in a row, the seats rotating by one after each; return the status.

    Game k (from 0) is dealt from seed + k, and whoever sat at seat i sits at seat i + 1 (mod the
    number of players) in the next game. A summary per person or bot ends the match."""
    who = participants(kinds, lang)
    played: list[Played] = []
    code = 0
    for k in range(games):
        seats = [(s - k) % players for s in range(players)]
        seat_kinds = [kinds[p] for p in seats]
        seating = Seating(k + 1, games, [who[p] for p in seats], ",".join(seat_kinds))
        match = Match(game, players, seat_kinds, seed + k, lang, console, stdin or sys.stdin,
                      seating)
        code = match.run()
        if match.state.outcome is None:  # the human quit, or the input ended
            break
        played.append(Played(k + 1, seed + k, seats, match.state.outcome))
        if k + 1 < games and match.humans and match.term.interactive:
            try:
                match.term.ask(t("next_game", lang, k=k + 2, n=games) + " ")
            except EndOfInput:
                code = 1
                break
    summarise(game, played, who, games, lang, console)
    return code
