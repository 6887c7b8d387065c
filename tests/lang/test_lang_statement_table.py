"""The one statement table (rulekit.lang.statements) agrees with the grammar, the compiler, the
parse-error hints and the guide: a statement cannot be half-added (issue 30, point 3).

Regression: the grammar had `meld` and `extend`, but the hint for a text that starts with no
statement did not list them, nor did the guide's table of statements.
"""

from __future__ import annotations

import re

import pytest
from paths import ROOT, TESTS

import rulekit
from rulekit.compile.statements import CODEGEN
from rulekit.lang.parsing import _parser
from rulekit.lang.statements import STARTS_WITH, STATEMENTS, docs_table

GUIDE = ROOT / "docs" / "authoring.md"
WORD = re.compile(r"[a-z]+")


def _grammar_statements() -> dict[str, list[list[str]]]:
    """Each statement rule of the compiled grammar: its alternatives' keyword words, in order."""
    parser = _parser()
    out: dict[str, list[list[str]]] = {}
    for rule in parser.rules:
        alias = str(rule.alias or "")
        if not alias.endswith("_stmt"):
            continue
        words = []
        for sym in rule.expansion:
            pattern = parser.get_terminal(sym.name).pattern.value if sym.is_term else None
            words.append(pattern if isinstance(pattern, str) and WORD.fullmatch(pattern)
                         else None)
        out.setdefault(alias, []).append(words)  # type: ignore[arg-type]
    return out


def test_the_table_and_the_grammar_name_the_same_statements() -> None:
    assert sorted(st.rule for st in STATEMENTS) == sorted(_grammar_statements())


@pytest.mark.parametrize("st", STATEMENTS, ids=lambda st: st.rule)
def test_each_form_opens_and_reads_as_the_grammar_parses_it(st) -> None:
    for words in _grammar_statements()[st.rule]:
        opening = []
        for w in words:
            if w is None:
                break
            opening.append(w)
        assert " ".join(opening) == st.words
        assert st.form.startswith(st.words)
        # every keyword of the rule is in the form the author reads
        assert {w for w in words if w} <= set(WORD.findall(st.form)), st.form


def test_the_compiler_generates_every_statement_of_the_table_and_no_other() -> None:
    assert sorted(CODEGEN) == sorted(st.rule for st in STATEMENTS)


def test_the_guide_lists_every_statement_from_the_table() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    assert docs_table() in text, (
        "docs/authoring.md's statement table (section 14) is not the table's: paste the output "
        "of python -c 'from rulekit.lang.statements import docs_table; print(docs_table())'")


BASE = TESTS / "broken" / "_base.yaml"  # a tiny valid game




def _hint(statement: str) -> str:
    with pytest.raises(rulekit.RulesetError) as caught:
        rulekit.load_text(BASE.read_text(encoding="utf-8").replace(
            "  - shuffle deck\n", f"  - {statement}\n", 1))
    (diag,) = caught.value.diagnostics
    return diag.hint


def test_a_text_that_is_no_statement_is_told_every_statement_meld_and_extend_too() -> None:
    hint = _hint("put stock")
    assert hint == STARTS_WITH
    listed = hint.split(": ", 1)[1].split(", ")
    assert listed == [st.words for st in STATEMENTS]
    assert "meld" in listed and "extend" in listed


def test_a_misspelt_meld_is_corrected_and_a_broken_one_shown_its_form() -> None:
    assert _hint("mled stock to stock").startswith("did you mean 'meld'?")
    assert _hint("extend stock stock") == "write it as: extend MELD with CARD [as VALUE]"
