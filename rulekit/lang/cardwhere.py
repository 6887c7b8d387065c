"""A cards parameter's `where` asked of one card or of a list of cards (made by
rulekit.lang.filters, asked by rulekit.runtime.choices): a module of its own, light, as the
runtime imports it and a game taken from the cache needs no parser."""

from __future__ import annotations

from typing import Any


class CardWhere:
    """A cards parameter's `where`: asked of one card (`it` in the env) as the function it is,
    or of a list of cards at once (`many(s, e, cards, picked)`: those not picked that pass).

    A class, not a closure: a compiled game keeps it (rulekit.gamecache pickles it)."""

    __slots__ = ("one", "many")

    def __init__(self, one: Any = None, many: Any = None) -> None:  # no arguments: unpickling
        self.one = one
        self.many = many

    def __call__(self, s: Any, e: dict[str, Any]) -> Any:
        return self.one(s, e)
