"""Variables: game, player, team and turn variables, their types and first values."""

from __future__ import annotations

from typing import Any

from ..data.yamlsource import YamlPath
from ..lang import expressions as dsl
from ..lang.expressions import (
    BOOL,
    CARDS,
    INT,
    PLAYER,
    PLAYERS,
    STR,
    describe,
    did_you_mean,
)
from ..rules.parts import VarInfo, VarLayout
from . import langdata
from .base import (
    VAR_TYPES,
)
from .context import CompileContext
from .schema_errors import _show


def var_type(c: CompileContext, name: str, path: YamlPath) -> str | None:
    """The type a `type:` names (an attribute's name is a word type); None after an error."""
    if name in VAR_TYPES:
        return VAR_TYPES[name]
    if name in c.tables.attributes:
        return c.tables.attributes[name][0]
    c.error(f"unknown type '{name}'", path,
            hint=did_you_mean(name, list(VAR_TYPES) + list(c.tables.attributes))
            or "types: " + ", ".join(VAR_TYPES) + ", or a card attribute's name")
    return None


def initial_value(c: CompileContext, ty: str, v: Any, path: YamlPath,
                  domain: frozenset[Any] | None) -> Any:
    """A variable's first value, checked against its type and words."""
    if ty == dsl.ANY:  # the type has an error (reported)
        return v
    if v is None:
        return {INT: 0, BOOL: False, CARDS: [], PLAYERS: []}.get(ty)
    ok = {INT: isinstance(v, int) and not isinstance(v, bool), BOOL: isinstance(v, bool),
          STR: isinstance(v, str), PLAYER: isinstance(v, int) and not isinstance(v, bool)
          and v >= 0}.get(ty, False)
    if ty == STR and domain is not None and isinstance(v, str) and v not in domain:
        c.error(f"'{v}' is not one of {dsl.show_values(domain)}", path,
                hint=did_you_mean(str(v), domain))
        return None
    if not ok:
        want = describe(ty) + (f" (one of {dsl.show_values(domain)})" if domain else "")
        c.error(f"the initial value is {_show(v)}, not {want}", path)
        return None
    if ty == PLAYER and v >= c.spec.players.min:
        c.error(f"seat {v} does not exist in a game of {c.spec.players.min} players "
                f"(seats are 0 to {c.spec.players.min - 1})", path)
        return None
    return v


def variables(c: CompileContext) -> VarLayout:
    """The variable layout: game, player, team and turn variables with their first values."""
    out, t = VarLayout(), c.tables
    seen: dict[str, str] = {}
    groups = (("game", c.spec.variables.game, t.game_vars, out.game, out.game_initial),
              ("player", c.spec.variables.player, t.player_vars, out.player,
               out.player_initial),
              ("team", c.spec.variables.team, t.team_vars, out.team, out.team_initial),
              ("turn", c.spec.variables.turn, t.turn_vars, out.turn, out.turn_initial))
    for scope_name, specs, table, infos, initial in groups:
        for name, v in specs.items():
            path = ("variables", scope_name, name)
            if name in seen:
                c.error(f"variable '{name}' is already declared in variables.{seen[name]}",
                        path, key=True)
                continue
            clash = name_clash(c, name)
            if clash:
                c.error(f"variable '{name}' has the same name as {clash}", path, key=True)
                continue
            seen[name] = scope_name
            ty = var_type(c, v.type, path + ("type",))
            if ty is None:  # reported; keep the name known so its uses do not cascade
                table[name] = (len(infos), dsl.ANY)
                infos.append(VarInfo(name, scope_name, len(infos), dsl.ANY, v.visible is True,
                                     name))
                initial.append(None)
                continue
            domain = t.attributes[v.type][1] if v.type in t.attributes else None
            if v.label:
                c.need_text(v.label, path + ("label",))
            table[name] = (len(infos), ty)
            if domain is not None:
                c.var_domains[name] = domain
                t.var_domains[name] = domain
            infos.append(VarInfo(name, scope_name, len(infos), ty, v.visible is True,
                                 v.label or name, langdata.variable_names(c, name, v, ty, path),
                                 private=private(c, scope_name, v.visible, path)))
            initial.append(initial_value(c, ty, v.initial, path + ("initial",), domain))
    return out


# the owner a private variable's scope has: who may see it
_OWNERS = {"player": "owner", "team": "team"}


def private(c: CompileContext, scope: str, visible: bool | str, path: YamlPath) -> bool:
    """Whether `visible:` makes the variable private (seen by its player or team alone)."""
    if isinstance(visible, bool):
        return False
    if _OWNERS.get(scope) != visible:
        fits = f"'visible: {_OWNERS[scope]}' " if scope in _OWNERS else ""
        c.error(f"a {scope} variable cannot be 'visible: {visible}': only a player variable is "
                "seen by its owner alone (owner), a team variable by its team (team)",
                path + ("visible",), hint=f"use {fits}'visible: true' or 'visible: false'")
        return False
    return True


def name_clash(c: CompileContext, name: str) -> str:
    """What else a name already names (a built-in name, a zone, a built-in function), or ''."""
    t = c.tables
    if name in c.RESERVED:
        return "a built-in name"
    if name in t.table_zones or name in t.player_zones:
        return f"zone '{name}'"
    if name in dsl.BUILTINS:
        return f"the built-in function '{name}'"
    return ""
