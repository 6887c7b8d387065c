"""The generated code's frames (issue 30, point 3: Jinja2's `Frame` as the model): a part split off
into a function of its own (too deep to inline, a comprehension of several clauses, a sort key) is
given the loop variables it reads from the frames the compiler keeps, not by reading the generated
text again. The check here does read the text, with `ast`, as a cross-check: in every generated
function of every bundled ruleset and variant, each generated local read is bound there (a
parameter, a loop's variable, an assignment), so no split-off function misses a variable; and each
parameter a split-off function is given is one it reads.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from lang_helpers import game, gvar
from paths import ROOT, TESTS

import rulekit
from rulekit.lang.frame import Frame

RULESETS = sorted((ROOT / "rulesets").glob("*.yaml"))
ENGINE = sorted((TESTS / "engine").glob("*.yaml"))
TEMP = re.compile(r"_t\d+")


def temps(fn: ast.FunctionDef) -> tuple[list[str], set[str], set[str]]:
    """A generated function's parameters after (s, e) or s, and the locals it reads and binds."""
    params = [a.arg for a in fn.args.args if TEMP.fullmatch(a.arg)]
    read: set[str] = set()
    bound: set[str] = set(params)
    for node in ast.walk(fn):
        if isinstance(node, ast.Name) and TEMP.fullmatch(node.id):
            (bound if isinstance(node.ctx, ast.Store) else read).add(node.id)
    return params, read, bound


def check_module(source: str) -> int:
    """Assert, of every function given generated locals as parameters or called by name from
    the module, that each generated local it reads is bound in it, and, of a function split off
    (s, e, ...), that it reads every parameter; the number of split-off functions.

    A function the runtime calls is bound by the loader, not called by name here; among those
    the module also lists functions compiled and never called (a built-in's argument checked by
    `Call.need`, which compiles the argument's closure and drops it), which may read a loop
    variable they do not bind: they are never run, so they are not checked."""
    split = 0
    fns = [fn for fn in ast.parse(source).body if isinstance(fn, ast.FunctionDef)]
    for fn in fns:
        params, read, bound = temps(fn)
        called = source.count(f"{fn.name}(") > 1
        if params or called:
            assert read <= bound, (fn.name, sorted(read - bound))
        if [a.arg for a in fn.args.args[:2]] == ["s", "e"] and params:
            split += 1
            assert set(params) <= read, (fn.name, params)
    return split


def sources(path: Path) -> list[str]:
    """The generated module of a ruleset and of each of its variants."""
    game_ = rulekit.load(path)
    return [rulekit.load(path, variant=v).generated_source() for v in [None, *game_.variants]]


@pytest.mark.parametrize("path", RULESETS + ENGINE, ids=[p.stem for p in RULESETS + ENGINE])
def test_every_generated_local_read_is_bound_where_it_is_read(path: Path) -> None:
    for source in sources(path):
        check_module(source)


def test_the_bundled_rulesets_split_off_functions_given_loop_variables() -> None:
    """Not vacuous: the bundled games have parts split off with their loop variables."""
    assert sum(check_module(s) for p in RULESETS for s in sources(p)) > 0


DEEP = " + ".join(f"c.v * {k}" for k in range(1, 31))  # more brackets than a part inlines
INNER = f"sum({DEEP} + d.v * 100 + q.v * 0 for c in deck if c.v == 2)"
NESTED = f"""\
actions:
  go:
    effects:
      - set n = sum(sum({INNER} for d in deck if d.v == 3) for q in deck if q.v == 1)
"""


def test_a_deep_part_takes_the_variables_it_reads_from_the_loops_around_it() -> None:
    """Three comprehensions deep, a part too deep to inline reads the innermost variable and the
    middle one (and the outermost only as q.v * 0): its function takes exactly what it reads, in
    the order the loops bind them, and the sum is what Python makes of it."""
    g = game(actions=NESTED)
    source = g.generated_source()
    split = [fn for fn in ast.parse(source).body if isinstance(fn, ast.FunctionDef)
             and len(fn.args.args) > 2 and fn.args.args[1].arg == "e"]
    assert split, "the deep part is a function of its own"
    for fn in split:
        params, read, _bound = temps(fn)
        assert params == sorted(params, key=lambda n: int(n[2:]))  # outermost first
        assert set(params) <= read
    state = g.new_state(2)
    state.apply("go")
    deep = sum(range(1, 31))
    per_q = sum(sum(2 * deep + 3 * 100 for _c in range(3)) for _d in range(3))
    assert gvar(state, "n") == 3 * per_q


def test_a_frame_gives_the_names_it_and_the_frames_around_it_bind() -> None:
    outer = Frame(None, ["_t3"])
    inner = Frame(outer, ["_t7", "_t9"])
    assert inner.params({"_t9", "_t3", "_t100"}) == ["_t3", "_t9"]  # _t100: bound nowhere here
    assert Frame(None, ["_t12"]).params({"_t3"}) == []  # a function of its own sees no loop
