"""The catalogue of hostile rulesets at run time: every one stops with a typed error, in bounds.

Each file in tests/hostile/runtime/ is a small game that loads but then asks for unbounded work
or memory: a deal of 10^12 cards, loops nested over a large deck, definitions that double a list
40 times, an integer that grows until the terminal cannot print it, a phase restarted thousands
of times per decision... Its header says what it is and what the player must get:

    # case: deal 999999999999 from deck to each hand (loops on after the deck is empty)
    # play: 40                       (decisions to take after the deal; default 0)
    # expect: EvaluationLimitError   (the exact error type)
    # rule: setup                    (the rule it names; '-' for a load error, which names none)
    # message: rule setup: ...       (the exact message)

Each case runs in its own process (tests/hostile/run_case.py) under a memory limit (RLIMIT_AS,
MEMORY_LIMIT) and a time limit (TIME_LIMIT), so a case that hangs or exhausts memory fails its
test instead of stalling the suite. The issue: "a hostile ruleset ends with
EvaluationLimitError naming the rule, never a hang or a memory blow-up".

`python tests/hostile/test_hostile_runtime.py [PYTHON [TIMEOUT]]` runs the catalogue's cases
with another interpreter (for example an older checkout's) and prints each case's outcome and
the counts.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest
from paths import TESTS

HERE = TESTS / "hostile"
CASES = sorted((HERE / "runtime").glob("*.yaml"))
RUNNER = HERE / "run_case.py"
MEMORY_LIMIT = 1 << 30  # bytes of address space for one case
TIME_LIMIT = 120  # seconds: a bound on a hang, far above what a case takes; never asserted on


@dataclass
class Expected:
    case: str
    play: int
    type: str
    rule: str
    message: str


def expected(path: Path) -> Expected:
    """The header of a catalogue file."""
    fields: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^# (\w+): (.*)$", line)
        if not m:
            break
        fields[m.group(1)] = m.group(2)
    return Expected(fields["case"], int(fields.get("play", "0")), fields["expect"],
                    fields["rule"], fields.get("message", ""))


def _limit_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run_case(path: Path, python: str = sys.executable, timeout: float = TIME_LIMIT) -> dict:
    """Run one case in a bounded subprocess; classify hangs, memory blow-ups and crashes."""
    exp = expected(path)
    try:
        proc = subprocess.run([python, str(RUNNER), str(path), "2", str(exp.play)],
                              capture_output=True, text=True, timeout=timeout,
                              preexec_fn=_limit_memory)
    except subprocess.TimeoutExpired:
        return {"outcome": "hang"}
    lines = proc.stdout.strip().splitlines()
    if proc.returncode != 0 or not lines:
        memory = "MemoryError" in proc.stderr or proc.returncode < 0
        return {"outcome": "memory" if memory else "crash", "type": f"exit {proc.returncode}",
                "message": proc.stderr.strip().splitlines()[-1:] }
    return json.loads(lines[-1])


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_a_hostile_ruleset_stops_with_its_typed_error_naming_the_rule(path: Path):
    exp = expected(path)
    got = run_case(path)
    assert got["outcome"] == "error", f"{exp.case}: {got}"
    assert (got["type"], got["rule"]) == (exp.type, None if exp.rule == "-" else exp.rule), exp.case
    # a load error's message goes on with the quoted line: its first line is the located message
    first = got["message"].split("\n")[0].replace(str(path), path.name)
    assert first == exp.message, exp.case


def test_the_catalogue_holds_the_cases_the_issue_names():
    names = {p.stem for p in CASES}
    assert {"deal_huge_count", "deal_literal_cap_through_times", "for_nested_200_deep",
            "for_nested_45_deep", "sum_five_nested_comprehensions", "list_of_lists_of_lists",
            "definitions_double_a_list_40_times", "plus_grows_an_integer",
            "phase_restarted_thousands_of_times_logging_the_deck",
            # issue 13: "`while` or `repeat` that never ends: EvaluationLimitError naming the rule"
            "while_that_never_ends", "repeat_huge_count"} <= names


def main(python: str, timeout: float) -> None:
    """Run the catalogue with python and print each outcome and the counts."""
    counts: Counter[str] = Counter()
    for path in CASES:
        exp = expected(path)
        got = run_case(path, python, timeout)
        ok = (got["outcome"] == "error" and got.get("type") == exp.type
              and got.get("rule") == exp.rule and got.get("message") == exp.message)
        kind = "expected" if ok else got["outcome"]
        if got["outcome"] == "error" and not ok:
            kind = "other typed error"
        counts[kind] += 1
        print(f"{path.stem}: {kind} {json.dumps(got)[:300]}", flush=True)
    print(dict(counts))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else sys.executable,
         float(sys.argv[2]) if len(sys.argv) > 2 else TIME_LIMIT)
