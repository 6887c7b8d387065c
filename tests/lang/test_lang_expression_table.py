"""The expression compiler's one table (rulekit.lang.expressions.RULES) agrees with the grammar:
every expression form the grammar can parse has its compiling function, and the table names no
form the grammar lacks, so an expression cannot be added to one and forgotten in the other
(issue 30, point 1: the parts are modules of functions, dispatched by this table)."""

from __future__ import annotations

import pytest
from lark import Tree

from rulekit.lang.expressions import RULES, CompileError, ExprCompiler, Scope, Tables
from rulekit.lang.parsing import _parser

# the clauses of a comprehension of several: compiled by rulekit.lang.clauses as parts of it
CLAUSES = {"comp_for", "comp_if", "comp_let"}


def _expression_forms() -> set[str]:
    """The tree names (rule aliases) the grammar can produce under `expr`."""
    rules = _parser().rules
    reached, todo = {"expr"}, ["expr"]
    while todo:
        origin = todo.pop()
        for rule in rules:
            if rule.origin.name != origin:
                continue
            for sym in rule.expansion:
                if not sym.is_term and sym.name not in reached:
                    reached.add(sym.name)
                    todo.append(sym.name)
    return {str(r.alias) for r in rules if r.alias and r.origin.name in reached}


def test_every_expression_form_of_the_grammar_has_its_rule() -> None:
    """RULES holds exactly the forms the grammar parses as expressions."""
    assert set(RULES) == _expression_forms() - CLAUSES


def test_a_tree_of_no_expression_form_is_a_compile_error() -> None:
    """A tree the table has no rule for is a CompileError, never a crash."""
    with pytest.raises(CompileError, match="'comp_if' is not an expression"):
        ExprCompiler(Tables()).expr(Tree("comp_if", []), Scope())
