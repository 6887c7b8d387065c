"""rulekit's caches are trusted as Python's __pycache__ and ssh's ~/.ssh are (issue 28, point 2).

A cache directory that is not the user's own, that others can write, or that is a symbolic link
is not used: the command works uncached and says so once. No link planted in the cache makes
rulekit overwrite or delete a file elsewhere. An entry rulekit did not seal with the user's own
key (forged, copied, damaged) is never unpickled or unmarshalled: it is rebuilt.
"""

from __future__ import annotations

import hashlib
import hmac
import marshal
import os
import pickle
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from paths import ROOT

import rulekit
from rulekit import gamecache
from rulekit.lang import cache as cache_files

UNO = ROOT / "rulesets" / "uno.yaml"
MINIMAL = "tests/engine/minimal.yaml"
WARNING = "rulekit runs without its cache"
AS_ROOT = os.geteuid() == 0
REFUSALS = ["another user", "group-writable", "world-writable", "a symbolic link"]
# loads a game (taken whole from the cache when kept there), plays a move, says which
LOAD = ("import rulekit; g = rulekit.load('tests/engine/minimal.yaml', cached=True); "
        "s = g.new_state(2, 1); s.apply(s.legal_actions()[0]); "
        "print(g.name, 'whole' if g.source.loader else 'compiled')")


def refused(kind: str, tmp_path: Path) -> tuple[Path, Path]:
    """A cache directory of that kind: (what RULEKIT_CACHE_DIR names, the real directory)."""
    real = tmp_path / "real"
    real.mkdir(mode=0o700)
    if kind == "another user" and AS_ROOT:
        os.chown(real, 65534, -1)  # nobody's, for real
    elif kind == "group-writable":
        real.chmod(0o775)
    elif kind == "world-writable":
        real.chmod(0o777)
    elif kind == "a symbolic link":
        (tmp_path / "link").symlink_to(real, target_is_directory=True)
        return tmp_path / "link", real
    return real, real


def pretend_another_user(kind: str) -> bool:
    """Whether the directory must look foreign by a feigned uid (not running as root)."""
    return kind == "another user" and not AS_ROOT


def run(code: str, cache: Path, *, foreign: bool = False) -> subprocess.CompletedProcess:
    """Run python code in a new process with cache as RULEKIT_CACHE_DIR (foreign: as if the
    process ran as another user than the directory's)."""
    if foreign:
        code = "import os; me = os.geteuid(); os.geteuid = lambda: me + 1\n" + code
    env = {**os.environ, "RULEKIT_CACHE_DIR": str(cache)}
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)


VALIDATE = ("import sys; from rulekit_cli.main import main; "
            "sys.exit(main(['validate', 'rulesets/uno.yaml']))")


@pytest.mark.parametrize("kind", REFUSALS)
def test_the_command_works_uncached_and_names_a_refused_directory_once(tmp_path: Path,
                                                                       kind: str) -> None:
    chosen, real = refused(kind, tmp_path)
    done = run(VALIDATE, chosen, foreign=pretend_another_user(kind))
    assert done.returncode == 0 and "ok: UNO" in done.stdout, done.stderr
    # one warning, though the grammar, texts and code of two variants each asked the cache
    assert done.stderr.count(WARNING) == 1 and str(chosen) in done.stderr, done.stderr
    assert "Warning" not in done.stderr and "cache.py" not in done.stderr  # a plain line
    if kind.endswith("writable"):
        assert f"chmod 700 {chosen}" in done.stderr
    assert not any(real.iterdir())  # nothing written there, so nothing read


@pytest.mark.parametrize("kind", REFUSALS)
def test_a_game_loads_from_a_refused_directory_uncached(tmp_path: Path, kind: str,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    chosen, real = refused(kind, tmp_path)
    monkeypatch.setenv("RULEKIT_CACHE_DIR", str(chosen))
    if pretend_another_user(kind):
        me = os.geteuid()
        monkeypatch.setattr(os, "geteuid", lambda: me + 1)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        games = [rulekit.load(ROOT / MINIMAL, cached=True) for _ in range(3)]
    said = [str(w.message) for w in caught if WARNING in str(w.message)]
    assert len(said) == 1 and str(chosen) in said[0]
    assert all(g.source.loader is None for g in games)  # compiled each time
    state = games[-1].new_state(2, 1)
    state.apply(state.legal_actions()[0])
    assert not any(real.iterdir())


def victims_in(folder: Path, count: int) -> dict[str, bytes]:
    """count files of someone's in folder, named like cache entries; their names and bytes."""
    folder.mkdir()
    for i in range(count):
        (folder / f"{i:064x}.pickle").write_bytes(b"precious %d" % i)
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def copies_of_minimal(tmp_path: Path, count: int) -> list[Path]:
    """count rulesets, each another entry of the game cache."""
    text = (ROOT / MINIMAL).read_text(encoding="utf-8")
    paths = [tmp_path / f"m{i}.yaml" for i in range(count)]
    for i, path in enumerate(paths):
        path.write_text(text.replace("name: Minimal", f"name: Minimal {i}"), encoding="utf-8")
    return paths


def test_a_cache_folder_that_is_a_link_is_neither_written_nor_pruned(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """games-*/ planted as a link to someone's folder: after more loads than the cache keeps
    (MAX_FILES lowered so a few are many), every file there is as it was."""
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    monkeypatch.setenv("RULEKIT_CACHE_DIR", str(cache))
    monkeypatch.setattr(cache_files, "MAX_FILES", 2)
    rulesets = copies_of_minimal(tmp_path, 5)
    victims = tmp_path / "victims"
    before = victims_in(victims, 4)
    for path in rulesets:  # and a file of theirs under each entry's very name
        entry = gamecache._entry_file(str(path), path.read_text(encoding="utf-8"), None)
        assert entry is not None
        (victims / entry.name).write_bytes(b"precious")
        before[entry.name] = b"precious"
    folder = cache / f"games-{sys.implementation.cache_tag}"
    folder.symlink_to(victims, target_is_directory=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        games = [rulekit.load(p, cached=True) for p in rulesets * 2]
    assert {p.name: p.read_bytes() for p in victims.iterdir()} == before
    said = [str(w.message) for w in caught if WARNING in str(w.message)]
    assert len(said) == 1 and str(folder) in said[0]
    assert [g.name for g in games] == [f"Minimal {i}" for i in range(5)] * 2
    assert all(g.source.loader is None for g in games)
    assert list(cache.glob("codegen-*/*.marshal"))  # the other caches still work


def test_pruning_keeps_the_newest_entries_and_never_deletes_through_a_link(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv("RULEKIT_CACHE_DIR", str(cache))
    monkeypatch.setattr(cache_files, "MAX_FILES", 2)
    first, *rest = copies_of_minimal(tmp_path, 5)
    rulekit.load(first, cached=True)
    folder = cache / f"games-{sys.implementation.cache_tag}"
    victim = tmp_path / "victim.pickle"
    victim.write_bytes(b"precious")
    planted = folder / ("0" * 64 + ".pickle")
    planted.symlink_to(victim)
    os.utime(planted, (0, 0), follow_symlinks=False)  # the oldest of the folder
    for path in rest:
        rulekit.load(path, cached=True)
    assert victim.read_bytes() == b"precious" and planted.is_symlink()
    kept = [p for p in folder.iterdir() if not p.is_symlink()]
    assert len(kept) == 2 and all(p.suffix == ".pickle" for p in kept)
    assert rulekit.load(rest[-1], cached=True).source.loader is not None  # the newest, kept


@pytest.fixture
def template(tmp_path: Path) -> Path:
    """A cache written by one load of the minimal ruleset: the grammar's tables, the parsed
    texts, the compiled code, the game and the key. (One per test: an entry's name changes
    with the engine's files.)"""
    cache = tmp_path / "template"
    done = run(LOAD, cache)
    assert done.returncode == 0 and done.stdout.split() == ["Minimal", "compiled"], done.stderr
    return cache


def kept_files(cache: Path) -> list[Path]:
    """The cache's entries (the key aside), relative to it."""
    found = [p.relative_to(cache) for p in cache.rglob("*") if p.is_file() or p.is_symlink()]
    return sorted(p for p in found if p.name != cache_files.KEY_FILE)


def entry_of(cache: Path, name: Path) -> cache_files.Entry:
    """The entry of the file at name in cache."""
    folder = "" if name.parent == Path() else name.parent.as_posix()
    return cache_files.Entry(str(cache), folder, name.name)


def copy_of(template: Path, tmp_path: Path) -> Path:
    cache = tmp_path / "cache"
    shutil.copytree(template, cache, symlinks=True)
    assert [p.parts[0].split("-")[0] for p in kept_files(cache)] == [
        "codegen", "games", "grammar", "trees"]
    return cache


def test_a_link_planted_at_an_entrys_name_is_replaced_not_followed(template: Path,
                                                                   tmp_path: Path) -> None:
    """A link at the name of every entry, and of the key, to someone's files: none is written."""
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    victims = tmp_path / "victims"
    victims.mkdir()
    names = [*kept_files(template), Path(cache_files.KEY_FILE)]
    for i, name in enumerate(names):
        (cache / name).parent.mkdir(mode=0o700, exist_ok=True)
        (victims / f"v{i}").write_bytes(b"precious")
        (cache / name).symlink_to(victims / f"v{i}")
    done = run(LOAD, cache)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert done.stdout.split() == ["Minimal", "compiled"]
    assert all(v.read_bytes() == b"precious" for v in victims.iterdir())
    assert not any((cache / name).is_symlink() for name in names)  # each written anew
    assert run(LOAD, cache).stdout.split() == ["Minimal", "whole"]


class Marker:
    """Pickles as a call that makes a file: what a forged entry would run if unpickled."""

    def __init__(self, path: Path):
        self.path = path

    def __reduce__(self) -> tuple:
        return (os.system, (f"touch {self.path}",))


def forged(name: Path, payload: bytes, real: bytes, marker: Path) -> bytes:
    """What a forger puts in an entry: rulekit's layout, a payload that would make marker."""
    kind = name.parts[0].split("-")[0]
    if kind == "grammar":  # behind the right key line, so only the seal stands in the way
        return payload[:payload.index(b"\n") + 1] + pickle.dumps(Marker(marker))
    if kind == "trees":
        return pickle.dumps(Marker(marker))
    if kind == "codegen":  # every function of the game made to make the marker when run
        run_me = compile(f"open({str(marker)!r}, 'w').close()", "<rulekit generated>", "exec")
        return marshal.dumps(dict.fromkeys(marshal.loads(payload), run_me))
    assert kind == "games"
    return real  # a real game, just not sealed by the user's key


@pytest.mark.parametrize("seal", ["unkeyed SHA-256", "another key"])
def test_an_entry_not_sealed_by_the_users_key_is_never_read(template: Path, tmp_path: Path,
                                                            seal: str) -> None:
    cache = copy_of(template, tmp_path)
    marker = tmp_path / "ran"
    start = len(cache_files.MAGIC) + 32
    other_key = os.urandom(32)
    for name in kept_files(cache):
        real = (cache / name).read_bytes()
        payload = forged(name, real[start:], real[start:], marker)
        if seal == "another key":  # as in a cache copied from another user or machine
            entry = entry_of(cache, name)
            label = f"{entry.folder}/{entry.name}\0".encode()
            mac = hmac.new(other_key, label + payload, hashlib.sha256).digest()
        else:
            mac = hashlib.sha256(payload).digest()
        (cache / name).write_bytes(cache_files.MAGIC + mac + payload)
    done = run(LOAD + "; from rulekit.lang import parsing; "
               "print(parsing._parser.cache_info().currsize)", cache)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    # compiled afresh, its texts parsed by the grammar's parser (so its tables were asked for)
    assert done.stdout.split() == ["Minimal", "compiled", "1"]
    assert not marker.exists()
    assert run(LOAD, cache).stdout.split() == ["Minimal", "whole"]  # written anew, sealed
    assert not marker.exists()


@pytest.mark.parametrize("damage", ["flipped", "truncated", "empty", "no seal"])
def test_a_damaged_entry_is_rebuilt(template: Path, tmp_path: Path, damage: str) -> None:
    cache = copy_of(template, tmp_path)
    for name in kept_files(cache):
        data = (cache / name).read_bytes()
        (cache / name).write_bytes({
            "flipped": data[:-10] + bytes([data[-10] ^ 1]) + data[-9:],
            "truncated": data[:len(data) // 2], "empty": b"",
            "no seal": data[len(cache_files.MAGIC) + 32:]}[damage])
    done = run(LOAD, cache)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert done.stdout.split() == ["Minimal", "compiled"]
    for name in kept_files(cache):
        assert cache_files.read(entry_of(cache, name)) is not None, name  # written anew, whole
    assert run(LOAD, cache).stdout.split() == ["Minimal", "whole"]


@pytest.mark.parametrize("flaw", ["readable by others", "short"])
def test_a_key_that_is_not_a_secret_is_made_anew(template: Path, tmp_path: Path,
                                                 flaw: str) -> None:
    cache = copy_of(template, tmp_path)
    key = cache / cache_files.KEY_FILE
    before = key.read_bytes()
    if flaw == "short":
        key.write_bytes(before[:8])
    else:
        key.chmod(0o644)
    done = run(LOAD, cache)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert done.stdout.split() == ["Minimal", "compiled"]  # nothing sealed by it trusted
    assert key.stat().st_mode & 0o777 == 0o600 and len(key.read_bytes()) == 32
    assert key.read_bytes() != before
    assert run(LOAD, cache).stdout.split() == ["Minimal", "whole"]


def test_the_directory_and_its_files_are_private(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "deep" / "cache"
    monkeypatch.setenv("RULEKIT_CACHE_DIR", str(cache))
    old = os.umask(0)  # what a careless shell may set: the modes must not depend on it
    try:
        rulekit.load(UNO, cached=True)
    finally:
        os.umask(old)
    for path in [cache, *cache.rglob("*")]:
        mode = path.stat().st_mode & 0o777
        assert mode == (0o700 if path.is_dir() else 0o600), (path, oct(mode))
