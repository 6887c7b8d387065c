"""Entry point of the `rulekit` command (placeholder until the driver lands)."""

import sys


def main(argv: list[str] | None = None) -> int:
    """Run the rulekit command."""
    print("rulekit: the terminal driver is not built yet", file=sys.stderr)
    return 2
