"""YAML a stranger may write to get past the loader (issue 8, point 5): tags that build other
kinds of values, numbers Python refuses to convert, nesting deep enough to exhaust the stack.

Each case is tests/broken/_base.yaml (a tiny valid game) with one line changed; it must fail with
a RulesetError whose first diagnostic has this exact line, column, message and hint. Before the
fix, tags on mappings and lists were ignored (`!!python/object/apply:os.system` loaded), `!!binary`
loaded as bytes, a 5,000-digit number or a 13th month crashed with ValueError, and a YAML document
nested too deeply had no line or column.
"""

from __future__ import annotations

import pytest
from paths import TESTS

import rulekit

BASE = (TESTS / "broken" / "_base.yaml").read_text(encoding="utf-8")
TAG_HINT = "rulesets use plain YAML values: remove the '!' tag"
DEEP = ("the YAML document is nested too deeply (more than 100 levels)",
        "flatten the structure: a ruleset needs only a few levels")


def tag(name: str) -> tuple[str, str]:
    return f"YAML error: the tag '{name}' is not allowed", TAG_HINT


PLAYERS = "players: {min: 2, max: 4}"
CASES = {
    "apply os.system on a list": (("setup:\n", "setup: !!python/object/apply:os.system\n"),
                                  33, 8, *tag("!!python/object/apply:os.system")),
    "apply os.system on a mapping": (("zones:\n", "zones: !!python/object/apply:os.system\n"),
                                     16, 8, *tag("!!python/object/apply:os.system")),
    "python/name on a text": (("name: Climb", "name: !!python/name:os.system ''"),
                              2, 7, *tag("!!python/name:os.system")),
    "set": (("languages: [en, fr]", "languages: !!set {en: null, fr: null}"),
            4, 12, *tag("!!set")),
    "binary": (("name: Climb", "name: !!binary aGVsbG8="), 2, 7, *tag("!!binary")),
    "omap": ((PLAYERS, "players: !!omap [{min: 2}, {max: 4}]"), 3, 10, *tag("!!omap")),
    "pairs": ((PLAYERS, "players: !!pairs [{min: 2}, {max: 4}]"), 3, 10, *tag("!!pairs")),
    "a local tag": ((PLAYERS, "players: !mine {min: 2, max: 4}"), 3, 10, *tag("!mine")),
    "a verbatim tag": ((PLAYERS, "players: !<tag:evil.com,2024:x> {min: 2, max: 4}"),
                       3, 10, *tag("tag:evil.com,2024:x")),
    "a 5,000-digit number": ((PLAYERS, "players: {min: 2, max: " + "9" * 5000 + "}"), 3, 24,
                             "this number is too long (5000 characters; at most 4300 digits)",
                             ""),
    "a 5,000-digit number in a list": (("rank: [1, 2, 3, 4, 5]", "rank: [1, -" + "1" * 5000 + "]"),
                                       12, 37, "this number is too long (5001 characters; at "
                                       "most 4300 digits)", ""),
    "a 13th month": (("name: Climb", "name: 2024-13-45"), 2, 7,
                     "this value cannot be read: month must be in 1..12", ""),
    "lists nested 150 deep": (("setup:\n", "deep: " + "[" * 150 + "]" * 150 + "\nsetup:\n"),
                              33, 106, *DEEP),
    "mappings nested 150 deep": (("setup:\n", "deep: " + "{a: " * 150 + "1" + "}" * 150
                                  + "\nsetup:\n"), 33, 400, *DEEP),
    "effects nested 60 deep": (("  - shuffle deck\n", "  - " + "{if: true, then: [" * 60
                                + "shuffle deck" + "]}" * 60 + "\n"), 34, 887, *DEEP),
}


@pytest.mark.parametrize("name", list(CASES))
def test_hostile_yaml_is_a_located_error(name: str) -> None:
    (old, new), line, col, message, hint = CASES[name]
    assert old in BASE
    with pytest.raises(rulekit.RulesetError) as err:
        rulekit.load_text(BASE.replace(old, new, 1), "hostile.yaml")
    d = err.value.diagnostics[0]
    assert (d.line, d.col, d.message, d.hint) == (line, col, message, hint)


def test_plain_explicit_tags_still_load() -> None:
    text = BASE.replace("name: Climb", "name: !!str Climb").replace(
        PLAYERS, "players: !!map {min: !!int 2, max: 4}")
    assert rulekit.load_text(text, "tags.yaml").min_players == 2


def test_the_caret_of_a_very_long_line_is_shown_in_a_window() -> None:
    with pytest.raises(rulekit.RulesetError) as err:
        rulekit.load_text("[" * 200 + "]" * 200, "long.yaml")
    lines = str(err.value).splitlines()
    assert lines[0] == "long.yaml:1:101: " + DEEP[0]
    assert lines[1] == "    ..." + "[" * 160 + "..."
    assert lines[2] == "    " + " " * 83 + "^"
