"""What a human seat sees: the table screen, the final scores and a match's summary.

The table is drawn from the seat's view (`rulekit.view`, built from what the seat may know; or
from the outcome once the game is over), so the screen shows nothing the seat may not know, and
a web table drawing the same view shows the same.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich import box
from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

import rulekit
from rulekit import Outcome, State
from rulekit.view import MeldView, SeatView, TeamView, VarView, ZoneView, view

from .ending import Sides, result
from .look import Painter
from .strings import t

SCREEN_HEIGHT = 24  # a screen fits a 80x24 terminal: the question stays below the news
MIN_NEWS = 3  # lines the table is made compact to leave for the news, if it can
WIDEST = 1000  # columns enough to measure a table's natural width
LAST_CARDS = 8  # a pile's last cards shown, unless a choice depends on all of them


class Note(Text):
    """A line among the news that says what the seat played without being asked (it had one
    choice); the first left out when the news do not fit."""


class Screen:
    """Draws one game's table for a seat, and its final scores, in one language."""

    def __init__(self, game: rulekit.Game, lang: str, console: Console, paint: Painter,
                 names: list[str]):
        self.game = game
        self.lang = lang
        self.console = console
        self.paint = paint
        self.names = names
        self.crowded_options = False  # the question's options go in columns to fit the screen
        self._sized: dict[tuple[object, ...], tuple[list[RenderableType], int]] = {}  # see sized()
        self._view: tuple[tuple[object, ...], SeatView] | None = None  # see view()

    @property
    def rows(self) -> int:
        """The screen's height: SCREEN_HEIGHT, or the terminal's when it is shorter (60x20: the
        table grows more compact rather than scrolling its heading and status off)."""
        return min(self.console.height, SCREEN_HEIGHT)

    def show(self, state: State, seat: int, news: list[Text], reserve: int = 0,
             news_height: int | None = None) -> None:
        """The table as this seat may know it, then the events it has not seen yet (news), all
        within the screen's height less `reserve` lines (kept for the question after it)."""
        if news_height is None:
            news_height = self.news_height(news)
        blocks, height = self.fit(state, seat, reserve, news_height)
        room = self.rows - reserve - height
        for b in blocks:
            self.console.print(b)
        for line in self.news_block(news, room):
            self.console.print(line)

    def fit(self, state: State, seat: int, reserve: int,
            news: int = 0) -> tuple[list[RenderableType], int]:
        """The table's blocks and their height, made more compact until they leave room for the
        news (news lines, or at least some), else as compact as they go (the most news shown)."""
        for compact in (0, 1, 2):
            blocks, height = self.sized(state, seat, compact)
            need = max(news, MIN_NEWS + 1)
            if height + reserve + need <= self.rows:
                break
        return blocks, height

    def crowded(self, state: State, seat: int, reserve: int, news: int = 0) -> bool:
        """Whether even the most compact table leaves no room for the question's lines and the
        news (news lines, or at least some)."""
        need = max(news, MIN_NEWS + 1)
        # the least compact table that fits answers it (and is the one shown): most screens
        # never size the compact forms
        return all(self.sized(state, seat, compact)[1] + reserve + need > self.rows
                   for compact in (0, 1, 2))

    def forget(self) -> None:
        """Forget the blocks sized for the last screen (the state has moved on since)."""
        self._sized.clear()
        self._view = None

    def view(self, state: State, seat: int) -> SeatView:
        """The seat's view of state (its table; the news are the driver's), made once a screen."""
        key = (id(state), state.decisions, len(state.log), seat)
        if self._view is None or self._view[0] != key:
            self._view = (key, view(state, seat, lang=self.lang, names=self.names,
                                    since=len(state.log)))
        return self._view[1]

    def sized(self, state: State, seat: int, compact: int) -> tuple[list[RenderableType], int]:
        """The table's blocks at compact and the lines they take, made once per screen (sizing
        renders them, and a screen sizes them up to three times)."""
        key = (id(state), state.decisions, seat, compact)
        if key not in self._sized:
            blocks = self.blocks(state, seat, compact)
            self._sized[key] = (blocks, sum(self.height(b) for b in blocks))
        return self._sized[key]

    def news_height(self, news: list[Text]) -> int:
        """The lines the news' events take in full, with their heading (the notes of steps
        played without asking are not worth a more compact table)."""
        events = [line for line in news if not isinstance(line, Note)]
        return sum(self.height(Text("  ") + line) for line in events) + 1 if events else 0

    def values(self, state: State, seat: int) -> dict[str, str]:
        """The ruleset's table values as this seat may know them, as words (for prompts)."""
        return self.game.table.values_for(self.game, state, seat, self.lang, self.names)

    def blocks(self, state: State, seat: int, compact: int = 0) -> list[RenderableType]:
        """The parts of the screen above the news: header, status, table, seats, own cards."""
        g = self.game
        lang = self.lang
        v = self.view(state, seat)
        out: list[RenderableType] = []
        head = f"{g.name} · " + t("view_of", lang, name=self.names[seat], you=t("you", lang))
        if v.phase_label:
            head += " · " + v.phase_label
        out.append(Rule(Text(head, style="bold")))
        if v.status:
            line = self.paint.text(v.status)
            line.stylize("bold")
            out.append(line)
        # the table's zones and the variables the ruleset shows, on as few lines as they need
        parts: list[Text] = []
        for z in v.table:
            if z.holds_melds and not z.cards:
                continue
            parts.append(Text(z.label + t("colon", lang)) +
                         self.zone_cell(z, counts_only=z.holds_melds, whole=z.whole))
        for var in v.vars:
            if var.flag:  # said in the ruleset's words, or not at all
                if var.text:
                    parts.append(self.paint.text(var.text))
            # a variable at none, no, 0 or empty says nothing worth a place on the table
            elif not var.blank:
                parts.append(Text(var.label + t("colon", lang)) + self.value(var))
        if parts:
            out.append(Text("   ").join(parts))
        for z in v.table:
            melds = self.melds(z, z.label, compact)
            if melds is not None:
                out.append(melds)
        # one row per seat: the player variables and the zones' sizes, with their last face-up
        # cards: fewer of them while a row is wider than the screen, rather than squeeze the
        # other columns (which, if they must be, wrap between words)
        for last in ((2, 1) if compact else (3, 2, 1)):
            table = self.seats_table(v, last, compact)
            if self.width(table) <= self.console.width:
                break
        out.append(table)
        if v.teams:
            teams = self.teams(v.teams)
            if compact:  # a line a team, each value by its label, when that fits the width
                labelled = self.teams(v.teams, labelled=True)
                if self.width(labelled) <= self.console.width:
                    teams = labelled
            out.append(teams)
        # the melds other seats have laid (their face-up cards are in the seats' rows)
        for p in v.players:
            if p.you:
                continue
            for z in p.zones:
                if z.holds_melds:
                    melds = self.melds(z, f"{p.name} — {z.label}", compact)
                    if melds is not None:
                        out.append(melds)
        # this seat's own zones whose cards it may see (an empty one but the first is left out);
        # at the most compact, a zone whose every card is an option below is not listed twice
        offered = ({o.card.key for o in v.question.options if o.card is not None}
                   if compact >= 2 and v.question is not None and v.question.yours else set())
        first = True
        for z in v.players[seat].zones:
            if z.visibility not in ("owner", "public"):
                continue
            label = t("your_zone", lang, zone=z.label)
            if z.holds_melds:
                melds = self.melds(z, label, compact)
                if melds is not None:
                    out.append(melds)
                continue
            if z.seen or first:
                title = Text(f"{label} ({z.count}){t('colon', lang)}", style="bold")
                listed = title + self.paint.cards(z.seen, empty=t("empty", lang),
                                                  glyph_once=compact > 0)
                said = title + Text(t("all_options", lang))
                if z.seen and z.count == len(z.seen) and \
                        all(c.key in offered for c in z.seen) and \
                        self.height(said) < self.height(listed):  # only where it saves lines
                    listed = said
                out.append(listed)
            first = False
        return out

    def seats_table(self, v: SeatView, last: int, compact: int = 0) -> Table:
        """One row per seat: its variables shown and its zones' sizes, each with its `last`
        face-up cards (compact: a zone whose cards are all shown, without its count)."""
        lang = self.lang
        table = Table(box=None, pad_edge=False, show_edge=False, padding=(0, 1))
        table.add_column(t("player_turn", lang), no_wrap=True)
        for var in v.players[0].vars:
            table.add_column(var.label, min_width=max(len(w) for w in var.label.split() or [""]))
        # a zone whose cards only its owner sees, empty at every seat, says nothing (e.g. a card
        # set aside to pass holds a card only while an exchange is being chosen)
        shown = [i for i, z in enumerate(v.players[0].zones)
                 if z.visibility == "public" or any(p.zones[i].count for p in v.players)]
        for i in shown:
            table.add_column(v.players[0].zones[i].label, justify="right", no_wrap=True,
                             overflow="ellipsis")
        for p in v.players:
            name = Text(("▸ " if p.turn else "  ") + p.name)
            if p.you:
                name.append(f" ({t('you', lang)})")
                name.stylize("bold")
            cells: list[Text] = [name]
            cells += [self.cell(var) for var in p.vars]
            cells += [self.zone_cell(p.zones[i], counts_only=p.you or p.zones[i].holds_melds,
                                     last=last, bare=compact) for i in shown]
            table.add_row(*cells)
        return table

    def whole_zones(self, state: State, seat: int) -> list[Text]:
        """The table's zones that the action seat is putting together depends on in full (the
        ruleset's table.full), each on a line with every card in it."""
        return [Text(z.label + t("colon", self.lang)) +
                self.zone_cell(z, counts_only=z.holds_melds, whole=True)
                for z in self.view(state, seat).table if z.whole]

    def teams(self, teams: tuple[TeamView, ...], labelled: bool = False) -> Table:
        """One row per team: its name, members, the team variables shown and zone sizes, under
        a heading; or labelled: no heading, each value after its label (a line less)."""
        lang = self.lang
        table = Table(box=None, pad_edge=False, show_edge=False, padding=(0, 1),
                      show_header=not labelled)
        table.add_column(t("team", lang), no_wrap=True)
        table.add_column(t("members", lang), no_wrap=labelled)
        for var in teams[0].vars:
            table.add_column(var.label, no_wrap=labelled)
        for z in teams[0].zones:
            table.add_column(z.label, justify="right", no_wrap=True)
        for row in teams:
            members = ", ".join(self.names[p] for p in row.members)
            cells = [self.paint.text(row.name), Text(f"({members})" if labelled else members)]
            cells += [Text(f"{var.label} ") + self.cell(var) if labelled else self.cell(var)
                      for var in row.vars]
            cells += [Text(f"{z.label} ") + self.zone_cell(z, counts_only=True) if labelled
                      else self.zone_cell(z, counts_only=True) for z in row.zones]
            table.add_row(*cells)
        return table

    def news_block(self, news: list[Text], room: int) -> list[Text]:
        """The events not seen yet under a heading, in room lines: the notes of steps played
        without asking are left out first (what they did is among the events), then the
        earliest events (a line says how many of them `log` shows)."""
        if not news or room < 1:
            return []  # no line left under the table: `log` shows them
        room -= 1  # the heading's line
        head = Text(t("happened", self.lang), style="bold")
        lines = [Text("  ") + line for line in news]
        heights = [self.height(x) for x in lines]
        if sum(heights) <= room:
            return [head] + lines
        events = [(line, h) for line, h, said in zip(lines, heights, news, strict=True)
                  if not isinstance(said, Note)]
        if sum(h for _, h in events) <= room:
            return [head] + [x for x, _ in events]
        kept: list[Text] = []
        used = 1 if room > 1 else 0  # the line naming the earlier events (else the heading)
        for line, h in reversed(events):
            if used + h > room:
                break
            kept.insert(0, line)
            used += h
        earlier = Text(t("earlier_events", self.lang, n=len(events) - len(kept)), style="dim")
        if room > 1:
            return [head, Text("  ") + earlier] + kept
        return [head + Text(" ") + earlier] + kept

    def width(self, renderable: RenderableType) -> int:
        """How many columns renderable takes when it is not squeezed to the console's width."""
        return self.console.measure(renderable, options=self.console.options.update(
            width=WIDEST, max_width=WIDEST)).maximum

    def height(self, renderable: RenderableType) -> int:
        """How many lines renderable takes at the console's width."""
        options = self.console.options.update(width=self.console.width)
        return len(self.console.render_lines(renderable, options, pad=False))

    def options(self, rows: list[Text], room: int) -> RenderableType:
        """Numbered options, in columns (numbered down) when one a line would not fit room, or
        when the screen is crowded."""
        if len(rows) <= room and not self.crowded_options:
            return Group(*rows)
        columns = Columns(rows, column_first=True, padding=(0, 2))
        # without the options' indent, more columns may fit: used when it saves a line
        flush = Columns([r[len(r.plain) - len(r.plain.lstrip(" ")):] for r in rows],
                        column_first=True, padding=(0, 2))
        return flush if self.height(flush) < self.height(columns) else columns

    def melds(self, zone: ZoneView, title: str, compact: int = 0) -> RenderableType | None:
        """A zone of melds: its title, then each meld (its number, kind and cards) side by side.
        Compact 1: a long meld by its two ends and its size; 2: by the values it covers. A wild
        card shows the value it stands for."""
        if not zone.melds:
            return None
        cells = []
        for m in zone.melds:
            kind = t(m.kind, self.lang)
            values = m.values
            if compact >= 2 and None not in values:
                known = [x for x in values if x is not None]
                lo, hi = min(known), max(known)
                span = str(lo) if lo == hi else f"{lo}-{hi}"
                cells.append(Text(f"{m.number}. {kind} {span} ({len(values)})"))
                continue
            cards = self.meld_cards(m)
            if compact and len(cards) > 3:
                shown = cards[0] + Text(" … ") + cards[-1] + Text(f" ({len(cards)})")
            else:
                shown = Text(", ").join(cards)
            cells.append(Text(f"{m.number}. {kind}{t('colon', self.lang)}") + shown)
        return Group(Text(t("melds_in", self.lang, zone=title), style="bold"),
                     Columns(cells, padding=(0, 3)))

    def meld_cards(self, meld: MeldView) -> list[Text]:
        """A meld's cards; a wild one (its value not its own) with the value it stands for."""
        return [self.paint.card(c) + (Text(f" (={c.stands_for})") if c.stands_for is not None
                                      else Text(""))
                for c in meld.cards]

    def zone_cell(self, zone: ZoneView, counts_only: bool = False, whole: bool = False,
                  last: int = 0, bare: int = 0) -> Text:
        """A zone as a count, with the cards this seat may see in it (the face-up ones): the
        last few (`last`, or LAST_CARDS), or every one when whole (a choice depends on them).
        bare: when every card of it is shown, the cards without the count (fewer columns)."""
        count = "?" if zone.count is None else str(zone.count)
        cards = zone.seen
        if counts_only or not cards:
            return Text(count)
        last = last or LAST_CARDS
        if bare and zone.count == len(cards) <= last:
            return self.paint.cards(cards)
        if len(cards) > last and not whole:
            return Text(f"{count} (…, ") + self.paint.cards(cards[-last:]) + Text(")")
        return Text(f"{count} (") + self.paint.cards(cards, group_above=len(cards)) + Text(")")

    def cell(self, var: VarView) -> Text:
        """A variable's value in a table's cell: a flag in its words, else the value."""
        if var.flag:
            return self.paint.text(var.text) if var.text else Text("")
        return self.value(var)

    def value(self, var: VarView) -> Text:
        """A visible variable's value as words (a number by its name, if it has one)."""
        if var.value is None:
            return Text("-")
        if isinstance(var.value, bool):  # the driver's own yes and no, in its language
            return Text(t("yes" if var.value else "no", self.lang))
        if var.type in ("player", "players"):
            return Text(var.text)
        if var.type == "card" and var.cards:
            return self.paint.card(var.cards[0])
        if var.type == "list[card]":
            return self.paint.cards(var.cards)
        if isinstance(var.value, (int, list)) and var.text == _plain(var.value):
            return Text(var.text)  # a number or list as it is (a named number: its words)
        return self.paint.text(var.text)


def _plain(v: int | list[object]) -> str:
    """A number or a list as words when nothing names it."""
    return ", ".join(str(x) for x in v) or "-" if isinstance(v, list) else str(v)


@dataclass
class Played:
    """One finished game of a match: its number, seed, who sat where, and its outcome."""

    number: int
    seed: int
    seats: list[int]  # per seat: the index of the person or bot sitting there
    outcome: Outcome



def summarise(game: rulekit.Game, played: list[Played], who: list[str], games: int, lang: str,
              console: Console) -> None:
    """Each game's reason and winners, then a scoreboard: each person's or bot's score in every
    game, their total and the games they won."""
    out = console
    together = game.spec.table.together
    side = Sides([], together is not None, together.against if together else None)
    out.print()
    out.print(Text(t("match_summary", lang, n=games), style="bold"))
    wins = [0] * len(who)
    totals = [0] * len(who)
    board = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    board.add_column(t("player", lang))
    rows: list[list[str]] = [[name] for name in who]
    for g in played:
        o = g.outcome
        winners = [g.seats[s] for s in o.winners]
        for p in winners:
            wins[p] += 1
        names = ", ".join(who[p] for p in sorted(winners))
        said = (t("no_winner", lang) if not winners else
                t("winner" if len(winners) == 1 else "winners", lang, names=names))
        if side.together:  # the players' fate, as one side
            said = result(game, o, [who[p] for p in g.seats], side, lang, yours=False)
        out.print(t("match_result", lang, k=g.number, seed=g.seed,
                    reason=game.texts.word(o.reason, lang), winners=said))
        by_who = {g.seats[s]: o.scores[s] for s in range(len(o.scores))}
        out.print("  " + ", ".join(f"{who[p]} {by_who[p]}" + (" ★" if p in winners else "")
                                   for p in range(len(who))))
        board.add_column(t("game_k", lang, k=g.number), justify="right")
        for s, score in enumerate(o.scores):
            rows[g.seats[s]].append(f"{score}" + (" ★" if g.seats[s] in winners else ""))
            totals[g.seats[s]] += score
    board.add_column(t("total", lang), justify="right")
    board.add_column(t("won", lang), justify="right")
    for p, row in enumerate(rows):
        board.add_row(*row, str(totals[p]), str(wins[p]))
    out.print()
    out.print(board)
    out.print(Text(t("games_won", lang, wins=", ".join(
        f"{who[p]} {wins[p]}" for p in range(len(who)))), style="bold"))
    if len(played) < games:
        out.print(t("match_stopped", lang, k=len(played), n=games))
