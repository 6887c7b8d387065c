"""The authoring guide stays true: its examples are checked against the engine.

In docs/authoring.md:
- a ```yaml block whose first line is `# complete ruleset` must load, and random games of it at
  its smallest and largest player counts must end, with its invariants holding at every step;
- every other ```yaml block must be valid YAML;
- each line of an ```expr block is an expression and each line of a ```stmt block an effect
  statement (text after two spaces and `#` is a comment); they must compile against the guide's
  final game, Crazy Eights Lite, with `actor`, `opener` and `p` bound to players and `it` to a card.
"""

from __future__ import annotations

import functools
import random
import re

import pytest
import yaml
from paths import ROOT

import rulekit
from rulekit.compile.compiler import Compiler
from rulekit.data.yamlsource import parse_yaml
from rulekit.lang.expressions import CARD, PLAYER, Scope, local

DOC = ROOT / "docs" / "authoring.md"
COMPLETE = "# complete ruleset"
REFERENCE_GAME = "Crazy Eights Lite"
SEEDS = range(3)
MAX_STEPS = 20_000  # far beyond any example; a game still running then never ends

_FENCE = re.compile(r"^```([A-Za-z-]*)[^\n]*\n(.*?)^```[ \t]*$", re.M | re.S)


def _blocks(kind: str) -> list[tuple[int, str]]:
    """(line number, body) of each fenced block of this kind in the guide."""
    text = DOC.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 1, m.group(2))
            for m in _FENCE.finditer(text) if m.group(1) == kind]


def _complete_rulesets() -> list[tuple[int, str]]:
    return [(line, body) for line, body in _blocks("yaml")
            if body.lstrip().startswith(COMPLETE)]


def _lines(kind: str) -> list[tuple[int, str]]:
    """(line number, code) of every line of every block of this kind, comments removed."""
    out = []
    for start, body in _blocks(kind):
        for i, raw in enumerate(body.splitlines()):
            code = raw.split("  #", 1)[0].strip()
            if code and not code.startswith("#"):
                out.append((start + 1 + i, code))
    return out


def _params(items: list[tuple[int, str]]) -> list:
    """Test cases named after the guide's line numbers."""
    return [pytest.param(line, body, id=f"line{line}") for line, body in items]


def _name(body: str) -> str:
    return str(yaml.safe_load(body)["name"])


def _random_game(game: rulekit.Game, players: int, seed: int) -> rulekit.State:
    state = game.new_state(players, seed)
    rng = random.Random(seed)
    for _ in range(MAX_STEPS):
        if state.is_over:
            return state
        failing = game.check_invariants(state)
        assert not failing, f"invariants fail: {failing} [{state.summary()}]"
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"no end after {MAX_STEPS} decisions [{state.summary()}]")


def test_the_guide_has_examples() -> None:
    """The markers are there: complete rulesets, the reference game, expressions, statements."""
    names = [_name(body) for _, body in _complete_rulesets()]
    assert len(names) >= 3 and REFERENCE_GAME in names
    assert len(_lines("expr")) >= 40
    assert len(_lines("stmt")) >= 15


@pytest.mark.parametrize(("line", "body"), _params(_complete_rulesets()))
def test_complete_ruleset_loads_and_random_games_end(line: int, body: str) -> None:
    """Each complete ruleset of the guide loads and plays to its end with random moves."""
    game = rulekit.load_text(body, f"{DOC.name}:{line}")
    for players in sorted({game.min_players, game.max_players}):
        for seed in SEEDS:
            state = _random_game(game, players, seed)
            assert state.outcome is not None
            assert state.outcome.reason in game.spec.text
            assert not game.check_invariants(state)


@pytest.mark.parametrize(("line", "body"), _params(
    [b for b in _blocks("yaml") if not b[1].lstrip().startswith(COMPLETE)]))
def test_yaml_fragment_is_valid_yaml(line: int, body: str) -> None:
    """Fragments are not whole rulesets, but they are YAML an author can paste."""
    assert yaml.safe_load(body) is not None


@functools.cache
def _reference_compiler() -> Compiler:
    body = next(b for _, b in _complete_rulesets() if _name(b) == REFERENCE_GAME)
    compiler = Compiler(parse_yaml(body, f"{DOC.name}:{REFERENCE_GAME}"))
    compiler.build()
    return compiler


def _reference() -> Compiler:
    """The reference game's compiler (built once), ready to compile one more snippet."""
    compiler = _reference_compiler()
    compiler.diags = []
    return compiler


def _scope() -> Scope:
    scope = Scope()
    scope.effects = True  # random() is shown too; it is allowed in effects
    for name in ("actor", "opener", "p"):
        scope.names[name] = local(name, PLAYER)
    scope.names["it"] = local("it", CARD)
    return scope


def _report(compiler: Compiler, line: int, code: str) -> str:
    return f"{DOC.name}:{line}: {code!r}:\n" + "\n".join(
        d.message + (f" ({d.hint})" if d.hint else "") for d in compiler.diags)


@pytest.mark.parametrize(("line", "code"), _params(_lines("expr")))
def test_expression_example_compiles(line: int, code: str) -> None:
    """Each expression example parses and type-checks in the reference game."""
    compiler = _reference()
    typed = compiler.expr(code, ("doc",), _scope())
    assert typed is not None and not compiler.diags, _report(compiler, line, code)


@pytest.mark.parametrize(("line", "code"), _params(_lines("stmt")))
def test_statement_example_compiles(line: int, code: str) -> None:
    """Each statement example parses and type-checks in the reference game's effects."""
    compiler = _reference()
    fn = compiler.effect(code, ("doc",), _scope())
    assert fn is not None and not compiler.diags, _report(compiler, line, code)
