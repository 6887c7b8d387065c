"""The broken-ruleset catalogue's run-time cases (tests/broken/runtime/): rulesets that load but
cannot be played to their end, and what the error says (issue 33: run-time mistakes located).

Each file is `_base.yaml` with one thing broken. Its header says what, and the error a game
between two players (seed 1, always the first legal action) must stop with:

    # case: a phase whose end_if can never hold
    # expect: 45:14: rule limits.max_decisions: the game did not end within ...
    #   where: in 'passes < 0'

`expect` is where the rule at fault is written (line:col, 1-based) and the error's text but for
its place; `where` is the place's words before `at FILE:LINE:COL`.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from paths import TESTS

import rulekit

RUNTIME = TESTS / "broken" / "runtime"
CASES = sorted(RUNTIME.glob("*.yaml"))
HEADER = re.compile(r"^# (case|expect|  where): ?(.*)$")


def _header(path: Path) -> tuple[str, int, int, str, str]:
    """The case's description, and the expected line, column, message and where."""
    case, expect, where = "", "", ""
    for raw in path.read_text(encoding="utf-8").splitlines():
        m = HEADER.match(raw)
        if not m:
            break
        kind, text = m.groups()
        if kind == "case":
            case += " " + text
        elif kind == "expect":
            expect = text
        else:
            where = text
    found = re.match(r"^(\d+):(\d+): (.*)$", expect)
    assert case and found and where, f"{path.name}: a case, an expect and a where line"
    return case.strip(), int(found[1]), int(found[2]), found[3], where


def test_the_catalogue_has_run_time_cases() -> None:
    assert len(CASES) >= 2


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_a_game_that_cannot_go_on_names_the_rule_and_where_it_is_written(path: Path) -> None:
    _, line, col, message, where = _header(path)
    game = rulekit.load(path)  # it loads: only playing it shows the mistake
    state = game.new_state(2, 1)
    with pytest.raises(rulekit.RuleRuntimeError) as info:
        while not state.is_over:
            state.apply(state.legal_actions()[0])
    assert str(info.value) == f"{message} ({where} at {path}:{line}:{col})"
    # the place is the rule's own text: its first character, as a caret would show it
    quoted = re.match(r"in '(.*)'$", where)
    source = path.read_text(encoding="utf-8").splitlines()[line - 1]
    assert quoted and source[col - 1:].startswith(quoted[1])


def test_a_phase_without_end_if_that_nobody_can_play_says_so_and_where_it_is() -> None:
    """No end_if at all: the error says the phase has none and points at the phase."""
    path = RUNTIME / "no_player_active.yaml"
    text = path.read_text(encoding="utf-8").replace('    end_if: "passes >= num_players"\n', "")
    game = rulekit.load_text(text, "mine.yaml")
    state = game.new_state(2, 1)
    with pytest.raises(rulekit.RuleRuntimeError) as info:
        while not state.is_over:
            state.apply(state.legal_actions()[0])
    line = text.splitlines().index("  play:") + 1
    assert info.value.rule == "phases.play.active"
    assert str(info.value) == (
        "rule phases.play.active: no player can take the next turn ('active' holds for no one) "
        "and the game goes on: it is in phase 'play', which has no end_if (only 'end game' ends "
        f"it) (at mine.yaml:{line}:3)")
