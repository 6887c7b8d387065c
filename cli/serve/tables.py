"""A table: a game in progress, its seats and their links, and the checks on what a seat sends.

The state stays on the server. A seat gets its own view (rulekit.seat_view), a spectator what
every seat sees (rulekit.seat_view with no seat); an option a seat sends is one of the legal
options of the decision it is asked now, applied through the state's checked apply. `back`
takes back the last step of a move the seat is putting together, as at the terminal.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from dataclasses import dataclass
from typing import Any

import rulekit
from rulekit import PARAM, WINDOW
from rulekit.bots import parse_bot_spec

from ..names import seat_names
from ..rules import rules_text
from ..strings import t as words
from .errors import (
    BadMessageError,
    ForbiddenError,
    NothingToUndoError,
    NotYourDecisionError,
    ServeError,
    StaleDecisionError,
    TableLostError,
    UnknownOptionError,
)
from .games import GameEntry, file_hash
from .store import Store, TableRecord

HUMAN = "human"
BOT_KINDS = ("random", "greedy", "easy", "medium", "hard")  # what a table's creator may choose
MAX_NAME = 40
WATCH = -1  # the seat of a spectator's link


def new_token() -> str:
    """An invitation token: 256 random bits, URL-safe."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What is stored of a token: its SHA-256 (the database alone opens no seat)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True)
class Invitation:
    """A new table's links: one per human seat, and the spectators'."""

    table: str
    seats: tuple[str | None, ...]  # per seat its token (None: a bot)
    watch: str


class Table:
    """One game in progress on the server: its record, its state, and who decided when."""

    def __init__(self, record: TableRecord, game: rulekit.Game):
        self.record = record
        self.game = game
        self.state = game.new_state(record.players, record.seed)
        self.journal = rulekit.Journal()
        self.names = list(record.names)

    @property
    def id(self) -> str:
        """The table's identifier (in its links)."""
        return self.record.id

    @property
    def decisions(self) -> int:
        """How many decisions have been made."""
        return len(self.state.history)

    def seat_of(self, token: str) -> int:
        """The seat a link's token opens (WATCH for the spectators'); ForbiddenError if none."""
        given = token_hash(token)
        found = None
        # every stored hash is compared, in constant time, whichever matches
        for seat, stored in enumerate(self.record.tokens):
            if stored is not None and hmac.compare_digest(given, stored):
                found = seat
        if hmac.compare_digest(given, self.record.watch):
            found = WATCH
        if found is None:
            raise ForbiddenError("this invitation link is not valid: ask the table's host "
                                 "for the link again")
        return found

    def bot_to_move(self) -> tuple[int, str] | None:
        """The bot seat asked now and its kind (None: a person is asked, or the game is over)."""
        seat = self.state.decider
        if seat is None or self.record.seats[seat] == HUMAN:
            return None
        return seat, self.record.seats[seat]

    def resolve(self, seat: int, message: dict[str, Any]) -> str:
        """The action a seat's choose message names (its canonical text), or a ServeError."""
        decision = message.get("decision")
        option = message.get("option")
        if isinstance(decision, bool) or not isinstance(decision, int):
            raise BadMessageError("a choice names the decision it answers: "
                                  '{"type": "choose", "decision": N, "option": ...}')
        if self.state.over:
            raise StaleDecisionError("the game is over: there is nothing left to decide")
        if decision != self.decisions:
            raise StaleDecisionError(f"that choice answers decision {decision}, which is no "
                                     f"longer pending (decision {self.decisions} is)")
        if seat != self.state.decider:
            raise NotYourDecisionError(f"{self._who(self.state.decider)} decides now, not "
                                       f"{self._who(seat)}")
        legal = self.state.legal_actions()
        if isinstance(option, int) and not isinstance(option, bool):
            if 0 <= option < len(legal):
                return legal[option].text
            raise UnknownOptionError(f"there are {len(legal)} options (from 0 to "
                                     f"{len(legal) - 1}), not {option}")
        if isinstance(option, str):
            for a in legal:
                if option in (a.text, self.game.action_label(a, self.record.lang, self.names)):
                    return a.text
            raise UnknownOptionError("that is not one of the options of the decision asked")
        raise BadMessageError("an option is its number in the question's list or its text")

    def _who(self, seat: int | None) -> str:
        return "a spectator" if seat is None or seat == WATCH else self.names[seat]

    def can_back(self, seat: int) -> bool:
        """Whether seat may take back a step: it is putting a move of its own together and
        its last decision is a step of that move (the move is not played until complete)."""
        now = self.state.pending
        return (now is not None and now.kind == PARAM and now.decider == seat
                and bool(self.state.history) and self.state.history[-1][0] == seat)

    def back(self, seat: int, message: dict[str, Any], store: Store | None) -> None:
        """Undo seat's last step of the move it is putting together (gone from store too)."""
        self.check_back(seat, message)
        if store is not None:
            store.remove_decision(self.id, self.decisions - 1)
        self.rewind(self.decisions - 1)

    def check_back(self, seat: int, message: dict[str, Any]) -> None:
        """Refuse a back message with nothing to undo, or sent at another decision."""
        decision = message.get("decision")
        if isinstance(decision, bool) or not isinstance(decision, int):
            raise BadMessageError('back names the decision it is sent at: '
                                  '{"type": "back", "decision": N}')
        if decision != self.decisions:
            raise StaleDecisionError(f"that back was sent at decision {decision}; decision "
                                     f"{self.decisions} is pending now")
        if not self.can_back(seat):
            now = self.state.pending
            why = ("back_window" if now is not None and now.kind == WINDOW
                   and now.decider == seat else "back_nothing")
            raise NothingToUndoError(words(why, self.record.lang))

    def rewind(self, decisions: int) -> None:
        """The game as it stood after its first `decisions` decisions (dealt and replayed)."""
        moves = [text for _, text in self.state.history[:decisions]]
        self.state = self.game.new_state(self.record.players, self.record.seed)
        self.journal = rulekit.Journal()
        for text in moves:
            self.journal.apply(self.state, text)

    def apply(self, action: str, store: Store | None) -> None:
        """Apply a decision (checked), then keep it in store before anyone is told."""
        seat = self.state.decider
        assert seat is not None  # resolve and bot_to_move checked it
        n = self.decisions
        self.journal.note(self.state)
        try:
            self.state.apply(action)
        except BaseException:  # the state is as it was (apply is atomic): so is the journal
            for kept in (self.journal.at, self.journal.deciders, self.journal.turns):
                kept.pop()
            raise
        if store is not None:
            store.add_decision(self.id, n, seat, action)

    def message_for(self, seat: int, lang: str | None = None) -> dict[str, Any]:
        """What a connection of seat is sent now, in lang (the table's by default): its seat's
        view, or a spectator's (what every seat sees)."""
        watching = seat == WATCH
        since = None
        if watching:  # a spectator has no last decision: the events of the last round
            at = self.journal.at
            since = at[max(0, len(at) - self.record.players)] if at else 0
        v = rulekit.seat_view(self.state, None if watching else seat,
                              lang=lang or self.record.lang, names=self.names, since=since,
                              journal=self.journal)
        return {"type": "view", "table": self.id, "decisions": self.decisions,
                "seat": None if watching else seat,
                "back": not watching and self.can_back(seat), "view": v}  # encoded as sent

    def rules(self, lang: str) -> dict[str, Any]:
        """The ruleset's rules text in lang, as the page shows it (as text)."""
        text = rules_text(self.game, lang) or words("no_rules_text", lang)
        return {"type": "rules", "lang": lang, "text": text}

    def check_lang(self, lang: Any) -> str:
        """A language of this game (BadMessageError if not)."""
        if not isinstance(lang, str) or lang not in self.game.languages:
            raise BadMessageError(f"{self.game.name} speaks {', '.join(self.game.languages)}, "
                                  f"not {str(lang)[:20]!r}")
        return lang

    def summary(self) -> dict[str, Any]:
        """What anyone holding a link may read of the table: game, seats, progress."""
        r = self.record
        return {"table": r.id, "game": r.game, "name": self.game.name, "variant": r.variant,
                "players": r.players, "lang": r.lang, "seats": list(r.seats),
                "names": self.names, "decisions": self.decisions, "over": self.state.over,
                "languages": list(self.game.languages)}


def restore(record: TableRecord, moves: list[tuple[int, str]], entry: GameEntry | None) -> Table:
    """The table a record and its decisions make, replayed from the seed through the checked
    apply; TableLostError if its ruleset is gone or changed."""
    if entry is None or entry.path != record.path:
        raise TableLostError(f"table {record.id}: its game {record.game!r} is not served now "
                             f"(start the server with {record.path})")
    if file_hash(entry.path) != record.sha256:
        raise TableLostError(f"table {record.id}: {record.path} changed since the table was "
                             "made, so its decisions cannot be replayed")
    table = Table(record, entry.load(record.variant))
    for k, (seat, text) in enumerate(moves):
        if table.state.decider != seat:
            raise TableLostError(f"table {record.id}: decision {k} was seat {seat}'s, but the "
                                 "replayed game asks another seat")
        try:
            table.apply(text, None)
        except rulekit.RulekitError as e:
            raise TableLostError(f"table {record.id}: decision {k} ({text!r}) cannot be "
                                 f"replayed: {e}") from None
    return table


def make(entry: GameEntry, request: dict[str, Any]) -> tuple[TableRecord, Invitation]:
    """A new table's record and links from a creation request (checked: ServeError)."""
    if not isinstance(request, dict):
        raise BadMessageError("a table is created from a JSON object")
    variant = request.get("variant") or None
    if variant is not None and not isinstance(variant, str):
        raise BadMessageError("variant is a variant's name")
    game = entry.load(variant)
    seats = request.get("seats")
    players = request.get("players", len(seats) if isinstance(seats, list) else None)
    if players is None:
        players = game.default_players
    if isinstance(players, bool) or not isinstance(players, int):
        raise BadMessageError("players is a whole number")
    if not game.min_players <= players <= game.max_players:
        raise ServeError(f"{game.name} is played by {game.min_players} to {game.max_players} "
                         f"players, not {players}")
    if seats is None:
        seats = [HUMAN] + ["medium"] * (players - 1)
    if (not isinstance(seats, list) or len(seats) != players
            or not all(isinstance(k, str) for k in seats)):
        raise BadMessageError(f"seats is a list of {players} kinds: human or a bot's level "
                              f"({', '.join(BOT_KINDS)})")
    for k in seats:
        if k != HUMAN and parse_bot_spec(k).text not in BOT_KINDS:
            raise ServeError(f"seat kind {k[:20]!r}: a seat is human or one of "
                             f"{', '.join(BOT_KINDS)}")
    if HUMAN not in seats:
        raise ServeError("a table needs at least one human seat")
    lang = request.get("lang") or game.languages[0]
    if lang not in game.languages:
        raise ServeError(f"{game.name} speaks {', '.join(game.languages)}, not {str(lang)[:20]!r}")
    # as at the terminal: "Player 1" for a person, "Bot 2" for a bot, counted from 1
    names = request.get("names") or seat_names(game, list(seats), lang)
    if (not isinstance(names, list) or len(names) != players
            or not all(isinstance(n, str) and 0 < len(n.strip()) <= MAX_NAME for n in names)):
        raise ServeError(f"names are {players} texts of 1 to {MAX_NAME} characters")
    seed = request.get("seed")
    if seed is None:
        seed = secrets.randbelow(rulekit.MAX_SEED + 1)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= rulekit.MAX_SEED:
        raise ServeError("seed is a whole number from 0 to 2**64 - 1")
    tokens = tuple(new_token() if k == HUMAN else None for k in seats)
    watch = new_token()
    record = TableRecord(
        secrets.token_urlsafe(9), entry.key, entry.path, file_hash(entry.path), variant,
        players, seed, lang, tuple(k.strip().lower() for k in seats),
        tuple(n.strip() for n in names),
        tuple(None if t is None else token_hash(t) for t in tokens), token_hash(watch),
        time.time())
    return record, Invitation(record.id, tokens, watch)
