"""Append-only logs whose copies cost O(1): a state's events and its history of actions."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, NoReturn

from ..errors import UsageError


class EventLog:
    """An append-only sequence whose copies cost O(1) and never copy each other's items.

    The items form an immutable chain, newest first ((item, older) pairs): appending makes one
    pair, copying shares the chain, so a clone's cost does not grow with the log. Reading builds
    the flat list once per length and keeps it (the chain below it never changes).
    """

    __slots__ = ("_head", "_n", "_flat", "_frozen")
    # appending is making a pair (item, _head) and counting it: the hot callers write it out
    # where this says so (rulekit.compile.effects._log_plain)
    chained = True

    def __init__(self, items: list[Any] | None = None) -> None:
        self._head: tuple[Any, ...] | None = None
        self._n = 0
        for item in items or ():
            self._head = (item, self._head)
            self._n += 1
        self._flat: tuple[tuple[Any, ...] | None, list[Any]] = (self._head, list(items or ()))
        self._frozen: tuple[int, tuple[Any, ...]] = (0, ())  # frozen() of the first so many items

    def copy(self) -> EventLog:
        """An independent log with the same items (the chain is shared, never written)."""
        c = EventLog.__new__(EventLog)
        c._head, c._n, c._flat, c._frozen = self._head, self._n, self._flat, self._frozen
        return c

    def append(self, item: Any) -> None:
        """Add an item at the end."""
        self._head = (item, self._head)
        self._n += 1

    def last(self, k: int) -> list[Any]:
        """The newest k items, oldest first (walks k links: a search reads what a step logged
        without flattening the whole log)."""
        out = []
        node = self._head
        for _ in range(min(k, self._n)):
            assert node is not None
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out

    def since(self, n: int) -> list[Any]:
        """The items appended after the log held n of them, oldest first (last(len - n))."""
        k = self._n - n
        if k <= 0:
            return []
        out = []
        node = self._head
        for _ in range(k):
            assert node is not None
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out

    def _list(self) -> list[Any]:
        head, flat = self._flat
        if head is self._head:
            return flat
        newer = []
        node = self._head
        while node is not head:
            if node is None:  # not an extension of the kept list (cannot happen once copied)
                flat = []
                break
            newer.append(node[0])
            node = node[1]
        newer.reverse()
        flat = flat + newer
        self._flat = (self._head, flat)
        return flat

    def frozen(self, freeze: Callable[[Any], Any]) -> tuple[Any, ...]:
        """The items as a tuple, each through freeze (kept: only new items are frozen again).

        The same freeze must be passed every time (State.key's).
        """
        done, out = self._frozen
        if done != self._n:
            out = out + tuple(freeze(x) for x in self._list()[done:])
            self._frozen = (self._n, out)
        return out

    def __len__(self) -> int:
        return self._n

    def __iter__(self) -> Iterator[Any]:
        return iter(self._list())

    def __getitem__(self, i: Any) -> Any:
        return self._list()[i]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog | list | tuple):
            return self._list() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"EventLog({self._list()!r})"


class NoLog:
    """The log of a state made with `log=False`: events are dropped, and reading it is an error."""

    __slots__ = ()
    chained = False  # EventLog's: append drops the item

    def copy(self) -> NoLog:
        """The same (empty, stateless) log."""
        return self

    def append(self, item: Any) -> None:
        """Drop the event."""

    def _refuse(self, *_args: Any) -> NoReturn:
        raise UsageError("this state keeps no log: it was made with new_state(..., log=False); "
                         "make it with log=True to read its events")

    __len__ = __iter__ = __getitem__ = _refuse

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NoLog)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return "NoLog()"
