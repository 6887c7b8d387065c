"""The engine's layers point one way: a module imports only its own layer and the layers below.

docs/design.md, "the architecture on one page": base -> data -> lang -> rules -> compile | runtime
-> the top (loading, encode, bots, envs...). Type-only imports (under TYPE_CHECKING) count too:
a layer that needs a type from above is a layer in the wrong place.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parent.parent / "rulekit"
BASE = {"errors", "plaintext", "actions"}
RANK = {"base": 0, "data": 1, "lang": 2, "rules": 3, "compile": 4, "runtime": 4, "top": 5}
MAX_LINES = 600  # a module past this holds more than one concept: split it


def layer_of(module: str) -> str:
    """The layer of a dotted module name inside rulekit ('rulekit.lang.text' -> 'lang')."""
    parts = module.split(".")
    assert parts[0] == "rulekit", module
    if len(parts) >= 2 and parts[1] in RANK and parts[1] not in ("base", "top"):
        return parts[1]
    if len(parts) == 2 and parts[1] in BASE:
        return "base"
    return "top"


def imports_of(path: Path) -> list[tuple[int, str]]:
    """The rulekit modules a file imports: (line, dotted name)."""
    rel = path.relative_to(ENGINE.parent).with_suffix("")
    package = list(rel.parts[:-1]) if rel.name != "__init__" else list(rel.parts[:-1])
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
                names = [target] if node.module else [f"{target}.{a.name}" for a in node.names]
            else:
                names = [node.module or ""]
            found += [(node.lineno, n) for n in names if n.startswith("rulekit")]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.startswith("rulekit")]
    return found


MODULES = sorted(ENGINE.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ENGINE)))
def test_imports_point_down(path: Path) -> None:
    """No module imports a layer above its own; compile and runtime never import each other."""
    mod = ".".join(path.relative_to(ENGINE.parent).with_suffix("").parts)
    mine = layer_of(mod)
    wrong = []
    for line, target in imports_of(path):
        theirs = layer_of(target)
        sideways = {mine, theirs} == {"compile", "runtime"}
        if RANK[theirs] > RANK[mine] or sideways:
            wrong.append(f"{path.name}:{line} ({mine}) imports {target} ({theirs})")
    assert not wrong, "\n".join(wrong)


def test_the_checker_sees_an_upward_import(tmp_path: Path) -> None:
    """The rule above can fail: a rules module importing the runtime is reported."""
    assert layer_of("rulekit.rules.game") == "rules"
    assert layer_of("rulekit.runtime.state") == "runtime"
    assert RANK[layer_of("rulekit.runtime.state")] > RANK[layer_of("rulekit.rules.game")]
    assert layer_of("rulekit.errors") == "base" and layer_of("rulekit.loading") == "top"


@pytest.mark.parametrize("path", MODULES + sorted((ENGINE.parent / "cli").glob("*.py")),
                         ids=lambda p: str(p.relative_to(ENGINE.parent)))
def test_modules_stay_small(path: Path) -> None:
    """No engine or driver module grows past the bound (each file one concept)."""
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.name} has {lines} lines"
