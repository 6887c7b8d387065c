"""Turn statements: `reverse turn order`, `skip N` (a phase's turn hooks are compiled with the
flow, rulekit.compile.phases). The runtime side is rulekit.lang.turnorder."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lark import Tree

from ..errors import EvaluationLimitError, RuleRuntimeError
from ..lang.expressions import MAX_INT, Scope
from ..lang.types import Fn
from . import operands

if TYPE_CHECKING:
    from .context import CompileContext





def s_reverse_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Fn:
    """`reverse turn order`: the current phase's turn passes the other way from now on."""
    def run(s: Any, e: dict[str, Any]) -> None:
        s.reversed_order = not s.reversed_order
    return run


def s_skip_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Fn:
    """`skip N`: the next N players who would get the turn when it passes miss it."""
    nf = operands.int_fn(c, tree.children[0], scope, "how many players to skip")

    def run(s: Any, e: dict[str, Any]) -> None:
        n = nf(s, e)
        if n < 0:
            raise RuleRuntimeError("", f"cannot skip a negative number of players ({n})")
        total = s.skips + n
        if total > MAX_INT:
            raise EvaluationLimitError("", "a number grew past the limit of 10^15 (skips)")
        s.skips = total

    return run


