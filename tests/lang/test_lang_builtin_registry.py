"""The one registry of built-in functions (rulekit.lang.registry) agrees with the guide's tables,
the compiler's dispatch and the "did you mean" hints: a built-in cannot be half-added (issue 30,
point 3; tests/lang/test_lang_statement_table.py does the same for statements)."""

from __future__ import annotations

import re

import pytest
from lang_helpers import load_error
from paths import ROOT, TESTS

from rulekit.lang.registry import (
    BUILTINS,
    BY_NAME,
    GENERATOR_FORMS,
    REGISTRY,
    Builtin,
    docs_table,
)
from rulekit.lang.scope import AGGREGATES

GUIDE = ROOT / "docs" / "authoring.md"
BASE = TESTS / "broken" / "_base.yaml"  # a tiny valid game, without melds or teams
FORM = re.compile(r"^([a-z_]+)\((.*)\)$")


def _arguments(form: str) -> tuple[str, int]:
    """A written form's function name and its number of arguments (a generator counts one)."""
    m = FORM.match(form)
    assert m, form
    inside = m.group(2)
    depth, count = 0, 1 if inside else 0
    for ch in inside:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == "," and depth == 0:
            count += 1
    return m.group(1), count


@pytest.mark.parametrize("table", ["functions", "melds"])
def test_the_guide_lists_every_built_in_of_the_registry(table: str) -> None:
    text = GUIDE.read_text(encoding="utf-8")
    assert docs_table(table) in text, (
        f"docs/authoring.md's table of {table} is not the registry's: paste the output of "
        f"python -c 'from rulekit.lang.registry import docs_table; print(docs_table(\"{table}\"))'")


def test_the_team_built_ins_are_named_in_the_guide() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    teams = [b for b in REGISTRY if b.table == "teams"]
    assert teams
    for b in teams:
        for row in b.rows:
            for form in row.forms:
                assert f"`{form}`" in text, form


def test_each_name_is_one_entry_and_the_dispatch_knows_each() -> None:
    names = [n for b in REGISTRY for n in b.names]
    assert len(names) == len(set(names))
    assert BUILTINS == set(names) == set(BY_NAME)
    assert all(BY_NAME[n] is b for b in REGISTRY for n in b.names)


@pytest.mark.parametrize("entry", REGISTRY, ids=lambda b: "/".join(b.names))
def test_each_entry_documents_each_name_and_each_number_of_arguments(entry: Builtin) -> None:
    written = [_arguments(f) for row in entry.rows for f in row.forms]
    assert {name for name, _ in written} == set(entry.names)
    assert {n for _, n in written} == set(entry.arity)
    assert all(row.gives and not row.gives.endswith(".") for row in entry.rows)


@pytest.mark.parametrize("entry", REGISTRY, ids=lambda b: "/".join(b.names))
def test_each_rule_has_its_one_line_doc_and_only_sorted_is_special(entry: Builtin) -> None:
    if entry.compile is None:
        assert entry.names == ("sorted",) and entry.special
    else:
        assert entry.compile.__doc__ and "\n" not in entry.compile.__doc__.strip()


def test_the_generator_forms_are_the_aggregates_and_best_melds() -> None:
    assert AGGREGATES | {"best_melds"} == GENERATOR_FORMS


def _score_error(expr: str) -> str:
    text = BASE.read_text(encoding="utf-8").replace('score: "p.laid"', f'score: "{expr}"')
    (diag,) = load_error(text).diagnostics
    return f"{diag.message} | {diag.hint}"


@pytest.mark.parametrize("name", sorted(BUILTINS))
def test_the_compiler_checks_every_built_in_by_its_entry(name: str) -> None:
    """Called with no argument, each built-in is refused by its entry's rule: the section it
    needs, else its numbers of arguments (sorted: its own special form's check)."""
    entry = BY_NAME[name]
    message = _score_error(f"{name}()")
    if entry.needs:
        assert message.startswith(f"{name}() needs a '{entry.needs}:' section in the ruleset")
    else:
        want = " or ".join(str(n) for n in entry.arity)
        assert message.startswith(f"{name}() takes {want} argument(s), got 0 |")


def test_a_misspelt_built_in_is_corrected_from_the_registry() -> None:
    assert _score_error("siz(p.hand)") == "unknown function 'siz' | did you mean 'size'?"
    assert _score_error("nxt_in_turn(p)").endswith("did you mean 'next_in_turn'?")
