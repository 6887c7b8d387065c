"""The terminal shows melds one per line, with their kind and cards (tests/engine/melds.yaml)."""

from __future__ import annotations

from pathlib import Path

from cli_helpers import cli
from paths import TESTS

import rulekit

RUMMY = TESTS / "engine" / "melds.yaml"


def run(*argv: str, stdin: str) -> str:
    return cli(*argv, stdin=stdin).out


def a_seed_where_seat_0_can_lay() -> int:
    game = rulekit.load(RUMMY)
    for seed in range(200):
        if "lay" in [str(a) for a in game.new_state(2, seed).legal_actions()]:
            return seed
    raise AssertionError("no seed lets seat 0 lay a meld at once")


def test_a_laid_meld_is_shown_with_its_kind_and_cards() -> None:
    seed = a_seed_where_seat_0_can_lay()
    # "1" starts laying, then keeps taking the first card still able to make a meld; a last
    # lone choice of the move (the wild's value) is confirmed with Enter
    out = run("play", str(RUMMY), "--seats", "human,random", "--seed", str(seed),
              stdin="1\n" * 4 + "\n" * 2 + "show\nquit\n")
    assert "Melds — table:" in out
    line = next(x for x in out.splitlines() if x.startswith("1. "))
    assert line.split(":")[0] in ("1. run", "1. set")
    assert len(line.split(":", 1)[1].split(",")) >= 3


def test_a_game_nobody_wins_says_so(tmp_path: Path) -> None:
    """winners: none (or a condition nobody meets) ends with 'No winner', not an empty list."""
    text = RUMMY.read_text(encoding="utf-8").replace("  winners: highest", "  winners: none")
    path = tmp_path / "nobody.yaml"
    path.write_text(text, encoding="utf-8")
    out = run("play", str(path), "--players", "2", "--seats", "random,random", "--seed", "1",
              stdin="")
    assert "No winner" in out
    assert "Winners (shared): \n" not in out
