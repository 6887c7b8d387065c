"""Turn statements: `reverse turn order`, `skip N` (a phase's turn hooks are compiled with the
flow, rulekit.compile.phases). The runtime side is rulekit.lang.turnorder."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lark import Tree

from ..lang.expressions import MAX_INT, Scope
from . import operands, stmt_runtime

if TYPE_CHECKING:
    from .context import CompileContext
    from .stmt_control import Code


def s_reverse_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Code:
    """`reverse turn order`: the current phase's turn passes the other way from now on."""
    return ["s.reversed_order = not s.reversed_order"]


def s_skip_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Code:
    """`skip N`: the next N players who would get the turn when it passes miss it."""
    count = operands.int_code(c, tree.children[0], scope, "how many players to skip")
    gen = c.x.gen
    n, total = gen.temp(), gen.temp()
    negative = gen.ref(stmt_runtime.negative_skip, "the error of skip -N")
    return [f"{n} = {count}", f"if {n} < 0:", f"    {negative}({n})",
            f"{total} = s.skips + {n}",
            f"if {total} > {MAX_INT}:",
            f"    {gen.ref(stmt_runtime.too_many_skips, 'the error of skips past 10^15')}()",
            f"s.skips = {total}"]
