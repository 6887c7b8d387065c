"""Check a saved state document (State.to_json) against its game before rebuilding it.

A document may come from anywhere (a file, a client of a service): every field is checked for
its type and range, and the cards for being each in exactly one zone, so that a forged or
damaged document is a StateDocumentError naming the field, never a state that breaks later.
Then its recorded decisions are replayed from its seed (State.from_json, then `check_replay`):
a document is accepted only if it is, field by field, the game those decisions make, so a
forged hand, variable, history entry or seed is refused even when every field is well formed.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ..errors import StateDocumentError, short_repr
from ..lang.turnorder import NO_HOOK
from . import knowledge

if TYPE_CHECKING:
    from ..rules.game import Rules
    from ..rules.parts import VarInfo

MAX_SEED = (1 << 64) - 1  # seeds are 64-bit: new_state and saved states accept 0..MAX_SEED
MAX_NUMBER = 10**15  # the largest number a rule may compute (see dsl)
MAX_TEXT = 10_000  # characters of any text in a document
REQUIRED = ("ruleset", "n", "seed", "zones", "faceup", "gvars", "pvars", "tvars", "phase", "turn",
            "stack", "rng", "log", "history", "over", "outcome", "decisions", "end_turn")
OPTIONAL = ("ending_phase", "teamvars", "melds", "turn_flow", "known")
# what a document without an optional field means (older documents lack some)
DEFAULTS: dict[str, Any] = {"ending_phase": False, "teamvars": [], "melds": None,
                            "turn_flow": [NO_HOOK, False, 0], "known": None}


def _fail(path: str, problem: str) -> StateDocumentError:
    return StateDocumentError(path, problem)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class _Checker:
    def __init__(self, game: Rules, data: Any):
        self.game = game
        self.data = data
        self.n = 0

    # ---- primitives ----------------------------------------------------------------------
    def int_in(self, v: Any, lo: int, hi: int, path: str) -> int:
        if not _is_int(v):
            raise _fail(path, f"expected a whole number, got {short_repr(v)}")
        if not lo <= v <= hi:
            raise _fail(path, f"{short_repr(v)} is out of range ({lo} to {hi})")
        n: int = v
        return n

    def seat(self, v: Any, path: str, none: bool = False) -> None:
        if v is None and none:
            return
        self.int_in(v, 0, self.n - 1, path)

    def card(self, v: Any, path: str, none: bool = False) -> None:
        if v is None and none:
            return
        self.int_in(v, 0, self.game.n_cards - 1, path)

    def boolean(self, v: Any, path: str) -> None:
        if not isinstance(v, bool):
            raise _fail(path, f"expected true or false, got {short_repr(v)}")

    def text(self, v: Any, path: str, none: bool = False) -> None:
        if v is None and none:
            return
        if not isinstance(v, str) or len(v) > MAX_TEXT:
            raise _fail(path, f"expected a text, got {short_repr(v)}")

    def seq(self, v: Any, path: str, length: int | None = None) -> list[Any]:
        if not isinstance(v, list | tuple):
            raise _fail(path, f"expected a list, got {short_repr(v)}")
        if length is not None and len(v) != length:
            raise _fail(path, f"expected {length} entries, got {len(v)}")
        return list(v)

    def mapping(self, v: Any, path: str, required: tuple[str, ...],
                optional: tuple[str, ...] = ()) -> dict[str, Any]:
        if not isinstance(v, dict):
            raise _fail(path, f"expected a mapping, got {short_repr(v)}")
        for k in required:
            if k not in v:
                raise _fail(f"{path}.{k}" if path else k, "missing")
        for k in v:
            if k not in required and k not in optional:
                raise _fail(f"{path}.{k}" if path else str(k), "unknown key")
        return v

    def value(self, v: Any, ty: str, path: str) -> None:
        """A variable's value against its declared type."""
        if ty == "int":
            self.int_in(v, -MAX_NUMBER, MAX_NUMBER, path)
        elif ty == "bool":
            self.boolean(v, path)
        elif ty == "player":
            self.seat(v, path, none=True)
        elif ty == "card":
            self.card(v, path, none=True)
        elif ty == "list[card]":
            for i, c in enumerate(self.seq(v, path)):
                self.card(c, f"{path}[{i}]")
        elif ty == "list[player]":
            for i, p in enumerate(self.seq(v, path)):
                self.seat(p, f"{path}[{i}]")
        elif ty == "str":
            self.text(v, path, none=True)
        else:
            self.plain(v, path)

    def plain(self, v: Any, path: str, depth: int = 0) -> None:
        """A JSON value of a kind the engine stores: a number, a text, a flag, null, a list."""
        if isinstance(v, list | tuple):
            if depth >= 4:
                raise _fail(path, "lists are nested too deeply")
            for i, x in enumerate(v):
                self.plain(x, f"{path}[{i}]", depth + 1)
        elif _is_int(v):
            self.int_in(v, -MAX_NUMBER, MAX_NUMBER, path)
        elif isinstance(v, str):
            self.text(v, path)
        elif v is not None and not isinstance(v, bool):
            raise _fail(path, f"expected a plain value, got {short_repr(v)}")

    def variables(self, values: Any, infos: list[VarInfo], path: str,
                  per: int | None = None) -> None:
        rows = self.seq(values, path, len(infos))
        for i, (row, info) in enumerate(zip(rows, infos, strict=True)):
            if per is None:
                self.value(row, info.type, f"{path}[{i}]")
                continue
            for j, v in enumerate(self.seq(row, f"{path}[{i}]", per)):
                self.value(v, info.type, f"{path}[{i}][{j}]")

    # ---- the document --------------------------------------------------------------------
    def check(self) -> None:
        g, d = self.game, self.mapping(self.data, "", REQUIRED, OPTIONAL)
        self.n = self.int_in(d["n"], g.min_players, g.max_players, "n")
        self.int_in(d["seed"], 0, MAX_SEED, "seed")
        self.int_in(d["rng"], 0, MAX_SEED, "rng")
        self.zones(d["zones"])
        for i, f in enumerate(self.seq(d["faceup"], "faceup", g.n_cards)):
            self.int_in(f, 0, 1, f"faceup[{i}]")
        self.variables(d["gvars"], g.game_vars, "gvars")
        self.variables(d["pvars"], g.player_vars, "pvars", per=self.n)
        self.variables(d["tvars"], g.turn_vars, "tvars")
        self.variables(d.get("teamvars", []), g.team_vars, "teamvars", per=len(g.team_names))
        self.int_in(d["phase"], 0, len(g.phases) - 1, "phase")
        self.seat(d["turn"], "turn")
        for i, f in enumerate(self.seq(d["stack"], "stack")):
            self.frame(f, f"stack[{i}]")
        self.log(d["log"])
        for i, h in enumerate(self.seq(d["history"], "history")):
            who, what = self.seq(h, f"history[{i}]", 2)
            self.seat(who, f"history[{i}][0]")
            self.text(what, f"history[{i}][1]")
        self.boolean(d["over"], "over")
        self.outcome(d["outcome"], d["over"])
        self.int_in(d["decisions"], 0, g.max_decisions, "decisions")
        self.boolean(d["end_turn"], "end_turn")
        self.boolean(d.get("ending_phase", False), "ending_phase")
        if "turn_flow" in d:  # the turn hook pending, the order reversed, the skips pending
            flow = self.seq(d["turn_flow"], "turn_flow", 3)
            self.int_in(flow[0], 0, 2, "turn_flow[0]")
            self.boolean(flow[1], "turn_flow[1]")
            self.int_in(flow[2], 0, MAX_NUMBER, "turn_flow[2]")
        self.melds(d.get("melds"))
        knowledge.check_document(g, d, _fail)

    def zones(self, zones: Any) -> None:
        g = self.game
        where: list[int | None] = [None] * g.n_cards
        for z, cards in enumerate(self.seq(zones, "zones", g.n_zone_instances(self.n))):
            for i, c in enumerate(self.seq(cards, f"zones[{z}]")):
                self.card(c, f"zones[{z}][{i}]")
                if where[c] is not None:
                    raise _fail(f"zones[{z}][{i}]", f"card {c} is also in zone {where[c]}")
                where[c] = z
        missing = [c for c, z in enumerate(where) if z is None]
        if missing:
            raise _fail("zones", f"card {missing[0]} is in no zone"
                        + (f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""))

    def frame(self, f: Any, path: str) -> None:
        g = self.game
        if isinstance(f, dict) and "window" in f:
            self.mapping(f, path, ("window", "order", "idx", "opener", "pending"))
            self.int_in(f["window"], 0, len(g.windows) - 1, f"{path}.window")
            order = self.seq(f["order"], f"{path}.order")
            for i, p in enumerate(order):
                self.seat(p, f"{path}.order[{i}]")
            self.int_in(f["idx"], 0, len(order), f"{path}.idx")
            self.seat(f["opener"], f"{path}.opener", none=True)
            if f["pending"] not in (None, "close", "next"):
                raise _fail(f"{path}.pending", f"expected null, 'close' or 'next', got "
                            f"{short_repr(f['pending'])}")
            return
        self.mapping(f, path, ("action", "actor", "pidx", "picked", "env"))
        self.int_in(f["action"], 0, len(g.actions) - 1, f"{path}.action")
        self.seat(f["actor"], f"{path}.actor")
        params = g.actions[f["action"]].params
        self.int_in(f["pidx"], 0, len(params), f"{path}.pidx")
        for i, c in enumerate(self.seq(f["picked"], f"{path}.picked")):
            self.card(c, f"{path}.picked[{i}]")
        env = f["env"]
        if not isinstance(env, dict):
            raise _fail(f"{path}.env", f"expected a mapping, got {short_repr(env)}")
        for k, v in env.items():
            self.text(k, f"{path}.env")
            self.plain(v, f"{path}.env.{k}")

    def log(self, log: Any) -> None:
        if log is None:  # a state made with new_state(..., log=False) keeps no events
            return
        for i, entry in enumerate(self.seq(log, "log")):
            if self._plain_event(entry):
                continue
            key, args, audience = self.seq(entry, f"log[{i}]", 3)
            self.text(key, f"log[{i}][0]")
            for j, arg in enumerate(self.seq(args, f"log[{i}][1]")):
                name, kind, v = self.seq(arg, f"log[{i}][1][{j}]", 3)
                self.text(name, f"log[{i}][1][{j}][0]")
                self.text(kind, f"log[{i}][1][{j}][1]")
                at = f"log[{i}][1][{j}][2]"
                if kind in ("player", "card", "list[card]", "list[player]", "int"):
                    self.value(v, kind, at)
                else:
                    self.plain(v, at)
            if audience is not None:
                for j, p in enumerate(self.seq(audience, f"log[{i}][2]")):
                    self.seat(p, f"log[{i}][2][{j}]")

    def _plain_event(self, entry: Any) -> bool:
        """Whether an event is certainly well formed, told without naming any field (a log
        holds thousands); anything else is checked field by field, which names the bad one."""
        if type(entry) is not list or len(entry) != 3:
            return False
        key, args, audience = entry
        if type(key) is not str or len(key) > MAX_TEXT or type(args) is not list:
            return False
        n, cards = self.n, self.game.n_cards
        for arg in args:
            if type(arg) is not list or len(arg) != 3:
                return False
            name, kind, v = arg
            if (type(name) is not str or len(name) > MAX_TEXT or type(kind) is not str
                    or len(kind) > MAX_TEXT):
                return False
            if kind == "int":
                fine = type(v) is int and -MAX_NUMBER <= v <= MAX_NUMBER
            elif kind == "player" or kind == "card":
                fine = v is None or type(v) is int and 0 <= v < (n if kind == "player" else cards)
            elif kind == "list[card]" or kind == "list[player]":
                top = cards if kind == "list[card]" else n
                fine = type(v) is list and all(type(x) is int and 0 <= x < top for x in v)
            else:
                fine = (v is None or type(v) is bool or type(v) is str and len(v) <= MAX_TEXT
                        or type(v) is int and -MAX_NUMBER <= v <= MAX_NUMBER)
            if not fine:
                return False
        return audience is None or type(audience) is list and all(
            type(p) is int and 0 <= p < n for p in audience)

    def outcome(self, o: Any, over: bool) -> None:
        if o is None:
            if over:
                raise _fail("outcome", "the game is over but has no outcome")
            return
        if not over:
            raise _fail("outcome", "the game is not over but has an outcome")
        self.mapping(o, "outcome", ("scores", "winners", "reason"))
        for i, v in enumerate(self.seq(o["scores"], "outcome.scores", self.n)):
            self.int_in(v, -MAX_NUMBER, MAX_NUMBER, f"outcome.scores[{i}]")
        winners = self.seq(o["winners"], "outcome.winners")
        for i, p in enumerate(winners):
            self.seat(p, f"outcome.winners[{i}]")
        if len(set(winners)) != len(winners):
            raise _fail("outcome.winners", "a seat is listed twice")
        self.text(o["reason"], "outcome.reason")

    def melds(self, m: Any) -> None:
        g = self.game
        if g.meld_rules is None:
            if m is not None:
                raise _fail("melds", "this game has no melds")
            return
        if m is None:
            raise _fail("melds", "missing")
        self.mapping(m, "melds", ("of", "as", "kinds", "zones"))
        kinds = self.seq(m["kinds"], "melds.kinds")
        if not kinds or kinds[0] != "":
            raise _fail("melds.kinds", "the first entry must be ''")
        for i, k in enumerate(kinds):
            self.text(k, f"melds.kinds[{i}]")
        zones = self.seq(m["zones"], "melds.zones", len(kinds))
        for i, z in enumerate(zones):
            self.int_in(z, -1, g.n_zone_instances(self.n) - 1, f"melds.zones[{i}]")
        for i, v in enumerate(self.seq(m["of"], "melds.of", g.n_cards)):
            self.int_in(v, 0, len(kinds) - 1, f"melds.of[{i}]")
        for i, v in enumerate(self.seq(m["as"], "melds.as", g.n_cards)):
            if v is not None:
                self.int_in(v, -MAX_NUMBER, MAX_NUMBER, f"melds.as[{i}]")


def check_document(game: Rules, data: Any) -> None:
    """Raise StateDocumentError unless data is a state document this game could have saved."""
    if not isinstance(data, dict):
        raise _fail("", f"a state document is a mapping, not {short_repr(data)}")
    if data.get("ruleset") != game.name:
        raise _fail("ruleset", "this state was saved by ruleset "
                    f"{short_repr(data.get('ruleset'))}, not {game.name!r}")
    _Checker(game, data).check()


# ---- the document against its own decisions, replayed ------------------------------------------
def check_replay(replay: dict[str, Any], data: dict[str, Any]) -> None:
    """Raise StateDocumentError naming the first field where data differs from replay, the
    document (to_json) of the game that data's seed, players and decisions make when replayed.

    data has passed check_document. The replay goes through the rules (State.from_json), so
    whatever field was forged (a hand, a variable, the seed, a history entry), it is refused."""
    mine, theirs = _plain(replay), _plain(data)
    for key in REQUIRED + OPTIONAL:
        default = DEFAULTS.get(key)
        diff = _difference(mine.get(key, default), theirs.get(key, default), key)
        if diff is not None:
            raise _fail(*diff)


def _plain(data: Any) -> Any:
    """data as JSON gives it back (tuples as lists, keys as texts), to compare like with like."""
    try:
        return json.loads(json.dumps(data))
    except (TypeError, ValueError, RecursionError) as e:
        raise _fail("", f"not JSON data ({type(e).__name__})") from None


def _difference(mine: Any, theirs: Any, path: str) -> tuple[str, str] | None:
    """The first place where the document (theirs) differs from the replay (mine): its path
    and what differs; None when they are the same."""
    if isinstance(mine, dict) and isinstance(theirs, dict):
        for k in sorted(mine.keys() | theirs.keys()):
            if k not in theirs or k not in mine:
                return f"{path}.{k}", "missing" if k not in theirs else "unknown key"
            diff = _difference(mine[k], theirs[k], f"{path}.{k}")
            if diff is not None:
                return diff
        return None
    if isinstance(mine, list) and isinstance(theirs, list):
        for i, (a, b) in enumerate(zip(mine, theirs, strict=False)):
            diff = _difference(a, b, f"{path}[{i}]")
            if diff is not None:
                return diff
        if len(mine) != len(theirs):
            return path, (f"has {len(theirs)} entries; the game replayed from its seed and "
                          f"decisions has {len(mine)}")
        return None
    if type(mine) is type(theirs) and mine == theirs:
        return None
    return path, (f"{short_repr(theirs)} is not what the game replayed from its seed and "
                  f"decisions has there ({short_repr(mine)})")
