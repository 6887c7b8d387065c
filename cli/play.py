"""`rulekit play`: a game at the terminal between human seats and bots.

A human seat's screen is built only from `rulekit.observation` and `rulekit.events_for` for that
seat (plus its own legal actions when it decides), so it shows nothing the seat may not know.
Answers are parsed in answers.py, the keyboard is read in terminal.py, and every game is saved
after its decisions (autosave.py), so it can be resumed or replayed whatever stops it.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from rich.console import Console, RenderableType
from rich.rule import Rule
from rich.text import Text

import rulekit
from rulekit import TURN, State, summary_counts
from rulekit.actions import Action
from rulekit.bots import RandomBot
from rulekit.errors import RulekitError

from .answers import Question, in_seen_order, meld_line, melds_seen, seen_order
from .autosave import Autosave, said
from .bots import Thinking, kind_text, make_bot
from .ending import GAME_OVER, print_final, sides
from .look import Painter, say
from .moments import Pauses
from .names import seat_names
from .savegame import MatchInfo, Origin, SaveFileError, SaveGame, rebuild
from .screen import Screen
from .strings import description, t, variant_text
from .terminal import Interrupted, Stop, Terminal
from .turns import Build, HumanTurns

HUMAN, RANDOM, MEDIUM = "human", "random", "medium"
MAX_OPTION_LINES = 10  # more options than this are shown in columns
EXIT_NO_MEMORY, EXIT_RULES_FAILED, EXIT_TOO_SMALL = 1, 2, 2
MIN_WIDTH, MIN_HEIGHT = 60, 20  # the smallest terminal a table is drawn for


@dataclass
class Seating:
    """Who sits where in one game of a match of several games."""

    number: int  # 1-based
    total: int
    spec: str  # the --seats value that replays this game alone


@dataclass
class Saving:
    """Where a game is saved, and the ruleset it is played from."""

    origin: Origin
    variant: str | None
    path: Path
    named: bool = True  # --save named the file (else each game's own default name)
    match: MatchInfo | None = None  # the match this game is part of, saved with it
    record: bool = False  # add the finished game to the player's record (record.py)


class Match(HumanTurns, Pauses):
    """One game being played: the state, the seats and the terminal."""

    def __init__(self, game: rulekit.Game, players: int, kinds: list[str], seed: int, lang: str,
                 console: Console, stdin: TextIO, seating: Seating | None = None,
                 saving: Saving | None = None, names: list[str] | None = None):
        self.game = game
        self.seating = seating
        self.saving = saving
        self.state: State = game.new_state(players, seed)
        self.kinds = kinds
        self.seed = seed
        self.lang = lang
        self.about = description(game, lang)  # the game's description, shown by help
        self.console = console
        self.term = Terminal(console, stdin)
        self.paint = Painter(game, lang)
        # per seat, who sits there as the screens call them (names.py: counted from 1)
        self.names = list(names) if names else seat_names(game, kinds, lang)
        self.screen = Screen(game, lang, console, self.paint, self.names)
        self.bots = {p: make_bot(k, game, p, seed) for p, k in enumerate(kinds) if k != HUMAN}
        self.thinking = Thinking(console, lang)
        self.humans = [p for p in range(players) if kinds[p] == HUMAN]
        self.seen = [0] * players  # per seat: the log index up to which its events were shown
        # per seat: the steps it played without being asked (the log index, the line saying so),
        # shown among its news, where they happened
        self.forced: dict[int, list[tuple[int, Text]]] = {}
        self.viewer: int | None = None  # the human seat whose screen the terminal shows now
        self.answered: int | None = None  # the seat whose own answer was the last action
        self.build: Build | None = None  # a human's move being put together (back undoes it)
        self.asked: tuple[State, int, int, int, Question] | None = None  # turns.py: _asking
        self.move_start: int | None = None  # the log index where the human's move began
        self.holding = False  # the acting seat's results are on the screen: wait, then hide
        self.resumed = 0  # decisions replayed from a save
        self.resumed_from: Path | None = None  # the save file resumed
        self.backed = False  # the last answer was back
        self.autosave: Autosave | None = None
        self.save_warned = False  # a failed save was said (once until a save succeeds)
        self._init_pauses()

    def resume(self, save: SaveGame, where: str | Path) -> None:
        """Go on from a save: replay its actions (the bots' generators catch up on the way)."""
        marks: list[tuple[int | None, int]] = []

        def before(state: State, action: Action) -> None:
            seat = state.decider
            marks.append((seat, len(state.log)))
            bot = self.bots.get(seat) if seat is not None else None
            # a running generator: draw what it drew then, so its next answers are the same
            if isinstance(bot, RandomBot) and bot.choose(state).text != action.text:
                assert seat is not None  # a bot decides: a seat
                raise SaveFileError(f"{where}: the random bot in seat {seat + 1} "
                                    f"({self.names[seat]}) would not have "
                                    f"chosen {action.text!r}; the save was not made with these "
                                    "seats")

        self.state = rebuild(self.game, save, where, before)
        self.resumed = len(save.actions)
        self.resumed_from = Path(where)
        self.moment_checked = len(self.state.log)  # the moments before the save were shown
        ends = [m for _, m in marks[1:]] + [len(self.state.log)] * bool(marks)
        for (seat, _), end in zip(marks, ends, strict=True):
            if seat is not None:
                self.seen[seat] = end  # the news a seat gets: what came after its last move

    # ---- the game loop ---------------------------------------------------------------
    def run(self) -> int:
        """Play to the end; return the exit status (0 at the game's end or after quit)."""
        out = self.console
        g = self.game
        lang, seating = self.lang, self.seating
        if self.humans and self.term.screen and (out.width < MIN_WIDTH or out.height < MIN_HEIGHT):
            # a screen cut to pieces is worse than none: say the size needed, before any move
            say(t("too_small", lang, width=out.width, height=out.height, min_width=MIN_WIDTH,
                  min_height=MIN_HEIGHT), file=sys.stderr)
            return EXIT_TOO_SMALL
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
        else:
            out.print(t("match_seed", lang, seed=self.seed, seats=seating.spec))
        out.print(t("seats", lang, seats=", ".join(
            f"{self.names[p]}{t('colon', lang)}{kind_text(k, lang)}"
            for p, k in enumerate(self.kinds))))
        if self.resumed:
            out.print(t("resumed", lang, n=self.resumed))
        try:
            self._start_saving()
            code = self._spectate() if not self.humans else self._play()
        except (Stop, KeyboardInterrupt) as e:
            stop = e if isinstance(e, Stop) else Interrupted()
            self._stopped()
            return stop.exit_status
        except RulekitError as e:  # RuleRuntimeError: a rule failed or ran past a limit
            return self._failed(f"the ruleset failed during play (seed {self.seed}): {e}",
                                "the same move may fail again: tell the ruleset's author",
                                EXIT_RULES_FAILED)
        except MemoryError:
            return self._failed("out of memory during play",
                                "free some memory, then resume it", EXIT_NO_MEMORY)
        self._ended()
        self._record()
        return code

    def _play(self) -> int:
        while not self.state.is_over:
            seat = self.state.decider
            assert seat is not None
            if seat in self.bots:
                self.state.apply_unchecked(
                    self.thinking.choose(self.bots[seat], self.state, self.names[seat]))
                self.answered = None
                self._checkpoint(now=False)
            else:
                self._checkpoint(now=True)  # everything before a person is asked is on disk
                self._human(seat)
                self._checkpoint(now=True)
            self._moment_pause()
            self._forced_pause()
        viewer = self.humans[0] if len(self.humans) == 1 else None
        if viewer is None:
            if self.holding:
                self.term.hold(t("hide_screen", self.lang))
            self.term.clear()  # the last private view must not stay above the results
        if viewer is not None:
            for line in self._unseen(viewer):
                self.console.print(line)
        else:
            self._print_events(None, min(self.seen[p] for p in self.humans))
        self._final()
        return 0

    def _spectate(self) -> int:
        """Every seat is a bot: play the game and narrate it as a spectator sees it."""
        s = self.state
        done = 0
        while not s.is_over:
            seat = s.decider
            assert seat is not None
            s.apply_unchecked(self.thinking.choose(self.bots[seat], s, self.names[seat]))
            self._checkpoint(now=False)
            done = self._print_events(None, done)
        self._final()
        return 0

    # ---- saving: after every decision (autosave.py), and said once when the game stops --
    def _start_saving(self) -> None:
        """Write the save file as the game begins (or resumes): a new file for a new game under
        a default name, never another game's."""
        saving = self.saving
        if saving is None:
            return
        resumed = self.resumed_from is not None and _same_file(self.resumed_from, saving.path)
        self.autosave = Autosave(saving.origin, saving.variant, self.kinds, self.seed,
                                 self.lang, saving.match, saving.path,
                                 fresh=not saving.named and not resumed, names=self.names)
        self._checkpoint(now=True)

    def _checkpoint(self, now: bool) -> None:
        """After a completed decision: note the game as it stands (a move a person is putting
        together is not part of it) and save it, at once when now."""
        auto = self.autosave
        if auto is None:
            return
        done = self.build.base if self.build is not None else self.state
        auto.done(done.history, done.is_over)
        if auto.save(now):
            self.save_warned = False
        elif auto.error is not None and not self.save_warned:
            self.save_warned = True  # said once; the next decisions try again
            self.console.print(t("save_failed", self.lang, path=auto.path, why=auto.error),
                               style="yellow")

    def _stopped(self) -> None:
        """quit, end of input, Ctrl-C, SIGTERM or SIGHUP: the game saved, said in one line."""
        auto = self.autosave
        if auto is None:
            return
        if auto.save(now=True):
            lines = [said("stopped", self.lang, path=auto.path)] + self._match_line(auto)
        else:
            lines = [t("save_failed", self.lang, path=auto.path, why=auto.error)]
        try:
            for line in lines:
                self.console.print(line)
        except OSError:  # the terminal is gone (SIGHUP): the save is what matters
            pass

    def _ended(self) -> None:
        """The game is over: its save is written, and said."""
        auto = self.autosave
        if auto is None:
            return
        if not auto.save(now=True):
            self.console.print(t("save_failed", self.lang, path=auto.path, why=auto.error),
                               style="yellow")
            return
        self.console.print(t("saved_over", self.lang, path=auto.path))
        for line in self._match_line(auto):
            self.console.print(line)

    def _record(self) -> None:
        """The game is over: a row per human seat in the record, unless --no-record."""
        saving, outcome = self.saving, self.state.outcome
        if saving is None or not saving.record or not self.humans or outcome is None:
            return
        from .record import record_game  # sqlite3: only once a game is over

        warning = record_game(self.game, saving.origin.shown(), saving.variant, self.kinds,
                              self.names, outcome, self.seed)
        if warning is not None:
            say(warning, file=sys.stderr)

    def _match_line(self, auto: Autosave) -> list[str]:
        match = auto.match
        if match is None or (auto.over and match.number == match.games):
            return []
        return [t("saved_match", self.lang, k=match.number, n=match.games, path=auto.path)]

    def _failed(self, what: str, advice: str, code: int) -> int:
        """The rules failed, or memory ran out: the last complete move saved (the failing one
        was never noted), and what to do, said on stderr; return code."""
        auto = self.autosave
        where = ""
        try:
            if auto is not None and auto.save(now=True):
                where = (f" The game up to its last complete move is saved: {auto.path} "
                         f"(rulekit resume {auto.path}); {advice}.")
            elif auto is not None:
                where = f" The game could not be saved to {auto.path}: {auto.error}."
        except MemoryError:  # the file on disk is the last whole save
            where = f" The last save written is {auto.path}." if auto is not None else ""
        say(f"rulekit: {what}.{where}", file=sys.stderr)
        return code

    def _final(self) -> None:
        """Why the game ended, the scores, the game's counts and who won: each said once."""
        assert self.state.outcome is not None
        print_final(self.console, self.game, self.lang, self.state.outcome,
                    [self._name(p) for p in range(self.state.n)], self.names,
                    sides(self.game, self.state), yours=bool(self.humans),
                    counts=summary_counts(self.state, None))

    def _screen(self, seat: int) -> None:
        """Everything seat may know now, sized so that its question fits below it."""
        question = self._asking(seat)
        prompt = self._prompt(seat)
        news = self._unseen(seat)
        news_height = self.screen.news_height(news)
        self.screen.crowded_options = False
        self.screen.forget()
        reserve = sum(self.screen.height(q) for q in self._question(seat, prompt, question)) + 1
        # the options go in columns when the news would not fit whole above them
        if self.screen.crowded(self.state, seat, reserve, news_height):
            self.screen.crowded_options = True
            reserve = sum(self.screen.height(q)
                          for q in self._question(seat, prompt, question)) + 1
        self.screen.show(self.state, seat, news, reserve, news_height)
        self.screen.forget()

    def draw(self, seat: int) -> None:
        """The screen seat would see now, with its question and the answer's prompt."""
        self._screen(seat)
        question = self._asking(seat)
        self._show_question(seat, self._prompt(seat), question)
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
            # keys without a text (e.g. phase changes) are internal; the end is said by _final
            if g.texts.has(key) and key != GAME_OVER:
                line = rulekit.render_event(g, key, args, self.lang, self.names)
                self.console.print(Text(indent) + self.paint.text(line))
        return len(s.log)

    def _news(self, seat: int) -> bool:
        """The events seat has not seen yet, under a heading (nothing if there are none); whether
        there were any."""
        lines = self._unseen(seat)
        if lines:
            self.console.print(Text(t("happened", self.lang), style="bold"))
            for line in lines:
                self.console.print(Text("  ") + line)
        return bool(lines)

    def _unseen(self, seat: int, upto: int | None = None,
                stress: frozenset[str] = frozenset()) -> list[Text]:
        """The events seat has not seen yet (up to log index upto), one line each, with the
        steps it played without being asked where they happened; they count as seen from now
        on. The events whose key is in stress are in bold."""
        g = self.game
        start, end = self.seen[seat], len(self.state.log) if upto is None else upto
        events = rulekit.events_for(self.state, seat, start)  # one per log entry from start
        lines: list[Text] = []
        notes = self.forced.pop(seat, [])
        later = [(at, note) for at, note in notes if at > end]  # after upto: still to be said
        if later:
            self.forced[seat] = later
        for at, note in [*(n for n in notes if n[0] <= end), (end, None)]:
            for key, args in events[start - self.seen[seat]:at - self.seen[seat]]:
                # keys without a text (phase changes...) are internal; _final says the end
                if not g.texts.has(key) or key == GAME_OVER:
                    continue
                line = self.paint.text(rulekit.render_event(g, key, args, self.lang, self.names))
                if key.removesuffix("_hidden") in stress:
                    line.stylize("bold")
                lines.append(line)
            if note is not None:
                lines.append(note)
            start = at
        self.seen[seat] = end
        return lines

    # ---- a human decision: the input loop is in turns.py (HumanTurns) ---------------
    def _prompt(self, seat: int) -> str:
        """The question being asked: the parameter's or window's prompt, else 'your turn'."""
        s = self.state
        g = self.game
        lang = self.lang
        now = s.pending
        if now is None or now.kind == TURN:
            return t("your_turn", lang)
        if now.param is not None:
            param = now.param
            if param.prompt:
                return g.texts.render(param.prompt, lang, {**self.screen.values(self.state, seat),
                                                           "actor": self.names[seat]})
            return t("choose_param", lang, what=g.texts.word(param.name, lang))
        win = now.window
        assert win is not None  # neither a turn nor a parameter: a window asks
        opener = self.names[now.opener] if now.opener is not None else "-"
        if win.prompt:
            return g.texts.render(win.prompt, lang, {**self.screen.values(self.state, seat),
                                                     "opener": opener, "actor": self.names[seat]})
        return t("window_default", lang, opener=opener)

    def _show_question(self, seat: int, prompt: str, question: Question) -> None:
        for part in self._question(seat, prompt, question):
            self.console.print(part)

    def _question(self, seat: int, prompt: str, question: Question) -> list[RenderableType]:
        """What is asked: the action so far, the question, the options (or the values)."""
        parts: list[RenderableType] = []
        chosen = self._chosen_so_far(seat)
        if chosen is not None:
            parts.append(chosen)
        parts.append(Text(prompt, style="bold"))
        lines = question.lines()
        if question.is_range:
            parts += lines
        else:
            parts.append(self.screen.options(lines, MAX_OPTION_LINES))
        return parts

    def _chosen_so_far(self, seat: int) -> Text | None:
        """The action being built and what this seat has chosen for it so far."""
        obs = rulekit.observation(self.state, seat)
        obs_pending = obs["pending"]
        if not obs_pending or "chosen" not in obs_pending:
            return None
        g = self.game
        act = next(a for a in g.actions if a.name == obs_pending["action"])
        now = self.state.pending
        assert now is not None  # a pending decision with values chosen
        melds = melds_seen(obs)
        order = seen_order(obs, seat)  # chosen cards are listed as the hand lists them
        parts: list[Text] = []
        for p in act.params:
            if p.name not in obs_pending["chosen"] or not self.state.asked(p.name):
                continue  # a value the rules gave (its 'otherwise'), not one the seat chose
            v = obs_pending["chosen"][p.name]
            if v is None:
                continue
            meld = now.value(p.name) if p.value_type == "meld" else None
            if meld in melds:  # the meld, numbered and shown as the table shows it
                parts.append(Text(f"{meld}. ") + meld_line(self.paint, melds[meld], self.lang))
            elif p.kind == "cards":
                parts.append(self.paint.cards(in_seen_order(v, order)))
            elif p.kind == "player" and isinstance(v, int):
                parts.append(Text(self.names[v]))
            else:
                parts.append(self.paint.text(g.texts.word(v, self.lang) if isinstance(v, str)
                                             else str(v)))
        if obs_pending.get("picking"):
            parts.append(Text(t("picked_so_far", self.lang, cards="")) +
                         self.paint.cards(in_seen_order(obs_pending["picking"], order)))
        if not parts:
            return None
        head = Text(g.texts.word(act.label, self.lang) + t("colon", self.lang), style="bold")
        return head + Text(" · ").join(parts)


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def play(game: rulekit.Game, players: int, kinds: list[str], seed: int, lang: str,
         console: Console, stdin: TextIO | None = None, saving: Saving | None = None,
         names: list[str] | None = None) -> int:
    """Play one game (names: per seat, else the defaults); return the exit status."""
    return Match(game, players, kinds, seed, lang, console, stdin or sys.stdin,
                 saving=saving, names=names).run()


def resume(game: rulekit.Game, save: SaveGame, where: str | Path, console: Console,
           stdin: TextIO | None = None, saving: Saving | None = None) -> int:
    """Go on with a saved game where it stopped; return the exit status."""
    match = Match(game, len(save.seats), save.seats, save.seed, save.lang, console,
                  stdin or sys.stdin, saving=saving, names=save.names)
    match.resume(save, where)
    return match.run()
