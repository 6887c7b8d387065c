"""Golden playthroughs: each bundled ruleset has a recorded game that must replay line for line.

Regenerate them after an intended change with: python -m rulekit.playthrough regenerate
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest
from paths import ROOT

import rulekit
from rulekit import playthrough

FILES = sorted((ROOT / "tests" / "playthroughs").glob("*.txt"))


def test_every_bundled_ruleset_and_variant_has_a_playthrough() -> None:
    """A ruleset or variant without a golden playthrough fails until one is generated."""
    recorded = set()
    for f in FILES:
        rec = playthrough.parse(f.read_text(encoding="utf-8"))
        recorded.add((rec.ruleset, rec.variant))
    for path in sorted((ROOT / "rulesets").glob("*.yaml")):
        rel = path.relative_to(ROOT).as_posix()
        for variant in [None, *rulekit.load(path).variants]:
            assert (rel, variant) in recorded, (
                f"{rel} {variant or ''} has no golden playthrough; run: "
                "python -m rulekit.playthrough regenerate")


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_playthrough_replays_identically(path: Path) -> None:
    """Replaying the recorded actions reproduces every line: deciders, legal actions, views."""
    text = path.read_text(encoding="utf-8")
    rec = playthrough.parse(text)
    game = rulekit.load(ROOT / rec.ruleset, variant=rec.variant)
    again = playthrough.render(game, rec.ruleset, rec.players, rec.seed, rec.actions, rec.variant)
    if again != text:
        diff = "".join(list(difflib.unified_diff(
            text.splitlines(keepends=True), again.splitlines(keepends=True),
            "recorded", "replayed", n=1))[:40])
        pytest.fail(f"{path.name} no longer replays identically:\n{diff}\n"
                    "If the change is intended: python -m rulekit.playthrough regenerate")
