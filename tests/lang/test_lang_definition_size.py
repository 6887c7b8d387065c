"""A definition that grows too large once the definitions it uses are copied into it is refused
before anything is inlined (issue 28, point 5): 40 definitions, each using the one before twice,
took 65 s and 771 MB to load before their error. The slow forms are in test_hostile_slow.py."""

from __future__ import annotations

import pytest
from lang_helpers import game, gvar, line_of, load_error, text_of

import rulekit
from rulekit.lang.expansion import MAX_DEFINITION_PARTS, oversized_definitions
from rulekit.lang.parsing import parse


def doubling(levels: int, first: str = "p") -> str:
    """levels definitions, each using the one before twice, the last set by the setup."""
    return ("define:\n" + f'  d0(p): "{first}"\n'
            + "".join(f'  d{i}(p): "d{i - 1}(p) + d{i - 1}(p)"\n' for i in range(1, levels + 1))
            + f"setup:\n  - set n = d{levels}(1)\n")


@pytest.mark.parametrize("first, level", [("p", 11), ("p + count(c for c in deck)", 10)])
def test_a_doubling_chain_is_refused_where_it_passes_the_bound(first: str, level: int) -> None:
    text = text_of(extra=doubling(40, first))
    err = load_error(text)
    d = err.diagnostics[0]
    assert d.message.startswith(f"definition 'd{level}' grows to more than "
                                f"{MAX_DEFINITION_PARTS:,} parts once the definitions it uses "
                                f"are copied into it ('d{level - 1}' alone is ")
    # at its first use of the level below
    assert (d.line, d.col, d.yaml_path) == (line_of(text, f"  d{level}(p):"),
                                            12, f"define.d{level}(p)")
    assert d.hint.startswith("a definition with parameters is copied wherever it is used")
    # the rule using the chain is told which definition is broken, not the bound again
    assert err.diagnostics[-1].yaml_path == "setup[0]"
    assert f"which uses 'd{level + 1}', which has an error" in err.diagnostics[-1].message
    assert sum("grows to more than" in x.message for x in err.diagnostics) == 1


def test_a_chain_within_the_bound_loads_and_computes() -> None:
    g = game(extra=doubling(9))
    assert gvar(g.new_state(2, seed=1), "n") == 2 ** 9


def test_a_doubling_chain_without_parameters_loads_and_its_work_is_charged() -> None:
    """A definition without parameters is compiled once and used by reference, so the chain
    loads; evaluating d40 is 2^40 additions, which the evaluation budget stops, naming the
    statement."""
    extra = ('define:\n  d0: "1"\n'
             + "".join(f'  d{i}: "d{i - 1} + d{i - 1}"\n' for i in range(1, 41))
             + "setup:\n  - set n = d{}\n")
    assert gvar(game(extra=extra.format(12)).new_state(2, seed=1), "n") == 2 ** 12
    g = game(extra=extra.format(40))
    with pytest.raises(rulekit.EvaluationLimitError, match=r"\(in 'set n = d40' at lang.yaml:"):
        g.new_state(2, seed=1)


def test_the_sizes_are_counted_once_per_definition() -> None:
    """The count itself is not exponential: 200 levels are measured (and capped) at once."""
    defs = {"d0": (["p"], parse("p", "expr"), "d0(p)")}
    for i in range(1, 200):
        defs[f"d{i}"] = (["p"], parse(f"d{i - 1}(p) + d{i - 1}(p) * 2", "expr"), f"d{i}(p)")
    [over] = oversized_definitions(defs, bound=1000)
    assert (over.name, over.callee, over.line, over.col) == ("d7", "d6", 1, 1)
    assert over.size == 1001  # counted up to just past the bound


def test_a_parameter_named_like_a_definition_is_no_use_of_it() -> None:
    defs = {"big": (["p"], parse(" + ".join(["p"] * 50), "expr"), "big(p)"),
            "f": (["big"], parse("big + big + big", "expr"), "f(big)")}
    assert oversized_definitions(defs, bound=150) == []
    defs["g"] = (["q"], parse("big + big + big", "expr"), "g(q)")
    assert [o.name for o in oversized_definitions(defs, bound=150)] == ["g"]
