"""The statements of the language (`set`, `add`, `move`, ... `call`): one function per form,
generating its code, and CODEGEN, keyed by the statement table (rulekit.lang.statements)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lark import Tree

from ..lang import expressions as dsl
from ..lang import zoneids
from ..lang.budget import MAX_INT, stored, stored_for_turn
from ..lang.expressions import (
    BOOL,
    CARD,
    INT,
    PLAYER,
    PLAYERS,
    Scope,
    Typed,
    charge,
    compatible,
    describe,
    did_you_mean,
    fail,
)
from ..lang.statements import STATEMENTS
from ..lang.textcheck import TextUse
from . import langdata, operands, show, stmt_procedures, stmt_runtime, stmt_turns
from .context import CompileContext
from .stmt_control import Code


def s_set_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Code:
    """`set VARIABLE = VALUE`."""
    lv, value_tree = tree.children
    ty, _ = lvalue(c, lv, scope)
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
    # the owner compiled again (its compiled size counted twice, as since the first version)
    lines, place = target_code(c, lv, lvalue(c, lv, scope)[1])
    gen = c.x.gen
    v = gen.temp()
    code = [f"{v} = {c.x.src(value)}"]
    # a number or a condition is never none (asked unless it cannot be)
    if ty in (INT, BOOL) and not value.is_const and not value.not_none:
        detail = langdata.none_detail(f"the value stored in '{lv.children[-1]}'")
        code += [f"if {v} is None:", f"    {gen.none_error}({detail!r})"]
    if dsl.elem_of(ty) is not None:
        # a list is stored as it is now (a copy), its size counted in what the state
        # holds (limits.max_state) in place of the list it replaces
        keep = (gen.ref(stored_for_turn, "a turn's list stored, counted until it ends")
                if place.startswith("s.tvars[") else
                gen.ref(stored, "a list stored, counted in limits.max_state"))
        return code + lines + [f"{place} = {keep}(s, {v}, {place})"]
    return code + lines + [f"{place} = {v}"]


def s_add_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Code:
    """`add NUMBER to VARIABLE`."""
    value_tree, lv = tree.children
    ty, base = lvalue(c, lv, scope)
    getter = c.x.expr(Tree("attr", lv.children) if lv.data == "lv_attr" else
                      Tree("name", lv.children), scope)
    if ty != INT:
        raise fail(lv, f"'add' needs a number variable, but this is {describe(ty)}")
    amount = operands.int_code(c, value_tree, scope, "the amount to add")
    lines, place = target_code(c, lv, base)
    gen = c.x.gen
    v = gen.temp()
    # the owner is read again to store (a random owner draws twice, as it always has)
    return [f"{v} = ({c.x.src(getter)}) + ({amount})", *lines,
            f"{place} = {v} if {-MAX_INT} <= {v} <= {MAX_INT} else {gen.bounded}({v})"]


def target_code(c: CompileContext, lv: Tree[Any], base: Typed | None) -> tuple[Code, str]:
    """A variable checked by lvalue as the target of a generated assignment: the statements
    that find its owner (base, compiled), and the target."""
    t = c.tables
    if base is None:
        name = str(lv.children[0])
        if name in t.game_vars:
            return [], f"s.gvars[{t.game_vars[name][0]}]"
        return [], f"s.tvars[{t.turn_vars[name][0]}]"
    name = str(lv.children[1])
    if base.type == PLAYER:
        owner, store, i = "player", "pvars", t.player_vars[name][0]
    else:
        owner, store, i = "team", "teamvars", t.team_vars[name][0]
    who = c.x.gen.temp()
    detail = f"cannot set '{name}' of no {owner} (none)"
    return ([f"{who} = {c.x.src(base)}", f"if {who} is None:",
             f"    {c.x.gen.none_error}({detail!r})"], f"s.{store}[{i}][{who}]")


def lvalue(c: CompileContext, lv: Tree[Any], scope: Scope) -> tuple[str, Typed | None]:
    """The type of what a `set` or `add` stores into, and its owner compiled (None for a game
    or turn variable); a located error when it is not a variable."""
    t = c.tables
    if lv.data == "lv_name":
        name = str(lv.children[0])
        if name in t.game_vars:
            return t.game_vars[name][1], None
        if name in t.turn_vars:
            return t.turn_vars[name][1], None
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
    owners = {PLAYER: ("players", t.player_vars), dsl.TEAM: ("teams", t.team_vars)}
    if base.type not in owners:
        raise fail(lv, f"only player and team variables can be set with '.', but this is "
                   f"{describe(base.type)}")
    owners_word, table = owners[base.type]
    if name not in table:
        raise fail(name_tok, f"{owners_word} have no variable '{name}'",
                   did_you_mean(name, table))
    return table[name][1], base


def s_move_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Code:
    """`move CARDS to ZONE [face up | face down | at bottom]`."""
    what, dest_tree, *places = tree.children
    cards = operands.cards_code(c, what, scope, "what 'move' moves")
    dest = operands.zone_code(c, dest_tree, scope, "where 'move' puts cards")
    up = any(p.data == "face_up" for p in places)
    bottom = any(p.data == "at_bottom" for p in places)
    return [f"s.move_cards({cards}, {dest}, {up!r}, {bottom!r})"]


def s_draw_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Code:
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


def s_refill_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Code:
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


def s_deal_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Code:
    """`deal NUMBER from ZONE to each PLAYER-ZONE`."""
    n, src, kind_tok = tree.children
    count = operands.int_code(c, n, scope, "how many to deal")
    source = operands.zone_code(c, src, scope, "the zone dealt from")
    kind = str(kind_tok)
    if kind not in c.tables.player_zones:
        raise fail(kind_tok, f"'{kind}' is not a zone each player owns",
                   did_you_mean(kind, c.tables.player_zones) or
                   "zones each player owns: " + (", ".join(c.tables.player_zones)
                                                 or "none (declare one with owner: player)"))
    k = c.tables.player_zones[kind]
    nt = c.tables.n_table_zones
    gen = c.x.gen
    z, m, cards, i, p = (gen.temp() for _ in range(5))
    # what the rule asks for is charged: 'deal 10^12' is a runaway rule
    return [f"{z} = {source}", f"{m} = {count}", f"{gen.ref(charge, 'draws on the budget')}"
            f"(s, {m} * s.n)", f"{cards} = s.zones[{z}]",
            f"for {i} in range({m}):",
            f"    if not {cards}:",  # the rest of the deal would draw nothing
            "        break",
            f"    for {p} in range(s.n):",
            f"        s.draw(1, {z}, {zoneids.player_zone_src(nt, k, p, short=False)})"]


def s_shuffle_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Code:
    """`shuffle ZONE`."""
    zone = operands.zone_code(c, tree.children[0], scope, "what 'shuffle' shuffles")
    gen = c.x.gen
    z = gen.temp()
    return [f"{z} = {zone}", f"{gen.ref(charge, 'draws on the budget')}(s, len(s.zones[{z}]))",
            f"s.shuffle({z})"]


def s_swap_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Code:
    """`swap ZONE with ZONE`."""
    a = operands.zone_code(c, tree.children[0], scope, "each side of 'swap'")
    b = operands.zone_code(c, tree.children[1], scope, "each side of 'swap'")
    gen = c.x.gen
    za, zb = gen.temp(), gen.temp()
    return [f"{za} = {a}", f"{zb} = {b}", f"{gen.ref(charge, 'draws on the budget')}"
            f"(s, len(s.zones[{za}]) + len(s.zones[{zb}]))", f"s.swap({za}, {zb})"]


def s_show_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Code:
    """`show CARDS to PLAYERS` (rulekit.compile.show)."""
    return show.compile_show(c, tree, scope)


def s_reveal_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Code:
    """`reveal CARDS`."""
    cards = operands.cards_code(c, tree.children[0], scope, "what 'reveal' shows")
    return [f"s.reveal({cards})"]


def _wild_as(c: CompileContext, tree: Tree[Any] | None, scope: Scope) -> str:
    if tree is None:
        return "None"
    return c.x.src(c.x.expect(tree, scope, INT, "the value after 'as'"))  # none: the lowest fit


def _need_melds(c: CompileContext, tree: Tree[Any]) -> None:
    if c.spec.melds is None:
        raise fail(tree, "this needs a 'melds:' section saying how runs and sets are made")


def s_meld_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Code:
    """`meld CARDS to ZONE [as VALUE]`."""
    what, dest_tree, as_tree = tree.children
    _need_melds(c, tree)
    cards = operands.cards_code(c, what, scope, "what 'meld' lays")
    dest = operands.zone_code(c, dest_tree, scope, "where 'meld' lays the cards")
    wild_as = _wild_as(c, as_tree, scope)
    return [f"s.make_meld(list({cards}), {dest}, {wild_as})"]


def s_extend_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Code:
    """`extend MELD with CARD [as VALUE]`."""
    meld_tree, card_tree, as_tree = tree.children
    _need_melds(c, tree)
    meld = c.x.expect(meld_tree, scope, dsl.MELD, "what 'extend' extends")
    card = c.x.expect(card_tree, scope, CARD, "the card 'extend' adds")
    wild_as = _wild_as(c, as_tree, scope)
    gen = c.x.gen
    m, k = gen.temp(), gen.temp()
    detail = "'extend' needs a meld and a card, not none"
    return [f"{m} = {c.x.src(meld)}", f"{k} = {c.x.src(card)}",
            f"if {m} is None or {k} is None:", f"    {gen.none_error}({detail!r})",
            f"s.extend_meld({m}, {k}, {wild_as})"]


def s_ask_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Code:
    """`ask WINDOW [to PLAYERS]`."""
    name_tok, to_tree = tree.children
    name = str(name_tok)
    if name not in c.spec.windows:
        raise fail(name_tok, f"unknown window '{name}'", did_you_mean(name, c.spec.windows))
    index = list(c.spec.windows).index(name)
    ask = c.x.gen.ref(stmt_runtime.ask_window, "asks a window")
    if to_tree is None:
        return [f"{ask}(s, e, {index}, None, False)"]
    typed = c.x.expr(to_tree, scope)
    if typed.type == PLAYER:
        return [f"{ask}(s, e, {index}, [{c.x.src(typed)}], True)"]
    if compatible(PLAYERS, typed.type):
        return [f"{ask}(s, e, {index}, {c.x.src(typed)}, True)"]
    raise fail(to_tree, f"'ask ... to' needs a player or a list of players, but this"
               f" is {describe(typed.type)}")


def s_end_turn_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Code:
    """`end turn`."""
    return ["s.end_turn_flag = True"]


def s_turn_to_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Code:
    """`turn to PLAYER`."""
    player = c.x.expect(tree.children[0], scope, PLAYER, "who gets the turn")
    return [f"s.turn_to({c.x.src(player)})"]


def s_end_game_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Code:
    """`end game REASON`: the game ends, and so does the effect list running it."""
    reason = str(tree.children[0])
    if reason not in c.spec.text:
        raise fail(tree.children[0], f"no text '{reason}' to explain why the game ended",
                   did_you_mean(reason, c.spec.text) or "add it to the text section")
    c.text_uses.append(TextUse(reason, frozenset(), "the reason the game ended"))
    return [f"s.finish({reason!r})", "return"]


def s_pass_stmt(c: CompileContext, tree: Tree[Any], scope: Scope) -> Code:
    """`pass`: Python's (a list of them still runs, and is charged, as one of statements)."""
    return ["pass"]


# each statement form of the table (rulekit.lang.statements) and the function generating it: a
# form missing here fails at import, so the grammar, the table and the compiler cannot drift
_GENERATORS: dict[str, Callable[[CompileContext, Tree[Any], Scope], Code]] = {
    "set_stmt": s_set_stmt, "add_stmt": s_add_stmt, "move_stmt": s_move_stmt,
    "draw_stmt": s_draw_stmt, "refill_stmt": s_refill_stmt, "deal_stmt": s_deal_stmt,
    "shuffle_stmt": s_shuffle_stmt, "swap_stmt": s_swap_stmt, "reveal_stmt": s_reveal_stmt,
    "show_stmt": s_show_stmt, "meld_stmt": s_meld_stmt, "extend_stmt": s_extend_stmt,
    "ask_stmt": s_ask_stmt, "end_turn_stmt": s_end_turn_stmt, "turn_to_stmt": s_turn_to_stmt,
    "end_game_stmt": s_end_game_stmt, "pass_stmt": s_pass_stmt,
    "reverse_stmt": stmt_turns.s_reverse_stmt, "skip_stmt": stmt_turns.s_skip_stmt,
    "call_stmt": stmt_procedures.s_call_stmt,
}
CODEGEN: dict[str, Callable[[CompileContext, Tree[Any], Scope], Code]] = {
    form.rule: _GENERATORS[form.rule] for form in STATEMENTS}
