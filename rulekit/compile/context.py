"""The compiler's context: what one compilation of a ruleset holds, and the compiling of one DSL
text (an expression) with its errors located in the file."""

from __future__ import annotations

from typing import Any

from ..data.schema import Ruleset
from ..data.spelling import did_you_mean
from ..data.yamlsource import Source, YamlPath
from ..errors import Diagnostic, RulesetError
from ..lang import expressions as dsl
from ..lang.budget import charged_if_large
from ..lang.expressions import (
    BOOL,
    INT,
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
from .draft import RulesDraft
from .schema_errors import _show
from .symbols import ProcTable, WordUse


class CompileContext:
    """One compilation of one ruleset: the source, the checked spec, the diagnostics, the symbol
    tables, the expression compiler with its generated module, and the rules being built; every
    pass (rulekit.compile.cards, zones, variables, ...) is a module of functions taking it."""

    # names the engine binds itself: a parameter, variable or procedure argument may not take them
    RESERVED = {"actor", "opener", "it", "p", "players", "num_players", "true", "false", "none"}

    def __init__(self, src: Source, make: type[Rules] = Rules) -> None:
        self.src = src
        self.make = make  # the class to build: rulekit.Game, which adds the making of states
        self.diags: list[Diagnostic] = []
        self.tables = Tables()
        self.x = ExprCompiler(self.tables)
        self._spec: Ruleset | None = None
        self._game: RulesDraft | None = None
        self.var_domains: dict[str, frozenset[Any]] = {}  # enum-typed variables: their words
        self.text_uses: list[TextUse] = []  # where texts are shown, checked by text_placeholders
        self.procs = ProcTable()  # procedures: signatures, compiled bodies
        self.word_uses: list[WordUse] = []  # choices' words, checked once all compiled
        # each action's compiled 'when' (uncharged) and its size, by the action's index
        self._whens: dict[int, tuple[Typed, int]] = {}
        self.has_show = False  # a `show` statement compiled: the rules keep what seats learn

    # build() sets both before any section is compiled: the sections read them as given
    @property
    def spec(self) -> Ruleset:
        """The schema-checked ruleset."""
        assert self._spec is not None, "the schema is checked before any section is compiled"
        return self._spec

    @spec.setter
    def spec(self, spec: Ruleset) -> None:
        self._spec = spec

    @property
    def game(self) -> RulesDraft:
        """The rules being built."""
        assert self._game is not None, "the rules are made before any section is compiled"
        return self._game

    @game.setter
    def game(self, game: RulesDraft) -> None:
        self._game = game

    # ---- error plumbing ----------------------------------------------------------------
    def error(self, message: str, path: YamlPath, *, key: bool = False, hint: str = "",
              offset: tuple[int, int] | None = None) -> None:
        """Record a diagnostic at path (key: at the key itself; offset: inside a DSL text)."""
        self.diags.append(self.src.diagnostic(message, path, key=key, hint=hint, offset=offset))

    def place(self, rule: str, path: YamlPath, *, key: bool = False, text: bool = False) -> None:
        """Keep where rule is written (file:line:col, the first place) for run-time messages;
        text: at the first character of the DSL text there (past a quote)."""
        d = self.src.diagnostic("", path, key=key, offset=(0, 0) if text else None)
        if d.line:
            self.game.places.setdefault(rule, f"{d.file}:{d.line}:{d.col}")

    def located(self, e: CompileError, path: YamlPath) -> None:
        """Record a DSL compile error at its place in the text at path."""
        self.error(e.message, path, offset=(e.line, e.col), hint=e.hint)
        if isinstance(e, dsl.ExpansionError):
            raise RulesetError(_dedupe(self.diags))  # every later expression would fail too

    # ---- texts and operands every part uses --------------------------------------------
    def need_text(self, key: str | None, path: YamlPath) -> None:
        """Report a text key the text section does not have."""
        if key is not None and key not in self.spec.text:
            self.error(f"no text '{key}' in the text section", path,
                       hint=did_you_mean(key, self.spec.text))

    # ---- compiling DSL text ------------------------------------------------------------
    def expr(self, value: Any, path: YamlPath, scope: Scope, expected: str | None = None,
             what: str = "this") -> Typed | None:
        """Compile a DSL expression found at path; None after reporting an error. One of more
        than FREE_PARTS parts draws its size each time it is evaluated (the flow may ask a
        condition at every automatic step); what uses it counts it as one part."""
        typed, size = self.weighed_expr(value, path, scope, expected, what)
        if typed is None:
            return None
        priced = charged_if_large(typed, size)
        if priced is not typed:
            self.x.weight -= size - 1
        return priced

    def weighed_expr(self, value: Any, path: YamlPath, scope: Scope, expected: str | None = None,
                     what: str = "this") -> tuple[Typed | None, int]:
        """Compile a DSL expression found at path, and its size in parts (what one evaluation
        costs, see the budget in docs); None after reporting an error."""
        w0 = self.x.weight
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
                return None, 0
            except DefinitionError as e:
                self.definition_error(e, path)
                return None, 0
            except RecursionError:
                self.error("the expression is nested too deeply", path)
                return None, 0
        else:
            self.error(f"expected an expression (text), got {_show(value)}", path)
            return None, 0
        if expected is not None and not compatible(expected, typed.type):
            self.error(f"{what} must be {describe(expected)}, but this is {describe(typed.type)}",
                       path)
            return None, 0
        return typed, self.x.weight - w0

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
            head = dsl.DEF_HEAD.match(k)
            if head is not None and head.group(1) == name:
                return k
        return name


def _dedupe(diags: list[Diagnostic]) -> list[Diagnostic]:
    seen = set()
    out = []
    for d in diags:
        k = (d.file, d.line, d.col, d.message)
        if k not in seen:
            seen.add(k)
            out.append(d)
    return out
