"""The seats' trees are walked only when a seat is about to choose (issue 29, point 2: less work
per iteration): each seat follows the steps it saw since its last choice then, not at every
step, and the step that expands a node is not keyed. Every seat's tree must come out as when
all seats followed every step at once: the digests below were taken from 1299f5c, whose search
walked them so (its bots choose as today's: the same fingerprints)."""

from __future__ import annotations

import hashlib
import random
from dataclasses import replace
from typing import Any

import pytest
from paths import ROOT

import rulekit
from rulekit.bots import make_bot, parse_bot_spec, trees

# (ruleset, players, deal and bot seed, first decision searched): the choice of ismcts:200 and
# a digest of every seat's whole tree, as 1299f5c's search learnt them
EXPECTED = [
    ("sham", 4, 1, 0, "pick blue 2", "290b7a724248a725"),
    ("sham", 4, 2, 9, "pass", "e1c6a72ce962802e"),
    ("uno", 4, 3, 5, "pick yellow 6", "0d224849f2937478"),
    ("spades", 4, 4, 6, "tricks 2", "b225d5609f2916dc"),
    ("crazy_eights", 3, 5, 4, "pick 2 of clubs", "82d1087095bc97f6"),
]
# Crazy Eights gained a hint after the digests were taken (`bots.rule_out`: what a draw told
# the table), which changes its worlds: its search here reads no hints, as 1299f5c's could not
NO_HINTS = {"crazy_eights"}


def _searched_forest(game: rulekit.Game, players: int, seed: int, at: int,
                     monkeypatch: pytest.MonkeyPatch) -> tuple[str, trees.Forest]:
    """The choice of ismcts:200 at the first decision with options from decision `at` of a
    random game, and the trees it searched."""
    s = game.new_state(players, seed)
    rng = random.Random(seed)
    while s.decisions < at or len(s.legal_actions()) < 2:
        legal = s.legal_actions()
        s.apply_unchecked(legal[int(rng.random() * len(legal))])
    assert s.decider is not None
    got: list[trees.Forest] = []
    best = trees.Forest.best

    def keep(forest: trees.Forest, legal: Any) -> Any:
        got.append(forest)
        return best(forest, legal)

    with monkeypatch.context() as m:
        m.setattr(trees.Forest, "best", keep)
        spec = parse_bot_spec("ismcts:200")
        if game.name.lower().replace(" ", "_") in NO_HINTS:
            spec = replace(spec, beliefs=False)
        choice = make_bot(spec, game, s.decider, seed).choose(s).text
    assert len(got) == 1
    return choice, got[0]


def _digest(choice: str, forest: trees.Forest) -> str:
    """Every seat's tree, its steps named by their keys (not by the numbers given them), with
    the visits, availability and summed result of each node; nodes no iteration went through
    are left out (a node made for a step no seat chose after holds nothing)."""
    names = {kid: repr(key) for key, kid in forest.ids.items()}

    def dump(node: trees.Node) -> list[Any]:
        out = []
        for k, child in node.children.items():
            inner = dump(child)
            if child.visits or inner:
                out.append((names[k] if type(k) is int else k, child.visits, child.avail,
                            round(child.total, 9), inner))
        return sorted(out)

    text = repr((choice, [dump(root) for root in forest.roots]))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize(("name", "players", "seed", "at", "choice", "digest"), EXPECTED,
                         ids=[f"{e[0]}-{e[2]}" for e in EXPECTED])
def test_every_seats_tree_is_the_one_walking_every_step_made(name, players, seed, at, choice,
                                                             digest, monkeypatch):
    """The same choice and the same trees, node for node, for every seat (each other seat's
    choices in the search are made in its own tree: a seat walked to the wrong node, or past
    its own steps, chooses elsewhere and the trees differ)."""
    game = rulekit.load(ROOT / "rulesets" / f"{name}.yaml")
    got, forest = _searched_forest(game, players, seed, at, monkeypatch)
    assert got == choice
    assert sum(len(r.children) for r in forest.roots) > players - 1, "too little was searched"
    assert _digest(got, forest) == digest


def test_the_digest_tells_trees_apart(monkeypatch):
    """The check can fail: one visit more anywhere in another seat's tree changes the digest."""
    game = rulekit.load(ROOT / "rulesets" / "uno.yaml")
    _, players, seed, at, _, digest = EXPECTED[2]
    choice, forest = _searched_forest(game, players, seed, at, monkeypatch)
    assert _digest(choice, forest) == digest
    seat = next(q for q, root in enumerate(forest.roots) if q != forest.seat and root.children)
    node = next(iter(forest.roots[seat].children.values()))
    node.visits += 1
    assert _digest(choice, forest) != digest
