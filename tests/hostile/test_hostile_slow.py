"""Slow inputs: rulesets built to stall or bloat the loader load or fail quickly, with a located
typed error (issue 8, point 4).

Each case of tests/hostile/slow_inputs.py is generated in the test (the repository stays small)
and loaded in a subprocess bounded to CPU_SECONDS of processor time, MEMORY bytes of address space
and SECONDS of wall time (for a process that would block without computing): a hang or a blow-up
fails the test instead of stalling the suite. The bound is on processor time because a shared
machine can stretch the wall time of an honest load tenfold. Before the fix these cases took
from 28 s to well over 90 s each (16,000 missing translations: 28 s; 16,000 schema errors, a large
enum, a DSL text behind an alias, a 10 MB file: killed after 90 s).
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys

import pytest
from paths import TESTS

from rulekit.data import yamlcompose
from rulekit.errors import MAX_SHOWN_DIAGNOSTICS

HERE = TESTS / "hostile"
CPU_SECONDS = 20  # far above an honest load of these files (one to five CPU seconds each)
SECONDS = 600
MEMORY = 1_500_000_000


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))


def run_case(name: str) -> dict:
    """Load a slow case in a bounded subprocess; its outcome as slow_inputs.run describes it."""
    done = subprocess.run([sys.executable, str(HERE / "slow_inputs.py"), name],
                          capture_output=True, text=True, timeout=SECONDS,
                          preexec_fn=_limit_memory, check=False)
    assert done.returncode == 0, f"exit {done.returncode} (-24: out of CPU time) " + \
        done.stderr[-2000:]
    return json.loads(done.stdout)


def more(n: int) -> str:
    return f"... and {n - MAX_SHOWN_DIAGNOSTICS} more errors (fix these first)"


# name -> (number of diagnostics, first line, first col, first message, last line of the text)
EXPECTED = {
    "missing_translations": (16_000, 88, 11, "text 't00000' has no translation for: fr",
                             more(16_000)),
    "schema_errors": (16_000, 17, 12, "unknown key 'visibilty'", more(16_000)),
    "large_enum": (1_000, 13, 43, "'x00000' is not a valid word (expected one of ['w00000', "
                   "'w00001', 'w00002', 'w00003', 'w00004', 'w00005', 'w00006', 'w00007', "
                   "'w00008', 'w00009', 'w00010', 'w00011', 'w00012', 'w00013', 'w00014', "
                   "'w00015', 'w00016', 'w00017', 'w00018', 'w00019', ...] (20000 values))",
                   more(1_000)),
    # one text behind an alias: reported once, at the anchored text
    "alias_dsl": (1, 30, 3979, "the text ends too early",
                  "    hint: expected a value: a name, a number, a quoted text, '(' or '['"),
    "huge_file": (1, 23849, 31, "the file is too large (10,082,026 characters; a ruleset has at "
                  "most 1,000,000)", "    hint: a ruleset is a text a person writes; split it "
                  "or remove what is not needed"),
    # 40 definitions each using the one before twice: refused where the first passes the bound
    # (65 s and 771 MB of loading before its error, before the fix)
    "doubling_definitions": (3, 41, 12, "definition 'd11' grows to more than 10,000 parts once "
                             "the definitions it uses are copied into it ('d10' alone is 6,139)",
                             "    hint: see the error at define.d12(p)"),
    "doubling_looping_definitions": (3, 41, 12, "definition 'd11' grows to more than 10,000 "
                                     "parts once the definitions it uses are copied into it "
                                     "('d10' alone is 9,211)",
                                     "    hint: see the error at define.d12(p)"),
    "deep_nesting": (1, 1, 101, "the YAML document is nested too deeply (more than 100 levels)",
                     "    hint: flatten the structure: a ruleset needs only a few levels"),
    "deep_block_nesting": (1, 100, 100, "the YAML document is nested too deeply (more than 100 "
                           "levels)", "    hint: flatten the structure: a ruleset needs only a "
                           "few levels"),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_slow_input_fails_quickly_with_its_located_error(name: str) -> None:
    n, line, col, message, last = EXPECTED[name]
    got = run_case(name)
    assert got["error"] == "RulesetError"
    assert got["n"] == n
    assert got["first"] == [line, col, message]
    assert got["last"] == last
    # what is printed stays proportionate however many errors the file holds
    assert got["rendered"] < 100 * 1000


def test_a_large_file_ending_in_a_syntax_error_is_located() -> None:
    got = run_case("large_syntax_error")
    assert got["error"] == "RulesetError" and got["n"] == 1
    line, col, message = got["first"]
    assert (line, col) == (21089, 1)
    # a file this large gets libyaml's wording (a small one is parsed again for PyYAML's)
    assert message == ("YAML syntax error: did not find expected ',' or ']'" if
                       yamlcompose.AVAILABLE else
                       "YAML syntax error: expected ',' or ']', but got '<stream end>'")


def test_a_text_behind_an_alias_used_3000_times_loads() -> None:
    got = run_case("alias_dsl_valid")
    assert got["error"] is None
