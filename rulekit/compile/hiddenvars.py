"""Hidden variables a sampled world can trust: `visible: false` holds nothing a seat cannot see.

A bot's sampled world (`rulekit.resample`) shuffles the cards its seat cannot see and copies the
rest of the state. A hidden variable worked out from hidden cards (whether a face-down claim was
honest) would keep its true value in every sampled world, and a search would read the truth in
it. So the compiler refuses, at the statement, a hidden variable set from what some seat may not
see, unless the variable says how a sampled world recomputes it (`resample: EXPR`). Hidden facts
then live in cards and zones, which resample deals afresh, and in variables derived from public
information, which every sampled world may copy.

The analysis is static and conservative: each expression is read for what it may depend on
(`Val.secret`, the reason) and whether it holds cards some seat may not see (`Val.hidden`).
Sources of secrecy: an attribute (or the identity) of a hidden card, the size of a `hidden`
zone, a random draw, and a variable recomputed from the cards. A player's other choices (a
number, a word, a player) count as made in the open. A condition around a `set` counts as its
value (`if`, `elif`, `for`, `repeat`, `while`, and those around a procedure's `call`), read with
the cards public where the `set` is. Cards count as public in a list of effects that reveals
them, moves them face up, or moves them to a public zone (statements run at once: nobody decides
in between).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from lark import Token, Tree

from ..lang import expressions as dsl
from ..lang.expressions import (
    ANY,
    CARD,
    CARDS,
    INT,
    MELD,
    NONE,
    PLAYER,
    PLAYERS,
    TEAM,
    ZONE,
    CompileError,
    DefinitionError,
    Scope,
    elem_of,
    local,
)
from ..lang.parsing import pos_of
from ..lang.types import list_of
from .context import CompileContext

if TYPE_CHECKING:
    from ..data.yamlsource import YamlPath
    from ..rules.parts import VarInfo

TEAMS = list_of(TEAM)
CARDISH = (CARD, CARDS, ANY)  # values whose identity is a card's
HINT = ("compute it where it is used, from the cards (a 'cards' variable's cards follow the "
        "sampled cards, e.g. a definition over it), give the variable 'resample: EXPR' (how a "
        "sampled world recomputes it from the cards), or make it visible")
_PLAYER_FNS = {"players_after": PLAYERS, "players_from": PLAYERS, "members": PLAYERS,
               "next_player": PLAYER, "prev_player": PLAYER, "next_in_turn": PLAYER,
               "seat": INT, "team": TEAM, "abs": INT}


@dataclass(frozen=True)
class Val:
    """What an expression's value may reveal: why it depends on hidden things (or None), which
    hidden cards it holds (or None), whether its size is hidden too, and its rough type."""

    secret: str | None = None
    hidden: str | None = None
    sized: bool = False
    type: str = ANY


PUBLIC = Val()
# the conditions a statement runs under: (expression, the names it sees, whether it is a loop's
# list, whose size matters); the names None for a reason already found (a procedure's caller's)
Conds = tuple[tuple[Any, Any, bool], ...]


def _join(*vals: Val, type_: str = ANY) -> Val:
    return Val(next((v.secret for v in vals if v.secret), None),
               next((v.hidden for v in vals if v.hidden), None),
               any(v.sized for v in vals), type_)


def _elem(v: Val) -> Val:
    return replace(v, type=elem_of(v.type) or ANY, sized=False)


def _size_why(v: Val) -> str | None:
    return v.secret or (f"the size of {v.hidden}" if v.sized else None)


def hidden_variables(c: CompileContext) -> None:
    """Refuse hidden variables set from hidden things; compile their `resample:` keys (run once
    everything else is compiled)."""
    Secrecy(c).run()


class Secrecy:
    """One run of the analysis over a compiled ruleset's effects."""

    def __init__(self, c: CompileContext):
        self.c = c
        self.t = c.tables
        g = c.game
        self.zones = {z.name: z.visibility for z in g.table_zones}
        self.owned_zones = {z.name: z.visibility for z in g.player_zones + g.team_zones}
        self.vars: dict[str, VarInfo] = {v.name: v for v in
                                          g.game_vars + g.turn_vars + g.player_vars + g.team_vars}
        specs = c.spec.variables
        self.specs = {**specs.game, **specs.turn, **specs.player, **specs.team}
        self.recomputed = {n for n, v in self.specs.items() if v.resample is not None}
        self._defs: dict[tuple[Any, ...], Val] = {}
        self._procs: set[tuple[Any, ...]] = set()
        self._stack: list[str] = []
        # the expressions whose cards the list of effects being read shows to everyone
        self.public: frozenset[Tree[Any]] = frozenset()

    # ---- the whole ruleset -----------------------------------------------------------------
    def run(self) -> None:
        spec, who = self.c.spec, {"actor": Val(type=PLAYER), "opener": Val(type=PLAYER)}
        self.resample_keys()
        self.effects(spec.setup, ("setup",), dict(who), (), frozenset())
        for name, ph in spec.phases.items():
            for key in ("on_begin", "on_end", "on_turn_begin", "on_turn_end"):
                self.effects(getattr(ph, key), ("phases", name, key), dict(who), (), frozenset())
        for name, w in spec.windows.items():
            self.effects(w.then, ("windows", name, "then"), dict(who), (), frozenset())
        for name, act in spec.actions.items():
            env = dict(who)
            for p in act.params:
                env[p.name] = self.param(p, env)
            self.effects(act.effects, ("actions", name, "effects"), env, (), frozenset())

    def param(self, p: Any, env: dict[str, Val]) -> Val:
        """What a parameter's value may reveal to the other players."""
        if p.kind == "cards":
            source = self.expr(p.from_, env) if isinstance(p.from_, str) else PUBLIC
            if source.hidden is None and source.secret is None and p.from_ is not None:
                return Val(type=CARDS)  # picked from a public zone: everyone sees them
            return Val(hidden=f"the cards of parameter '{p.name}'", type=CARDS)
        # a player's other choices (number, word, player) are made in the open: what the effects
        # do with them is what the others see
        if p.kind == "choice" and isinstance(p.values, str):
            among = self.expr(p.values, env)
            return Val(None, among.hidden, False, elem_of(among.type) or ANY)
        return Val(type={"number": INT, "player": PLAYER}.get(p.kind, ANY))

    def resample_keys(self) -> None:
        """Compile each hidden variable's `resample:` expression into its VarInfo."""
        c = self.c
        for scope_name in ("game", "turn", "player", "team"):
            for name, spec in getattr(c.spec.variables, scope_name).items():
                if spec.resample is None or name not in self.vars:
                    continue
                info = self.vars[name]
                path = ("variables", scope_name, name, "resample")
                if info.visible:
                    c.error(f"variable '{name}' is visible: every sampled world shows its true "
                            "value, so 'resample' is only for a hidden one (visible: false)", path,
                            key=True, hint="remove 'resample', or add 'visible: false'")
                    continue
                scope = Scope()
                if scope_name == "player":
                    scope.names["p"] = local("p", PLAYER)
                elif scope_name == "team":
                    scope.names["t"] = local("t", TEAM)
                typed = c.expr(spec.resample, path, scope, info.type,
                               f"the value of '{name}' in a sampled world")
                if typed is not None:
                    info.resample = typed.fn

    # ---- effects ---------------------------------------------------------------------------
    def effects(self, items: Any, path: YamlPath, env: dict[str, Val], pc: Conds,
                public: frozenset[Tree[Any]]) -> None:
        """Check a list of effects run under the conditions pc (`if`, `for`... around it)."""
        if not isinstance(items, list):
            return
        outer = self.public
        self.public = public
        try:
            public = self.public = public | self.made_public(items, env)
            for i, item in enumerate(items):
                self.effect(item, path + (i,), env, pc, public)
        finally:
            self.public = outer

    def made_public(self, items: list[Any], env: dict[str, Val]) -> frozenset[Tree[Any]]:
        """The cards (as written: `chosen`, `actor.hand`) this list reveals, moves face up or
        moves to a public zone: everyone sees them by the next decision."""
        found: set[Tree[Any]] = set()
        assigned: set[str] = set()
        for item in items:
            tree = self.parse(item, "stmt") if isinstance(item, str) else None
            if tree is None:
                continue
            kids = tree.children
            if tree.data == "set_stmt" and kids[0].data == "lv_name":
                assigned.add(str(kids[0].children[0]))
            if tree.data == "reveal_stmt":
                found.add(kids[0])
            elif tree.data in ("move_stmt", "meld_stmt"):
                up = any(isinstance(k, Tree) and k.data == "face_up" for k in kids[2:])
                dest = self.expr(kids[1], env)
                if up or (dest.type == ZONE and dest.hidden is None and dest.secret is None):
                    found.add(kids[0])
        return frozenset(t for t in found if not _names(t) & assigned)

    def effect(self, item: Any, path: YamlPath, env: dict[str, Val], pc: Conds,
               public: frozenset[Tree[Any]]) -> None:
        if isinstance(item, str):
            tree = self.parse(item, "stmt")
            if tree is None:
                return
            kids = tree.children
            if tree.data == "set_stmt":
                self.stored(kids[0], kids[1], env, pc, path)
            elif tree.data == "add_stmt":
                self.stored(kids[1], kids[0], env, pc, path)
            elif tree.data == "call_stmt":
                self.call(tree, env, pc)
            return
        if not isinstance(item, dict):
            return
        if "if" in item:
            # a branch runs because its condition held and every earlier one did not
            conds: Conds = pc + ((item["if"], env, False),)
            self.effects(item.get("then"), path + ("then",), env, conds, public)
            for j, entry in enumerate(item.get("elif") or []):
                if isinstance(entry, dict):
                    conds += ((entry.get("if"), env, False),)
                    self.effects(entry.get("then"), path + ("elif", j, "then"), env, conds,
                                 public)
            self.effects(item.get("else"), path + ("else",), env, conds, public)
        elif "for" in item:
            m = dsl.FOR_HEAD.match(item["for"]) if isinstance(item["for"], str) else None
            if m is None:
                return
            var = m.group(2)
            inner = {**env, var: _elem(self.expr(m.group(3), env))}
            kept = frozenset(t for t in public if var not in _names(t))  # var is another now
            self.effects(item.get("do"), path + ("do",), inner,
                         pc + ((m.group(3), env, True),), kept)
        elif "repeat" in item or "while" in item:
            key = "repeat" if "repeat" in item else "while"
            self.effects(item.get("do"), path + ("do",), env, pc + ((item[key], env, False),),
                         public)

    def why(self, pc: Conds) -> str | None:
        """Why running under pc may depend on hidden things, read with the cards public now.

        A condition is read where the statement under it is: a branch that reveals the cards its
        condition reads (a drawn card played face up) is taken in plain view.
        """
        for value, env, loop in pc:
            if env is None:
                return str(value)  # a reason found where a procedure was called
            v = self.expr(value, env)
            found = _size_why(v) if loop else v.secret
            if found:
                return found
        return None

    def stored(self, lv: Tree[Any], value_tree: Tree[Any], env: dict[str, Val], pc: Conds,
               path: YamlPath) -> None:
        """A value stored into a variable: refused if the variable is hidden and it may reveal."""
        name_tok = lv.children[-1]
        name = str(name_tok)
        info = self.vars.get(name)
        if info is None or info.visible or name in self.recomputed:
            return
        value = self.expr(value_tree, env)
        owner = self.expr(lv.children[0], env) if lv.data == "lv_attr" else PUBLIC
        if value.secret:
            what = f"is set from what some players may not see ({value.secret})"
        elif (cond := self.why(pc)) is not None:
            what = f"is set under a condition on what some players may not see ({cond})"
        elif owner.secret:
            what = f"is set for a player chosen by what some may not see ({owner.secret})"
        else:
            return
        self.c.error(f"hidden variable '{name}' {what}: a bot's sampled world would keep its "
                     "true value", path, offset=pos_of(name_tok), hint=HINT)

    def call(self, tree: Tree[Any], env: dict[str, Val], pc: Conds) -> None:
        """A procedure's effects, checked with its parameters bound to what the call passes."""
        name = str(tree.children[0])
        proc = self.c.procs.by_name.get(name)
        spec = self.c.spec.procedures.get(name)
        if proc is None or spec is None or name in self._stack:
            return
        args = [self.expr(a, env) for a in (tree.children[1].children if tree.children[1]
                                             is not None else [])]
        inner: dict[str, Val] = {k: env[k] for k in ("actor", "opener") if k in env}
        for (pname, ty, _key), a in zip(proc.params, args, strict=False):
            inner[pname] = replace(a, type=ty)
        why = self.why(pc)
        key = (name, tuple(sorted(inner.items())), why)
        if key in self._procs:
            return
        self._procs.add(key)
        self._stack.append(name)
        try:
            self.effects(spec.effects, ("procedures", name, "effects"), inner,
                         () if why is None else ((why, None, False),), frozenset())
        finally:
            self._stack.pop()

    # ---- expressions -----------------------------------------------------------------------
    def parse(self, text: Any, start: str) -> Tree[Any] | None:
        if not isinstance(text, str):
            return None
        try:
            return dsl.parse(text, start)
        except (CompileError, DefinitionError, RecursionError):
            return None  # reported where it is compiled

    def expr(self, value: Any, env: dict[str, Val]) -> Val:
        """What an expression (a text, or an already parsed tree) may reveal."""
        tree = value if isinstance(value, Tree | Token) else self.parse(value, "expr")
        if tree is None:
            return PUBLIC
        try:
            return self.walk(tree, env)
        except RecursionError:
            return PUBLIC  # too deep: the compiler reports it

    def walk(self, node: Any, env: dict[str, Val]) -> Val:
        if not isinstance(node, Tree):
            return PUBLIC
        kind, kids = node.data, node.children
        if self.public and kind in ("name", "attr", "call") and node in self.public:
            self.public, shown = frozenset(), self.public  # its parts are read as they are
            try:
                return replace(self.walk(node, env), hidden=None)
            finally:
                self.public = shown
        if kind in ("int_", "string", "true_", "false_"):
            return Val(type=INT if kind == "int_" else ANY)
        if kind == "none_":
            return Val(type=NONE)
        if kind == "name":
            return self.name(str(kids[0]), env)
        if kind == "attr":
            return self.attr(self.walk(kids[0], env), str(kids[1]))
        if kind == "call":
            args = [self.walk(a, env) for a in (kids[1].children if kids[1] is not None else [])]
            return self.call_fn(str(kids[0]), args)
        if kind in ("gen_call", "list_comp"):
            head, (body, var, over, cond) = (str(kids[0]), kids[1:]) if kind == "gen_call" \
                else ("list", kids)
            return self.loop(head, body, str(var), self.walk(over, env), cond, env)
        if kind in ("compare", "in_", "not_in"):
            a, b = self.walk(kids[0], env), self.walk(kids[-1], env)
            return Val(_join(a, b).secret or _identity(a, b, kind, kids), type=dsl.BOOL)
        if kind == "ternary":
            a, cond, b = (self.walk(k, env) for k in kids)
            return Val(_join(cond, a, b).secret, a.hidden or b.hidden, a.sized or b.sized,
                       b.type if a.type == NONE else a.type)
        vals = [self.walk(k, env) for k in kids if isinstance(k, Tree)]
        if kind == "list_":
            first = vals[0].type if vals else ANY
            return _join(*vals, type_=list_of(first) if first in (CARD, PLAYER, TEAM) else ANY)
        return _join(*vals, type_=vals[0].type if vals and kind == "binop" else ANY)

    def name(self, name: str, env: dict[str, Val]) -> Val:
        t = self.t
        if name in env:
            return env[name]
        if name in t.game_vars or name in t.turn_vars:
            return self.var(name)
        if name in t.table_zones:
            return self.zone(name, self.zones.get(name, "public"), PUBLIC)
        if name in t.definitions:
            return self.definition(name, [])
        return Val(type={"players": PLAYERS, "teams": TEAMS, "num_players": INT}.get(name, ANY))

    def var(self, name: str, owner: Val = PUBLIC) -> Val:
        info = self.vars.get(name)
        ty = info.type if info is not None else ANY
        if info is None or info.visible:
            return Val(owner.secret, type=ty)
        if name in self.recomputed:
            return Val(owner.secret or f"variable '{name}', recomputed from the cards in a "
                       "sampled world", type=ty)
        if ty in (CARD, CARDS):
            return Val(owner.secret, f"the cards of hidden variable '{name}'", type=ty)
        # any other hidden variable is checked where it is set: reading it reveals nothing
        return Val(owner.secret, type=ty)

    def zone(self, name: str, visibility: str, owner: Val) -> Val:
        if visibility == "public":
            return Val(owner.secret, type=ZONE)
        return Val(owner.secret, f"the cards of zone '{name}'", visibility == "hidden", ZONE)

    def attr(self, base: Val, name: str) -> Val:
        t = self.t
        if name in t.attributes and (base.type in (CARD, ANY) or name not in self.owned_zones
                                     and name not in self.vars):
            hidden = f"'{name}' of {base.hidden}" if base.hidden else None
            return Val(base.secret or hidden, type=ANY)
        if name in self.owned_zones:
            return self.zone(name, self.owned_zones[name], base)
        if name in self.vars:
            return self.var(name, base)
        return Val(base.secret)

    def call_fn(self, name: str, args: list[Val]) -> Val:
        if name in self.t.definitions:
            return self.definition(name, args)
        a = args[0] if args else PUBLIC
        if name in ("size", "len", "count"):
            return Val(_size_why(a), type=INT)
        if name in ("top", "cards", "first"):
            many = name == "cards" or len(args) > 1
            one = elem_of(a.type) or ANY
            return Val(_join(*args).secret, a.hidden, a.sized and many,
                       CARDS if many and a.type == ZONE else (a.type if many else one))
        if name == "random":
            if a.hidden:  # a card of a hidden place: its reference follows the sampled cards
                return _elem(a)
            return Val(a.secret or "a random draw", type=elem_of(a.type) or ANY)
        if name in _PLAYER_FNS:
            return Val(_join(*args).secret, type=_PLAYER_FNS[name])
        if name in ("min", "max", "sum", "all", "any"):
            return Val(_join(*args).secret or next((f"{name}() of {x.hidden}" for x in args
                                                    if x.hidden), None))
        # the meld questions and anything else: reading hidden cards at all reveals them
        hidden = next((x.hidden for x in args if x.hidden), None)
        ty = {"melds": list_of(MELD), "meld_cards": CARDS, "meld_of": MELD}.get(name, ANY)
        return Val(_join(*args).secret or (f"{name}() of {hidden}" if hidden and ty not in
                                           (CARDS,) else None), hidden, False, ty)

    def loop(self, head: str, body: Tree[Any], var: str, over: Val, cond: Any,
             env: dict[str, Val]) -> Val:
        """A comprehension (head 'list') or an aggregate over one."""
        inner = {**env, var: _elem(over)}
        b = self.walk(body, inner)
        f = self.walk(cond, inner) if cond is not None else PUBLIC
        why = over.secret or f.secret or b.secret
        if head == "list":
            return Val(why, b.hidden, over.sized, list_of(b.type) if b.type != ANY else ANY)
        if head == "first":
            return Val(why or _size_why(over), b.hidden, False, b.type)
        return Val(why or _size_why(over), type=INT if head in ("count", "sum") else ANY)

    def definition(self, name: str, args: list[Val]) -> Val:
        params, body, _head = self.t.definitions[name]
        key = (name, tuple(args), self.public)
        if key in self._defs:
            return self._defs[key]
        if body is None or name in self._stack or len(params) != len(args):
            return _join(*args)  # an error the compiler reports
        self._stack.append(name)
        try:
            found = self.walk(body, dict(zip(params, args, strict=True)))
        finally:
            self._stack.pop()
        self._defs[key] = found
        return found


def _names(node: Any) -> set[str]:
    """Every name an expression reads."""
    if isinstance(node, Tree):
        if node.data == "name":
            return {str(node.children[0])}
        return set().union(*(_names(k) for k in node.children))
    return set()


def _identity(a: Val, b: Val, kind: str, kids: list[Any]) -> str | None:
    """Why comparing a and b (==, !=, in) reveals which hidden cards they are, or None."""
    if kind == "compare" and str(kids[1]) not in ("==", "!="):
        return None
    if NONE in (a.type, b.type):
        return None  # whether a card is there at all: a count
    for x in (a, b):
        if x.hidden and (kind != "compare" or x.type in CARDISH):
            return f"the identity of {x.hidden}"
    return None
