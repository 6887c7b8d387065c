"""What a name refers to: a bare name (locals, variables, zones, definitions, built-in values),
`x.name` (a player's, a team's, a card's or an arrangement's) and a call `f(...)` (a definition
or a built-in)."""

from __future__ import annotations

from typing import Any

from lark import Token, Tree

from ..data.spelling import did_you_mean
from . import turnorder, zoneids
from .builtins import arranged
from .definitions import definition
from .hoisting import hoisted
from .host import ExprHost
from .ordering import sorted_call
from .parsing import TURN_DIRECTIONS, fail
from .registry import BUILTINS, BY_NAME, compile_call
from .scope import Scope
from .types import (
    ARRANGEMENT,
    CARD,
    INT,
    PLAYER,
    PLAYERS,
    STR,
    TEAM,
    ZONE,
    Typed,
    describe,
    list_of,
)


# -- names ----------------------------------------------------------------------------
def c_name(x: ExprHost, tree: Tree[Any], scope: Scope) -> Typed:
    """A bare name."""
    name = str(tree.children[0])
    return lookup(x, name, tree, scope)


def lookup(x: ExprHost, name: str, node: Tree[Any] | Token, scope: Scope) -> Typed:
    """Resolve a bare name: locals, variables, zones, definitions, built-in values."""
    t = x.t
    if name in scope.names:
        return scope.names[name]
    if name in t.game_vars:
        idx, ty = t.game_vars[name]
        return x.code(ty, f"s.gvars[{idx}]", domain=t.var_domains.get(name),
                      names=t.var_names.get(name))
    if name in t.turn_vars:
        idx, ty = t.turn_vars[name]
        return x.code(ty, f"s.tvars[{idx}]", domain=t.var_domains.get(name),
                      names=t.var_names.get(name))
    if name in t.table_zones:
        z = t.table_zones[name]
        return Typed(ZONE, lambda s, e, z=z: z,  # type: ignore[misc]
                     const=z, is_const=True, src=repr(z))
    if name in t.definitions:
        return definition(x, name, [], node, scope)
    if name == "players":
        return x.code(PLAYERS, "s.players", items_not_none=True)
    if name == "num_players":
        return x.code(INT, "s.n")
    if name == "turn_direction":  # the current phase's turn order now (after reversals)
        ask = x.gen.ref(turnorder.direction, "the turn direction now")
        return x.code(STR, f"{ask}(s)", domain=TURN_DIRECTIONS)
    if name == "teams" and t.team_names:
        everyone = x.gen.ref(list(range(len(t.team_names))), "every team")
        return x.code(list_of(TEAM), everyone)
    if name in t.player_zones or name in t.player_vars:
        raise fail(node, f"'{name}' belongs to each player; write it as <player>.{name}",
                   f"for example actor.{name}")
    options = (list(scope.names) + list(t.game_vars) + list(t.turn_vars)
               + list(t.table_zones) + list(t.definitions) + ["players", "num_players"])
    if name in t.symbols:
        raise fail(node, f"unknown name '{name}'",
                   f"to compare with the value, quote it: '{name}'")
    if name == "picked":
        raise fail(node, "unknown name 'picked'", "'picked' (the cards picked so far) is "
                   "known only in a cards parameter's where, min and max")
    raise fail(node, f"unknown name '{name}'", Scope.unknown_hint(name, options))


# -- attribute access -----------------------------------------------------------------
def c_attr(x: ExprHost, tree: Tree[Any], scope: Scope) -> Typed:
    """`X.name`."""
    base_tree, name_tok = tree.children
    base = x.expr(base_tree, scope)
    return attribute(x, base, str(name_tok), name_tok)


def attribute(x: ExprHost, base: Typed, name: str, node: Tree[Any] | Token) -> Typed:
    """`x.name` for a player (variable or zone) or a card (attribute)."""
    t = x.t
    if base.type == PLAYER:
        if name in t.player_vars:
            idx, ty = t.player_vars[name]
            src = x.unless_none(base, f"no player (none) has a '{name}'",
                                lambda v: f"s.pvars[{idx}][{v}]")
            return x.code(ty, src, base,
                          domain=t.var_domains.get(name), names=t.var_names.get(name))
        if name in t.player_zones:
            k = t.player_zones[name]
            nt = t.n_table_zones
            # zone ids: the table's first, then each kind of player zone, one per seat
            src = x.unless_none(base, f"no player (none) has a '{name}'",
                                lambda v: zoneids.player_zone_src(nt, k, v))
            return x.code(ZONE, src, base)
        raise fail(node, f"a player has no variable or zone '{name}'",
                   did_you_mean(name, list(t.player_vars) + list(t.player_zones)))
    if base.type == TEAM:
        if name in t.team_vars:
            idx, ty = t.team_vars[name]
            return x.code(ty, f"s.teamvars[{idx}][{x.src(base)}]", base)
        if name in t.team_zones:
            k = t.team_zones[name]
            nt, nk = t.n_table_zones, len(t.player_zones)
            nteams = len(t.team_names)
            src = x.unless_none(base, f"no team (none) has a '{name}'",
                                lambda v: zoneids.team_zone_src(nt, nk, k, nteams, v))
            return x.code(ZONE, src, base)
        raise fail(node, f"a team has no variable or zone '{name}'",
                   did_you_mean(name, list(t.team_vars) + list(t.team_zones)))
    if base.type == CARD:
        if name not in t.attributes:
            raise fail(node, f"cards have no attribute '{name}'",
                       did_you_mean(name, t.attributes))
        ty, domain, table = t.attributes[name]
        tab = x.gen.ref(table, f"the cards' attribute '{name}', by card")
        src = x.unless_none(base, f"no card (none) has a '{name}'",
                            lambda v: f"{tab}[{v}]")
        # a card worked out (the discard's top) and not the loop's: once per run of a loop
        return hoisted(x, x.code(ty, src, base, domain=domain, names=t.attr_names.get(name)),
                       base)
    if base.type == ARRANGEMENT:
        return arranged(x, base, name, node)
    raise fail(node, f"'.{name}' needs a player or a card, but this is {describe(base.type)}")


# -- calls ----------------------------------------------------------------------------
def c_call(x: ExprHost, tree: Tree[Any], scope: Scope) -> Typed:
    """`f(...)`: a definition or a built-in."""
    name_tok, arglist = tree.children
    name = str(name_tok)
    arg_trees = arglist.children if arglist is not None else []
    if name in x.t.definitions:
        args = [x.expr(a, scope) for a in arg_trees]
        return definition(x, name, args, tree, scope)
    entry = BY_NAME.get(name)  # the built-ins' registry (rulekit.lang.registry)
    if entry is None:
        raise fail(name_tok, f"unknown function '{name}'",
                   did_you_mean(name, sorted(BUILTINS | set(x.t.definitions))))
    if entry.compile is None:  # sorted, a special form: its key sees `it`
        return sorted_call(x, arg_trees, tree, scope)
    args = [x.expr(a, scope) for a in arg_trees]
    return compile_call(x, entry, name, args, arg_trees, tree, scope)
