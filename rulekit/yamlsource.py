"""Safe YAML loading that remembers where every node came from (line, column, style)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from .errors import CannotReadError, Diagnostic, RulesetError

MAX_NODES = 200_000  # alias bombs ("billion laughs") stop here instead of eating memory

YamlPath = tuple[str | int, ...]


@dataclass(frozen=True)
class Pos:
    """Where a YAML node starts: 0-based line and column, and its scalar style."""

    line: int
    col: int
    style: str | None = None  # None (plain), "'", '"', "|", ">"


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
        self, message: str, path: YamlPath, *, key: bool = False, offset: tuple[int, int] | None = None,
        hint: str = "",
    ) -> Diagnostic:
        """A diagnostic at path; offset is (line, col) inside a DSL string stored there."""
        pos = self.pos_of(path, key=key)
        line = col = 0
        if pos is not None:
            line, col = pos.line, pos.col
            if offset is not None:
                line, col = self.dsl_location(pos, offset)
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

    def dsl_location(self, pos: Pos, offset: tuple[int, int]) -> tuple[int, int]:
        """Map (line, col) inside a scalar's text to a 0-based (line, col) in the file."""
        dline, dcol = offset
        if pos.style in ("|", ">"):
            lines = self.lines()
            body = pos.line + 1 + dline
            if 0 <= body < len(lines):
                text = lines[body]
                indent = len(text) - len(text.lstrip(" "))
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

    def err(self, message: str, mark: Any, path: YamlPath) -> None:
        lines = self.text.splitlines()
        src = lines[mark.line] if 0 <= mark.line < len(lines) else ""
        self.errors.append(
            Diagnostic(message, self.file, mark.line + 1, mark.column + 1, src, format_path(path))
        )

    def build(self, node: yaml.Node, path: YamlPath, active: set[int]) -> Any:
        self.count += 1
        if self.count > MAX_NODES:
            raise _TooBig(node.start_mark)
        self.positions[path] = Pos(node.start_mark.line, node.start_mark.column,
                                   getattr(node, "style", None))
        if isinstance(node, yaml.ScalarNode):
            return self.constructor.construct_object(node, deep=True)
        if id(node) in active:
            raise _TooBig(node.start_mark, "a YAML alias refers to itself")
        active.add(id(node))
        try:
            if isinstance(node, yaml.SequenceNode):
                return [self.build(child, path + (i,), active) for i, child in enumerate(node.value)]
            if isinstance(node, yaml.MappingNode):
                out: dict[Any, Any] = {}
                for key_node, value_node in node.value:
                    if key_node.tag == "tag:yaml.org,2002:merge":
                        self.err("YAML merge keys (<<) are not supported", key_node.start_mark, path)
                        continue
                    if not isinstance(key_node, yaml.ScalarNode):
                        self.err("a mapping key must be a plain value", key_node.start_mark, path)
                        continue
                    key = self.constructor.construct_object(key_node)
                    if not isinstance(key, str | int) or isinstance(key, bool):
                        key = str(key)
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


class _TooBig(Exception):
    def __init__(self, mark: Any, message: str = "the YAML document expands to too many nodes"):
        self.mark = mark
        self.message = message


def read_text(path: str | Path) -> str:
    """Read a ruleset file or raise CannotReadError."""
    p = Path(path)
    try:
        return p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CannotReadError([Diagnostic(f"cannot read {p}: no such file", str(p))]) from None
    except IsADirectoryError:
        raise CannotReadError([Diagnostic(f"cannot read {p}: it is a directory", str(p))]) from None
    except UnicodeDecodeError:
        raise CannotReadError([Diagnostic(f"cannot read {p}: not UTF-8 text", str(p))]) from None
    except OSError as e:
        raise CannotReadError([Diagnostic(f"cannot read {p}: {e.strerror}", str(p))]) from None


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
        raise RulesetError([Diagnostic(msg, file, line + 1, col + 1, src)]) from None
    except yaml.YAMLError as e:
        raise RulesetError([Diagnostic(f"YAML error: {e}", file)]) from None
    except RecursionError:
        raise RulesetError([Diagnostic("the YAML document is nested too deeply", file)]) from None
    if node is None:
        raise RulesetError([Diagnostic("the ruleset is empty", file, 1, 1)])
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
    except yaml.YAMLError as e:
        raise RulesetError([Diagnostic(f"YAML error: {e}", file)]) from None
    if builder.errors:
        raise RulesetError(builder.errors)
    if not isinstance(data, dict):
        raise RulesetError([Diagnostic("a ruleset must be a YAML mapping (key: value lines)",
                                       file, 1, 1, text.splitlines()[0] if text else "")])
    return Source(file, text, data, builder.positions, builder.key_positions)
