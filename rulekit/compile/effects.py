"""Compiling lists of effects: the effect forms (`if`, `for`, `log`, statements) and the
operands statements share."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lark import Tree

from ..data.yamlsource import YamlPath
from ..errors import EvaluationLimitError, log_full
from ..lang import expressions as dsl
from ..lang.budget import FREE_PARTS, over_budget
from ..lang.builtins import meld_cards_of
from ..lang.codegen import indent
from ..lang.expressions import (
    BOOL,
    CARD,
    CARDS,
    INT,
    NONE,
    PLAYER,
    PLAYERS,
    STR,
    ZONE,
    CompileError,
    DefinitionError,
    Scope,
    charge,
    compatible,
    describe,
    did_you_mean,
    elem_of,
    fail,
    local,
)
from ..lang.text import placeholders
from ..lang.textcheck import TextUse
from . import langdata, stmt_control, stmt_procedures, stmt_turns
from .base import (
    CompilerBase,
    _noop,
    _snapshot,
)
from .schema_errors import _show
from .stmt_control import Code, Part

Fn = Callable[[Any, dict], Any]


class EffectsMixin(CompilerBase):
    """Effects and the dispatch of statements."""

    # ---- effects -----------------------------------------------------------------------
    def effects(self, items: Any, path: YamlPath, scope: Scope) -> Fn:
        """A list of effects as one generated function (a no-op for none)."""
        gen = self.x.gen
        outer, gen.context = gen.context, ".".join(str(k) for k in path)
        w0 = self.x.weight
        try:
            code = self.effect_code(items, path, scope)
            size = self.x.weight - w0
            if code and size > FREE_PARTS:  # a large list draws its size at each run (the flow
                # may run it at every automatic step: an on_begin at each restart of a phase);
                # what runs it (a loop calling a procedure) counts it as one part
                code = [f"{gen.ref(charge, 'draws on the budget')}(s, {size})", *code]
                self.x.weight = w0 + 1
            return gen.body_function(code) if code else _noop
        finally:
            gen.context = outer

    def effect_code(self, items: Any, path: YamlPath, scope: Scope) -> Code | None:
        """A list of effects as generated statements; None after reporting an error."""
        if not isinstance(items, list):
            self.error("effects must be a list", path,
                       hint="write each effect on its own line, starting with '- '")
            return None
        scope = scope.child()
        scope.effects = True
        parts: list[Part] = []
        wheres: list[str] = []  # each statement's text and place, named by a runtime error
        for i, item in enumerate(items):
            f = self.effect(item, path + (i,), scope)
            if f is not None:
                parts.append(f)
                wheres.append(stmt_control.statement_where(self, item, path + (i,)))
        return stmt_control.located_block(self, parts, wheres)

    def effect(self, item: Any, path: YamlPath, scope: Scope) -> Part | None:
        self.x.weight += 1  # running a statement is work, even one without expressions
        if isinstance(item, str):
            try:
                tree = dsl.parse(item, "stmt")
                return self.statement(tree, scope)
            except CompileError as e:
                self.located(e, path)
            except DefinitionError as e:
                self.definition_error(e, path)
            except RecursionError:
                self.error("the effect is nested too deeply", path)
            return None
        if isinstance(item, dict):
            if "if" in item:
                return self.if_effect(item, path, scope)
            if "for" in item:
                return self.for_effect(item, path, scope)
            if "log" in item:
                return self.log_effect(item, path, scope)
            if "repeat" in item:
                return stmt_control.repeat_effect(self, item, path, scope)
            if "while" in item:
                return stmt_control.while_effect(self, item, path, scope)
        if isinstance(item, dict):
            keys = ", ".join(str(k) for k in item) or "no keys"
            close = did_you_mean(str(next(iter(item), "")), stmt_control.MAPPING_KEYS)
            self.error("an effect mapping needs 'if', 'for', 'repeat', 'while' or 'log', but this "
                       f"one has: {keys}",
                       path, hint=close or "a statement is written as text, e.g. - set x = 1")
            return None
        self.error("an effect is a statement (text), or a mapping with if/then/else, "
                   f"for/do, repeat/do, while/do, or log/args/to; not {_show(item)}", path)
        return None

    def _keys(self, item: dict, allowed: set[str], path: YamlPath) -> bool:
        ok = True
        for k in item:
            if k not in allowed:
                self.error(f"unknown key '{k}'", path + (k,), key=True,
                           hint=did_you_mean(str(k), allowed) or
                           "allowed keys: " + ", ".join(sorted(allowed)))
                ok = False
        return ok

    def if_effect(self, item: dict, path: YamlPath, scope: Scope) -> Code | None:
        self._keys(item, {"if", "then", "elif", "else"}, path)
        cond = self.expr(item["if"], path + ("if",), scope, BOOL, "the condition of 'if'")
        if "then" not in item:
            self.error("an 'if' effect needs 'then'", path)
        then = self.effect_code(item.get("then", []), path + ("then",), scope)
        return stmt_control.if_code(self, cond, then, item, path, scope)

    def for_effect(self, item: dict, path: YamlPath, scope: Scope) -> Code | None:
        self._keys(item, {"for", "do"}, path)
        if "do" not in item:
            self.error("a 'for' effect needs 'do' (the effects to repeat)", path)
        head = item["for"]
        m = dsl.FOR_HEAD.match(head) if isinstance(head, str) else None
        if not m:
            self.error("write 'for' as: NAME in LIST (for example: p in players)", path + ("for",))
            return None
        lead, var, rest = m.groups()
        start = len(lead) + len(var) + (len(head) - len(lead) - len(var) - len(rest))
        try:
            it = self.x.expr(dsl.parse(rest, "expr"), scope)
        except CompileError as e:
            self.error(e.message, path + ("for",), offset=(e.line, e.col + start), hint=e.hint)
            return None
        except DefinitionError as e:
            self.definition_error(e, path + ("for",), shift=start)
            return None
        except RecursionError:
            self.error("the expression is nested too deeply", path + ("for",))
            return None
        et = elem_of(it.type)
        if et is None:
            self.error(f"'for' needs a list or a zone, but this is {describe(it.type)}",
                       path + ("for",), offset=(0, start))
            return None
        inner = scope.child()
        key = inner.fresh_key(var)
        inner.names[var] = local(var, et, key)
        w0 = self.x.weight
        body = self.effect_code(item.get("do", []), path + ("do",), inner)
        w = self.x.weight - w0 + 1  # the cost of one pass, charged before the loop for them all
        gen = self.x.gen
        xs, x = gen.temp(), gen.temp()
        items = f"s.zones[{self.x.src(it)}]" if it.type == ZONE else f"({self.x.src(it)} or ())"
        # the loop runs over a copy: its body may move the cards it walks through
        return [f"{xs} = list({items})",
                f"{gen.ref(charge, 'draws on the budget')}(s, len({xs}) * {w})",
                f"for {x} in {xs}:", f"    e[{key!r}] = {x}", *indent(body or [])]

    def log_effect(self, item: dict, path: YamlPath, scope: Scope) -> Code | None:
        self._keys(item, {"log", "args", "to"}, path)
        key = item["log"]
        if not isinstance(key, str):
            self.error("'log' names a text key", path + ("log",))
            return None
        self.need_text(key, path + ("log",))
        args = item.get("args", {}) or {}
        if not isinstance(args, dict):
            self.error("'args' must be a mapping of name: expression", path + ("args",))
            return None
        compiled: list[tuple[str, str, str]] = []  # (name, kind, the value's source)
        refused: set[str] = set()
        held: dict[str, str] = {}  # the arguments that are not numbers: what each holds
        listed = False
        for name, value in args.items():
            typed = self.expr(value, path + ("args", name), scope)
            if typed is None:
                continue
            kind = {PLAYER: "player", CARD: "card", CARDS: "cards", ZONE: "cards", INT: "int",
                    STR: "str", BOOL: "bool", PLAYERS: "players", NONE: "str",
                    dsl.MELD: "cards"}.get(typed.type)
            if typed.type == dsl.TEAM:  # shown by its name, a text key like a word's
                kind = "str"
            if kind is None:
                self.error(f"cannot show {describe(typed.type)} in a message",
                           path + ("args", name), hint=_UNSHOWN_HINTS.get(typed.type, ""))
                refused.add(str(name))  # given, though not shown: no second error for it
                continue
            if typed.type not in (INT, NONE):
                held[str(name)] = describe(typed.type)
            gen, src = self.x.gen, self.x.src(typed)
            if typed.type == dsl.TEAM:
                src = f"{gen.ref(_team_name, 'a team by its name')}(s, {src})"
            if kind == "int" and typed.names:  # shown by its name: logged as the name's key
                kind = "str"
                src = (f"{gen.ref(langdata.shown_name, 'a number by its name')}"
                       f"({gen.ref(typed.names, 'names of numbers')}, {src})")
            if typed.type == ZONE:
                src = f"list(s.zones[{src}])"
            elif typed.type == dsl.MELD:  # a meld is shown by its cards as they are now
                src = f"{gen.ref(meld_cards_of, 'a meld by its cards')}(s, {src})"
            elif elem_of(typed.type) is not None:  # a list is logged as it is now
                src = f"{gen.ref(_snapshot, 'a copy of a list')}({src})"
            # a value that may be a list: its items count (_log); single values only: none
            listed = listed or kind not in ("player", "card", "int", "str", "bool") or \
                typed.type in (ZONE, dsl.MELD) or elem_of(typed.type) is not None
            compiled.append((str(name), kind, src))
        audience = "None"
        if "to" in item:
            typed = self.expr(item["to"], path + ("to",), scope)
            if typed is not None:
                if typed.type == PLAYER:
                    audience = f"({self.x.src(typed)},)"
                elif compatible(PLAYERS, typed.type):
                    audience = f"tuple(sorted(set({self.x.src(typed)})))"
                else:
                    self.error(f"'to' must be a player or a list of players, but this is "
                               f"{describe(typed.type)}", path + ("to",))
            if key + "_hidden" not in self.spec.text:
                self.error(f"a log with 'to' also needs a text '{key}_hidden' (what the other "
                           "players are told)", path + ("log",),
                           hint=f"add '{key}_hidden' to the text section")
        names = {n for n, _, _ in compiled} | refused
        self.text_uses.append(TextUse(key, frozenset(names), "a log", checked=True,
                                      not_numbers=tuple(held.items())))
        if key in self.spec.text:
            for lang, template in self.spec.text[key].items():
                unknown = placeholders(template) - names
                if unknown:
                    self.error(f"text '{key}' ({lang}) uses {sorted(unknown)} but this log "
                               f"gives only {sorted(names)}", path + ("args",),
                               hint="give " + ", ".join(sorted(unknown)) + " in 'args'")
                    break
        hidden = key + "_hidden"
        if "to" in item and hidden in self.spec.text:
            # the others' version loses single cards; a list of cards becomes its count
            kept = {n for n, kind, _ in compiled if kind != "card"}
            counted = {n for n, kind, _ in compiled if kind == "cards"}  # shown as a count
            self.text_uses.append(TextUse(
                hidden, frozenset(kept), "a private log", checked=True,
                not_numbers=tuple((n, w) for n, w in held.items() if n in kept - counted)))
            for lang, template in self.spec.text[hidden].items():
                unknown = placeholders(template) - kept
                if unknown:
                    self.error(f"text '{hidden}' ({lang}) uses {sorted(unknown)}, which the "
                               f"players outside 'to' do not get", path + ("to",),
                               hint="a card argument is hidden from them; a list of cards shows "
                                    "as its count")
                    break

        gen = self.x.gen
        vals = "".join(f"({n!r}, {k!r}, {src}), " for n, k, src in compiled)
        # what the log holds besides the event and its lists' items, counted in limits.max_log:
        # each value, and whom it is told to
        parts = len(compiled) + ("to" in item)
        if audience == "None" and not listed:  # the usual line: _log without its loops
            return [f"{gen.ref(_log_plain, 'logs an event')}(s, {key!r}, ({vals}), {parts})"]
        return [f"{gen.ref(_log, 'logs an event')}(s, {key!r}, ({vals}), {audience}, {parts})"]

    def statement(self, tree: Tree, scope: Scope) -> Part:
        kind = str(tree.data)
        method = getattr(self, "s_" + kind, None)
        if method is None:
            more = stmt_turns.STATEMENTS.get(kind) or stmt_procedures.STATEMENTS.get(kind)
            if more is None:
                raise fail(tree, f"'{kind}' is not a statement")
            return more(self, tree, scope)
        return method(tree, scope)


def _log(s: Any, key: str, vals: tuple, audience: tuple | None, parts: int = 0) -> None:
    """Log an event: its lists' cards count as work; they, the event and its other parts
    (each value, whom it is told to) count against limits.max_log."""
    size = 1
    for _, _, v in vals:
        if type(v) is list:
            size += len(v)
    work = s.work - size  # the log keeps it: it is work, and counts against limits.max_log
    s.work = work
    if work < 0:
        over_budget(s)
    room = s.log_room - (size + parts)  # State.add_event's bookkeeping, written out
    s.log_room = room
    if room < 0:
        raise EvaluationLimitError("", log_full(s.game.max_log))
    s.log.append((key, vals, audience))
    if audience is not None:  # a line told to some seats: what it names, they now know
        for _, kind, v in vals:
            if v is not None and (kind == "card" or kind == "cards"):
                _tell(s, v, audience)


def _log_plain(s: Any, key: str, vals: tuple, parts: int) -> None:
    """_log for a line told to everyone whose values hold no list (nothing to count but the
    event and its parts, nothing taught to anyone)."""
    work = s.work - 1
    s.work = work
    if work < 0:
        over_budget(s)
    room = s.log_room - (1 + parts)
    s.log_room = room
    if room < 0:
        raise EvaluationLimitError("", log_full(s.game.max_log))
    s.log.append((key, vals, None))


def _tell(s: Any, v: Any, audience: tuple) -> None:
    """Each seat a line is told to learns where the cards it names lie (as `show` teaches)."""
    up = s.faceup
    for c in ((v,) if type(v) is int else v):
        if c is not None and not up[c]:
            for p in audience:
                if p is not None:
                    s.learn_shown(p, c)


def _team_name(s: Any, team: int | None) -> str | None:
    """A team as a logged value: its name, a text key the log translates (none stays none)."""
    return None if team is None else s.game.team_names[team]


# what to write instead of a value a log cannot show
_UNSHOWN_HINTS = {dsl.list_of(dsl.TEAM): "log one team at a time (a team is shown by its name), "
                                         "or its players: members(TEAM)"}
