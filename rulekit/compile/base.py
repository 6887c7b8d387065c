"""The compiler's shared ground: its state, error plumbing and the compiling of one DSL text;
the sections of a ruleset are compiled by the mixins of compiler.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..data.schema import Ruleset
from ..data.yamlsource import Source, YamlPath
from ..errors import Diagnostic, RulesetError
from ..lang import expressions as dsl
from ..lang.expressions import (
    BOOL,
    CARD,
    CARDS,
    INT,
    PLAYER,
    PLAYERS,
    STR,
    CompileError,
    DefinitionError,
    ExprCompiler,
    Scope,
    Tables,
    Typed,
    compatible,
    describe,
)
from ..lang.textcheck import TextUse
from ..rules.game import Rules
from . import langdata, stmt_procedures
from .schema_errors import _show

Fn = Callable[[Any, dict], Any]
VAR_TYPES = {"int": INT, "bool": BOOL, "player": PLAYER, "card": CARD, "cards": CARDS,
             "players": PLAYERS, "text": STR}
MAX_DECK = 10_000
MAX_MELD_SPAN = 10_000  # runs are searched over the range of meld values
MAX_OPEN_WINDOWS = 1_000  # windows waiting on the stack: each keeps its frame until answered


class CompilerBase:
    """One compilation of one ruleset source: what every section's compiler shares."""

    def __init__(self, src: Source, make: type[Rules] = Rules):
        self.src = src
        self.make = make  # the class to build: rulekit.Game, which adds the making of states
        self.diags: list[Diagnostic] = []
        self.tables = Tables()
        self.x = ExprCompiler(self.tables)
        self.spec: Ruleset | None = None
        self.game: Rules | None = None
        self.var_domains: dict[str, frozenset] = {}  # enum-typed variables: their words
        self.text_uses: list[TextUse] = []  # where texts are shown, checked by text_placeholders
        self.procs = stmt_procedures.ProcTable()  # procedures: signatures, compiled bodies
        self.word_uses: list[langdata.WordUse] = []  # choices' words, checked once all compiled

    # ---- error plumbing ----------------------------------------------------------------
    def error(self, message: str, path: YamlPath, *, key: bool = False, hint: str = "",
              offset: tuple[int, int] | None = None) -> None:
        self.diags.append(self.src.diagnostic(message, path, key=key, hint=hint, offset=offset))

    def located(self, e: CompileError, path: YamlPath) -> None:
        self.error(e.message, path, offset=(e.line, e.col), hint=e.hint)
        if isinstance(e, dsl.ExpansionError):
            raise RulesetError(_dedupe(self.diags))  # every later expression would fail too

    # ---- compiling DSL text ------------------------------------------------------------
    def expr(self, value: Any, path: YamlPath, scope: Scope, expected: str | None = None,
             what: str = "this") -> Typed | None:
        """Compile a DSL expression found at path; None after reporting an error."""
        if isinstance(value, bool):
            typed = dsl.const(BOOL, value)
        elif isinstance(value, int):
            typed = dsl.const(INT, value)
        elif isinstance(value, str):
            try:
                tree = dsl.parse(value, "expr")
                typed = self.x.expr(tree, scope)
            except CompileError as e:
                self.located(e, path)
                return None
            except DefinitionError as e:
                self.definition_error(e, path)
                return None
            except RecursionError:
                self.error("the expression is nested too deeply", path)
                return None
        else:
            self.error(f"expected an expression (text), got {_show(value)}", path)
            return None
        if expected is not None and not compatible(expected, typed.type):
            self.error(f"{what} must be {describe(expected)}, but this is {describe(typed.type)}",
                       path)
            return None
        return typed

    def definition_error(self, e: DefinitionError, path: YamlPath, shift: int = 0) -> None:
        """Report a broken definition at the definition, and where it is used (at path)."""
        root = ("define", self._def_key(e.name))
        self.located(e.error, root)
        if e.use is None or (tuple(path) == root and e.use == (e.error.line, e.error.col)):
            return
        used = e.via or e.name
        msg = f"uses definition '{used}', which has an error"
        if used != e.name:
            msg = f"uses definition '{used}', which uses '{e.name}', which has an error"
        self.error(msg, path, offset=(e.use[0], e.use[1] + shift),
                   hint=f"see the error at define.{root[1]}")

    def _def_key(self, name: str) -> str:
        for k in self.spec.define:
            if dsl.DEF_HEAD.match(k) and dsl.DEF_HEAD.match(k).group(1) == name:
                return k
        return name


def _snapshot(v: Any) -> Any:
    return list(v) if isinstance(v, list) else v


def _noop(s: Any, e: dict) -> None:
    return None


def _true(s: Any, e: dict) -> bool:
    return True


def _false(s: Any, e: dict) -> bool:
    return False


def _none(s: Any, e: dict) -> None:
    return None


def _empty_list(s: Any, e: dict) -> list:
    return []


def _dedupe(diags: list[Diagnostic]) -> list[Diagnostic]:
    seen = set()
    out = []
    for d in diags:
        k = (d.file, d.line, d.col, d.message)
        if k not in seen:
            seen.add(k)
            out.append(d)
    return out
