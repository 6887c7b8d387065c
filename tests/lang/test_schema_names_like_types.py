"""Names a ruleset may give that pydantic also uses for a union's branches (`bool`, `int`, `str`,
`IntAttr`...): before the fix, a top-level key `bool: 1` crashed `rulekit validate` with an
IndexError (the name was taken for a branch tag and dropped, leaving no place to point at)."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import cli
from paths import TESTS

import rulekit

BASE = (TESTS / "broken" / "_base.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["bool", "int", "str", "IntAttr", "ComputedAttr"])
def test_validate_locates_a_top_level_key_named_like_a_type(tmp_path: Path, name: str):
    path = tmp_path / "r.yaml"
    path.write_text(BASE.replace("languages: [en, fr]\n", f"languages: [en, fr]\n{name}: 1\n"),
                    encoding="utf-8")
    r = cli("validate", str(path))
    assert r.code == 1 and "Traceback" not in r.out + r.err
    lines = r.out.splitlines()
    assert lines[0] == f"{path}:5:1: unknown key '{name}'"
    assert lines[1:3] == [f"    {name}: 1", "    ^"]


@pytest.mark.parametrize("name", ["bool", "int", "str"])
def test_a_definition_named_like_a_type_is_located(name: str):
    text = BASE.replace("define:\n", f"define:\n  {name}: [1]\n", 1)
    with pytest.raises(rulekit.RulesetError) as info:
        rulekit.load_text(text, "t.yaml")
    [d] = info.value.diagnostics
    assert (d.message, d.yaml_path) == ("expected an expression (text), got a list",
                                        f"define.{name}")
    assert (d.source_line, d.col) == (f"  {name}: [1]", len(name) + 5)


def test_a_translation_of_the_wrong_kind_points_at_its_value():
    text = BASE.replace("languages: [en, fr]\n",
                        "languages: [en, fr]\ndescription: {en: a game, fr: 5}\n")
    with pytest.raises(rulekit.RulesetError) as info:
        rulekit.load_text(text, "t.yaml")
    [d] = info.value.diagnostics
    assert (d.line, d.col, d.yaml_path) == (5, 31, "description.fr")
    assert d.message == "expected a text value, got 5"
