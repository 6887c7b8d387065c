"""Every expression part is generated code in the ruleset's module (issue 30, point 3: one code
generator for expressions and statements), and behaves as the closure it replaced did.

The listing `rulekit compile` prints labels each object the module binds; an expression part
still compiled as a closure is bound as "a part compiled as a closure". The kinds converted here:
the teams, the turn direction, random picks, a computed card attribute's names, and, inside a
comprehension, a part too deep to inline or a comprehension of several clauses: each a function
given the loop variables it reads, so the comprehension around it stays a Python loop.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lang_helpers import gvar, text_of
from paths import ROOT

import rulekit

RULESETS = sorted((ROOT / "rulesets").glob("*.yaml"))
CLOSURE = "a part compiled as a closure"


@pytest.mark.parametrize("path", RULESETS, ids=[p.stem for p in RULESETS])
def test_no_expression_part_of_a_bundled_ruleset_is_a_closure(path: Path) -> None:
    game_ = rulekit.load(path)
    for variant in [None, *game_.variants]:
        source = rulekit.load(path, variant=variant).generated_source()
        assert source.count(CLOSURE) == 0, variant


DEEP = " + ".join(f"c.v * {k}" for k in range(1, 31))  # far more brackets than one part holds

EVERY_KIND = f"""\
actions:
  go:
    effects:
      - set n = len(teams)
      - set word = turn_direction
      - reverse turn order
      - set trace = [random(players)]
      - set zero = random(deck).v
  total:
    effects:
      - set n = sum(c.w for c in deck)
      - set zero = sum({DEEP} for c in deck if c.v > 8)
      - set word = turn_direction
  pairs:
    effects:
      - set n = sum(len([d for d in deck for q in players if d.v == c.v]) for c in deck if c.v == 1)
teams:
  names: [odd, even]
  of: "'even' if seat(p) % 2 == 0 else 'odd'"
"""


def every_kind() -> rulekit.Game:
    text = text_of(actions=EVERY_KIND).replace(
        "attributes: {v: int}", 'attributes: {v: int, w: {computed: "v * 2"}}')
    return rulekit.load_text(text, "lang.yaml")


def test_the_converted_kinds_are_generated_code() -> None:
    source = every_kind().generated_source()
    assert CLOSURE not in source
    assert "e['v']" in source  # the computed attribute reads its card's v from the names
    assert "random(list or zone)" in source
    assert "(s, e, _t" in source  # the deep body: a function given the loop's variable


def test_the_converted_kinds_play_as_written() -> None:
    g = every_kind()
    state = g.new_state(4)
    state.apply("go")
    assert gvar(state, "n") == 2
    assert gvar(state, "word") == "clockwise"
    assert gvar(state, "trace")[0] in range(4)  # type: ignore[index]
    assert gvar(state, "zero") in range(1, 11)
    state.apply("total")
    assert gvar(state, "n") == 2 * 3 * 55
    assert gvar(state, "zero") == sum(range(1, 31)) * 3 * (9 + 10)
    assert gvar(state, "word") == "counterclockwise"
    state.apply("pairs")
    assert gvar(state, "n") == 3 * 3 * 4  # three 1s, each matched by three 1s once per seat
