"""What a search learned at its root: to check that two searches of one position are the same."""

from __future__ import annotations

from typing import Any

import pytest

import rulekit
from rulekit.bots import IsmctsBot, trees

RootStatistics = tuple[str, list[tuple[str, int, float]]]


def root_statistics(s: rulekit.State, seed: int, monkeypatch: pytest.MonkeyPatch) -> RootStatistics:
    """The choice of a 60-iteration search of s, with the visits and summed result of every
    option at its root."""
    assert s.decider is not None
    bot = IsmctsBot(s.decider, seed=seed, iterations=60, reuse=4)
    stats: list[tuple[str, int, float]] = []
    best = trees.Forest.best

    def keep(forest: Any, legal: Any) -> Any:
        root = forest.roots[forest.seat]
        stats.extend(sorted((k, c.visits, c.total) for k, c in root.children.items()))
        return best(forest, legal)

    with monkeypatch.context() as m:
        m.setattr(trees.Forest, "best", keep)
        choice = bot.choose(s).text
    return choice, stats


def counting_evaluations(text: str) -> tuple[rulekit.Game, list[int]]:
    """The game of a ruleset text, and a list that grows by the seat of each evaluation of its
    `bots.evaluate` made (the game is its own: its hints may be changed)."""
    game = rulekit.load_text(text)
    calls: list[int] = []
    inner = game.hints.evaluate
    assert inner is not None

    def counting(s: Any, env: Any) -> Any:
        calls.append(env["p"])
        return inner(s, env)

    game.hints.evaluate = counting
    return game, calls
