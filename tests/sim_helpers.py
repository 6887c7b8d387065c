"""Helpers of the `rulekit simulate` tests: the tiny rulesets and a run that returns the JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cli_helpers import Run, cli

ROOT = Path(__file__).resolve().parent.parent
RACE = str(ROOT / "tests" / "sim" / "race.yaml")
FRAGILE = str(ROOT / "tests" / "sim" / "fragile.yaml")
SHAM = str(ROOT / "rulesets" / "sham.yaml")


def simulate(tmp_path: Path, *args: str) -> tuple[Run, dict[str, Any]]:
    """Run `rulekit simulate args... --json FILE`; return the run and the parsed JSON."""
    out = tmp_path / "sim.json"
    run = cli("simulate", *args, "--json", str(out))
    return run, json.loads(out.read_text(encoding="utf-8"))


def metrics(doc: dict[str, Any], run: int = 0) -> dict[str, Any]:
    """The metrics of one run of a JSON document."""
    return doc["runs"][run]["metrics"]
