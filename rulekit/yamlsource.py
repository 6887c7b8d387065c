"""Safe YAML loading that remembers where every node came from (line, column, style)."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from .errors import CannotReadError, Diagnostic, RulesetError
from .plaintext import describe, first_unsafe

MAX_NODES = 200_000  # alias bombs ("billion laughs") stop here instead of eating memory

YamlPath = tuple[str | int, ...]


@dataclass(frozen=True)
class Pos:
    """Where a YAML node starts: 0-based line and column, and its scalar style."""

    line: int
    col: int
    style: str | None = None  # None (plain), "'", '"', "|", ">"
    start: int = -1  # character offsets of the node in the text (end excluded); -1 if unknown
    end: int = -1


@dataclass
class Source:
    """A ruleset's text, its parsed data and the position of every node."""

    file: str
    text: str
    data: Any
    positions: dict[YamlPath, Pos]
    key_positions: dict[YamlPath, Pos]

    def lines(self) -> list[str]:
        """The file's lines."""
        return self.text.splitlines()

    def pos_of(self, path: YamlPath, key: bool = False) -> Pos | None:
        """The position of the node at path (or of its key), else of its nearest ancestor."""
        table = self.key_positions if key else self.positions
        p = tuple(path)
        while True:
            if p in table:
                return table[p]
            if key and p in self.positions:
                return self.positions[p]
            if not p:
                return None
            p = p[:-1]

    def diagnostic(
        self, message: str, path: YamlPath, *, key: bool = False,
        offset: tuple[int, int] | None = None, hint: str = "",
    ) -> Diagnostic:
        """A diagnostic at path; offset is (line, col) inside a DSL string stored there."""
        pos = self.pos_of(path, key=key)
        line = col = 0
        if pos is not None:
            line, col = pos.line, pos.col
            if offset is not None:
                value = self._value_at(path) if not key and tuple(path) in self.positions else None
                line, col = self.dsl_location(pos, offset, value)
        lines = self.lines()
        src = lines[line] if pos is not None and 0 <= line < len(lines) else ""
        return Diagnostic(
            message=message,
            file=self.file,
            line=line + 1 if pos is not None else 0,
            col=col + 1 if pos is not None else 0,
            source_line=src,
            yaml_path=format_path(path),
            hint=hint,
        )

    def _value_at(self, path: YamlPath) -> Any:
        node = self.data
        for part in path:
            try:
                node = node[part]
            except (KeyError, IndexError, TypeError):
                return None
        return node

    def _align(self, pos: Pos, value: str, offset: tuple[int, int]) -> tuple[int, int] | None:
        """Find the file position of a character of a scalar's value in the scalar's source.

        The value's characters appear in order in the source text; what lies between them
        (quotes, indentation, line breaks folded to spaces, escapes) is skipped."""
        if pos.start < 0 or pos.end < pos.start:
            return None
        dline, dcol = offset
        parts = value.split("\n")
        if dline >= len(parts):
            return None
        k = sum(len(x) + 1 for x in parts[:dline]) + dcol
        raw = self.text[pos.start:pos.end]
        base = pos.start
        if pos.style in ("|", ">"):
            nl = raw.find("\n")
            if nl < 0:
                return None
            base, raw = base + nl + 1, raw[nl + 1:]
        elif pos.style in ("'", '"'):
            base, raw = base + 1, raw[1:]
        after = k >= len(value)  # just past the last character ("the text ends too early")
        if after:
            k = len(value) - 1
        j = 0
        for i in range(k + 1):
            ch = value[i]
            while j < len(raw) and raw[j] != ch and not (ch == " " and raw[j] == "\n"):
                j += 1
            if j >= len(raw):
                return None
            if i < k:
                j += 1
        index = base + j + (1 if after and k >= 0 else 0)
        line = self.text.count("\n", 0, index)
        return line, index - (self.text.rfind("\n", 0, index) + 1)

    def dsl_location(self, pos: Pos, offset: tuple[int, int],
                     value: str | None = None) -> tuple[int, int]:
        """Map (line, col) inside a scalar's text to a 0-based (line, col) in the file."""
        if isinstance(value, str):
            found = self._align(pos, value, offset)
            if found is not None:
                return found
        dline, dcol = offset
        if pos.style in ("|", ">"):
            lines = self.lines()
            body = pos.line + 1 + dline
            if 0 <= body < len(lines):
                # the block's indentation is that of its first non-blank line
                first = next((x for x in lines[pos.line + 1:] if x.strip()), lines[body])
                indent = len(first) - len(first.lstrip(" "))
                return body, indent + dcol
            return pos.line, pos.col
        if dline == 0:
            shift = 1 if pos.style in ("'", '"') else 0
            return pos.line, pos.col + shift + dcol
        return pos.line + dline, dcol


def format_path(path: YamlPath) -> str:
    """Render a YAML path as `phases.round.actions[0].when`."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


class _Builder:
    def __init__(self, src_name: str, text: str):
        self.file = src_name
        self.text = text
        self.positions: dict[YamlPath, Pos] = {}
        self.key_positions: dict[YamlPath, Pos] = {}
        self.errors: list[Diagnostic] = []
        self.count = 0
        self.constructor = yaml.SafeLoader("")

    def err(self, message: str, mark: Any, path: YamlPath, hint: str = "") -> None:
        lines = self.text.splitlines()
        src = lines[mark.line] if 0 <= mark.line < len(lines) else ""
        self.errors.append(
            Diagnostic(message, self.file, mark.line + 1, mark.column + 1, src, format_path(path),
                       hint)
        )

    def check_text(self, text: str, node: yaml.Node, path: YamlPath) -> bool:
        """Refuse a string that could act on a terminal (see plaintext); True if it is inert."""
        at = first_unsafe(text)
        if at is None:
            return True
        self.err(f"this text holds the character {describe(text[at])}, which could take over "
                 "a player's terminal (a ruleset's texts are shown to players)",
                 node.start_mark, path,
                 hint="rulesets hold printable text only: remove the character (newlines and "
                      "tabs are allowed)")
        return False

    def build(self, node: yaml.Node, path: YamlPath, active: set[int]) -> Any:
        self.count += 1
        if self.count > MAX_NODES:
            raise _TooBig(node.start_mark)
        self.positions[path] = Pos(node.start_mark.line, node.start_mark.column,
                                   getattr(node, "style", None), node.start_mark.index,
                                   node.end_mark.index)
        if isinstance(node, yaml.ScalarNode):
            value = self.constructor.construct_object(node, deep=True)
            if isinstance(value, str):
                self.check_text(value, node, path)
            return value
        if id(node) in active:
            raise _TooBig(node.start_mark, "a YAML alias refers to itself")
        active.add(id(node))
        try:
            if isinstance(node, yaml.SequenceNode):
                return [self.build(child, path + (i,), active)
                        for i, child in enumerate(node.value)]
            if isinstance(node, yaml.MappingNode):
                out: dict[Any, Any] = {}
                for key_node, value_node in node.value:
                    if key_node.tag == "tag:yaml.org,2002:merge":
                        self.err("YAML merge keys (<<) are not supported", key_node.start_mark,
                                 path)
                        continue
                    if not isinstance(key_node, yaml.ScalarNode):
                        self.err("a mapping key must be a plain value", key_node.start_mark, path)
                        continue
                    key = self.constructor.construct_object(key_node)
                    if not isinstance(key, str | int) or isinstance(key, bool):
                        key = str(key)
                    if isinstance(key, str) and not self.check_text(key, key_node, path):
                        continue
                    if key in out:
                        self.err(f"duplicate key '{key}'", key_node.start_mark, path + (key,))
                        continue
                    self.key_positions[path + (key,)] = Pos(
                        key_node.start_mark.line, key_node.start_mark.column
                    )
                    out[key] = self.build(value_node, path + (key,), active)
                return out
        finally:
            active.discard(id(node))
        raise _TooBig(node.start_mark, "unsupported YAML node")


MAX_FILE_BYTES = 4 * 2**20  # the bundled rulesets are ~30 KB; a larger one is not a ruleset


def _read_regular_file(p: Path) -> bytes:
    """The bytes of p if it is a regular file within the size cap, else CannotReadError."""
    # O_NONBLOCK: opening a named pipe must not wait for a writer
    fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise IsADirectoryError
        if not stat.S_ISREG(st.st_mode):
            raise CannotReadError([Diagnostic(
                f"cannot read {p}: it is not a regular file", str(p),
                hint="a ruleset is a YAML text file")])
        if st.st_size > MAX_FILE_BYTES:
            raise CannotReadError([Diagnostic(
                f"cannot read {p}: it has {st.st_size:,} bytes, more than a ruleset may have "
                f"({MAX_FILE_BYTES:,})", str(p))])
        chunks = []
        left = MAX_FILE_BYTES + 1  # a file that grows while it is read is cut here
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        if left <= 0:
            raise CannotReadError([Diagnostic(
                f"cannot read {p}: it is larger than a ruleset may be ({MAX_FILE_BYTES:,} "
                "bytes)", str(p))])
        return b"".join(chunks)
    finally:
        os.close(fd)


class _TooBig(Exception):
    def __init__(self, mark: Any, message: str = "the YAML document expands to too many nodes"):
        self.mark = mark
        self.message = message


def read_text(path: str | Path) -> str:
    """Read a ruleset file or raise CannotReadError.

    Only a regular file of at most MAX_FILE_BYTES is read: a device (/dev/zero), a named pipe
    or a huge file would hang the loader or exhaust memory."""
    p = Path(path)
    try:
        data = _read_regular_file(p)
        if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
            raise CannotReadError([Diagnostic(f"cannot read {p}: not UTF-8 text (it is UTF-16)",
                                              str(p), hint="save the file as UTF-8")])
        if b"\x00" in data:
            raise CannotReadError([Diagnostic(f"cannot read {p}: it is a binary file, not text",
                                              str(p), hint="a ruleset is a YAML text file")])
        text = data.decode("utf-8")
        return text.replace("\r\n", "\n").replace("\r", "\n")  # as Path.read_text does
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise CannotReadError([Diagnostic(
            f"cannot read {p}: not UTF-8 text (byte 0x{data[e.start]:02x} on line {line})",
            str(p), hint="save the file as UTF-8")]) from None
    except FileNotFoundError:
        raise CannotReadError([Diagnostic(f"cannot read {p}: no such file", str(p))]) from None
    except IsADirectoryError:
        raise CannotReadError([Diagnostic(f"cannot read {p}: it is a directory", str(p))]) from None
    except OSError as e:
        raise CannotReadError([Diagnostic(f"cannot read {p}: {e.strerror}", str(p))]) from None


def _yaml_hint(text: str, e: yaml.MarkedYAMLError) -> str:
    """What to do about a YAML syntax error: the construct left open, a tab, a runaway quote."""
    pm, cm = e.problem_mark, e.context_mark
    if pm is not None and "'\\t'" in (e.problem or ""):
        return "indent with spaces: YAML does not allow tabs for indentation"
    # a quoted text whose closing quote is missing runs on over the following lines
    last = None
    try:
        for tok in yaml.scan(text, Loader=yaml.SafeLoader):
            if pm is not None and tok.start_mark.index >= pm.index:
                break
            last = tok
    except yaml.YAMLError:
        pass
    if (isinstance(last, yaml.ScalarToken) and last.style in ("'", '"')
            and last.end_mark.line > last.start_mark.line):
        return (f"the quoted text that starts at line {last.start_mark.line + 1}, column "
                f"{last.start_mark.column + 1} runs on to line {last.end_mark.line + 1}: "
                f"is its closing {last.style} missing?")
    if "mapping values are not allowed" in (e.problem or ""):
        return "quote a value that contains ': ', or check this line's indentation"
    if "another document" in (e.problem or ""):
        return "a ruleset is a single YAML document: remove this '---' line and what follows"
    if cm is not None and e.context and (pm is None or cm.line != pm.line or
                                         cm.column != pm.column):
        at = f"line {cm.line + 1}, column {cm.column + 1}"
        what = e.context.removeprefix("while ").replace("parsing ", "").replace("scanning ", "")
        known = {"a flow mapping": f"the '{{' at {at} is never closed: is a '}}' missing?",
                 "a flow sequence": f"the '[' at {at} is never closed: is a ']' missing?",
                 "a quoted scalar": f"the quote at {at} is never closed",
                 "a simple key": f"line {cm.line + 1} reads as a key without ':'; if it goes "
                                 "on from the line above, indent it more"}
        return known.get(what) or f"check the indentation against {what} that starts at {at}"
    return ""


def parse_yaml(text: str, file: str = "<ruleset>") -> Source:
    """Parse YAML text safely, keeping positions; raise RulesetError on any YAML problem."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        lines = text.splitlines()
        line = mark.line if mark else 0
        col = mark.column if mark else 0
        src = lines[line] if 0 <= line < len(lines) else ""
        msg = f"YAML syntax error: {e.problem or e.context}"
        if e.context and (e.problem or "").startswith("but "):
            msg = f"YAML syntax error: {e.context}, {e.problem}"
        raise RulesetError([Diagnostic(msg, file, line + 1, col + 1, src,
                                       hint=_yaml_hint(text, e))]) from None
    except yaml.reader.ReaderError as e:  # a character YAML does not accept (a control code)
        at = e.position
        line = text.count("\n", 0, at)
        col = at - (text.rfind("\n", 0, at) + 1)
        lines = text.splitlines()
        src = lines[line] if 0 <= line < len(lines) else ""
        raise RulesetError([Diagnostic(
            f"YAML error: the character {chr(e.character)!r} is not allowed in a YAML file",
            file, line + 1, col + 1, src, hint="remove it, or write the file as plain text"),
        ]) from None
    except yaml.YAMLError as e:
        raise RulesetError([Diagnostic(f"YAML error: {e}", file)]) from None
    except RecursionError:
        raise RulesetError([Diagnostic("the YAML document is nested too deeply", file)]) from None
    if node is None:
        raise RulesetError([Diagnostic(
            "the ruleset is empty", file, 1, 1,
            hint="a ruleset is a mapping with at least: name, players, cards, zones, phases, "
                 "actions, scoring")])
    builder = _Builder(file, text)
    try:
        data = builder.build(node, (), set())
    except _TooBig as e:
        lines = text.splitlines()
        src = lines[e.mark.line] if 0 <= e.mark.line < len(lines) else ""
        raise RulesetError(
            [Diagnostic(e.message, file, e.mark.line + 1, e.mark.column + 1, src)]
        ) from None
    except RecursionError:
        raise RulesetError([Diagnostic("the YAML document is nested too deeply", file)]) from None
    except yaml.MarkedYAMLError as e:  # a value YAML cannot build, e.g. an unknown !!tag
        mark = e.problem_mark or e.context_mark
        lines = text.splitlines()
        src = lines[mark.line] if mark is not None and 0 <= mark.line < len(lines) else ""
        where = (mark.line + 1, mark.column + 1) if mark is not None else (0, 0)
        hint = "rulesets use plain YAML values: remove the '!' tag" if "tag" in str(e.problem) \
            else ""
        raise RulesetError([Diagnostic(f"YAML error: {e.problem or e.context}", file, *where, src,
                                       hint=hint)]) from None
    except yaml.YAMLError as e:
        raise RulesetError([Diagnostic(f"YAML error: {e}", file)]) from None
    if builder.errors:
        raise RulesetError(builder.errors)
    if data is None:  # only '---', or 'null'
        raise RulesetError([Diagnostic(
            "the ruleset is empty", file, 1, 1,
            hint="a ruleset is a mapping with at least: name, players, cards, zones, phases, "
                 "actions, scoring")])
    if not isinstance(data, dict):
        got = "a list" if isinstance(data, list) else f"the single value {data!r}"[:60]
        mark = node.start_mark
        lines = text.splitlines()
        src = lines[mark.line] if 0 <= mark.line < len(lines) else ""
        raise RulesetError([Diagnostic(
            f"a ruleset must be a YAML mapping (key: value lines), not {got}",
            file, mark.line + 1, mark.column + 1, src,
            hint="start with top-level keys such as 'name: ...' and 'players: ...'")])
    return Source(file, text, data, builder.positions, builder.key_positions)
