"""`rulekit replay FILE`: step through a saved game through one seat's eyes.

An unfinished game is shown only through a human seat's eyes (never a bot's hidden cards); a
finished one through any seat's, or with every seat's cards when no seat is named.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, TextIO

from rich.console import Console
from rich.text import Text

import rulekit

from .ending import result, sides
from .look import Painter
from .names import seat_names
from .savegame import SaveGame, load_game, read_save, rebuild
from .strings import t
from .terminal import Stop, Terminal


class ReplayUsage(rulekit.UsageError):
    """A seat that may not be shown, or that the game does not have."""


def viewer_of(save: SaveGame, number: int | None) -> int | None:
    """The seat whose eyes the replay uses (None: every seat's, for a finished game); number
    counts seats from 1, as the screens name them (the engine's seat is number - 1)."""
    n = len(save.seats)
    if number is not None and not 1 <= number <= n:
        raise ReplayUsage(f"--seat {number}: the game has seats 1 to {n}")
    seat = None if number is None else number - 1
    humans = [p for p, k in enumerate(save.seats) if k == "human"]
    if save.over:
        return seat
    if seat is None:
        return humans[0] if humans else None
    if seat not in humans:
        shown = ", ".join(str(p + 1) for p in humans) or "none"
        raise ReplayUsage(f"--seat {number} is a bot's seat and the game is not over: an "
                          "unfinished game is replayed through a human seat's eyes (human "
                          f"seats: {shown})")
    return seat


@dataclass
class Step:
    """One decision of the saved game as the viewer saw it: where in the game it came, what it
    made happen, which of the viewer's cards changed, and every seen zone as it then stood."""

    decision: int  # the index of its decision in the save (0: the deal)
    where: str  # 'Round 2 · turn 7'
    events: list[Text]
    changes: list[Text]
    zones: list[Text]


class Replay:
    """Plays the saved actions again, then lets the reader step through what the viewer saw:
    n (or Enter) the next step, p the previous one, g N step N, q stop."""

    def __init__(self, game: rulekit.Game, save: SaveGame, viewer: int | None,
                 console: Console, stdin: TextIO):
        self.game = game
        self.save = save
        self.viewer = viewer
        self.everyone = viewer is None and save.over
        self.console = console
        self.term = Terminal(console, stdin)
        self.lang = save.lang
        self.paint = Painter(game, save.lang)
        # the names the game was played with (an older save: the defaults), counted from 1
        self.names = save.names or seat_names(game, save.seats, save.lang)

    def _events(self, s: rulekit.State, start: int) -> list[tuple[str, dict[str, Any]]]:
        """The log from start as the viewer reads it (every seat's view: each event unhidden)."""
        if not self.everyone:
            return rulekit.events_for(s, self.viewer, start)
        public = rulekit.events_for(s, None, start)
        views = {p: rulekit.events_for(s, p, start) for p in range(s.n)}
        return [public[i] if audience is None else views[audience[0]][i]
                for i, (_, _, audience) in enumerate(s.log[start:])]

    def _seen(self, s: rulekit.State) -> dict[tuple[int, str], list[str]]:
        """The viewer's own cards, zone by zone (every seat's when every seat is shown)."""
        seats = range(s.n) if self.everyone else ([] if self.viewer is None else [self.viewer])
        out: dict[tuple[int, str], list[str]] = {}
        for p in seats:
            obs = rulekit.observation(s, p)
            for z in self.game.player_zones:
                if z.visibility != "owner":
                    continue
                cards = obs["seats"][p]["zones"][z.name]["cards"]
                out[(p, z.name)] = [c for c in cards if c is not None]
        return out

    def _zone_head(self, key: tuple[int, str], n: int) -> Text:
        p, zone = key
        label = next(z.label for z in self.game.player_zones if z.name == zone)
        return Text(t("replay_hand", self.lang, who=self.names[p],
                      zone=self.game.texts.word(label, self.lang), n=n))

    def _zones(self, seen: dict[tuple[int, str], list[str]]) -> list[Text]:
        """Every zone the viewer sees, whole (an empty one but a seat's first left out)."""
        out, seats = [], set()
        for key, cards in seen.items():
            if cards or key[0] not in seats:
                out.append(self._zone_head(key, len(cards)) +
                           self.paint.cards(cards, empty=t("empty", self.lang)))
            seats.add(key[0])
        return out

    def _changes(self, before: dict[tuple[int, str], list[str]],
                 after: dict[tuple[int, str], list[str]]) -> list[Text]:
        """Only the zones whose cards changed: the cards that came in (+) and went out (-)."""
        out = []
        for key, cards in after.items():
            old = Counter(before.get(key, []))
            new = Counter(cards)
            if old == new:
                continue
            line = self._zone_head(key, len(cards))
            came = list((new - old).elements())
            went = list((old - new).elements())
            if came:
                line += Text("+ ") + self.paint.cards(came)
            if went:
                line += Text("   " if came else "") + Text("− ") + self.paint.cards(went)
            out.append(line)
        return out

    def steps(self) -> list[Step]:
        """The saved game played again: each decision that showed the viewer something."""
        g = self.game
        s = g.new_state(len(self.save.seats), self.save.seed)
        out: list[Step] = []
        logged = 0
        seen: dict[tuple[int, str], list[str]] = {}
        rounds = g.spec.table.rounds  # the event beginning a round, if the ruleset says
        round_no, turns, turn_of = 0, 0, None
        for i, text in enumerate([None, *self.save.actions]):
            # a step is placed where its decision was made (the deal: where the game begins)
            where = self._where(round_no, turns)
            if text is not None:
                s.apply(text)
            events = self._events(s, logged)
            if rounds is not None:
                round_no += sum(key == rounds.count for key, _ in events)
            if s.turn != turn_of:  # a new player to move: the next turn
                turn_of = s.turn
                turns += 1
            if not i:
                where = self._where(round_no, turns)
            lines = [rulekit.render_event(g, key, args, self.lang, self.names)
                     for key, args in events if g.texts.has(key)]
            logged = len(s.log)
            now = self._seen(s)
            changes = self._changes(seen, now) if i else []
            if lines or changes or not i:
                out.append(Step(i, where, [self.paint.text(x) for x in lines], changes,
                                self._zones(now)))
            seen = now
        self.state = s
        return out

    def _where(self, round_no: int, turn: int) -> str:
        """'Round 2 · turn 7': the round as the ruleset names it (where it does), the turn."""
        where = t("replay_turn", self.lang, turn=turn)
        rounds = self.game.spec.table.rounds
        if rounds is None or not round_no:
            return where
        return self.game.texts.render(rounds.text, self.lang, {"n": str(round_no)}) + " · " + where

    def run(self) -> int:
        """Step through the game; return the exit status (0)."""
        out = self.console
        g = self.game
        who = (t("replay_all", self.lang) if self.everyone else
               t("replay_title", self.lang,
                 who=self.names[self.viewer] if self.viewer is not None else "-"))
        out.print(Text(t("title", self.lang, game=g.name, n=len(self.save.seats)), style="bold"))
        out.print(t("seed", self.lang, seed=self.save.seed))
        out.print(who)
        steps = self.steps()
        at, whole = 0, True  # the step shown, and whether with every zone (after a jump)
        while True:
            self._show(steps, at, whole)
            go = self._next(len(steps), at)
            if go is None:
                return 0
            if go >= len(steps):
                break
            whole = go != at + 1
            at = max(go, 0)
        self._end()
        return 0

    def _show(self, steps: list[Step], at: int, whole: bool) -> None:
        step = steps[at]
        out = self.console
        out.print(Text(t("replay_step", self.lang, k=at + 1, n=len(steps), where=step.where),
                       style="bold"))
        for line in step.events:
            out.print(Text("  ") + line)
        for line in (step.zones if whole else step.changes):
            out.print(Text("  ") + line)

    def _end(self) -> None:
        out = self.console
        s = self.state
        out.print(t("replay_end", self.lang, n=len(self.save.actions)))
        if s.outcome is not None:
            scores = ", ".join(f"{self.names[p]} {v}" + (" ★" if p in s.outcome.winners else "")
                               for p, v in enumerate(s.outcome.scores))
            out.print(Text(t("final_scores", self.lang) + t("colon", self.lang) + scores,
                           style="bold"))
            side = sides(self.game, s)
            if side.together:  # the stars say nothing when all lost together
                out.print(Text(result(self.game, s.outcome, self.names, side, self.lang,
                                      yours=False), style="bold"))

    def _next(self, n: int, at: int) -> int | None:
        """The step to show next (n: past the last), or None when the reader stops (q, the end
        of the input, Ctrl-C); an answer not understood says what may be typed."""
        while True:
            try:
                answer = self.term.ask(t("replay_next", self.lang)).strip().lower()
            except Stop:
                return None
            if answer in ("", "n"):
                return at + 1
            if answer == "p":
                return max(at - 1, 0)
            if answer in ("q", "quit", "quitter", "salir"):
                return None
            word, _, number = answer.partition(" ")
            if word == "g" and number.strip().isdigit() and 1 <= int(number) <= n:
                return int(number) - 1
            self.console.print(t("replay_keys", self.lang, n=n), style="yellow")


def replay(path: str, seat: int | None, console: Console, stdin: TextIO) -> int:
    """rulekit replay FILE [--seat N]: check the save, then step through it."""
    save = read_save(path)
    viewer = viewer_of(save, seat)
    game = load_game(save, path)
    rebuild(game, save, path)  # every action checked before anything is shown
    return Replay(game, save, viewer, console, stdin).run()
