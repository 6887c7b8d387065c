"""Compiling a ruleset's declarations: texts, cards and their labels, zones, variables,
definitions, window and procedure names."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from typing import Any

from ..actions import PICK, Action
from ..data.names import hidden_char, shown, skeleton
from ..data.schema import ComputedAttr, IntAttr
from ..data.yamlsource import YamlPath
from ..errors import RuleRuntimeError
from ..lang import expressions as dsl
from ..lang.expansion import MAX_DEFINITION_PARTS, oversized_definitions
from ..lang.expressions import (
    BOOL,
    CARD,
    CARDS,
    INT,
    PLAYER,
    PLAYERS,
    STR,
    CompileError,
    DefinitionError,
    Scope,
    describe,
    did_you_mean,
)
from ..lang.text import placeholders
from ..lang.textcheck import malformed_forms, plurals_of_non_numbers, static_uses, unfilled
from ..rules.game import (
    VarInfo,
    ZoneInfo,
)
from . import langdata, stmt_procedures
from .base import (
    MAX_DECK,
    VAR_TYPES,
    CompilerBase,
)
from .schema_errors import _show

Fn = Callable[[Any, dict], Any]


class DeclarationsMixin(CompilerBase):
    """The declaration sections of a ruleset."""

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
        """Each used text's {placeholders} must name something every use of it fills; a plural
        form's, a number."""
        uses = self.text_uses + list(static_uses(self.spec))
        for u in [*unfilled(self.spec, uses), *plurals_of_non_numbers(self.spec, uses)]:
            self.error(u.message, ("text", u.key, u.lang), offset=(u.line, u.col), hint=u.hint)

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
                    t.symbols.update(str(v) for v in a)  # words: one kind, checked above
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
            cpath: YamlPath = ("cards", "attributes", name, "computed")
            scope = Scope()
            for attr, (aty, adomain) in plain.items():
                scope.names[attr] = dsl.Typed(aty, (lambda k: lambda s, e: e[k])(attr),
                                              domain=adomain)
            typed = self.expr(text, cpath, scope)
            if typed is None:
                continue
            try:
                at_load = dsl.LoadTimeState()
                table = [typed.fn(at_load, dict(r)) for r in rows]
            except (RuleRuntimeError, TypeError, ValueError, ZeroDivisionError) as e:
                self.error(f"computing '{name}' failed: {str(e).removeprefix('rule : ')}", cpath)
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
                at = next((i for i, r in enumerate(self.spec.cards.label) if r.text == key), None)
                differ = [a for a, tab in g.card_attrs.items() if tab[other] != tab[c]]
                same = (f"share the label '{g.labels[c]}'" if g.labels[c] == g.labels[other] else
                        f"have labels that look the same: '{g.labels[other]}' and "
                        f"'{g.labels[c]}'")
                self.error(f"two different cards {same} "
                           f"({self._card_attrs_text(other)} and {self._card_attrs_text(c)})",
                           ("cards", "label") + ((at, "text") if at is not None else ()),
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
        self._oversized_definitions()
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

    def _oversized_definitions(self) -> None:
        """Refuse, before inlining anything, a definition that grows past MAX_DEFINITION_PARTS
        with the definitions it calls inlined (each level using the one below twice doubles
        it): its uses then fail at once as uses of a broken definition."""
        t = self.tables
        for o in oversized_definitions(t.definitions):
            params, _tree, head = t.definitions[o.name]
            if o.callee:
                message = (f"definition '{o.name}' grows to more than {MAX_DEFINITION_PARTS:,} "
                           "parts once the definitions it uses are copied into it "
                           f"('{o.callee}' alone is {o.callee_size:,})")
                where = dsl.CompileError(message, o.line - 1, o.col - 1,
                                         "a definition with parameters is copied wherever it "
                                         "is used, so definitions that each use the one "
                                         "before several times multiply; use it fewer times")
            else:
                where = dsl.CompileError(f"definition '{o.name}' is too large (more than "
                                         f"{MAX_DEFINITION_PARTS:,} parts)", 0, 0,
                                         "split it into smaller definitions")
            self.located(where, ("define", head))
            t.definitions[o.name] = (params, None, head)

    def names_of_windows(self) -> None:
        self.tables.windows = set(self.spec.windows)

    def procedures(self) -> None:
        """Named effect procedures (rulekit.stmt_procedures): checked and compiled once."""
        stmt_procedures.compile_all(self)
