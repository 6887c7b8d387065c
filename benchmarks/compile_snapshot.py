"""Write what the compiler makes of every ruleset in the repository to a folder, to diff it.

The safety net of a compiler refactoring (issue 30): for every bundled ruleset and each of its
variants, and every ruleset the tests keep (tests/**/*.yaml, the broken-ruleset catalogue among
them), one file holding either the generated module (`rulekit compile`) and a digest of the
compiled `Rules`' plain data, or the diagnostics the loader reports. Run it before and after a
change and compare the folders with `diff -r`: they must be identical, or each difference
explained.

    python benchmarks/compile_snapshot.py OUT_DIR
"""

from __future__ import annotations

import dataclasses
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import rulekit  # noqa: E402
from rulekit.errors import RulesetError  # noqa: E402

# attributes of Rules that are not the rules: the checked source, the module (written apart),
# and the caches the runtime fills when asked
SKIPPED = {"_spec", "spec_loader", "generated", "_instances", "open_codes", "_face_order",
           "_holds_cards", "file"}
MAX_DEPTH = 6


def plain(value: Any, depth: int = 0) -> Any:
    """A value's data as text-friendly structures; functions and foreign objects by kind."""
    if depth > MAX_DEPTH:
        return "..."
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return [plain(v, depth + 1) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(repr(plain(v, depth + 1)) for v in value)
    if isinstance(value, dict):
        return {repr(k): plain(v, depth + 1) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {"__class__": type(value).__name__}
        for f in dataclasses.fields(value):
            if f.name in ("game",):  # a parameter's back reference to its rules
                continue
            out[f.name] = plain(getattr(value, f.name), depth + 1)
        return out
    if isinstance(value, Callable):  # type: ignore[arg-type]
        return "<fn>"
    if hasattr(value, "__dict__"):
        return {"__class__": type(value).__name__,
                **{k: plain(v, depth + 1) for k, v in sorted(vars(value).items())}}
    return f"<{type(value).__name__}>"


def digest(game: Any) -> str:
    """The compiled rules' plain data, one attribute a line, sorted by name."""
    lines = []
    for name, value in sorted(vars(game).items()):
        if name in SKIPPED:
            continue
        lines.append(f"{name} = {plain(value)!r}")
    return "\n".join(lines)


def one(path: Path, variant: str | None) -> tuple[str, list[str]]:
    """The snapshot of one ruleset (and variant), and the variants it declares."""
    try:
        game = rulekit.load(path, variant=variant)
    except RulesetError as e:
        shown = [d.render() for d in e.diagnostics]
        return f"ERROR {type(e).__name__}\n" + "\n\n".join(shown) + "\n", []
    except Exception as e:  # noqa: BLE001 - a crash is itself a result to compare
        return f"CRASH {type(e).__name__}: {e}\n", []
    text = "# ---- generated module\n" + game.generated_source() + "\n# ---- rules\n"
    return text + digest(game) + "\n", list(game.variants)


def rulesets() -> list[Path]:
    """Every ruleset file of the repository: the bundled ones, then the tests'."""
    found = sorted((ROOT / "rulesets").glob("*.yaml"))
    found += sorted(p for p in (ROOT / "tests").rglob("*.yaml"))
    return found


def main(argv: list[str]) -> int:
    """Write one file per ruleset and variant to the folder given."""
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    os.chdir(ROOT)  # files named relative to the repository, as diagnostics quote them
    for path in rulesets():
        rel = path.relative_to(ROOT)
        text, variants = one(rel, None)
        stem = str(rel).replace("/", "__")
        (out / f"{stem}.txt").write_text(text, encoding="utf-8")
        for v in variants:
            vtext, _ = one(rel, v)
            (out / f"{stem}@{v}.txt").write_text(vtext, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
