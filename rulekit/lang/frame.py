"""The generated code's frames: which locals (`_tN`) each level of generated code binds, and which
of them each compiled part reads (Jinja2's compiler keeps the same in its `Frame` and `Symbols`).

A comprehension generated as a Python comprehension binds its loop variable in a frame around its
body; a kept definition's function binds its parameters in a frame of its own (it sees nothing
around it). A part that must become a function of its own (too deep to inline, a sort key) is
given, as parameters, the names it reads among those its frame and the frames around it bind:
known from the compilation, never found again in the generated text.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

NO_READS: frozenset[str] = frozenset()


class Frame:
    """One level of generated code: the locals it binds, in order, and the frame around it (None
    for a function of its own at the module's top, which sees only its parameters)."""

    __slots__ = ("parent", "bound", "visible", "loop", "hoisted")

    def __init__(self, parent: Frame | None = None, bound: Iterable[str] = (),
                 hoisting: bool = False) -> None:
        self.parent = parent
        self.bound = tuple(bound)
        # every name code in this frame sees: its own and those of the frames around it
        self.visible: frozenset[str] = (parent.visible if parent else NO_READS) | set(self.bound)
        # a generated comprehension's frame: its loop variables, and the locals that keep, for
        # one run of the loop, the parts of its body that do not read them (rulekit.lang.
        # hoisting); None where nothing is kept (a function's frame, a sort key's)
        self.loop = frozenset(self.bound)
        self.hoisted: list[str] | None = [] if hoisting else None

    def hoist(self, name: str) -> None:
        """Bind name here too: a local keeping a part's value for one run of the loop (a part
        split off into a function of its own is given it, as a loop variable)."""
        assert self.hoisted is not None
        self.hoisted.append(name)
        self.bound += (name,)
        self.visible = self.visible | {name}

    def names(self) -> list[str]:
        """The names this frame and those around it bind, the outermost first."""
        outer = self.parent.names() if self.parent is not None else []
        return outer + list(self.bound)

    def params(self, reads: Iterable[str]) -> list[str]:
        """The parameters a function split off here needs: the names among reads bound in this
        frame or around it, in the order they were bound."""
        wanted = self.visible.intersection(reads)
        return [n for n in self.names() if n in wanted] if wanted else []


class Frames:
    """The frame the expression compiler generates into now, and the frame-bound names read by
    the part being compiled (gathered while it compiles, kept on its Typed as `reads`)."""

    def __init__(self) -> None:
        self.top = Frame()
        self._reads: set[str] = set()

    @contextmanager
    def binding(self, *names: str, function: bool = False,
                hoisting: bool = False) -> Iterator[Frame]:
        """A frame binding names around what is compiled inside the block (a function's own
        frame, seeing nothing around it, when function; a generated comprehension's, whose
        body's parts free of its variables may be kept for a run of the loop, when hoisting)."""
        outer = self.top
        self.top = Frame(None if function else outer, names, hoisting)
        try:
            yield self.top
        finally:
            self.top = outer

    def begin(self) -> set[str]:
        """Start gathering the reads of one part; what was gathered around it so far, to give
        back to end()."""
        outer, self._reads = self._reads, set()
        return outer

    def end(self, outer: set[str], own: frozenset[str]) -> frozenset[str]:
        """The part's reads: what it and its parts read (own: the reads of the value it gave,
        such as a loop variable's name) among the names bound around it; added to the part
        around it, whose gathering goes on."""
        inner, self._reads = self._reads, outer
        if not inner and not own:
            return NO_READS
        free = self.top.visible.intersection(inner.union(own))
        outer |= free
        return frozenset(free) if free else NO_READS

    def params(self, reads: Iterable[str]) -> list[str]:
        """The parameters of a function split off here, for a part reading reads."""
        return self.top.params(reads)
