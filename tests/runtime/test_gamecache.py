"""A compiled game kept whole between runs (issue 9, point 6: the first prompt of `rulekit play`
under 0.3 s of CPU): `rulekit.load(path, cached=True)` takes a game compiled by an earlier run
from rulekit's cache. It plays exactly as the game compiled afresh, needs none of the compiler's
libraries, and a stale, damaged or forged entry is never used.
"""

from __future__ import annotations

import marshal
import os
import pickle
import random
import subprocess
import sys
from pathlib import Path

import pytest
from paths import ROOT

import rulekit
from rulekit import gamecache
from rulekit.bots import weighted_choice
from rulekit.lang import cache as cache_files

RULESETS = sorted((ROOT / "rulesets").glob("*.yaml"))
CHOICES = [(p, None) for p in RULESETS] + [
    (p, v) for p in RULESETS for v in rulekit.load(p).variants]


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache directory of the test's own."""
    monkeypatch.setenv("RULEKIT_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def entries(cache: Path) -> list[Path]:
    """The kept games."""
    return sorted(cache.glob("games-*/*.pickle"))


def taken_whole(game: rulekit.Game) -> bool:
    """Whether game came out of the cache (its checked ruleset is read only when asked)."""
    return game.source.loader is not None


def play_alongside(fresh: rulekit.Game, kept: rulekit.Game, seed: int) -> int:
    """Play both games with the same random choices; every state and every list of legal
    actions must be the same. Returns the number of decisions."""
    players = fresh.min_players + seed % (fresh.max_players - fresh.min_players + 1)
    a, b = fresh.new_state(players, seed), kept.new_state(players, seed)
    rnd = random.Random(seed)
    while not a.is_over:
        legal = a.legal_actions()
        assert [x.text for x in legal] == [x.text for x in b.legal_actions()]
        # a random seat's draw: by `weight:` (a free draw weighs little: the game ends)
        weighted = fresh.hints.weights and len(legal) > 1
        pick = (legal.index(weighted_choice(a, legal, rnd.random)) if weighted
                else rnd.randrange(len(legal)))
        a.apply(legal[pick])
        b.apply(b.legal_actions()[pick])
        assert a.key() == b.key()
    assert b.is_over and a.outcome == b.outcome
    assert rulekit.events_for(a, 0) == rulekit.events_for(b, 0)
    return a.decisions


@pytest.mark.parametrize(("path", "variant"), CHOICES,
                         ids=[f"{p.stem}-{v}" for p, v in CHOICES])
def test_a_game_taken_from_the_cache_plays_as_the_game_compiled_afresh(
        cache: Path, path: Path, variant: str | None) -> None:
    first = rulekit.load(path, variant, cached=True)
    assert not taken_whole(first) and len(entries(cache)) == 1
    kept = rulekit.load(path, variant, cached=True)
    assert taken_whole(kept)
    fresh = rulekit.load(path, variant)
    for attr in ("name", "variant", "variants", "base_files", "default_players", "description",
                 "labels", "languages", "max_decisions"):
        assert getattr(kept, attr) == getattr(fresh, attr), attr
    assert sum(play_alongside(fresh, kept, seed) for seed in range(2)) > 0
    assert kept.spec == fresh.spec  # read when asked, from the entry


def test_a_cached_game_loads_without_the_compilers_libraries(cache: Path) -> None:
    """`rulekit play`'s first prompt: no PyYAML, pydantic or lark, no compiler module."""
    script = ("import sys, rulekit\n"
              f"games = [rulekit.load(p, cached=True) for p in {[str(p) for p in RULESETS]!r}]\n"
              "heavy = sorted(m for m in sys.modules if m.split('.')[0] in "
              "('yaml', 'pydantic', 'pydantic_core', 'lark') or m.startswith('rulekit.compile'))\n"
              "print(all(g.source.loader is not None for g in games), heavy)\n"
              "for g in games:\n"
              "    g.new_state(g.default_players, 1).legal_actions()\n"
              "print(all(g.spec.name == g.name for g in games))\n")
    env = {**os.environ, "RULEKIT_CACHE_DIR": str(cache)}
    runs = [subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                           text=True, check=True).stdout.splitlines() for _ in range(2)]
    assert runs[0][0].startswith("False")  # compiled, then kept
    assert runs[1] == ["True []", "True"]  # taken whole; the ruleset read when asked


def test_a_changed_ruleset_or_a_changed_base_is_compiled_afresh(cache: Path,
                                                                tmp_path: Path) -> None:
    base = tmp_path / "base.yaml"
    base.write_text((ROOT / "tests" / "engine" / "minimal.yaml").read_text(encoding="utf-8"),
                    encoding="utf-8")
    child = tmp_path / "child.yaml"
    child.write_text("extends: base.yaml\nname: Child\n", encoding="utf-8")
    rulekit.load(child, cached=True)
    assert taken_whole(rulekit.load(child, cached=True))
    child.write_text("extends: base.yaml\nname: Renamed\n", encoding="utf-8")
    renamed = rulekit.load(child, cached=True)
    assert not taken_whole(renamed) and renamed.name == "Renamed"
    text = base.read_text(encoding="utf-8")
    assert "players: {min: 2, max: 2}" in text
    base.write_text(text.replace("max: 2}", "max: 3}"), encoding="utf-8")
    rebuilt = rulekit.load(child, cached=True)
    assert not taken_whole(rebuilt) and rebuilt.max_players == 3
    assert taken_whole(rulekit.load(child, cached=True))


@pytest.mark.parametrize("damage", ["truncated", "flipped", "empty", "not marshal"])
def test_a_damaged_entry_is_ignored_and_written_anew(cache: Path, damage: str) -> None:
    path = RULESETS[0]
    rulekit.load(path, cached=True)
    (entry,) = entries(cache)
    data = entry.read_bytes()
    damaged = {"truncated": data[: len(data) // 2],
               "flipped": data[:-100] + bytes([data[-100] ^ 1]) + data[-99:],
               "empty": b"", "not marshal": b"\x00garbage"}[damage]
    entry.write_bytes(damaged)
    game = rulekit.load(path, cached=True)
    assert not taken_whole(game)
    assert game.new_state(game.default_players, 0).legal_actions()
    assert entry.read_bytes() == data  # written anew, as compiled
    assert taken_whole(rulekit.load(path, cached=True))


def test_an_entry_that_names_anything_but_rulekit_runs_nothing(cache: Path,
                                                               tmp_path: Path) -> None:
    """An entry some other program left (sealed right, with the user's own key, so only the
    unpickler stands in the way) that would call a function of the standard library is
    refused, not run. (One sealed otherwise is not even read:
    tests/project/test_cache_security.py.)"""
    path = RULESETS[0]
    rulekit.load(path, cached=True)
    (entry,) = entries(cache)
    marker = tmp_path / "ran"

    class Forged:
        def __reduce__(self) -> tuple:
            return (os.system, (f"touch {marker}",))

    game_bytes, spec_bytes = pickle.dumps(Forged()), b""
    kept = gamecache._entry_file(str(path), path.read_text(encoding="utf-8"), None)
    assert kept is not None and kept.path == str(entry)
    cache_files.write(kept, marshal.dumps(([], game_bytes, spec_bytes)))
    game = rulekit.load(path, cached=True)
    assert not marker.exists()
    assert not taken_whole(game) and game.name == rulekit.load(path).name


def test_an_empty_cache_setting_keeps_no_game(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULEKIT_CACHE_DIR", "")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    for _ in range(2):
        assert not taken_whole(rulekit.load(RULESETS[0], cached=True))
    assert not list(tmp_path.rglob("*.pickle"))


def test_the_engine_stamp_changes_with_any_engine_file(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A new engine never takes an old engine's games: every file of it is in the name."""
    (tmp_path / "lang").mkdir()
    module = tmp_path / "lang" / "one.py"
    module.write_text("x = 1\n", encoding="utf-8")
    monkeypatch.setattr(gamecache, "_ENGINE", str(tmp_path))
    before = gamecache.engine_stamp.__wrapped__()
    assert gamecache.engine_stamp.__wrapped__() == before
    module.write_text("x = 22\n", encoding="utf-8")
    assert gamecache.engine_stamp.__wrapped__() != before
