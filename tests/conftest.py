"""Shared test settings: hypothesis profiles ("default" for CI, "deep" for a night's search)."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default",
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "deep",
    max_examples=1000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


# ---- engine tests: the tiny purpose-made rulesets of tests/engine/ --------------------------
import functools  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
import yaml  # noqa: E402

import rulekit  # noqa: E402

ENGINE_RULESETS = Path(__file__).parent / "engine"


@functools.cache
def _engine_ruleset(name: str) -> rulekit.Game:
    return rulekit.load(ENGINE_RULESETS / f"{name}.yaml")


def _engine_variant(name: str, **overrides: object) -> rulekit.Game:
    if not overrides:
        return _engine_ruleset(name)
    data = yaml.safe_load((ENGINE_RULESETS / f"{name}.yaml").read_text(encoding="utf-8"))
    for key, value in overrides.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return rulekit.load_text(yaml.safe_dump(data, sort_keys=False), f"{name}-variant.yaml")


@pytest.fixture(scope="session")
def ruleset():
    """ruleset("name") compiles tests/engine/name.yaml; keyword arguments replace top-level keys
    (None removes one), e.g. ruleset("limits", limits={"max_decisions": 3})."""
    return _engine_variant


# ---- the terminal driver: games it saves go to a temporary folder, never the real home -----
@pytest.fixture(autouse=True)
def _saves_in_a_temporary_folder(tmp_path_factory: pytest.TempPathFactory,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULEKIT_DATA_DIR", str(tmp_path_factory.mktemp("data")))
