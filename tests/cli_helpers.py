"""Running the `rulekit` command inside the test process, with piped (non-terminal) input."""

from __future__ import annotations

import io
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass

from rulekit_cli.main import main


@dataclass
class Run:
    """What one `rulekit` run printed, and its exit status."""

    code: int
    out: str
    err: str


def cli(*argv: str, stdin: str = "") -> Run:
    """Run `rulekit argv...` in this process with stdin as piped (non-terminal) input."""
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = main(list(argv))
    finally:
        sys.stdin = old_stdin
    return Run(code, out.getvalue(), err.getvalue())
