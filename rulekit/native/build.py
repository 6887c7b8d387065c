"""Build the compiled runtime: the engine's hottest modules (rulekit.native.MODULES)
compiled with mypyc, in place beside their sources.

    pip install -e '.[native]'          # mypy (mypyc), setuptools, PyYAML's types; and a C compiler
    python -m rulekit.native build      # compile them (about half a minute)
    python -m rulekit.native build --opt-level 0   # a quicker build, slower code (for tests)
    python -m rulekit.native status     # compiled, sources, or stale
    python -m rulekit.native clean      # remove what build made

The sources stay the reference (the README's test command runs them); `import rulekit` uses a
build only while it matches them (rulekit.native).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from . import (
    ENGINE,
    GROUP,
    MANIFEST,
    MODULES,
    built_files,
    manifest_now,
    source_of,
    status,
)

# the build, run by this interpreter in a child process from the folder holding rulekit/: the
# code is this module's own text; the file names come from MODULES
_SETUP = """
import os, sys
from mypyc.build import mypycify
from setuptools import setup
work, group, opt, files = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
setup(name="rulekit-native", script_args=["-q", "build_ext", "--inplace", "--build-temp", work,
                                          "--build-lib", os.path.join(work, "lib")],
      ext_modules=mypycify(files, opt_level=opt, group_name=group, target_dir=work))
"""


def build(opt_level: int = 3) -> int:
    """Compile MODULES in place (the C compiler's -O opt_level) and record the manifest; 0 on
    success."""
    missing = [name for name in ("mypyc", "setuptools") if importlib.util.find_spec(name) is None]
    if missing:
        print(f"rulekit.native: {' and '.join(missing)} not installed: pip install "
              "'rulekit[native]' (a C compiler is needed too)", file=sys.stderr)
        return 1
    try:
        clean(quiet=True)  # a failed build leaves nothing half made
    except OSError as e:
        print(f"rulekit.native: cannot write beside the sources ({e})", file=sys.stderr)
        return 1
    manifest = manifest_now()
    files = [str(source_of(m).relative_to(ENGINE.parent)) for m in MODULES]
    print(f"rulekit.native: compiling {len(files)} modules with mypyc ...", file=sys.stderr)
    with tempfile.TemporaryDirectory(prefix="rulekit-native-") as work:
        # built in a copy of the package: mypy, run where rulekit is installed, would take the
        # other packages beside it (site-packages) for sources of its own
        tree = Path(work) / "tree"
        shutil.copytree(ENGINE, tree / "rulekit", ignore=shutil.ignore_patterns(
            "__pycache__", "*.so", "*.pyd", MANIFEST.name))
        done = subprocess.run([sys.executable, "-c", _SETUP, work, GROUP, str(opt_level), *files],
                              cwd=tree, capture_output=True, text=True,
                              env=dict(os.environ, MYPY_CACHE_DIR=os.path.join(work, "mypy")))
        if done.returncode == 0:
            try:
                for built in built_files(tree / "rulekit"):
                    shutil.copy2(built, ENGINE / built.relative_to(tree / "rulekit"))
            except OSError as e:
                print(f"rulekit.native: cannot write beside the sources ({e})", file=sys.stderr)
                clean(quiet=True)
                return 1
    if done.returncode != 0:
        print(done.stdout[-4000:] + done.stderr[-4000:], file=sys.stderr)
        print("rulekit.native: the build failed (above); the sources stay in use",
              file=sys.stderr)
        clean(quiet=True)
        return 1
    if manifest_now() != manifest:  # a source changed during the build
        print("rulekit.native: a source changed during the build; run it again",
              file=sys.stderr)
        clean(quiet=True)
        return 1
    MANIFEST.write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    print(f"rulekit.native: compiled; {len(built_files())} files beside the sources",
          file=sys.stderr)
    return 0


def clean(quiet: bool = False) -> int:
    """Remove every compiled file and the manifest; 0."""
    gone = built_files()
    for path in gone + ([MANIFEST] if MANIFEST.exists() else []):
        path.unlink()
    if not quiet:
        print(f"rulekit.native: removed {len(gone)} compiled files", file=sys.stderr)
    return 0


def main(argv: list[str] | None = None) -> int:
    """python -m rulekit.native build|status|clean; 0 on success, 1 with a message."""
    parser = argparse.ArgumentParser(prog="python -m rulekit.native", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=["build", "status", "clean"])
    parser.add_argument("--opt-level", type=int, choices=range(4), default=3, metavar="0-3",
                        help="build: the C compiler's optimisation (default 3; 0 builds in about "
                        "half the time, for tests)")
    args = parser.parse_args(argv)
    if args.command == "build":
        return build(args.opt_level)
    if args.command == "clean":
        try:
            return clean()
        except OSError as e:
            print(f"rulekit.native: cannot remove the build ({e})", file=sys.stderr)
            return 1
    print(status())
    return 0
