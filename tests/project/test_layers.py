"""The engine's layers point one way: a module imports only its own layer and the layers below.

docs/design.md, "the architecture on one page": base -> data -> lang -> rules -> compile | runtime
-> the top (loading, encode, bots, envs...). Type-only imports (under TYPE_CHECKING) count too:
a layer that needs a type from above is a layer in the wrong place.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from paths import ROOT

ENGINE = ROOT / "rulekit"
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


# ---- the driver uses the public API only -----------------------------------------------------

DRIVER = ENGINE.parent / "cli"
# what a driver may import: the package itself and its public modules (each documented); a
# package's own submodules (rulekit.bots.random, rulekit.sim.runner) are its internals
PUBLIC = frozenset({
    "rulekit", "rulekit.errors", "rulekit.actions", "rulekit.plaintext", "rulekit.bots",
    "rulekit.sim", "rulekit.view", "rulekit.encode", "rulekit.envs", "rulekit.playthrough",
    "rulekit.native",
})


def driver_imports(path: Path) -> list[tuple[int, str]]:
    """The rulekit modules a driver file imports (type-only imports included): (line, name)."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and not node.level and node.module:
            # `from rulekit import runtime` imports a module too
            names = [f"{node.module}.{a.name}" if _is_module(f"{node.module}.{a.name}")
                     else node.module for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        found += [(node.lineno, n) for n in names if n == "rulekit" or n.startswith("rulekit.")]
    return found


def _is_module(name: str) -> bool:
    path = ENGINE.parent.joinpath(*name.split("."))
    return path.is_dir() or path.with_suffix(".py").exists()


def internal_imports(path: Path) -> dict[str, int]:
    """The internal rulekit modules a driver file imports, with the first line of each."""
    out: dict[str, int] = {}
    for line, name in driver_imports(path):
        if name not in PUBLIC:
            out.setdefault(name, line)
    return out


@pytest.mark.parametrize("path", sorted(DRIVER.rglob("*.py")),
                         ids=lambda p: str(p.relative_to(DRIVER)))
def test_the_driver_imports_only_the_public_api(path: Path) -> None:
    """cli/ (its web service too) reaches the engine through rulekit's public API only."""
    wrong = [f"{path.relative_to(DRIVER.parent)}:{line} imports {name}"
             for name, line in internal_imports(path).items()]
    assert not wrong, ("\n".join(wrong) + "\nexport what the driver needs from "
                       "rulekit/__init__.py or a public module")


def test_the_driver_check_sees_an_internal_import(tmp_path: Path) -> None:
    """The rule above can fail: an import of rulekit.runtime.state is reported, rulekit's is not."""
    f = tmp_path / "x.py"
    f.write_text("import rulekit\nfrom rulekit.sim import simulate\n"
                 "from rulekit.runtime.state import State\nimport rulekit.lang.text\n"
                 "from rulekit import Game, runtime\n", encoding="utf-8")
    assert internal_imports(f) == {"rulekit.runtime.state": 3, "rulekit.lang.text": 4,
                                   "rulekit.runtime": 5}


# ---- no import circles ------------------------------------------------------------------------

def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ENGINE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of rulekit/ and cli/ it imports (anywhere in it, lazily too).

    A package's own __init__ imported on the way to a submodule is not counted: Python loads a
    package before its modules whatever they import."""
    files = {_module_name(p): p for p in MODULES + sorted(DRIVER.rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        out: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = (".".join(package[: len(package) - node.level + 1]) if node.level
                        else "")
                mod = ".".join(x for x in (base, node.module or "") if x)
                found = [mod, *(f"{mod}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                found = [a.name for a in node.names]
            else:
                continue
            for target in found:
                target = target.replace("rulekit_cli", "cli", 1)
                if target in files and target != name and not name.startswith(target + "."):
                    out.add(target)
        graph[name] = out
    return graph


def circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The sets of modules that import each other, directly or round a longer loop."""
    reach: dict[str, set[str]] = {}
    for start in graph:
        seen: set[str] = set()
        todo = list(graph[start])
        while todo:
            m = todo.pop()
            if m not in seen:
                seen.add(m)
                todo += graph[m]
        reach[start] = seen
    found: list[set[str]] = []
    for m in graph:
        loop = {m} | {o for o in reach[m] if m in reach[o]}
        if m in reach[m] and loop not in found:
            found.append(loop)
    return found


def test_no_import_circles() -> None:
    """No modules import each other round a circle: a shared piece belongs in a module below
    both, or the caller hands a function in (an import inside a function counts too)."""
    found = [sorted(c) for c in circles(import_graph())]
    assert not found, f"import circles: {found}"


def test_the_circle_check_sees_a_circle() -> None:
    """The rule above can fail: a -> b -> c -> a is one circle, d outside it."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set()}
    assert circles(graph) == [{"a", "b", "c"}]


# ---- the compilers are modules of functions over an explicit context, not mixins -------------

MAX_METHODS = 25  # a class past this is a monolith split across files: make passes of functions
COMPILERS = sorted((ENGINE / "lang").glob("*.py")) + sorted((ENGINE / "compile").glob("*.py"))


def class_faults(source: str) -> list[str]:
    """What breaks the rule in a module: a class of more than MAX_METHODS methods, a class
    inheriting a mixin, or a class declaring methods for the type checker only."""
    faults: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.ClassDef):
            continue
        methods = [f for f in node.body if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)]
        if len(methods) > MAX_METHODS:
            faults.append(f"class {node.name} has {len(methods)} methods")
        faults += [f"class {node.name} inherits {ast.unparse(b)}" for b in node.bases
                   if ast.unparse(b).endswith(("Mixin", "Host"))]
        faults += [f"class {node.name} declares methods under TYPE_CHECKING" for b in node.body
                   if isinstance(b, ast.If) and "TYPE_CHECKING" in ast.unparse(b.test)]
    return faults


@pytest.mark.parametrize("path", COMPILERS, ids=lambda p: str(p.relative_to(ENGINE)))
def test_the_compilers_have_no_mixins_and_no_large_classes(path: Path) -> None:
    """The expression compiler and the ruleset compiler are parts of functions taking the
    compiler or the context (issue 30): no class of more than 25 methods, none inheriting a
    mixin, no methods of siblings declared for the type checker."""
    assert not class_faults(path.read_text(encoding="utf-8"))


def test_the_class_check_sees_a_mixin_and_a_large_class() -> None:
    """The rule above can fail: a mixin, a stub block and 26 methods are each reported."""
    many = "".join(f"    def m{i}(self) -> None: ...\n" for i in range(MAX_METHODS + 1))
    source = ("class Host:\n    if TYPE_CHECKING:\n        def expr(self) -> None: ...\n"
              "class A(PartsMixin):\n    pass\n"
              f"class B:\n{many}")
    assert class_faults(source) == ["class Host declares methods under TYPE_CHECKING",
                                    "class A inherits PartsMixin",
                                    f"class B has {MAX_METHODS + 1} methods"]
