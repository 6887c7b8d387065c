"""A search pauses Python's cyclic garbage collector while it runs (speed, issue 29 point 2),
and leaves it as it found it: on for a program that had it on, off for one that had it off."""

from __future__ import annotations

import gc

import pytest
from paths import ROOT

import rulekit
from rulekit.bots import make_bot
from rulekit.bots.ismcts import collector_paused


def _choose_while_looking() -> list[bool]:
    """A SHAM bot's first decision (seat 0 places); whether the collector ran, read from the
    search's deals (each world a search deals)."""
    game = rulekit.load(ROOT / "rulesets" / "sham.yaml")
    s = game.new_state(4, 3)
    seen: list[bool] = []
    bot = make_bot("ismcts:8", game, s.decider, 1)
    bot.on_progress = lambda done, planned: seen.append(gc.isenabled())  # type: ignore[attr-defined]
    bot.choose(s)
    return seen


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_is_left_as_the_program_had_it(enabled: bool) -> None:
    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        seen = _choose_while_looking()
        assert seen and not any(seen)  # paused while it searched
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


def test_the_collector_is_on_again_after_a_failing_search() -> None:
    assert gc.isenabled()
    with pytest.raises(RuntimeError), collector_paused():
        assert not gc.isenabled()
        raise RuntimeError("a rule failed mid-search")
    assert gc.isenabled()
