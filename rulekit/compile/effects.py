"""Compiling lists of effects: the effect forms (`if`/`elif`/`else`, `for`, `repeat`, `while`,
`log`) and the dispatch of statements (rulekit.compile.statements)."""

from __future__ import annotations

from typing import Any

from lark import Tree

from ..data.yamlsource import YamlPath
from ..errors import EvaluationLimitError, RuleRuntimeError, log_full
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
from ..lang.types import Fn, list_of
from . import langdata, statements, stmt_control
from .base import (
    _noop,
    _snapshot,
)
from .context import CompileContext
from .schema_errors import _show
from .stmt_control import Code


def effects(c: CompileContext, items: Any, path: YamlPath, scope: Scope) -> Fn:
    """A list of effects as one generated function (a no-op for none)."""
    gen = c.x.gen
    outer, gen.context = gen.context, ".".join(str(k) for k in path)
    w0 = c.x.weight
    try:
        code = effect_code(c, items, path, scope)
        size = c.x.weight - w0
        if code and size > FREE_PARTS:  # a large list draws its size at each run (the flow
            # may run it at every automatic step: an on_begin at each restart of a phase);
            # what runs it (a loop calling a procedure) counts it as one part
            code = [f"{gen.ref(charge, 'draws on the budget')}(s, {size})", *code]
            c.x.weight = w0 + 1
        return gen.body_function(code) if code else _noop
    finally:
        gen.context = outer


def effect_code(c: CompileContext, items: Any, path: YamlPath, scope: Scope) -> Code | None:
    """A list of effects as generated statements; None after reporting an error."""
    if not isinstance(items, list):
        c.error("effects must be a list", path,
                hint="write each effect on its own line, starting with '- '")
        return None
    scope = scope.child()
    scope.effects = True
    parts: list[Code] = []
    wheres: list[str] = []  # each statement's text and place, named by a runtime error
    for i, item in enumerate(items):
        f = effect(c, item, path + (i,), scope)
        if f is not None:
            parts.append(f)
            wheres.append(stmt_control.statement_where(c, item, path + (i,)))
    return stmt_control.located_block(c, parts, wheres)


def effect(c: CompileContext, item: Any, path: YamlPath, scope: Scope) -> Code | None:
    """One effect (a statement, or a mapping form) as code; None after reporting an error."""
    c.x.weight += 1  # running a statement is work, even one without expressions
    if isinstance(item, str):
        try:
            tree = dsl.parse(item, "stmt")
            return statement(c, tree, scope)
        except CompileError as e:
            c.located(e, path)
        except DefinitionError as e:
            c.definition_error(e, path)
        except RecursionError:
            c.error("the effect is nested too deeply", path)
        return None
    if isinstance(item, dict):
        if "if" in item:
            return if_effect(c, item, path, scope)
        if "for" in item:
            return for_effect(c, item, path, scope)
        if "log" in item:
            return log_effect(c, item, path, scope)
        if "repeat" in item:
            return repeat_effect(c, item, path, scope)
        if "while" in item:
            return while_effect(c, item, path, scope)
    if isinstance(item, dict):
        keys = ", ".join(str(k) for k in item) or "no keys"
        close = did_you_mean(str(next(iter(item), "")), stmt_control.MAPPING_KEYS)
        c.error("an effect mapping needs 'if', 'for', 'repeat', 'while' or 'log', but this "
                f"one has: {keys}",
                path, hint=close or "a statement is written as text, e.g. - set x = 1")
        return None
    c.error("an effect is a statement (text), or a mapping with if/then/else, "
            f"for/do, repeat/do, while/do, or log/args/to; not {_show(item)}", path)
    return None


def check_keys(c: CompileContext, item: dict[str, Any], allowed: set[str], path: YamlPath) -> bool:
    """Report each key of item that is not allowed; whether all were."""
    ok = True
    for k in item:
        if k not in allowed:
            c.error(f"unknown key '{k}'", path + (k,), key=True,
                    hint=did_you_mean(str(k), allowed) or
                    "allowed keys: " + ", ".join(sorted(allowed)))
            ok = False
    return ok


def if_effect(c: CompileContext, item: dict[str, Any], path: YamlPath, scope: Scope) -> Code | None:
    """`{if: COND, then: [...], elif: [...], else: [...]}`."""
    check_keys(c, item, {"if", "then", "elif", "else"}, path)
    cond = c.expr(item["if"], path + ("if",), scope, BOOL, "the condition of 'if'")
    if "then" not in item:
        c.error("an 'if' effect needs 'then'", path)
    then = effect_code(c, item.get("then", []), path + ("then",), scope)
    return if_code(c, cond, then, item, path, scope)


def for_effect(c: CompileContext, item: dict[str, Any], path: YamlPath,
               scope: Scope) -> Code | None:
    """`{for: x in LIST, do: [...]}`: the effects once per item, x bound to it."""
    check_keys(c, item, {"for", "do"}, path)
    if "do" not in item:
        c.error("a 'for' effect needs 'do' (the effects to repeat)", path)
    head = item["for"]
    m = dsl.FOR_HEAD.match(head) if isinstance(head, str) else None
    if not m:
        c.error("write 'for' as: NAME in LIST (for example: p in players)", path + ("for",))
        return None
    lead, var, rest = m.groups()
    start = len(lead) + len(var) + (len(head) - len(lead) - len(var) - len(rest))
    try:
        it = c.x.expr(dsl.parse(rest, "expr"), scope)
    except CompileError as e:
        c.error(e.message, path + ("for",), offset=(e.line, e.col + start), hint=e.hint)
        return None
    except DefinitionError as e:
        c.definition_error(e, path + ("for",), shift=start)
        return None
    except RecursionError:
        c.error("the expression is nested too deeply", path + ("for",))
        return None
    et = elem_of(it.type)
    if et is None:
        c.error(f"'for' needs a list or a zone, but this is {describe(it.type)}",
                path + ("for",), offset=(0, start))
        return None
    inner = scope.child()
    key = inner.fresh_key(var)
    inner.names[var] = local(var, et, key)
    w0 = c.x.weight
    body = effect_code(c, item.get("do", []), path + ("do",), inner)
    w = c.x.weight - w0 + 1  # the cost of one pass, charged before the loop for them all
    gen = c.x.gen
    xs, x = gen.temp(), gen.temp()
    items = f"s.zones[{c.x.src(it)}]" if it.type == ZONE else f"({c.x.src(it)} or ())"
    # the loop runs over a copy: its body may move the cards it walks through
    return [f"{xs} = list({items})",
            f"{gen.ref(charge, 'draws on the budget')}(s, len({xs}) * {w})",
            f"for {x} in {xs}:", f"    e[{key!r}] = {x}", *indent(body or [])]


def log_effect(c: CompileContext, item: dict[str, Any], path: YamlPath,
               scope: Scope) -> Code | None:
    """`{log: TEXT, args: {...}, to: PLAYERS}`: an event in the log, told to some seats."""
    check_keys(c, item, {"log", "args", "to"}, path)
    key = item["log"]
    if not isinstance(key, str):
        c.error("'log' names a text key", path + ("log",))
        return None
    c.need_text(key, path + ("log",))
    c.place(f"log.{key}", path + ("log",))
    args = item.get("args", {}) or {}
    if not isinstance(args, dict):
        c.error("'args' must be a mapping of name: expression", path + ("args",))
        return None
    compiled: list[tuple[str, str, str]] = []  # (name, kind, the value's source)
    refused: set[str] = set()
    held: dict[str, str] = {}  # the arguments that are not numbers: what each holds
    listed = False
    for name, value in args.items():
        typed = c.expr(value, path + ("args", name), scope)
        if typed is None:
            continue
        kind = {PLAYER: "player", CARD: "card", CARDS: "cards", ZONE: "cards", INT: "int",
                STR: "str", BOOL: "bool", PLAYERS: "players", NONE: "str",
                dsl.MELD: "cards"}.get(typed.type)
        if typed.type == dsl.TEAM:  # shown by its name, a text key like a word's
            kind = "str"
        if kind is None:
            c.error(f"cannot show {describe(typed.type)} in a message",
                    path + ("args", name), hint=_UNSHOWN_HINTS.get(typed.type, ""))
            refused.add(str(name))  # given, though not shown: no second error for it
            continue
        if typed.type not in (INT, NONE):
            held[str(name)] = describe(typed.type)
        gen, src = c.x.gen, c.x.src(typed)
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
        typed = c.expr(item["to"], path + ("to",), scope)
        if typed is not None:
            if typed.type == PLAYER:
                audience = f"({c.x.src(typed)},)"
            elif compatible(PLAYERS, typed.type):
                audience = f"tuple(sorted(set({c.x.src(typed)})))"
            else:
                c.error(f"'to' must be a player or a list of players, but this is "
                        f"{describe(typed.type)}", path + ("to",))
        if key + "_hidden" not in c.spec.text:
            c.error(f"a log with 'to' also needs a text '{key}_hidden' (what the other "
                    "players are told)", path + ("log",),
                    hint=f"add '{key}_hidden' to the text section")
    names = {n for n, _, _ in compiled} | refused
    c.text_uses.append(TextUse(key, frozenset(names), "a log", checked=True,
                               not_numbers=tuple(held.items())))
    if key in c.spec.text:
        for lang, template in c.spec.text[key].items():
            unknown = placeholders(template) - names
            if unknown:
                c.error(f"text '{key}' ({lang}) uses {sorted(unknown)} but this log "
                        f"gives only {sorted(names)}", path + ("args",),
                        hint="give " + ", ".join(sorted(unknown)) + " in 'args'")
                break
    hidden = key + "_hidden"
    if "to" in item and hidden in c.spec.text:
        # the others' version loses single cards; a list of cards becomes its count
        kept = {n for n, kind, _ in compiled if kind != "card"}
        counted = {n for n, kind, _ in compiled if kind == "cards"}  # shown as a count
        c.text_uses.append(TextUse(
            hidden, frozenset(kept), "a private log", checked=True,
            not_numbers=tuple((n, w) for n, w in held.items() if n in kept - counted)))
        for lang, template in c.spec.text[hidden].items():
            unknown = placeholders(template) - kept
            if unknown:
                c.error(f"text '{hidden}' ({lang}) uses {sorted(unknown)}, which the "
                        f"players outside 'to' do not get", path + ("to",),
                        hint="a card argument is hidden from them; a list of cards shows "
                        "as its count")
                break

    gen = c.x.gen
    vals = "".join(f"({n!r}, {k!r}, {src}), " for n, k, src in compiled)
    # what the log holds besides the event and its lists' items, counted in limits.max_log:
    # each value, and whom it is told to
    parts = len(compiled) + ("to" in item)
    if audience == "None" and not listed:  # the usual line: _log without its loops
        return [f"{gen.ref(_log_plain, 'logs an event')}(s, {key!r}, ({vals}), {parts})"]
    return [f"{gen.ref(_log, 'logs an event')}(s, {key!r}, ({vals}), {audience}, {parts})"]


def statement(c: CompileContext, tree: Tree[Any], scope: Scope) -> Code:
    """One statement's code, by its form (rulekit.compile.statements.CODEGEN)."""
    generate = statements.CODEGEN.get(str(tree.data))
    if generate is None:
        raise fail(tree, f"'{tree.data}' is not a statement")
    return generate(c, tree, scope)


def repeat_effect(c: CompileContext, item: dict[str, Any], path: YamlPath,
                  scope: Scope) -> Code | None:
    """`{repeat: N, do: [...]}`: the effects N times; N is read once, before the first pass."""
    check_keys(c, item, {"repeat", "do"}, path)
    if "do" not in item:
        c.error("a 'repeat' effect needs 'do' (the effects to repeat)", path)
    count = c.expr(item["repeat"], path + ("repeat",), scope, INT, "the count of 'repeat'")
    if count is not None and count.is_const and count.const < 0:
        c.error(f"'repeat' needs a count of 0 or more, not {count.const}", path + ("repeat",))
        count = None
    w0 = c.x.weight
    body = effect_code(c, item.get("do", []), path + ("do",), scope)
    w = c.x.weight - w0 + 1  # the cost of one pass, charged before the loop for them all
    if count is None:
        return None
    gen = c.x.gen
    n, i = gen.temp(), gen.temp()
    negative = gen.ref(_negative_repeat, "the error of a negative repeat count")
    return [f"{n} = {c.x.src(count)}", f"if {n} < 0:", f"    {negative}({n})",
            f"{gen.ref(charge, 'draws on the budget')}(s, {n} * {w})",
            f"for {i} in range({n}):", *indent(body or [])]


def _negative_repeat(n: int) -> None:
    """Raise the rule error of a repeat count below 0."""
    raise RuleRuntimeError("", f"'repeat' needs a count of 0 or more, not {n}")


def while_effect(c: CompileContext, item: dict[str, Any], path: YamlPath,
                 scope: Scope) -> Code | None:
    """`{while: COND, do: [...]}`: the effects again and again while COND holds (checked first)."""
    check_keys(c, item, {"while", "do"}, path)
    if "do" not in item:
        c.error("a 'while' effect needs 'do' (the effects to repeat)", path)
    w0 = c.x.weight
    cond = c.expr(item["while"], path + ("while",), scope, BOOL, "the condition of 'while'")
    body = effect_code(c, item.get("do", []), path + ("do",), scope)
    w = c.x.weight - w0 + 1  # one pass: the condition and the body, charged at every pass
    if cond is None:
        return None
    # a loop that never ends runs out of limits.max_work
    return [f"while {c.x.src(cond)}:", f"    {c.x.gen.ref(charge, 'draws on the budget')}(s, {w})",
            *indent(body or [])]


def if_code(c: CompileContext, cond: Any, then: Code | None, item: dict[str, Any], path: YamlPath,
            scope: Scope) -> Code | None:
    """An `if` with its `elif` entries in order, then `else`, as one if/elif/else."""
    other = effect_code(c, item.get("else", []), path + ("else",), scope)
    branches: list[tuple[Any, Code]] = []
    entries = item.get("elif")
    if "elif" in item and (not isinstance(entries, list) or not entries):
        c.error("'elif' is a list of {if: CONDITION, then: [EFFECTS]}", path + ("elif",),
                hint="write each case as '- if: ...' with 'then:' under it")
        entries = []
    for j, entry in enumerate(entries or []):
        epath = path + ("elif", j)
        if not isinstance(entry, dict):
            c.error("each 'elif' entry is a mapping {if: CONDITION, then: [EFFECTS]}", epath)
            continue
        check_keys(c, entry, {"if", "then"}, epath)
        if "if" not in entry or "then" not in entry:
            missing = "if" if "if" not in entry else "then"
            c.error(f"an 'elif' entry needs '{missing}'", epath)
            continue
        econd = c.expr(entry["if"], epath + ("if",), scope, BOOL, "the condition of 'elif'")
        ethen = effect_code(c, entry["then"], epath + ("then",), scope)
        if econd is not None:
            branches.append((econd, ethen or []))
    if cond is None:
        return None
    out = [f"if {c.x.src(cond)}:", *indent(then or [])]
    for econd, ethen in branches:
        out += [f"elif {c.x.src(econd)}:", *indent(ethen)]
    if other:
        out += ["else:", *indent(other)]
    return out


def _log(s: Any, key: str, vals: tuple[Any, ...], audience: tuple[Any, ...] | None,
         parts: int = 0) -> None:
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
    if audience is not None:  # a line told to some seats: what it names, they now know (as
        # `show` teaches)
        for _, kind, v in vals:
            if v is not None and (kind == "card" or kind == "cards"):
                s.learn_shown((v,) if type(v) is int else v, audience)


def _log_plain(s: Any, key: str, vals: tuple[Any, ...], parts: int) -> None:
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
    log = s.log
    if log.chained:  # EventLog.append written out (a line logged at most decisions)
        log._head = ((key, vals, None), log._head)
        log._n += 1
    else:
        log.append((key, vals, None))


def _team_name(s: Any, team: int | None) -> str | None:
    """A team as a logged value: its name, a text key the log translates (none stays none)."""
    return None if team is None else s.game.team_names[team]


# what to write instead of a value a log cannot show
_UNSHOWN_HINTS = {list_of(dsl.TEAM): "log one team at a time (a team is shown by its name), "
                                         "or its players: members(TEAM)"}
