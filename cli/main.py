"""Entry point of the `rulekit` command: play, validate and bench rulesets."""

from __future__ import annotations

import argparse
import random
import sys
import warnings
from collections.abc import Sequence
from contextlib import suppress
from pathlib import Path

from rich.console import Console

import rulekit
from rulekit.bots import SPEC_HELP
from rulekit.errors import UnknownVariantError, render_diagnostics

from .argtypes import whole as _whole
from .bots import parse_seat
from .games import UnknownGame, list_games, looks_like_path, resolve
from .load_errors import report_unusable
from .look import make_console, say
from .match import play_match, resume_match
from .names import names_given
from .play import HUMAN, MEDIUM, Saving, play, resume
from .play_help import PLAY_EPILOG
from .savegame import (
    Origin,
    SaveFileError,
    default_path,
    is_default_name,
    load_game,
    origin_of,
    read_save,
)
from .serve.command import add_parser as add_serve_parser
from .simulate_args import SimUsage
from .simulate_args import add_parser as add_simulate_parser
from .stats import add_parser as add_stats_parser
from .strings import t
from .terminal import isatty, plain_warning, silence_stdout, stopping_on_signals

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130

DESCRIPTION = "Card games whose rules are data: play, check and time rulesets."
EPILOG = """\
exit status:
  0    the command succeeded (play: the game ended, or a player typed quit)
  1    validate: a ruleset has errors; play: the input ended before the game did, or memory
       ran out (the game is saved up to its last complete move)
  2    a usage error, a ruleset that cannot be loaded (its diagnostics are printed), a rule
       that failed during play (the game is saved up to its last complete move), or a save
       file that cannot be resumed or replayed
  129  play and resume: the terminal was closed (SIGHUP; the game is saved first)
  130  interrupted with Ctrl-C (play and resume save the game first)
  143  play and resume: stopped by SIGTERM (the game is saved first)

run `rulekit COMMAND --help` for a command's options."""

def build_parser() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The command-line parser and its sub-command parsers by name."""
    parser = argparse.ArgumentParser(
        prog="rulekit", description=DESCRIPTION, epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"rulekit {rulekit.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p_play = sub.add_parser(
        "play", help="play a game at the terminal against bots or other people",
        description="Play a game of RULESET at the terminal.", epilog=PLAY_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p_play.add_argument("ruleset", metavar="RULESET",
                        help="a bundled game's name (see rulekit list) or a ruleset file (YAML)")
    p_play.add_argument("--players", "-n", type=_whole(1), metavar="N",
                        help="number of seats (default: the ruleset's players.default, else 4 "
                             "if it allows it, else its minimum; or the number of --seats)")
    p_play.add_argument("--seats", metavar="SPEC",
                        help=f"one kind per seat, comma separated ({SPEC_HELP}), e.g. "
                             "human,medium,random (default: human then medium bots)")
    p_play.add_argument("--seed", type=_whole(0), metavar="S",
                        help="seed of the deal and the bots (default: random, printed)")
    p_play.add_argument("--lang", metavar="L",
                        help="language of the game and the driver (default: the ruleset's "
                             "first language)")
    p_play.add_argument("--variant", metavar="NAME",
                        help="play this variant of the ruleset, or variants combined as A+B "
                             "(default: the base game)")
    p_play.add_argument("--games", type=_whole(1), default=1, metavar="N",
                        help="play N games in a row, the seats rotating by one after each, "
                             "then print a summary (default: 1)")
    p_play.add_argument("--save", metavar="FILE",
                        help="save the game to FILE after every decision (default: a new "
                             "file in the folder of saves; see saving below)")
    p_play.add_argument("--transcript-ok", action="store_true",
                        help="allow several human seats when the output is not a terminal "
                             "(the transcript then keeps every player's private view)")
    p_play.add_argument("--no-record", action="store_true",
                        help="leave this game out of your record (rulekit stats)")
    p_play.add_argument("--names", metavar="A,B,...",
                        help="the players' names, comma separated: one per seat, or one per "
                             "human seat (default: the ruleset's 'Player N' for people, "
                             "'Bot N' for bots, N counted from 1)")

    p_resume = sub.add_parser(
        "resume", help="go on with a saved game where it stopped",
        description="Resume the game saved in FILE (rulekit play saves after every decision): "
                    "the same cards, the same seats, the bots' same answers. Without FILE, "
                    "list the games in the folder of saves, newest first, and ask which one. "
                    "The ruleset must be unchanged since (its SHA-256 is checked). Exit status "
                    "2 for a missing, damaged or foreign file, a changed ruleset, a finished "
                    "game (see rulekit replay), or no game to choose. See docs/play.md.")
    p_resume.add_argument("file", metavar="FILE", nargs="?",
                          help="a save file written by rulekit play (default: choose one of "
                               "the saved games)")
    p_resume.add_argument("--save", metavar="FILE",
                          help="save to FILE from now on (default: the file resumed)")
    p_resume.add_argument("--transcript-ok", action="store_true",
                          help="allow several human seats when the output is not a terminal")
    p_resume.add_argument("--no-record", action="store_true",
                          help="leave this game out of your record (rulekit stats)")

    p_replay = sub.add_parser(
        "replay", help="step through a saved or finished game through one seat's eyes",
        description="Step through the game saved in FILE, decision by decision, showing what "
                    "one seat saw (Enter: the next step, q: stop). An unfinished game is shown "
                    "through a human seat's eyes only; a finished one through any seat's, or "
                    "with every seat's cards when --seat is not given.")
    p_replay.add_argument("file", metavar="FILE", help="a save file written by rulekit play")
    p_replay.add_argument("--seat", type=_whole(1), metavar="N",
                          help="the seat whose eyes to use, counted from 1 as the screens "
                               "show them (default: the first human seat; every seat once the "
                               "game is over)")

    p_val = sub.add_parser(
        "validate", help="check rulesets and summarise them",
        description="Load and check each RULESET, then each variant it declares. A valid one "
                    "gets a one-line summary ('FILE [VARIANT]: ok: ...' for a variant); a broken "
                    "one gets every diagnostic (file:line:col, the line, a caret, a hint). Exit "
                    "status 1 if any ruleset or variant is broken or unreadable.")
    p_val.add_argument("rulesets", metavar="RULESET", nargs="+",
                       help="ruleset files (YAML) or bundled games' names")
    p_val.add_argument("--play", type=_whole(0), default=0, metavar="N",
                       help="also play N games of each ruleset and variant with random bots "
                            "(game i from seed i, every allowed player count in turn); one that "
                            "fails or does not end within its limits is an error (default: 0)")

    p_bench = sub.add_parser(
        "bench", help="time games between random bots",
        description="Play --games N games of RULESET between random bots (game i is dealt "
                    "from seed S+i, S being --seed) and print games per second, decisions per "
                    "second (over the wall time, all workers together), the mean number of "
                    "decisions per game and the peak memory (getrusage ru_maxrss). "
                    "The time excludes loading the ruleset; the decision counts depend only on "
                    "the seed.")
    p_bench.add_argument("ruleset", metavar="RULESET",
                         help="a bundled game's name or a ruleset file (YAML)")
    p_bench.add_argument("--players", "-n", type=_whole(1), metavar="N",
                         help="number of seats (default: the ruleset's players.default, else 4 "
                              "if allowed, else the minimum)")
    p_bench.add_argument("--games", type=_whole(1), default=200, metavar="N",
                         help="number of games (default: 200)")
    p_bench.add_argument("--seed", type=_whole(0), default=0, metavar="S",
                         help="first seed (default: 0)")
    p_bench.add_argument("--variant", metavar="NAME",
                         help="time this variant of the ruleset, or variants combined as A+B "
                              "(default: the base game)")
    p_bench.add_argument("--workers", type=_whole(1), default=1, metavar="N",
                         help="play the games in N processes (default: 1); every game, and "
                              "its decision count, is the same whatever N")
    p_list = sub.add_parser(
        "list", help="list the games installed with rulekit",
        description="List the bundled games, one line each: the name to type (rulekit play "
                    "NAME), its players, the game and what it is about; --long adds its "
                    "variants and languages.")
    p_list.add_argument("--lang", metavar="L",
                        help="the language of the list; each game is described in it when the "
                             "game has it (default: English, each game in its first language)")
    p_list.add_argument("--long", action="store_true",
                        help="also list each game's variants and languages, its description "
                             "whole (by default one line per game, cut to the width)")
    p_rules = sub.add_parser(
        "rules", help="print a game's rules",
        description="Print RULESET's rules text (in --lang), then what rulekit can state from the "
                    "ruleset itself: players, deck, zones and who sees them, phases and actions, "
                    "scoring, variants and what each changes.")
    p_rules.add_argument("ruleset", metavar="RULESET",
                         help="a bundled game's name (see rulekit list) or a ruleset file (YAML)")
    p_rules.add_argument("--lang", metavar="L",
                         help="language (default: the ruleset's first language)")
    p_rules.add_argument("--variant", metavar="NAME",
                         help="the rules of this variant (or variants combined as A+B)")
    p_compile = sub.add_parser(
        "compile", help="print the Python a ruleset's rules are compiled to",
        description="Load RULESET (or --variant V of it) and print the Python module its "
                    "expressions and effects were compiled to, each function under the name of "
                    "the rule it was made for, so an author can read what a rule became. It is "
                    "for reading: rulekit compiles it itself when it loads the ruleset. A broken "
                    "ruleset gets the same diagnostics as 'validate' (exit status 1).")
    p_compile.add_argument("ruleset", metavar="RULESET",
                           help="a bundled game's name or a ruleset file (YAML)")
    p_compile.add_argument("--variant", metavar="NAME",
                           help="the module of this variant (or variants combined as A+B)")
    p_sim = add_simulate_parser(sub)
    p_stats = add_stats_parser(sub)
    p_serve = add_serve_parser(sub)
    return parser, {"play": p_play, "validate": p_val, "bench": p_bench, "list": p_list,
                    "simulate": p_sim, "resume": p_resume, "replay": p_replay,
                    "rules": p_rules, "compile": p_compile, "stats": p_stats,
                    "serve": p_serve}


class _Usage(Exception):
    """A usage error found after parsing (it needs the ruleset): message for parser.error."""


def _ruleset_file(ruleset: str) -> str:
    """The file a RULESET argument names (a path, or a bundled game's name); usage error if none."""
    try:
        return resolve(ruleset)
    except UnknownGame as e:
        raise _Usage(str(e)) from None


def _load(path: str, variant: str | None = None) -> rulekit.Game | None:
    """Load a ruleset for play/bench (a game compiled before: from the cache); print why not
    (to stderr) and return None if it fails."""
    path = _ruleset_file(path)
    try:
        return rulekit.load(path, variant=variant, cached=True)
    except UnknownVariantError as e:
        raise _Usage(_unknown_variant(path, e)) from None
    except rulekit.RulesetError as e:
        report_unusable(path, e)
    return None


def _unknown_variant(path: str, e: UnknownVariantError) -> str:
    """A usage message for --variant NAME that the ruleset does not declare."""
    if not e.declared:
        return f"{path} declares no variants, so there is no variant {e.variant!r}"
    hint = e.diagnostics[0].hint if e.diagnostics else ""
    within = f" (in {e.choice!r})" if e.choice != e.variant else ""
    return (f"{path} has no variant {e.variant!r}{within}; allowed --variant values: "
            f"{', '.join(e.declared)}" + (f" ({hint})" if hint else ""))


def _players(game: rulekit.Game, requested: int | None) -> int:
    lo, hi = game.min_players, game.max_players
    if requested is None:
        return game.default_players  # players.default, else 4 kept within min..max
    if not lo <= requested <= hi:
        allowed = str(lo) if lo == hi else f"{lo} to {hi}"
        raise _Usage(f"{game.name} is played by {allowed} players, not {requested} "
                     f"(allowed --players values: {allowed})")
    return requested


def _seats(spec: str | None, players: int | None) -> list[str] | None:
    if spec is None:
        return None
    try:
        kinds = [parse_seat(k).text for k in spec.split(",")]
    except rulekit.UsageError as e:
        raise _Usage(f"{e} (e.g. --seats human,medium,random)") from None
    if players is not None and len(kinds) != players:
        raise _Usage(f"--seats lists {len(kinds)} seat(s) but --players is {players}; give one "
                     "kind per seat")
    return kinds


def _lang(game: rulekit.Game, lang: str | None) -> str:
    if lang is None:
        return game.languages[0]
    if lang not in game.languages:
        raise _Usage(f"{game.name} is not available in {lang!r}; allowed --lang values: "
                     f"{', '.join(game.languages)}")
    return lang


def cmd_play(args: argparse.Namespace) -> int:
    """rulekit play."""
    kinds = _seats(args.seats, args.players)  # checked before loading: no file needed
    game = _load(args.ruleset, args.variant)
    if game is None:
        return EXIT_USAGE
    if kinds is not None and not game.min_players <= len(kinds) <= game.max_players:
        lo, hi = game.min_players, game.max_players
        allowed = str(lo) if lo == hi else f"{lo} to {hi}"
        raise _Usage(f"--seats lists {len(kinds)} seat(s), but {game.name} is played by "
                     f"{allowed} players")
    players = _players(game, args.players if kinds is None else len(kinds))
    lang = _lang(game, args.lang)
    if kinds is None:
        kinds = [HUMAN] + [MEDIUM] * (players - 1)
    names = names_given(game, kinds, lang, args.names)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    console = make_console()
    _check_transcript(kinds, console, args.transcript_ok)
    path = _ruleset_file(args.ruleset)
    origin = origin_of(path, None if looks_like_path(args.ruleset) else args.ruleset.lower(),
                       game.base_files)
    saving = Saving(origin, args.variant, _save_path(args.save, origin, seed), bool(args.save),
                    record=not args.no_record)
    try:
        with stopping_on_signals():
            if args.games > 1:
                return play_match(game, players, kinds, seed, args.games, lang, console,
                                  sys.stdin, saving, names)
            return play(game, players, kinds, seed, lang, console, sys.stdin, saving, names)
    except rulekit.RuleRuntimeError as e:  # while dealing: no decision made, nothing to save
        say(f"rulekit: the ruleset failed during play (seed {seed}): {e}", file=sys.stderr)
        return EXIT_USAGE


def _check_transcript(kinds: list[str], console: Console, allowed: bool) -> None:
    """Several human seats need a terminal: a pipe or file would keep their private views."""
    # the file itself, not rich's is_terminal, which FORCE_COLOR turns on for a pipe
    if allowed or sum(k == HUMAN for k in kinds) < 2 or isatty(console.file):
        return
    raise _Usage("several human seats share this game, but the output is not a terminal: the "
                 "transcript (a file, a pipe, tee) would keep every player's private view. "
                 "Play on a terminal, or add --transcript-ok to allow it")


def _save_path(given: str | None, origin: Origin, seed: int) -> Path:
    """Where the game is saved; the folder must exist (found out now, not after the game).

    By default a new name in the folder of saves (made if need be); the file itself is
    created, exclusively, as the game begins."""
    path = Path(given) if given else default_path(origin, seed)
    if not path.parent.is_dir():
        raise _Usage(f"cannot save to {path}: there is no folder {path.parent}")
    if path.is_dir():
        raise _Usage(f"cannot save to {path}: it is a folder (--save names a file)")
    return path


def cmd_resume(args: argparse.Namespace) -> int:
    """rulekit resume."""
    if args.file is None:
        from .savelist import choose_save  # only this form lists the folder

        chosen = choose_save(sys.stdin, isatty(sys.stdin))
        if chosen is None:
            return EXIT_OK
        args.file = str(chosen)
    save = read_save(args.file)
    match = save.match
    if save.over and (match is None or match.number == match.games):
        raise SaveFileError(f"{args.file}: this game is over; rulekit replay {args.file} "
                            "steps through it")
    game = load_game(save, args.file)
    console = make_console()
    _check_transcript(save.seats, console, args.transcript_ok)
    path = Path(args.save) if args.save else Path(args.file)
    # a file under its default name hands the match's next games their own default names
    named = bool(args.save) or not is_default_name(path, save.origin, save.seed)
    saving = Saving(save.origin, save.variant, path, named, record=not args.no_record)
    if args.save:
        _save_path(args.save, save.origin, save.seed)
    try:
        with stopping_on_signals():
            if match is not None:
                return resume_match(game, save, args.file, console, sys.stdin, saving)
            return resume(game, save, args.file, console, sys.stdin, saving)
    except rulekit.RuleRuntimeError as e:  # replaying the match's finished games
        say(f"rulekit: the ruleset failed during play (seed {save.seed}): {e}", file=sys.stderr)
        return EXIT_USAGE


def _simulate(args: argparse.Namespace) -> int:
    from .simulate import cmd_simulate  # the simulator loads only for this command

    return cmd_simulate(args)


def cmd_replay(args: argparse.Namespace) -> int:
    """rulekit replay."""
    from .replay import replay  # each command imports what only it uses: play starts sooner

    return replay(args.file, args.seat, make_console(), sys.stdin)


def cmd_validate(args: argparse.Namespace) -> int:
    """rulekit validate."""
    status = EXIT_OK
    for path in [_ruleset_file(r) for r in args.rulesets]:
        base = _validate(path, None)
        if base is None or not _played(base, path, None, args.play):
            status = EXIT_FAILED
        if base is None:
            continue
        for variant in base.variants:
            g = _validate(path, variant)
            if g is None or not _played(g, path, variant, args.play):
                status = EXIT_FAILED
    return status


def _played(game: rulekit.Game | None, path: str, variant: str | None, games: int) -> bool:
    """validate --play: play the games and print how they went; False if one failed."""
    if game is None or not games:
        return True
    name = path if variant is None else f"{path} [{variant}]"
    from .playcheck import coverage_line, play_and_cover

    failure, decisions, cover = play_and_cover(game, games)
    if failure is not None:
        say(f"{name}: cannot be played: {failure}")
        return False
    say(f"{name}: played {_n(games, 'game')} with random bots, {decisions / games:.1f} "
          "decisions per game")
    say(f"{name}: {coverage_line(game, cover, games)}")
    return True


def _validate(path: str, variant: str | None) -> rulekit.Game | None:
    """Load one ruleset (or one of its variants) and print its summary or its diagnostics."""
    name = path if variant is None else f"{path} [{variant}]"
    try:
        g = rulekit.load(path, variant=variant)
    except rulekit.RulesetError as e:
        for shown in render_diagnostics(e.diagnostics):
            say(shown)
        n = len(e.diagnostics)
        say(f"{name}: {n} error{'s' if n != 1 else ''}")
        return None
    players = (str(g.min_players) if g.min_players == g.max_players
               else f"{g.min_players}-{g.max_players}")
    zones = len(g.table_zones) + len(g.player_zones)
    say(f"{name}: ok: {g.name}, {players} players, {_n(g.n_cards, 'card')}, "
          f"{_n(zones, 'zone')}, {_n(len(g.phases), 'phase')}, "
          f"{_n(len(g.actions), 'action')}, languages {', '.join(g.languages)}"
          + (f", variants {', '.join(g.variants)}" if variant is None and g.variants else ""))
    return g


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def cmd_bench(args: argparse.Namespace) -> int:
    """rulekit bench."""
    game = _load(args.ruleset, args.variant)
    if game is None:
        return EXIT_USAGE
    players = _players(game, args.players)
    from .bench import run_bench  # loaded by the one command that needs it: a fast start

    result = run_bench(game, players, args.games, args.seed, args.workers)
    variant = f" [{args.variant}]" if args.variant else ""
    result.ruleset = f"{game.name}{variant} ({args.ruleset})"
    say("\n".join(result.lines()))
    return EXIT_OK


def cmd_list(args: argparse.Namespace) -> int:
    """rulekit list."""
    console = make_console()
    table, status = list_games(args.lang, console.width, args.long)
    console.print(table)
    if not args.long:
        console.print(t("list_more", args.lang or "en"))
    return status


def cmd_rules(args: argparse.Namespace) -> int:
    """rulekit rules."""
    game = _load(args.ruleset, args.variant)
    if game is None:
        return EXIT_USAGE
    from .rules import print_rules
    from .terminal import EndOfInput, Interrupted, Terminal

    console = make_console()
    term = Terminal(console, sys.stdin)
    # a person reading at a terminal gets a screenful at a time; a pipe gets it all
    ask = term.ask if term.interactive else None
    with suppress(EndOfInput, Interrupted):  # the reader stopped reading: nothing more to say
        print_rules(game, _lang(game, args.lang), console, ask, console.height)
    return EXIT_OK


def cmd_compile(args: argparse.Namespace) -> int:
    """rulekit compile."""
    path = _ruleset_file(args.ruleset)
    try:
        game = rulekit.load(path, variant=args.variant)
    except UnknownVariantError as e:
        raise _Usage(_unknown_variant(path, e)) from None
    except rulekit.RulesetError as e:
        for shown in render_diagnostics(e.diagnostics):
            say(shown)
        say(f"{path}: {_n(len(e.diagnostics), 'error')}")
        return EXIT_FAILED
    say(game.generated_source().rstrip("\n"))
    return EXIT_OK


def _stats(args: argparse.Namespace) -> int:
    from .stats import cmd_stats

    return cmd_stats(args)


def _serve(args: argparse.Namespace) -> int:
    from .serve.command import cmd_serve  # Starlette and uvicorn: loaded only to serve

    return cmd_serve(args)


COMMANDS = {"play": cmd_play, "validate": cmd_validate, "bench": cmd_bench, "list": cmd_list,
            "simulate": _simulate, "resume": cmd_resume, "replay": cmd_replay,
            "rules": cmd_rules, "compile": cmd_compile, "stats": _stats, "serve": _serve}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the rulekit command with argv (default: the process's arguments); return the status."""
    warnings.formatwarning = plain_warning
    parser, subparsers = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help, --version, or a usage error argparse already printed
        return e.code if isinstance(e.code, int) else EXIT_USAGE
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        return COMMANDS[args.command](args)
    except (_Usage, SimUsage) as e:
        sub = subparsers[args.command]
        sub.print_usage(sys.stderr)
        say(f"{sub.prog}: error: {e}", file=sys.stderr)
        return EXIT_USAGE
    except rulekit.UsageError as e:
        say(f"rulekit: {e}", file=sys.stderr)
        return EXIT_USAGE
    except rulekit.RuleRuntimeError as e:
        say(f"rulekit: the ruleset failed while playing: {e}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        say("\nrulekit: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except MemoryError:  # play and resume save first (Match.run); this is outside a game
        say("rulekit: out of memory; free some memory and try again", file=sys.stderr)
        return EXIT_FAILED
    except BrokenPipeError:
        # the reader went away (e.g. `| head`); say nothing more, and keep Python quiet at exit
        silence_stdout()
        return EXIT_FAILED


if __name__ == "__main__":
    sys.exit(main())
