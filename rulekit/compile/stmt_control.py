"""The runner of effect lists: each statement's generated code, located (`repeat`, `while` and
`elif` are compiled with the other effect forms, rulekit.compile.effects).

Every effect list runs its statements through `located_block`, so a statement that fails at run
time names itself and its file:line:col (the innermost statement, inside loops and procedures).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..errors import RuleRuntimeError, unforeseen
from ..lang.codegen import indent

if TYPE_CHECKING:
    from ..data.yamlsource import YamlPath
    from .context import CompileContext

Code = list[str]  # generated statements, indented from 0
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


def located_block(c: CompileContext, parts: list[Code], wheres: list[str]) -> Code:
    """Statements in order (nothing after 'end game'); a failure names its statement.

    A try costs nothing until something is raised, so each statement gets its own. Only `end
    game` ends the game, and returns; a `call` of a procedure returns when it did, as does a
    block of statements made a function of its own (Module.block), so nothing runs after the
    game ended.
    """
    gen = c.x.gen
    errors = gen.ref(STATEMENT_ERRORS, "the failures a statement is named in")
    reloc = gen.ref(relocated, "names the failing statement in a rule error")
    out: Code = []
    for part, where in zip(parts, wheres, strict=True):
        out += ["try:", *indent(gen.block(part)), f"except {errors} as _x:",
                f"    raise {reloc}(_x, {where!r}) from None"]
    return out


def statement_where(c: CompileContext, item: Any, path: YamlPath) -> str:
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








