"""Draw a screenshot of each bundled game from the real renderer into docs/screenshots/*.svg.

Each game is played from a fixed seed by random bots (seeded) up to a decision worth showing,
then the human seat's screen is drawn exactly as `rulekit play` draws it, in an 80x24 terminal,
through rich's recording console. Run it after changing the screen or the rulesets:

    python docs/screenshots.py            # rewrite docs/screenshots/*.svg
    python docs/screenshots.py --check    # exit 1 if a screenshot is not current
"""

from __future__ import annotations

import argparse
import io
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path

from rulekit_cli.games import bundled
from rulekit_cli.look import InertConsole
from rulekit_cli.play import HUMAN, Match

import rulekit
from rulekit.runtime.state import BuildFrame, State

OUT = Path(__file__).resolve().parent / "screenshots"
WIDTH = 80
Shot = tuple[str, int, int, int, Callable[[State], bool]]  # game, players, seed, seat, when


def _window(s: State) -> bool:
    return bool(s.stack) and not isinstance(s.stack[-1], BuildFrame)


def _choice(s: State) -> bool:
    """Whether the decider has a real choice (a forced move is played without a question)."""
    return len(s.legal_actions()) > 1


def _melds(s: State) -> int:
    return sum(len(s.melds_in(zi)) for zi in range(len(s.zones)))


# what to show: a question worth seeing in each game
SHOTS: list[Shot] = [
    ("sham", 4, 7, 0, lambda s: _window(s) and _choice(s) and len(s.log) > 40),
    ("chami", 3, 4, 0, lambda s: not s.stack and _choice(s) and _melds(s) >= 3),
    ("shamus", 2, 3, 1, lambda s: not s.stack and _choice(s) and _melds(s) >= 1),
    ("uno", 4, 2, 0, lambda s: not s.stack and _choice(s) and len(s.log) > 30),
    ("crazy_eights", 3, 2, 0, lambda s: bool(s.stack) and _choice(s) and len(s.log) > 8),
    ("spades", 4, 2, 0, lambda s: bool(s.stack) and _choice(s) and len(s.log) > 30),
    ("gin_rummy", 2, 2, 0, lambda s: _choice(s) and len(s.log) > 20),
    ("durak", 3, 2, 0, lambda s: not s.stack and _choice(s) and len(s.log) > 25),
]


def shoot(name: str, players: int, seed: int, seat: int, when: Callable[[State], bool]) -> str:
    """The SVG of seat's screen at the first decision of seat where `when` holds."""
    game = rulekit.load(bundled()[name])
    console = InertConsole(file=io.StringIO(), width=WIDTH, height=24, record=True,
                           soft_wrap=False, color_system="truecolor", highlight=False)
    kinds = ["random"] * players
    kinds[seat] = HUMAN
    match = Match(game, players, kinds, seed, game.languages[0], console, io.StringIO())
    rnd = random.Random(seed)
    s = match.state
    last_seen = 0  # the log's length at seat's previous decision: the news start there
    while not s.is_over:
        if s.decider == seat:
            if when(s):
                break
            last_seen = len(s.log)
        legal = s.legal_actions()
        s.apply_unchecked(legal[rnd.randrange(len(legal))])
    else:
        raise SystemExit(f"{name}: the game ended before the position to show")
    match.seen[seat] = last_seen
    match.draw(seat)
    return console.export_svg(title=f"rulekit play {name}", unique_id=f"rulekit-{name}")


def visible_text(svg: str) -> list[str]:
    """The text an SVG screenshot shows, in order (what --check compares)."""
    return [re.sub(r"&#160;|\s", " ", t) for t in re.findall(r">([^<]*)</text>", svg)]


def main(argv: list[str] | None = None) -> int:
    """Write the screenshots, or with --check compare them with those on disk."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="only compare with docs/screenshots/*.svg; exit 1 if one differs")
    args = parser.parse_args(argv)
    stale = []
    for name, players, seed, seat, when in SHOTS:
        svg = shoot(name, players, seed, seat, when)
        path = OUT / f"{name}.svg"
        if args.check:
            old = path.read_text(encoding="utf-8") if path.exists() else ""
            if visible_text(old) != visible_text(svg):
                stale.append(str(path))
            continue
        OUT.mkdir(exist_ok=True)
        path.write_text(svg, encoding="utf-8")
        print(f"wrote {path}")
    if stale:
        print("not current (run python docs/screenshots.py): " + ", ".join(stale),
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
