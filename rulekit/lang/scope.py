"""The names a compiled expression sees: local scopes and the ruleset's tables."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from lark import Tree

from ..data.spelling import did_you_mean
from .parsing import (
    CompileError,
)
from .types import Typed

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

    @staticmethod
    def unknown_hint(name: str, options: list[str]) -> str:
        """The hint for an unknown name: why a name bound only in some rules is not bound
        here, else the nearest known name."""
        return UNBOUND.get(name) or did_you_mean(name, options)

    def fresh_key(self, name: str) -> str:
        """A unique env key for a comprehension variable, so nested uses never clash.

        Unique within a compilation: a definition compiled once and cached is reused inside
        other rules' loops, so keys from separate scopes must never coincide.
        """
        return f"{name}#{next(_KEYS[0])}"


# names bound only where someone acts: said instead of a near name ('actor' is not 'after')
UNBOUND = {
    "actor": "'actor' (the player acting) is known only where a player acts: an action's when, "
             "parameters and effects, a window's eligible, a turn hook; a definition sees only "
             "its parameters: give it one, e.g. playable(q), and call it as playable(actor)",
    "opener": "'opener' (who opened the window) is known only in a window's eligible and "
              "then and in its actions; a definition sees only its parameters: give it one",
}

_KEYS = [itertools.count(1)]  # the compilation running now: numbered from 1 in each


def restart_keys() -> None:
    """Number the env keys of a new compilation from 1, so a ruleset's generated source is the
    same in every process (and its cached code is found again)."""
    _KEYS[0] = itertools.count(1)


def local(name: str, type_: str, key: str | None = None,
          domain: frozenset[Any] | None = None) -> Typed:
    """A Typed that reads env[key] (a symbol of domain, when given)."""
    k = key or name

    def get(s: Any, e: dict[str, Any]) -> Any:
        return e[k]

    return Typed(type_, get, domain=domain, src=f"e[{k!r}]")


class Tables:
    """What the compiler needs to know about a game: attributes, zones, variables, definitions."""

    def __init__(self) -> None:
        self.attributes: dict[str, tuple[str, frozenset[Any] | None, list[Any]]] = {}
        self.table_zones: dict[str, int] = {}
        self.player_zones: dict[str, int] = {}  # name -> kind index
        self.n_table_zones = 0
        self.game_vars: dict[str, tuple[int, str]] = {}
        self.player_vars: dict[str, tuple[int, str]] = {}
        self.turn_vars: dict[str, tuple[int, str]] = {}
        self.definitions: dict[str, tuple[list[str], Tree[Any] | None, str]] = {}
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
        self.var_domains: dict[str, frozenset[Any]] = {}  # word variables: their attribute's words
        self.word_orders: dict[frozenset[Any], list[Any]] = {}  # an attribute's words, as declared


AGGREGATES = {"count", "sum", "all", "any", "min", "max", "first"}


class DefinitionError(Exception):
    """A definition failed to compile; the compiler reports it at the definition."""

    def __init__(self, name: str, error: CompileError, use: tuple[int, int] | None = None,
                 via: str = ""):
        self.name = name  # the definition whose text has the error
        self.error = error  # located in that definition's text
        self.use = use  # (line, col) of the use in the text being compiled
        self.via = via  # the definition used there, when that is not `name` itself
