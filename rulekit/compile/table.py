"""Compiling the `table:` section (rulekit.rules.tableview holds what it compiles to).

Hidden information stays hidden by construction: the status's expressions are compiled against
the names every player may read (visible variables, public zones, definitions built on them, and
`me`, the seat looking), so a status or a summary cannot name a hidden card or value.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from lark import Token, Tree

from ..lang import expressions as dsl
from ..lang.expressions import (
    BOOL,
    PLAYER,
    CompileError,
    DefinitionError,
    ExprCompiler,
    Scope,
    Tables,
    did_you_mean,
    local,
)
from ..lang.textcheck import TextUse
from ..rules.tableview import COLOURS, ME, SHOWN_BY_DRIVER, TableView

if TYPE_CHECKING:
    from .base import CompilerBase as Compiler


def _public_tables(c: Compiler) -> tuple[Tables, set[str], set[str]]:
    """The compiler's names restricted to what every player sees: the tables, the names left
    out (hidden variables and zones), and the zones whose size alone is public."""
    g = c.game
    assert g is not None
    t = copy.copy(c.tables)
    hidden: set[str] = set()
    for attr, infos in (("game_vars", g.game_vars), ("player_vars", g.player_vars),
                        ("turn_vars", g.turn_vars), ("team_vars", g.team_vars)):
        # a private player variable stays: read as me.X alone (checked like an owner's zone)
        seen = {v.name for v in infos if not v.visible and not (v.private and v.scope == "player")}
        hidden |= seen
        setattr(t, attr, {n: x for n, x in getattr(c.tables, attr).items() if n not in seen})
    zones = g.table_zones + g.player_zones + g.team_zones
    unseen = {z.name for z in zones if z.visibility == "hidden"}
    sized = {z.name for z in zones if z.visibility in ("count", "owner")}
    hidden |= unseen
    for attr in ("table_zones", "player_zones", "team_zones"):
        setattr(t, attr, {n: x for n, x in getattr(c.tables, attr).items() if n not in unseen})
    return t, hidden, sized


_BINDS = {"list_comp": (1,), "gen_call": (2,), "list_comp_multi": (1,), "gen_call_multi": (2,)}


def _bound(node: Tree[Any]) -> set[str]:
    """The names a comprehension binds (its loops' and lets' variables)."""
    names = {str(node.children[i]) for i in _BINDS[str(node.data)]}
    for k in node.children:
        if isinstance(k, Tree) and k.data in ("comp_for", "comp_let"):
            names.add(str(k.children[0]))
    return names


def _peeks(tree: Any, sized: set[str], defs: dict[str, Any],
           own: frozenset[str] = frozenset(), private: frozenset[str] = frozenset(),
           ) -> tuple[str, Any, str | None] | None:
    """The first use of a zone whose size alone is public other than size(zone), or than the
    viewer's own zone of those in own read as `me.ZONE` (the seat looking sees its own hand):
    (zone, node, the definition it is in or None), else None. A definition's parameter given
    `me` stands for the viewer in its body; a comprehension's variable never does."""
    seen: set[tuple[str, frozenset[str]]] = set()
    x_vars = own & private

    def walk(node: Any, as_size: bool, within: str | None,
             mine: frozenset[str]) -> tuple[str, Any, str | None] | None:
        if isinstance(node, Token) or node is None:
            return None
        kids = node.children
        if node.data in _BINDS:
            mine = mine - _bound(node)
        if node.data == "call":
            head = str(kids[0])
            args = kids[1].children if len(kids) > 1 and kids[1] is not None else []
            found = inline(head, within, args, mine)
            for a in args:
                found = found or walk(a, head == "size" and len(args) == 1, within, mine)
            return found
        if node.data == "name":
            name = str(kids[0])
            if name in sized and not as_size:
                return name, node, within
            return inline(name, within, [], mine)
        if node.data == "attr":
            name = str(kids[1])
            viewer = (isinstance(kids[0], Tree) and kids[0].data == "name"
                      and str(kids[0].children[0]) in mine)
            # a private variable's size is not public either (a zone's is)
            if name in sized and not (as_size and name not in x_vars) \
                    and not (name in own and viewer):
                return name, node, within
            return walk(kids[0], False, within, mine)
        for k in kids:
            found = walk(k, False, within, mine)
            if found:
                return found
        return None

    def inline(name: str, within: str | None, args: list[Any],
               mine: frozenset[str]) -> tuple[str, Any, str | None] | None:
        if name not in defs:
            return None
        params = defs[name][0]
        me_params = frozenset(p for p, a in zip(params, args, strict=False)
                              if isinstance(a, Tree) and a.data == "name"
                              and str(a.children[0]) in mine)
        if (name, me_params) in seen:
            return None
        seen.add((name, me_params))
        return walk(defs[name][1], False, within or name, me_params)

    return walk(tree, False, None, frozenset({ME}))


SEES = ("a table's status sees only what every player sees: visible variables, public zones, "
        "the size of a zone whose size is public, definitions built on them, and me (the seat "
        "looking) with its own zones (me.hand)")


def _compile(c: Compiler, x: ExprCompiler, hidden: set[str], sized: set[str], value: Any,
             path: tuple[Any, ...], expected: str | None, what: str,
             own: frozenset[str] = frozenset()) -> dsl.Typed | None:
    """Compile an expression against the public names; report a located error if it fails."""
    if isinstance(value, bool):
        return dsl.const(BOOL, value)
    if isinstance(value, int):
        return dsl.const(dsl.INT, value)
    if not isinstance(value, str):
        c.error(f"expected an expression (text), got {value!r}", path)
        return None
    scope = Scope()
    scope.names[ME] = local(ME, PLAYER)
    try:
        tree = dsl.parse(value, "expr")
        peek = _peeks(tree, sized, x.t.definitions, own, frozenset(x.t.player_vars))
        if peek is not None:
            zone, node, within = peek
            if zone in x.t.player_vars:  # a private variable, read for another seat
                how = f"player variable '{zone}' is seen by its owner alone (visible: owner)"
                if within is None:
                    raise dsl.fail(node, how,
                                   f"a status may read the seat looking's own: me.{zone}")
                c.error(f"uses definition '{within}', which reads {how}", path,
                        hint=f"give the definition the seat looking (me) and read its {zone}")
                return None
            if within is None:
                raise dsl.fail(node, f"only the size of zone '{zone}' is shown to every player",
                               f"write size(...) of it: {SEES}")
            c.error(f"uses definition '{within}', which reads the cards of zone '{zone}': only "
                    "its size is shown to every player", path, hint=SEES)
            return None
        typed = x.expr(tree, scope)
    except CompileError as e:
        c.error(_why(e.message, hidden), path, offset=(e.line, e.col), hint=e.hint or SEES)
        return None
    except DefinitionError as e:
        at = e.use or (0, 0)
        c.error(f"uses definition '{e.via or e.name}', which cannot be shown: "
                f"{_why(e.error.message, hidden)}", path, offset=at, hint=SEES)
        return None
    except RecursionError:
        c.error("the expression is nested too deeply", path)
        return None
    if expected is not None and not dsl.compatible(expected, typed.type):
        c.error(f"{what} must be {dsl.describe(expected)}, but this is "
                f"{dsl.describe(typed.type)}", path)
        return None
    return typed


def _why(message: str, hidden: set[str]) -> str:
    """An unknown-name message, said plainly when the name exists but is hidden."""
    for name in hidden:
        if f"'{name}'" in message:
            return f"'{name}' is not shown to every player, so a table's status cannot show it"
    return message


def compile_table(c: Compiler) -> TableView:
    """`table:` and `rules_text` checked and compiled (errors located)."""
    spec, g = c.spec, c.game
    assert spec is not None and g is not None
    tv = TableView()
    decl = spec.table
    public, hidden, sized = _public_tables(c)
    # the zones each seat sees whole when they are its own: me.hand in a status or a prompt
    own = frozenset(z.name for z in g.player_zones if z.visibility == "owner")
    # and its own private variables (visible: owner): me.X, never p.X for another p
    mine = frozenset(v.name for v in g.player_vars if v.private)
    sized, own = sized | mine, own | mine
    x = ExprCompiler(public)
    for name, value in decl.values.items():
        path: tuple[Any, ...] = ("table", "values", name)
        if name == ME:
            c.error(f"'{ME}' is the seat looking at the table; give this value another name",
                    path, key=True)
            continue
        typed = _compile(c, x, hidden, sized, value, path, None, "a value", own)
        if typed is not None:
            tv.values[name] = (typed.type, typed.fn)
    gives = frozenset(decl.values) | SHOWN_BY_DRIVER
    # a plural form needs a number: the seat looking, and each value that is not one, are not
    held = ((ME, "the seat looking"),) + tuple(
        (n, dsl.describe(ty)) for n, (ty, _) in tv.values.items() if ty not in (dsl.INT, dsl.NONE))
    for i, st in enumerate(decl.status):
        path = ("table", "status", i)
        c.need_text(st.text, path + ("text",))
        c.text_uses.append(TextUse(st.text, gives, "the table's status", not_numbers=held))
        when = None
        if st.when is not True:
            typed = _compile(c, x, hidden, sized, st.when, path + ("when",), BOOL, "'when'",
                             own)
            if typed is None:
                continue
            when = typed.fn
        tv.status.append((when, st.text))
    if decl.variables is not None:
        known = [v.name for v in g.game_vars + g.turn_vars + g.player_vars + g.team_vars]
        visible = {v.name for v in g.game_vars + g.turn_vars + g.player_vars + g.team_vars
                   if v.visible or v.private}
        for i, name in enumerate(decl.variables):
            path = ("table", "variables", i)
            if name not in known:
                c.error(f"no variable '{name}'", path, hint=did_you_mean(name, known))
            elif name not in visible:
                c.error(f"variable '{name}' is not visible (visible: false), so the table "
                        "cannot show it", path, hint="remove it from table.variables")
        tv.variables = frozenset(decl.variables)
    zones = {z.name for z in g.table_zones + g.player_zones}
    for zone, actions in decl.full.items():
        path = ("table", "full", zone)
        if zone not in zones:
            c.error(f"no zone '{zone}'", path, key=True, hint=did_you_mean(zone, zones))
            continue
        for i, a in enumerate(actions):
            if a not in spec.actions:
                c.error(f"no action '{a}'", path + (i,), hint=did_you_mean(a, spec.actions))
        tv.full[zone] = frozenset(actions)
    logged = _logged_keys(spec)
    for i, item in enumerate(decl.summary):
        path = ("table", "summary", i)
        c.need_text(item.text, path + ("text",))
        c.text_uses.append(TextUse(item.text, frozenset({"n"}), "a summary count"))
        if item.count not in logged:
            c.error(f"no log '{item.count}' in the ruleset: nothing would be counted",
                    path + ("count",), hint=did_you_mean(item.count, logged) or
                    "name the text key of a log effect")
            continue
        tv.summary.append((item.text, item.count))
    moments: list[str] = []
    for i, key in enumerate(decl.moments):
        if key not in logged:
            c.error(f"no log '{key}' in the ruleset: this moment would never happen",
                    ("table", "moments", i), hint=did_you_mean(key, logged) or
                    "name the text key of a log effect")
        elif key in moments:
            c.error(f"moment '{key}' is listed twice", ("table", "moments", i))
        else:
            moments.append(key)
    tv.moments = tuple(moments)
    for lang in spec.rules_text:
        if lang not in spec.languages:
            c.error(f"'{lang}' is not one of the ruleset's languages ({', '.join(spec.languages)})",
                    ("rules_text", lang), key=True, hint=did_you_mean(lang, spec.languages))
    if spec.rules_text:
        missing = [lang for lang in spec.languages if lang not in spec.rules_text]
        if missing:
            c.error(f"rules_text has no translation for: {', '.join(missing)}", ("rules_text",),
                    key=True, hint="add " + ", ".join(f"'{m}: ...'" for m in missing))
    tv.rules_text = dict(spec.rules_text)
    tv.flags = {name: dict(words) for name, words in decl.flags.items()}
    compile_card_looks(c, tv)
    return tv


def compile_card_looks(c: Compiler, tv: TableView) -> None:
    """Check `cards.look` (located errors) and give tv each card label's colour and glyph."""
    spec, g = c.spec, c.game
    assert spec is not None and g is not None
    attrs = g.card_attrs
    looks: list[tuple[str, Any, str | None, str | None]] = []  # (attribute, value, colour, glyph)
    for attr, by_value in spec.cards.look.items():
        path: tuple[Any, ...] = ("cards", "look", attr)
        if attr not in attrs:
            c.error(f"no card attribute '{attr}'", path, key=True,
                    hint=did_you_mean(attr, attrs) or f"attributes: {', '.join(attrs)}")
            continue
        held = list(dict.fromkeys(attrs[attr]))  # the values cards have, in deck order
        for value, look in by_value.items():
            at = path + (value,)
            if not any(type(v) is type(value) and v == value for v in held):
                words = [str(v) for v in held]
                c.error(f"no card has {attr} {value!r}", at, key=True,
                        hint=did_you_mean(str(value), words) or
                        f"{attr} is one of: {', '.join(words[:12])}")
                continue
            if look.colour is None and look.glyph is None:
                c.error("give a colour, a glyph or both", at)
                continue
            if look.colour is not None and look.colour not in COLOURS:
                c.error(f"'{look.colour}' is not a colour a table draws", at + ("colour",),
                        hint=did_you_mean(look.colour, COLOURS) or
                        f"one of: {', '.join(COLOURS)}")
                continue
            glyph = look.glyph
            if glyph is not None and not (len(glyph) == 1 and glyph.isprintable()
                                          and not glyph.isspace()):
                c.error(f"a glyph is one printable character, not {glyph!r}", at + ("glyph",),
                        hint="a symbol such as ♠ or ★ (a character made of several code "
                             "points, such as most emoji, is not one)")
                continue
            looks.append((attr, value, look.colour, glyph))
    if not looks or len(g.labels) != g.n_cards:  # nothing declared, or the labels failed
        return
    # each card: the first colour and the first glyph its values are given, in the file's order
    # (a label names one card or identical twins, so a label has one look)
    for card in range(g.n_cards):
        colour = next((col for a, v, col, _ in looks
                       if col is not None and _same(attrs[a][card], v)), None)
        glyph = next((gl for a, v, _, gl in looks
                      if gl is not None and _same(attrs[a][card], v)), None)
        if colour is not None or glyph is not None:
            tv.looks[g.labels[card]] = (colour, glyph)
    tv.value_colours = {v: col for _, v, col, _ in looks if col is not None and isinstance(v, str)}


def _same(a: Any, b: Any) -> bool:
    """Equal and of one type (a yes/no attribute's true is not the number 1)."""
    return type(a) is type(b) and a == b


def _logged_keys(spec: Any) -> set[str]:
    """Every text key a `log:` effect names anywhere in the ruleset's data."""
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("log"), str):
                found.add(node["log"])
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(spec.model_dump(by_alias=True))
    return found | {"game_begins", "game_over", "phase_begins"}
