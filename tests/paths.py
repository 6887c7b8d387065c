"""Where the suite finds things: the repository root and tests/, whatever folder a test is in."""

from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
