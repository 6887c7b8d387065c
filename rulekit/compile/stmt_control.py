"""Control statements of effect lists: located lists, `repeat`, `while` and `elif`.

Every effect list runs its statements through `located_block`, so a statement that fails at run
time names itself and its file:line:col (the innermost statement, inside loops and procedures).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import RuleRuntimeError, unforeseen
from ..lang.codegen import indent
from ..lang.expressions import BOOL, INT, charge

if TYPE_CHECKING:
    from ..data.yamlsource import YamlPath
    from ..lang.expressions import Scope
    from .base import CompilerBase as Compiler

Fn = Callable[[Any, dict], Any]
Code = list[str]  # generated statements, indented from 0
Part = Fn | Code  # a statement: generated, or a closure (forms not generated yet)
# Python failures a rule can cause (a ruleset bug the loader could not see); shown in words
PY_ERRORS = (TypeError, IndexError, KeyError, ValueError, AttributeError, ZeroDivisionError)
STATEMENT_ERRORS = (RuleRuntimeError, *PY_ERRORS)
SHOWN_STATEMENT = 60  # characters of a statement quoted in a runtime error
MAPPING_KEYS = ("if", "for", "repeat", "while", "log")


def relocated(err: BaseException, where: str) -> RuleRuntimeError:
    """err as a rule error naming the statement `where`, unless an inner statement is named."""
    if isinstance(err, RuleRuntimeError):
        if err.where:
            return err
        return type(err)(err.rule, err.detail, where)
    return RuleRuntimeError("", unforeseen(err, "the statement"), where)


def located_block(c: Compiler, parts: list[Part], wheres: list[str]) -> Code:
    """Statements in order (nothing after 'end game'); a failure names its statement.

    A try costs nothing until something is raised, so each statement gets its own. Only a
    statement run by a call (`end game`, `call`, ...) can end the game: the generated ones set,
    move, log or hold blocks of their own, whose calls are each followed by the check, which
    returns from the whole function.
    """
    gen = c.x.gen
    errors = gen.ref(STATEMENT_ERRORS, "the failures a statement is named in")
    reloc = gen.ref(relocated, "names the failing statement in a rule error")
    out: Code = []
    for part, where in zip(parts, wheres, strict=True):
        generated = isinstance(part, list)
        body = gen.block(part) if generated else [gen.call(part, f"the statement {where[3:]}")]
        out += ["try:", *indent(body), f"except {errors} as _x:",
                f"    raise {reloc}(_x, {where!r}) from None"]
        if not generated:
            out += ["if s.over:", "    return"]
    return out


def statement_where(c: Compiler, item: Any, path: YamlPath) -> str:
    """How a runtime error names a statement: its text and file:line:col."""
    if isinstance(item, dict):
        key = next((k for k in (*MAPPING_KEYS, "call") if k in item), None)
        text = f"{key}: {item[key]}" if key is not None else "a mapping"
        d = c.src.diagnostic("", path + ((key,) if key is not None else ()), key=key is not None)
    else:
        text = str(item)
        d = c.src.diagnostic("", path)
    text = re.sub(r"\s+", " ", text).strip()
    if len(text) > SHOWN_STATEMENT:
        text = text[:SHOWN_STATEMENT - 3] + "..."
    at = f"{d.file}:{d.line}:{d.col}" if d.line else d.file
    return f"in '{text}' at {at}"


def repeat_effect(c: Compiler, item: dict, path: YamlPath, scope: Scope) -> Code | None:
    """`{repeat: N, do: [...]}`: the effects N times; N is read once, before the first pass."""
    c._keys(item, {"repeat", "do"}, path)
    if "do" not in item:
        c.error("a 'repeat' effect needs 'do' (the effects to repeat)", path)
    count = c.expr(item["repeat"], path + ("repeat",), scope, INT, "the count of 'repeat'")
    if count is not None and count.is_const and count.const < 0:
        c.error(f"'repeat' needs a count of 0 or more, not {count.const}", path + ("repeat",))
        count = None
    w0 = c.x.weight
    body = c.effect_code(item.get("do", []), path + ("do",), scope)
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


def while_effect(c: Compiler, item: dict, path: YamlPath, scope: Scope) -> Code | None:
    """`{while: COND, do: [...]}`: the effects again and again while COND holds (checked first)."""
    c._keys(item, {"while", "do"}, path)
    if "do" not in item:
        c.error("a 'while' effect needs 'do' (the effects to repeat)", path)
    w0 = c.x.weight
    cond = c.expr(item["while"], path + ("while",), scope, BOOL, "the condition of 'while'")
    body = c.effect_code(item.get("do", []), path + ("do",), scope)
    w = c.x.weight - w0 + 1  # one pass: the condition and the body, charged at every pass
    if cond is None:
        return None
    # a loop that never ends runs out of limits.max_work
    return [f"while {c.x.src(cond)}:", f"    {c.x.gen.ref(charge, 'draws on the budget')}(s, {w})",
            *indent(body or [])]


def if_code(c: Compiler, cond: Any, then: Code | None, item: dict, path: YamlPath,
            scope: Scope) -> Code | None:
    """An `if` with its `elif` entries in order, then `else`, as one if/elif/else."""
    other = c.effect_code(item.get("else", []), path + ("else",), scope)
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
        c._keys(entry, {"if", "then"}, epath)
        if "if" not in entry or "then" not in entry:
            missing = "if" if "if" not in entry else "then"
            c.error(f"an 'elif' entry needs '{missing}'", epath)
            continue
        econd = c.expr(entry["if"], epath + ("if",), scope, BOOL, "the condition of 'elif'")
        ethen = c.effect_code(entry["then"], epath + ("then",), scope)
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
