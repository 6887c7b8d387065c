"""Hot-seat play of a racing window (docs/authoring.md, section 13, *Racing windows*): a seat
handed the terminal after others answered the race sees nothing of their answers."""

from __future__ import annotations

import re
from pathlib import Path

from cli_helpers import cli
from race_helpers import slap_text


def views(tmp_path: Path, first: str) -> dict[str, list[str]]:
    """Each hand-over's screen, by the seat handed the terminal, P1 answering `first` (1 slap,
    3 wait) and P2 and P3 slapping."""
    ruleset = tmp_path / "slap.yaml"
    ruleset.write_text(slap_text(), encoding="utf-8")
    r = cli("play", str(ruleset), "--seats", "human,human,human", "--seed", "1",
            "--transcript-ok", stdin=f"\n{first}\n\n1\n\n1\nquit\n")
    assert r.code == 0, r.err
    parts = re.split(r"^Pass the terminal to (P\d), then press Enter\.$", r.out, flags=re.M)
    out: dict[str, list[str]] = {}
    for name, view in zip(parts[1::2], parts[2::2], strict=True):
        out.setdefault(name, []).append(view)
    return out


def test_the_seats_asked_after_see_nothing_of_the_earlier_answers(tmp_path: Path) -> None:
    slapped, waited = views(tmp_path, "1"), views(tmp_path, "3")
    for seat in ("P2", "P3"):
        mine = slapped[seat][0].split("What your move did:")[0]
        assert mine == waited[seat][0].split("What your move did:")[0]
        assert "slaps the pile" not in mine
    # once the last has answered, the race runs and everyone reads who won it
    assert "P1 slaps the pile" in slapped["P3"][0]
    assert "P2 slaps the pile" in waited["P3"][0]
