"""A ruleset's generated Python module: expressions turned into source, compiled once.

The source is assembled only from this module's own templates: every identifier in it is
generated here (`_k3`, `_f12`, `_t5`) or one of a fixed set (`s`, `e`, the names in SAFE_NAMES),
and every value that comes from a ruleset is either a Python literal made by `repr` of an int,
bool, None or str, or an object bound to a generated name in the module's namespace. No text of a
ruleset is ever spliced in as code, so a ruleset still cannot run code.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import RuleRuntimeError
from .budget import _bounded
from .codecache import CodeCache

# the builtins a generated function may call: everything else it names is generated here
SAFE_NAMES = frozenset({"len", "min", "max", "abs", "any", "all", "sum", "list", "next", "iter",
                        "range", "tuple", "sorted", "set"})
LITERAL_TYPES = (bool, int, str, type(None))
FILENAME = "<rulekit generated>"


MAX_PARENS = 60  # brackets in one part's source before it becomes a function of its own
MAX_DEPTH = 8  # Python compiles at most 20 nested blocks: deeper bodies become functions


def indent(lines: list[str]) -> list[str]:
    """lines one level deeper (a block with no statement gets `pass`)."""
    return [f"    {line}" for line in lines] or ["    pass"]


def depth(lines: list[str]) -> int:
    """How many blocks deep the statements lines go."""
    return max(((len(line) - len(line.lstrip(" "))) // 4 for line in lines), default=0)


def none_error(detail: str) -> Any:
    """Raise the rule error of a value that is none where a player, card or team is needed."""
    raise RuleRuntimeError("", detail)


@dataclass
class Generated:
    """One generated function: its name, what it was made for, and its source text."""

    name: str
    label: str
    text: str


class Module:
    """The generated module of one ruleset: its namespace, its functions and what they refer to."""

    def __init__(self) -> None:
        self.namespace: dict[str, Any] = {"__builtins__": {n: __builtins__[n] if isinstance(
            __builtins__, dict) else getattr(__builtins__, n) for n in SAFE_NAMES}}
        self.refs: dict[int, str] = {}  # id(object) -> its generated name
        self.ref_labels: list[tuple[str, str]] = []  # (name, what it is), in order
        self.functions: list[Generated] = []
        self.context = ""  # the rule being compiled: labels what is generated for it
        self.cache: CodeCache | None = None  # compiled code kept between runs
        self._ids = itertools.count(1)
        self._kept: list[Any] = []  # objects referred to, alive as long as their id is used
        self.none_error = self.ref(none_error, "raises the error for a none value")
        self.bounded = self.ref(_bounded, "the number bound (10^15)")

    def ref(self, obj: Any, label: str) -> str:
        """A generated name bound to obj in the namespace (the same name for the same object)."""
        name = self.refs.get(id(obj))
        if name is not None:
            return name
        name = f"_k{next(self._ids)}"
        self.refs[id(obj)] = name
        self._kept.append(obj)
        self.namespace[name] = obj
        self.ref_labels.append((name, label))
        return name

    def literal(self, value: Any, label: str = "a value") -> str:
        """A ruleset value in source: a Python literal if it is one, else a bound name."""
        if type(value) in LITERAL_TYPES:
            return repr(value)
        return self.ref(value, label)

    def temp(self) -> str:
        """A fresh local name for a value used twice in one expression."""
        return f"_t{next(self._ids)}"

    def call(self, fn: Callable[..., Any], label: str) -> str:
        """Source that calls a function of (state, env): an expression part compiled as a
        closure (no statement is one), or a generated function of deeply nested statements."""
        return f"{self.ref(fn, label)}(s, e)"

    def function(self, src: str) -> Callable[[Any, dict[str, Any]], Any]:
        """Compile `def _fN(s, e): return src` in the namespace; the function."""
        return self.body_function([f"return {src}"])

    def body_function(self, lines: list[str], params: list[str] | None = None
                      ) -> Callable[..., Any]:
        """Compile `def _fN(s, e, *params):` with the statements lines (indented from 0); the
        function."""
        name = f"_f{next(self._ids)}"
        args = "".join(f", {p}" for p in params or [])
        text = f"def {name}(s, e{args}):\n" + "".join(f"    {line}\n" for line in lines)
        code = self.cache.compile(text, FILENAME) if self.cache else compile(text, FILENAME, "exec")
        exec(code, self.namespace)  # noqa: S102 - our own text, never a ruleset's
        self.functions.append(Generated(name, self.context, text))
        fn: Callable[..., Any] = self.namespace[name]
        return fn

    def function_of(self, params: list[str], src: str) -> str:
        """The name of a new function `_fN(s, e, *params)` returning src: a part too deep to
        inline, given the loop variables around it that it reads (params: generated names)."""
        name = f"_f{next(self._ids)}"
        args = "".join(f", {p}" for p in params)
        text = f"def {name}(s, e{args}):\n    return {src}\n"
        code = self.cache.compile(text, FILENAME) if self.cache else compile(text, FILENAME, "exec")
        exec(code, self.namespace)  # noqa: S102 - our own text, never a ruleset's
        self.functions.append(Generated(name, self.context, text))
        return name

    def memo_function(self, params: list[str], src: str, label: str) -> str:
        """The name of a new function `_fN(s, *params)` returning src, its value kept in the
        state's `memo` (by its arguments) while the state has one: src may read the state and
        the params, never `e`. The runtime gives the state a memo only while it lists the legal
        actions, when nothing changes, so a definition asked for each card is worked out once
        per card and not once per card per card."""
        memo, key, value = self.temp(), self.temp(), self.temp()
        name = f"_f{next(self._ids)}"
        args = "".join(f", {p}" for p in params)
        lines = [f"{memo} = s.memo", f"if {memo} is None:", f"    return {src}",
                 f"{key} = ({name!r}{args},)", f"if {key} in {memo}:", f"    return {memo}[{key}]",
                 f"{value} = {memo}[{key}] = {src}", f"return {value}"]
        text = f"def {name}(s{args}):\n" + "".join(f"    {line}\n" for line in lines)
        code = self.cache.compile(text, FILENAME) if self.cache else compile(text, FILENAME, "exec")
        exec(code, self.namespace)  # noqa: S102 - our own text, never a ruleset's
        self.functions.append(Generated(name, label, text))
        return name

    def block(self, lines: list[str]) -> list[str]:
        """lines to nest in a block: as they are, or (when deep) a call of a function of their
        own, stopping there too once the game has ended."""
        if depth(lines) < MAX_DEPTH:
            return lines
        return [self.call(self.body_function(lines), "statements nested deeply"),
                "if s.over:", "    return"]

    def source(self) -> str:
        """The module's text, as `rulekit compile` prints it."""
        lines = ["# Generated by rulekit from the ruleset: read-only, for reading what a rule",
                 "# became. s is the state, e the rule's local names (actor, parameters,",
                 "# loop variables). Names bound by the loader, not written here:"]
        lines += [f"#   {name}: {label}" for name, label in self.ref_labels]
        for g in self.functions:
            lines.append("")
            if g.label:
                lines += [f"# {line}" for line in g.label.splitlines()]
            lines.append(g.text.rstrip("\n"))
        return "\n".join(lines) + "\n"

