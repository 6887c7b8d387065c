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
