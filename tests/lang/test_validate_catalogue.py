"""The broken-ruleset catalogue: every way a ruleset author can get it wrong, and what they see.

Each file in tests/broken/ is `_base.yaml` (a tiny valid game) with one thing broken. Its header
says what is broken and what the loader must report, diagnostic by diagnostic, in order:

    # case: a misspelt player zone: p.hnad
    # expect: 37:50: a player has no variable or zone 'hnad'
    #   at: define.playable(p)
    #   hint: did you mean 'hand'?

`expect` is line:col (1-based) and the exact message; `at` the YAML path and `hint` the exact
hint (a missing `at` or `hint` line means the diagnostic must have none). The number of
`expect` lines is the exact number of diagnostics.

The end of the file checks what the loader cannot see: rules that never settle must stop with
EvaluationLimitError naming the rule instead of hanging.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from paths import TESTS

import rulekit

BROKEN = TESTS / "broken"
BASE = BROKEN / "_base.yaml"
CASES = sorted(p for p in BROKEN.glob("*.yaml") if not p.name.startswith("_"))


@dataclass
class Expected:
    line: int
    col: int
    message: str
    at: str = ""
    hint: str = ""


@dataclass
class Case:
    description: str
    expected: list[Expected] = field(default_factory=list)


HEADER = re.compile(r"^# (case|expect|  at|  hint): ?(.*)$")


def parse_header(path: Path) -> Case:
    """The `# case / # expect / #   at / #   hint` lines at the top of a broken file."""
    case = Case("")
    for raw in path.read_text(encoding="utf-8").splitlines():
        m = HEADER.match(raw)
        if not m:
            break
        kind, text = m.groups()
        if kind == "case":
            case.description += (" " if case.description else "") + text
        elif kind == "expect":
            where = re.match(r"^(\d+):(\d+): (.*)$", text)
            assert where, f"{path.name}: bad expect line {raw!r}"
            case.expected.append(Expected(int(where[1]), int(where[2]), where[3]))
        elif kind == "  at":
            case.expected[-1].at = text
        else:
            case.expected[-1].hint = text
    return case


def load_diagnostics(path: Path) -> list[rulekit.Diagnostic]:
    """Load a broken file; it must fail with RulesetError (and nothing else)."""
    with pytest.raises(rulekit.RulesetError) as info:
        rulekit.load(path)
    return info.value.diagnostics


# ---- the catalogue ------------------------------------------------------------------------

def test_the_base_game_is_valid_and_plays_to_the_end():
    game = rulekit.load(BASE)
    for n in (2, 4):
        state = game.new_state(n, seed=3)
        steps = 0
        while not state.is_over:
            state.apply(state.legal_actions()[0])
            steps += 1
            assert steps < 500
        assert state.outcome.reason == "nobody_can_play"


def test_the_catalogue_is_large_and_every_case_says_what_it_expects():
    assert len(CASES) >= 25
    for path in CASES:
        case = parse_header(path)
        assert case.description, f"{path.name} has no '# case:' line"
        assert case.expected, f"{path.name} has no '# expect:' line"


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_broken_ruleset_reports_exactly(path: Path):
    case = parse_header(path)
    diags = load_diagnostics(path)
    got = [Expected(d.line, d.col, d.message, d.yaml_path, d.hint) for d in diags]
    assert got == case.expected, "\n\n".join(d.render() for d in diags)
    lines = path.read_text(encoding="utf-8").splitlines()
    for d in diags:
        assert d.file == str(path)
        # the caret line shows the file's own line, and render() leads with file:line:col
        if d.source_line or d.message != "the ruleset is empty":
            assert d.source_line == lines[d.line - 1]
        assert d.render().startswith(f"{path}:{d.line}:{d.col}: {d.message}")
        if d.yaml_path:
            assert f"\n    at: {d.yaml_path}" in d.render()
        if d.hint:
            assert f"\n    hint: {d.hint}" in d.render()


def test_several_errors_come_in_one_run_in_file_order():
    diags = load_diagnostics(BROKEN / "several_errors.yaml")
    assert len(diags) == 5
    assert [d.line for d in diags] == sorted(d.line for d in diags)
    assert [d.yaml_path for d in diags] == [
        "cards.deck[0].suit[1]", "setup[0]", "actions.lay.effects[1]",
        "actions.lay.effects[3].log", "actions.pass.phase"]


def test_load_text_gives_the_same_diagnostics_as_load():
    path = BROKEN / "unknown_zone_in_expression.yaml"
    with pytest.raises(rulekit.RulesetError) as info:
        rulekit.load_text(path.read_text(encoding="utf-8"), "mine.yaml")
    d = info.value.diagnostics[0]
    assert (d.file, d.line, d.col, d.hint) == ("mine.yaml", 37, 50, "did you mean 'hand'?")
    assert str(info.value).startswith("mine.yaml:37:50: a player has no variable or zone 'hnad'")


# ---- the DSL column inside each kind of YAML scalar ---------------------------------------

@pytest.mark.parametrize("value, line, col", [
    ('"passes >= num_playrs"', 1, 24),            # double-quoted: the quote is skipped
    ("'passes >= num_playrs'", 1, 24),            # single-quoted
    ("passes >= num_playrs", 1, 23),              # plain
    ("|\n      passes >=\n        num_playrs", 3, 9),  # literal block, second line
    (">\n      passes >=\n      num_playrs", 3, 7),    # folded block: the break became a space
    ("passes >=\n      num_playrs", 2, 7),           # plain over two lines
    ('"passes >=\n      num_playrs"', 2, 7),         # double-quoted over two lines
    ('"passes == 0 or \\\"x\\\" != num_playrs"', 1, 38),  # escaped quotes before it
])
def test_dsl_columns_map_back_to_the_file_in_every_scalar_style(value, line, col):
    text = BASE.read_text(encoding="utf-8").replace('"passes >= num_players"', value)
    with pytest.raises(rulekit.RulesetError) as info:
        rulekit.load_text(text, "t.yaml")
    [d] = info.value.diagnostics
    offset = text.splitlines().index(next(x for x in text.splitlines() if "end_if:" in x))
    assert d.message == "unknown name 'num_playrs'"
    assert (d.line - offset, d.col) == (line, col), d.render()
    assert d.source_line[d.col - 1:].startswith("num_playrs")


# ---- files that cannot be read, and texts that are not rulesets -----------------------------

def test_a_missing_file_cannot_be_read(tmp_path: Path):
    with pytest.raises(rulekit.CannotReadError) as info:
        rulekit.load(tmp_path / "nowhere.yaml")
    assert "cannot read" in str(info.value) and "no such file" in str(info.value)


def test_a_directory_cannot_be_read(tmp_path: Path):
    with pytest.raises(rulekit.CannotReadError, match="cannot read .*directory"):
        rulekit.load(tmp_path)


@pytest.mark.parametrize("data, why", [
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary file"),
    (b"name: Caf\xe9\nplayers: {min: 2, max: 4}\n", "not UTF-8 text (byte 0xe9 on line 1)"),
    ("name: Climb\n".encode("utf-16"), "not UTF-8 text (it is UTF-16)"),
    (b"name: Climb\x00\n", "binary file"),
])
def test_a_binary_or_non_utf8_file_cannot_be_read(tmp_path: Path, data: bytes, why: str):
    path = tmp_path / "bad.yaml"
    path.write_bytes(data)
    with pytest.raises(rulekit.CannotReadError) as info:
        rulekit.load(path)
    [d] = info.value.diagnostics
    assert d.message.startswith(f"cannot read {path}") and why in d.message


@pytest.mark.parametrize("text", ["", "   \n\n", "# only a comment\n", "---\n", "null\n"])
def test_an_empty_text_is_reported(text: str):
    with pytest.raises(rulekit.RulesetError) as info:
        rulekit.load_text(text, "e.yaml")
    [d] = info.value.diagnostics
    assert (d.message, d.line, d.col) == ("the ruleset is empty", 1, 1)
    assert "name, players" in d.hint


def test_a_control_character_is_located():
    with pytest.raises(rulekit.RulesetError) as info:
        rulekit.load_text("name: Climb\nplayers: x\x07\n", "c.yaml")
    [d] = info.value.diagnostics
    assert (d.line, d.col) == (2, 11)
    assert "'\\x07' is not allowed" in d.message


def test_no_python_exception_escapes_for_any_one_line_change_of_the_base():
    """Delete each line of the base, or replace each value by something of the wrong shape:
    the loader answers with RulesetError (or loads), never with another exception."""
    lines = BASE.read_text(encoding="utf-8").splitlines()
    shapes = ["[]", "{a: 1}", "null"]
    variants = []
    for i, line in enumerate(lines):
        variants.append(lines[:i] + lines[i + 1:])
        m = re.match(r"^(\s*(?:- )?[\w()]+:\s)(.*)$", line)
        for shape in shapes if m else []:
            variants.append(lines[:i] + [m[1] + shape] + lines[i + 1:])
        for inner in re.finditer(r"(\w+): ([^,}]+)", line):
            for shape in shapes:
                changed = line[:inner.start(2)] + shape + line[inner.end(2):]
                variants.append(lines[:i] + [changed] + lines[i + 1:])
    assert len(variants) > 400
    for variant in variants:
        try:
            rulekit.load_text("\n".join(variant), "v.yaml")
        except rulekit.RulesetError as e:
            assert e.diagnostics and all(d.message for d in e.diagnostics)


# ---- runtime: rules that never settle stop with EvaluationLimitError ----------------------

RUNTIME_HEAD = """
name: Loop
players: {min: 2, max: 3}
LIMITS
cards:
  attributes: {v: int}
  start: deck
  deck: [{v: 1, count: 4}]
  label: [{text: card}]
zones:
  deck: {visibility: count}
variables:
  game:
    first_player: {type: player, initial: 0}
text:
  card: {en: "card {v}"}
scoring: {score: "0"}
"""

PHASE_THAT_NEVER_ENDS = """
phases:
  spin:
    first: first_player
    end_if: "true"          # always over ...
    next: spin              # ... and starts again
actions:
  wait: {phase: spin, effects: ["end turn"]}
"""

WINDOW_THAT_REOPENS_ITSELF = """
setup: [OPEN]
phases:
  main:
    first: first_player
actions:
  poke: {phase: main, effects: [OPEN]}
  answer: {window: nobody, effects: []}
windows:
  nobody:
    order: players
    eligible: "false"       # nobody may answer ...
    then: ["ask nobody"]    # ... so it closes and opens again
"""

TURNS_THAT_NEVER_END = """
phases:
  main:
    first: first_player
actions:
  wait: {phase: main, effects: ["end turn"]}
"""


def runtime_game(body: str, limits: str = "", **subs: str) -> rulekit.Game:
    text = RUNTIME_HEAD.replace("LIMITS", limits) + body
    for k, v in subs.items():
        text = text.replace(k, v)
    return rulekit.load_text(text, "loop.yaml")


@pytest.mark.parametrize("limits, steps", [("limits: {max_auto_steps: 50}", 50), ("", 10_000)])
def test_a_phase_that_always_ends_and_restarts_itself_stops_naming_its_rule(limits, steps):
    game = runtime_game(PHASE_THAT_NEVER_ENDS, limits)
    with pytest.raises(rulekit.EvaluationLimitError) as info:
        game.new_state(2)
    assert info.value.rule == "phases.spin.on_end"
    assert str(info.value).startswith(
        f"rule phases.spin.on_end: the rules ran {steps} automatic steps")


def test_a_window_that_reopens_itself_with_nobody_eligible_stops_when_the_state_is_made():
    game = runtime_game(WINDOW_THAT_REOPENS_ITSELF, OPEN="ask nobody")
    with pytest.raises(rulekit.EvaluationLimitError, match="never settles"):
        game.new_state(2)


def test_a_window_that_reopens_itself_stops_when_an_action_opens_it():
    body = WINDOW_THAT_REOPENS_ITSELF.replace("setup: [OPEN]", "")
    game = runtime_game(body, OPEN="ask nobody")
    state = game.new_state(3)
    assert [a.text for a in state.legal_actions()] == ["poke"]
    with pytest.raises(rulekit.EvaluationLimitError, match="never settles"):
        state.apply("poke")


def test_a_window_that_reopens_itself_is_named():
    game = runtime_game(WINDOW_THAT_REOPENS_ITSELF, OPEN="ask nobody")
    with pytest.raises(rulekit.EvaluationLimitError) as info:
        game.new_state(2)
    assert info.value.rule.startswith("windows.nobody")


def test_a_game_that_never_ends_stops_at_max_decisions():
    game = runtime_game(TURNS_THAT_NEVER_END, "limits: {max_decisions: 30}")
    state = game.new_state(2)
    with pytest.raises(rulekit.EvaluationLimitError) as info:
        for _ in range(100):
            state.apply("wait")
    assert info.value.rule == "limits.max_decisions"
    assert "did not end within 30 decisions" in str(info.value)
