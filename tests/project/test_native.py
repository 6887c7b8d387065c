"""The compiled runtime (`python -m rulekit.native build`, rulekit/native/): it plays the
same games as the sources, and a build that no longer matches them is never used."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import bounded
from paths import ROOT

# the tests run again against the build: the runtime's own, its errors, saved states, the cache
# of compiled games and the golden playthroughs (about half a minute on one core)
AGAIN = ["tests/runtime/test_engine_*.py", "tests/hostile/test_hostile_runtime.py",
         "tests/hostile/test_hostile_state.py", "tests/lang/test_lang_runtime_errors.py",
         "tests/runtime/test_gamecache.py", "tests/sim/test_playthroughs.py"]

# A child run in a copy of the engine: which form runs, where each compiled module came from,
# and a digest of random games (every legal listing, the checked apply with its backup now and
# then, each final state saved and read back, the outcome).
CHILD = r"""
import hashlib, json, random, sys, rulekit
from rulekit import native
h = hashlib.sha256()
GAMES = [("sham.yaml", 4, 6), ("chami.yaml", 4, 2), ("shamus.yaml", 2, 6), ("uno.yaml", 4, 4)]
for path, players, games in [] if "quick" in sys.argv else GAMES:
    game = rulekit.load("rulesets/" + path)
    for i in range(games):
        s = game.new_state(players, i)
        rnd = random.Random(i)
        while not s.is_over:
            legal = s.legal_actions()
            h.update("|".join(a.text for a in legal).encode())
            a = rnd.choice(legal)
            if rnd.random() < 0.2:
                s.apply(a.text)  # the checked path: a clone kept to restore
            else:
                s.apply_unchecked(a)
        back = game.state_from_json(json.loads(json.dumps(s.to_json())))
        o = s.outcome
        h.update(repr((o.scores, o.winners, o.reason, back.key() == s.key(), len(s.log))).encode())
print(json.dumps({"status": native.STATUS, "digest": h.hexdigest(),
                  "files": {m: __import__(m, fromlist=["_"]).__file__
                            for m in native.MODULES}}))
"""


def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    """A command of this interpreter in cwd (the copy first on its path), bounded by the CPU it
    spends (a build takes about a minute of CPU; the C compiler runs in processes of its own)."""
    return bounded.run([sys.executable, *args], cpu_seconds=1200, cwd=cwd, capture_output=True,
                       text=True)


def played(cwd: Path, quick: bool = False) -> tuple[dict, str]:
    """The child's report in cwd, and what it wrote to stderr; quick: which form loads, without
    playing (the digest is then of no game)."""
    done = run(["-c", CHILD, *(["quick"] if quick else [])], cwd)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout), done.stderr


def test_the_compiled_runtime_plays_as_its_sources_and_a_stale_build_is_never_used(
        tmp_path: Path) -> None:
    """Built, the modules load compiled, play the same games, byte for byte, and pass the
    runtime's tests; once a part of the build is lost or a source changes, all of them load from
    source with a warning; `clean` removes the build."""
    skip = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "_native.json", ".hypothesis")
    for folder in ("rulekit", "rulesets", "tests"):
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=skip)

    sources, _ = played(tmp_path)
    assert sources["status"] == "sources"
    assert all(f.endswith(".py") for f in sources["files"].values())

    # -O0: the same code paths in about half the C compiler's time (the default is -O3)
    build = run(["-m", "rulekit.native", "build", "--opt-level", "0"], tmp_path)
    assert build.returncode == 0, build.stderr
    assert run(["-m", "rulekit.native", "status"], tmp_path).stdout.strip() == "compiled"
    compiled, _ = played(tmp_path)
    assert compiled["status"] == "compiled"
    assert not any(f.endswith(".py") for f in compiled["files"].values())  # all compiled
    assert compiled["digest"] == sources["digest"]
    files = sorted(str(f.relative_to(tmp_path)) for p in AGAIN for f in tmp_path.glob(p))
    again = run(["-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=", *files],
                tmp_path)
    assert again.returncode == 0, again.stdout[-3000:]  # the runtime's tests, compiled

    part = next((tmp_path / "rulekit" / "runtime").glob("flow.*.so"))  # a build with a part lost
    part.rename(tmp_path / "flow.so")
    partial, warned = played(tmp_path, quick=True)
    assert partial["status"] == "stale" and "python -m rulekit.native build" in warned
    assert all(f.endswith(".py") for f in partial["files"].values())  # never some compiled
    (tmp_path / "flow.so").rename(part)

    flow = tmp_path / "rulekit" / "runtime" / "flow.py"
    flow.write_text(flow.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    stale, warned = played(tmp_path, quick=True)
    assert stale["status"] == "stale"
    assert "python -m rulekit.native build" in warned
    assert all(f.endswith(".py") for f in stale["files"].values())  # none of the build

    assert run(["-m", "rulekit.native", "clean"], tmp_path).returncode == 0
    assert not list((tmp_path / "rulekit").rglob("*.so"))
    assert run(["-m", "rulekit.native", "status"], tmp_path).stdout.strip() == "sources"
