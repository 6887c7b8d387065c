"""The argument types the rulekit command's options share (kept apart from cli/main.py so that
a sub-command's parser, in its own module, needs no import of main)."""

from __future__ import annotations

import argparse
from collections.abc import Callable


def whole(minimum: int) -> Callable[[str], int]:
    """An argparse type: a whole number >= minimum (argparse names the option)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = minimum - 1
        if value < minimum:
            raise argparse.ArgumentTypeError(
                f"must be a whole number >= {minimum}, not {text!r}")
        return value

    return parse
