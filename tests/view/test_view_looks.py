"""cards.look: a ruleset declares the colour and glyph a table draws its cards with; a mistake
in it is a located error."""

from __future__ import annotations

import pytest
from paths import ROOT

import rulekit

CRAZY = ROOT / "rulesets" / "crazy_eights.yaml"
DECLARED = '''      hearts: {colour: red, glyph: "♥"}'''


def loaded_with(line: str) -> rulekit.RulesetError:
    """The error of Crazy Eights with its hearts' look replaced by line."""
    text = CRAZY.read_text(encoding="utf-8")
    assert DECLARED in text
    with pytest.raises(rulekit.RulesetError) as e:
        rulekit.load_text(text.replace(DECLARED, line), str(CRAZY))
    return e.value


@pytest.mark.parametrize(("line", "message", "hint"), [
    ('      hearts: {colour: crimson}', "'crimson' is not a colour a table draws", "one of: black"),
    ('      hearts: {colour: rde}', "'rde' is not a colour", "red"),
    ('      hearts: {glyph: "<3"}', "a glyph is one printable character, not '<3'", "symbol"),
    ('      hearts: {glyph: " "}', "a glyph is one printable character", "symbol"),
    ('      hearts: {glyph: "\\u001b"}', "U+001B (ESC)", "printable"),
    ('      hearts: {glyph: "\u2665\ufe0f"}', "a glyph is one printable character", "emoji"),
    ('      hearts: {}', "give a colour, a glyph or both", ""),
    ('      heart: {colour: red}', "no card has suit 'heart'", "hearts"),
])
def test_a_bad_look_is_a_located_error(line: str, message: str, hint: str):
    err = loaded_with(line)
    d = next(d for d in err.diagnostics if message in d.message)
    lines = CRAZY.read_text(encoding="utf-8").splitlines()
    assert d.line and lines[d.line - 1].strip().startswith(line.strip().split(":")[0])
    assert "cards.look.suit" in d.yaml_path
    assert hint in d.hint


def test_an_unknown_attribute_is_named_with_the_nearest():
    text = CRAZY.read_text(encoding="utf-8").replace("  look:\n    suit:", "  look:\n    suits:")
    with pytest.raises(rulekit.RulesetError) as e:
        rulekit.load_text(text, str(CRAZY))
    d = next(d for d in e.value.diagnostics if "no card attribute 'suits'" in d.message)
    assert "suit" in d.hint and d.line


def test_a_card_takes_the_looks_of_its_values_in_the_order_declared():
    """UNO's cards take their colour's; a wild (colour none) is drawn plainly."""
    game = rulekit.load(CRAZY.parent / "uno.yaml")
    assert game.table.look("green 7") == ("green", None)
    wild = next(label for label in game.labels if game.table.look(label) == (None, None))
    assert "wild" in wild.lower()
