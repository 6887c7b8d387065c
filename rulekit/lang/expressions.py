"""The ruleset language: parse DSL text once and compile it into typed Python closures.

A compiled expression is a function `f(state, env)`; `env` is a dict of local names (the actor,
an action's parameters, comprehension variables). Nothing walks a syntax tree at run time.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..data.spelling import did_you_mean
from ..errors import EvaluationLimitError, RuleRuntimeError
from . import turnorder

Fn = Callable[[Any, dict], Any]

INT, BOOL, STR, PLAYER, CARD, ZONE, NONE, ANY = (
    "int", "bool", "str", "player", "card", "zone", "none", "any")
CARDS, PLAYERS = "list[card]", "list[player]"
MELD = "meld"
TEAM = "team"


def list_of(t: str) -> str:
    """The type of a list whose elements have type t."""
    return f"list[{t}]"


def elem_of(t: str) -> str | None:
    """The element type of a list type, or None if t is not a list (zones hold cards)."""
    if t == ZONE:
        return CARD
    if t.startswith("list["):
        return t[5:-1]
    return None


def compatible(expected: str, got: str) -> bool:
    """Whether a value of type got may stand where expected is wanted."""
    if expected == got or ANY in (expected, got):
        return True
    if got == NONE and expected in (PLAYER, CARD, STR, MELD):
        return True
    if expected == CARDS and got == ZONE:
        return True
    ee, ge = elem_of(expected), elem_of(got)
    if ee is not None and ge is not None:
        return compatible(ee, ge) or ge == ANY
    return False


@dataclass
class Typed:
    """A compiled expression: its static type, its closure, a constant value if known."""

    type: str
    fn: Fn
    const: Any = None
    is_const: bool = False
    domain: frozenset | None = None  # allowed symbols, for enum-valued card attributes
    uses_random: bool = False
    names: dict | None = None  # a number's values shown by name (value -> text key)
    words: Any = None  # a choice's literal words, checked against the domains it meets


MAX_INT = 10**15  # every number the rules compute stays within +-MAX_INT
HEAVY = 64  # a definition whose evaluation costs more charges the budget each time it is used


def over_budget(s: Any) -> None:
    """Raise the error for a state whose evaluation budget (`s.work`) has run out."""
    limit = getattr(getattr(s, "game", None), "max_work", None)
    raise EvaluationLimitError("", f"the rules did more than {limit} steps of work before the "
                               "next decision (limits.max_work): a loop, a list or a count too "
                               "large")


def charge(s: Any, amount: int) -> None:
    """Draw amount (if positive) on the state's evaluation budget (limits.max_work)."""
    if amount > 0:
        left = s.work - amount
        s.work = left
        if left < 0:
            over_budget(s)


def charged(typed: Typed, cost: int) -> Typed:
    """typed, drawing cost on the evaluation budget each time it is evaluated."""
    f = typed.fn

    def g(s: Any, e: dict) -> Any:
        w = s.work - cost
        s.work = w
        if w < 0:
            over_budget(s)
        return f(s, e)

    return Typed(typed.type, g, domain=typed.domain, uses_random=typed.uses_random)


class LoadTimeState:
    """Stands for the state when the loader evaluates an expression (computed card tables)."""

    __slots__ = ("work",)

    def __init__(self) -> None:
        self.work = 10_000_000


class CompileError(Exception):
    """A problem in one DSL string: message, (line, col) inside the string, hint."""

    def __init__(self, message: str, line: int = 0, col: int = 0, hint: str = ""):
        super().__init__(message)
        self.message = message
        self.line = line
        self.col = col
        self.hint = hint


class ExpansionError(CompileError):
    """The compiled expressions grew past MAX_COMPILED_NODES; loading stops at once."""


@functools.lru_cache(maxsize=64)
def show_values(domain: frozenset) -> str:
    """An enum's values for a message: all of a small one, the first few of a large one."""
    values = sorted(domain, key=str) if len({type(v) for v in domain}) > 1 else sorted(domain)
    if len(values) <= 20:
        return str(values)
    return str(values[:20])[:-1] + f", ...] ({len(values)} values)"


@functools.cache
def _parser() -> Lark:
    text = (Path(__file__).parent / "grammar.lark").read_text(encoding="utf-8")
    return Lark(text, parser="lalr", start=["start_expr", "start_stmt"], propagate_positions=True,
                maybe_placeholders=True)


MAX_DSL_LENGTH = 4000
_KEYS = itertools.count(1)
MAX_COMPILED_NODES = 300_000


def parse(text: str, start: str) -> Tree:
    """Parse DSL text (start is 'expr' or 'stmt'); raise CompileError with its position.

    Each distinct text is parsed once: a ruleset may repeat one long text many times (a YAML
    alias costs nothing to write), and the trees are never modified after parsing."""
    tree, error = _parse_cached(text, start)
    if error is not None:
        raise CompileError(*error)
    return tree


@functools.lru_cache(maxsize=4096)
def _parse_cached(text: str, start: str) -> tuple[Any, tuple[str, int, int, str] | None]:
    try:
        return _parse(text, start), None
    except CompileError as e:
        return None, (e.message, e.line, e.col, e.hint)


def _parse(text: str, start: str) -> Tree:
    if len(text) > MAX_DSL_LENGTH:
        raise CompileError(f"this text is too long ({len(text)} characters; at most "
                           f"{MAX_DSL_LENGTH})")
    try:
        tree = _parser().parse(text, start=f"start_{start}")
    except UnexpectedCharacters as e:
        ch = text[e.pos_in_stream]
        hint = ("a quoted text ends with the same quote, on the same line" if ch in "'\""
                else "operators are: + - * // % == != < <= > >= and or not in")
        raise CompileError(f"unexpected character {ch!r}", e.line - 1, e.column - 1,
                           hint) from None
    except UnexpectedEOF as e:
        lines = text.splitlines() or [""]
        raise CompileError("the text ends too early", len(lines) - 1, len(lines[-1]),
                           _parse_hint(text, start, None, set(e.expected or ()))) from None
    except UnexpectedToken as e:
        tok = e.token
        expected = {x for x in e.expected if not x.startswith("_")}
        if tok.type == "$END":
            lines = text.splitlines() or [""]
            raise CompileError("the text ends too early", len(lines) - 1, len(lines[-1]),
                               _parse_hint(text, start, None, expected)) from None
        if tok.type in ("NAME", "INT", "STRING", "TRUE", "FALSE", "NONE"):
            # a value right after an operator word is only refused if that word was read as a
            # name ('a or or b'): the word is the mistake
            m = re.search(r"([A-Za-z_]\w*)\s*$", text[:tok.start_pos])
            if m and m.group(1) in ("or", "and", "not", "in", "if", "else", "for"):
                at = m.start(1)
                raise CompileError(f"unexpected {m.group(1)!r}", text.count("\n", 0, at),
                                   at - (text.rfind("\n", 0, at) + 1),
                                   "a value is missing before it") from None
        raise CompileError(f"unexpected {tok.value!r}", tok.line - 1, tok.column - 1,
                           _parse_hint(text, start, tok, expected)) from None
    except UnexpectedInput as e:  # pragma: no cover - other lark input errors
        raise CompileError(str(e).splitlines()[0], getattr(e, "line", 1) - 1,
                           getattr(e, "column", 1) - 1) from None
    except RecursionError:
        raise CompileError("the expression is nested too deeply") from None
    return tree.children[0]


_TERMINAL_NAMES = {"NAME": "a name", "INT": "a number", "STRING": "a quoted text",
                   "COMP_OP": "a comparison", "ADD_OP": "+ or -", "MUL_OP": "*, // or %",
                   "LPAR": "'('", "RPAR": "')'", "LSQB": "'['", "RSQB": "']'", "COMMA": "','",
                   "DOT": "'.'", "EQUAL": "'='", "MINUS": "'-'"}


def _show_terminal(name: str) -> str:
    return _TERMINAL_NAMES.get(name, f"'{name.lower()}'")


STATEMENT_FORMS = {
    "set": "set VARIABLE = VALUE", "add": "add NUMBER to VARIABLE",
    "move": "move CARDS to ZONE [face up | face down | at bottom]",
    "draw": "draw NUMBER from ZONE to ZONE", "refill": "refill ZONE from ZONE up to NUMBER",
    "deal": "deal NUMBER from ZONE to each PLAYER-ZONE", "shuffle": "shuffle ZONE",
    "swap": "swap ZONE with ZONE", "reveal": "reveal CARDS", "ask": "ask WINDOW [to PLAYERS]",
    "show": "show CARDS to PLAYERS",
    "end": "end turn, or end game REASON", "turn": "turn to PLAYER", "pass": "pass",
    "reverse": "reverse turn order", "skip": "skip NUMBER",
    "call": "call PROCEDURE(ARGUMENTS)",
}
TURN_DIRECTIONS = frozenset({turnorder.CLOCKWISE, turnorder.COUNTERCLOCKWISE})


def _parse_hint(text: str, start: str, tok: Token | None, expected: set[str]) -> str:
    """What to do about a DSL syntax error at tok (None: the text ended too early)."""
    words = text.split()
    first = words[0] if words else ""
    if start == "stmt" and first not in STATEMENT_FORMS and (
            tok is None and len(words) <= 1 or tok is not None and tok.column == tok.line == 1):
        close = did_you_mean(first, STATEMENT_FORMS)
        return ((close + " " if close else "") + "an effect starts with one of: set, add, move, "
                "draw, refill, deal, shuffle, swap, reveal, ask, end turn, turn to, end game, "
                "pass, reverse turn order, skip, call, show")
    if tok is not None and tok.value == "=" and not (start == "stmt" and first == "set"):
        return "to compare, write ==, !=, <, <=, > or >="
    if tok is None:
        opened = []
        for ch in re.sub(r"'[^']*'|\"[^\"]*\"", "", text):
            if ch in "([":
                opened.append(ch)
            elif ch in ")]" and opened:
                opened.pop()
        if opened:
            return f"is a '{')' if opened[-1] == '(' else ']'}' missing?"
    if start == "stmt" and first in STATEMENT_FORMS:
        return "write it as: " + STATEMENT_FORMS[first]
    if tok is not None and expected <= {"$END"}:
        if tok.type == "RPAR":
            return "this ')' has no matching '('"
        return "the expression is already complete before this"
    if {"NAME", "INT"} <= expected:
        return "expected a value: a name, a number, a quoted text, '(' or '['"
    shown = sorted(_show_terminal(x) for x in expected if x != "$END")
    if shown and len(shown) <= 6:
        return "expected " + ", ".join(shown)
    if tok is not None and tok.type in ("NAME", "INT", "STRING"):
        return "is an operator (and, or, ==, +, ...) or a ',' missing before this?"
    return ""


def pos_of(node: Tree | Token) -> tuple[int, int]:
    """0-based (line, col) of a tree node or token inside its DSL string."""
    if isinstance(node, Token):
        return (node.line or 1) - 1, (node.column or 1) - 1
    meta = node.meta
    if getattr(meta, "empty", True):
        for child in node.children:
            if isinstance(child, Tree | Token):
                return pos_of(child)
        return 0, 0
    return meta.line - 1, meta.column - 1


def fail(node: Tree | Token, message: str, hint: str = "") -> CompileError:
    """A CompileError located at node."""
    line, col = pos_of(node)
    return CompileError(message, line, col, hint)


# ---------------------------------------------------------------------------------------------
# Names visible to a compiled expression


@dataclass
class Scope:
    """Local names visible to an expression: name -> Typed (an env lookup or a bound argument)."""

    names: dict[str, Typed] = field(default_factory=dict)
    effects: bool = False  # random() and other effectful calls are allowed

    def child(self) -> Scope:
        """A nested scope with the same names."""
        return Scope(dict(self.names), self.effects)

    def fresh_key(self, name: str) -> str:
        """A unique env key for a comprehension variable, so nested uses never clash.

        Unique across every compilation: a definition compiled once and cached is reused inside
        other rules' loops, so keys from separate scopes must never coincide.
        """
        return f"{name}#{next(_KEYS)}"


def local(name: str, type_: str, key: str | None = None) -> Typed:
    """A Typed that reads env[key]."""
    k = key or name

    def get(s: Any, e: dict) -> Any:
        return e[k]

    return Typed(type_, get)


class Tables:
    """What the compiler needs to know about a game: attributes, zones, variables, definitions."""

    def __init__(self) -> None:
        self.attributes: dict[str, tuple[str, frozenset | None, list]] = {}
        self.table_zones: dict[str, int] = {}
        self.player_zones: dict[str, int] = {}  # name -> kind index
        self.n_table_zones = 0
        self.game_vars: dict[str, tuple[int, str]] = {}
        self.player_vars: dict[str, tuple[int, str]] = {}
        self.turn_vars: dict[str, tuple[int, str]] = {}
        self.definitions: dict[str, tuple[list[str], Tree | None, str]] = {}
        self.symbols: set[str] = set()
        self.windows: set[str] = set()
        self.text_keys: set[str] = set()
        self.has_melds = False
        self.meld_span = 0  # how many values a run may cover (the meld search's width)
        self.team_zones: dict[str, int] = {}  # name -> kind index
        self.team_vars: dict[str, tuple[int, str]] = {}
        self.team_names: list[str] = []
        self.attr_names: dict[str, dict[int, str]] = {}  # number attributes shown by name
        self.var_names: dict[str, dict[int, str]] = {}  # number variables shown by name
        self.var_domains: dict[str, frozenset] = {}  # word variables: their attribute's words


MELD_BUILTINS = {"melds", "meld_cards", "meld_kind", "meld_of", "meld_value", "is_meld",
                 "can_extend", "can_form_meld", "can_meld_with"}
BUILTINS = {"size", "count", "sum", "all", "any", "min", "max", "first", "players_after",
            "players_from", "next_player", "prev_player", "top", "random", "abs", "seat",
            "cards", "len", "team", "members", "next_in_turn"} | MELD_BUILTINS
AGGREGATES = {"count", "sum", "all", "any", "min", "max", "first"}


class DefinitionError(Exception):
    """A definition failed to compile; the compiler reports it at the definition."""

    def __init__(self, name: str, error: CompileError, use: tuple[int, int] | None = None,
                 via: str = ""):
        self.name = name  # the definition whose text has the error
        self.error = error  # located in that definition's text
        self.use = use  # (line, col) of the use in the text being compiled
        self.via = via  # the definition used there, when that is not `name` itself


class ExprCompiler:
    """Compiles expression trees to closures, with static types and located errors."""

    def __init__(self, tables: Tables):
        self.t = tables
        self._def_stack: list[str] = []
        self._def_cache: dict[str, tuple[Typed, int]] = {}  # with the cost of one evaluation
        self._def_failed: dict[str, CompileError] = {}  # parameterless definitions only
        self.nodes = 0  # compiled nodes so far: definitions inlined in definitions multiply
        # what evaluating the expressions compiled so far costs, counting a cached definition at
        # each use: a loop charges its body's share per element (see the budget in docs)
        self.weight = 0

    # -- entry points ---------------------------------------------------------------------
    def expr(self, tree: Tree | Token, scope: Scope) -> Typed:
        """Compile one expression tree."""
        if isinstance(tree, Token):
            raise fail(tree, f"unexpected {tree.value!r}")
        self.nodes += 1
        self.weight += 1
        if self.nodes > MAX_COMPILED_NODES:
            line, col = pos_of(tree)
            raise ExpansionError(f"the ruleset's expressions expand to more than "
                                 f"{MAX_COMPILED_NODES} parts", line, col,
                                 "definitions that use other definitions several times each "
                                 "multiply; simplify them")
        method = getattr(self, "c_" + str(tree.data), None)
        if method is None:
            raise fail(tree, f"'{tree.data}' is not an expression")
        return method(tree, scope)

    def expect(self, tree: Tree, scope: Scope, type_: str, what: str) -> Typed:
        """Compile and check that the result has type type_."""
        typed = self.expr(tree, scope)
        if not compatible(type_, typed.type):
            raise fail(tree, f"{what} must be {describe(type_)}, "
                       f"but this is {describe(typed.type)}")
        return typed

    # -- literals -------------------------------------------------------------------------
    def c_int_(self, tree: Tree, scope: Scope) -> Typed:
        v = int(tree.children[0])
        if v > 10**12:
            raise fail(tree, f"the number {v} is too large (at most 10^12)")
        return const(INT, v)

    def c_string(self, tree: Tree, scope: Scope) -> Typed:
        return const(STR, str(tree.children[0])[1:-1])

    def c_true_(self, tree: Tree, scope: Scope) -> Typed:
        return const(BOOL, True)

    def c_false_(self, tree: Tree, scope: Scope) -> Typed:
        return const(BOOL, False)

    def c_none_(self, tree: Tree, scope: Scope) -> Typed:
        return const(NONE, None)

    def c_list_(self, tree: Tree, scope: Scope) -> Typed:
        args = tree.children[0].children if tree.children[0] is not None else []
        items = [self.expr(a, scope) for a in args]
        types = {i.type for i in items if i.type != NONE}
        if len(types) > 1:
            raise fail(tree, "a list's items must all have the same type, not "
                       + " and ".join(sorted(describe(t) for t in types)))
        et = types.pop() if types else ANY
        if et not in (PLAYER, CARD, STR, ANY) and any(i.type == NONE for i in items):
            raise fail(tree, f"'none' cannot stand in a list of {plural(et)}")
        fns = [i.fn for i in items]

        def f(s: Any, e: dict) -> list:
            return [g(s, e) for g in fns]

        return Typed(list_of(et), f, uses_random=any(i.uses_random for i in items))

    # -- names ----------------------------------------------------------------------------
    def c_name(self, tree: Tree, scope: Scope) -> Typed:
        name = str(tree.children[0])
        return self.lookup(name, tree, scope)

    def lookup(self, name: str, node: Tree | Token, scope: Scope) -> Typed:
        """Resolve a bare name: locals, variables, zones, definitions, built-in values."""
        t = self.t
        if name in scope.names:
            return scope.names[name]
        if name in t.game_vars:
            idx, ty = t.game_vars[name]
            return Typed(ty, lambda s, e, i=idx: s.gvars[i], domain=t.var_domains.get(name),
                         names=t.var_names.get(name))
        if name in t.turn_vars:
            idx, ty = t.turn_vars[name]
            return Typed(ty, lambda s, e, i=idx: s.tvars[i], domain=t.var_domains.get(name),
                         names=t.var_names.get(name))
        if name in t.table_zones:
            z = t.table_zones[name]
            return Typed(ZONE, lambda s, e, z=z: z, const=z, is_const=True)
        if name in t.definitions:
            return self.definition(name, [], node, scope)
        if name == "players":
            return Typed(PLAYERS, lambda s, e: s.players)
        if name == "num_players":
            return Typed(INT, lambda s, e: s.n)
        if name == "turn_direction":  # the current phase's turn order now (after reversals)
            return Typed(STR, turnorder.direction, domain=TURN_DIRECTIONS)
        if name == "teams" and t.team_names:
            everyone = list(range(len(t.team_names)))
            return Typed(list_of(TEAM), lambda s, e: everyone)
        if name in t.player_zones or name in t.player_vars:
            raise fail(node, f"'{name}' belongs to each player; write it as <player>.{name}",
                       f"for example actor.{name}")
        options = (list(scope.names) + list(t.game_vars) + list(t.turn_vars)
                   + list(t.table_zones) + list(t.definitions) + ["players", "num_players"])
        if name in t.symbols:
            raise fail(node, f"unknown name '{name}'",
                       f"to compare with the value, quote it: '{name}'")
        if name == "picked":
            raise fail(node, "unknown name 'picked'", "'picked' (the cards picked so far) is "
                       "known only in a cards parameter's where, min and max")
        raise fail(node, f"unknown name '{name}'", did_you_mean(name, options))

    def definition(self, name: str, args: list[Typed], node: Tree | Token, scope: Scope) -> Typed:
        """Inline a `define:` entry, binding its parameters to the argument closures."""
        params, body, src = self.t.definitions[name]
        if len(args) != len(params):
            raise fail(node, f"'{name}' takes {len(params)} argument(s), got {len(args)}",
                       f"it is defined as {src}")
        if not params and name in self._def_cache:
            typed, cost = self._def_cache[name]
            self.weight += cost
            return typed
        if not params and name in self._def_failed:
            raise DefinitionError(name, self._def_failed[name], pos_of(node))
        if name in self._def_stack:
            chain = " -> ".join(self._def_stack[self._def_stack.index(name):] + [name])
            raise fail(node, f"definition '{name}' refers to itself ({chain})",
                       "a definition may not use itself, directly or through others")
        if body is None:
            raise fail(node, f"uses definition '{name}', which has an error",
                       f"see the error at define.{src}")
        inner = Scope(effects=False)
        for p, a in zip(params, args, strict=True):
            inner.names[p] = a
        self._def_stack.append(name)
        w0 = self.weight
        try:
            typed = self.expr(body, inner)
        except CompileError as e:
            if not params:
                self._def_failed[name] = e
            raise DefinitionError(name, e, pos_of(node)) from None
        except DefinitionError as e:
            # a definition this one uses has the error: point at this, the outermost use
            e.use, e.via = pos_of(node), name
            raise
        finally:
            self._def_stack.pop()
        typed, cost = self._priced(typed, w0)
        if not params:
            self._def_cache[name] = (typed, cost)
        return typed

    def _priced(self, typed: Typed, w0: int) -> tuple[Typed, int]:
        """A definition's closure and its cost per use; a heavy one charges the budget itself.

        Definitions that use others several times multiply: twenty levels of `d_i = d_(i-1) +
        d_(i-1)` cost a million evaluations, which the weight of an enclosing loop cannot see.
        """
        cost = self.weight - w0
        if cost > HEAVY:
            typed, cost = charged(typed, cost), 1
            self.weight = w0 + 1
        return typed, cost

    def check_definition(self, name: str) -> None:
        """Compile a parameterless definition on its own, so its errors show at it."""
        params, body, _src = self.t.definitions[name]
        if params or body is None or name in self._def_cache or name in self._def_failed:
            return
        self._def_stack.append(name)
        w0 = self.weight
        try:
            self._def_cache[name] = self._priced(self.expr(body, Scope()), w0)
        except CompileError as e:
            self._def_failed[name] = e
            raise DefinitionError(name, e, (e.line, e.col)) from None
        finally:
            self._def_stack.pop()

    # -- attribute access -----------------------------------------------------------------
    def c_attr(self, tree: Tree, scope: Scope) -> Typed:
        base_tree, name_tok = tree.children
        base = self.expr(base_tree, scope)
        return self.attribute(base, str(name_tok), name_tok)

    def attribute(self, base: Typed, name: str, node: Tree | Token) -> Typed:
        """`x.name` for a player (variable or zone) or a card (attribute)."""
        t = self.t
        bf = base.fn
        if base.type == PLAYER:
            if name in t.player_vars:
                idx, ty = t.player_vars[name]

                def pvar(s: Any, e: dict) -> Any:
                    p = bf(s, e)
                    if p is None:
                        raise RuleRuntimeError("", f"no player (none) has a '{name}'")
                    return s.pvars[idx][p]

                return Typed(ty, pvar, uses_random=base.uses_random,
                             domain=t.var_domains.get(name), names=t.var_names.get(name))
            if name in t.player_zones:
                k = t.player_zones[name]
                nt = t.n_table_zones

                def pzone(s: Any, e: dict) -> int:
                    p = bf(s, e)
                    if p is None:
                        raise RuleRuntimeError("", f"no player (none) has a '{name}'")
                    return nt + k * s.n + p

                return Typed(ZONE, pzone, uses_random=base.uses_random)
            raise fail(node, f"a player has no variable or zone '{name}'",
                       did_you_mean(name, list(t.player_vars) + list(t.player_zones)))
        if base.type == TEAM:
            if name in t.team_vars:
                idx, ty = t.team_vars[name]
                return Typed(ty, lambda s, e: s.teamvars[idx][bf(s, e)],
                             uses_random=base.uses_random)
            if name in t.team_zones:
                k = t.team_zones[name]
                nt, nk = t.n_table_zones, len(t.player_zones)
                nteams = len(t.team_names)

                def tzone(s: Any, e: dict) -> int:
                    team = bf(s, e)
                    if team is None:
                        raise RuleRuntimeError("", f"no team (none) has a '{name}'")
                    return nt + nk * s.n + k * nteams + team

                return Typed(ZONE, tzone, uses_random=base.uses_random)
            raise fail(node, f"a team has no variable or zone '{name}'",
                       did_you_mean(name, list(t.team_vars) + list(t.team_zones)))
        if base.type == CARD:
            if name not in t.attributes:
                raise fail(node, f"cards have no attribute '{name}'",
                           did_you_mean(name, t.attributes))
            ty, domain, table = t.attributes[name]

            def cattr(s: Any, e: dict) -> Any:
                c = bf(s, e)
                if c is None:
                    raise RuleRuntimeError("", f"no card (none) has a '{name}'")
                return table[c]

            return Typed(ty, cattr, domain=domain, uses_random=base.uses_random,
                         names=t.attr_names.get(name))
        raise fail(node, f"'.{name}' needs a player or a card, but this is {describe(base.type)}")

    # -- operators ------------------------------------------------------------------------
    def c_not_(self, tree: Tree, scope: Scope) -> Typed:
        a = self.expect(tree.children[0], scope, BOOL, "the operand of 'not'")
        f = a.fn
        return Typed(BOOL, lambda s, e: not f(s, e), uses_random=a.uses_random)

    def c_and_(self, tree: Tree, scope: Scope) -> Typed:
        a = self.expect(tree.children[0], scope, BOOL, "each side of 'and'")
        b = self.expect(tree.children[1], scope, BOOL, "each side of 'and'")
        f, g = a.fn, b.fn
        return Typed(BOOL, lambda s, e: f(s, e) and g(s, e),
                     uses_random=a.uses_random or b.uses_random)

    def c_or_(self, tree: Tree, scope: Scope) -> Typed:
        a = self.expect(tree.children[0], scope, BOOL, "each side of 'or'")
        b = self.expect(tree.children[1], scope, BOOL, "each side of 'or'")
        f, g = a.fn, b.fn
        return Typed(BOOL, lambda s, e: f(s, e) or g(s, e),
                     uses_random=a.uses_random or b.uses_random)

    def c_ternary(self, tree: Tree, scope: Scope) -> Typed:
        a = self.expr(tree.children[0], scope)
        c = self.expect(tree.children[1], scope, BOOL, "the condition after 'if'")
        b = self.expr(tree.children[2], scope)
        ty = b.type if a.type == NONE or elem_of(a.type) == ANY else a.type
        if not (compatible(ty, a.type) and compatible(ty, b.type)):
            raise fail(tree, f"both branches must have one type, not {describe(a.type)} and "
                       f"{describe(b.type)}")
        fa, fb, fc = a.fn, b.fn, c.fn
        return Typed(ty, lambda s, e: fa(s, e) if fc(s, e) else fb(s, e),
                     uses_random=a.uses_random or b.uses_random or c.uses_random)

    def c_compare(self, tree: Tree, scope: Scope) -> Typed:
        left, op_tok, right = tree.children
        a = self.expr(left, scope)
        b = self.expr(right, scope)
        op = str(op_tok)
        if op in ("==", "!="):
            if not (compatible(a.type, b.type) or compatible(b.type, a.type)):
                hint = ("seat(PLAYER) is a player's seat number"
                        if {a.type, b.type} == {INT, PLAYER} else "")
                raise fail(op_tok, f"cannot compare {describe(a.type)} with {describe(b.type)}",
                           hint)
            self._check_symbol(a, b, right)
            self._check_symbol(b, a, left)
            fa, fb = a.fn, b.fn
            if b.is_const:
                v = b.const
                f = (lambda s, e: fa(s, e) == v) if op == "==" else (lambda s, e: fa(s, e) != v)
            elif op == "==":
                def f(s: Any, e: dict) -> bool:
                    return fa(s, e) == fb(s, e)
            else:
                def f(s: Any, e: dict) -> bool:
                    return fa(s, e) != fb(s, e)
            return Typed(BOOL, f, uses_random=a.uses_random or b.uses_random)
        for side, node in ((a, left), (b, right)):
            if side.type not in (INT, ANY):  # ANY: an error reported elsewhere
                raise fail(node, f"'{op}' compares numbers, but this is {describe(side.type)}")
        fa, fb = a.fn, b.fn
        ops = {"<": lambda s, e: fa(s, e) < fb(s, e), "<=": lambda s, e: fa(s, e) <= fb(s, e),
               ">": lambda s, e: fa(s, e) > fb(s, e), ">=": lambda s, e: fa(s, e) >= fb(s, e)}
        return Typed(BOOL, ops[op], uses_random=a.uses_random or b.uses_random)

    def _check_symbol(self, attr: Typed, lit: Typed, node: Tree) -> None:
        if attr.domain and lit.words is not None:  # a choice's words, checked at the choice
            lit.words.meets(attr.domain)
        if (attr.domain and lit.is_const and isinstance(lit.const, str)
                and lit.const not in attr.domain):
            raise fail(node, f"'{lit.const}' is not one of the values {show_values(attr.domain)}",
                       did_you_mean(lit.const, attr.domain) or
                       "the values come from cards.attributes; add it there if it is new")

    def _membership(self, tree: Tree, scope: Scope) -> tuple[Fn, Fn, bool]:
        a = self.expr(tree.children[0], scope)
        b = self.expr(tree.children[1], scope)
        et = elem_of(b.type)
        if et is None:
            raise fail(tree.children[1], f"'in' needs a list or a zone on its right, but this is "
                       f"{describe(b.type)}")
        if not compatible(et, a.type):
            raise fail(tree.children[0],
                       f"cannot look for {describe(a.type)} in {describe(b.type)}")
        fa, fb = a.fn, b.fn
        if b.type == ZONE:
            def f(s: Any, e: dict) -> bool:
                c = fa(s, e)
                return c is not None and s.card_zone[c] == fb(s, e)
            return f, f, True
        return fa, fb, False

    def c_in_(self, tree: Tree, scope: Scope) -> Typed:
        fa, fb, zone = self._membership(tree, scope)
        if zone:
            return Typed(BOOL, fa)
        fb = _scanned(fb)
        return Typed(BOOL, lambda s, e: fa(s, e) in fb(s, e))

    def c_not_in(self, tree: Tree, scope: Scope) -> Typed:
        fa, fb, zone = self._membership(tree, scope)
        if zone:
            return Typed(BOOL, lambda s, e: not fa(s, e))
        fb = _scanned(fb)
        return Typed(BOOL, lambda s, e: fa(s, e) not in fb(s, e))

    def c_binop(self, tree: Tree, scope: Scope) -> Typed:
        left, op_tok, right = tree.children
        op = str(op_tok)
        a = self.expr(left, scope)
        b = self.expr(right, scope)
        if op == "+" and elem_of(a.type) and elem_of(b.type) and a.type != ZONE and b.type != ZONE:
            if not compatible(a.type, b.type):
                raise fail(op_tok, f"cannot join {describe(a.type)} and {describe(b.type)}")
            fa, fb = a.fn, b.fn

            def join(s: Any, e: dict) -> list:
                xs, ys = fa(s, e), fb(s, e)
                charge(s, len(xs) + len(ys))  # the joined list's size, before it is made
                return xs + ys

            return Typed(a.type, join)
        for side, node in ((a, left), (b, right)):
            if side.type not in (INT, ANY):  # ANY: an error reported elsewhere
                raise fail(node, f"'{op}' needs numbers, but this is {describe(side.type)}")
        fa, fb = a.fn, b.fn
        rnd = a.uses_random or b.uses_random
        if op == "+":
            def plus(s: Any, e: dict) -> int:
                v = fa(s, e) + fb(s, e)
                if -MAX_INT <= v <= MAX_INT:
                    return v
                return _bounded(v)
            return Typed(INT, plus, uses_random=rnd)
        if op == "-":
            def minus(s: Any, e: dict) -> int:
                v = fa(s, e) - fb(s, e)
                if -MAX_INT <= v <= MAX_INT:
                    return v
                return _bounded(v)
            return Typed(INT, minus, uses_random=rnd)
        if op == "*":
            return Typed(INT, lambda s, e: _bounded(fa(s, e) * fb(s, e)), uses_random=rnd)

        def div(s: Any, e: dict) -> int:
            d = fb(s, e)
            if d == 0:
                raise RuleRuntimeError("", "division by zero")
            return fa(s, e) // d if op == "//" else fa(s, e) % d

        return Typed(INT, div, uses_random=rnd)

    def c_neg(self, tree: Tree, scope: Scope) -> Typed:
        a = self.expect(tree.children[0], scope, INT, "the operand of '-'")
        f = a.fn
        return Typed(INT, lambda s, e: -f(s, e), uses_random=a.uses_random)

    # -- comprehensions -------------------------------------------------------------------
    def _generator(self, var_tok: Token, iter_tree: Tree, cond_tree: Tree | None, body_tree: Tree,
                   scope: Scope) -> tuple[Typed, Fn, Fn | None, str, int]:
        it = self.expr(iter_tree, scope)
        et = elem_of(it.type)
        if et is None:
            raise fail(iter_tree, "'for ... in' needs a list or a zone, "
                       f"but this is {describe(it.type)}")
        inner = scope.child()
        key = inner.fresh_key(str(var_tok))
        inner.names[str(var_tok)] = local(str(var_tok), et, key)
        cond = None
        w0 = self.weight
        if cond_tree is not None:
            cond = self.expect(cond_tree, inner, BOOL, "the condition after 'if'").fn
        body = self.expr(body_tree, inner)
        # the cost of one element: each comprehension charges len(items) * w before its loop
        w = self.weight - w0
        itf = it.fn
        if it.type == ZONE:
            def items(s: Any, e: dict) -> list:
                return s.zones[itf(s, e)]
        else:
            items = itf
        return body, items, cond, key, w

    def c_list_comp(self, tree: Tree, scope: Scope) -> Typed:
        body_tree, var_tok, iter_tree, cond_tree = tree.children
        body, items, cond, key, w = self._generator(var_tok, iter_tree, cond_tree, body_tree, scope)
        bf = body.fn

        def f(s: Any, e: dict) -> list:
            out = []
            xs = items(s, e)
            charge(s, len(xs) * w)
            for x in xs:
                e[key] = x
                if cond is None or cond(s, e):
                    out.append(bf(s, e))
            return out

        return Typed(list_of(body.type), f, names=body.names)

    def c_gen_call(self, tree: Tree, scope: Scope) -> Typed:
        name_tok, body_tree, var_tok, iter_tree, cond_tree = tree.children
        name = str(name_tok)
        if name not in AGGREGATES:
            raise fail(name_tok, f"'{name}(... for ...)' is not an aggregate",
                       "aggregates are: " + ", ".join(sorted(AGGREGATES)))
        body, items, cond, key, w = self._generator(var_tok, iter_tree, cond_tree, body_tree, scope)
        bf = body.fn
        if name in ("all", "any") and body.type != BOOL:
            raise fail(body_tree, f"{name}() needs a condition, but this is {describe(body.type)}")
        if name in ("sum", "min", "max") and body.type != INT:
            raise fail(body_tree, f"{name}() needs numbers, but this is {describe(body.type)}")
        if name == "count":
            if cond is None and body.type == BOOL:
                cond, bf = bf, None  # count(c.x == 1 for c in z) counts the true ones
            def f(s: Any, e: dict) -> int:
                n = 0
                xs = items(s, e)
                charge(s, len(xs) * w)
                for x in xs:
                    e[key] = x
                    if cond is None or cond(s, e):
                        n += 1
                return n
            return Typed(INT, f)
        if name == "sum":
            def f(s: Any, e: dict) -> int:
                n = 0
                xs = items(s, e)
                charge(s, len(xs) * w)
                for x in xs:
                    e[key] = x
                    if cond is None or cond(s, e):
                        n += bf(s, e)
                return n if -MAX_INT <= n <= MAX_INT else _bounded(n)
            return Typed(INT, f)
        if name == "all":
            def f(s: Any, e: dict) -> bool:
                xs = items(s, e)
                charge(s, len(xs) * w)
                for x in xs:
                    e[key] = x
                    if (cond is None or cond(s, e)) and not bf(s, e):
                        return False
                return True
            return Typed(BOOL, f)
        if name == "any":
            def f(s: Any, e: dict) -> bool:
                xs = items(s, e)
                charge(s, len(xs) * w)
                for x in xs:
                    e[key] = x
                    if (cond is None or cond(s, e)) and bf(s, e):
                        return True
                return False
            return Typed(BOOL, f)
        if name == "first":
            def f(s: Any, e: dict) -> Any:
                xs = items(s, e)
                charge(s, len(xs) * w)
                for x in xs:
                    e[key] = x
                    if cond is None or cond(s, e):
                        return bf(s, e)
                return None
            return Typed(body.type, f, names=body.names)
        pick = min if name == "min" else max

        def f(s: Any, e: dict) -> int:
            vals = []
            xs = items(s, e)
            charge(s, len(xs) * w)
            for x in xs:
                e[key] = x
                if cond is None or cond(s, e):
                    vals.append(bf(s, e))
            return pick(vals) if vals else 0

        return Typed(INT, f, names=body.names)

    # -- calls ----------------------------------------------------------------------------
    def c_call(self, tree: Tree, scope: Scope) -> Typed:
        name_tok, arglist = tree.children
        name = str(name_tok)
        arg_trees = arglist.children if arglist is not None else []
        if name in self.t.definitions:
            args = [self.expr(a, scope) for a in arg_trees]
            return self.definition(name, args, tree, scope)
        if name not in BUILTINS:
            raise fail(name_tok, f"unknown function '{name}'",
                       did_you_mean(name, sorted(BUILTINS | set(self.t.definitions))))
        args = [self.expr(a, scope) for a in arg_trees]
        return self.builtin(name, args, arg_trees, tree, scope)

    def meld_builtin(self, name: str, args: list[Typed], trees: list[Tree], node: Tree,
                     arity: Any, need: Any) -> Typed:
        """Compile a call to one of the meld built-ins."""

        def cards_arg(i: int) -> Fn:
            f = _cards_of(args[i])
            if f is None:
                raise fail(trees[i], f"{name}() needs cards (a zone or a list), but this is "
                           f"{describe(args[i].type)}")
            return _scanned(f, self.t.meld_span)  # a meld search runs over the values

        if name == "melds":
            arity(1)
            zf = need(0, ZONE, "a zone")
            return Typed(list_of(MELD), lambda s, e: s.melds_in(zf(s, e)))
        if name == "meld_cards":
            arity(1)
            mf = need(0, MELD, "a meld")
            return Typed(CARDS, lambda s, e: s.meld_cards(_meld_id(s, mf(s, e))))
        if name == "meld_kind":
            arity(1)
            mf = need(0, MELD, "a meld")
            return Typed(STR, lambda s, e: s.meld_kinds[_meld_id(s, mf(s, e))],
                         domain=frozenset({"run", "set"}))
        if name in ("meld_of", "meld_value"):
            arity(1)
            cf = need(0, CARD, "a card")
            if name == "meld_of":
                return Typed(MELD, lambda s, e: s.meld_of[cf(s, e)] or None)
            return Typed(INT, lambda s, e: s.meld_value(cf(s, e)))
        if name == "is_meld":
            arity(1, 2)
            cs = cards_arg(0)
            vf = need(1, INT, "a number") if len(args) == 2 else (lambda s, e: None)
            return Typed(BOOL, lambda s, e: s.game.meld_rules.check(list(cs(s, e)), vf(s, e))
                         is not None)
        if name == "can_extend":
            arity(2, 3)
            mf = need(0, MELD, "a meld")
            cf = need(1, CARD, "a card")
            vf = need(2, INT, "a number") if len(args) == 3 else (lambda s, e: None)

            def can_extend(s: Any, e: dict) -> bool:
                c = cf(s, e)
                m = mf(s, e)
                if c is None or m is None:
                    return False
                return s.extension_value(_meld_id(s, m), c, vf(s, e)) is not None

            return Typed(BOOL, can_extend)
        if name == "can_form_meld":
            arity(1)
            cs = cards_arg(0)
            return Typed(BOOL, lambda s, e: s.game.meld_rules.possible([], list(cs(s, e))))
        arity(2)  # can_meld_with(card, cards)
        cf = need(0, CARD, "a card")
        cs = cards_arg(1)

        def with_card(s: Any, e: dict) -> bool:
            c = cf(s, e)
            if c is None:
                return False
            return s.game.meld_rules.possible([c], [x for x in cs(s, e) if x != c])

        return Typed(BOOL, with_card)

    def builtin(self, name: str, args: list[Typed], trees: list[Tree], node: Tree,
                scope: Scope) -> Typed:
        """Compile a call to a built-in function."""

        def arity(*ns: int) -> None:
            if len(args) not in ns:
                want = " or ".join(str(n) for n in ns)
                raise fail(node, f"{name}() takes {want} argument(s), got {len(args)}")

        def need(i: int, type_: str, what: str) -> Fn:
            if not compatible(type_, args[i].type):
                raise fail(trees[i], f"{name}() needs {what}, but this is {describe(args[i].type)}")
            return args[i].fn

        if name in ("team", "members"):
            if not self.t.team_names:
                raise fail(node, f"{name}() needs a 'teams:' section in the ruleset")
            arity(1)
            if name == "team":
                pf = need(0, PLAYER, "a player")
                return Typed(TEAM, lambda s, e: s.team_of[pf(s, e)])
            tf = need(0, TEAM, "a team")
            return Typed(PLAYERS, lambda s, e: [p for p in range(s.n)
                                                if s.team_of[p] == tf(s, e)])
        if name in MELD_BUILTINS:
            if not self.t.has_melds:
                raise fail(node, f"{name}() needs a 'melds:' section in the ruleset",
                           "declare how runs and sets are made: melds: {value: ..., run: ...}")
            return self.meld_builtin(name, args, trees, node, arity, need)
        if name in ("size", "len", "count"):
            arity(1)
            a = args[0]
            f = a.fn
            if a.type == ZONE:
                return Typed(INT, lambda s, e: len(s.zones[f(s, e)]))
            if elem_of(a.type) is None:
                raise fail(trees[0], f"{name}() needs a zone or a list, "
                           f"but this is {describe(a.type)}")
            return Typed(INT, lambda s, e: len(f(s, e)))
        if name == "cards":
            arity(1)
            f = need(0, ZONE, "a zone")
            zf = _scanned(lambda s, e: s.zones[f(s, e)])
            return Typed(CARDS, lambda s, e: list(zf(s, e)))
        if name in ("min", "max"):
            if len(args) == 1 and elem_of(args[0].type) == INT:
                f = _scanned(args[0].fn)
                pick = min if name == "min" else max
                return Typed(INT, lambda s, e: pick(f(s, e), default=0))
            arity(2)
            f, g = need(0, INT, "numbers"), need(1, INT, "numbers")
            if name == "min":
                return Typed(INT, lambda s, e: min(f(s, e), g(s, e)))
            return Typed(INT, lambda s, e: max(f(s, e), g(s, e)))
        if name == "abs":
            arity(1)
            f = need(0, INT, "a number")
            return Typed(INT, lambda s, e: abs(f(s, e)))
        if name in ("sum", "all", "any", "first"):
            arity(1)
            et = elem_of(args[0].type)
            if et is None:
                raise fail(trees[0], f"{name}() needs a list, but this is {describe(args[0].type)}")
            f = args[0].fn
            if args[0].type == ZONE:
                g = f
                f = lambda s, e: s.zones[g(s, e)]  # noqa: E731
            if name == "first":
                return Typed(et, lambda s, e: next(iter(f(s, e)), None), names=args[0].names)
            f = _scanned(f)
            if name == "sum":
                if et != INT:
                    raise fail(trees[0], "sum() needs a list of numbers")
                def total(s: Any, e: dict) -> int:
                    n = sum(f(s, e))
                    return n if -MAX_INT <= n <= MAX_INT else _bounded(n)
                return Typed(INT, total)
            if et != BOOL:
                raise fail(trees[0], f"{name}() needs a list of conditions")
            fn = all if name == "all" else any
            return Typed(BOOL, lambda s, e: fn(f(s, e)))
        if name in ("players_after", "players_from"):
            arity(1)
            f = need(0, PLAYER, "a player")
            start = 1 if name == "players_after" else 0

            def order(s: Any, e: dict) -> list:
                p = f(s, e)
                n = s.n
                return [(p + i) % n for i in range(start, n)] if start else \
                    [(p + i) % n for i in range(n)]

            return Typed(PLAYERS, order)
        if name in ("next_player", "prev_player"):
            arity(1)
            f = need(0, PLAYER, "a player")
            step = 1 if name == "next_player" else -1
            return Typed(PLAYER, lambda s, e: (f(s, e) + step) % s.n)
        if name == "next_in_turn":  # who gets the turn after p (direction, active; no skips)
            arity(1)
            f = need(0, PLAYER, "a player")
            return Typed(PLAYER, lambda s, e: turnorder.next_in_turn(s, f(s, e)))
        if name == "seat":
            arity(1)
            f = need(0, PLAYER, "a player")
            return Typed(INT, f)
        if name == "top":
            arity(1, 2)
            f = need(0, ZONE, "a zone")
            if len(args) == 1:
                def top1(s: Any, e: dict) -> Any:
                    z = s.zones[f(s, e)]
                    return z[-1] if z else None
                return Typed(CARD, top1)
            g = need(1, INT, "a number")

            def topn(s: Any, e: dict) -> list:
                z = s.zones[f(s, e)]
                k = max(0, min(g(s, e), len(z)))
                charge(s, k)
                return z[len(z) - k:][::-1]

            return Typed(CARDS, topn)
        if name == "random":
            arity(1)
            if not scope.effects:
                raise fail(node, "random() may only be used in effects, not in a condition",
                           "conditions must give the same answer every time they are asked")
            a = args[0]
            et = elem_of(a.type)
            if et is None:
                raise fail(trees[0], "random() needs a zone or a list, "
                           f"but this is {describe(a.type)}")
            f = a.fn
            if a.type == ZONE:
                def rz(s: Any, e: dict) -> Any:
                    z = s.zones[f(s, e)]
                    return z[s.rng_below(len(z))] if z else None
                return Typed(CARD, rz, uses_random=True)

            def rl(s: Any, e: dict) -> Any:
                xs = f(s, e)
                return xs[s.rng_below(len(xs))] if xs else None

            return Typed(et, rl, uses_random=True)
        raise fail(node, f"unknown function '{name}'")  # pragma: no cover


def _cards_of(typed: Typed) -> Fn | None:
    """A closure giving a list of cards from a zone or a list of cards (None otherwise)."""
    f = typed.fn
    if typed.type == ZONE:
        return lambda s, e: s.zones[f(s, e)]
    if compatible(CARDS, typed.type):
        return f
    return None


def _meld_id(s: Any, m: Any) -> int:
    if m is None or not isinstance(m, int) or not 0 < m < len(s.meld_kinds):
        raise RuleRuntimeError("", f"there is no meld {m!r}")
    return m


def _bounded(v: int) -> int:
    """v, if it is within +-MAX_INT; a number past it is a runaway rule."""
    if abs(v) > MAX_INT:
        raise EvaluationLimitError("", "a number grew past the limit of 10^15 "
                                   f"(to {len(str(abs(v)))} digits)")
    return v


def _scanned(f: Fn, extra: int = 0) -> Fn:
    """f, a list, charging its length (and extra) to the budget: the caller reads it all."""
    def g(s: Any, e: dict) -> Any:
        xs = f(s, e)
        charge(s, len(xs) + extra)
        return xs
    return g


def const(type_: str, value: Any) -> Typed:
    """A Typed constant."""
    return Typed(type_, lambda s, e: value, const=value, is_const=True)


def describe(t: str) -> str:
    """A type's name for error messages."""
    names = {INT: "a number", BOOL: "a condition (true/false)", STR: "a text value",
             PLAYER: "a player", CARD: "a card", ZONE: "a zone", NONE: "none", ANY: "a value",
             CARDS: "a list of cards", PLAYERS: "a list of players", MELD: "a meld",
             TEAM: "a team"}
    if t in names:
        return names[t]
    et = elem_of(t)
    return f"a list of {plural(et)}" if et else t


def plural(t: str) -> str:
    """A type's plural name: 'numbers', 'players', 'lists of cards'."""
    names = {INT: "numbers", BOOL: "conditions", STR: "text values", PLAYER: "players",
             CARD: "cards", ZONE: "zones", NONE: "nones", ANY: "values", MELD: "melds",
             TEAM: "teams"}
    if t in names:
        return names[t]
    et = elem_of(t)
    return f"lists of {plural(et)}" if et else t


DEF_HEAD = re.compile(r"^\s*([A-Za-z_]\w*)\s*(?:\(\s*([^)]*)\))?\s*$")
FOR_HEAD = re.compile(r"^(\s*)([A-Za-z_]\w*)\s+in\s+(.+)$", re.S)
