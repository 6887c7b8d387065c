"""A fuzzed loader: mutated bundled rulesets load as a valid game or fail with a typed error.

Hypothesis deletes keys, changes types, swaps names, truncates files, writes random DSL text,
nests deeply and inflates numbers. Loading must end in a `RulesetError` or a game; a game that
loads is played a little, and may only fail with a `RulekitError`. Nothing may hang.
"""

from __future__ import annotations

import random
import signal
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from paths import ROOT

import rulekit

RULESETS = sorted((ROOT / "rulesets").glob("*.yaml"))
TEXTS = {p.name: p.read_text(encoding="utf-8") for p in RULESETS}
DATA = {name: yaml.safe_load(text) for name, text in TEXTS.items()}
SECONDS = 20  # far above any honest load-and-play here; a hang trips it


@contextmanager
def no_hang(what: str) -> Iterator[None]:
    """Fail (instead of hanging) when the body runs longer than SECONDS."""
    def alarm(signum: int, frame: Any) -> None:
        raise TimeoutError(f"{what} ran for more than {SECONDS}s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(SECONDS)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def paths(node: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path to a node of a YAML tree."""
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += paths(v, prefix + (i,))
    return out


def get(node: Any, path: tuple) -> Any:
    for p in path:
        node = node[p]
    return node


def put(root: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    parent = get(root, path[:-1])
    parent[path[-1]] = value
    return root


def delete(root: Any, path: tuple) -> Any:
    if not path:
        return {}
    parent = get(root, path[:-1])
    del parent[path[-1]]
    return root


DSL_ALPHABET = "abcdefghijklmnopqrstuvwxyz_.()[], '=<>!+-*/%0123456789"
NAMES = ["actor", "opener", "players", "hand", "draw", "size", "count", "for", "in", "if",
         "else", "and", "or", "not", "none", "true", "random", "top", "first", "it", "p"]
WEIRD_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-10**30, 10**30), st.just(10**18), st.just(-1),
    st.text(max_size=30), st.lists(st.integers(), max_size=3), st.just({"x": 1}), st.just([]),
    st.just({}),
)


@st.composite
def dsl_text(draw: st.DrawFn) -> str:
    if draw(st.booleans()):
        return draw(st.text(alphabet=DSL_ALPHABET, max_size=40))
    words = draw(st.lists(st.sampled_from(NAMES + ["(", ")", ".", "==", "+", ","]), max_size=12))
    return " ".join(words)


def deep(kind: int, depth: int) -> Any:
    if kind == 0:
        v: Any = 1
        for _ in range(depth):
            v = [v]
        return v
    if kind == 1:
        return "(" * depth + "1" + ")" * depth
    if kind == 2:
        return "not " * depth + "true"
    return " + ".join(["1"] * depth)


def mutated(draw: Any) -> tuple[str, str]:
    """Draw a mutation of a bundled ruleset; hypothesis reports each draw, not the text."""
    name = draw(st.sampled_from(sorted(TEXTS)))
    text = TEXTS[name]
    kind = draw(st.sampled_from(["delete", "retype", "swap", "dsl", "deep", "huge", "truncate",
                                 "rename", "bytes"]))
    if kind == "truncate":
        cut = draw(st.integers(0, len(text)))
        return name, text[:cut]
    if kind == "bytes":
        at = draw(st.integers(0, len(text)))
        junk = draw(st.text(min_size=1, max_size=8))
        return name, text[:at] + junk + text[at:]
    data = yaml.safe_load(text)
    all_paths = paths(data)
    path = draw(st.sampled_from(all_paths))
    if kind == "delete":
        data = delete(data, path)
    elif kind == "retype":
        data = put(data, path, draw(WEIRD_VALUES))
    elif kind == "swap":
        other = draw(st.sampled_from(all_paths))
        if other[: len(path)] != path and path[: len(other)] != other:
            a, b = get(data, path), get(data, other)
            data = put(data, path, b)
            data = put(data, other, a)
    elif kind == "dsl":
        strings = [p for p in all_paths if isinstance(get(data, p), str)]
        data = put(data, draw(st.sampled_from(strings)), draw(dsl_text()))
    elif kind == "deep":
        depth = draw(st.sampled_from([50, 500, 5000]))
        data = put(data, path, deep(draw(st.integers(0, 3)), depth))
    elif kind == "huge":
        ints = [p for p in all_paths if isinstance(get(data, p), int)
                and not isinstance(get(data, p), bool)]
        if ints:
            data = put(data, draw(st.sampled_from(ints)), draw(st.sampled_from(
                [10**9, 10**18, -(10**9), 2**63])))
    elif kind == "rename":
        keyed = [p for p in all_paths if p and isinstance(p[-1], str)]
        if keyed:
            p = draw(st.sampled_from(keyed))
            parent = get(data, p[:-1])
            parent[p[-1] + draw(st.sampled_from(["x", "_", "2"]))] = parent.pop(p[-1])
    try:
        out = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    except RecursionError:
        out = text
    return name, out


def play_a_little(game: rulekit.Game, seed: int) -> None:
    """Play up to 300 random decisions; only typed rulekit errors may come out."""
    players = game.min_players
    state = game.new_state(players, seed)
    rnd = random.Random(seed)
    for _ in range(300):
        if state.is_over:
            return
        legal = state.legal_actions()
        state.apply(legal[rnd.randrange(len(legal))])


@settings(max_examples=settings().max_examples * 12)
@given(data=st.data(), seed=st.integers(0, 1000))
def test_mutated_rulesets_fail_cleanly_or_play(data: st.DataObject, seed: int) -> None:
    """Loading a mutated ruleset gives a game or a RulesetError; playing gives RulekitErrors."""
    name, text = mutated(data.draw)
    with no_hang(f"loading a mutation of {name}"):
        try:
            game = rulekit.load_text(text, name)
        except rulekit.RulesetError as e:
            assert e.diagnostics, "a RulesetError must carry at least one diagnostic"
            for d in e.diagnostics:
                assert d.message and d.render().startswith(name)
            return
        # a mutated game may break its own rules at run time, but only with a typed error
        with suppress(rulekit.RulekitError):
            play_a_little(game, seed)
        # and each declared variant of it loads or fails with a typed error too
        for variant in getattr(game, "variants", [])[:3]:
            with suppress(rulekit.RulesetError):
                rulekit.load_text(text, name, variant=variant)


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_bundled_rulesets_load_unmutated(name: str) -> None:
    """The fuzzer starts from rulesets that load."""
    assert rulekit.load_text(TEXTS[name], name).name
