"""How the driver says that a ruleset cannot be used: why, located, then how many errors."""

from __future__ import annotations

import sys

import rulekit
from rulekit.errors import render_diagnostics

from .look import say


def report_unusable(path: str, error: rulekit.RulesetError) -> None:
    """Tell the person (on stderr) why the ruleset at path cannot be used."""
    if isinstance(error, rulekit.CannotReadError):
        # nothing in the file to point at: the file itself is missing or unreadable
        for d in error.diagnostics:
            say(f"rulekit: {d.message}", file=sys.stderr)
        return
    for shown in render_diagnostics(error.diagnostics):
        say(shown, file=sys.stderr)
    n = len(error.diagnostics)
    say(f"rulekit: {path}: {n} error{'s' if n != 1 else ''}; the ruleset cannot be used",
        file=sys.stderr)
