"""The state's side of the compiled effects: moving, drawing, shuffling cards, melds, events,
the end of the game."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..errors import (
    EvaluationLimitError,
    RuleRuntimeError,
    log_full,
)
from ..lang.budget import hold
from ..lang.turnorder import BEGIN, NO_HOOK
from ..rules.game import OPEN_ALL, OPEN_TEAM
from . import knowledge
from .fields import StateFields
from .frames import Outcome, WindowFrame

if TYPE_CHECKING:
    from ..rules.melds import MeldRules

_MISSING = object()  # a meld-extension cache miss (None is a cached answer)
# the answers kept for a meld and a wild told what to stand for: any number may be asked, so
# the kept answers start afresh past this many (they are worked out again when asked)
MAX_KEPT_ANSWERS = 4096


class EffectsMixin(StateFields):
    """What compiled effects call on the state."""

    __slots__ = ()  # State keeps every field in its own slots

    # ---- card movement (used by compiled effects) ----------------------------------------
    def move_cards(self, cards: list[int], dest: int, up: bool, bottom: bool) -> None:
        """Move the given cards (in order) onto dest's top, or under its bottom."""
        zones, cz, fu = self.zones, self.card_zone, self.faceup
        target = zones[dest]
        kn = self.known
        if kn is not None and cards and any(kn):  # a moved card is no longer where a seat was told
            # a known card is known where it lies: a seat that knows no card where these lie
            # forgets nothing (asked here: most moves are of cards nobody was told of)
            told = False
            for d in kn:
                if d:
                    places = d.values()
                    for c in cards:
                        if cz[c] in places:
                            told = True
                            break
                    if told:
                        break
            if told:
                knowledge.leaving(self, cards, dest, up)
        below = 0  # with bottom, the moved cards keep their order under the old bottom card
        for c in list(cards):
            zones[cz[c]].remove(c)
            if bottom:
                target.insert(below, c)
                below += 1
            else:
                target.append(c)
            cz[c] = dest
            fu[c] = up
        mo, av = self.meld_of, self.as_value
        if mo is not None and av is not None:  # a card that leaves for anywhere leaves its meld
            for c in cards:
                if mo[c]:
                    self._meld_cache.clear()
                mo[c] = 0
                av[c] = None

    def draw(self, count: int, src: int, dest: int) -> int:
        """Move up to count cards from src's top to dest; return how many moved."""
        zs, zd = self.zones[src], self.zones[dest]
        cz, fu = self.card_zone, self.faceup
        k = 0
        mo, av = self.meld_of, self.as_value
        kn = self.known
        # what a seat was told of the cards drawn (the top count cards) is forgotten before
        # they go; drawn onto the same zone, the top card is drawn again each time, card by card
        each = False
        told = False
        if kn is not None and zs and count > 0 and any(kn):
            for d in kn:  # a known card is known where it lies: does a seat know one of src?
                if d and src in d.values():
                    told = True
                    break
        if told:
            if src != dest:
                knowledge.leaving(self, zs[-count:], dest, 0)
            else:
                each = True
        while k < count and zs:
            c = zs.pop()
            zd.append(c)
            cz[c] = dest
            if each:
                knowledge.leaving(self, (c,), dest, 0)
            fu[c] = 0
            if mo is not None and av is not None:
                if mo[c]:
                    self._meld_cache.clear()
                mo[c] = 0
                av[c] = None
            k += 1
        return k

    def learn_shown(self, cards: Iterable[int | None], audience: Iterable[int | None]) -> None:
        """Each seat of audience now knows where each of cards lies (a `show`, or a log line told
        to them), unless it sees the card anyway (rulekit.runtime.knowledge; the zone's
        visibility read once a card, written out here since a told line may come at every
        decision)."""
        known = self.known
        if known is not None and not known:  # untracked: nothing recorded
            return
        g = self.game
        codes = g.open_codes.get(self.n) or g.zone_open_codes(self.n)
        up, where, n = self.faceup, self.card_zone, len(codes)
        for c in cards:
            if c is None or up[c]:
                continue
            zi = where[c]
            # the common zones answer from their code; a team's zone (or one not of this
            # game) asks zone_open for each seat
            code = codes[zi] if zi < n else OPEN_TEAM
            if code == OPEN_ALL:
                continue
            for p in audience:
                if p == code or p is None:  # a seat's own zone: it sees the card
                    continue
                if code <= OPEN_TEAM and knowledge.zone_open(self, zi, p):
                    continue
                if known is None:
                    known = self.known = [{} for _ in range(self.n)]
                known[p][c] = zi

    def _forget(self, cards: Any) -> None:
        """Every seat forgets where these cards lie (they moved)."""
        for d in self.known or ():
            if d:
                for c in cards:
                    d.pop(c, None)

    def shuffle(self, zone: int) -> None:
        """Shuffle a zone with the state's generator (Fisher-Yates)."""
        z = self.zones[zone]
        for i in range(len(z) - 1, 0, -1):
            j = self.rng_below(i + 1)
            z[i], z[j] = z[j], z[i]

    def swap(self, a: int, b: int) -> None:
        """Exchange the contents of two zones."""
        za, zb = self.zones[a], self.zones[b]
        self.zones[a], self.zones[b] = zb, za
        cz = self.card_zone
        for c in zb:
            cz[c] = a
        for c in za:
            cz[c] = b
        if self.known is not None:
            self._forget(za + zb)
        mo, av = self.meld_of, self.as_value
        if mo is not None and av is not None:
            self._meld_cache.clear()
            for c in za + zb:
                mo[c] = 0
                av[c] = None

    # ---- melds (used by compiled effects) ----------------------------------------------
    def _melds(self) -> tuple[MeldRules, list[int], list[int | None]]:
        """The meld rules and the per-card meld lists (a ruleset without melds has none)."""
        rules, mo, av = self.game.meld_rules, self.meld_of, self.as_value
        if rules is None or mo is None or av is None:
            raise RuleRuntimeError("", "this ruleset declares no melds")
        return rules, mo, av

    def melds_in(self, zone: int) -> list[int]:
        """The melds lying in a zone, in the order they were laid."""
        mo = self.meld_of
        if mo is None:
            return []
        # cached until a meld changes (laid, extended, or a card of it moved): other cards
        # coming and going do not change which melds lie in the zone
        found = self._meld_cache.get(("in", zone))
        if found is None:
            seen: list[int] = []
            for c in self.zones[zone]:
                m = mo[c]
                if m and m not in seen:
                    seen.append(m)
            found = self._meld_cache[("in", zone)] = sorted(seen)
        return list(found)

    def meld_id(self, m: Any) -> int:
        """m, if it is a meld laid in this game; else a rule error."""
        if not isinstance(m, int) or not 0 < m < len(self.meld_kinds):
            raise RuleRuntimeError("", f"there is no meld {m!r}")
        return m

    def meld_cards(self, m: int) -> list[int]:
        """A meld's cards, lowest value first for a run."""
        mo = self.meld_of
        if mo is None:
            raise RuleRuntimeError("", f"there is no meld {m!r}")
        return [c for c in self.zones[self.meld_zone[self.meld_id(m)]] if mo[c] == m]

    def meld_value(self, c: int) -> int:
        """The value a card counts as: the value a wild was laid as, else its own."""
        rules, _, av = self._melds()
        v = av[c]
        return rules.value[c] if v is None else v

    def make_meld(self, cards: list[int], dest: int, wild_as: int | None) -> int:
        """Lay cards as a new meld in a meld zone; return its id."""
        rules, mo, av = self._melds()
        if not self.game.zone_of_instance(dest, self.n)[0].melds:
            raise RuleRuntimeError("", "melds can only be laid in a zone declared 'melds: true'")
        found = rules.check(cards, wild_as)
        if found is None:
            shown = ", ".join(self.game.labels[c] for c in cards)
            raise RuleRuntimeError("", f"these cards do not form a meld: {shown}")
        kind, wild_values = found
        hold(self, 1, "a meld is laid")  # the meld's kind and zone are kept for the game

        def value(c: int) -> int:
            return wild_values.get(c, rules.value[c])

        order = sorted(cards, key=value) if kind == "run" else list(cards)
        self.move_cards(order, dest, False, False)
        m = len(self.meld_kinds)
        self._meld_cache.pop(("in", dest), None)  # the cards came from no meld: no other changes
        self.meld_kinds.append(kind)
        self.meld_zone.append(dest)
        for c in order:
            mo[c] = m
            av[c] = wild_values.get(c)
        # what _meld_info would find, known already: no scan of the zone for it
        self._meld_cache[m] = ([value(c) for c in order], rules.run_key(order), frozenset(order))
        return m

    def extension_value(self, m: int, card: int, wild_as: int | None = None) -> int | None:
        """The value card would take added to meld m, or None if it cannot extend it."""
        if wild_as is None:
            return self._extenders(m).get(card)
        # a wild told what to stand for: asked card by card, kept per meld as well
        answers = self._meld_cache.get(("extw", m))
        if answers is None or len(answers) >= MAX_KEPT_ANSWERS:
            answers = self._meld_cache[("extw", m)] = {}
        ext = answers.get((card, wild_as), _MISSING)
        if ext is _MISSING:
            values, key, members = self._meld_info(m)
            ext = answers[(card, wild_as)] = None if card in members else \
                self._melds()[0].extension(self.meld_kinds[m], values, key, len(members),
                                           card, wild_as)
        found: int | None = ext
        return found

    def _meld_info(self, m: int) -> tuple[list[int], Any, frozenset[int]]:
        """Meld m's values, run key and cards, kept until it changes."""
        info = self._meld_cache.get(m)
        if info is None:
            rules = self._melds()[0]
            cards = self.meld_cards(m)
            info = self._meld_cache[m] = ([self.meld_value(c) for c in cards],
                                          rules.run_key(cards), frozenset(cards))
        return info

    def _extenders(self, m: int) -> dict[int, int]:
        """Every card that can extend meld m, with its value there: worked out for the whole
        deck at once and kept until the meld changes (laying another meld changes none)."""
        found = self._meld_cache.get(("ext", m))
        if found is None:
            values, key, members = self._meld_info(m)
            found = self._meld_cache[("ext", m)] = self._melds()[0].extenders(
                self.meld_kinds[m], values, key, members)
        return found

    def can_extend(self, m: Any, card: int, wild_as: int | None = None) -> bool:
        """Whether card can extend meld m (standing for wild_as if it is wild); a rule error if
        m is no meld."""
        if wild_as is None:
            found = self._meld_cache.get(("ext", m))
            if found is not None:
                return card in found
        return self.extension_value(self.meld_id(m), card, wild_as) is not None

    def extends_any(self, m: Any, cards: list[Any]) -> bool:
        """Whether any of cards (none skipped) can extend meld m: one question for a hand."""
        return bool(self._extended([m], cards, True))

    def extended_by(self, melds: list[Any], card: int) -> bool:
        """Whether card can extend any of melds (none skipped)."""
        cache = self._meld_cache
        for m in melds:  # (written out, not _extended: the hottest of these questions)
            if m is not None:
                found = cache.get(("ext", m))
                if card in (self._extenders(self.meld_id(m)) if found is None else found):
                    return True
        return False

    def extends_any_of(self, melds: list[Any], cards: list[Any]) -> bool:
        """Whether any of cards can extend any of melds (none skipped)."""
        return bool(self._extended(melds, cards, True))

    def melds_extended_by(self, melds: list[Any], cards: list[Any]) -> list[Any]:
        """The melds (none skipped) any of cards (none skipped) can extend, in order."""
        return self._extended(melds, cards, False)

    def _extended(self, melds: list[Any], cards: Any, first: bool) -> list[Any]:
        """The melds any of cards can extend (only the first if first): one question for a
        hand and the melds it might add to, from the extenders kept per meld."""
        if cards.count(None) == len(cards):
            return []  # as asking card by card: no card asked, no meld checked
        cache = self._meld_cache
        out = []
        for m in melds:
            if m is None:
                continue
            found = cache.get(("ext", m))
            if found is None:
                found = self._extenders(self.meld_id(m))
            if not found.keys().isdisjoint(cards):
                out.append(m)
                if first:
                    break
        return out

    def extend_meld(self, m: int, card: int, wild_as: int | None) -> None:
        """Add a card to a meld (a run at the end its value fits)."""
        rules, mo, av = self._melds()
        v = self.extension_value(m, card, wild_as)
        if v is None:
            raise RuleRuntimeError("", f"{self.game.labels[card]} cannot extend that meld")
        cards = self.meld_cards(m)
        zone = self.meld_zone[m]
        low_end = self.meld_kinds[m] == "run" and v < min(self.meld_value(c) for c in cards)
        self.move_cards([card], zone, False, False)
        z = self.zones[zone]
        z.remove(card)
        anchor = z.index(cards[0]) if low_end else z.index(cards[-1]) + 1
        z.insert(anchor, card)
        mo[card] = m
        av[card] = v if rules.wild[card] else None
        cache = self._meld_cache  # the card came from no meld (moving it out clears them all)
        info = cache.get(m)
        for key in (m, ("ext", m), ("extw", m), ("in", zone)):
            cache.pop(key, None)
        # the meld's values and cards, one more: kept as they are (its run key too, unless
        # none was known: the new card may be the first natural one)
        if info is not None and (info[1] is not None or rules.same is None or rules.wild[card]):
            values, run_key, members = info
            cache[m] = (values + [v], run_key, members | {card})

    def reveal(self, cards: list[int]) -> None:
        """Turn cards face up where they lie: everyone may see them now."""
        for c in cards:
            self.faceup[c] = 1

    def queue_window(self, win: int, order: list[int], opener: int | None) -> None:
        """Open a reaction window once the current effects finish."""
        self._queued.append(WindowFrame(win, list(dict.fromkeys(order)), opener,  # each once
                                        self.game.windows[win].race is not None))

    def turn_to(self, p: int | None) -> None:
        """Give the turn to p and reset the per-turn variables (none, from a rule: an error)."""
        if p is None or not 0 <= p < self.n:
            raise RuleRuntimeError("", "cannot give the turn to "
                                   + ("none" if p is None else repr(p)))
        self.turn = p
        held = self.turn_held  # the turn's lists are dropped (a turn variable starts empty)
        if held:
            self.state_room += held
            self.turn_held = 0
        self.tvars = list(self.game.turn_var_initial)
        self.end_turn_flag = False
        # the new turn's on_turn_begin runs before p's first decision (this also drops a
        # pending pass of the turn: 'turn to' in on_turn_end gives the turn instead)
        self.turn_hook = BEGIN if self.game.phases[self.phase].on_turn_begin else NO_HOOK

    def add_event(self, key: str, args: tuple[Any, ...], audience: tuple[int, ...] | None) -> None:
        """Append an event to the log; audience None means everyone sees it whole."""
        # the event, each value, whom it is told to and each item of a list logged count, as
        # a logged event's do (rulekit.compile.effects._log)
        size = 1 + len(args) + (audience is not None)
        for _, _, v in args:
            if type(v) is list:
                size += len(v)
        room = self.log_room - size
        self.log_room = room
        if room < 0:
            raise EvaluationLimitError("limits.max_log", log_full(self.game.max_log))
        self.log.append((key, args, audience))

    def finish(self, reason: str) -> None:
        """End the game now and compute the outcome."""
        g = self.game
        # nothing changes while the players' scores are worked out (nor, then, their winning):
        # the state keeps what the definitions they share work out (the least hand's points,
        # asked in every seat's score), as it does while it lists the legal actions
        kept = self.memo
        self.memo = {}
        try:
            scores = tuple(g.score(self, p) for p in range(self.n))
            self.over = True  # the winners condition may ask whether the game is over
            self.memo = {}
            winners = g.winners(self, scores)
        finally:
            self.memo = kept
        self.outcome = Outcome(scores, winners, reason)
        self.over = True
        self.stack.clear()
        self._queued.clear()
        self.add_event("game_over", (("reason", "key", reason),
                                     ("winners", "players", list(winners))), None)
