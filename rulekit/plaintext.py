"""Text that is inert on a terminal: no control codes, no bidirectional overrides.

A ruleset comes from a stranger, and its texts reach a player's terminal. A control character
(ESC starts the sequences that set the window title, write the clipboard, clear the screen or
move the cursor; CR overwrites a line) or a bidirectional control (U+202E shows text reversed)
would let it forge or hide what the player sees. The loader refuses such characters in every
string of a ruleset (a located error), and everything printed from outside the program's own
strings goes through `escape`, which shows them as visible escapes: `\\x1b`, `\\u202e`.

Newlines and tabs are ordinary text and stay as they are.
"""

from __future__ import annotations

import re
import unicodedata

# C0 controls but tab and newline, DEL, the C1 controls, the bidirectional marks, embeddings,
# overrides and isolates, and the line and paragraph separators (which some terminals honour).
_UNSAFE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")

_NAMES = {0x1B: "ESC", 0x0D: "CR", 0x07: "BEL", 0x08: "BS", 0x0B: "VT", 0x0C: "FF",
          0x00: "NUL", 0x7F: "DEL", 0x9B: "CSI", 0x9D: "OSC"}


def first_unsafe(text: str) -> int | None:
    """The index of the first character of text that is not inert on a terminal, or None."""
    m = _UNSAFE.search(text)
    return None if m is None else m.start()


def describe(ch: str) -> str:
    """A character as a person can read it in a message: `U+001B (ESC)`."""
    code = ord(ch)
    name = _NAMES.get(code) or unicodedata.name(ch, "") or "a control character"
    return f"U+{code:04X} ({name})"


def _visible(m: re.Match[str]) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def escape(text: str) -> str:
    """text with every character that could act on a terminal shown as a visible escape."""
    return _UNSAFE.sub(_visible, text)
