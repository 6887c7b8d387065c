"""Slow inputs for the loader: rulesets built to make a naive loader take minutes or gigabytes.

Each case is generated here (the repository stays small) from tests/broken/_base.yaml, a tiny
valid game. `python slow_inputs.py NAME` loads case NAME in this process and prints one JSON
line: the error's type, the number of diagnostics, the first diagnostic (line, col, message),
the length of the rendered error and the length of the text.
tests/hostile/test_hostile_slow.py runs it in a subprocess under a time and memory limit.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

BASE = (Path(__file__).resolve().parent.parent / "broken" / "_base.yaml").read_text("utf-8")
N = 16_000


def base_lines() -> int:
    """The number of lines of the base ruleset (cases append after it)."""
    return BASE.count("\n")


def missing_translations() -> str:
    """16,000 texts without their 'fr' translation (about 310 KB)."""
    return BASE + "".join(f"  t{i:05d}: {{en: x}}\n" for i in range(N))


def schema_errors() -> str:
    """16,000 zones, each with a misspelt key (unknown 'visibilty', missing 'visibility')."""
    zones = "".join(f"  z{i:05d}: {{visibilty: public}}\n" for i in range(N))
    return BASE.replace("zones:\n", "zones:\n" + zones, 1)


def large_enum() -> str:
    """An attribute with 20,000 words and a deck entry naming 1,000 words not among them."""
    words = ", ".join(f"w{i:05d}" for i in range(20_000))
    bad = ", ".join(f"x{i:05d}" for i in range(1_000))
    text = BASE.replace("    rank: int\n", f"    rank: int\n    word: [{words}]\n", 1)
    return text.replace("    - {suit: [red, blue], rank: [1, 2, 3, 4, 5], count: 2}\n",
                        f"    - {{suit: red, rank: 1, word: [w00000, {bad}]}}\n", 1)


def alias_dsl() -> str:
    """A long DSL text with a syntax error at its end, behind an alias used 3,000 times."""
    body = " + ".join(["passes"] * 440) + " +"  # about 4,000 characters
    checks = "".join(f"  - {{name: i{i}, check: *long}}\n" for i in range(3_000))
    return BASE.replace("define:\n", f'define:\n  long_one: &long "{body}"\n', 1) + \
        "invariants:\n" + checks


def alias_dsl_valid() -> str:
    """A valid DSL condition behind an alias used 3,000 times: it loads."""
    body = " and ".join(["passes >= 0"] * 10)
    checks = "".join(f"  - {{name: i{i}, check: *long}}\n" for i in range(3_000))
    return BASE.replace("define:\n", f'define:\n  long_one: &long "{body}"\n', 1) + \
        "invariants:\n" + checks


def huge_file() -> str:
    """A 10 MB file ending in a YAML syntax error."""
    pad = "".join(f"  t{i:06d}: {{en: padding, fr: rembourrage}}\n" for i in range(240_000))
    return BASE + pad + "broken: [unclosed\n"


def large_syntax_error() -> str:
    """A file just under the size cap ending in a YAML syntax error."""
    pad = "".join(f"  t{i:06d}: {{en: padding, fr: rembourrage}}\n" for i in range(21_000))
    return BASE + pad + "broken: [unclosed\n"


def deep_nesting() -> str:
    """100,000 nested YAML lists (libyaml's own composer would crash the process)."""
    return "[" * 100_000 + "]" * 100_000 + "\n"


def deep_block_nesting() -> str:
    """400 nested block mappings."""
    return "".join(" " * i + f"k{i}:\n" for i in range(400)) + " " * 400 + "end\n"


def _doubling(first: str, use: tuple[str, str]) -> str:
    """40 definitions, each using the one before twice (2^40 parts once inlined), the last
    used by a rule."""
    defs = f'  d0(p): "{first}"\n' + "".join(
        f'  d{i}(p): "d{i - 1}(p) + d{i - 1}(p)"\n' for i in range(1, 41))
    return BASE.replace("define:\n", "define:\n" + defs, 1).replace(*use, 1)


def doubling_definitions() -> str:
    """40 doubling definitions with a parameter, inlined at each use (65 s and 771 MB before
    the fix, in the form below)."""
    return _doubling("p", ('"passes >= num_players"', '"passes >= num_players + d40(passes)"'))


def doubling_looping_definitions() -> str:
    """The same over a loop, called with a plain value: each level was compiled as a kept
    function first, then inlined, the attempts not counted (the time grew 1.8x a level)."""
    return _doubling("count(c for c in p.hand)",
                     ('when: "playable(actor)"', 'when: "playable(actor) and d40(actor) > 0"'))


CASES: dict[str, Callable[[], str]] = {
    "doubling_definitions": doubling_definitions,
    "doubling_looping_definitions": doubling_looping_definitions,
    "missing_translations": missing_translations,
    "schema_errors": schema_errors,
    "large_enum": large_enum,
    "alias_dsl": alias_dsl,
    "alias_dsl_valid": alias_dsl_valid,
    "huge_file": huge_file,
    "large_syntax_error": large_syntax_error,
    "deep_nesting": deep_nesting,
    "deep_block_nesting": deep_block_nesting,
}


def run(name: str) -> dict:
    """Load case name; describe the outcome (never raises a rulekit error)."""
    import rulekit

    text = CASES[name]()
    out: dict = {"case": name, "chars": len(text)}
    try:
        rulekit.load_text(text, "slow.yaml")
        out["error"] = None
    except rulekit.RulekitError as e:
        diags = getattr(e, "diagnostics", [])
        out["error"] = type(e).__name__
        out["n"] = len(diags)
        if diags:
            d = diags[0]
            out["first"] = [d.line, d.col, d.message]
        out["rendered"] = len(str(e))
        out["last"] = str(e).splitlines()[-1]
    return out


if __name__ == "__main__":
    print(json.dumps(run(sys.argv[1])))
