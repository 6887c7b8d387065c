"""What `pip install .` installs: every package of the engine, so an installed rulekit runs."""

from __future__ import annotations

import tomllib

from paths import ROOT


def test_every_engine_package_is_installed() -> None:
    """A sub-package missing from pyproject's list installs nothing: `rulekit play` then failed
    with "No module named 'rulekit.bots'" outside the checkout."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts)
             for p in (ROOT / "rulekit").rglob("__init__.py")}
    assert found <= listed, f"add to [tool.setuptools] packages: {sorted(found - listed)}"
