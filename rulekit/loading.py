"""Load a ruleset: read it, apply its variants, compile it into a Game (the public entry point)."""

from __future__ import annotations

import functools
from pathlib import Path

from . import gamecache
from .data.files import read_text
from .runtime.game import Game


def load(path: str | Path, variant: str | None = None, *, cached: bool = False) -> Game:
    """Load, check and compile a ruleset file (or one of its variants); raise RulesetError.

    With cached=True a game compiled by an earlier run from the same files, by the same engine,
    is taken whole from rulekit's cache (rulekit.gamecache), and a game compiled now is kept
    there: the terminal's commands load in milliseconds, without importing the compiler.
    """
    text = read_text(path)
    if cached:
        game = gamecache.fetch(str(path), text, variant, functools.partial(load, path, variant))
        if game is not None:
            return game
    game = load_text(text, str(path), variant)
    if cached:
        gamecache.keep(game, str(path), text, variant)
    return game


def load_text(text: str, file: str = "<ruleset>", variant: str | None = None) -> Game:
    """Load a ruleset from YAML text (file names it in messages; `extends` is relative to it)."""
    # imported here: a game taken from the cache needs neither PyYAML, pydantic nor lark
    from .compile.compiler import compile_ruleset
    from .data import variants
    from .data.yamlsource import parse_yaml

    src = parse_yaml(text, file)  # the YAML, every node located
    resolved = variants.resolve(src, variant)  # extends followed, the variant applied
    game = compile_ruleset(resolved, Game)  # checked, compiled, labelled, read-only
    assert isinstance(game, Game)  # built by the class it was given
    return game
