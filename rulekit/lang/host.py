"""What the parts of the expression compiler (rulekit.lang.ordering, clauses, builtins,
comprehensions) use of the ExprCompiler they are parts of, declared once for the type checker."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lark import Token, Tree

from .frame import Frames
from .scope import Scope, Tables
from .types import Typed


class ExprHost:
    """The ExprCompiler a part of it runs in: its tables, its running weight, its module, and
    (for the type checker only: ExprCompiler defines them) the methods the parts call."""

    t: Tables
    weight: int  # the work the expression being compiled costs per evaluation
    gen: Any  # the ruleset's generated module (rulekit.lang.codegen.Module)
    nodes: int
    closure_calls: int
    frames: Frames  # the locals the generated code binds around the part being compiled

    if TYPE_CHECKING:  # ExprCompiler's
        def expr(self, tree: Tree[Any] | Token, scope: Scope) -> Typed: ...
        def expect(self, tree: Tree[Any], scope: Scope, type_: str, what: str) -> Typed: ...
        def src(self, typed: Typed) -> str: ...
        def code(self, type_: str, src: str, *parts: Typed, **kw: Any) -> Typed: ...
        def _unless_none(self, typed: Typed, detail: str, use: Any) -> str: ...
