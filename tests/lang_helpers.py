"""Small inline rulesets for the tests of the language's flow constructs (tests/lang/).

`game(phases=..., actions=..., extra=...)` loads a game of plain cards (v from 1 to 10, three of
each) with a hidden deck, a public pile and a hand per player; the sections given replace the
defaults. `line_of(text, needle)` is the 1-based line of a ruleset's text holding needle.
"""

from __future__ import annotations

import random
import textwrap

import rulekit
from rulekit.lang.budget import HEAVY, Charged
from rulekit.lang.host import ExprHost
from rulekit.lang.types import Typed

HEAD = """\
name: Lang test
players: {min: 2, max: 6}
cards:
  attributes: {v: int}
  deck: [{v: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], count: 3}]
  start: deck
  label: [{text: card}]
zones:
  deck: {visibility: hidden}
  pile: {visibility: public}
  hand: {owner: player, visibility: owner}
variables:
  game:
    trace: {type: players}
    ended: {type: players}
    n: {type: int}
    zero: {type: int}
    nobody: {type: player}
    word: {type: text}
  player:
    out: {type: bool}
"""
PHASES = """\
phases:
  play:
    first: "first(players)"
    active: "not p.out"
"""
ACTIONS = """\
actions:
  pass: {effects: [end turn]}
"""
TAIL = """\
scoring: {score: "0"}
text:
  card: {en: "card {v}"}
  done: {en: done}
"""


def text_of(phases: str = PHASES, actions: str = ACTIONS, extra: str = "") -> str:
    """The ruleset's text with these sections (each a dedented YAML block)."""
    parts = [HEAD, textwrap.dedent(phases), textwrap.dedent(actions), textwrap.dedent(extra), TAIL]
    return "".join(p if p.endswith("\n") or not p else p + "\n" for p in parts)


def game(phases: str = PHASES, actions: str = ACTIONS, extra: str = "",
         file: str = "lang.yaml") -> rulekit.Game:
    """Load the ruleset made of these sections."""
    return rulekit.load_text(text_of(phases, actions, extra), file)


def line_of(text: str, needle: str) -> int:
    """The 1-based number of the first line of text holding needle."""
    for i, line in enumerate(text.splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(f"{needle!r} is not in the text")


def gvar(state: rulekit.State, name: str) -> object:
    """A game variable's value."""
    info = next(v for v in state.game.game_vars if v.name == name)
    return state.gvars[info.index]


def load_error(text: str, file: str = "lang.yaml") -> rulekit.RulesetError:
    """The RulesetError loading text raises (the test fails if it loads)."""
    try:
        rulekit.load_text(text, file)
    except rulekit.RulesetError as e:
        return e
    raise AssertionError("the ruleset loaded")


def play_side_by_side(a: rulekit.Game, b: rulekit.Game, players: int, seeds: int,
                      rnd: random.Random, decisions: int = 500) -> None:
    """Play the two compilations of one ruleset the same random games (game i dealt from seed
    i), checking at every decision that they offer the same legal actions, and at the end of
    each game that they reached the same state."""
    for seed in range(seeds):
        x, y = a.new_state(players, seed), b.new_state(players, seed)
        while not x.is_over and x.decisions < decisions:
            legal = x.legal_actions()
            assert [t.text for t in legal] == [t.text for t in y.legal_actions()]
            text = legal[rnd.randrange(len(legal))].text
            x.apply_unchecked(x.action_from_text(text))
            y.apply_unchecked(y.action_from_text(text))
        assert x.key() == y.key()


def heavy_as_closure(x: ExprHost, typed: Typed, w0: int) -> tuple[Typed, int]:
    """rulekit.lang.definitions._priced as it was: a heavy definition became a closure charging
    itself (monkeypatched in, to reach the closure forms no bundled ruleset reaches)."""
    cost = x.weight - w0
    if cost > HEAVY:
        typed = Typed(typed.type, Charged(typed.fn, cost), domain=typed.domain,
                      uses_random=typed.uses_random)
        cost = 1
        x.weight = w0 + 1
    return typed, cost
