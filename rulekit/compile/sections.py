"""The remaining sections of a ruleset: melds, teams, setup, scoring, invariants, bot hints and
the table."""

from __future__ import annotations

from typing import Any

from ..errors import RuleRuntimeError
from ..lang import expressions as dsl
from ..lang.expressions import (
    BOOL,
    CARD,
    INT,
    PLAYER,
    STR,
    Scope,
    local,
)
from ..lang.types import Fn
from ..rules.hints import BotHints
from ..rules.melds import MeldRules
from ..rules.parts import Scoring
from ..rules.tableview import TableView
from . import effects
from .base import (
    MAX_MELD_SPAN,
)
from .context import CompileContext
from .hints import compile_hints
from .table import compile_table


def meld_rules(c: CompileContext) -> MeldRules | None:
    """Each card's meld value, run key and wildness from the melds section, worked out once
    (None: no melds, or an error reported)."""
    spec = c.spec.melds
    g = c.game
    c.tables.has_melds = spec is not None
    if spec is None or not g.n_cards:
        return None
    path = ("melds",)
    scope = Scope()
    scope.names["it"] = dsl.local("it", CARD)

    def table(expr: Any, key: str, type_: str | None) -> list[Any] | None:
        typed = c.expr(expr, path + (key,), scope, type_, f"melds.{key}")
        if typed is None:
            return None
        try:
            at_load = dsl.LoadTimeState()  # a large expression draws on a budget
            return [typed.fn(at_load, {"it": card}) for card in range(g.n_cards)]
        except (RuleRuntimeError, TypeError, IndexError, ValueError) as e:
            c.error(f"computing melds.{key} failed: {e}", path + (key,))
            return None

    values = table(spec.value, "value", INT)
    ok = table(spec.cards, "cards", BOOL) if spec.cards is not True else [True] * g.n_cards
    same = table(spec.run.same, "same", None) if spec.run and spec.run.same is not None \
        else None
    wild = table(spec.wild, "wild", BOOL) if spec.wild is not None else [False] * g.n_cards
    if spec.run is None and spec.set is None:
        c.error("melds need at least one of 'run' and 'set'", path)
    if spec.wild is not None and spec.wild_values is None:
        c.error("wild cards need 'wild_values: {min: .., max: ..}' (what they may "
                "stand for)", path + ("wild",), key=True)
    if values is None or wild is None or ok is None or c.diags:
        return None
    # runs stay within the values of the cards that may meld (and what wilds may be)
    naturals = [v for v, w, k in zip(values, wild, ok, strict=True) if k and not w] or [0]
    low, high = min(naturals), max(naturals)
    if high - low > MAX_MELD_SPAN:
        c.error(f"meld values run from {low} to {high}; runs need a range of at most "
                f"{MAX_MELD_SPAN} values", path + ("value",),
                hint="give melds.value small numbers (a rank, say), not scores")
        return None
    wild_low = wild_high = None
    if spec.wild_values is not None:
        wild_low, wild_high = spec.wild_values.min, spec.wild_values.max
        if not any(k and not w for w, k in zip(wild, ok, strict=True)):
            low, high = wild_low, wild_high
    c.tables.meld_span = max(high - low + 1, 0)
    return MeldRules(
        value=values, ok=ok, same=same, wild=wild, wild_low=wild_low, wild_high=wild_high,
        run_min=spec.run.min if spec.run else None, run_max=spec.run.max if spec.run else 0,
        set_min=spec.set.min if spec.set else None, set_max=spec.set.max if spec.set else 0,
        low=low, high=high)


def teams(c: CompileContext) -> tuple[list[str], Fn] | None:
    """The team names, and the expression putting each player in a team (None: no teams)."""
    spec = c.spec.teams
    if spec is None:
        if c.spec.variables.team:
            c.error("team variables need a 'teams:' section", ("variables", "team"))
        return None
    if len(set(spec.names)) != len(spec.names):
        c.error("a team is named twice", ("teams", "names"))
    c.tables.team_names = list(spec.names)
    scope = Scope()
    scope.names["p"] = local("p", PLAYER)
    typed = c.expr(spec.of, ("teams", "of"), scope, STR, "'of' (a team's name)")
    if typed is not None and typed.is_const and typed.const not in spec.names:
        c.error(f"'{typed.const}' is not one of the teams {spec.names}", ("teams", "of"))
    return list(spec.names), typed.fn if typed else (lambda s, e: spec.names[0])


def setup(c: CompileContext) -> Fn:
    """The setup effects."""
    return effects.effects(c, c.spec.setup, ("setup",), Scope())


def scoring(c: CompileContext) -> Scoring:
    """The scores and how the winners are found."""
    scope = Scope()
    scope.names["p"] = local("p", PLAYER)
    typed = c.expr(c.spec.scoring.score, ("scoring", "score"), scope, INT, "the score")
    score = typed.fn if typed else (lambda s, e: 0)
    winners = c.spec.scoring.winners
    if winners in ("highest", "lowest", "all", "none"):
        return Scoring(score, winners == "highest", winners)
    cond = c.expr(winners, ("scoring", "winners"), scope, BOOL,
                  "'winners' (highest, lowest, all, none, or a condition on p)")
    return Scoring(score, False, "condition", cond.fn if cond else (lambda s, e: False))


def bot_hints(c: CompileContext) -> BotHints:
    """The bots' hints (rulekit.compile.hints)."""
    return compile_hints(c)


def table_decl(c: CompileContext) -> TableView:
    """The table screen (rulekit.compile.table)."""
    return compile_table(c)


def invariants(c: CompileContext) -> list[tuple[str, Fn]]:
    """The invariants, each a named condition checked by tests and tools."""
    out = []
    for i, inv in enumerate(c.spec.invariants):
        typed = c.expr(inv.check, ("invariants", i, "check"), Scope(), BOOL, "an invariant")
        if typed is not None:
            out.append((inv.name, typed.fn))
    return out
