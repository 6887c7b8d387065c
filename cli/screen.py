"""What a human seat sees: the table screen, the final scores and a match's summary.

Everything shown comes from `rulekit.observation` for the viewing seat (or from the outcome once
the game is over), so the screen shows nothing the seat may not know.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

import rulekit
from rulekit.state import Outcome, State

from .look import Painter
from .strings import t


class Screen:
    """Draws one game's table for a seat, and its final scores, in one language."""

    def __init__(self, game: rulekit.Game, lang: str, console: Console, paint: Painter,
                 names: list[str]):
        self.game = game
        self.lang = lang
        self.console = console
        self.paint = paint
        self.names = names

    def show(self, state: State, seat: int, news: Callable[[int], None]) -> None:
        """Everything this seat may know now: latest events (news), table, seats, its cards."""
        out = self.console
        g = self.game
        lang = self.lang
        obs = rulekit.observation(state, seat)
        out.print()
        out.print(Rule(Text(t("view_of", lang, name=self.names[seat], you=t("you", lang)),
                            style="bold")))
        news(seat)
        # table zones and visible variables
        parts: list[Text] = []
        for z in g.table_zones:
            view = obs["table"][z.name]
            parts.append(Text(g.texts.word(z.label, lang) + t("colon", lang)) +
                         self.zone_cell(view))
        for infos, values in ((g.game_vars, obs["vars"]), (g.turn_vars, obs["turn_vars"])):
            for v in infos:
                if v.name in values:
                    parts.append(Text(g.texts.word(v.label, lang) + t("colon", lang)) +
                                 self.value(v.type, values[v.name]))
        if parts:
            out.print(Columns(parts, padding=(0, 3)))
        for z in g.table_zones:
            self.melds(obs["table"][z.name], g.texts.word(z.label, lang))
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
            cells += [self.value(v.type, row["vars"].get(v.name)) for v in shown_vars]
            cells += [self.zone_cell(row["zones"][z.name], counts_only=True)
                      for z in g.player_zones]
            table.add_row(*cells)
        out.print(table)
        # the cards this seat may see in other seats' zones (face up, or public zones)
        for p, row in enumerate(obs["seats"]):
            if p == seat:
                continue
            for z in g.player_zones:
                if z.melds:
                    self.melds(row["zones"][z.name],
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
                self.melds(view, label)
                continue
            cards = [c for c in view["cards"] if c is not None]
            out.print(Text(f"{label} ({view['count']}){t('colon', lang)}", style="bold") +
                      self.paint.cards(cards, empty=t("empty", lang)))

    def melds(self, view: dict, title: str) -> None:
        """A zone of melds, one meld a line: its kind and its cards (a run lowest first)."""
        melds = view.get("melds")
        if not melds:
            return
        self.console.print(Text(t("melds_in", self.lang, zone=title), style="bold"))
        for m in melds:
            kind = t(m["kind"], self.lang)
            self.console.print(Text(f"  {m['meld']}. {kind}: ") + self.paint.cards(m["cards"]))

    def zone_cell(self, view: dict, counts_only: bool = False) -> Text:
        """A zone as a count, with the cards this seat may see in it (the face-up ones)."""
        count = "?" if view["count"] is None else str(view["count"])
        cards = [c for c in view["cards"] if c is not None]
        if counts_only or not cards:
            return Text(count)
        if len(cards) > 8:
            return Text(f"{count} (…, ") + self.paint.cards(cards[-8:]) + Text(")")
        return Text(f"{count} (") + self.paint.cards(cards) + Text(")")

    def value(self, type_: str, v: Any) -> Text:
        """A visible variable's value as words."""
        lang = self.lang
        if v is None:
            return Text("-")
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

    def final(self, outcome: Outcome, shown: list[str]) -> None:
        """The final scores (seat names as shown), the reason the game ended, the winners."""
        out = self.console
        lang = self.lang
        out.print()
        out.print(Text(t("final_scores", lang), style="bold"))
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        table.add_column(t("player", lang))
        table.add_column(t("score", lang), justify="right")
        table.add_column("")
        for p, score in enumerate(outcome.scores):
            win = "★" if p in outcome.winners else ""
            table.add_row(shown[p], str(score), win)
        out.print(table)
        if not self.game.texts.has("game_over"):
            out.print(t("reason", lang, reason=self.game.texts.word(outcome.reason, lang)))
        if not outcome.winners:  # a cooperative game lost together, say
            out.print(Text(t("no_winner", lang), style="bold"))
            return
        names = ", ".join(self.names[p] for p in outcome.winners)
        out.print(Text(t("winner" if len(outcome.winners) == 1 else "winners", lang, names=names),
                       style="bold"))


def ranges(values: list[int]) -> str:
    """Sorted whole numbers as compact ranges: 1-4, 7, 9-10."""
    vs = sorted(set(values))
    out: list[str] = []
    i = 0
    while i < len(vs):
        j = i
        while j + 1 < len(vs) and vs[j + 1] == vs[j] + 1:
            j += 1
        out.append(str(vs[i]) if i == j else f"{vs[i]}-{vs[j]}")
        i = j + 1
    return ", ".join(out)


@dataclass
class Played:
    """One finished game of a match: its number, seed, who sat where, and its outcome."""

    number: int
    seed: int
    seats: list[int]  # per seat: the index of the person or bot sitting there
    outcome: Outcome



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
