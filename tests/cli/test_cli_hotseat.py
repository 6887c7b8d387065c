"""Hot-seat games (issue 12, point 7): the acting player sees what the move did, and a shared
game is not written to a transcript unless that is allowed."""

from __future__ import annotations

import re
from pathlib import Path

from cli_helpers import cli
from paths import ROOT
from test_cli import SECRETS

SHAM = str(ROOT / "rulesets" / "sham.yaml")


def test_several_humans_on_output_that_is_no_terminal_is_a_usage_error():
    """Issue 12: 'with several humans and output that is not a terminal, a usage error explains
    the transcript would keep private views (`--transcript-ok` to allow it)'."""
    r = cli("play", SHAM, "--seats", "human,human,random", "--seed", "1", stdin="quit\n")
    assert r.code == 2
    assert ("several human seats share this game, but the output is not a terminal: the "
            "transcript (a file, a pipe, tee) would keep every player's private view. Play on a "
            "terminal, or add --transcript-ok to allow it") in r.err
    assert r.out == ""
    allowed = cli("play", SHAM, "--seats", "human,human,random", "--seed", "1",
                  "--transcript-ok", stdin="quit\n")
    assert allowed.code == 0, allowed.err


def test_one_human_with_bots_needs_no_terminal():
    r = cli("play", SHAM, "--seats", "human,random,random", "--seed", "1", stdin="quit\n")
    assert r.code == 0, r.err


def test_the_player_who_acted_sees_what_the_move_did_before_the_hand_over(tmp_path: Path):
    """Issue 12: 'the player who acted sees what their move did before handing over'."""
    secrets = tmp_path / "secrets.yaml"
    secrets.write_text(SECRETS, encoding="utf-8")
    r = cli("play", str(secrets), "--seats", "human,human,human", "--seed", "1",
            "--transcript-ok", stdin="1\n" * 40)
    assert r.code == 0, r.err
    parts = re.split(r"^Pass the terminal to (P\d), then press Enter\.$", r.out, flags=re.M)
    views = list(zip(parts[1::2], parts[2::2], strict=True))
    acted = [(name, view) for name, view in views if "What your move did:" in view]
    assert acted
    for name, view in acted:
        shown = view.split("What your move did:\n", 1)[1].splitlines()[0]
        # the seat's own view of its move: the cards it laid, by name
        assert re.match(rf"^  {name} lays \w+(, \w+)? face down\.$", shown), shown
