"""`rulekit play`: a game at the terminal between human seats and bots.

A human seat's screen is built only from `rulekit.observation` and `rulekit.events_for` for that
seat (plus its own legal actions when it decides), so it shows nothing the seat may not know.
Answers are parsed in answers.py, the keyboard is read in terminal.py, and every game is saved
(savegame.py) when it ends or stops, so it can be resumed or replayed.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from rich import box
from rich.columns import Columns
from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

import rulekit
from rulekit.actions import Action
from rulekit.bots import RandomBot
from rulekit.runtime.observe import seat_name
from rulekit.runtime.state import BuildFrame, Outcome, State

from .answers import Question, meld_line, melds_seen
from .bots import Thinking, kind_text, make_bot
from .look import Painter
from .savegame import Origin, SaveFileError, SaveGame, default_path, rebuild, write_save
from .strings import t
from .terminal import EndOfInput, Interrupted, QuitGame, Stop, Terminal, Terminated
from .turns import Build, HumanTurns

HUMAN, RANDOM, MEDIUM = "human", "random", "medium"


@dataclass
class Seating:
    """Who sits where in one game of a match of several games."""

    number: int  # 1-based
    total: int
    who: list[str]  # per seat: the name of the person or bot sitting there
    spec: str  # the --seats value that replays this game alone


@dataclass
class Saving:
    """Where a game is saved, and the ruleset it is played from."""

    origin: Origin
    variant: str | None
    path: Path
    named: bool = True  # --save named the file (else each game's own default name)


STOPPED = {Interrupted: "stopped_interrupt", Terminated: "stopped_term"}


class Match(HumanTurns):
    """One game being played: the state, the seats and the terminal."""

    def __init__(self, game: rulekit.Game, players: int, kinds: list[str], seed: int, lang: str,
                 console: Console, stdin: TextIO, seating: Seating | None = None,
                 saving: Saving | None = None):
        self.game = game
        self.seating = seating
        self.saving = saving
        self.state: State = game.new_state(players, seed)
        self.kinds = kinds
        self.seed = seed
        self.lang = lang
        self.console = console
        self.term = Terminal(console, stdin)
        self.paint = Painter(game, lang)
        self.names = [seat_name(game, p, lang) for p in range(players)]
        self.bots = {p: make_bot(k, game, p, seed) for p, k in enumerate(kinds) if k != HUMAN}
        self.thinking = Thinking(console, lang)
        self.humans = [p for p in range(players) if kinds[p] == HUMAN]
        self.seen = [0] * players  # per seat: the log index up to which its events were shown
        self.viewer: int | None = None  # the human seat whose screen the terminal shows now
        self.answered: int | None = None  # the seat whose own answer was the last action
        self.build: Build | None = None  # a human's move being put together (back undoes it)
        self.move_start: int | None = None  # the log index where the human's move began
        self.holding = False  # the acting seat's results are on the screen: wait, then hide
        self.resumed = 0  # decisions replayed from a save
        self.backed = False  # the last answer was back

    def resume(self, save: SaveGame, where: str | Path) -> None:
        """Go on from a save: replay its actions (the bots' generators catch up on the way)."""
        marks: list[tuple[int | None, int]] = []

        def before(state: State, action: Action) -> None:
            seat = state.decider
            marks.append((seat, len(state.log)))
            bot = self.bots.get(seat) if seat is not None else None
            # a running generator: draw what it drew then, so its next answers are the same
            if isinstance(bot, RandomBot) and bot.choose(state).text != action.text:
                raise SaveFileError(f"{where}: the random bot in seat {seat} would not have "
                                    f"chosen {action.text!r}; the save was not made with these "
                                    "seats")

        self.state = rebuild(self.game, save, where, before)
        self.resumed = len(save.actions)
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
        if seating is not None:
            out.print(Rule(Text(t("match_game", lang, k=seating.number, n=seating.total),
                                style="bold")))
        out.print(Text(t("title", lang, game=g.name, n=self.state.n), style="bold"))
        variant = getattr(g, "variant", None)
        if variant:
            known = getattr(g, "variant_descriptions", {})
            about = " ".join(known.get(v, "") for v in variant.split("+")).strip()
            out.print(t("variant", lang, name=variant, description=f" — {about}" if about else ""))
        if seating is None:
            out.print(t("seed", lang, seed=self.seed))
            out.print(t("seats", lang, seats=", ".join(
                f"{self.names[p]}: {kind_text(k, lang)}" for p, k in enumerate(self.kinds))))
        else:
            out.print(t("match_seed", lang, seed=self.seed, seats=seating.spec))
            out.print(t("seats", lang, seats=", ".join(
                t("seat_holder", lang, seat=self.names[p], who=seating.who[p],
                  kind=kind_text(k, lang))
                for p, k in enumerate(self.kinds))))
        if self.resumed:
            out.print(t("resumed", lang, n=self.resumed))
        try:
            code = self._spectate() if not self.humans else self._play()
        except (Stop, KeyboardInterrupt) as e:
            stop = e if isinstance(e, Stop) else Interrupted()
            if isinstance(stop, QuitGame):
                out.print(t("quit", lang, seed=self.seed))
            elif isinstance(stop, EndOfInput):
                out.print(t("eof", lang))
            else:
                out.print(t(STOPPED[type(stop)], lang))
            self._save()
            return stop.exit_status
        self._save()
        return code

    def _play(self) -> int:
        while not self.state.is_over:
            seat = self.state.decider
            assert seat is not None
            if seat in self.bots:
                self.state.apply_unchecked(
                    self.thinking.choose(self.bots[seat], self.state, self.names[seat]))
                self.answered = None
            else:
                self._human(seat)
        viewer = self.humans[0] if len(self.humans) == 1 else None
        if viewer is None:
            if self.holding:
                self.term.hold(t("hide_screen", self.lang))
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
            assert seat is not None
            s.apply_unchecked(self.thinking.choose(self.bots[seat], s, self.names[seat]))
            done = self._print_events(None, done)
        self._final()
        return 0

    def _save(self) -> None:
        """Save the game as it stands (a half-built move is not part of it), and say where."""
        if self.saving is None:
            return
        done = self.build.base if self.build is not None else self.state
        save = SaveGame(self.saving.origin, self.saving.variant, list(self.kinds), self.seed,
                        self.lang, [text for _, text in done.history], done.is_over)
        path = self.saving.path
        try:
            write_save(save, path)
        except OSError as e:
            self.console.print(t("save_failed", self.lang, path=path, why=e.strerror or e),
                               style="yellow")
            return
        self.console.print(t("saved_over" if done.is_over else "saved", self.lang, path=path))
    def _final(self) -> None:
        out = self.console
        outcome = self.state.outcome
        assert outcome is not None
        lang = self.lang
        out.print()
        out.print(Text(t("final_scores", lang), style="bold"))
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        table.add_column(t("player", lang))
        table.add_column(t("score", lang), justify="right")
        table.add_column("")
        for p, score in enumerate(outcome.scores):
            win = "★" if p in outcome.winners else ""
            table.add_row(self._name(p), str(score), win)
        out.print(table)
        if not self.game.texts.has("game_over"):
            out.print(t("reason", lang, reason=self.game.texts.word(outcome.reason, lang)))
        if not outcome.winners:  # a cooperative game lost together, say
            out.print(Text(t("no_winner", lang), style="bold"))
            return
        names = ", ".join(self.names[p] for p in outcome.winners)
        out.print(Text(t("winner" if len(outcome.winners) == 1 else "winners", lang, names=names),
                       style="bold"))

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
        g = self.game
        if any(g.texts.has(k) for k, _ in rulekit.events_for(self.state, seat, self.seen[seat])):
            self.console.print(Text(t("happened", self.lang), style="bold"))
            self._print_events(seat, self.seen[seat], indent="  ")
        self.seen[seat] = len(self.state.log)

    # ---- a human decision: the input loop is in turns.py (HumanTurns) ---------------
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
                return g.texts.render(param.prompt, lang, {"actor": self.names[seat]})
            return t("choose_param", lang, what=g.texts.word(param.name, lang))
        win = g.windows[top.win]
        opener = self.names[top.opener] if top.opener is not None else "-"
        if win.prompt:
            return g.texts.render(win.prompt, lang, {"opener": opener, "actor": self.names[seat]})
        return t("window_default", lang, opener=opener)

    def _show_question(self, seat: int, prompt: str, question: Question) -> None:
        out = self.console
        chosen = self._chosen_so_far(seat)
        if chosen is not None:
            out.print(chosen)
        out.print(Text(prompt, style="bold"))
        for line in question.lines():
            out.print(line)
        if len(question.legal) == 1:
            out.print(t("confirm_hint", self.lang))

    def _chosen_so_far(self, seat: int) -> Text | None:
        """The action being built and what this seat has chosen for it so far."""
        obs = rulekit.observation(self.state, seat)
        obs_pending = obs["pending"]
        if not obs_pending or "chosen" not in obs_pending:
            return None
        g = self.game
        act = next(a for a in g.actions if a.name == obs_pending["action"])
        top = self.state.stack[-1]
        melds = melds_seen(obs)
        parts: list[Text] = []
        for p in act.params:
            if p.name not in obs_pending["chosen"]:
                continue
            v = obs_pending["chosen"][p.name]
            if v is None:
                continue
            meld = top.env.get(p.name) if p.value_type == "meld" else None
            if meld in melds:  # the meld, numbered and shown as the table shows it
                parts.append(Text(f"{meld}. ") + meld_line(self.paint, melds[meld], self.lang))
            elif p.kind == "cards":
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
    # ---- the full screen -----------------------------------------------------------------
    def _screen(self, seat: int) -> None:
        """Everything this seat may know now: latest events, table, seats, its own cards."""
        out = self.console
        g = self.game
        lang = self.lang
        obs = rulekit.observation(self.state, seat)
        out.print()
        out.print(Rule(Text(t("view_of", lang, name=self.names[seat], you=t("you", lang)),
                            style="bold")))
        self._news(seat)
        # table zones and visible variables
        parts: list[Text] = []
        for z in g.table_zones:
            view = obs["table"][z.name]
            parts.append(Text(g.texts.word(z.label, lang) + t("colon", lang)) +
                         self._zone_cell(view))
        for infos, values in ((g.game_vars, obs["vars"]), (g.turn_vars, obs["turn_vars"])):
            for v in infos:
                if v.name in values:
                    parts.append(Text(g.texts.word(v.label, lang) + t("colon", lang)) +
                                 self._value(v.type, values[v.name], v.names))
        if parts:
            out.print(Columns(parts, padding=(0, 3)))
        for z in g.table_zones:
            self._melds(obs["table"][z.name], g.texts.word(z.label, lang))
        # one row per seat: visible player variables and zone sizes
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
        table.add_column(t("player", lang))
        shown_vars = [v for v in g.player_vars if v.visible]
        for v in shown_vars:
            table.add_column(g.texts.word(v.label, lang))
        for z in g.player_zones:
            table.add_column(g.texts.word(z.label, lang), justify="right")
        for p, row in enumerate(obs["seats"]):
            name = Text(("▸ " if p == obs["turn"] else "  ") + self.names[p])
            if p == seat:
                name.append(f" ({t('you', lang)})")
                name.stylize("bold")
            cells: list[Text] = [name]
            cells += [self._value(v.type, row["vars"].get(v.name), v.names) for v in shown_vars]
            cells += [self._zone_cell(row["zones"][z.name], counts_only=True)
                      for z in g.player_zones]
            table.add_row(*cells)
        out.print(table)
        if obs.get("teams"):
            self._teams(obs["teams"])
        # the cards this seat may see in other seats' zones (face up, or public zones)
        for p, row in enumerate(obs["seats"]):
            if p == seat:
                continue
            for z in g.player_zones:
                if z.melds:
                    self._melds(row["zones"][z.name],
                                f"{self.names[p]} — {g.texts.word(z.label, lang)}")
                    continue
                seen = [c for c in row["zones"][z.name]["cards"] if c is not None]
                if seen:
                    out.print(Text(t("visible_in", lang, name=self.names[p],
                                     zone=g.texts.word(z.label, lang))) + self.paint.cards(seen))
        # this seat's own zones whose cards it may see
        mine = obs["seats"][seat]["zones"]
        for z in g.player_zones:
            if z.visibility not in ("owner", "public"):
                continue
            view = mine[z.name]
            label = t("your_zone", lang, zone=g.texts.word(z.label, lang))
            if z.melds:
                self._melds(view, label)
                continue
            cards = [c for c in view["cards"] if c is not None]
            out.print(Text(f"{label} ({view['count']}){t('colon', lang)}", style="bold") +
                      self.paint.cards(cards, empty=t("empty", lang)))

    def _teams(self, teams: list[dict]) -> None:
        """One row per team: its name, members, visible variables and zone sizes."""
        g, lang = self.game, self.lang
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
        table.add_column(t("team", lang))
        table.add_column(t("members", lang))
        shown = [v for v in g.team_vars if v.visible]
        for v in shown:
            table.add_column(g.texts.word(v.label, lang))
        for z in g.team_zones:
            table.add_column(g.texts.word(z.label, lang), justify="right")
        for row in teams:
            cells = [self.paint.text(g.texts.word(row["team"], lang)),
                     Text(", ".join(self.names[p] for p in row["members"]))]
            cells += [self._value(v.type, row["vars"].get(v.name)) for v in shown]
            cells += [self._zone_cell(row["zones"][z.name], counts_only=True)
                      for z in g.team_zones]
            table.add_row(*cells)
        self.console.print(table)

    def _melds(self, view: dict, title: str) -> None:
        """A zone of melds, one meld a line: its kind and its cards (a run lowest first)."""
        melds = view.get("melds")
        if not melds:
            return
        self.console.print(Text(t("melds_in", self.lang, zone=title), style="bold"))
        for m in melds:
            kind = t(m["kind"], self.lang)
            self.console.print(Text(f"  {m['meld']}. {kind}: ") + self.paint.cards(m["cards"]))

    def _zone_cell(self, view: dict, counts_only: bool = False) -> Text:
        """A zone as a count, with the cards this seat may see in it (the face-up ones)."""
        count = "?" if view["count"] is None else str(view["count"])
        cards = [c for c in view["cards"] if c is not None]
        if counts_only or not cards:
            return Text(count)
        if len(cards) > 8:
            return Text(f"{count} (…, ") + self.paint.cards(cards[-8:]) + Text(")")
        return Text(f"{count} (") + self.paint.cards(cards) + Text(")")

    def _value(self, type_: str, v: Any, names: dict | None = None) -> Text:
        """A visible variable's value as words (a number by its name, if it has one)."""
        lang = self.lang
        if v is None:
            return Text("-")
        if names and isinstance(v, int) and not isinstance(v, bool) and v in names:
            return self.paint.text(self.game.named_value(names, v, lang))
        if type_ == "player" and isinstance(v, int):
            return Text(self.names[v])
        if type_ == "players" and isinstance(v, list):
            return Text(", ".join(self.names[p] for p in v) or "-")
        if isinstance(v, bool):
            return Text(t("yes" if v else "no", lang))
        if type_ == "card" and isinstance(v, str):
            return self.paint.card(v)
        if type_ == "list[card]" and isinstance(v, list):
            return self.paint.cards(v)
        if isinstance(v, str):
            return self.paint.text(self.game.texts.word(v, lang))
        if isinstance(v, list):
            return Text(", ".join(str(x) for x in v) or "-")
        return Text(str(v))



def play(game: rulekit.Game, players: int, kinds: list[str], seed: int, lang: str,
         console: Console, stdin: TextIO | None = None, saving: Saving | None = None) -> int:
    """Play one game; return the exit status."""
    return Match(game, players, kinds, seed, lang, console, stdin or sys.stdin,
                 saving=saving).run()


def resume(game: rulekit.Game, save: SaveGame, where: str | Path, console: Console,
           stdin: TextIO | None = None, saving: Saving | None = None) -> int:
    """Go on with a saved game where it stopped; return the exit status."""
    match = Match(game, len(save.seats), save.seats, save.seed, save.lang, console,
                  stdin or sys.stdin, saving=saving)
    match.resume(save, where)
    return match.run()

@dataclass
class Played:
    """One finished game of a match: its number, seed, who sat where, and its outcome."""

    number: int
    seed: int
    seats: list[int]  # per seat: the index of the person or bot sitting there
    outcome: Outcome


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



def numbered(path: Path, k: int) -> Path:
    """The save file of game k (from 1) of a match: the named file, then name-2.json, ..."""
    return path if k == 1 else path.with_name(f"{path.stem}-{k}{path.suffix}")


def play_match(game: rulekit.Game, players: int, kinds: list[str], seed: int, games: int,
               lang: str, console: Console, stdin: TextIO | None = None,
               saving: Saving | None = None) -> int:
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
        game_saving = None
        if saving is not None:
            path = (numbered(saving.path, k + 1) if saving.named
                    else default_path(saving.origin, seed + k))
            game_saving = Saving(saving.origin, saving.variant, path, saving.named)
        match = Match(game, players, seat_kinds, seed + k, lang, console, stdin or sys.stdin,
                      seating, game_saving)
        code = match.run()
        if match.state.outcome is None:  # the human quit, or the input ended
            break
        played.append(Played(k + 1, seed + k, seats, match.state.outcome))
        if k + 1 < games and match.humans and match.term.interactive:
            try:
                match.term.ask(t("next_game", lang, k=k + 2, n=games) + " ")
            except Stop as e:
                code = e.exit_status
                break
    summarise(game, played, who, games, lang, console)
    return code

def summarise(game: rulekit.Game, played: list[Played], who: list[str], games: int, lang: str,
              console: Console) -> None:
    """Each game's reason, scores and winners per person or bot, then the games each won."""
    out = console
    out.print()
    out.print(Text(t("match_summary", lang, n=games), style="bold"))
    wins = [0] * len(who)
    for g in played:
        o = g.outcome
        winners = [g.seats[s] for s in o.winners]
        for p in winners:
            wins[p] += 1
        names = ", ".join(who[p] for p in sorted(winners))
        said = (t("no_winner", lang) if not winners else
                t("winner" if len(winners) == 1 else "winners", lang, names=names))
        out.print(t("match_result", lang, k=g.number, seed=g.seed,
                    reason=game.texts.word(o.reason, lang), winners=said))
        score = {g.seats[s]: o.scores[s] for s in range(len(o.scores))}
        out.print("  " + ", ".join(f"{who[p]} {score[p]}" + (" ★" if p in winners else "")
                                   for p in range(len(who))))
    out.print(Text(t("games_won", lang, wins=", ".join(
        f"{who[p]} {wins[p]}" for p in range(len(who)))), style="bold"))
    if len(played) < games:
        out.print(t("match_stopped", lang, k=len(played), n=games))
