"""`rulekit replay FILE`: step through a saved game through one seat's eyes.

An unfinished game is shown only through a human seat's eyes (never a bot's hidden cards); a
finished one through any seat's, or with every seat's cards when no seat is named.
"""

from __future__ import annotations

from typing import Any, TextIO

from rich.console import Console
from rich.text import Text

import rulekit

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


class Replay:
    """Plays the saved actions again, printing what the viewer saw after each decision."""

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

    def _hand(self, s: rulekit.State) -> list[Text]:
        """The viewer's own cards, zone by zone (every seat's when every seat is shown)."""
        seats = range(s.n) if self.everyone else ([] if self.viewer is None else [self.viewer])
        out = []
        for p in seats:
            obs = rulekit.observation(s, p)
            for z in self.game.player_zones:
                if z.visibility != "owner":
                    continue
                cards = obs["seats"][p]["zones"][z.name]["cards"]
                head = t("replay_hand", self.lang, who=self.names[p],
                         zone=self.game.texts.word(z.label, self.lang))
                out.append(Text(head) + self.paint.cards([c for c in cards if c is not None],
                                                         empty=t("empty", self.lang)))
        return out

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
        s = g.new_state(len(self.save.seats), self.save.seed)
        shown = 0
        hand: list[str] = []
        for i, text in enumerate([None, *self.save.actions]):
            if text is not None:
                s.apply(text)
            lines = [rulekit.render_event(g, key, args, self.lang, self.names)
                     for key, args in self._events(s, shown) if g.texts.has(key)]
            shown = len(s.log)
            if not lines:
                continue
            out.print(Text(f"[{i}]", style="dim"))
            for line in lines:
                out.print(Text("  ") + self.paint.text(line))
            now = self._hand(s)
            if [x.plain for x in now] != hand:
                hand = [x.plain for x in now]
                for x in now:
                    out.print(Text("  ") + x)
            if i < len(self.save.actions) and not self._next():
                return 0
        out.print(t("replay_end", self.lang, n=len(self.save.actions)))
        if s.outcome is not None:
            scores = ", ".join(f"{self.names[p]} {v}" + (" ★" if p in s.outcome.winners else "")
                               for p, v in enumerate(s.outcome.scores))
            out.print(Text(t("final_scores", self.lang) + t("colon", self.lang) + scores,
                           style="bold"))
        return 0

    def _next(self) -> bool:
        """Wait for Enter; False when the reader stops (q, end of input, Ctrl-C)."""
        try:
            answer = self.term.ask(t("replay_next", self.lang))
        except Stop:
            return False
        return answer.strip().lower() not in ("q", "quit", "quitter", "salir")


def replay(path: str, seat: int | None, console: Console, stdin: TextIO) -> int:
    """rulekit replay FILE [--seat N]: check the save, then step through it."""
    save = read_save(path)
    viewer = viewer_of(save, seat)
    game = load_game(save, path)
    rebuild(game, save, path)  # every action checked before anything is shown
    return Replay(game, save, viewer, console, stdin).run()
