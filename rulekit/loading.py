"""Load a ruleset: read it, apply its variants, compile it into a Game (the public entry point)."""

from __future__ import annotations

from pathlib import Path

from .compile.compiler import Compiler
from .data import variants
from .data.yamlsource import Source, parse_yaml, read_text
from .runtime.game import Game


def load(path: str | Path, variant: str | None = None) -> Game:
    """Load, check and compile a ruleset file (or one of its variants); raise RulesetError."""
    text = read_text(path)
    return load_text(text, str(path), variant)


def load_text(text: str, file: str = "<ruleset>", variant: str | None = None) -> Game:
    """Load a ruleset from YAML text (file names it in messages; `extends` is relative to it)."""
    src = parse_yaml(text, file)
    return variants.build(src, variant, _compile)


def _compile(src: Source) -> Game:
    game = Compiler(src, Game).build()
    assert isinstance(game, Game)  # built by the class it was given
    return game
