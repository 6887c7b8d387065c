"""Cards: the deck as a card table (one list per attribute, indexed by card id), its faces and
labels."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import Any

from ..actions import PICK, Action
from ..data.names import hidden_char, shown, skeleton
from ..data.schema import ComputedAttr, IntAttr
from ..data.yamlsource import YamlPath
from ..errors import RuleRuntimeError
from ..lang import expressions as dsl
from ..lang.expressions import (
    BOOL,
    CARD,
    INT,
    STR,
    Scope,
    describe,
    did_you_mean,
)
from ..lang.scope import local
from ..rules.game import card_label_text
from ..rules.parts import CardTable
from . import langdata
from .base import (
    MAX_DECK,
)
from .context import CompileContext


def cards(c: CompileContext) -> CardTable:
    """The card table: attributes and their types, the deck expanded card by card, the faces."""
    out, t = CardTable(), c.tables
    spec = c.spec.cards
    plain: dict[str, tuple[str, frozenset[Any] | None]] = {}
    computed: dict[str, str] = {}
    named: dict[str, dict[int, str]] = {}  # number attributes whose values have names
    for name, a in spec.attributes.items():
        if name == "count":
            c.error("a card attribute cannot be called 'count': deck entries use 'count' "
                    "for the number of copies", ("cards", "attributes", name), key=True,
                    hint="call it, for example, 'amount' or 'number'")
            continue
        if a == "int":
            plain[name] = (INT, None)
        elif a == "bool":
            plain[name] = (BOOL, None)
        elif isinstance(a, ComputedAttr):
            computed[name] = a.computed
        elif isinstance(a, IntAttr):
            plain[name] = (INT, None)
            named[name] = a.names
        else:
            kinds = {type(v) for v in a}
            if len(kinds) > 1 or not a:
                c.error("an attribute's values must be all numbers or all words" if a
                        else "an attribute needs at least one value",
                        ("cards", "attributes", name))
                plain[name] = (dsl.ANY, None)  # reported; keep it known: no cascade
                continue
            if len(set(a)) != len(a):
                c.error("a value is listed twice", ("cards", "attributes", name))
            if kinds == {int}:
                plain[name] = (INT, frozenset(a))
            else:
                plain[name] = (STR, frozenset(a))
                t.word_orders.setdefault(frozenset(a), list(a))  # order_of(): as declared
                t.symbols.update(str(v) for v in a)  # words: one kind, checked above
    # expand the deck
    rows: list[dict[str, Any]] = []
    bad = False  # an entry had an error: go on, so the attributes are still known
    for i, entry in enumerate(spec.deck):
        path = ("cards", "deck", i)
        count = entry.get("count", 1)
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= MAX_DECK:
            c.error(f"count must be a whole number from 0 to {MAX_DECK}", path + ("count",))
            bad = True
            continue
        axes: list[list[tuple[str, Any]]] = []
        ok = True
        for k, v in entry.items():
            if k == "count":
                continue
            if k not in plain:
                if k in computed:
                    c.error(f"'{k}' is computed; the deck cannot set it", path + (k,),
                            key=True)
                else:
                    c.error(f"unknown attribute '{k}'", path + (k,), key=True,
                            hint=did_you_mean(k, plain))
                ok = False
                continue
            values = v if isinstance(v, list) else [v]
            ty, domain = plain[k]
            for j, val in enumerate(values):
                vpath = path + (k, j) if isinstance(v, list) else path + (k,)
                if not _attr_value_ok(ty, domain, val):
                    allowed = f"one of {dsl.show_values(domain)}" if domain else describe(ty)
                    c.error(f"'{val}' is not a valid {k} (expected {allowed})", vpath,
                            hint=did_you_mean(str(val), domain or []))
                    ok = False
            axes.append([(k, val) for val in values])
        missing = [k for k in plain if k not in entry]
        if missing:
            c.error(f"this deck entry does not set: {', '.join(missing)}", path)
            ok = False
        if not ok:
            bad = True
            continue
        if len(rows) + count * math.prod(len(a) for a in axes) > MAX_DECK:
            c.error(f"the deck has more than {MAX_DECK} cards", path)
            bad = True
            break
        for combo in itertools.product(*axes):
            for _ in range(count):
                rows.append(dict(combo))
    if not rows and not bad:
        c.error("the deck is empty", ("cards", "deck"))
    out.n_cards = len(rows)
    for name, (ty, domain) in plain.items():
        table = [r[name] for r in rows]
        out.card_attrs[name] = table
        out.attr_types[name] = ty
        t.attributes[name] = (ty, domain, table)
        if name in named and not bad:
            langdata.check_attribute_names(c, name, named[name], table)
            out.attr_names[name] = dict(named[name])
    # computed attributes see the plain ones by name
    for name, text in computed.items():
        cpath: YamlPath = ("cards", "attributes", name, "computed")
        scope = Scope()
        for attr, (aty, adomain) in plain.items():
            scope.names[attr] = local(attr, aty, domain=adomain)
        typed = c.expr(text, cpath, scope)
        if typed is None:
            continue
        try:
            at_load = dsl.LoadTimeState()
            table = [typed.fn(at_load, dict(r)) for r in rows]
        except (RuleRuntimeError, TypeError, ValueError, ZeroDivisionError) as e:
            c.error(f"computing '{name}' failed: {str(e).removeprefix('rule : ')}", cpath)
            continue
        out.card_attrs[name] = table
        out.attr_types[name] = typed.type
        t.attributes[name] = (typed.type, None, table)
    # faces: cards alike in every attribute are interchangeable
    faces: dict[tuple[Any, ...], int] = {}
    names = list(out.card_attrs)
    for card in range(out.n_cards):
        key = tuple(out.card_attrs[a][card] for a in names)
        if key not in faces:
            faces[key] = len(faces)
            out.face_cards.append(card)
        out.face_of.append(faces[key])
    return out


def _attr_value_ok(ty: str, domain: frozenset[Any] | None, v: Any) -> bool:
    if ty == dsl.ANY:  # an attribute whose declaration has an error (reported)
        return True
    if ty == INT:
        ok = isinstance(v, int) and not isinstance(v, bool)
    elif ty == BOOL:
        ok = isinstance(v, bool)
    else:
        ok = isinstance(v, str)
    return ok and (domain is None or v in domain)


@dataclass(frozen=True)
class CardLabels:
    """The card_labels pass's part: each card's label key (the text of the first rule that
    holds) and label, and a pick action per face (as far as they were made: a pass that
    reports an error stops there)."""

    keys: list[str] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    pick_actions: list[Action] = field(default_factory=list)


def card_labels(c: CompileContext) -> CardLabels:
    """Each card's label (the first rule that holds), checked unique and visible; pick actions."""
    g = c.game
    if not g.n_cards:
        return CardLabels()
    rules = []
    for i, rule in enumerate(c.spec.cards.label):
        path = ("cards", "label", i)
        c.need_text(rule.text, path + ("text",))
        scope = Scope()
        scope.names["it"] = dsl.local("it", CARD)
        typed = c.expr(rule.when, path + ("when",), scope, BOOL, "a label's 'when'")
        if typed is not None:
            rules.append((rule.text, typed.fn))
    if c.diags:
        return CardLabels()
    at_load = dsl.LoadTimeState()
    keys: list[str] = []
    for card in range(g.n_cards):
        for key, fn in rules:
            try:
                if fn(at_load, {"it": card}):
                    keys.append(key)
                    break
            except (RuleRuntimeError, TypeError, IndexError) as e:
                c.error(f"a label rule failed: {e}", ("cards", "label"))
                return CardLabels(keys)
        else:
            c.error(f"no label rule matches card {card} ({_card_attrs_text(c, card)})",
                    ("cards", "label"), hint="end the list with a rule without 'when'")
            return CardLabels(keys)
    labels = [card_label_text(g.texts, g.card_table, keys[card], card, g.languages[0])
              for card in range(g.n_cards)]
    by_label: dict[str, int] = {}
    for card in range(g.n_cards):
        bad = hidden_char(labels[card])
        if bad is not None:
            key = keys[card]
            c.error(f"the label '{shown(labels[card])}' of card {card} "
                    f"({_card_attrs_text(c, card)}) holds an invisible or direction-changing "
                    f"character ({bad})", ("text", key, c.spec.languages[0]),
                    hint="players read and type labels: use visible characters only")
            return CardLabels(keys, labels)
        # labels that only differ by look-alike characters are the same label to a reader
        other = by_label.setdefault(skeleton(labels[card]), card)
        if g.face_of[other] != g.face_of[card]:
            key = keys[card]
            at = next((i for i, r in enumerate(c.spec.cards.label) if r.text == key), None)
            differ = [a for a, tab in g.card_attrs.items() if tab[other] != tab[card]]
            same = (f"share the label '{labels[card]}'" if labels[card] == labels[other] else
                    f"have labels that look the same: '{labels[other]}' and "
                    f"'{labels[card]}'")
            c.error(f"two different cards {same} "
                    f"({_card_attrs_text(c, other)} and {_card_attrs_text(c, card)})",
                    ("cards", "label") + ((at, "text") if at is not None else ()),
                    hint=f"put {{{differ[0]}}} in the text '{key}'" if differ else
                    "put the attribute that differs in the label")
            return CardLabels(keys, labels)
    return CardLabels(keys, labels, [Action(PICK, "", f, "pick " + labels[card])
                                     for f, card in enumerate(g.face_cards)])


def _card_attrs_text(c: CompileContext, card: int) -> str:
    return ", ".join(f"{a}={t[card]}" for a, t in c.game.card_attrs.items())
