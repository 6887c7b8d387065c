"""The data side of the language: value names, the default player count, a choice's words.

- Value names: a number attribute `{type: int, names: {11: rank_jack}}` (or a number variable
  with `names:`) is shown by the text of its name wherever a player reads it: card labels, logs,
  action labels, the table. The number stays the value the rules compute with. A name for a
  value the attribute, variable or parameter never takes (as far as the load can tell) is an
  error at the name.
- `players: {default: N}`: the count the tools deal when none is asked for (checked here; the
  compiled rules' `default_players`).
- A choice's literal words (`values: [red, blue]`, or `"['red', 'blue']"` in the language) are
  checked against every word domain they meet (a comparison with a word attribute, a `set` of a
  word variable, an argument of a procedure's word parameter), at the word itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lark import Tree

from ..data.yamlsource import YamlPath
from ..lang.expressions import INT, CompileError, did_you_mean, show_values
from ..lang.parsing import parse, pos_of
from ..lang.textcheck import TextUse
from .symbols import WordUse

if TYPE_CHECKING:
    from .context import CompileContext



# ---- players.default ------------------------------------------------------------------------
def check_players(c: CompileContext) -> None:
    """`players.default` lies within min..max."""
    assert c.spec is not None  # checked after the schema
    p = c.spec.players
    if p.default is not None and not p.min <= p.default <= p.max:
        c.error(f"the default player count {p.default} is not from min ({p.min}) to max "
                f"({p.max})", ("players", "default"),
                hint=f"give a default from {p.min} to {p.max}, or leave it out")


# ---- value names ----------------------------------------------------------------------------
def check_attribute_names(c: CompileContext, name: str, names: dict[int, str],
                          table: list[Any]) -> None:
    """Each named value of a number attribute is one some card of the deck has, and a text."""
    path: YamlPath = ("cards", "attributes", name, "names")
    have = set(table)
    for v, key in names.items():
        if v not in have:
            shown = sorted(x for x in have if isinstance(x, int))
            c.error(f"no card has {name} {v}, so it needs no name", path + (v,), key=True,
                    hint=f"the deck's values of {name} are {_few(shown)}")
        need_name(c, key, path + (v,))
    c.tables.attr_names[name] = dict(names)


def variable_names(c: CompileContext, name: str, spec: Any, ty: str,
                   path: YamlPath) -> dict[int, str] | None:
    """The value names of a variable: its own `names`, else its attribute type's; checked."""
    own = spec.names
    inherited = c.tables.attr_names.get(spec.type)
    if own is None:
        if inherited:
            c.tables.var_names[name] = inherited
        return inherited
    if ty != INT:
        c.error("'names' applies to number variables (type int, or a number attribute)",
                path + ("names",), key=True)
        return None
    attr = c.tables.attributes.get(spec.type)
    for v, key in own.items():
        if attr is not None and v not in set(attr[2]):
            c.error(f"no card has {spec.type} {v}, so a {spec.type} variable is never {v}",
                    path + ("names", v), key=True)
        need_name(c, key, path + ("names", v))
    c.tables.var_names[name] = dict(own)
    return dict(own)


def param_names(c: CompileContext, p: Any, value_type: str, path: YamlPath,
                bounds: dict[str, int]) -> dict[int, str] | None:
    """A number or choice parameter's own value names (`names: {0: bid_nil}`), checked: each
    names a value the parameter can take, where that is known at load time (a number's literal
    min and max, a choice's listed values)."""
    if value_type != INT:
        c.error("'names' applies to a number parameter, or a choice among numbers",
                path + ("names",), key=True)
        return None
    lo, hi = (bounds.get("min"), bounds.get("max")) if p.kind == "number" else (None, None)
    listed = p.values if p.kind == "choice" and isinstance(p.values, list) else None
    if listed is not None:
        hint = f"{p.name} is one of {_few(listed)}"
    elif lo is not None:
        hint = f"{p.name} is from {lo} to {hi}" if hi is not None else f"{p.name} is at least {lo}"
    else:
        hint = f"{p.name} is at most {hi}"
    for v, key in p.names.items():
        if listed is not None and v not in listed or lo is not None and v < lo \
                or hi is not None and v > hi:
            c.error(f"{p.name} is never {v}, so it needs no name", path + ("names", v), key=True,
                    hint=hint)
        need_name(c, key, path + ("names", v))
    return dict(p.names)


def need_name(c: CompileContext, key: str, path: YamlPath) -> None:
    """A value name is a text that fills no placeholder (a word, translated)."""
    c.need_text(key, path)
    c.text_uses.append(TextUse(key, frozenset(), "a value name"))


def shown_name(names: dict[int, str], v: Any) -> Any:
    """A number as a player reads it: the text key of its name, else the number as text."""
    return None if v is None else names.get(v) or str(v)


def none_detail(what: str) -> str:
    """The rule error's words for a number a statement needs that is none."""
    return (f"{what} is none (a skipped parameter, or a value not set): give it a value with "
            "'otherwise'")


def _few(values: list[Any]) -> str:
    return str(values) if len(values) <= 20 else str(values[:20])[:-1] + ", ...]"




def check_words(c: CompileContext, use: WordUse) -> None:
    """Report each word of the choice that is not a value of a domain it is stored as; or, for a
    domain it is only compared with, each word that looks like a misspelt value (a word that is
    no value at all, such as 'any', may be an option of its own)."""
    for domain, stored in use.domains.items():
        owner = _domain_name(c, domain)
        for j, w in enumerate(use.words):
            if isinstance(w, str) and w not in domain and (stored or did_you_mean(w, domain)):
                at = use.path + (j,) if use.offsets is None else use.path
                c.error(f"'{w}' is not one of the values of {owner} {show_values(domain)}", at,
                        offset=None if use.offsets is None else use.offsets[j],
                        hint=did_you_mean(w, domain) or
                        f"the choice's value is compared with, or stored as, a {owner}")


def listed_words(text: str, path: YamlPath) -> WordUse | None:
    """The words of a choice's values written as a list of quoted words in the language
    (`"['red', 'blue']"`), each located at its word; None for any other expression."""
    try:
        tree = parse(text, "expr")
    except CompileError:
        return None  # reported where the values are compiled
    if not isinstance(tree, Tree) or tree.data != "list_" or tree.children[0] is None:
        return None
    items = tree.children[0].children
    if not all(isinstance(i, Tree) and i.data == "string" for i in items):
        return None
    words, offsets = [], []
    for item in items:
        line, col = pos_of(item)
        words.append(str(item.children[0])[1:-1])
        offsets.append((line, col + 1))  # the word, after its quote
    return WordUse(words, path, offsets)


def _domain_name(c: CompileContext, domain: frozenset[Any]) -> str:
    for name, (_ty, dom, _table) in c.tables.attributes.items():
        if dom == domain:
            return name
    return "the attribute"
