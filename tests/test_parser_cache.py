"""The grammar's parse tables are cached between runs (a third of the time before a game's first
prompt); a damaged or stale cache file is never trusted: it is rebuilt (issue 9, point 6)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOAD = "import rulekit; g = rulekit.load('rulesets/sham.yaml'); print(g.name)"


def _load(cache_dir: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "RULEKIT_CACHE_DIR": cache_dir}
    return subprocess.run([sys.executable, "-c", LOAD], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)


def test_the_tables_are_written_once_and_a_damaged_file_is_rebuilt(tmp_path):
    r = _load(str(tmp_path))
    assert r.returncode == 0 and r.stdout.strip() == "SHAM", r.stderr
    [cache] = list(tmp_path.glob("grammar-*"))
    key = cache.read_bytes().split(b"\n", 1)[0]  # lark's key: the grammar, options, version
    cache.write_bytes(b"not a cache\n\x80\x04garbage")  # damaged: a torn write, a stray file
    r = _load(str(tmp_path))
    assert r.returncode == 0 and r.stdout.strip() == "SHAM" and r.stderr == ""
    assert cache.read_bytes().split(b"\n", 1)[0] == key  # rebuilt, not trusted


def test_an_empty_cache_dir_setting_turns_the_cache_off(tmp_path):
    r = _load("")
    assert r.returncode == 0, r.stderr
    r = _load(str(tmp_path / "cache"))
    made = sorted(p.name.split("-")[0] for p in (tmp_path / "cache").iterdir())
    assert r.returncode == 0 and made == ["codegen", "grammar"]  # lark's tables, our code
