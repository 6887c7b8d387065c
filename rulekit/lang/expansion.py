"""How large each definition grows once the definitions it calls are inlined, found from the
parse trees alone (one pass per definition, memoised), so a definition that doubles at each level
(`d1(x): d0(x) + d0(x)`, ..., `d40(x)`) is refused at once instead of being inlined until the
compiled expressions pass MAX_COMPILED_NODES (seconds of work and a great deal of memory)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from lark import Token, Tree

# the parts one definition may grow to with the definitions it calls inlined: the largest of the
# bundled games' is a few hundred, and compiling this many takes about a second
MAX_DEFINITION_PARTS = 10_000


@dataclass(frozen=True)
class Oversized:
    """A definition that grows past the bound, though each definition it calls stays within."""

    name: str
    size: int  # its parts, counted up to just past the bound
    line: int  # where, in its text, it calls the largest of the definitions it calls (1-based;
    col: int  # 0 when it calls none: the body alone is that large)
    callee: str  # that definition ('' when none)
    callee_size: int


def oversized_definitions(definitions: dict[str, tuple[list[str], Tree[Any] | None, str]],
                          bound: int = MAX_DEFINITION_PARTS) -> list[Oversized]:
    """The definitions (name -> (parameters, body, head)) whose inlined size passes bound and
    that call none that does: the first place each doubling chain breaks the bound."""
    sizes: dict[str, int] = {}
    walking: set[str] = set()

    def size(name: str) -> int:
        # a definition with parameters is inlined at each use; one without is compiled once and
        # costs a reference where it is used (and its own size once, when it is checked)
        if name in sizes:
            return sizes[name]
        params, body, _head = definitions[name]
        if body is None or name in walking:  # broken, or recursive: reported elsewhere
            return 1
        walking.add(name)
        try:
            total = _parts(body, set(params), definitions, size, bound)[0]
        finally:
            walking.discard(name)
        sizes[name] = total
        return total

    out = []
    for name, (params, body, _head) in definitions.items():
        if body is None or size(name) <= bound:
            continue
        total, calls = _parts(body, set(params), definitions, size, bound)
        over = [c for c in calls if sizes.get(c[0], 0) > bound]
        if over:
            continue  # a definition it calls is already too large: reported there
        calls.sort(key=lambda c: (c[1], c[2]))  # the first use of the largest, in the text
        callee, line, col = max(calls, key=lambda c: sizes.get(c[0], 0), default=("", 0, 0))
        out.append(Oversized(name, total, line, col, callee, sizes.get(callee, 0)))
    return out


def _parts(body: Tree[Any], params: set[str], definitions: dict[str, Any],
           size: Callable[[str], int],
           bound: int) -> tuple[int, list[tuple[str, int, int]]]:
    """The parts of body with the definitions it calls counted as their size (with parameters)
    or one part (without), capped just past bound; and the calls of definitions with parameters
    (name, line, col)."""
    total = 0
    calls: list[tuple[str, int, int]] = []
    stack: list[Tree[Any] | Token] = [body]
    while stack:
        node = stack.pop()
        if not isinstance(node, Tree):
            continue
        total += 1
        name = _called(node, params, definitions)
        if name is not None:
            callee_params = definitions[name][0]
            if callee_params:
                total += size(name) - 1
                tok = node.children[0]
                calls.append((name, getattr(tok, "line", 0) or 0, getattr(tok, "column", 0) or 0))
        if total > bound:
            return bound + 1, calls
        stack.extend(node.children)
    return total, calls


def _called(node: Tree[Any], params: set[str], definitions: dict[str, Any]) -> str | None:
    """The definition node calls or names, if it is one (a parameter of the same name hides it)."""
    if node.data not in ("call", "name") or not node.children:
        return None
    tok = node.children[0]
    name = str(tok)
    if isinstance(tok, Token) and name in definitions and name not in params:
        return name
    return None
