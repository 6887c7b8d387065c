"""Pydantic's validation errors as located, readable diagnostics."""

from __future__ import annotations

import datetime
import re
from typing import Any

from ..data.schema import Ruleset
from ..data.yamlsource import Source, format_path
from ..errors import Diagnostic
from ..lang.expressions import did_you_mean


def _friendly_pydantic(err: dict[str, Any], src: Source) -> Diagnostic:
    loc = err["loc"]  # _simplify_pydantic took the union tags out
    if not loc:  # nothing names a place (cannot happen with the schema's errors): the top
        return src.diagnostic(err["msg"], ())
    kind = err["type"]
    msg = err["msg"]
    hint = ""
    key = False
    if kind == "extra_forbidden":
        name = str(loc[-1])
        key = True
        parent = _model_fields_at(loc[:-1])
        msg = f"unknown key '{name}'"
        if parent:
            hint = did_you_mean(name, parent) or "allowed keys: " + ", ".join(sorted(parent))
    elif kind == "missing":
        name = str(loc[-1])
        msg = f"missing key '{name}'"
        loc = loc[:-1]
        key = False
        hint = f"add '{name}: ...' " + (f"to {format_path(loc)}" if loc else "at the top level")
    elif kind in ("int_type", "int_parsing", "int_from_float"):
        msg = f"expected a whole number, got {_show(err.get('input'))}"
    elif kind in ("string_type",):
        msg = f"expected a text value, got {_show(err.get('input'))}"
        if isinstance(err.get("input"), int | float | datetime.date):
            hint = "put it in quotes to make it text"
    elif kind == "union_type":  # made by _simplify_pydantic from one error per union branch
        wants = err["ctx"]["expected"]
        msg = f"expected {', '.join(wants[:-1])} or {wants[-1]}" if len(wants) > 1 else \
            f"expected {wants[0]}"
        msg += f", got {_show(err.get('input'))}"
    elif kind in ("bool_type", "bool_parsing"):
        msg = f"expected true or false, got {_show(err.get('input'))}"
    elif kind in ("dict_type", "model_type", "model_attributes_type"):
        msg = f"expected a mapping (key: value lines), got {_show(err.get('input'))}"
    elif kind == "list_type":
        msg = f"expected a list, got {_show(err.get('input'))}"
    elif kind == "literal_error":
        msg = f"{msg[0].lower()}{msg[1:]}, got {_show(err.get('input'))}"
        allowed = re.findall(r"'([^']*)'", str(err.get("ctx", {}).get("expected", "")))
        if isinstance(err.get("input"), str):
            hint = did_you_mean(err["input"], allowed)
    elif kind == "value_error":
        msg = msg.removeprefix("Value error, ")
    elif kind == "too_short":
        msg = "this must not be empty"
    elif kind in ("greater_than_equal", "less_than_equal"):
        msg = f"{msg[0].lower()}{msg[1:]}"
    elif kind == "invalid_key":
        msg = f"a key here must be text, not {_show(loc[-1])}"
        key = True
    if loc and loc[-1] == "[key]":  # a mapping key of the wrong kind (a number, ...)
        loc = loc[:-1]
        key = True
        msg = f"a name here must be text, not {_show(loc[-1])}"
        hint = f"put it in quotes: '{loc[-1]}'"
    return src.diagnostic(msg, loc, key=key, hint=hint)


_WANTS = {"string_type": "a text value", "int_type": "a whole number", "bool_type": "true or false",
          "list_type": "a list", "dict_type": "a mapping", "model_type": "a mapping",
          "model_attributes_type": "a mapping"}


def _simplify_pydantic(errors: list[Any], data: Any) -> list[dict[str, Any]]:
    """One error per problem: pydantic reports a value that fits no branch of a union once per
    branch. Keep the errors from inside the branch the value's shape matched, if any; else
    merge the branches into one 'expected A, B or C' error."""
    def strip(loc: tuple[Any, ...]) -> tuple[Any, ...]:
        return _data_loc(loc, data)[0]

    def union_point(loc: tuple[Any, ...]) -> tuple[Any, ...] | None:
        stripped, first_tag = _data_loc(loc, data)
        return None if first_tag is None else stripped[:first_tag]

    # a misspelt key is reported as unknown (with 'did you mean'); drop the 'missing' twin
    # parent -> its unknown keys, in order (one pass, not one per error)
    extra: dict[tuple[Any, ...], dict[str, None]] = {}
    for e in errors:
        if e["type"] == "extra_forbidden":
            extra.setdefault(strip(e["loc"][:-1]), {})[str(e["loc"][-1])] = None
    errors = [e for e in errors if not (
        e["type"] == "missing" and did_you_mean(str(e["loc"][-1]),
                                                extra.get(strip(e["loc"][:-1]), {})))]
    groups: dict[tuple[Any, ...] | None, list[dict[str, Any]]] = {}
    for err in errors:
        groups.setdefault(union_point(err["loc"]), []).append(err)
    kept: list[dict[str, Any]] = []
    for point, errs in groups.items():
        if point is not None:
            deeper = [e for e in errs if len(strip(e["loc"])) > len(point)]
            errs = deeper or errs
        kept.extend(errs)
    out: list[dict[str, Any]] = []
    at: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for err in kept:
        at.setdefault(strip(err["loc"]), []).append(err)
    for loc, errs in at.items():
        if len(errs) == 1 or not all(e["type"] in _WANTS or e["type"] == "literal_error"
                                     for e in errs):
            out.extend({**e, "loc": loc} for e in errs)
            continue
        wants: list[str] = []
        for e in errs:
            w = str(e.get("ctx", {}).get("expected")) if e["type"] == "literal_error" else \
                _WANTS[e["type"]]
            if w not in wants:
                wants.append(w)
        if {"a text value", "a whole number", "true or false"} <= set(wants):
            wants = ["an expression (text)"] + [w for w in wants if w not in
                                                ("a text value", "a whole number", "true or false")]
        out.append({"type": "union_type", "loc": loc, "msg": "", "input": errs[0].get("input"),
                    "ctx": {"expected": wants}})
    return out


_UNION_TAGS = {"ComputedAttr", "literal['int','bool']", "list[union[str,int]]", "str", "int",
               "bool", "IntAttr"}
_UNKNOWN: Any = object()  # the schema's type at a place the walk could not follow


def _data_loc(loc: tuple[Any, ...], data: Any) -> tuple[tuple[Any, ...], int | None]:
    """Pydantic's error location less its union tags ('str', 'IntAttr'...), and where the first
    tag stood (None if none). A tag is told from a ruleset's own key by the schema's type at
    that place (a key named 'bool' or 'str' is a name, not a tag); where the walk loses the
    type, by the data: a key present there is a name."""
    out: list[Any] = []
    first: int | None = None
    ann: Any = Ruleset
    node: Any = data
    for part in loc:
        members = _union_members(ann)
        if members is not None:  # pydantic tried each branch here: `part` names the branch
            first = len(out) if first is None else first
            ann = next((m for m in members if _tag(m) == part), _UNKNOWN)
            continue
        in_data = (isinstance(node, dict) and part in node) or (
            isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node))
        if ann is _UNKNOWN and not in_data and isinstance(part, str) and (
                part in _UNION_TAGS or "[" in part):
            first = len(out) if first is None else first
            continue
        out.append(part)
        node = node[part] if in_data else None
        ann = _child(ann, part)
    return tuple(out), first


def _union_members(ann: Any) -> list[Any] | None:
    """The branches of a union pydantic tags (None stands apart: it is no branch)."""
    members = _branches(ann)
    return members if members is not None and len(members) > 1 else None


def _branches(ann: Any) -> list[Any] | None:
    """A union's members but None, or None if ann is no union."""
    from types import NoneType, UnionType
    from typing import Union, get_args, get_origin
    if get_origin(ann) not in (Union, UnionType):
        return None
    return [a for a in get_args(ann) if a is not NoneType]


def _tag(ann: Any) -> str:
    """Pydantic's tag of a union branch, for the branches it names simply (else '')."""
    return ann.__name__ if isinstance(ann, type) else ""


def _child(ann: Any, part: Any) -> Any:
    """The schema's type one step down `part` from `ann` (_UNKNOWN if it cannot be told)."""
    from typing import get_args, get_origin

    from pydantic import BaseModel
    members = _branches(ann)
    if members is not None and len(members) == 1:  # X | None: pydantic names no branch
        ann = members[0]
    if isinstance(ann, type) and issubclass(ann, BaseModel):
        for name, f in ann.model_fields.items():
            if part in (name, f.alias):
                return f.annotation
        return _UNKNOWN
    origin, args = get_origin(ann), get_args(ann)
    if origin is dict and len(args) == 2:
        return args[1]
    if origin is list and len(args) == 1 and isinstance(part, int):
        return args[0]
    return _UNKNOWN


def _show(v: Any) -> str:
    if v is None:
        return "nothing (null)"
    if isinstance(v, dict):
        return "a mapping"
    if isinstance(v, list):
        return "a list"
    r = repr(v)
    return r if len(r) < 40 else r[:37] + "..."


def _model_fields_at(loc: tuple[Any, ...]) -> list[str]:
    """The allowed keys of the model found at loc inside a Ruleset (for 'did you mean')."""
    from pydantic import BaseModel

    model: Any = Ruleset
    for part in loc:
        if isinstance(part, int):
            continue
        if model is None or not (isinstance(model, type) and issubclass(model, BaseModel)):
            return []
        if part not in model.model_fields:
            # dict[str, Model]: the key is a user name; stay on the value model
            continue
        ann = model.model_fields[part].annotation
        model = _inner_model(ann)
    if isinstance(model, type) and issubclass(model, BaseModel):
        out = []
        for name, f in model.model_fields.items():
            out.append(f.alias or name)
        return out
    return []


def _inner_model(ann: Any) -> Any:
    from typing import get_args

    from pydantic import BaseModel
    if isinstance(ann, type) and issubclass(ann, BaseModel):
        return ann
    for a in get_args(ann):
        m = _inner_model(a)
        if m is not None:
            return m
    return None
