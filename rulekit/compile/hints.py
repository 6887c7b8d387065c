"""Compile a ruleset's bots' hints (`bots:` and actions' `weight:`) into BotHints, located."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lark import Token, Tree

from ..lang.expressions import BOOL, CARD, INT, PLAYER, Scope, local
from ..lang.parsing import parse
from ..rules.hints import Belief, BotHints, RuleOut

if TYPE_CHECKING:
    from .context import CompileContext as Compiler


def compile_hints(c: Compiler) -> BotHints:
    """`bots.evaluate` and the actions' `weight` compiled (errors located)."""
    spec, g = c.spec, c.game
    assert spec is not None and g is not None  # compile_hints runs after the schema check
    hints = BotHints(out_of=spec.bots.out_of, horizon=spec.bots.horizon)
    if spec.bots.evaluate is not None:
        scope = Scope()
        scope.names["p"] = local("p", PLAYER)
        scope.names["p"].not_none = True  # a seat: BotHints.evaluation is asked of seats only
        typed = c.expr(spec.bots.evaluate, ("bots", "evaluate"), scope, INT,
                       "'evaluate' (a whole number from 0 to out_of)")
        if typed is not None:
            hints.evaluate = typed.fn
            tree = parse(spec.bots.evaluate, "expr") if isinstance(spec.bots.evaluate, str) \
                else None
            hints.by_team = bool(g.team_names) and tree is not None and _only_team_of(tree, "p")
            hints.same_for_all = tree is None or not _mentions(tree, "p")
    hints.beliefs = _beliefs(c)
    hints.rule_outs = _rule_outs(c)
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
    return hints


def _beliefs(c: Compiler) -> list[Belief]:
    """`bots.believe`, compiled: `that` and `when` conditions, `share` a number from 0 to 100
    (errors located). The scope names `me`, the seat dealing itself worlds."""
    assert c.spec is not None
    out = []
    for i, b in enumerate(c.spec.bots.believe):
        base = ("bots", "believe", i)
        scope = Scope()
        scope.names["me"] = local("me", PLAYER)
        that = c.expr(b.that, (*base, "that"), scope, BOOL, "'that'")
        share = c.expr(b.share, (*base, "share"), scope, INT,
                       "'share' (a whole number from 0 to 100)")
        when = c.expr(b.when, (*base, "when"), scope, BOOL, "'when'")
        if (b.cards is None) != (b.distance is None):
            given, missing = ("cards", "distance") if b.distance is None else ("distance", "cards")
            c.error(f"'{given}' needs '{missing}': the cards to trade, and how far a world is "
                    "from 'that' (0 when it holds)", (*base, given))
            continue
        cards = distance = None
        if b.cards is not None:
            cards = c.expr(b.cards, (*base, "cards"), scope, "list[card]",
                           "'cards' (a list of cards)")
            distance = c.expr(b.distance, (*base, "distance"), scope, INT,
                              "'distance' (a whole number, 0 when 'that' holds)")
            if cards is None or distance is None:
                continue
        if that is None or share is None or when is None:
            continue
        if share.is_const and not 0 <= share.const <= 100:
            c.error(f"'share' must be from 0 to 100, not {share.const}", (*base, "share"))
            continue
        out.append(Belief(that.fn, share.fn,
                          None if when.is_const and when.const is True else when.fn,
                          cards.fn if cards else None, distance.fn if distance else None))
    return out


def _rule_outs(c: Compiler) -> list[RuleOut]:
    """`bots.rule_out`, compiled: a player zone and a condition on p and it (errors located).
    The scope names `me` too, the seat dealing itself worlds."""
    assert c.spec is not None
    out = []
    for i, r in enumerate(c.spec.bots.rule_out):
        base = ("bots", "rule_out", i)
        zone = c.spec.zones.get(r.zone)
        if zone is None or zone.owner != "player":
            players = sorted(n for n, z in c.spec.zones.items() if z.owner == "player")
            c.error(f"'zone' must name a player zone ({', '.join(players) or 'none declared'}), "
                    f"not {r.zone!r}", (*base, "zone"))
            continue
        scope = Scope()
        scope.names["me"] = local("me", PLAYER)
        scope.names["p"] = local("p", PLAYER)
        scope.names["it"] = local("it", CARD)
        where = c.expr(r.where, (*base, "where"), scope, BOOL,
                       "'where' (a condition on p and the card it)")
        if where is not None:
            out.append(RuleOut(r.zone, where.fn))
    return out


def _mentions(tree: Any, name: str) -> bool:
    """Whether the expression's tree names `name` anywhere (a loop variable of that name
    counts: the answer errs towards yes)."""
    if not isinstance(tree, Tree):
        return False
    if tree.data == "name" and str(tree.children[0]) == name:
        return True
    return any(_mentions(child, name) for child in tree.children if not isinstance(child, Token))


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
