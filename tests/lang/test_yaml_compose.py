"""The nodes composed from libyaml's events are PyYAML's own: same tags, values, styles and
positions, for every YAML file of the repository (the diagnostics depend on the positions)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from paths import ROOT

from rulekit.data import yamlcompose

FILES = sorted(p for p in ROOT.glob("**/*.yaml") if ".venv" not in p.parts)


def shape(node: Any, seen: dict[int, int]) -> Any:
    """A node tree as plain data (an alias shown as a reference to the first occurrence)."""
    if id(node) in seen:
        return ("alias", seen[id(node)])
    seen[id(node)] = len(seen)
    marks = (node.start_mark.index, node.start_mark.line, node.start_mark.column,
             node.end_mark.index, node.end_mark.line, node.end_mark.column)
    if isinstance(node, yaml.ScalarNode):
        return (node.tag, node.value, node.style, marks)
    if isinstance(node, yaml.SequenceNode):
        return (node.tag, [shape(n, seen) for n in node.value], marks)
    return (node.tag, [(shape(k, seen), shape(v, seen)) for k, v in node.value], marks)


def _depth(node: Any) -> int:
    """How deeply a composed node tree nests (1 for a scalar); iterative, as trees may be deep."""
    deepest, todo = 0, [(node, 1)]
    while todo:
        n, d = todo.pop()
        deepest = max(deepest, d)
        if isinstance(n, yaml.SequenceNode):
            todo.extend((c, d + 1) for c in n.value)
        elif isinstance(n, yaml.MappingNode):
            todo.extend((c, d + 1) for kv in n.value for c in kv)
    return deepest


def test_the_repository_has_yaml_files_to_compare_and_libyaml() -> None:
    assert len(FILES) > 50
    assert yamlcompose.AVAILABLE, "PyYAML's C extension (libyaml) is needed for fast loading"


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_libyaml_events_compose_the_same_nodes(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    try:
        expected = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        with pytest.raises(yaml.YAMLError):
            yamlcompose.compose(text)
        return
    if _depth(expected) > yamlcompose.MAX_DEPTH:  # PyYAML recurses on; ours refuses, located
        with pytest.raises(yamlcompose.TooDeep):
            yamlcompose.compose(text)
        return
    got = yamlcompose.compose(text)
    assert (None if got is None else shape(got, {})) == \
        (None if expected is None else shape(expected, {}))
