"""Compile a ruleset source into Rules: YAML -> pydantic schema -> compiled closures.

Every problem becomes a Diagnostic located in the file; compilation goes on after an error so
that one run reports as many as it can.
"""

from __future__ import annotations

import datetime
import itertools
import math
import re
from collections.abc import Callable
from typing import Any

from lark import Token, Tree
from pydantic import ValidationError

from ..actions import DONE, PICK, START, Action
from ..data.names import check_names, hidden_char, shown, skeleton
from ..data.schema import ComputedAttr, IntAttr, Ruleset
from ..data.yamlsource import Source, YamlPath, format_path
from ..errors import Diagnostic, EvaluationLimitError, RuleRuntimeError, RulesetError, log_full
from ..lang import expressions as dsl
from ..lang.expressions import (
    BOOL,
    CARD,
    CARDS,
    INT,
    NONE,
    PLAYER,
    PLAYERS,
    STR,
    ZONE,
    CompileError,
    DefinitionError,
    ExprCompiler,
    Scope,
    Tables,
    Typed,
    charge,
    compatible,
    describe,
    did_you_mean,
    elem_of,
    fail,
    local,
)
from ..lang.text import placeholders
from ..lang.textcheck import TextUse, malformed_forms, static_uses, unfilled
from ..rules.game import (
    CompiledAction,
    CompiledParam,
    CompiledPhase,
    CompiledWindow,
    Rules,
    VarInfo,
    ZoneInfo,
)
from ..rules.melds import MeldRules
from . import langdata, show, stmt_control, stmt_procedures, stmt_turns
from .hints import compile_hints
from .table import compile_table

Fn = Callable[[Any, dict], Any]
VAR_TYPES = {"int": INT, "bool": BOOL, "player": PLAYER, "card": CARD, "cards": CARDS,
             "players": PLAYERS, "text": STR}
MAX_DECK = 10_000
MAX_MELD_SPAN = 10_000  # runs are searched over the range of meld values
MAX_OPEN_WINDOWS = 1_000  # windows waiting on the stack: each keeps its frame until answered


def _friendly_pydantic(err: dict, src: Source) -> Diagnostic:
    loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p in _UNION_TAGS))
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


def _simplify_pydantic(errors: list[dict]) -> list[dict]:
    """One error per problem: pydantic reports a value that fits no branch of a union once per
    branch. Keep the errors from inside the branch the value's shape matched, if any; else
    merge the branches into one 'expected A, B or C' error."""
    def strip(loc: tuple) -> tuple:
        return tuple(p for p in loc if not (isinstance(p, str) and p in _UNION_TAGS))

    def union_point(loc: tuple) -> tuple | None:
        for i, p in enumerate(loc):
            if isinstance(p, str) and p in _UNION_TAGS and p != "Ruleset":
                return strip(loc[:i])
        return None

    # a misspelt key is reported as unknown (with 'did you mean'); drop the 'missing' twin
    # parent -> its unknown keys, in order (one pass, not one per error)
    extra: dict[tuple, dict[str, None]] = {}
    for e in errors:
        if e["type"] == "extra_forbidden":
            extra.setdefault(strip(e["loc"][:-1]), {})[str(e["loc"][-1])] = None
    errors = [e for e in errors if not (
        e["type"] == "missing" and did_you_mean(str(e["loc"][-1]),
                                                extra.get(strip(e["loc"][:-1]), {})))]
    groups: dict[tuple | None, list[dict]] = {}
    for err in errors:
        groups.setdefault(union_point(err["loc"]), []).append(err)
    kept: list[dict] = []
    for point, errs in groups.items():
        if point is not None:
            deeper = [e for e in errs if len(strip(e["loc"])) > len(point)]
            errs = deeper or errs
        kept.extend(errs)
    out: list[dict] = []
    at: dict[tuple, list[dict]] = {}
    for err in kept:
        at.setdefault(strip(err["loc"]), []).append(err)
    for loc, errs in at.items():
        if len(errs) == 1 or not all(e["type"] in _WANTS or e["type"] == "literal_error"
                                     for e in errs):
            out.extend(errs)
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
               "bool", "Ruleset", "IntAttr"}


def _show(v: Any) -> str:
    if v is None:
        return "nothing (null)"
    if isinstance(v, dict):
        return "a mapping"
    if isinstance(v, list):
        return "a list"
    r = repr(v)
    return r if len(r) < 40 else r[:37] + "..."


def _model_fields_at(loc: tuple) -> list[str]:
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


class Compiler:
    """One compilation of one ruleset source."""

    def __init__(self, src: Source, make: type[Rules] = Rules):
        self.src = src
        self.make = make  # the class to build: rulekit.Game, which adds the making of states
        self.diags: list[Diagnostic] = []
        self.tables = Tables()
        self.x = ExprCompiler(self.tables)
        self.spec: Ruleset | None = None
        self.game: Rules | None = None
        self.var_domains: dict[str, frozenset] = {}  # enum-typed variables: their words
        self.text_uses: list[TextUse] = []  # where texts are shown, checked by text_placeholders
        self.procs = stmt_procedures.ProcTable()  # procedures: signatures, compiled bodies
        self.word_uses: list[langdata.WordUse] = []  # choices' words, checked once all compiled

    # ---- error plumbing ----------------------------------------------------------------
    def error(self, message: str, path: YamlPath, *, key: bool = False, hint: str = "",
              offset: tuple[int, int] | None = None) -> None:
        self.diags.append(self.src.diagnostic(message, path, key=key, hint=hint, offset=offset))

    def located(self, e: CompileError, path: YamlPath) -> None:
        self.error(e.message, path, offset=(e.line, e.col), hint=e.hint)
        if isinstance(e, dsl.ExpansionError):
            raise RulesetError(_dedupe(self.diags))  # every later expression would fail too

    def build(self) -> Rules:
        """Check and compile; raise RulesetError with every diagnostic found."""
        try:
            self.spec = Ruleset.model_validate(self.src.data)
        except ValidationError as e:
            diags = [_friendly_pydantic(err, self.src) for err in _simplify_pydantic(e.errors())]
            raise RulesetError(sorted(diags, key=lambda d: (d.line, d.col))) from None
        self.game = self.make(self.spec, self.src.file)
        for message, path, key, hint in check_names(self.spec):
            self.error(message, path, key=key, hint=hint)
        langdata.check_players(self)
        steps = [self.texts, self.cards, self.meld_rules, self.zones, self.variables,
                 self.teams, self.definitions,
                 self.names_of_windows, self.procedures, self.phases_and_actions,
                 self.card_labels, self.setup, self.scoring, self.invariants, self.bot_hints,
                 self.table_decl, self.text_placeholders]
        for step in steps:
            step()
        for use in self.word_uses:
            langdata.check_words(self, use)
        if self.diags:
            # in file order, so a reader can work down the file
            raise RulesetError(sorted(_dedupe(self.diags), key=lambda d: (d.line, d.col)))
        return self.game

    # ---- compiling DSL text ------------------------------------------------------------
    def expr(self, value: Any, path: YamlPath, scope: Scope, expected: str | None = None,
             what: str = "this") -> Typed | None:
        """Compile a DSL expression found at path; None after reporting an error."""
        if isinstance(value, bool):
            typed = dsl.const(BOOL, value)
        elif isinstance(value, int):
            typed = dsl.const(INT, value)
        elif isinstance(value, str):
            try:
                tree = dsl.parse(value, "expr")
                typed = self.x.expr(tree, scope)
            except CompileError as e:
                self.located(e, path)
                return None
            except DefinitionError as e:
                self.definition_error(e, path)
                return None
            except RecursionError:
                self.error("the expression is nested too deeply", path)
                return None
        else:
            self.error(f"expected an expression (text), got {_show(value)}", path)
            return None
        if expected is not None and not compatible(expected, typed.type):
            self.error(f"{what} must be {describe(expected)}, but this is {describe(typed.type)}",
                       path)
            return None
        return typed

    def definition_error(self, e: DefinitionError, path: YamlPath, shift: int = 0) -> None:
        """Report a broken definition at the definition, and where it is used (at path)."""
        root = ("define", self._def_key(e.name))
        self.located(e.error, root)
        if e.use is None or (tuple(path) == root and e.use == (e.error.line, e.error.col)):
            return
        used = e.via or e.name
        msg = f"uses definition '{used}', which has an error"
        if used != e.name:
            msg = f"uses definition '{used}', which uses '{e.name}', which has an error"
        self.error(msg, path, offset=(e.use[0], e.use[1] + shift),
                   hint=f"see the error at define.{root[1]}")

    def _def_key(self, name: str) -> str:
        for k in self.spec.define:
            if dsl.DEF_HEAD.match(k) and dsl.DEF_HEAD.match(k).group(1) == name:
                return k
        return name

    # ---- texts -------------------------------------------------------------------------
    def texts(self) -> None:
        langs = self.spec.languages
        for key, entry in self.spec.text.items():
            missing = [lang for lang in langs if lang not in entry]
            if missing:
                self.error(f"text '{key}' has no translation for: {', '.join(missing)}",
                           ("text", key), hint="add " + ", ".join(f"'{m}: ...'" for m in missing))
            extra = [k for k in entry if k not in langs]
            for k in extra:
                self.error(f"'{k}' is not one of the ruleset's languages ({', '.join(langs)})",
                           ("text", key, k), key=True,
                           hint=did_you_mean(k, langs) or f"add '{k}' to languages, or remove it")
            first = entry.get(langs[0])
            if first is not None:
                want = placeholders(first)
                for lang in langs[1:]:
                    if lang in entry and placeholders(entry[lang]) != want:
                        self.error(f"text '{key}' in '{lang}' uses placeholders "
                                   f"{sorted(placeholders(entry[lang]))} but '{langs[0]}' uses "
                                   f"{sorted(want)}", ("text", key, lang))
        for u in malformed_forms(self.spec):
            self.error(u.message, ("text", u.key, u.lang), offset=(u.line, u.col), hint=u.hint)
        self.tables.text_keys = set(self.spec.text)

    def text_placeholders(self) -> None:
        """Each used text's {placeholders} must name something every use of it fills."""
        for u in unfilled(self.spec, self.text_uses + list(static_uses(self.spec))):
            self.error(u.message, ("text", u.key, u.lang), offset=(u.line, u.col), hint=u.hint)

    def need_text(self, key: str | None, path: YamlPath) -> None:
        if key is not None and key not in self.spec.text:
            self.error(f"no text '{key}' in the text section", path,
                       hint=did_you_mean(key, self.spec.text))

    # ---- cards -------------------------------------------------------------------------
    def cards(self) -> None:
        g, t = self.game, self.tables
        spec = self.spec.cards
        plain: dict[str, tuple[str, frozenset | None]] = {}
        computed: dict[str, str] = {}
        named: dict[str, dict[int, str]] = {}  # number attributes whose values have names
        for name, a in spec.attributes.items():
            if name == "count":
                self.error("a card attribute cannot be called 'count': deck entries use 'count' "
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
                    self.error("an attribute's values must be all numbers or all words" if a
                               else "an attribute needs at least one value",
                               ("cards", "attributes", name))
                    plain[name] = (dsl.ANY, None)  # reported; keep it known: no cascade
                    continue
                if len(set(a)) != len(a):
                    self.error("a value is listed twice", ("cards", "attributes", name))
                if kinds == {int}:
                    plain[name] = (INT, frozenset(a))
                else:
                    plain[name] = (STR, frozenset(a))
                    t.symbols.update(a)
        # expand the deck
        rows: list[dict[str, Any]] = []
        bad = False  # an entry had an error: go on, so the attributes are still known
        for i, entry in enumerate(spec.deck):
            path = ("cards", "deck", i)
            count = entry.get("count", 1)
            if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= MAX_DECK:
                self.error(f"count must be a whole number from 0 to {MAX_DECK}", path + ("count",))
                bad = True
                continue
            axes: list[list[tuple[str, Any]]] = []
            ok = True
            for k, v in entry.items():
                if k == "count":
                    continue
                if k not in plain:
                    if k in computed:
                        self.error(f"'{k}' is computed; the deck cannot set it", path + (k,),
                                   key=True)
                    else:
                        self.error(f"unknown attribute '{k}'", path + (k,), key=True,
                                   hint=did_you_mean(k, plain))
                    ok = False
                    continue
                values = v if isinstance(v, list) else [v]
                ty, domain = plain[k]
                for j, val in enumerate(values):
                    vpath = path + (k, j) if isinstance(v, list) else path + (k,)
                    if not self._attr_value_ok(ty, domain, val):
                        allowed = f"one of {dsl.show_values(domain)}" if domain else describe(ty)
                        self.error(f"'{val}' is not a valid {k} (expected {allowed})", vpath,
                                   hint=did_you_mean(str(val), domain or []))
                        ok = False
                axes.append([(k, val) for val in values])
            missing = [k for k in plain if k not in entry]
            if missing:
                self.error(f"this deck entry does not set: {', '.join(missing)}", path)
                ok = False
            if not ok:
                bad = True
                continue
            if len(rows) + count * math.prod(len(a) for a in axes) > MAX_DECK:
                self.error(f"the deck has more than {MAX_DECK} cards", path)
                bad = True
                break
            for combo in itertools.product(*axes):
                for _ in range(count):
                    rows.append(dict(combo))
        if not rows and not bad:
            self.error("the deck is empty", ("cards", "deck"))
        g.n_cards = len(rows)
        for name, (ty, domain) in plain.items():
            table = [r[name] for r in rows]
            g.card_attrs[name] = table
            g.attr_types[name] = ty
            t.attributes[name] = (ty, domain, table)
            if name in named and not bad:
                langdata.check_attribute_names(self, name, named[name], table)
        # computed attributes see the plain ones by name
        for name, text in computed.items():
            path = ("cards", "attributes", name, "computed")
            scope = Scope()
            for a, (ty, domain) in plain.items():
                scope.names[a] = dsl.Typed(ty, (lambda k: lambda s, e: e[k])(a), domain=domain)
            typed = self.expr(text, path, scope)
            if typed is None:
                continue
            try:
                at_load = dsl.LoadTimeState()
                table = [typed.fn(at_load, dict(r)) for r in rows]
            except (RuleRuntimeError, TypeError, ValueError, ZeroDivisionError) as e:
                self.error(f"computing '{name}' failed: {str(e).removeprefix('rule : ')}", path)
                continue
            g.card_attrs[name] = table
            g.attr_types[name] = typed.type
            t.attributes[name] = (typed.type, None, table)
        # faces: cards alike in every attribute are interchangeable
        faces: dict[tuple, int] = {}
        names = list(g.card_attrs)
        for c in range(g.n_cards):
            key = tuple(g.card_attrs[a][c] for a in names)
            if key not in faces:
                faces[key] = len(faces)
                g.face_cards.append(c)
            g.face_of.append(faces[key])

    @staticmethod
    def _attr_value_ok(ty: str, domain: frozenset | None, v: Any) -> bool:
        if ty == dsl.ANY:  # an attribute whose declaration has an error (reported)
            return True
        if ty == INT:
            ok = isinstance(v, int) and not isinstance(v, bool)
        elif ty == BOOL:
            ok = isinstance(v, bool)
        else:
            ok = isinstance(v, str)
        return ok and (domain is None or v in domain)

    def card_labels(self) -> None:
        g = self.game
        if not g.n_cards:
            return
        rules = []
        for i, rule in enumerate(self.spec.cards.label):
            path = ("cards", "label", i)
            self.need_text(rule.text, path + ("text",))
            scope = Scope()
            scope.names["it"] = dsl.local("it", CARD)
            typed = self.expr(rule.when, path + ("when",), scope, BOOL, "a label's 'when'")
            if typed is not None:
                rules.append((rule.text, typed.fn))
        if self.diags:
            return
        at_load = dsl.LoadTimeState()
        for c in range(g.n_cards):
            for key, fn in rules:
                try:
                    if fn(at_load, {"it": c}):
                        g.card_label_key.append(key)
                        break
                except (RuleRuntimeError, TypeError, IndexError) as e:
                    self.error(f"a label rule failed: {e}", ("cards", "label"))
                    return
            else:
                self.error(f"no label rule matches card {c} ({self._card_attrs_text(c)})",
                           ("cards", "label"), hint="end the list with a rule without 'when'")
                return
        g.labels = [g.card_label(c) for c in range(g.n_cards)]
        by_label: dict[str, int] = {}
        for c in range(g.n_cards):
            bad = hidden_char(g.labels[c])
            if bad is not None:
                key = g.card_label_key[c]
                self.error(f"the label '{shown(g.labels[c])}' of card {c} "
                           f"({self._card_attrs_text(c)}) holds an invisible or direction-changing "
                           f"character ({bad})", ("text", key, self.spec.languages[0]),
                           hint="players read and type labels: use visible characters only")
                return
            # labels that only differ by look-alike characters are the same label to a reader
            other = by_label.setdefault(skeleton(g.labels[c]), c)
            if g.face_of[other] != g.face_of[c]:
                key = g.card_label_key[c]
                rule = next((i for i, r in enumerate(self.spec.cards.label) if r.text == key), None)
                differ = [a for a, tab in g.card_attrs.items() if tab[other] != tab[c]]
                same = (f"share the label '{g.labels[c]}'" if g.labels[c] == g.labels[other] else
                        f"have labels that look the same: '{g.labels[other]}' and "
                        f"'{g.labels[c]}'")
                self.error(f"two different cards {same} "
                           f"({self._card_attrs_text(other)} and {self._card_attrs_text(c)})",
                           ("cards", "label") + ((rule, "text") if rule is not None else ()),
                           hint=f"put {{{differ[0]}}} in the text '{key}'" if differ else
                           "put the attribute that differs in the label")
                return
        g.pick_actions = [Action(PICK, "", f, "pick " + g.labels[c])
                          for f, c in enumerate(g.face_cards)]

    def _card_attrs_text(self, c: int) -> str:
        return ", ".join(f"{a}={t[c]}" for a, t in self.game.card_attrs.items())

    # ---- zones -------------------------------------------------------------------------
    def zones(self) -> None:
        g, t = self.game, self.tables
        for name, z in self.spec.zones.items():
            info = ZoneInfo(name, z.owner, z.visibility, z.ordered, z.label or name, z.melds,
                            self._sort_key(z.sort, ("zones", name, "sort")))
            if z.melds and self.spec.melds is None:
                self.error("a zone of melds needs a 'melds:' section saying how runs and sets "
                           "are made", ("zones", name, "melds"), key=True)
            if z.label:
                self.need_text(z.label, ("zones", name, "label"))
            if z.owner == "team":
                if self.spec.teams is None:
                    self.error("a zone owned by a team needs a 'teams:' section",
                               ("zones", name, "owner"))
                t.team_zones[name] = len(g.team_zones)
                g.team_zones.append(info)
            elif z.owner == "table":
                t.table_zones[name] = len(g.table_zones)
                g.table_zones.append(info)
            else:
                t.player_zones[name] = len(g.player_zones)
                g.player_zones.append(info)
        t.n_table_zones = len(g.table_zones)
        start = self.spec.cards.start
        if start in t.table_zones:
            g.start_zone = t.table_zones[start]
        elif start in t.player_zones:
            self.error(f"the deck must start in a table zone; '{start}' belongs to each player",
                       ("cards", "start"), hint="table zones: " + ", ".join(t.table_zones)
                       if t.table_zones else "declare a zone with owner: table")
        else:
            self.error(f"unknown zone '{start}'", ("cards", "start"),
                       hint=did_you_mean(start, t.table_zones))

    def _sort_key(self, expr: Any, path: YamlPath) -> list | None:
        """A zone's display order: the value of `sort` for every card, computed once."""
        if expr is None or not self.game.n_cards:
            return None
        scope = Scope()
        scope.names["it"] = dsl.local("it", CARD)
        typed = self.expr(expr, path, scope)
        if typed is None:
            return None
        if typed.type not in (INT, STR):
            self.error(f"'sort' must give a number or a word for each card, but this is "
                       f"{describe(typed.type)}", path)
            return None
        try:
            at_load = dsl.LoadTimeState()
            return [typed.fn(at_load, {"it": c}) for c in range(self.game.n_cards)]
        except (RuleRuntimeError, TypeError, IndexError, ValueError) as e:
            self.error(f"computing 'sort' failed: {e}", path)
            return None

    # ---- variables ---------------------------------------------------------------------
    def var_type(self, name: str, path: YamlPath) -> str | None:
        if name in VAR_TYPES:
            return VAR_TYPES[name]
        if name in self.tables.attributes:
            return self.tables.attributes[name][0]
        self.error(f"unknown type '{name}'", path,
                   hint=did_you_mean(name, list(VAR_TYPES) + list(self.tables.attributes))
                   or "types: " + ", ".join(VAR_TYPES) + ", or a card attribute's name")
        return None

    def initial(self, ty: str, v: Any, path: YamlPath, domain: frozenset | None) -> Any:
        if ty == dsl.ANY:  # the type has an error (reported)
            return v
        if v is None:
            return {INT: 0, BOOL: False, CARDS: [], PLAYERS: []}.get(ty)
        ok = {INT: isinstance(v, int) and not isinstance(v, bool), BOOL: isinstance(v, bool),
              STR: isinstance(v, str), PLAYER: isinstance(v, int) and not isinstance(v, bool)
              and v >= 0}.get(ty, False)
        if ty == STR and domain is not None and isinstance(v, str) and v not in domain:
            self.error(f"'{v}' is not one of {dsl.show_values(domain)}", path,
                       hint=did_you_mean(str(v), domain))
            return None
        if not ok:
            want = describe(ty) + (f" (one of {dsl.show_values(domain)})" if domain else "")
            self.error(f"the initial value is {_show(v)}, not {want}", path)
            return None
        if ty == PLAYER and v >= self.spec.players.min:
            self.error(f"seat {v} does not exist in a game of {self.spec.players.min} players "
                       f"(seats are 0 to {self.spec.players.min - 1})", path)
            return None
        return v

    def variables(self) -> None:
        g, t = self.game, self.tables
        seen: dict[str, str] = {}
        groups = (("game", self.spec.variables.game, t.game_vars, g.game_vars, g.game_var_initial),
                  ("player", self.spec.variables.player, t.player_vars, g.player_vars,
                   g.player_var_initial),
                  ("team", self.spec.variables.team, t.team_vars, g.team_vars,
                   g.team_var_initial),
                  ("turn", self.spec.variables.turn, t.turn_vars, g.turn_vars, g.turn_var_initial))
        for scope_name, specs, table, infos, initial in groups:
            for name, v in specs.items():
                path = ("variables", scope_name, name)
                if name in seen:
                    self.error(f"variable '{name}' is already declared in variables.{seen[name]}",
                               path, key=True)
                    continue
                clash = self._name_clash(name)
                if clash:
                    self.error(f"variable '{name}' has the same name as {clash}", path, key=True)
                    continue
                seen[name] = scope_name
                ty = self.var_type(v.type, path + ("type",))
                if ty is None:  # reported; keep the name known so its uses do not cascade
                    table[name] = (len(infos), dsl.ANY)
                    infos.append(VarInfo(name, scope_name, len(infos), dsl.ANY, v.visible, name))
                    initial.append(None)
                    continue
                domain = t.attributes[v.type][1] if v.type in t.attributes else None
                if v.label:
                    self.need_text(v.label, path + ("label",))
                table[name] = (len(infos), ty)
                if domain is not None:
                    self.var_domains[name] = domain
                    t.var_domains[name] = domain
                infos.append(VarInfo(name, scope_name, len(infos), ty, v.visible, v.label or name,
                                     langdata.variable_names(self, name, v, ty, path)))
                initial.append(self.initial(ty, v.initial, path + ("initial",), domain))

    RESERVED = {"actor", "opener", "it", "p", "players", "num_players", "true", "false", "none"}

    def _name_clash(self, name: str) -> str:
        t = self.tables
        if name in self.RESERVED:
            return "a built-in name"
        if name in t.table_zones or name in t.player_zones:
            return f"zone '{name}'"
        if name in dsl.BUILTINS:
            return f"the built-in function '{name}'"
        return ""

    # ---- definitions -------------------------------------------------------------------
    def definitions(self) -> None:
        t = self.tables
        for head, body in self.spec.define.items():
            path = ("define", head)
            m = dsl.DEF_HEAD.match(head)
            if not m:
                self.error(f"'{head}' is not a definition name; write name or name(a, b)",
                           path, key=True)
                continue
            name = m.group(1)
            params = [p.strip() for p in (m.group(2) or "").split(",") if p.strip()]
            clash = self._name_clash(name) or (
                "a variable" if name in t.game_vars or name in t.turn_vars else "")
            if clash:
                self.error(f"definition '{name}' has the same name as {clash}", path, key=True)
                continue
            if name in t.definitions:
                self.error(f"definition '{name}' is declared twice", path, key=True)
                continue
            tree = None
            if isinstance(body, bool | int):
                body = str(body).lower() if isinstance(body, bool) else str(body)
            try:
                tree = dsl.parse(body, "expr")
            except CompileError as e:
                self.located(e, path)
            t.definitions[name] = (params, tree, head)
        # compile every definition once, so errors show at the definition itself
        for name, (params, tree, head) in list(t.definitions.items()):
            if tree is None or params:
                continue
            try:
                self.x.check_definition(name)
            except DefinitionError as e:
                self.definition_error(e, ("define", head))
            except RecursionError:
                self.error("the expression is nested too deeply", ("define", head))

    def names_of_windows(self) -> None:
        self.tables.windows = set(self.spec.windows)

    def procedures(self) -> None:
        """Named effect procedures (rulekit.stmt_procedures): checked and compiled once."""
        stmt_procedures.compile_all(self)

    # ---- effects -----------------------------------------------------------------------
    def effects(self, items: Any, path: YamlPath, scope: Scope) -> Fn:
        if not isinstance(items, list):
            self.error("effects must be a list", path,
                       hint="write each effect on its own line, starting with '- '")
            return _noop
        scope = scope.child()
        scope.effects = True
        fns: list[Fn] = []
        wheres: list[str] = []  # each statement's text and place, named by a runtime error
        for i, item in enumerate(items):
            f = self.effect(item, path + (i,), scope)
            if f is not None:
                fns.append(f)
                wheres.append(stmt_control.statement_where(self, item, path + (i,)))
        return stmt_control.located_list(fns, wheres)

    def effect(self, item: Any, path: YamlPath, scope: Scope) -> Fn | None:
        self.x.weight += 1  # running a statement is work, even one without expressions
        if isinstance(item, str):
            try:
                tree = dsl.parse(item, "stmt")
                return self.statement(tree, scope)
            except CompileError as e:
                self.located(e, path)
            except DefinitionError as e:
                self.definition_error(e, path)
            except RecursionError:
                self.error("the effect is nested too deeply", path)
            return None
        if isinstance(item, dict):
            if "if" in item:
                return self.if_effect(item, path, scope)
            if "for" in item:
                return self.for_effect(item, path, scope)
            if "log" in item:
                return self.log_effect(item, path, scope)
            if "repeat" in item:
                return stmt_control.repeat_effect(self, item, path, scope)
            if "while" in item:
                return stmt_control.while_effect(self, item, path, scope)
        if isinstance(item, dict):
            keys = ", ".join(str(k) for k in item) or "no keys"
            close = did_you_mean(str(next(iter(item), "")), stmt_control.MAPPING_KEYS)
            self.error("an effect mapping needs 'if', 'for', 'repeat', 'while' or 'log', but this "
                       f"one has: {keys}",
                       path, hint=close or "a statement is written as text, e.g. - set x = 1")
            return None
        self.error("an effect is a statement (text), or a mapping with if/then/else, "
                   f"for/do, repeat/do, while/do, or log/args/to; not {_show(item)}", path)
        return None

    def _keys(self, item: dict, allowed: set[str], path: YamlPath) -> bool:
        ok = True
        for k in item:
            if k not in allowed:
                self.error(f"unknown key '{k}'", path + (k,), key=True,
                           hint=did_you_mean(str(k), allowed) or
                           "allowed keys: " + ", ".join(sorted(allowed)))
                ok = False
        return ok

    def if_effect(self, item: dict, path: YamlPath, scope: Scope) -> Fn | None:
        self._keys(item, {"if", "then", "elif", "else"}, path)
        cond = self.expr(item["if"], path + ("if",), scope, BOOL, "the condition of 'if'")
        if "then" not in item:
            self.error("an 'if' effect needs 'then'", path)
        then = self.effects(item.get("then", []), path + ("then",), scope)
        other = stmt_control.else_part(self, item, path, scope)
        if cond is None:
            return None
        c = cond.fn

        def run(s: Any, e: dict) -> None:
            if c(s, e):
                then(s, e)
            else:
                other(s, e)

        return run

    def for_effect(self, item: dict, path: YamlPath, scope: Scope) -> Fn | None:
        self._keys(item, {"for", "do"}, path)
        if "do" not in item:
            self.error("a 'for' effect needs 'do' (the effects to repeat)", path)
        head = item["for"]
        m = dsl.FOR_HEAD.match(head) if isinstance(head, str) else None
        if not m:
            self.error("write 'for' as: NAME in LIST (for example: p in players)", path + ("for",))
            return None
        lead, var, rest = m.groups()
        start = len(lead) + len(var) + (len(head) - len(lead) - len(var) - len(rest))
        try:
            it = self.x.expr(dsl.parse(rest, "expr"), scope)
        except CompileError as e:
            self.error(e.message, path + ("for",), offset=(e.line, e.col + start), hint=e.hint)
            return None
        except DefinitionError as e:
            self.definition_error(e, path + ("for",), shift=start)
            return None
        except RecursionError:
            self.error("the expression is nested too deeply", path + ("for",))
            return None
        et = elem_of(it.type)
        if et is None:
            self.error(f"'for' needs a list or a zone, but this is {describe(it.type)}",
                       path + ("for",), offset=(0, start))
            return None
        inner = scope.child()
        key = inner.fresh_key(var)
        inner.names[var] = local(var, et, key)
        w0 = self.x.weight
        body = self.effects(item.get("do", []), path + ("do",), inner)
        w = self.x.weight - w0 + 1  # the cost of one pass, charged before the loop for them all
        itf = it.fn
        is_zone = it.type == ZONE

        def run(s: Any, e: dict) -> None:
            xs = s.zones[itf(s, e)] if is_zone else (itf(s, e) or ())  # none: no pass
            charge(s, len(xs) * w)
            for x in list(xs):
                e[key] = x
                body(s, e)
                if s.over:
                    return

        return run

    def log_effect(self, item: dict, path: YamlPath, scope: Scope) -> Fn | None:
        self._keys(item, {"log", "args", "to"}, path)
        key = item["log"]
        if not isinstance(key, str):
            self.error("'log' names a text key", path + ("log",))
            return None
        self.need_text(key, path + ("log",))
        args = item.get("args", {}) or {}
        if not isinstance(args, dict):
            self.error("'args' must be a mapping of name: expression", path + ("args",))
            return None
        compiled: list[tuple[str, str, Fn]] = []
        refused: set[str] = set()
        for name, value in args.items():
            typed = self.expr(value, path + ("args", name), scope)
            if typed is None:
                continue
            kind = {PLAYER: "player", CARD: "card", CARDS: "cards", ZONE: "cards", INT: "int",
                    STR: "str", BOOL: "bool", PLAYERS: "players", NONE: "str",
                    dsl.MELD: "cards"}.get(typed.type)
            if typed.type == dsl.TEAM:  # shown by its name, a text key like a word's
                kind = "str"
            if kind is None:
                self.error(f"cannot show {describe(typed.type)} in a message",
                           path + ("args", name), hint=_UNSHOWN_HINTS.get(typed.type, ""))
                refused.add(str(name))  # given, though not shown: no second error for it
                continue
            fn = typed.fn
            if typed.type == dsl.TEAM:
                fn = (lambda f: lambda s, e: _team_name(s, f(s, e)))(fn)
            if kind == "int" and typed.names:  # shown by its name: logged as the name's key
                kind, fn = "str", langdata.named(fn, typed.names)
            if typed.type == ZONE:
                fn = (lambda f: lambda s, e: list(s.zones[f(s, e)]))(fn)
            elif typed.type == dsl.MELD:  # a meld is shown by its cards as they are now
                fn = (lambda f: lambda s, e: s.meld_cards(f(s, e)))(fn)
            compiled.append((str(name), kind, fn))
        audience = None
        if "to" in item:
            typed = self.expr(item["to"], path + ("to",), scope)
            if typed is not None:
                if typed.type == PLAYER:
                    f = typed.fn
                    audience = (lambda f: lambda s, e: (f(s, e),))(f)
                elif compatible(PLAYERS, typed.type):
                    f = typed.fn
                    audience = (lambda f: lambda s, e: tuple(sorted(set(f(s, e)))))(f)
                else:
                    self.error(f"'to' must be a player or a list of players, but this is "
                               f"{describe(typed.type)}", path + ("to",))
            if key + "_hidden" not in self.spec.text:
                self.error(f"a log with 'to' also needs a text '{key}_hidden' (what the other "
                           "players are told)", path + ("log",),
                           hint=f"add '{key}_hidden' to the text section")
        names = {n for n, _, _ in compiled} | refused
        self.text_uses.append(TextUse(key, frozenset(names), "a log", checked=True))
        if key in self.spec.text:
            for lang, template in self.spec.text[key].items():
                unknown = placeholders(template) - names
                if unknown:
                    self.error(f"text '{key}' ({lang}) uses {sorted(unknown)} but this log "
                               f"gives only {sorted(names)}", path + ("args",),
                               hint="give " + ", ".join(sorted(unknown)) + " in 'args'")
                    break
        hidden = key + "_hidden"
        if "to" in item and hidden in self.spec.text:
            # the others' version loses single cards; a list of cards becomes its count
            kept = {n for n, kind, _ in compiled if kind != "card"}
            self.text_uses.append(TextUse(hidden, frozenset(kept), "a private log", checked=True))
            for lang, template in self.spec.text[hidden].items():
                unknown = placeholders(template) - kept
                if unknown:
                    self.error(f"text '{hidden}' ({lang}) uses {sorted(unknown)}, which the "
                               f"players outside 'to' do not get", path + ("to",),
                               hint="a card argument is hidden from them; a list of cards shows "
                                    "as its count")
                    break

        def run(s: Any, e: dict) -> None:
            vals = tuple((n, k, _snapshot(f(s, e))) for n, k, f in compiled)
            size = 1
            for _, _, v in vals:
                if type(v) is list:
                    size += len(v)
            charge(s, size)  # the log keeps it: it also counts against limits.max_log
            s.log_room -= size - 1
            if s.log_room < 1:
                raise EvaluationLimitError("", log_full(s.game.max_log))
            s.add_event(key, vals, None if audience is None else audience(s, e))

        return run

    def statement(self, tree: Tree, scope: Scope) -> Fn:
        kind = str(tree.data)
        method = getattr(self, "s_" + kind, None)
        if method is None:
            more = stmt_turns.STATEMENTS.get(kind) or stmt_procedures.STATEMENTS.get(kind)
            if more is None:
                raise fail(tree, f"'{kind}' is not a statement")
            return more(self, tree, scope)
        return method(tree, scope)

    def _zone(self, tree: Tree, scope: Scope, what: str) -> Fn:
        typed = self.x.expr(tree, scope)
        if typed.type != ZONE:
            raise fail(tree, f"{what} must be a zone, but this is {describe(typed.type)}")
        return typed.fn

    def _int(self, tree: Tree, scope: Scope, what: str) -> Fn:
        return langdata.not_none(self.x.expect(tree, scope, INT, what).fn, what)

    def _cards(self, tree: Tree, scope: Scope, what: str) -> Fn:
        typed = self.x.expr(tree, scope)
        f = typed.fn
        if typed.type == CARD:
            return lambda s, e: [] if (c := f(s, e)) is None else [c]
        if typed.type == ZONE:
            def zone_cards(s: Any, e: dict) -> list:
                cards = s.zones[f(s, e)]
                charge(s, len(cards))  # a statement moves or shows each card: work
                return list(cards)
            return zone_cards
        if compatible(CARDS, typed.type):
            def listed_cards(s: Any, e: dict) -> list:
                cards = f(s, e)
                if cards is None:  # a skipped cards parameter: none moves (shows) nothing
                    return []
                charge(s, len(cards))
                return cards
            return listed_cards
        raise fail(tree, f"{what} must be a card, a list of cards or a zone, but this is "
                   f"{describe(typed.type)}")

    def s_set_stmt(self, tree: Tree, scope: Scope) -> Fn:
        lv, value_tree = tree.children
        setter, ty = self.lvalue(lv, scope)
        value = self.x.expr(value_tree, scope)
        if not compatible(ty, value.type):
            raise fail(value_tree, f"cannot store {describe(value.type)} in a variable that "
                       f"holds {describe(ty)}")
        domain = self.var_domains.get(str(lv.children[-1]))
        if domain is not None and value.words is not None:
            value.words.meets(domain, stored=True)
        if domain is not None and value.is_const and value.const not in domain \
                and value.const is not None:
            raise fail(value_tree, f"'{value.const}' is not one of the values "
                       f"{dsl.show_values(domain)}", did_you_mean(str(value.const), domain))
        vf = value.fn
        if ty in (INT, BOOL) and not value.is_const:  # a number or a condition is never none
            vf = langdata.not_none(vf, f"the value stored in '{lv.children[-1]}'")
        return lambda s, e: setter(s, e, _snapshot(vf(s, e)))

    def s_add_stmt(self, tree: Tree, scope: Scope) -> Fn:
        value_tree, lv = tree.children
        setter, ty = self.lvalue(lv, scope)
        getter = self.x.expr(Tree("attr", lv.children) if lv.data == "lv_attr" else
                             Tree("name", lv.children), scope).fn
        if ty != INT:
            raise fail(lv, f"'add' needs a number variable, but this is {describe(ty)}")
        vf = self._int(value_tree, scope, "the amount to add")

        def add(s: Any, e: dict) -> None:
            v = getter(s, e) + vf(s, e)
            setter(s, e, v if -dsl.MAX_INT <= v <= dsl.MAX_INT else dsl._bounded(v))

        return add

    def lvalue(self, lv: Tree, scope: Scope) -> tuple[Callable[[Any, dict, Any], None], str]:
        t = self.tables
        if lv.data == "lv_name":
            name = str(lv.children[0])
            if name in t.game_vars:
                i, ty = t.game_vars[name]

                def set_game(s: Any, e: dict, v: Any, i: int = i) -> None:
                    s.gvars[i] = v
                return set_game, ty
            if name in t.turn_vars:
                i, ty = t.turn_vars[name]

                def set_turn(s: Any, e: dict, v: Any, i: int = i) -> None:
                    s.tvars[i] = v
                return set_turn, ty
            if name in scope.names:
                raise fail(lv, f"'{name}' is not a variable; only variables can be set")
            if name in t.player_vars:
                raise fail(lv, f"'{name}' belongs to each player; write <player>.{name}")
            raise fail(lv, f"unknown variable '{name}'",
                       did_you_mean(name, list(t.game_vars) + list(t.turn_vars)))
        base_tree, name_tok = lv.children
        base = self.x.expr(base_tree, scope)
        name = str(name_tok)
        # a variable of an owner: a player's (s.pvars) or a team's (s.teamvars)
        owners = {PLAYER: ("player", "players", t.player_vars, "pvars"),
                  dsl.TEAM: ("team", "teams", t.team_vars, "teamvars")}
        if base.type not in owners:
            raise fail(lv, f"only player and team variables can be set with '.', but this is "
                       f"{describe(base.type)}")
        owner, owners_word, table, store = owners[base.type]
        if name not in table:
            raise fail(name_tok, f"{owners_word} have no variable '{name}'",
                       did_you_mean(name, table))
        i, ty = table[name]
        bf = base.fn

        def set_owned(s: Any, e: dict, v: Any) -> None:
            who = bf(s, e)
            if who is None:
                raise RuleRuntimeError("", f"cannot set '{name}' of no {owner} (none)")
            getattr(s, store)[i][who] = v

        return set_owned, ty

    def s_move_stmt(self, tree: Tree, scope: Scope) -> Fn:
        what, dest_tree, *places = tree.children
        cards = self._cards(what, scope, "what 'move' moves")
        dest = self._zone(dest_tree, scope, "where 'move' puts cards")
        up = any(p.data == "face_up" for p in places)
        bottom = any(p.data == "at_bottom" for p in places)
        return lambda s, e: s.move_cards(cards(s, e), dest(s, e), up, bottom)

    def s_draw_stmt(self, tree: Tree, scope: Scope) -> Fn:
        n, src, dest = tree.children
        nf = self._int(n, scope, "how many to draw")
        sf = self._zone(src, scope, "the zone drawn from")
        df = self._zone(dest, scope, "the zone drawn to")

        def run(s: Any, e: dict) -> None:
            n = nf(s, e)
            charge(s, n)  # what the rule asks for: 'draw 10^12' is a runaway rule
            s.draw(n, sf(s, e), df(s, e))

        return run

    def s_refill_stmt(self, tree: Tree, scope: Scope) -> Fn:
        zone, src, n = tree.children
        zf = self._zone(zone, scope, "the zone refilled")
        sf = self._zone(src, scope, "the zone drawn from")
        nf = self._int(n, scope, "the size to refill to")

        def run(s: Any, e: dict) -> None:
            z = zf(s, e)
            missing = nf(s, e) - len(s.zones[z])
            if missing > 0:
                charge(s, missing)
                s.draw(missing, sf(s, e), z)

        return run

    def s_deal_stmt(self, tree: Tree, scope: Scope) -> Fn:
        n, src, kind_tok = tree.children
        nf = self._int(n, scope, "how many to deal")
        sf = self._zone(src, scope, "the zone dealt from")
        kind = str(kind_tok)
        if kind not in self.tables.player_zones:
            raise fail(kind_tok, f"'{kind}' is not a zone each player owns",
                       did_you_mean(kind, self.tables.player_zones) or
                       "zones each player owns: " + (", ".join(self.tables.player_zones)
                                                     or "none (declare one with owner: player)"))
        k = self.tables.player_zones[kind]
        nt = self.tables.n_table_zones

        def run(s: Any, e: dict) -> None:
            src_zone = sf(s, e)
            n = nf(s, e)
            charge(s, n * s.n)  # what the rule asks for: 'deal 10^12' is a runaway rule
            source = s.zones[src_zone]
            for _ in range(n):
                if not source:  # the rest of the deal would draw nothing
                    return
                for p in range(s.n):
                    s.draw(1, src_zone, nt + k * s.n + p)

        return run

    def s_shuffle_stmt(self, tree: Tree, scope: Scope) -> Fn:
        zf = self._zone(tree.children[0], scope, "what 'shuffle' shuffles")

        def run(s: Any, e: dict) -> None:
            z = zf(s, e)
            charge(s, len(s.zones[z]))
            s.shuffle(z)

        return run

    def s_swap_stmt(self, tree: Tree, scope: Scope) -> Fn:
        a = self._zone(tree.children[0], scope, "each side of 'swap'")
        b = self._zone(tree.children[1], scope, "each side of 'swap'")

        def run(s: Any, e: dict) -> None:
            za, zb = a(s, e), b(s, e)
            charge(s, len(s.zones[za]) + len(s.zones[zb]))
            s.swap(za, zb)

        return run

    def s_show_stmt(self, tree: Tree, scope: Scope) -> Fn:
        return show.compile_show(self, tree, scope)

    def s_reveal_stmt(self, tree: Tree, scope: Scope) -> Fn:
        cf = self._cards(tree.children[0], scope, "what 'reveal' shows")
        return lambda s, e: s.reveal(cf(s, e))

    def _wild_as(self, tree: Tree | None, scope: Scope) -> Fn:
        if tree is None:
            return lambda s, e: None
        return self.x.expect(tree, scope, INT, "the value after 'as'").fn  # none: the lowest fit

    def _need_melds(self, tree: Tree) -> None:
        if self.spec.melds is None:
            raise fail(tree, "this needs a 'melds:' section saying how runs and sets are made")

    def s_meld_stmt(self, tree: Tree, scope: Scope) -> Fn:
        what, dest_tree, as_tree = tree.children
        self._need_melds(tree)
        cards = self._cards(what, scope, "what 'meld' lays")
        dest = self._zone(dest_tree, scope, "where 'meld' lays the cards")
        wild_as = self._wild_as(as_tree, scope)
        return lambda s, e: s.make_meld(list(cards(s, e)), dest(s, e), wild_as(s, e))

    def s_extend_stmt(self, tree: Tree, scope: Scope) -> Fn:
        meld_tree, card_tree, as_tree = tree.children
        self._need_melds(tree)
        mf = self.x.expect(meld_tree, scope, dsl.MELD, "what 'extend' extends").fn
        cf = self.x.expect(card_tree, scope, CARD, "the card 'extend' adds").fn
        wild_as = self._wild_as(as_tree, scope)

        def run(s: Any, e: dict) -> None:
            m, c = mf(s, e), cf(s, e)
            if m is None or c is None:
                raise RuleRuntimeError("", "'extend' needs a meld and a card, not none")
            s.extend_meld(m, c, wild_as(s, e))

        return run

    def s_ask_stmt(self, tree: Tree, scope: Scope) -> Fn:
        name_tok, to_tree = tree.children
        name = str(name_tok)
        if name not in self.spec.windows:
            raise fail(name_tok, f"unknown window '{name}'", did_you_mean(name, self.spec.windows))
        index = list(self.spec.windows).index(name)
        if to_tree is not None:
            typed = self.x.expr(to_tree, scope)
            tf = typed.fn
            if typed.type == PLAYER:
                order = lambda s, e: [tf(s, e)]  # noqa: E731
            elif compatible(PLAYERS, typed.type):
                order = tf
            else:
                raise fail(to_tree, f"'ask ... to' needs a player or a list of players, but this"
                           f" is {describe(typed.type)}")
        else:
            order = None

        def run(s: Any, e: dict) -> None:
            opener = e.get("actor", e.get("opener"))
            if order is None:
                win = s.game.windows[index]
                players = s.game.guard(win.rule + ".order", win.order, s, {"opener": opener})
            else:
                players = order(s, e) or []  # none: nobody
            charge(s, 1 + len(players))  # the frame waits on the stack until it is answered
            if len(s.stack) + len(s._queued) >= MAX_OPEN_WINDOWS:
                raise EvaluationLimitError("", f"more than {MAX_OPEN_WINDOWS} windows are open "
                                           "at once (a window asked again and again)")
            s.queue_window(index, [p for p in players if p is not None], opener)

        return run

    def s_end_turn_stmt(self, tree: Tree, scope: Scope) -> Fn:
        def run(s: Any, e: dict) -> None:
            s.end_turn_flag = True
        return run

    def s_turn_to_stmt(self, tree: Tree, scope: Scope) -> Fn:
        pf = self.x.expect(tree.children[0], scope, PLAYER, "who gets the turn").fn
        return lambda s, e: s.turn_to(pf(s, e))

    def s_end_game_stmt(self, tree: Tree, scope: Scope) -> Fn:
        reason = str(tree.children[0])
        if reason not in self.spec.text:
            raise fail(tree.children[0], f"no text '{reason}' to explain why the game ended",
                       did_you_mean(reason, self.spec.text) or "add it to the text section")
        self.text_uses.append(TextUse(reason, frozenset(), "the reason the game ended"))
        return lambda s, e: s.finish(reason)

    def s_pass_stmt(self, tree: Tree, scope: Scope) -> Fn:
        return _noop

    # ---- phases, windows, actions ------------------------------------------------------
    def phases_and_actions(self) -> None:
        g = self.game
        phase_names = list(self.spec.phases)
        window_names = list(self.spec.windows)
        empty = Scope()
        for i, (name, ph) in enumerate(self.spec.phases.items()):
            path = ("phases", name)
            label = ph.label or name
            if ph.label:
                self.need_text(ph.label, path + ("label",))
            first = self.expr(ph.first, path + ("first",), empty, PLAYER, "'first'")
            pscope = Scope()
            pscope.names["p"] = local("p", PLAYER)
            active = self.expr(ph.active, path + ("active",), pscope, BOOL, "'active'")
            end_if = None
            if ph.end_if is not None:
                end_if = self.expr(ph.end_if, path + ("end_if",), empty, BOOL, "'end_if'")
            nxt = i
            if ph.next is not None:
                if ph.next in self.spec.phases:
                    nxt = phase_names.index(ph.next)
                else:
                    self.error(f"unknown phase '{ph.next}'", path + ("next",),
                               hint=did_you_mean(ph.next, phase_names))
            g.phases.append(CompiledPhase(
                name=name, rule=f"phases.{name}", label=label,
                first=first.fn if first else _none, active=active.fn if active else _true,
                step=1 if ph.turn_order == "clockwise" else -1,
                on_begin=self.effects(ph.on_begin, path + ("on_begin",), empty),
                end_if=end_if.fn if end_if else None,
                on_end=self.effects(ph.on_end, path + ("on_end",), empty), next=nxt,
                **stmt_turns.turn_hooks(self, ph, path)))
        for name, w in self.spec.windows.items():
            path = ("windows", name)
            if w.prompt:
                self.need_text(w.prompt, path + ("prompt",))
            oscope = Scope()
            oscope.names["opener"] = local("opener", PLAYER)
            order = self.expr(w.order, path + ("order",), oscope, PLAYERS, "'order'")
            escope = oscope.child()
            escope.names["actor"] = local("actor", PLAYER)
            eligible = self.expr(w.eligible, path + ("eligible",), escope, BOOL, "'eligible'")
            g.windows.append(CompiledWindow(
                name=name, rule=f"windows.{name}", prompt=w.prompt,
                order=order.fn if order else _empty_list,
                eligible=eligible.fn if eligible else _true,
                then=self.effects(w.then, path + ("then",), oscope)))
        for index, (name, a) in enumerate(self.spec.actions.items()):
            path = ("actions", name)
            act = self.action(name, index, a, path, phase_names, window_names)
            g.actions.append(act)
            if act.window is not None:
                g.windows[act.window].actions.append(act)
            else:
                for pi, phase in enumerate(g.phases):
                    if act.phases is None or pi in act.phases:
                        phase.actions.append(act)
        for w in g.windows:
            if not w.actions:
                self.error(f"window '{w.name}' has no actions (give an action 'window: {w.name}')",
                           ("windows", w.name), key=True)

    def action(self, name: str, index: int, a: Any, path: YamlPath, phase_names: list[str],
               window_names: list[str]) -> CompiledAction:
        label = a.label or name
        if a.label:
            self.need_text(a.label, path + ("label",))
        scope = Scope()
        scope.names["actor"] = local("actor", PLAYER)
        window = None
        if a.window is not None:
            if a.phase is not None:
                self.error("an action belongs to a window or to phases, not both",
                           path + ("phase",), key=True)
            if a.window in window_names:
                window = window_names.index(a.window)
            else:
                self.error(f"unknown window '{a.window}'", path + ("window",),
                           hint=did_you_mean(a.window, window_names))
            scope.names["opener"] = local("opener", PLAYER)
        phases = None
        if a.phase is not None:
            wanted = [a.phase] if isinstance(a.phase, str) else a.phase
            phases = set()
            for j, ph in enumerate(wanted):
                ppath = path + ("phase",) if isinstance(a.phase, str) else path + ("phase", j)
                if ph in phase_names:
                    phases.add(phase_names.index(ph))
                else:
                    self.error(f"unknown phase '{ph}'", ppath, hint=did_you_mean(ph, phase_names))
        when = self.expr(a.when, path + ("when",), scope, BOOL, "'when'")
        params: list[CompiledParam] = []
        pscope = scope.child()
        names_seen: set[str] = set()
        for j, p in enumerate(a.params):
            cp = self.param(p, path + ("params", j), pscope, f"actions.{name}.params[{j}]")
            if cp is None:
                continue
            if cp.name in names_seen or cp.name in self.RESERVED:
                self.error(f"parameter name '{cp.name}' is already used", path + ("params", j))
            names_seen.add(cp.name)
            params.append(cp)
        effects = self.effects(a.effects, path + ("effects",), pscope)
        start = Action(START, name, index, name)
        when_text = str(a.when).lower() if isinstance(a.when, bool) else str(a.when)
        return CompiledAction(name=name, index=index, rule=f"actions.{name}", label=label,
                              window=window, phases=phases, when=when.fn if when else _false,
                              params=params, effects=effects, closes=a.closes, start=start,
                              when_text=when_text)

    def param(self, p: Any, path: YamlPath, scope: Scope, rule: str) -> CompiledParam | None:
        g = self.game
        kind, name = p.kind, p.name
        if p.prompt:
            self.need_text(p.prompt, path + ("prompt",))
        cp = CompiledParam(kind=kind, name=name, rule=rule, game=g, prompt=p.prompt)
        if p.when is not None:
            w = self.expr(p.when, path + ("when",), scope, BOOL, "'when'")
            cp.when = w.fn if w else _true
        where_scope = scope.child()
        limit_scope = scope  # what min and max see: a cards parameter's also see 'picked'
        words = None  # a choice's literal words, checked against the domains they meet
        allowed = {"cards": {"from", "min", "max", "where"}, "choice": {"values", "where"},
                   "number": {"min", "max", "where"}, "player": {"among", "where"}}[kind]
        allowed |= {"when", "otherwise", "prompt"}
        for key in ("from_", "values", "among", "min", "max", "where", "otherwise"):
            shown = "from" if key == "from_" else key
            if getattr(p, key) is not None and shown not in allowed:
                self.error(f"'{shown}' does not apply to a {kind} parameter", path + (shown,),
                           key=True, hint="it takes: " + ", ".join(sorted(allowed)))
        value_type = {"cards": CARDS, "number": INT, "player": PLAYER}.get(kind, "any")
        if kind == "cards":
            if p.from_ is None:
                self.error("a cards parameter needs 'from' (a zone or a list of cards)", path)
                return None
            src = self.expr(p.from_, path + ("from",), scope)
            if src is not None:
                if src.type == ZONE or compatible(CARDS, src.type):
                    cp.source = src.fn
                else:
                    self.error(f"'from' must be a zone or a list of cards, but this is "
                               f"{describe(src.type)}", path + ("from",))
            where_scope.names["it"] = local("it", CARD)
            limit_scope = show.bind_picked(scope, where_scope)
            value_type = CARDS
        elif kind == "number":
            if p.min is None or p.max is None:
                self.error("a number parameter needs 'min' and 'max'", path)
                return None
        elif kind == "choice":
            if p.values is None:
                self.error("a choice parameter needs 'values'", path)
                return None
            vals = p.values
            if isinstance(vals, list):
                items = list(vals)
                types = {type(v) for v in items}
                vt = INT if types == {int} else STR
                cp.values = lambda s, e, items=items: items
                if vt == STR:
                    words = langdata.WordUse(items, path + ("values",))
            else:
                typed = self.expr(vals, path + ("values",), scope)
                vt = "any"
                if typed is not None:
                    et = elem_of(typed.type)
                    if et is None:
                        self.error(f"'values' must be a list, but this is {describe(typed.type)}",
                                   path + ("values",))
                    elif elem_of(et) is not None:
                        # an action names its value in one word of its string, and a list has
                        # no such word: choosing cards is a cards parameter's job
                        self.error(f"a choice's values must be single values (numbers, words, "
                                   f"players or cards), but each value here is {describe(et)}",
                                   path + ("values",),
                                   hint="to choose cards, use a cards parameter ({cards: NAME, "
                                   "from: ..., min: ..., max: ...}); to choose among groups, "
                                   "choose a number and pick the group with it")
                    else:
                        vt = et
                        cp.names = typed.names
                        f = typed.fn
                        cp.values = (lambda f: lambda s, e: list(s.zones[f(s, e)]))(f) \
                            if typed.type == ZONE else f
            value_type = vt
            where_scope.names["it"] = local("it", vt)
            where_scope.names["it"].words = words
        else:  # player
            if p.among is not None:
                typed = self.expr(p.among, path + ("among",), scope, PLAYERS, "'among'")
                cp.values = typed.fn if typed else _empty_list
            else:
                cp.values = lambda s, e: s.players
            where_scope.names["it"] = local("it", PLAYER)
        if kind == "number":
            where_scope.names["it"] = local("it", INT)
        for key in ("min", "max"):
            v = getattr(p, key)
            if v is not None and key in allowed:
                typed = self.expr(v, path + (key,), limit_scope, INT, f"'{key}'")
                setattr(cp, key, typed.fn if typed else (lambda s, e: 0))
        if p.where is not None:
            cp.where_text = str(p.where)
            typed = self.expr(p.where, path + ("where",), where_scope, BOOL, "'where'")
            cp.where = typed.fn if typed else _true
        if p.otherwise is not None:
            typed = self.expr(p.otherwise, path + ("otherwise",), scope)
            if typed is not None:
                want = value_type
                if want != "any" and not compatible(want, typed.type):
                    self.error(f"'otherwise' must be {describe(want)}, but this is "
                               f"{describe(typed.type)}", path + ("otherwise",))
                cp.otherwise = typed.fn
        cp.value_type = "card" if value_type == CARD else value_type
        if p.meld:
            if kind != "cards":
                self.error("'meld' applies to a cards parameter", path + ("meld",), key=True)
            elif self.spec.melds is None:
                self.error("'meld: true' needs a 'melds:' section saying how runs and sets are "
                           "made", path + ("meld",), key=True)
            else:
                cp.meld = True
        if kind == "cards":
            g.done_actions.setdefault(name, Action(DONE, name, None, "done"))
        if p.names is not None:
            cp.names = langdata.param_names(self, p, value_type, path) or cp.names
        # later parameters and the effects see this one by name
        scope.names[name] = local(name, value_type)
        scope.names[name].words = words
        scope.names[name].names = cp.names
        if words is not None:
            self.word_uses.append(words)
        return cp

    # ---- setup, scoring, invariants ----------------------------------------------------
    def meld_rules(self) -> None:
        """Precompute each card's meld value, run key and wildness from the melds section."""
        spec = self.spec.melds
        g = self.game
        self.tables.has_melds = spec is not None
        if spec is None or not g.n_cards:
            return
        path = ("melds",)
        scope = Scope()
        scope.names["it"] = dsl.local("it", CARD)

        def table(expr: Any, key: str, type_: str | None) -> list | None:
            typed = self.expr(expr, path + (key,), scope, type_, f"melds.{key}")
            if typed is None:
                return None
            try:
                return [typed.fn(None, {"it": c}) for c in range(g.n_cards)]
            except (RuleRuntimeError, TypeError, IndexError, ValueError) as e:
                self.error(f"computing melds.{key} failed: {e}", path + (key,))
                return None

        values = table(spec.value, "value", INT)
        ok = table(spec.cards, "cards", BOOL) if spec.cards is not True else [True] * g.n_cards
        same = table(spec.run.same, "same", None) if spec.run and spec.run.same is not None \
            else None
        wild = table(spec.wild, "wild", BOOL) if spec.wild is not None else [False] * g.n_cards
        if spec.run is None and spec.set is None:
            self.error("melds need at least one of 'run' and 'set'", path)
        if spec.wild is not None and spec.wild_values is None:
            self.error("wild cards need 'wild_values: {min: .., max: ..}' (what they may "
                       "stand for)", path + ("wild",), key=True)
        if values is None or wild is None or ok is None or self.diags:
            return
        # runs stay within the values of the cards that may meld (and what wilds may be)
        naturals = [v for v, w, k in zip(values, wild, ok, strict=True) if k and not w] or [0]
        low, high = min(naturals), max(naturals)
        if high - low > MAX_MELD_SPAN:
            self.error(f"meld values run from {low} to {high}; runs need a range of at most "
                       f"{MAX_MELD_SPAN} values", path + ("value",),
                       hint="give melds.value small numbers (a rank, say), not scores")
            return
        wild_low = wild_high = None
        if spec.wild_values is not None:
            wild_low, wild_high = spec.wild_values.min, spec.wild_values.max
            if not any(k and not w for w, k in zip(wild, ok, strict=True)):
                low, high = wild_low, wild_high
        self.tables.meld_span = max(high - low + 1, 0)
        g.meld_rules = MeldRules(
            value=values, ok=ok, same=same, wild=wild, wild_low=wild_low, wild_high=wild_high,
            run_min=spec.run.min if spec.run else None, run_max=spec.run.max if spec.run else 0,
            set_min=spec.set.min if spec.set else None, set_max=spec.set.max if spec.set else 0,
            low=low, high=high)

    def teams(self) -> None:
        """Team names, and the expression putting each player in a team."""
        spec = self.spec.teams
        if spec is None:
            if self.spec.variables.team:
                self.error("team variables need a 'teams:' section", ("variables", "team"))
            return
        if len(set(spec.names)) != len(spec.names):
            self.error("a team is named twice", ("teams", "names"))
        self.game.team_names = list(spec.names)
        self.tables.team_names = list(spec.names)
        scope = Scope()
        scope.names["p"] = local("p", PLAYER)
        typed = self.expr(spec.of, ("teams", "of"), scope, STR, "'of' (a team's name)")
        if typed is not None and typed.is_const and typed.const not in spec.names:
            self.error(f"'{typed.const}' is not one of the teams {spec.names}", ("teams", "of"))
        self.game.team_of_fn = typed.fn if typed else (lambda s, e: spec.names[0])

    def setup(self) -> None:
        self.game.setup = self.effects(self.spec.setup, ("setup",), Scope())

    def scoring(self) -> None:
        scope = Scope()
        scope.names["p"] = local("p", PLAYER)
        typed = self.expr(self.spec.scoring.score, ("scoring", "score"), scope, INT, "the score")
        self.game.score_fn = typed.fn if typed else (lambda s, e: 0)
        winners = self.spec.scoring.winners
        self.game.winners_highest = winners == "highest"
        if winners in ("highest", "lowest", "all", "none"):
            self.game.winners_mode = winners
        else:
            cond = self.expr(winners, ("scoring", "winners"), scope, BOOL,
                             "'winners' (highest, lowest, all, none, or a condition on p)")
            self.game.winners_mode = "condition"
            self.game.winners_fn = cond.fn if cond else (lambda s, e: False)

    def bot_hints(self) -> None:
        compile_hints(self)

    def table_decl(self) -> None:
        compile_table(self)

    def invariants(self) -> None:
        for i, inv in enumerate(self.spec.invariants):
            typed = self.expr(inv.check, ("invariants", i, "check"), Scope(), BOOL, "an invariant")
            if typed is not None:
                self.game.invariants.append((inv.name, typed.fn))


def _snapshot(v: Any) -> Any:
    return list(v) if isinstance(v, list) else v


def _noop(s: Any, e: dict) -> None:
    return None


def _true(s: Any, e: dict) -> bool:
    return True


def _false(s: Any, e: dict) -> bool:
    return False


def _none(s: Any, e: dict) -> None:
    return None


def _empty_list(s: Any, e: dict) -> list:
    return []


def _dedupe(diags: list[Diagnostic]) -> list[Diagnostic]:
    seen = set()
    out = []
    for d in diags:
        k = (d.file, d.line, d.col, d.message)
        if k not in seen:
            seen.add(k)
            out.append(d)
    return out


__all__ = ["Compiler", "Token"]


def _team_name(s: Any, team: int | None) -> str | None:
    """A team as a logged value: its name, a text key the log translates (none stays none)."""
    return None if team is None else s.game.team_names[team]


# what to write instead of a value a log cannot show
_UNSHOWN_HINTS = {dsl.list_of(dsl.TEAM): "log one team at a time (a team is shown by its name), "
                                     "or its players: members(TEAM)"}
