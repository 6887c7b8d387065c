"""The end of a game in words: why it ended, once; the scores by seat, by team where the ruleset
declares teams, or one shared score where the players win or lose together (its
`table.together`); and who won, once, as the ruleset's sides are (a team, the players together
against the game's own opponent)."""

from __future__ import annotations

from dataclasses import dataclass

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

import rulekit
from rulekit import Outcome

from .strings import t

GAME_OVER = "game_over"  # the engine's event ending every game: the final screen says it


@dataclass
class Sides:
    """Who played with whom: the teams (name key, seats), and whether everyone played as one."""

    teams: list[tuple[str, list[int]]]
    together: bool = False
    against: str | None = None  # the text key naming what the players played against


def sides(game: rulekit.Game, state: rulekit.State) -> Sides:
    """The sides of a finished game, as its ruleset declares them."""
    teams: list[tuple[str, list[int]]] = []
    if game.team_names:
        teams = [(name, [p for p in range(state.n) if state.team_of[p] == k])
                 for k, name in enumerate(game.team_names)]
    together = game.spec.table.together
    if together is not None:
        return Sides([], True, together.against)
    return Sides([team for team in teams if team[1]])


def result(game: rulekit.Game, outcome: Outcome, names: list[str], side: Sides, lang: str,
           yours: bool) -> str:
    """Who won, in one sentence: the winners by name or team, the team's fate when the players
    win or lose together (`your team` when yours: a person at this terminal is among them)."""
    if side.together:
        who = "your_team" if yours else "the_players"
        if side.against is not None:
            key = "team_beat" if outcome.winners else "team_lost_to"
            return t(key, lang, team=t(who, lang), against=game.texts.word(side.against, lang))
        return t("team_won" if outcome.winners else "team_lost", lang, team=t(who, lang))
    if not outcome.winners:
        return t("no_winner", lang)
    winners = set(outcome.winners)
    whole = [(team, seats) for team, seats in side.teams if set(seats) <= winners]
    if whole and {p for _, seats in whole for p in seats} == winners:
        said = ", ".join(t("team_of", lang, team=game.texts.word(team, lang),
                           members=", ".join(names[p] for p in seats))
                         for team, seats in whole)
        return t("winner" if len(whole) == 1 else "winners", lang, names=said)
    said = ", ".join(names[p] for p in outcome.winners)
    return t("winner" if len(outcome.winners) == 1 else "winners", lang, names=said)


def print_final(console: Console, game: rulekit.Game, lang: str, outcome: Outcome,
                shown: list[str], names: list[str], side: Sides, yours: bool,
                counts: list[tuple[str, int]] | None = None) -> None:
    """The end of the game: why it ended, the scores (seat names as shown), the game's own
    counts (the ruleset's table.summary), and who won."""
    out = console
    out.print()
    out.print(Text(t("final_scores", lang), style="bold"))
    out.print(t("reason", lang, reason=game.texts.word(outcome.reason, lang)))
    scores = list(outcome.scores)
    if side.together and len(set(scores)) == 1:
        out.print(t("team_score", lang, members=", ".join(shown), score=scores[0]))
    else:
        out.print(score_table(game, outcome, shown, side, lang))
    if counts:
        said = [game.texts.render(key, lang, {"n": str(n)}) for key, n in counts]
        out.print(Text(t("game_counts", lang, counts=", ".join(said))))
    out.print(Text(result(game, outcome, names, side, lang, yours), style="bold"))


def score_table(game: rulekit.Game, outcome: Outcome, shown: list[str], side: Sides,
                lang: str) -> Table:
    """The scores: a row per team when its members share one score, else a row per seat (with
    its team, when there are teams)."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    scores = outcome.scores
    shared = bool(side.teams) and all(len({scores[p] for p in seats}) == 1
                                      for _, seats in side.teams)
    if shared:
        table.add_column(t("team", lang))
        table.add_column(t("members", lang))
        table.add_column(t("score", lang), justify="right")
        table.add_column("")
        for team, seats in side.teams:
            won = "★" if set(seats) <= set(outcome.winners) else ""
            table.add_row(game.texts.word(team, lang), ", ".join(shown[p] for p in seats),
                          str(scores[seats[0]]), won)
        return table
    team_of = {p: game.texts.word(team, lang) for team, seats in side.teams for p in seats}
    table.add_column(t("player", lang))
    if team_of:
        table.add_column(t("team", lang))
    table.add_column(t("score", lang), justify="right")
    table.add_column("")
    for p, score in enumerate(scores):
        win = "★" if p in outcome.winners else ""
        row = [shown[p]] + ([team_of.get(p, "")] if team_of else []) + [str(score), win]
        table.add_row(*row)
    return table
