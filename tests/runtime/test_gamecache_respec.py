"""A game taken whole from the cache whose checked ruleset cannot be read back (another
pydantic's pickle) gets it by compiling the file again, through the function the loader hands
the cache (rulekit.gamecache never imports the loader)."""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any

import pytest
from paths import ROOT

import rulekit
from rulekit import gamecache

UNO = ROOT / "rulesets" / "uno.yaml"


class _Unreadable:
    """An unpickler that fails as another pydantic's pickle does."""

    def __init__(self, _file: Any) -> None:
        pass

    def load(self) -> Any:
        raise pickle.UnpicklingError("written by another pydantic")


def test_a_ruleset_the_cache_cannot_read_back_is_compiled_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULEKIT_CACHE_DIR", str(tmp_path / "cache"))
    fresh = rulekit.load(UNO, cached=True)  # compiled, and kept
    kept = rulekit.load(UNO, cached=True)
    assert fresh.source.loader is None and kept.source.loader is not None  # taken whole
    monkeypatch.setattr(gamecache, "_Unpickler", _Unreadable)
    spec = kept.spec  # read now: the cached copy fails, the file is compiled again
    assert spec == fresh.spec and spec is not fresh.spec
    assert kept.spec is spec  # read once, then held
