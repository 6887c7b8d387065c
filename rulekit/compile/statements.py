"""The statements of the language (`set`, `add`, `move`, ... `call`): one function per form,
generating its code, and CODEGEN, keyed by the statement table (rulekit.lang.statements)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lark import Tree

from ..errors import EvaluationLimitError, RuleRuntimeError
from ..lang import expressions as dsl
from ..lang.budget import MAX_INT, _bounded, stored, stored_for_turn
from ..lang.expressions import (
    BOOL,
    CARD,
    INT,
    PLAYER,
    PLAYERS,
    Scope,
    charge,
    compatible,
    describe,
    did_you_mean,
    fail,
)
from ..lang.statements import STATEMENTS
from ..lang.textcheck import TextUse
from ..lang.types import Fn
from . import langdata, operands, show, stmt_procedures, stmt_turns
from .base import (
    MAX_OPEN_WINDOWS,
    _noop,
    _snapshot,
)
from .context import CompileContext
from .stmt_control import Part


def s_set_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Fn | list[str]:
    """`set VARIABLE = VALUE`."""
    lv, value_tree = tree.children
    setter, ty = lvalue(c, lv, scope)
    value = c.x.expr(value_tree, scope)
    if not compatible(ty, value.type):
        raise fail(value_tree, f"cannot store {describe(value.type)} in a variable that "
                   f"holds {describe(ty)}")
    domain = c.var_domains.get(str(lv.children[-1]))
    if domain is not None and value.words is not None:
        value.words.meets(domain, stored=True)
    if domain is not None and value.is_const and value.const not in domain \
            and value.const is not None:
        raise fail(value_tree, f"'{value.const}' is not one of the values "
                   f"{dsl.show_values(domain)}", did_you_mean(str(value.const), domain))
    target = lvalue_code(c, lv, scope)
    if target is not None:
        gen = c.x.gen
        v = gen.temp()
        code = [f"{v} = {c.x.src(value)}"]
        # a number or a condition is never none (asked unless it cannot be)
        if ty in (INT, BOOL) and not value.is_const and not value.not_none:
            detail = langdata.none_detail(f"the value stored in '{lv.children[-1]}'")
            code += [f"if {v} is None:", f"    {gen.none_error}({detail!r})"]
        lines, place = target
        if dsl.elem_of(ty) is not None:
            # a list is stored as it is now (a copy), its size counted in what the state
            # holds (limits.max_state) in place of the list it replaces
            keep = (gen.ref(stored_for_turn, "a turn's list stored, counted until it ends")
                    if place.startswith("s.tvars[") else
                    gen.ref(stored, "a list stored, counted in limits.max_state"))
            return code + lines + [f"{place} = {keep}(s, {v}, {place})"]
        return code + lines + [f"{place} = {v}"]
    vf = value.fn
    if ty in (INT, BOOL) and not value.is_const:  # a number or a condition is never none
        vf = langdata.not_none(vf, f"the value stored in '{lv.children[-1]}'")
    if dsl.elem_of(ty) is not None:  # the setter stores a copy (see lvalue)
        return lambda s, e: setter(s, e, vf(s, e))
    return lambda s, e: setter(s, e, _snapshot(vf(s, e)))


def s_add_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Fn:
    """`add NUMBER to VARIABLE`."""
    value_tree, lv = tree.children
    setter, ty = lvalue(c, lv, scope)
    getter = c.x.expr(Tree("attr", lv.children) if lv.data == "lv_attr" else
                      Tree("name", lv.children), scope).fn
    if ty != INT:
        raise fail(lv, f"'add' needs a number variable, but this is {describe(ty)}")
    vf = operands.int_fn(c, value_tree, scope, "the amount to add")

    def add(s: Any, e: dict[str, Any]) -> None:
        v = getter(s, e) + vf(s, e)
        setter(s, e, v if -MAX_INT <= v <= MAX_INT else _bounded(v))

    return add


def lvalue_code(c: CompileContext, lv: Tree[Any], scope: Scope) -> tuple[list[str], str] | None:
    """A variable as the target of a generated assignment: the statements that find its
    owner, and the target; None when only the closure form does (a random owner)."""
    t = c.tables
    if lv.data == "lv_name":
        name = str(lv.children[0])
        if name in t.game_vars:
            return [], f"s.gvars[{t.game_vars[name][0]}]"
        if name in t.turn_vars:
            return [], f"s.tvars[{t.turn_vars[name][0]}]"
        return None  # an error: the closure form reports it
    base_tree, name_tok = lv.children
    base = c.x.expr(base_tree, scope)
    name = str(name_tok)
    if base.uses_random:
        return None
    if base.type == PLAYER and name in t.player_vars:
        owner, store, i = "player", "pvars", t.player_vars[name][0]
    elif base.type == dsl.TEAM and name in t.team_vars:
        owner, store, i = "team", "teamvars", t.team_vars[name][0]
    else:
        return None
    who = c.x.gen.temp()
    detail = f"cannot set '{name}' of no {owner} (none)"
    return ([f"{who} = {c.x.src(base)}", f"if {who} is None:",
             f"    {c.x.gen.none_error}({detail!r})"], f"s.{store}[{i}][{who}]")


def lvalue(c: CompileContext, lv: Tree[Any],
           scope: Scope) -> tuple[Callable[[Any, dict[str, Any], Any], None], str]:
    """The setter and type of what a `set` or `add` stores into (as a closure)."""
    t = c.tables
    if lv.data == "lv_name":
        name = str(lv.children[0])
        if name in t.game_vars:
            i, ty = t.game_vars[name]
            listy = dsl.elem_of(ty) is not None  # a list: a copy, counted (stored)

            def set_game(s: Any, e: dict[str, Any], v: Any, i: int = i) -> None:
                s.gvars[i] = stored(s, v, s.gvars[i]) if listy else v
            return set_game, ty
        if name in t.turn_vars:
            i, ty = t.turn_vars[name]
            listy = dsl.elem_of(ty) is not None

            def set_turn(s: Any, e: dict[str, Any], v: Any, i: int = i) -> None:
                s.tvars[i] = stored_for_turn(s, v, s.tvars[i]) if listy else v
            return set_turn, ty
        if name in scope.names:
            raise fail(lv, f"'{name}' is not a variable; only variables can be set")
        if name in t.player_vars:
            raise fail(lv, f"'{name}' belongs to each player; write <player>.{name}")
        raise fail(lv, f"unknown variable '{name}'",
                   did_you_mean(name, list(t.game_vars) + list(t.turn_vars)))
    base_tree, name_tok = lv.children
    base = c.x.expr(base_tree, scope)
    name = str(name_tok)
    # a variable of an owner: a player's (s.pvars) or a team's (s.teamvars)
    owners = {PLAYER: ("player", "players", t.player_vars, "pvars"),
              dsl.TEAM: ("team", "teams", t.team_vars, "teamvars")}
    if base.type not in owners:
        raise fail(lv, f"only player and team variables can be set with '.', but this is "
                   f"{describe(base.type)}")
    owner, owners_word, table, store = owners[base.type]
    if name not in table:
        raise fail(name_tok, f"{owners_word} have no variable '{name}'",
                   did_you_mean(name, table))
    i, ty = table[name]
    bf = base.fn
    listy = dsl.elem_of(ty) is not None

    def set_owned(s: Any, e: dict[str, Any], v: Any) -> None:
        who = bf(s, e)
        if who is None:
            raise RuleRuntimeError("", f"cannot set '{name}' of no {owner} (none)")
        values = getattr(s, store)[i]
        values[who] = stored(s, v, values[who]) if listy else v

    return set_owned, ty


def s_move_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> list[str]:
    """`move CARDS to ZONE [face up | face down | at bottom]`."""
    what, dest_tree, *places = tree.children
    cards = operands.cards_code(c, what, scope, "what 'move' moves")
    dest = operands.zone_code(c, dest_tree, scope, "where 'move' puts cards")
    up = any(p.data == "face_up" for p in places)
    bottom = any(p.data == "at_bottom" for p in places)
    return [f"s.move_cards({cards}, {dest}, {up!r}, {bottom!r})"]


def s_draw_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> list[str]:
    """`draw NUMBER from ZONE to ZONE`."""
    n, src, dest = tree.children
    count = operands.int_code(c, n, scope, "how many to draw")
    source = operands.zone_code(c, src, scope, "the zone drawn from")
    target = operands.zone_code(c, dest, scope, "the zone drawn to")
    gen = c.x.gen
    k = gen.temp()
    # what the rule asks for is charged: 'draw 10^12' is a runaway rule
    return [f"{k} = {count}", f"{gen.ref(charge, 'draws on the budget')}(s, {k})",
            f"s.draw({k}, {source}, {target})"]


def s_refill_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> list[str]:
    """`refill ZONE from ZONE up to NUMBER`."""
    zone, src, n = tree.children
    target = operands.zone_code(c, zone, scope, "the zone refilled")
    source = operands.zone_code(c, src, scope, "the zone drawn from")
    size = operands.int_code(c, n, scope, "the size to refill to")
    gen = c.x.gen
    z, missing = gen.temp(), gen.temp()
    return [f"{z} = {target}", f"{missing} = {size} - len(s.zones[{z}])",
            f"if {missing} > 0:",
            f"    {gen.ref(charge, 'draws on the budget')}(s, {missing})",
            f"    s.draw({missing}, {source}, {z})"]


def s_deal_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Fn:
    """`deal NUMBER from ZONE to each PLAYER-ZONE`."""
    n, src, kind_tok = tree.children
    nf = operands.int_fn(c, n, scope, "how many to deal")
    sf = operands.zone_fn(c, src, scope, "the zone dealt from")
    kind = str(kind_tok)
    if kind not in c.tables.player_zones:
        raise fail(kind_tok, f"'{kind}' is not a zone each player owns",
                   did_you_mean(kind, c.tables.player_zones) or
                   "zones each player owns: " + (", ".join(c.tables.player_zones)
                                                 or "none (declare one with owner: player)"))
    k = c.tables.player_zones[kind]
    nt = c.tables.n_table_zones

    def run(s: Any, e: dict[str, Any]) -> None:
        src_zone = sf(s, e)
        n = nf(s, e)
        charge(s, n * s.n)  # what the rule asks for: 'deal 10^12' is a runaway rule
        source = s.zones[src_zone]
        for _ in range(n):
            if not source:  # the rest of the deal would draw nothing
                return
            for p in range(s.n):
                s.draw(1, src_zone, nt + k * s.n + p)

    return run


def s_shuffle_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Fn:
    """`shuffle ZONE`."""
    zf = operands.zone_fn(c, tree.children[0], scope, "what 'shuffle' shuffles")

    def run(s: Any, e: dict[str, Any]) -> None:
        z = zf(s, e)
        charge(s, len(s.zones[z]))
        s.shuffle(z)

    return run


def s_swap_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Fn:
    """`swap ZONE with ZONE`."""
    a = operands.zone_fn(c, tree.children[0], scope, "each side of 'swap'")
    b = operands.zone_fn(c, tree.children[1], scope, "each side of 'swap'")

    def run(s: Any, e: dict[str, Any]) -> None:
        za, zb = a(s, e), b(s, e)
        charge(s, len(s.zones[za]) + len(s.zones[zb]))
        s.swap(za, zb)

    return run


def s_show_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Fn:
    """`show CARDS to PLAYERS` (rulekit.compile.show)."""
    return show.compile_show(c, tree, scope)


def s_reveal_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Fn:
    """`reveal CARDS`."""
    cf = operands.cards_fn(c, tree.children[0], scope, "what 'reveal' shows")
    return lambda s, e: s.reveal(cf(s, e))


def _wild_as(c: CompileContext, tree: Tree[Any] | None, scope: Scope) -> Fn:
    if tree is None:
        return lambda s, e: None
    return c.x.expect(tree, scope, INT, "the value after 'as'").fn  # none: the lowest fit


def _need_melds(c: CompileContext, tree: Tree[Any]) -> None:
    if c.spec.melds is None:
        raise fail(tree, "this needs a 'melds:' section saying how runs and sets are made")


def s_meld_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Fn:
    """`meld CARDS to ZONE [as VALUE]`."""
    what, dest_tree, as_tree = tree.children
    _need_melds(c, tree)
    cards = operands.cards_fn(c, what, scope, "what 'meld' lays")
    dest = operands.zone_fn(c, dest_tree, scope, "where 'meld' lays the cards")
    wild_as = _wild_as(c, as_tree, scope)
    return lambda s, e: s.make_meld(list(cards(s, e)), dest(s, e), wild_as(s, e))


def s_extend_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Fn:
    """`extend MELD with CARD [as VALUE]`."""
    meld_tree, card_tree, as_tree = tree.children
    _need_melds(c, tree)
    mf = c.x.expect(meld_tree, scope, dsl.MELD, "what 'extend' extends").fn
    cf = c.x.expect(card_tree, scope, CARD, "the card 'extend' adds").fn
    wild_as = _wild_as(c, as_tree, scope)

    def run(s: Any, e: dict[str, Any]) -> None:
        m, card = mf(s, e), cf(s, e)
        if m is None or card is None:
            raise RuleRuntimeError("", "'extend' needs a meld and a card, not none")
        s.extend_meld(m, card, wild_as(s, e))

    return run


def s_ask_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Fn:
    """`ask WINDOW [to PLAYERS]`."""
    name_tok, to_tree = tree.children
    name = str(name_tok)
    if name not in c.spec.windows:
        raise fail(name_tok, f"unknown window '{name}'", did_you_mean(name, c.spec.windows))
    index = list(c.spec.windows).index(name)
    order: Fn | None
    if to_tree is not None:
        typed = c.x.expr(to_tree, scope)
        tf = typed.fn
        if typed.type == PLAYER:
            order = lambda s, e: [tf(s, e)]  # noqa: E731
        elif compatible(PLAYERS, typed.type):
            order = tf
        else:
            raise fail(to_tree, f"'ask ... to' needs a player or a list of players, but this"
                       f" is {describe(typed.type)}")
    else:
        order = None

    def run(s: Any, e: dict[str, Any]) -> None:
        opener = e.get("actor", e.get("opener"))
        if order is None:
            win = s.game.windows[index]
            players = s.game.guard(win.rule + ".order", win.order, s, {"opener": opener})
        else:
            players = order(s, e) or []  # none: nobody
        charge(s, 1 + len(players))  # the frame waits on the stack until it is answered
        if len(s.stack) + len(s._queued) >= MAX_OPEN_WINDOWS:
            raise EvaluationLimitError("", f"more than {MAX_OPEN_WINDOWS} windows are open "
                                       "at once (a window asked again and again)")
        s.queue_window(index, [p for p in players if p is not None], opener)

    return run


def s_end_turn_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Fn:
    """`end turn`."""
    def run(s: Any, e: dict[str, Any]) -> None:
        s.end_turn_flag = True
    return run


def s_turn_to_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Fn:
    """`turn to PLAYER`."""
    pf = c.x.expect(tree.children[0], scope, PLAYER, "who gets the turn").fn
    return lambda s, e: s.turn_to(pf(s, e))


def s_end_game_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Fn:
    """`end game REASON`."""
    reason = str(tree.children[0])
    if reason not in c.spec.text:
        raise fail(tree.children[0], f"no text '{reason}' to explain why the game ended",
                   did_you_mean(reason, c.spec.text) or "add it to the text section")
    c.text_uses.append(TextUse(reason, frozenset(), "the reason the game ended"))
    return lambda s, e: s.finish(reason)


def s_pass_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Fn:
    """`pass`."""
    return _noop


# each statement form of the table (rulekit.lang.statements) and the function generating it: a
# form missing here fails at import, so the grammar, the table and the compiler cannot drift
_GENERATORS: dict[str, Callable[[CompileContext, Tree[Any], Scope], Part]] = {
    "set_stmt": s_set_stmt, "add_stmt": s_add_stmt, "move_stmt": s_move_stmt,
    "draw_stmt": s_draw_stmt, "refill_stmt": s_refill_stmt, "deal_stmt": s_deal_stmt,
    "shuffle_stmt": s_shuffle_stmt, "swap_stmt": s_swap_stmt, "reveal_stmt": s_reveal_stmt,
    "show_stmt": s_show_stmt, "meld_stmt": s_meld_stmt, "extend_stmt": s_extend_stmt,
    "ask_stmt": s_ask_stmt, "end_turn_stmt": s_end_turn_stmt, "turn_to_stmt": s_turn_to_stmt,
    "end_game_stmt": s_end_game_stmt, "pass_stmt": s_pass_stmt,
    "reverse_stmt": stmt_turns.s_reverse_stmt, "skip_stmt": stmt_turns.s_skip_stmt,
    "call_stmt": stmt_procedures.s_call_stmt,
}
CODEGEN: dict[str, Callable[[CompileContext, Tree[Any], Scope], Part]] = {
    form.rule: _GENERATORS[form.rule] for form in STATEMENTS}
