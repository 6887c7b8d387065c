"""Golden playthroughs and replays: a whole game written step by step, diffable line by line.

A playthrough file names the ruleset, players and seed, then for each step the decider, the legal
actions, every seat's observation and the action taken. Replaying the recorded actions must
reproduce the file exactly.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from .actions import Action
from .bots.random import weighted_choice
from .errors import RulekitError, RulesetError
from .loading import load
from .plaintext import escape
from .runtime.game import Game
from .runtime.observe import events_for, observation
from .runtime.state import State
from .sim.loop import play_out

HEADER = "# rulekit playthrough; regenerate with: python -m rulekit.playthrough regenerate"


def obs_line(state: State, seat: int | None) -> str:
    """A seat's observation as one canonical JSON line."""
    return json.dumps(observation(state, seat), sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False)


def events_json(state: State, seat: int | None, start: int = 0) -> str:
    """The log from start as seat reads it, as one JSON line with cards named by label."""
    g = state.game

    def plain(v: object) -> object:
        if isinstance(v, tuple) and len(v) == 2 and v[0] in ("card", "cards"):
            return g.labels[v[1]] if v[0] == "card" else [g.labels[c] for c in v[1]]
        if isinstance(v, tuple) and len(v) == 2 and v[0] in ("player", "players"):
            return v[1]
        return v

    return json.dumps([[k, {n: plain(v) for n, v in args.items()}]
                       for k, args in events_for(state, seat, start)],
                      sort_keys=True, ensure_ascii=False)


def bot_choices(game: Game, players: int, seed: int, bot_seed: int) -> list[str]:
    """The actions a seeded random bot takes over a whole game (by `weight:`, as random seats
    draw; uniformly, as the files always were, in a ruleset without weights)."""
    rnd = random.Random(bot_seed)
    out: list[str] = []
    weighted = bool(game.hints.weights)

    def choose(state: State) -> Action:
        legal = state.legal_actions()
        if weighted and len(legal) > 1:
            return weighted_choice(state, legal, rnd.random)
        return legal[rnd.randrange(len(legal))]  # drawn even when forced: the files' choices

    play_out(game.new_state(players, seed), choose, lambda _, a: out.append(a.text))
    return out


def render(game: Game, ruleset: str, players: int, seed: int, actions: list[str],
           variant: str | None = None) -> str:
    """The playthrough text of a game played with these actions (each checked)."""
    state = game.new_state(players, seed)
    lines = [HEADER, f"ruleset: {ruleset}"]
    if variant:
        lines.append(f"variant: {variant}")
    lines += [f"players: {players}", f"seed: {seed}",
              "# 'obs N: =' means seat N's observation is the same as at its previous line", ""]
    last: list[str | None] = [None] * players
    for i, text in enumerate(actions):
        lines.append(f"step {i}")
        lines.append(f"decider: {state.decider}")
        lines.append("legal: " + " | ".join(a.text for a in state.legal_actions()))
        for seat in range(players):
            line = obs_line(state, seat)
            lines.append(f"obs {seat}: " + ("=" if line == last[seat] else line))
            last[seat] = line
        lines.append(f"action: {text}")
        state.apply(text)
    lines.append("end")
    lines.append(f"over: {state.is_over}")
    if state.outcome is not None:
        o = state.outcome
        lines.append(f"outcome: scores={list(o.scores)} winners={list(o.winners)} "
                     f"reason={o.reason}")
    for seat in range(players):
        lines.append(f"log {seat}: " + events_json(state, seat))
    return "\n".join(lines) + "\n"


@dataclass
class Recorded:
    """What a playthrough file says: ruleset, variant, players, seed and actions taken."""

    ruleset: str
    variant: str | None
    players: int
    seed: int
    actions: list[str]


def parse(text: str) -> Recorded:
    """Read a playthrough file's header and recorded actions."""
    head: dict[str, str] = {}
    actions = []
    for line in text.splitlines():
        if line.startswith("action: "):
            actions.append(line[len("action: "):])
        elif not line.startswith(("step", "obs", "legal", "decider", "#", "log")) and ": " in line:
            k, v = line.split(": ", 1)
            head.setdefault(k, v)
    return Recorded(head["ruleset"], head.get("variant"), int(head["players"]), int(head["seed"]),
                    actions)


def replay_steps(game: Game, players: int, seed: int, choices: list[int]) -> Iterator[str]:
    """Replay a game from choice indices (as the property tests record them), step by step."""
    state = game.new_state(players, seed)
    yield f"{game.name}, {players} players, seed {seed}"
    shown = 0
    for i, k in enumerate(choices):
        if state.is_over:
            yield f"step {i}: the game is already over; {len(choices) - i} choices left unused"
            return
        legal = state.legal_actions()
        if not 0 <= k < len(legal):
            yield f"step {i}: choice {k} is out of range (0..{len(legal) - 1})"
            return
        yield (f"step {i}: seat {state.decider} chooses [{k}] {legal[k].text}   "
               f"(legal: {' | '.join(a.text for a in legal)})")
        state.apply(legal[k])
        if len(state.log) > shown:
            yield "    events: " + events_json(state, None, shown)
        shown = len(state.log)
    if state.outcome is not None:
        yield f"over: scores={list(state.outcome.scores)} winners={list(state.outcome.winners)}"


def regenerate(root: Path, rulesets: list[Path], out_dir: Path) -> list[Path]:
    """Write one playthrough per ruleset (and per declared variant) into out_dir."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for path in rulesets:
        base = load(path)
        rel = path.resolve().relative_to(root.resolve()).as_posix()
        for variant in [None, *base.variants]:
            game = base if variant is None else load(path, variant=variant)
            players = game.min_players  # the smallest table keeps the file short
            actions = bot_choices(game, players, seed=1, bot_seed=1)
            text = render(game, rel, players, 1, actions, variant)
            target = out_dir / (f"{path.stem}.{variant}.txt" if variant else f"{path.stem}.txt")
            target.write_text(text, encoding="utf-8")
            written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    """`python -m rulekit.playthrough regenerate|replay ...`."""
    ap = argparse.ArgumentParser(prog="python -m rulekit.playthrough",
                                 description="Golden playthroughs and replays of recorded games.")
    sub = ap.add_subparsers(dest="cmd", required=True)
    regen = sub.add_parser("regenerate", help="rewrite tests/playthroughs from rulesets/")
    regen.add_argument("--root", default=".", help="the repository root (default: .)")
    rep = sub.add_parser("replay", help="replay a game from choice indices, step by step")
    rep.add_argument("ruleset")
    rep.add_argument("--variant", default=None, help="one of the ruleset's declared variants")
    rep.add_argument("--players", type=int, required=True)
    rep.add_argument("--seed", type=int, required=True)
    rep.add_argument("--choices", required=True, help="comma-separated action indices")
    args = ap.parse_args(argv)
    if args.cmd == "regenerate":
        root = Path(args.root)
        files = sorted((root / "rulesets").glob("*.yaml"))
        for p in regenerate(root, files, root / "tests" / "playthroughs"):
            print(f"wrote {p}")
        return 0
    try:
        choices = [int(x) for x in args.choices.replace(" ", "").split(",") if x]
    except ValueError:
        ap.error(f"--choices takes whole numbers separated by commas, not {args.choices!r}")
    try:
        game = load(args.ruleset, variant=args.variant)
        for line in replay_steps(game, args.players, args.seed, choices):
            print(escape(line))  # a ruleset text never acts on the terminal
    except RulesetError as e:
        print(escape(str(e)), file=sys.stderr)
        return 2
    except RulekitError as e:  # the game being replayed fails: that is what it shows
        print(escape(f"{type(e).__name__}: {e}"), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
