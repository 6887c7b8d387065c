"""Zones: the table's, each player's and each team's, with their visibility and order."""

from __future__ import annotations

from typing import Any

from ..data.yamlsource import YamlPath
from ..errors import RuleRuntimeError
from ..lang import expressions as dsl
from ..lang.expressions import (
    CARD,
    INT,
    STR,
    Scope,
    describe,
    did_you_mean,
)
from ..rules.parts import ZoneInfo, ZoneLayout
from .context import CompileContext


def zones(c: CompileContext) -> ZoneLayout:
    """The zone layout: table, player and team zones in declaration order, with their sort keys."""
    out, t = ZoneLayout(), c.tables
    for name, z in c.spec.zones.items():
        info = ZoneInfo(name, z.owner, z.visibility, z.ordered, z.label or name, z.melds,
                        _sort_key(c, z.sort, ("zones", name, "sort")))
        if z.melds and c.spec.melds is None:
            c.error("a zone of melds needs a 'melds:' section saying how runs and sets "
                    "are made", ("zones", name, "melds"), key=True)
        if z.label:
            c.need_text(z.label, ("zones", name, "label"))
        if z.owner == "team":
            if c.spec.teams is None:
                c.error("a zone owned by a team needs a 'teams:' section",
                        ("zones", name, "owner"))
            t.team_zones[name] = len(out.team)
            out.team.append(info)
        elif z.owner == "table":
            t.table_zones[name] = len(out.table)
            out.table.append(info)
        else:
            t.player_zones[name] = len(out.player)
            out.player.append(info)
    t.n_table_zones = len(out.table)
    start = c.spec.cards.start
    if start in t.table_zones:
        out.start = t.table_zones[start]
    elif start in t.player_zones:
        c.error(f"the deck must start in a table zone; '{start}' belongs to each player",
                ("cards", "start"), hint="table zones: " + ", ".join(t.table_zones)
                if t.table_zones else "declare a zone with owner: table")
    else:
        c.error(f"unknown zone '{start}'", ("cards", "start"),
                hint=did_you_mean(start, t.table_zones))
    return out


def _sort_key(c: CompileContext, expr: Any, path: YamlPath) -> list[Any] | None:
    """A zone's display order: the value of `sort` for every card, computed once."""
    if expr is None or not c.game.n_cards:
        return None
    scope = Scope()
    scope.names["it"] = dsl.local("it", CARD)
    typed = c.expr(expr, path, scope)
    if typed is None:
        return None
    if typed.type not in (INT, STR):
        c.error(f"'sort' must give a number or a word for each card, but this is "
                f"{describe(typed.type)}", path)
        return None
    try:
        at_load = dsl.LoadTimeState()
        return [typed.fn(at_load, {"it": card}) for card in range(c.game.n_cards)]
    except (RuleRuntimeError, TypeError, IndexError, ValueError) as e:
        c.error(f"computing 'sort' failed: {e}", path)
        return None
