"""Adapters for learning agents: PettingZoo environments and OpenSpiel games (extra `rl`).

`import rulekit` never imports this package's dependencies; they load when an adapter is made.

>>> from rulekit.envs import pettingzoo_env                       # doctest: +SKIP
>>> env = pettingzoo_env("rulesets/mygame.yaml", players=3, seed=7)  # doctest: +SKIP
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..runtime.game import Game

EXTRA_HINT = "pip install 'rulekit[rl]'"
_PACKAGE = {"pyspiel": "open_spiel"}  # module -> the package that installs it


def require(*modules: str) -> None:
    """Import modules or raise an ImportError saying which extra to install."""
    for name in modules:
        try:
            importlib.import_module(name)
        except ImportError as e:
            raise ImportError(f"rulekit.envs needs the optional package "
                              f"{_PACKAGE.get(name, name)!r} (module {name!r}), which is not "
                              f"installed: {EXTRA_HINT}") from e


def pettingzoo_env(ruleset: str | Game, players: int | None = None, variant: str | None = None,
                   seed: int | None = None, render_mode: str | None = None) -> Any:
    """A PettingZoo AEC environment playing ruleset (a path or a loaded Game); seats are agents."""
    require("numpy", "gymnasium", "pettingzoo")
    from .common import load_game
    from .pz import RulekitAECEnv

    game = load_game(ruleset, variant)
    return RulekitAECEnv(game, game.min_players if players is None else players, seed=seed,
                         render_mode=render_mode)


def register_openspiel(ruleset: str | Game, variant: str | None = None,
                       short_name: str | None = None, utility: str | None = None) -> str:
    """Register ruleset as an OpenSpiel Python game; return its short name for pyspiel.load_game."""
    require("numpy", "pyspiel")
    from .common import load_game
    from .spiel import register

    return register(load_game(ruleset, variant), short_name=short_name, utility=utility)


def openspiel_game(ruleset: str | Game, players: int | None = None, seed: int = 0,
                   max_decisions: int | None = None, variant: str | None = None,
                   short_name: str | None = None, utility: str | None = None) -> Any:
    """Register ruleset (as register_openspiel) and load it with these parameters, each checked
    by rulekit (a UsageError; pyspiel.load_game's own checks raise pyspiel.SpielError)."""
    require("numpy", "pyspiel")
    from .common import load_game
    from .spiel import load, register

    game = load_game(ruleset, variant)
    name = register(game, short_name=short_name, utility=utility)
    return load(name, game, players, seed, max_decisions)


__all__ = ["EXTRA_HINT", "openspiel_game", "pettingzoo_env", "register_openspiel", "require"]
