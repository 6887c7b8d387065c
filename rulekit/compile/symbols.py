"""The symbol tables of one compilation that are plain data: procedures, and a choice's words."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..data.yamlsource import YamlPath
from ..lang.types import Fn


@dataclass
class Procedure:
    """One declared procedure: its parameters (name, type, env key) and, once compiled, body."""

    name: str
    params: list[tuple[str, str, str]]
    domains: dict[str, frozenset[Any]] = field(default_factory=dict)  # word parameters' values
    body: Fn | None = None
    weight: int = 0  # what one run costs, counted at each call (see the budget in docs)
    compiling: bool = False


class ProcTable:
    """The procedures of one compilation, and the chain being compiled (to find recursion)."""

    def __init__(self) -> None:
        self.by_name: dict[str, Procedure] = {}
        self.stack: list[str] = []
        # compiles a procedure's body once (set by the compiler: its effects live above this)
        self.compile: Callable[[str], Procedure] = _not_ready


def _not_ready(name: str) -> Procedure:
    raise AssertionError(f"procedure '{name}' asked before the procedures are declared")


class WordUse:
    """A choice parameter's literal words, and the word domains the rules make them meet.

    The words are a YAML list's items (each at path + (j,)), or the quoted words of a list
    written in the language (`"['red', 'blue']"`, each at its offset in the text at path)."""

    def __init__(self, words: list[Any], path: YamlPath, offsets: list[Any] | None = None):
        self.words = words
        self.path = path
        self.offsets = offsets  # (line, col) of each word in the text at path; None: YAML items
        self.domains: dict[frozenset[Any], bool] = {}  # domain -> stored (not only compared)

    def meets(self, domain: frozenset[Any], stored: bool = False) -> None:
        """Record that the choice is compared with, or stored as (stored), a value of domain."""
        self.domains[domain] = self.domains.get(domain, False) or stored
