"""The compiled runtime: which of the engine's modules may run compiled (`python -m
rulekit.native build` builds them, rulekit.native.build), and the check, made at `import
rulekit`, that a compiled module is used only while it matches its source.

A compiled module is imported only while the build manifest says it was made from the very bytes
of its source by this interpreter. If any source changed since (or the manifest is missing or
damaged), every module of the list is imported from its source, with a warning: a stale build is
never used, and never mixed with sources (compiled classes do not accept Python subclasses).
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

ENGINE = Path(__file__).resolve().parent.parent  # the rulekit package
# what runs at every decision: the state and its flow, the legal steps, meld questions, budget
MODULES = (
    "rulekit.runtime.fields", "rulekit.runtime.frames", "rulekit.runtime.effects",
    "rulekit.runtime.choices", "rulekit.runtime.flow", "rulekit.runtime.serialise",
    "rulekit.runtime.state", "rulekit.rules.melds", "rulekit.lang.budget",
)
GROUP = "rulekit._native"  # mypyc's shared library: rulekit/_native__mypyc.<suffix>
MANIFEST = ENGINE / "_native.json"
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]  # this interpreter's, e.g. .cpython-311-...so


def source_of(module: str) -> Path:
    """The source file of one of MODULES."""
    return ENGINE.parent.joinpath(*module.split(".")).with_suffix(".py")


def _stem(module: str, package: Path = ENGINE) -> Path:
    """Where a compiled module of package (rulekit, or a copy of it) lies, without suffix."""
    return package.joinpath(*module.split(".")[1:])


def built_files(package: Path = ENGINE) -> list[Path]:
    """The compiled files present beside the sources of package (rulekit, or a copy of it),
    for this interpreter or any other."""
    found = []
    for module in (*MODULES, GROUP + "__mypyc"):
        stem = _stem(module, package)
        found += sorted(stem.parent.glob(stem.name + ".*.so")) + sorted(
            stem.parent.glob(stem.name + ".*.pyd"))
    return found


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def manifest_now() -> dict[str, Any]:
    """What a build made now would record: this interpreter and each source's digest."""
    return {"python": sys.version, "suffix": SUFFIX,
            "sources": {m: _digest(source_of(m)) for m in MODULES}}


def status() -> str:
    """'sources' (nothing compiled), 'compiled' (a build matching the sources) or 'stale'."""
    found = built_files()
    if not found:
        return "sources"
    whole = {_stem(m).with_name(_stem(m).name + SUFFIX) for m in (*MODULES, GROUP + "__mypyc")}
    if not whole <= set(found):  # a part missing: never some modules compiled, some not
        return "stale"
    try:
        recorded = json.loads(MANIFEST.read_text(encoding="utf-8"))
        current = recorded == manifest_now()
    except (OSError, ValueError):
        current = False
    return "compiled" if current else "stale"


class _SourcesFirst(importlib.abc.MetaPathFinder):
    """Imports each of MODULES from its source, ahead of a compiled file beside it."""

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if name not in MODULES:
            return None
        return importlib.util.spec_from_file_location(name, source_of(name))


def use_only_if_current() -> str:
    """A stale build's modules imported from their sources from now on (with a warning); the
    status found."""
    found = status()
    if found == "stale" and not any(isinstance(f, _SourcesFirst) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourcesFirst())
        warnings.warn("rulekit's compiled runtime was built from other sources than these (or "
                      "by another Python): the sources are used. Rebuild it with `python -m "
                      "rulekit.native build`, or remove it with `python -m rulekit.native clean`",
                      RuntimeWarning, stacklevel=2)
    return found


# made once, at the first import of rulekit (its __init__ imports this module before the runtime)
STATUS = use_only_if_current()
