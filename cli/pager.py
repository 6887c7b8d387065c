"""Reading a long text at the terminal: prose reflowed to the width, and a `--More--` pager.

A ruleset's prose is written in paragraphs separated by blank lines (as in Markdown); the
line breaks inside a paragraph are the author's editor's, not meant for the reader, so a
paragraph is joined into one line and wrapped at the terminal's width. A screenful at a time,
so that its first half does not scroll off a 24-line screen before it is read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rich.console import Console, RenderableType
from rich.segment import Segment
from rich.text import Text

STOP_WORDS = frozenset({"q", "quit", "quitter", "salir", "stop"})  # typed at --More--: no more


def paragraphs(text: str) -> list[str]:
    """text's paragraphs (separated by blank lines), each on one line; a line starting a list
    item (`- `, `* `, `1. `) starts a line of its own."""
    out: list[str] = []
    current: list[str] = []
    for raw in text.strip().splitlines():
        line = raw.strip()
        if not line:
            if current:
                out.append(" ".join(current))
                current = []
            continue
        if current and _item(line):
            out.append(" ".join(current))
            current = []
        current.append(line)
    if current:
        out.append(" ".join(current))
    return out


def _item(line: str) -> bool:
    head, _, rest = line.partition(" ")
    return bool(rest) and (head in ("-", "*", "•") or (head[:-1].isdigit() and head[-1:] in ".)"))


def prose(text: str) -> list[Text]:
    """text as paragraphs to be wrapped at the console's width, a blank line between them."""
    out: list[Text] = []
    for i, para in enumerate(paragraphs(text)):
        if i:
            out.append(Text(""))
        out.append(Text(para))
    return out


def lines_of(console: Console, parts: Iterable[RenderableType]) -> list[list[Segment]]:
    """The lines parts take at the console's width."""
    options = console.options.update(width=console.width)
    lines: list[list[Segment]] = []
    for part in parts:
        lines += console.render_lines(part, options, pad=False)
    return lines


def page(console: Console, parts: Iterable[RenderableType], height: int,
         ask: Callable[[str], str] | None, more: str) -> None:
    """Print parts; when ask is given and they take more than height lines, a screenful at a
    time with the prompt `more` between screens (Enter: the next one; q: stop there)."""
    if ask is None:  # nobody to ask: all of it, wrapped as the console wraps (a pipe: not)
        for part in parts:
            console.print(part)
        return
    lines = lines_of(console, parts)
    room = max(height - 1, 1)  # a line for the prompt
    if len(lines) <= height:
        room = len(lines) or 1
    for start in range(0, len(lines), room):
        if start:
            answer = ask(more)
            if answer.strip().lower() in STOP_WORDS:
                return
        for line in lines[start:start + room]:
            text = Text.assemble(*((seg.text, seg.style or "") for seg in line
                                   if not seg.control))
            text.rstrip()  # the spaces a wrapped line ends with
            console.print(text)
