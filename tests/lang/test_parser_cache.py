"""The grammar's parse tables (a third of the time before a game's first prompt) and the parsed
texts of each ruleset (half of its load) are kept between runs; a damaged or stale cache file is
never trusted: it is rebuilt (issue 9, point 6)."""

from __future__ import annotations

import os
import subprocess
import sys

from paths import ROOT

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
    for trees in tmp_path.glob("trees-*/*"):  # so that the texts are parsed again, by lark
        trees.unlink()
    r = _load(str(tmp_path))
    assert r.returncode == 0 and r.stdout.strip() == "SHAM" and r.stderr == ""
    assert cache.read_bytes().split(b"\n", 1)[0] == key  # rebuilt, not trusted


def test_an_empty_cache_dir_setting_turns_the_cache_off(tmp_path):
    r = _load("")
    assert r.returncode == 0, r.stderr
    r = _load(str(tmp_path / "cache"))
    made = sorted(p.name.split("-")[0] for p in (tmp_path / "cache").iterdir())
    # lark's tables, our code, the key that seals them, the parsed texts
    assert r.returncode == 0 and made == ["codegen", "grammar", "seal", "trees"]


COUNT_PARSES = ("import rulekit; from rulekit.lang import parsing; parsed = []; "
                "real = parsing._parse; "
                "parsing._parse = lambda t, s: parsed.append(t) or real(t, s); "
                "g = rulekit.load('rulesets/sham.yaml'); s = g.new_state(4, 7); "
                "print(len(parsed), s.legal_actions()[0].text)")


def _parses(cache_dir: str) -> tuple[int, str]:
    env = {**os.environ, "RULEKIT_CACHE_DIR": cache_dir}
    r = subprocess.run([sys.executable, "-c", COUNT_PARSES], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stderr == "", r.stderr
    count, first = r.stdout.split(" ", 1)
    return int(count), first.strip()


def test_a_ruleset_parsed_once_is_not_parsed_again_in_the_next_run(tmp_path):
    parsed, first = _parses(str(tmp_path))
    assert parsed > 50  # every distinct text of sham.yaml, parsed by lark
    assert _parses(str(tmp_path)) == (0, first)  # all taken from the file: the same game


def test_a_damaged_file_of_parsed_texts_is_ignored_and_written_anew(tmp_path):
    _parses(str(tmp_path))
    [trees] = list(tmp_path.glob("trees-*/*.pickle"))
    for damage in (b"\x80\x04garbage", b"", trees.read_bytes()[:100]):
        trees.write_bytes(damage)  # a torn write, an empty file, a stray file
        parsed, _ = _parses(str(tmp_path))
        assert parsed > 50  # nothing taken from it
        assert _parses(str(tmp_path))[0] == 0  # and it was written whole again
