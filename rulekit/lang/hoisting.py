"""A generated comprehension's parts that do not read its loop variable, kept for one run of
the loop: `any(c.rank == top(discard).rank for c in hand)` works out the discard's top card and
its rank at most once per run instead of once per card.

The part is worked out where the loop first needs it (lazily: an `or` that never reaches it
never works it out, and an error it raises is raised where it was), then kept in a local of the
generated function (`_tN`), which the loop's items reset to none before each run. Only parts
that read the state without drawing on the budget are kept (no call but `len` and the errors of
a none value or a runaway number), so every charge stays where it was and the state's work
after an evaluation is the same; a part whose value is none is worked out again at each use.
Nothing here reads ruleset text: the decision is made from the compiler's own frames and the
names it generated.
"""

from __future__ import annotations

import re

from .host import ExprHost
from .types import Typed

# a part this cheap to read costs no more than asking the kept value (a local, a name of the
# env, a constant, a variable of the state)
_PLAIN = re.compile(r"^(_t\d+|e\['[^'\\]*'\]|-?\d+|None|True|False|s\.\w+(\[\d+\])*)$")
_STRING = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")
_CALLED = re.compile(r"([A-Za-z_]\w*)\(")  # generated calls: `name(`; `if (` is no call


def hoisted(x: ExprHost, typed: Typed, base: Typed) -> Typed:
    """typed (a value read from base, such as a card's attribute) kept for one run of the
    generated comprehension it is compiled in, when neither reads the loop's variable; else
    typed as it is."""
    frame = x.frames.top
    src = typed.src
    if (frame.hoisted is None or src is None or base.src is None or typed.uses_random
            or frame.loop & typed.reads or _PLAIN.match(base.src)):
        return typed
    code = _STRING.sub("''", src)
    safe = {"len", x.gen.none_error, x.gen.bounded}
    if " for " in code or any(m.group(1) not in safe for m in _CALLED.finditer(code)):
        return typed  # it may draw on the budget or loop: left where it is
    kept = x.gen.temp()
    frame.hoist(kept)
    return Typed(typed.type, src=f"({kept} if {kept} is not None else ({kept} := {src}))",
                 gen=typed.gen, domain=typed.domain, names=typed.names, words=typed.words,
                 not_none=typed.not_none, items_not_none=typed.items_not_none,
                 reads=typed.reads | {kept})


def resets(frame_hoisted: list[str] | None, items: str) -> str:
    """items (the source of a comprehension's items), first resetting the locals its body keeps
    parts in (Frame.hoisted): a run of the loop works them out afresh."""
    if not frame_hoisted:
        return items
    reset = " and ".join(f"({kept} := None) is None" for kept in frame_hoisted)
    return f"({items} if {reset} else None)"
