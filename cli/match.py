"""A match of several games in a row, the seats rotating after each: played, saved and resumed.

Every game of a match is saved with the match's size, its first seed and seats, and the moves of
the games already finished, so `rulekit resume` rebuilds the scoreboard by replaying those games
through the checked path and goes on with the rest of the match.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

from rich.console import Console

import rulekit

from .names import seat_names
from .play import HUMAN, Match, Saving, Seating
from .savegame import MatchInfo, SaveGame, default_path, rebuild
from .screen import Played, summarise
from .strings import t
from .terminal import Stop


def participants(names: list[str], kinds: list[str], lang: str) -> list[str]:
    """The people and bots of a match as its summary calls them: their names, which stay
    theirs as the seats rotate, "(you)" after a lone person's."""
    alone = sum(k == HUMAN for k in kinds) == 1
    return [t("view_of", lang, name=name, you=t("you", lang)) if alone and k == HUMAN else name
            for name, k in zip(names, kinds, strict=True)]


def numbered(path: Path, k: int) -> Path:
    """The save file of game k (from 1) of a match: the named file, then name-2.json, ..."""
    return path if k == 1 else path.with_name(f"{path.stem}-{k}{path.suffix}")


def match_base(path: Path, number: int) -> Path:
    """The file game 1 of a match saved to, from game `number`'s (FILE-k.json gives FILE.json)."""
    tail = f"-{number}"
    if number > 1 and path.stem.endswith(tail) and len(path.stem) > len(tail):
        return path.with_name(path.stem[: -len(tail)] + path.suffix)
    return path


def play_match(game: rulekit.Game, players: int, kinds: list[str], seed: int, games: int,
               lang: str, console: Console, stdin: TextIO | None = None,
               saving: Saving | None = None, names: list[str] | None = None) -> int:
    """Play `games` games in a row, the seats rotating by one after each; return the status.

    Game k (from 1) is dealt from seed + k - 1, and whoever sat at seat i sits at seat i + 1
    (mod the number of players) in the next game, keeping their name (names: per seat of the
    first game). A summary per person or bot ends the match."""
    plan = MatchInfo(games, 1, seed, list(kinds), [])
    return _run(game, plan, lang, console, stdin or sys.stdin, saving, 1, [], None,
                names or seat_names(game, kinds, lang))


def resume_match(game: rulekit.Game, save: SaveGame, where: str | Path, console: Console,
                 stdin: TextIO | None = None, saving: Saving | None = None) -> int:
    """Go on with a match from the save of one of its games; return the exit status.

    The finished games are replayed (checked) for the scoreboard; the saved game goes on where
    it stopped, or, when it was over, the next game begins."""
    info = save.match
    assert info is not None
    names = seat_names(game, info.kinds, save.lang)  # a save made before names were saved
    if save.names is not None:  # per seat of this game: back to the seats of the first
        for s, p in enumerate(info.seats_of(info.number)):
            names[p] = save.names[s]
    played = [_replayed(game, save, info, k, actions, where)
              for k, actions in enumerate(info.finished, 1)]
    if save.over:
        played.append(_replayed(game, save, info, info.number, save.actions, where))
        plan = MatchInfo(info.games, info.number + 1, info.first_seed, info.kinds,
                         [*info.finished, list(save.actions)])
        return _run(game, plan, save.lang, console, stdin or sys.stdin, saving, info.number,
                    played, None, names)
    return _run(game, info, save.lang, console, stdin or sys.stdin, saving, info.number, played,
                (save, where), names)


def _replayed(game: rulekit.Game, save: SaveGame, info: MatchInfo, k: int, actions: list[str],
              where: str | Path) -> Played:
    """A finished game of the match, played again from its moves for its outcome."""
    seats = info.seats_of(k)
    again = SaveGame(save.origin, save.variant, [info.kinds[i] for i in seats],
                     info.first_seed + k - 1, save.lang, actions, over=True)
    state = rebuild(game, again, f"{where} (game {k} of the match)")
    assert state.outcome is not None  # rebuild refuses a game its moves do not end
    return Played(k, info.first_seed + k - 1, seats, state.outcome)


def _run(game: rulekit.Game, plan: MatchInfo, lang: str, console: Console, stdin: TextIO,
         saving: Saving | None, file_number: int, played: list[Played],
         resumed: tuple[SaveGame, str | Path] | None, names: list[str]) -> int:
    """Play games plan.number..plan.games (the first one resumed, if given), then summarise.

    saving.path is the file of game file_number; the other games' files are named after it.
    names: per seat of the first game, the name of who sits there (they follow them)."""
    who = participants(names, plan.kinds, lang)
    finished = [list(a) for a in plan.finished]
    players = len(plan.kinds)
    code = 0
    for k in range(plan.number, plan.games + 1):
        seed = plan.first_seed + k - 1
        seats = plan.seats_of(k)
        seat_kinds = [plan.kinds[p] for p in seats]
        seating = Seating(k, plan.games, ",".join(seat_kinds))
        info = MatchInfo(plan.games, k, plan.first_seed, plan.kinds, [list(a) for a in finished])
        match = Match(game, players, seat_kinds, seed, lang, console, stdin, seating,
                      _game_saving(saving, file_number, k, seed, info),
                      [names[p] for p in seats])
        if resumed is not None and k == plan.number:
            match.resume(*resumed)
        code = match.run()
        if match.state.outcome is None:  # the human quit, or the input ended
            break
        played.append(Played(k, seed, seats, match.state.outcome))
        finished.append([text for _, text in match.state.history])
        if k < plan.games and match.humans and match.term.interactive:
            try:
                match.term.ask(t("next_game", lang, k=k + 1, n=plan.games) + " ")
            except Stop as e:
                code = e.exit_status
                break
    summarise(game, played, who, plan.games, lang, console)
    return code


def _game_saving(saving: Saving | None, file_number: int, k: int, seed: int,
                 info: MatchInfo) -> Saving | None:
    """Where game k saves: saving.path for game file_number, numbered files for the others
    (or each game's default name when no file was named)."""
    if saving is None:
        return None
    if k == file_number:
        path = saving.path
    elif saving.named:
        path = numbered(match_base(saving.path, file_number), k)
    else:
        path = saving.path.parent / default_path(saving.origin, seed).name
    return Saving(saving.origin, saving.variant, path, saving.named, info, saving.record)
