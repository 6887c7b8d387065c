"""Compiling a ruleset's remaining sections: melds, teams, setup, scoring, invariants, bot
hints and the table."""

from __future__ import annotations

from collections.abc import Callable
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
from ..rules.melds import MeldRules
from .base import (
    MAX_MELD_SPAN,
    CompilerBase,
)
from .hints import compile_hints
from .table import compile_table

Fn = Callable[[Any, dict], Any]


class SectionsMixin(CompilerBase):
    """The sections compiled after the phases."""

    # ---- setup, scoring, invariants ----------------------------------------------------
    def meld_rules(self) -> None:
        """Precompute each card's meld value, run key and wildness from the melds section."""
        spec = self.spec.melds
        g = self.game
        self.tables.has_melds = spec is not None
        if spec is None or not g.n_cards:
            return
        path = ("melds",)
        scope = Scope()
        scope.names["it"] = dsl.local("it", CARD)

        def table(expr: Any, key: str, type_: str | None) -> list | None:
            typed = self.expr(expr, path + (key,), scope, type_, f"melds.{key}")
            if typed is None:
                return None
            try:
                at_load = dsl.LoadTimeState()  # a large expression draws on a budget
                return [typed.fn(at_load, {"it": c}) for c in range(g.n_cards)]
            except (RuleRuntimeError, TypeError, IndexError, ValueError) as e:
                self.error(f"computing melds.{key} failed: {e}", path + (key,))
                return None

        values = table(spec.value, "value", INT)
        ok = table(spec.cards, "cards", BOOL) if spec.cards is not True else [True] * g.n_cards
        same = table(spec.run.same, "same", None) if spec.run and spec.run.same is not None \
            else None
        wild = table(spec.wild, "wild", BOOL) if spec.wild is not None else [False] * g.n_cards
        if spec.run is None and spec.set is None:
            self.error("melds need at least one of 'run' and 'set'", path)
        if spec.wild is not None and spec.wild_values is None:
            self.error("wild cards need 'wild_values: {min: .., max: ..}' (what they may "
                       "stand for)", path + ("wild",), key=True)
        if values is None or wild is None or ok is None or self.diags:
            return
        # runs stay within the values of the cards that may meld (and what wilds may be)
        naturals = [v for v, w, k in zip(values, wild, ok, strict=True) if k and not w] or [0]
        low, high = min(naturals), max(naturals)
        if high - low > MAX_MELD_SPAN:
            self.error(f"meld values run from {low} to {high}; runs need a range of at most "
                       f"{MAX_MELD_SPAN} values", path + ("value",),
                       hint="give melds.value small numbers (a rank, say), not scores")
            return
        wild_low = wild_high = None
        if spec.wild_values is not None:
            wild_low, wild_high = spec.wild_values.min, spec.wild_values.max
            if not any(k and not w for w, k in zip(wild, ok, strict=True)):
                low, high = wild_low, wild_high
        self.tables.meld_span = max(high - low + 1, 0)
        g.meld_rules = MeldRules(
            value=values, ok=ok, same=same, wild=wild, wild_low=wild_low, wild_high=wild_high,
            run_min=spec.run.min if spec.run else None, run_max=spec.run.max if spec.run else 0,
            set_min=spec.set.min if spec.set else None, set_max=spec.set.max if spec.set else 0,
            low=low, high=high)

    def teams(self) -> None:
        """Team names, and the expression putting each player in a team."""
        spec = self.spec.teams
        if spec is None:
            if self.spec.variables.team:
                self.error("team variables need a 'teams:' section", ("variables", "team"))
            return
        if len(set(spec.names)) != len(spec.names):
            self.error("a team is named twice", ("teams", "names"))
        self.game.team_names = list(spec.names)
        self.tables.team_names = list(spec.names)
        scope = Scope()
        scope.names["p"] = local("p", PLAYER)
        typed = self.expr(spec.of, ("teams", "of"), scope, STR, "'of' (a team's name)")
        if typed is not None and typed.is_const and typed.const not in spec.names:
            self.error(f"'{typed.const}' is not one of the teams {spec.names}", ("teams", "of"))
        self.game.team_of_fn = typed.fn if typed else (lambda s, e: spec.names[0])

    def setup(self) -> None:
        self.game.setup = self.effects(self.spec.setup, ("setup",), Scope())

    def scoring(self) -> None:
        scope = Scope()
        scope.names["p"] = local("p", PLAYER)
        typed = self.expr(self.spec.scoring.score, ("scoring", "score"), scope, INT, "the score")
        self.game.score_fn = typed.fn if typed else (lambda s, e: 0)
        winners = self.spec.scoring.winners
        self.game.winners_highest = winners == "highest"
        if winners in ("highest", "lowest", "all", "none"):
            self.game.winners_mode = winners
        else:
            cond = self.expr(winners, ("scoring", "winners"), scope, BOOL,
                             "'winners' (highest, lowest, all, none, or a condition on p)")
            self.game.winners_mode = "condition"
            self.game.winners_fn = cond.fn if cond else (lambda s, e: False)

    def bot_hints(self) -> None:
        compile_hints(self)

    def table_decl(self) -> None:
        compile_table(self)

    def invariants(self) -> None:
        for i, inv in enumerate(self.spec.invariants):
            typed = self.expr(inv.check, ("invariants", i, "check"), Scope(), BOOL, "an invariant")
            if typed is not None:
                self.game.invariants.append((inv.name, typed.fn))
