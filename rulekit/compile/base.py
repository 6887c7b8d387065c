"""The compiler's shared ground: its state, error plumbing and the compiling of one DSL text;
the sections of a ruleset are compiled by the mixins of compiler.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from lark import Tree

from ..data.schema import Ruleset
from ..data.spelling import did_you_mean
from ..data.yamlsource import Source, YamlPath
from ..errors import Diagnostic, RulesetError
from ..lang import expressions as dsl
from ..lang.budget import charged_if_large
from ..lang.expressions import (
    BOOL,
    CARD,
    CARDS,
    INT,
    PLAYER,
    PLAYERS,
    STR,
    ZONE,
    CompileError,
    DefinitionError,
    ExprCompiler,
    Scope,
    Tables,
    Typed,
    charge,
    compatible,
    describe,
    fail,
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

    # names the engine binds itself: a parameter, variable or procedure argument may not take them
    RESERVED = {"actor", "opener", "it", "p", "players", "num_players", "true", "false", "none"}

    if TYPE_CHECKING:  # compiled by EffectsMixin, used by every part that holds effects
        def effects(self, items: Any, path: YamlPath, scope: Scope) -> Fn: ...
        def effect_code(self, items: Any, path: YamlPath, scope: Scope) -> list[str] | None: ...
        def _keys(self, item: dict, allowed: set[str], path: YamlPath) -> bool: ...

    if TYPE_CHECKING:  # by DeclarationsMixin, used by procedures' parameters too
        def var_type(self, name: str, path: YamlPath) -> str | None: ...

    def __init__(self, src: Source, make: type[Rules] = Rules):
        self.src = src
        self.make = make  # the class to build: rulekit.Game, which adds the making of states
        self.diags: list[Diagnostic] = []
        self.tables = Tables()
        self.x = ExprCompiler(self.tables)
        self._spec: Ruleset | None = None
        self._game: Rules | None = None
        self.var_domains: dict[str, frozenset] = {}  # enum-typed variables: their words
        self.text_uses: list[TextUse] = []  # where texts are shown, checked by text_placeholders
        self.procs = stmt_procedures.ProcTable()  # procedures: signatures, compiled bodies
        self.word_uses: list[langdata.WordUse] = []  # choices' words, checked once all compiled
        # each action's compiled 'when' (uncharged) and its size, by the action's index
        self._whens: dict[int, tuple[Typed, int]] = {}

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
    def game(self) -> Rules:
        """The rules being built."""
        assert self._game is not None, "the rules are made before any section is compiled"
        return self._game

    @game.setter
    def game(self, game: Rules) -> None:
        self._game = game

    # ---- error plumbing ----------------------------------------------------------------
    def error(self, message: str, path: YamlPath, *, key: bool = False, hint: str = "",
              offset: tuple[int, int] | None = None) -> None:
        self.diags.append(self.src.diagnostic(message, path, key=key, hint=hint, offset=offset))

    def located(self, e: CompileError, path: YamlPath) -> None:
        self.error(e.message, path, offset=(e.line, e.col), hint=e.hint)
        if isinstance(e, dsl.ExpansionError):
            raise RulesetError(_dedupe(self.diags))  # every later expression would fail too

    # ---- texts and operands every part uses --------------------------------------------
    def need_text(self, key: str | None, path: YamlPath) -> None:
        if key is not None and key not in self.spec.text:
            self.error(f"no text '{key}' in the text section", path,
                       hint=did_you_mean(key, self.spec.text))

    def _zone(self, tree: Tree, scope: Scope, what: str) -> Fn:
        typed = self.x.expr(tree, scope)
        if typed.type != ZONE:
            raise fail(tree, f"{what} must be a zone, but this is {describe(typed.type)}")
        return typed.fn

    def _zone_code(self, tree: Tree, scope: Scope, what: str) -> str:
        """The source of a zone a statement acts on (as _zone, generated inline)."""
        typed = self.x.expr(tree, scope)
        if typed.type != ZONE:
            raise fail(tree, f"{what} must be a zone, but this is {describe(typed.type)}")
        return self.x.src(typed)

    def _int(self, tree: Tree, scope: Scope, what: str) -> Fn:
        return langdata.not_none(self.x.expect(tree, scope, INT, what).fn, what)

    def _int_code(self, tree: Tree, scope: Scope, what: str) -> str:
        """The source of a number a statement needs (as _int: none is a rule error)."""
        typed = self.x.expect(tree, scope, INT, what)
        if typed.is_const and typed.const is not None:
            return repr(typed.const)
        return self.x._unless_none(typed, langdata.none_detail(what), lambda v: v)

    def _cards(self, tree: Tree, scope: Scope, what: str) -> Fn:
        typed = self.x.expr(tree, scope)
        f = typed.fn
        take = _cards_taker(tree, typed, what)
        return lambda s, e: take(s, f(s, e))

    def _cards_code(self, tree: Tree, scope: Scope, what: str) -> str:
        """The source of the cards a statement acts on (as _cards, generated inline)."""
        typed = self.x.expr(tree, scope)
        take = _cards_taker(tree, typed, what)
        return f"{self.x.gen.ref(take, 'the cards a statement acts on')}(s, {self.x.src(typed)})"

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


def _card_as_cards(s: Any, c: Any) -> list:
    return [] if c is None else [c]


def _zone_cards(s: Any, z: int) -> list:
    cards = s.zones[z]
    charge(s, len(cards))  # a statement moves or shows each card: work
    return list(cards)


def _listed_cards(s: Any, cards: Any) -> list:
    if cards is None:  # a skipped cards parameter: none moves (shows) nothing
        return []
    charge(s, len(cards))
    if None in cards:  # [c] with c none: a card that is not there is no card
        return [c for c in cards if c is not None]
    return cards


def _cards_taker(tree: Tree, typed: Typed, what: str) -> Callable[[Any, Any], list]:
    """How a value of typed's type becomes the list of cards a statement acts on."""
    if typed.type == CARD:
        return _card_as_cards
    if typed.type == ZONE:
        return _zone_cards
    if compatible(CARDS, typed.type):
        return _listed_cards
    raise fail(tree, f"{what} must be a card, a list of cards or a zone, but this is "
               f"{describe(typed.type)}")
