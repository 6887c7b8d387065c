"""Parsing DSL text with the Lark grammar, and syntax errors a person can act on."""

from __future__ import annotations

import functools
import hashlib
import io
import re
from pathlib import Path
from typing import Any, cast

from lark import Lark, Token, Tree
from lark import __version__ as lark_version
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..data.spelling import did_you_mean
from . import cache, turnorder
from .statements import STARTS_WITH, STATEMENT_FORMS


class CompileError(Exception):
    """A problem in one DSL string: message, (line, col) inside the string, hint."""

    def __init__(self, message: str, line: int = 0, col: int = 0, hint: str = ""):
        super().__init__(message)
        self.message = message
        self.line = line
        self.col = col
        self.hint = hint


class ExpansionError(CompileError):
    """The compiled expressions grew past MAX_COMPILED_NODES; loading stops at once."""


GRAMMAR_OPTIONS: dict[str, Any] = {"parser": "lalr", "start": ["start_expr", "start_stmt"],
                                   "propagate_positions": True, "maybe_placeholders": True}


@functools.cache
def _parser() -> Lark:
    """The grammar's parser, its tables taken from rulekit's cache when kept there.

    Building the LALR tables is a third of the CPU time before a game's first prompt. They are
    kept through `lang.cache` (a checked directory, a keyed seal), not by lark's own file cache,
    which would unpickle whatever file it finds there; the entry is keyed by the grammar, the
    options and lark's version, and a stale, damaged or foreign one is rebuilt, never trusted.
    """
    text = (Path(__file__).parent / "grammar.lark").read_text(encoding="utf-8")
    key = hashlib.sha256(f"{text}\0{sorted(GRAMMAR_OPTIONS.items())}\0{lark_version}"
                         .encode()).hexdigest().encode() + b"\n"
    entry = cache.root_file(f"grammar-lark-{lark_version}.cache")
    kept = None if entry is None else cache.read(entry)  # None unless rulekit sealed it
    if kept is not None and kept.startswith(key):
        try:
            return Lark.load(io.BytesIO(kept[len(key):]))
        except Exception:  # noqa: BLE001 - saved by another lark: built afresh below
            pass
    parser = Lark(text, **GRAMMAR_OPTIONS)
    if entry is not None:
        saved = io.BytesIO()
        saved.write(key)
        parser.save(saved)
        cache.write(entry, saved.getvalue())
    return parser


MAX_DSL_LENGTH = 4000
MAX_COMPILED_NODES = 300_000


def parse(text: str, start: str) -> Tree[Any]:
    """Parse DSL text (start is 'expr' or 'stmt'); raise CompileError with its position.

    Each distinct text is parsed once: a ruleset may repeat one long text many times (a YAML
    alias costs nothing to write), and the trees are never modified after parsing."""
    tree, error = _parse_cached(text, start)
    if error is not None:
        raise CompileError(*error)
    parsed: Tree[Any] = tree
    return parsed


@functools.lru_cache(maxsize=4096)
def _parse_cached(text: str, start: str) -> tuple[Any, tuple[str, int, int, str] | None]:
    from . import treecache  # which imports lark's Tree: loaded when a text is parsed

    tree = treecache.stored(text, start)  # parsed in an earlier run: lark is not even built
    if tree is not None:
        return tree, None
    try:
        tree = _parse(text, start)
    except CompileError as e:
        return None, (e.message, e.line, e.col, e.hint)
    treecache.keep(text, start, tree)
    return tree, None


def _parse(text: str, start: str) -> Tree[Any]:
    if len(text) > MAX_DSL_LENGTH:
        raise CompileError(f"this text is too long ({len(text)} characters; at most "
                           f"{MAX_DSL_LENGTH})")
    try:
        tree = _parser().parse(text, start=f"start_{start}")
    except UnexpectedCharacters as e:
        ch = text[e.pos_in_stream or 0]
        hint = ("a quoted text ends with the same quote, on the same line" if ch in "'\""
                else "operators are: + - * // % == != < <= > >= and or not in")
        raise CompileError(f"unexpected character {ch!r}", e.line - 1, e.column - 1,
                           hint) from None
    except UnexpectedEOF as e:
        lines = text.splitlines() or [""]
        raise CompileError("the text ends too early", len(lines) - 1, len(lines[-1]),
                           _parse_hint(text, start, None, set(e.expected or ()))) from None
    except UnexpectedToken as e:
        tok = e.token
        expected = {x for x in e.expected if not x.startswith("_")}
        if tok.type == "$END":
            lines = text.splitlines() or [""]
            raise CompileError("the text ends too early", len(lines) - 1, len(lines[-1]),
                               _parse_hint(text, start, None, expected)) from None
        if tok.type in ("NAME", "INT", "STRING", "TRUE", "FALSE", "NONE"):
            # a value right after an operator word is only refused if that word was read as a
            # name ('a or or b'): the word is the mistake
            m = re.search(r"([A-Za-z_]\w*)\s*$", text[:tok.start_pos])
            if m and m.group(1) in ("or", "and", "not", "in", "if", "else", "for"):
                at = m.start(1)
                raise CompileError(f"unexpected {m.group(1)!r}", text.count("\n", 0, at),
                                   at - (text.rfind("\n", 0, at) + 1),
                                   "a value is missing before it") from None
        raise CompileError(f"unexpected {tok.value!r}", tok.line - 1, tok.column - 1,
                           _parse_hint(text, start, tok, expected)) from None
    except UnexpectedInput as e:  # pragma: no cover - other lark input errors
        raise CompileError(str(e).splitlines()[0], getattr(e, "line", 1) - 1,
                           getattr(e, "column", 1) - 1) from None
    except RecursionError:
        raise CompileError("the expression is nested too deeply") from None
    # every atom is a named rule (int_, name, string...), so the start rule's child is a tree
    return cast(Tree[Any], tree.children[0])


_TERMINAL_NAMES = {"NAME": "a name", "INT": "a number", "STRING": "a quoted text",
                   "COMP_OP": "a comparison", "ADD_OP": "+ or -", "MUL_OP": "*, // or %",
                   "LPAR": "'('", "RPAR": "')'", "LSQB": "'['", "RSQB": "']'", "COMMA": "','",
                   "DOT": "'.'", "EQUAL": "'='", "MINUS": "'-'"}


def _show_terminal(name: str) -> str:
    return _TERMINAL_NAMES.get(name, f"'{name.lower()}'")


TURN_DIRECTIONS = frozenset({turnorder.CLOCKWISE, turnorder.COUNTERCLOCKWISE})


def _parse_hint(text: str, start: str, tok: Token | None, expected: set[str]) -> str:
    """What to do about a DSL syntax error at tok (None: the text ended too early)."""
    words = text.split()
    first = words[0] if words else ""
    if start == "stmt" and first not in STATEMENT_FORMS and (
            tok is None and len(words) <= 1 or tok is not None and tok.column == tok.line == 1):
        close = did_you_mean(first, STATEMENT_FORMS)
        return (close + " " if close else "") + STARTS_WITH
    if tok is not None and tok.value == "=" and not (start == "stmt" and first == "set"):
        return "to compare, write ==, !=, <, <=, > or >="
    if tok is None:
        opened = []
        for ch in re.sub(r"'[^']*'|\"[^\"]*\"", "", text):
            if ch in "([":
                opened.append(ch)
            elif ch in ")]" and opened:
                opened.pop()
        if opened:
            return f"is a '{')' if opened[-1] == '(' else ']'}' missing?"
    if start == "stmt" and first in STATEMENT_FORMS:
        return "write it as: " + STATEMENT_FORMS[first]
    if tok is not None and expected <= {"$END"}:
        if tok.type == "RPAR":
            return "this ')' has no matching '('"
        return "the expression is already complete before this"
    if {"NAME", "INT"} <= expected:
        return "expected a value: a name, a number, a quoted text, '(' or '['"
    shown = sorted(_show_terminal(x) for x in expected if x != "$END")
    if shown and len(shown) <= 6:
        return "expected " + ", ".join(shown)
    if tok is not None and tok.type in ("NAME", "INT", "STRING"):
        return "is an operator (and, or, ==, +, ...) or a ',' missing before this?"
    return ""


def pos_of(node: Tree[Any] | Token) -> tuple[int, int]:
    """0-based (line, col) of a tree node or token inside its DSL string."""
    if isinstance(node, Token):
        return (node.line or 1) - 1, (node.column or 1) - 1
    meta = node.meta
    if getattr(meta, "empty", True):
        for child in node.children:
            if isinstance(child, Tree | Token):
                return pos_of(child)
        return 0, 0
    return meta.line - 1, meta.column - 1


def fail(node: Tree[Any] | Token, message: str, hint: str = "") -> CompileError:
    """A CompileError located at node."""
    line, col = pos_of(node)
    return CompileError(message, line, col, hint)
