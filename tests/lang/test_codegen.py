"""Rulesets compiled to Python source (issue 9, point 2): the generated module is assembled from
the compiler's own templates, so a ruleset whose names and strings hold Python runs none of it.

The check reads the module the way Python does (`ast`): every name it uses is one the generator
made (`_k3`, `_f12`, `_t5`), the state `s`, the locals `e`, a caught error `_x`, or one of the few
builtins the module may call; every attribute it reads is one of the state's fields. A ruleset's
text can only appear inside a string literal.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from cli_helpers import cli
from lang_helpers import game, text_of
from paths import ROOT

import rulekit
from rulekit.lang.codegen import SAFE_NAMES
from rulekit.testing import zone_id

RULESETS = sorted((ROOT / "rulesets").glob("*.yaml"))
GENERATED_NAME = re.compile(r"^_[kft]\d+$")
STATE_FIELDS = {"gvars", "tvars", "pvars", "teamvars", "zones", "n", "players", "card_zone",
                "over", "memo",
                "end_turn_flag", "reversed_order", "skips",
                # the state's own methods the generated statements call
                "move_cards", "draw", "shuffle", "swap", "reveal", "make_meld", "extend_meld",
                "learn_shown", "turn_to", "finish"}
PYTHON = "__import__('os').system('touch /tmp/rulekit-pwned') or exec('print(1)')"


def foreign_names(source: str) -> set[str]:
    """The names and attributes in source that the generator did not make and may not use."""
    bad: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name) and not (GENERATED_NAME.match(node.id)
                                               or node.id in {"s", "e", "_x"} | SAFE_NAMES):
            bad.add(node.id)
        elif isinstance(node, ast.Attribute) and node.attr not in STATE_FIELDS:
            bad.add("." + node.attr)
        elif isinstance(node, ast.ExceptHandler) and node.name not in (None, "_x"):
            bad.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom, ast.Global, ast.Nonlocal, ast.Lambda,
                               ast.ClassDef, ast.AsyncFunctionDef)):
            bad.add(type(node).__name__)
    return bad


@pytest.mark.parametrize("path", RULESETS, ids=[p.stem for p in RULESETS])
def test_a_bundled_ruleset_compiles_to_a_module_made_of_generated_names(path: Path) -> None:
    source = rulekit.load(path).generated_source()
    assert source.count("\ndef _f") > 20  # its rules became functions
    assert foreign_names(source) == set()


@pytest.mark.parametrize("path", RULESETS, ids=[p.stem for p in RULESETS])
def test_the_printed_module_defines_every_function_it_calls(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`rulekit compile` shows what a rule became: each generated function called in the
    module is in the listing (none made during a form the compiler gave up on is dropped)."""
    monkeypatch.setenv("RULEKIT_CACHE_DIR", "")
    source = rulekit.load(path).generated_source()
    defined = set(re.findall(r"^def (_f\d+)\(", source, re.MULTILINE))
    called = set(re.findall(r"\b(_f\d+)\(", source))
    assert called - defined == set()


def yaml_quoted(text: str) -> str:
    """text as a single-quoted YAML scalar."""
    return "'" + text.replace("'", "''") + "'"


HOSTILE = text_of(actions=f"""\
actions:
  pass:
    label: act_pass
    effects:
      - {yaml_quoted(f'set word = "{PYTHON}"')}
      - if: "word == '__import__(os)' or n > 2"
        then: ["set exec = exec + 1"]
      - "set n = n + exec + 1"
      - end turn
""").replace("    word: {type: text}\n", "    word: {type: text}\n    exec: {type: int}\n") \
    .replace("  done: {en: done}\n",
             f"  done: {{en: done}}\n  act_pass: {{en: {yaml_quoted(PYTHON)}}}\n")


def test_names_and_strings_holding_python_are_loaded_as_data() -> None:
    g = rulekit.load_text(HOSTILE, "hostile.yaml")
    source = g.generated_source()
    assert foreign_names(source) == set()
    assert repr(PYTHON) in source  # the ruleset's string, as a literal
    state = g.new_state(2, seed=1)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    assert not Path("/tmp/rulekit-pwned").exists()
    exec_var = next(v for v in g.game_vars if v.name == "exec")
    n_var = next(v for v in g.game_vars if v.name == "n")
    # n: 1, 2, 3 (then n > 2), 5, 8, 12; exec counts the passes after n passed 2: 3
    assert (state.gvars[n_var.index], state.gvars[exec_var.index]) == (12, 3)


def test_a_comprehension_is_one_python_loop_and_counts_as_before() -> None:
    g = game(actions="""\
    actions:
      pass:
        effects:
          - "set n = count(c for c in actor.hand if c.v > 5) + sum(c.v for c in pile)"
          - "set zero = max(c.v for c in actor.hand if c.v < 0)"
          - end turn
    """, extra="""\
    setup: ["deal 4 from deck to each hand", "draw 3 from deck to pile"]
    """)
    state = g.new_state(2, seed=3)
    v = g.card_attrs["v"]
    hand = [v[c] for c in state.zones[zone_id(state, ("hand", 0))]]
    pile = [v[c] for c in state.zones[zone_id(state, "pile")]]
    state.apply("pass")
    n = next(v for v in g.game_vars if v.name == "n")
    zero = next(v for v in g.game_vars if v.name == "zero")
    assert state.gvars[n.index] == sum(v > 5 for v in hand) + sum(pile)
    assert state.gvars[zero.index] == 0  # max over no values
    assert " for _t" in g.generated_source()


def test_rulekit_compile_prints_the_module_each_rule_became() -> None:
    out = cli("compile", "tests/engine/minimal.yaml")
    assert out.code == 0
    assert "# actions.stop.effects" in out.out
    assert foreign_names(out.out) == set()


def test_rulekit_compile_of_a_broken_ruleset_shows_its_located_errors(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(text_of(actions="""\
    actions:
      pass: {effects: ["set n = nn + 1", end turn]}
    """), encoding="utf-8")
    out = cli("compile", str(path))
    assert out.code == 1
    assert f"{path}:" in out.out and "unknown name 'nn'" in out.out and "^" in out.out


def test_compiled_code_is_kept_between_loads_and_a_damaged_cache_is_rebuilt(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULEKIT_CACHE_DIR", str(tmp_path))
    path = RULESETS[0]
    first = rulekit.load(path).generated
    assert first.cache.hits == 0 and first.cache.misses > 0
    (cache_file,) = tmp_path.glob("codegen-*/*.marshal")
    again = rulekit.load(path).generated
    assert again.cache.misses == 0 and again.cache.hits >= len(again.functions) > 0
    assert [f.text for f in again.functions] == [f.text for f in first.functions]
    cache_file.write_bytes(b"\xe3damaged" + cache_file.read_bytes()[:100])
    rebuilt = rulekit.load(path)
    assert rebuilt.generated.cache.hits == 0  # the damaged file is not trusted
    state = rebuilt.new_state(rebuilt.default_players, seed=2)
    while not state.is_over and state.decisions < 50:
        state.apply_unchecked(state.legal_actions()[0])
    assert rulekit.load(path).generated.cache.hits > 0  # written anew


def test_an_empty_cache_directory_setting_turns_the_code_cache_off(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULEKIT_CACHE_DIR", "")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    g = rulekit.load(RULESETS[0])
    assert g.generated.cache.path is None
    assert not list(tmp_path.rglob("*.marshal"))
