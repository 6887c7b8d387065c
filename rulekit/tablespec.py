"""The `table:` section: what a table screen shows a seat (a status line, the variables worth
showing, piles shown whole, the end-of-game counts) and the `rules_text`. None of it changes
the rules.

Hidden information stays hidden by construction: the status's expressions are compiled against
the names every player may read (visible variables, public zones, definitions built on them, and
`me`, the seat looking), so a status or a summary cannot name a hidden card or value.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lark import Token

from . import dsl
from .dsl import (
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
from .textcheck import TextUse

if TYPE_CHECKING:
    from .compiler import Compiler
    from .game import Game
    from .state import State

Fn = Any
ME = "me"  # the viewing seat, in the status's expressions and texts
SHOWN_BY_DRIVER = frozenset({ME})


@dataclass
class TableView:
    """The compiled `table:` section of a game."""

    status: list[tuple[Fn | None, str]] = field(default_factory=list)  # (when, text key)
    values: dict[str, tuple[str, Fn]] = field(default_factory=dict)  # name -> (type, fn)
    variables: frozenset[str] | None = None  # the variables shown; None: every visible one
    full: dict[str, frozenset[str]] = field(default_factory=dict)  # zone -> actions
    summary: list[tuple[str, str]] = field(default_factory=list)  # (text key, event kind)
    rules_text: dict[str, str] = field(default_factory=dict)  # language -> text

    def shows(self, variable: str) -> bool:
        """Whether the table screen shows this (visible) variable."""
        return self.variables is None or variable in self.variables

    def whole(self, zone: str, action: str | None) -> bool:
        """Whether a zone is shown whole while action is being put together."""
        return action is not None and action in self.full.get(zone, frozenset())

    def status_line(self, g: Game, s: State, seat: int, lang: str, names: list[str]) -> str | None:
        """The status line as seat sees it in lang, or None when no entry applies."""
        if not self.status:
            return None
        work = s.clone()  # the status must not draw on the game's evaluation budget
        env = {ME: seat}
        for when, key in self.status:
            if when is None or g.guard("table.status", when, work, env):
                return g.texts.render(key, lang, self.values_for(g, work, seat, lang, names))
        return None

    def values_for(self, g: Game, s: State, seat: int, lang: str,
                   names: list[str]) -> dict[str, str]:
        """The values (and `me`) as words for seat, to fill a status or a prompt."""
        work = s.clone()
        env = {ME: seat}
        args = {ME: names[seat]}
        for name, (type_, fn) in self.values.items():
            args[name] = show(g, type_, g.guard(f"table.values.{name}", fn, work, env), lang, names)
        return args

    def counts(self, s: State, seat: int | None) -> list[tuple[str, int]]:
        """The summary's counts (text key, number) from the log as seat reads it."""
        from .observe import events_for

        kinds = [key for key, _ in events_for(s, seat)]
        return [(text, sum(1 for k in kinds if k in (event, event + "_hidden")))
                for text, event in self.summary]


def show(g: Game, type_: str, v: Any, lang: str, names: list[str]) -> str:
    """A value as words in lang: a seat by its name, a card by its label, a word translated."""
    if v is None:
        return "-"
    if isinstance(v, bool):
        return g.texts.word("yes" if v else "no", lang)
    if type_ == PLAYER and isinstance(v, int):
        return names[v] if 0 <= v < len(names) else str(v)
    if type_ == dsl.TEAM and isinstance(v, int):
        return g.texts.word(g.team_names[v], lang) if v < len(g.team_names) else str(v)
    if type_ == dsl.CARD and isinstance(v, int):
        return g.card_label(v, lang)
    if isinstance(v, list):
        inner = dsl.elem_of(type_) or dsl.ANY
        return ", ".join(show(g, inner, x, lang, names) for x in v) or "-"
    if isinstance(v, str):
        return g.texts.word(v, lang)
    return str(v)


def _public_tables(c: Compiler) -> tuple[Tables, set[str], set[str]]:
    """The compiler's names restricted to what every player sees: the tables, the names left
    out (hidden variables and zones), and the zones whose size alone is public."""
    g = c.game
    assert g is not None
    t = copy.copy(c.tables)
    hidden: set[str] = set()
    for attr, infos in (("game_vars", g.game_vars), ("player_vars", g.player_vars),
                        ("turn_vars", g.turn_vars), ("team_vars", g.team_vars)):
        seen = {v.name for v in infos if not v.visible}
        hidden |= seen
        setattr(t, attr, {n: x for n, x in getattr(c.tables, attr).items() if n not in seen})
    zones = g.table_zones + g.player_zones + g.team_zones
    unseen = {z.name for z in zones if z.visibility == "hidden"}
    sized = {z.name for z in zones if z.visibility in ("count", "owner")}
    hidden |= unseen
    for attr in ("table_zones", "player_zones", "team_zones"):
        setattr(t, attr, {n: x for n, x in getattr(c.tables, attr).items() if n not in unseen})
    return t, hidden, sized


def _peeks(tree: Any, sized: set[str], defs: dict) -> tuple[str, Any, str | None] | None:
    """The first use of a zone whose size alone is public other than size(zone): (zone, node,
    the definition it is in or None), else None."""
    seen: set[str] = set()

    def walk(node: Any, as_size: bool, within: str | None) -> tuple[str, Any, str | None] | None:
        if isinstance(node, Token) or node is None:
            return None
        kids = node.children
        if node.data == "call":
            head = str(kids[0])
            args = kids[1].children if len(kids) > 1 and kids[1] is not None else []
            found = inline(head, within)
            for a in args:
                found = found or walk(a, head == "size" and len(args) == 1, within)
            return found
        if node.data == "name":
            name = str(kids[0])
            if name in sized and not as_size:
                return name, node, within
            return inline(name, within)
        if node.data == "attr":
            name = str(kids[1])
            if name in sized and not as_size:
                return name, node, within
            return walk(kids[0], False, within)
        for k in kids:
            found = walk(k, False, within)
            if found:
                return found
        return None

    def inline(name: str, within: str | None) -> tuple[str, Any, str | None] | None:
        if name in defs and name not in seen:
            seen.add(name)
            body = defs[name][1]
            return walk(body, False, within or name)
        return None

    return walk(tree, False, None)


SEES = ("a table's status sees only what every player sees: visible variables, public zones, "
        "the size of a zone whose size is public, definitions built on them, and me (the seat "
        "looking)")


def _compile(c: Compiler, x: ExprCompiler, hidden: set[str], sized: set[str], value: Any,
             path: tuple, expected: str | None, what: str) -> dsl.Typed | None:
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
        peek = _peeks(tree, sized, x.t.definitions)
        if peek is not None:
            zone, node, within = peek
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


def compile_table(c: Compiler) -> None:
    """Check and compile `table:` and `rules_text` into c.game.table (errors located)."""
    spec, g = c.spec, c.game
    assert spec is not None and g is not None
    tv = TableView()
    g.table = tv
    decl = spec.table
    public, hidden, sized = _public_tables(c)
    x = ExprCompiler(public)
    for name, value in decl.values.items():
        path: tuple = ("table", "values", name)
        if name == ME:
            c.error(f"'{ME}' is the seat looking at the table; give this value another name",
                    path, key=True)
            continue
        typed = _compile(c, x, hidden, sized, value, path, None, "a value")
        if typed is not None:
            tv.values[name] = (typed.type, typed.fn)
    gives = frozenset(decl.values) | SHOWN_BY_DRIVER
    for i, st in enumerate(decl.status):
        path = ("table", "status", i)
        c.need_text(st.text, path + ("text",))
        c.text_uses.append(TextUse(st.text, gives, "the table's status"))
        when = None
        if st.when is not True:
            typed = _compile(c, x, hidden, sized, st.when, path + ("when",), BOOL, "'when'")
            if typed is None:
                continue
            when = typed.fn
        tv.status.append((when, st.text))
    if decl.variables is not None:
        known = [v.name for v in g.game_vars + g.turn_vars + g.player_vars + g.team_vars]
        visible = {v.name for v in g.game_vars + g.turn_vars + g.player_vars + g.team_vars
                   if v.visible}
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
