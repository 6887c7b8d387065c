"""Compile a ruleset's bots' hints (`bots:` and actions' `weight:`) into BotHints, located."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lark import Token, Tree

from ..lang.expressions import INT, PLAYER, Scope, local
from ..lang.parsing import parse
from ..rules.hints import BotHints

if TYPE_CHECKING:
    from .base import CompilerBase as Compiler


def compile_hints(c: Compiler) -> None:
    """Compile `bots.evaluate` and the actions' `weight` into c.game.hints (errors located)."""
    spec, g = c.spec, c.game
    assert spec is not None and g is not None  # compile_hints runs after the schema check
    hints = BotHints(out_of=spec.bots.out_of)
    if spec.bots.evaluate is not None:
        scope = Scope()
        scope.names["p"] = local("p", PLAYER)
        typed = c.expr(spec.bots.evaluate, ("bots", "evaluate"), scope, INT,
                       "'evaluate' (a whole number from 0 to out_of)")
        if typed is not None:
            hints.evaluate = typed.fn
            hints.by_team = bool(g.team_names) and isinstance(spec.bots.evaluate, str) and \
                _only_team_of(parse(spec.bots.evaluate, "expr"), "p")
    for index, (name, a) in enumerate(spec.actions.items()):
        if a.weight is None:
            continue
        path = ("actions", name, "weight")
        if isinstance(a.weight, bool):
            c.error("'weight' must be a whole number (0 or more), not true/false", path)
            continue
        scope = Scope()
        scope.names["actor"] = local("actor", PLAYER)
        if a.window is not None:
            scope.names["opener"] = local("opener", PLAYER)
        typed = c.expr(a.weight, path, scope, INT, "'weight' (a whole number, 0 or more)")
        if typed is None:
            continue
        if typed.is_const:
            if typed.const < 0:
                c.error(f"'weight' must be 0 or more, not {typed.const}", path)
                continue
            hints.constant_weights[index] = typed.const
        hints.weights[index] = typed.fn
    g.hints = hints



def _only_team_of(tree: Any, name: str) -> bool:
    """Whether every use of the name in the expression's tree is the one argument of a call
    team(name) (a loop variable of that name shadowing it counts as a use: the answer errs
    towards no)."""
    if not isinstance(tree, Tree):
        return True
    if tree.data == "name":
        return str(tree.children[0]) != name
    if (tree.data == "call" and len(tree.children) == 2 and str(tree.children[0]) == "team"
            and isinstance(tree.children[1], Tree) and len(tree.children[1].children) == 1):
        arg = tree.children[1].children[0]
        if isinstance(arg, Tree) and arg.data == "name" and str(arg.children[0]) == name:
            return True
    return all(_only_team_of(child, name) for child in tree.children
               if not isinstance(child, Token))
