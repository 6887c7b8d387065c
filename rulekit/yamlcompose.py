"""Compose YAML nodes, with their positions, from libyaml's C parser when it is installed.

The pure-Python parser of PyYAML costs seconds per 100 KB; libyaml's parser is ~20x faster. Its
own composer (CComposer) recurses in C and crashes the process on deeply nested input, so the
nodes are composed here, from its events, without recursion and with a bound on depth. The
nodes are the ones PyYAML's composer builds (same tags, marks, styles).
"""

from __future__ import annotations

from typing import Any, cast

import yaml

MAX_DEPTH = 100  # nesting of YAML mappings and lists; a ruleset needs under 20
AVAILABLE = hasattr(yaml, "CSafeLoader")


class TooDeep(Exception):
    """The document nests deeper than MAX_DEPTH; mark is where the first node too deep starts."""

    def __init__(self, mark: Any):
        super().__init__(f"nested deeper than {MAX_DEPTH}")
        self.mark = mark


def compose(text: str) -> yaml.Node | None:
    """The single document of text as a node tree (None if empty); raise yaml.YAMLError."""
    loader = yaml.CSafeLoader(text)
    try:
        return _compose(loader)
    finally:
        loader.dispose()


def _compose(loader: Any) -> yaml.Node | None:
    loader.get_event()  # stream start
    if loader.check_event(yaml.StreamEndEvent):
        return None
    loader.get_event()  # document start
    anchors: dict[str, yaml.Node] = {}
    stack: list[yaml.Node] = []  # the open collections
    keys: list[Any] = []  # per open collection: a mapping's key waiting for its value
    root = None
    while True:
        ev: Any = loader.get_event()
        mark: Any = ev.start_mark  # libyaml's marks are its own class
        if isinstance(ev, yaml.CollectionEndEvent):
            stack.pop().end_mark = ev.end_mark
            keys.pop()
            if not stack:
                break
            continue
        if isinstance(ev, yaml.AliasEvent):
            if ev.anchor not in anchors:
                raise yaml.composer.ComposerError(
                    None, None, f"found undefined alias {ev.anchor!r}", mark)
            node = anchors[ev.anchor]
        else:
            if len(stack) >= MAX_DEPTH:
                raise TooDeep(mark)
            node = _node(loader, ev)
            if ev.anchor is not None:
                if ev.anchor in anchors:
                    raise yaml.composer.ComposerError(
                        f"found duplicate anchor {ev.anchor!r}; first occurrence",
                        cast(Any, anchors[ev.anchor].start_mark), "second occurrence", mark)
                anchors[ev.anchor] = node
        if stack:
            parent = stack[-1]
            if isinstance(parent, yaml.SequenceNode):
                parent.value.append(node)
            elif keys[-1] is None:
                keys[-1] = node
            else:
                parent.value.append((keys[-1], node))
                keys[-1] = None
        else:
            root = node
        if isinstance(ev, yaml.CollectionStartEvent):
            stack.append(node)
            keys.append(None)
        elif not stack:
            break
    loader.get_event()  # document end
    if not loader.check_event(yaml.StreamEndEvent):
        ev = loader.get_event()
        raise yaml.composer.ComposerError(
            "expected a single document in the stream", root.start_mark if root else None,
            "but found another document", ev.start_mark)
    return root


def _node(loader: Any, ev: Any) -> yaml.Node:
    tag = ev.tag
    # libyaml's marks are its own class; the nodes only read their line and column
    start: Any = ev.start_mark
    end: Any = ev.end_mark
    if isinstance(ev, yaml.ScalarEvent):
        if tag is None or tag == "!":
            tag = loader.resolve(yaml.ScalarNode, ev.value, ev.implicit)
        # libyaml calls the plain style "", PyYAML None
        return yaml.ScalarNode(tag, ev.value, start, end, style=ev.style or None)
    if isinstance(ev, yaml.SequenceStartEvent):
        if tag is None or tag == "!":
            tag = loader.resolve(yaml.SequenceNode, None, ev.implicit)
        return yaml.SequenceNode(tag, [], start, None, flow_style=ev.flow_style)
    if isinstance(ev, yaml.MappingStartEvent):
        if tag is None or tag == "!":
            tag = loader.resolve(yaml.MappingNode, None, ev.implicit)
        return yaml.MappingNode(tag, [], start, None, flow_style=ev.flow_style)
    raise yaml.composer.ComposerError(None, None, f"unexpected {ev.__class__.__name__}", start)
