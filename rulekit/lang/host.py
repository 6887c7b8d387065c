"""What the parts of the expression compiler (rulekit.lang.literals, operators, names,
definitions, calls, ordering, builtins, clauses, comprehensions) use of the compiler they run in:
an interface, which rulekit.lang.expressions.ExprCompiler meets."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from lark import Token, Tree

from .codegen import Module
from .frame import Frames
from .parsing import CompileError
from .scope import Scope, Tables
from .types import Typed


@dataclass
class Definitions:
    """What the compiler knows of the `define:` entries so far (rulekit.lang.definitions)."""

    stack: list[str] = field(default_factory=list)  # the definitions being inlined, outermost first
    cache: dict[str, tuple[Typed, int]] = field(default_factory=dict)  # with one evaluation's cost
    failed: dict[str, CompileError] = field(default_factory=dict)  # parameterless ones only
    # looping definitions called with plain values: their kept-value functions (see
    # rulekit.lang.definitions.kept_call), or False where the definition is inlined instead
    kept: dict[tuple[Any, ...], tuple[str, str, int, Any, Any, bool] | bool] = field(
        default_factory=dict)


class ExprHost(Protocol):
    """The compiler a part runs in: its tables, its running counts, its generated module and the
    locals bound around the part, and the compiling of a subtree into a typed part."""

    t: Tables
    weight: int  # the work the expression being compiled costs per evaluation
    gen: Module  # the ruleset's generated module: the parts' source goes into it
    nodes: int
    closure_calls: int
    frames: Frames  # the locals the generated code binds around the part being compiled
    defs: Definitions

    def expr(self, tree: Tree[Any] | Token, scope: Scope) -> Typed:
        """Compile one expression tree."""

    def expect(self, tree: Tree[Any], scope: Scope, type_: str, what: str) -> Typed:
        """Compile and check that the result has type type_."""

    def src(self, typed: Typed) -> str:
        """typed's Python source."""

    def code(self, type_: str, src: str, *parts: Typed, **kw: Any) -> Typed:
        """A Typed whose code is generated source."""

    def unless_none(self, typed: Typed, detail: str, use: Any) -> str:
        """The source of use(value of typed), or of the rule error (detail) if it is none."""
