"""Safe YAML loading that remembers where every node came from (line, column, style)."""

from __future__ import annotations

import bisect
import functools
from dataclasses import dataclass
from typing import Any

import yaml

from ..errors import Diagnostic, RulesetError
from ..plaintext import describe, first_unsafe
from . import yamlcompose
from .files import MAX_FILE_BYTES, read_text  # noqa: F401  (re-exported: the loader's callers)
from .yamlcompose import MAX_DEPTH

MAX_NODES = 200_000  # alias bombs ("billion laughs") stop here instead of eating memory
# A ruleset is text a person writes: the bundled ones are under 30 KB. The cap keeps a stranger's
# file from costing minutes and gigabytes to parse (docs/authoring.md documents it).
MAX_SOURCE_CHARS = 1_000_000

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
        """The file's lines (split once per text, so each diagnostic costs no more than one)."""
        return _lines(self.text)

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
        """Find the file position of a character of a scalar's value in the scalar's source."""
        # one text behind a YAML alias is reported once per use: align it once
        return _align(self.text, pos.start, pos.end, pos.style, value, offset)

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
                first = next((lines[i] for i in range(pos.line + 1, len(lines))
                              if lines[i].strip()), lines[body])
                indent = len(first) - len(first.lstrip(" "))
                return body, indent + dcol
            return pos.line, pos.col
        if dline == 0:
            shift = 1 if pos.style in ("'", '"') else 0
            return pos.line, pos.col + shift + dcol
        return pos.line + dline, dcol


@functools.lru_cache(maxsize=1024)
def _align(text: str, start: int, end: int, style: str | None, value: str,
           offset: tuple[int, int]) -> tuple[int, int] | None:
    """Find the file position of a character of a scalar's value in the scalar's source.

    The value's characters appear in order in the source text; what lies between them
    (quotes, indentation, line breaks folded to spaces, escapes) is skipped."""
    if start < 0 or end < start:
        return None
    dline, dcol = offset
    parts = value.split("\n")
    if dline >= len(parts):
        return None
    k = sum(len(x) + 1 for x in parts[:dline]) + dcol
    raw = text[start:end]
    base = start
    if style in ("|", ">"):
        nl = raw.find("\n")
        if nl < 0:
            return None
        base, raw = base + nl + 1, raw[nl + 1:]
    elif style in ("'", '"'):
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
    return line_col(text, index)

@functools.lru_cache(maxsize=8)
def _lines(text: str) -> list[str]:
    return text.splitlines()


@functools.lru_cache(maxsize=8)
def _line_starts(text: str) -> list[int]:
    starts = [0]
    at = text.find("\n")
    while at >= 0:
        starts.append(at + 1)
        at = text.find("\n", at + 1)
    return starts


def line_col(text: str, index: int) -> tuple[int, int]:
    """The 0-based (line, col) of a character offset in text (lines end at '\\n')."""
    starts = _line_starts(text)
    line = bisect.bisect_right(starts, index) - 1
    return line, index - starts[line]


def source_line(text: str, line: int) -> str:
    """The 0-based line of text, or '' if there is none."""
    lines = _lines(text)
    return lines[line] if 0 <= line < len(lines) else ""


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
        src = source_line(self.text, mark.line)
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
        if node.tag not in _PLAIN_TAGS:
            raise _TooBig(node.start_mark, f"YAML error: the tag '{_short_tag(node.tag)}' is "
                          "not allowed", _TAG_HINT)
        if isinstance(node, yaml.ScalarNode):
            value = self.scalar(node)
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
                    key = self.scalar(key_node)
                    if not isinstance(key, str | int) or isinstance(key, bool):
                        key = str(key)
                    if isinstance(key, str) and not self.check_text(key, key_node,
                                                                    path + (key,)):
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


    def scalar(self, node: yaml.ScalarNode) -> Any:
        """Build a scalar; a number Python refuses to convert is a located error."""
        if node.tag not in _PLAIN_TAGS:
            raise _TooBig(node.start_mark, f"YAML error: the tag '{_short_tag(node.tag)}' is "
                          "not allowed", _TAG_HINT)
        try:
            return self.constructor.construct_object(node, deep=True)
        except ValueError as e:  # int() past sys.get_int_max_str_digits(), a 13th month...
            if node.tag.endswith(":int"):
                raise _TooBig(node.start_mark, f"this number is too long ({len(node.value)} "
                              f"characters; at most {MAX_NUMBER_DIGITS} digits)") from None
            raise _TooBig(node.start_mark, f"this value cannot be read: {e}") from None


# What the safe constructor builds and the schema understands; any other tag (!!set, !!binary,
# !!omap, !!python/..., a local !tag) is refused rather than silently ignored.
_PLAIN_TAGS = frozenset("tag:yaml.org,2002:" + t for t in
                        ("str", "int", "float", "bool", "null", "timestamp", "seq", "map"))
_TAG_HINT = "rulesets use plain YAML values: remove the '!' tag"
MAX_NUMBER_DIGITS = 4300  # Python's own limit on converting text to int (sys.int_info)
# A broken file this small is parsed again by the pure-Python parser, whose messages the
# diagnostics were written for; a larger one gets libyaml's message (as well located).
MAX_REPARSE_CHARS = 200_000


def _short_tag(tag: str) -> str:
    return "!!" + tag.removeprefix("tag:yaml.org,2002:") if tag.startswith("tag:yaml.org,2002:") \
        else tag


class _DepthLoader(yaml.SafeLoader):
    """The safe loader, with a bound on nesting so that deep input is a located error."""

    depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        """Compose one node, refusing to go deeper than MAX_DEPTH."""
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                # PyYAML's parser methods carry no annotations (types-PyYAML)
                raise _too_deep(self.peek_event().start_mark)  # type: ignore[no-untyped-call]
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


class _TooBig(Exception):
    def __init__(self, mark: Any, message: str = "the YAML document expands to too many nodes",
                 hint: str = ""):
        self.mark = mark
        self.message = message
        self.hint = hint


def _yaml_hint(text: str, e: yaml.MarkedYAMLError) -> str:
    """What to do about a YAML syntax error: the construct left open, a tab, a runaway quote."""
    pm, cm = e.problem_mark, e.context_mark
    if pm is not None and "'\\t'" in (e.problem or ""):
        return "indent with spaces: YAML does not allow tabs for indentation"
    # a quoted text whose closing quote is missing runs on over the following lines
    last = _syntax_hint_tokens(text, pm.index if pm is not None else len(text))
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


def _too_deep(mark: Any) -> _TooBig:
    return _TooBig(mark, f"the YAML document is nested too deeply (more than {MAX_DEPTH} levels)",
                   "flatten the structure: a ruleset needs only a few levels")


def _compose(text: str) -> yaml.Node | None:
    """The document's node tree: libyaml's parser if installed, else (or for the message of a
    small broken file) PyYAML's own."""
    if yamlcompose.AVAILABLE:
        try:
            return yamlcompose.compose(text)
        except yamlcompose.TooDeep as e:
            raise _too_deep(e.mark) from None
        except yaml.YAMLError as e:
            mark = getattr(e, "problem_mark", None)
            if mark is not None and _libyaml_too_deep(e):
                raise _too_deep(_first_too_deep(text, mark)) from None
            if len(text) > MAX_REPARSE_CHARS:
                raise
    loader = _DepthLoader(text)
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


def _libyaml_too_deep(e: yaml.YAMLError) -> bool:
    """Whether libyaml refused the document for its own nesting limit (libyaml 0.2.6 and
    later refuse past 1,000 levels while scanning ahead of the events counted here)."""
    return "nesting depth" in (getattr(e, "problem", None) or "")


def _first_too_deep(text: str, mark: Any) -> Any:
    """Where the first node deeper than MAX_DEPTH starts, libyaml having refused the document
    deeper still at mark: the text before mark nests past MAX_DEPTH at the same place, and
    libyaml reads it without reaching its own limit."""
    try:
        yamlcompose.compose(text[:mark.index])
    except yamlcompose.TooDeep as e:
        return e.mark
    except yaml.YAMLError:
        pass
    return mark


def _syntax_hint_tokens(text: str, before: int) -> Any:
    """The last token that starts before offset `before` (C scanner if available: linear)."""
    last = None
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        for tok in yaml.scan(text, Loader=loader):
            if tok.start_mark.index >= before:
                break
            last = tok
    except yaml.YAMLError:
        pass
    return last


def parse_yaml(text: str, file: str = "<ruleset>") -> Source:
    """Parse YAML text safely, keeping positions; raise RulesetError on any YAML problem."""
    if len(text) > MAX_SOURCE_CHARS:
        line, col = line_col(text, MAX_SOURCE_CHARS)
        raise RulesetError([Diagnostic(
            f"the file is too large ({len(text):,} characters; a ruleset has at most "
            f"{MAX_SOURCE_CHARS:,})", file, line + 1, col + 1, source_line(text, line),
            hint="a ruleset is a text a person writes; split it or remove what is not needed")])
    try:
        node = _compose(text)
    except _TooBig as e:
        raise RulesetError([Diagnostic(e.message, file, e.mark.line + 1, e.mark.column + 1,
                                       source_line(text, e.mark.line), hint=e.hint)]) from None
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line if mark else 0
        col = mark.column if mark else 0
        src = source_line(text, line)
        msg = f"YAML syntax error: {e.problem or e.context}"
        if e.context and (e.problem or "").startswith("but "):
            msg = f"YAML syntax error: {e.context}, {e.problem}"
        raise RulesetError([Diagnostic(msg, file, line + 1, col + 1, src,
                                       hint=_yaml_hint(text, e))]) from None
    except yaml.reader.ReaderError as e:  # a character YAML does not accept (a control code)
        at = e.position
        line, col = line_col(text, at)
        src = source_line(text, line)
        what = repr(chr(e.character)) if isinstance(e.character, int) and \
            0 <= e.character < 0x110000 else "here"
        raise RulesetError([Diagnostic(
            f"YAML error: the character {what} is not allowed in a YAML file",
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
        raise RulesetError([Diagnostic(e.message, file, e.mark.line + 1, e.mark.column + 1,
                                       source_line(text, e.mark.line), hint=e.hint)]) from None
    except RecursionError:
        raise RulesetError([Diagnostic("the YAML document is nested too deeply", file)]) from None
    except yaml.MarkedYAMLError as e:  # a value YAML cannot build, e.g. an unknown !!tag
        mark = e.problem_mark or e.context_mark
        src = source_line(text, mark.line) if mark is not None else ""
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
        src = source_line(text, mark.line)
        raise RulesetError([Diagnostic(
            f"a ruleset must be a YAML mapping (key: value lines), not {got}",
            file, mark.line + 1, mark.column + 1, src,
            hint="start with top-level keys such as 'name: ...' and 'players: ...'")])
    return Source(file, text, data, builder.positions, builder.key_positions)
