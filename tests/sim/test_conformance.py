"""One conformance suite for every ruleset in rulesets/: properties that must hold at every step.

Rulesets are discovered, never listed: a ruleset dropped into rulesets/ is tested with no edit
here. Hypothesis draws the seed and the index of the action taken at each of the first
CHOSEN steps, so a failure shrinks to a short list of choices; later steps are drawn by weight from
a generator seeded by the game's seed (hypothesis's edge cases, always the last option, would
otherwise play a match that never ends, as Gin Rummy with nobody knocking). The failure message
names the command that replays it. Loading a saved state replays its decisions, so those checks
share a budget of replayed decisions per game (REPLAY_BUDGET); matches of many hands (LONG) run
fewer examples in CI.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from effort import tries
from game_helpers import BUNDLED, bundled_games
from hypothesis import given, settings
from hypothesis import strategies as st
from paths import ROOT

import rulekit
from rulekit import observation, resample
from rulekit.actions import START, Action
from rulekit.bots import weighted_choice
from rulekit.runtime.observe import events_for, visible_cards
from rulekit.sim import play_out

RULESETS = BUNDLED


GAMES = bundled_games()
# the number a random seat draws its action with, in [0, 1): a few bytes of hypothesis' buffer
# per decision (a float takes more, and a long game would overrun it)
UNIT = st.integers(0, 1023).map(lambda k: k / 1024)
# the steps hypothesis chooses; the rest of a game is drawn as a random seat draws
CHOSEN = 200
# decisions the saved-state checks may replay in one game: loading a saved state replays its
# decisions from the seed (a forged document is refused), so a check at step k costs k steps, and
# a match of a thousand decisions checked every few steps would cost minutes; the end's check of
# determinism replays the whole game once more whatever is left
REPLAY_BUDGET = tries(3000, 30000)
# rulesets whose random games are matches of many hands (Gin Rummy's: about 1,200 decisions,
# a minute of checks each): fewer examples in a CI run, all of them under the deep profile
LONG = {"gin_rummy"}
# rulesets whose random games are long (Le Ch'ami's: several hands of a few hundred decisions,
# 15-25 s of checks for the profile's 8 examples): half the examples in a CI run
HANDS = {"chami"}


def _cases(kind: set[str] | None) -> list:
    """The (ruleset, players) cases of the rulesets in kind (None: those in no other set)."""
    cases = []
    for path, game in GAMES:
        if (path.stem not in kind) if kind is not None else (path.stem in LONG | HANDS):
            continue
        counts = sorted({game.min_players, (game.min_players + game.max_players) // 2,
                         game.max_players})
        name = path.stem + (f"[{game.variant}]" if game.variant else "")
        for n in counts:
            cases.append(pytest.param(path, game, n, id=f"{name}-{n}p"))
    return cases


def test_every_bundled_ruleset_is_found() -> None:
    """The suite runs over the bundled rulesets (and would over any new one)."""
    assert {p.stem for p in RULESETS} >= {"sham"}


class Replay:
    """Records choices so a failure can be replayed with one command."""

    def __init__(self, path: Path, players: int, seed: int, variant: str | None = None):
        self.path, self.players, self.seed, self.variant = path, players, seed, variant
        self.choices: list[int] = []
        self.replayed = 0  # decisions replayed by loading saved states (REPLAY_BUDGET)

    def command(self) -> str:
        rel = self.path.relative_to(ROOT).as_posix()
        variant = f" --variant {self.variant}" if self.variant else ""
        return (f"python -m rulekit.playthrough replay {rel}{variant} --players {self.players} "
                f"--seed {self.seed} --choices {','.join(map(str, self.choices))}")

    def fail(self, message: str) -> None:
        variant = f" (variant {self.variant})" if self.variant else ""
        pytest.fail(f"{message}\n  ruleset {self.path.name}{variant}, {self.players} players, seed "
                    f"{self.seed}, choices {self.choices}\n  replay: {self.command()}")


def _card_total(state: rulekit.State) -> int:
    return sum(len(z) for z in state.zones)


class LogWatch:
    """Checks, as each event is logged, that every seat that may read it knows its cards.

    A seat knows a card once it has seen it: in a zone it may look into, or face up. Knowledge
    is taken when the event is logged and again when the step ends, so a card revealed and
    moved on within one step counts as seen, and so does a card that reaches the reader's hand
    in the same step ("you pass X to me"); a hidden card named in an event that seat reads,
    and never seen by it, is a leak.
    """

    def __init__(self, rec: Replay, players: int):
        self.rec = rec
        self.knowledge: list[set[int]] = [set() for _ in range(players)]
        self.pending: list[tuple[str, int, list[int]]] = []
        self.log_checked = 0  # events before this index were checked already
        self.original = rulekit.State.add_event

    def see(self, state: rulekit.State) -> None:
        for seat in range(state.n):
            self.knowledge[seat] |= visible_cards(state, seat)
        pending, self.pending = self.pending, []
        for key, seat, cards in pending:
            unseen = [c for c in cards if c not in self.knowledge[seat]]
            if unseen:
                self.rec.fail(f"event {key!r} shows seat {seat} cards it never saw: "
                              f"{[state.game.labels[c] for c in unseen]}")

    def __enter__(self) -> LogWatch:
        watch = self

        def add_event(state: rulekit.State, key: str, args: tuple, audience) -> None:
            for seat in range(state.n):
                watch.knowledge[seat] |= visible_cards(state, seat)
                if audience is not None and seat not in audience:
                    continue
                for _name, kind, v in args:
                    cards = [v] if kind == "card" and v is not None else (
                        v if kind == "cards" else [])
                    unseen = [c for c in cards if c not in watch.knowledge[seat]]
                    if unseen:  # checked again when the step ends
                        watch.pending.append((key, seat, unseen))
            watch.original(state, key, args, audience)

        rulekit.State.add_event = add_event  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        rulekit.State.add_event = self.original  # type: ignore[method-assign]


def _check_step(state: rulekit.State, rec: Replay, watch: LogWatch) -> None:
    game = state.game
    if _card_total(state) != game.n_cards:
        rec.fail(f"cards over all zones: {_card_total(state)}, expected {game.n_cards}")
    for zi, zone in enumerate(state.zones):
        for c in zone:
            if state.card_zone[c] != zi:
                rec.fail(f"card {c} is in zone {zi} but recorded in {state.card_zone[c]}")
    broken = game.check_invariants(state)
    if broken:
        rec.fail(f"the ruleset's invariants do not hold: {broken}")
    if state.is_over:
        if state.decider is not None or state.legal_actions():
            rec.fail("a finished game still has a decider or legal actions")
        return
    if state.decider is None or not 0 <= state.decider < state.n:
        rec.fail(f"no valid decider in a game that is not over: {state.decider}")
    legal = state.legal_actions()
    if not legal:
        rec.fail("the decider has no legal action")
    texts = [a.text for a in legal]
    if len(set(texts)) != len(texts):
        rec.fail(f"two legal actions share a string form: {texts}")
    watch.see(state)
    for seat in range(state.n):  # only the events logged since the last step
        for key, args in events_for(state, seat, watch.log_checked):
            if key.endswith("_hidden") and any(
                    isinstance(v, tuple) and v[0] == "card" for v in args.values()):
                rec.fail(f"the hidden form of {key!r} still carries a card")
    watch.log_checked = len(state.log)


def _check_clone_and_json(state: rulekit.State, rec: Replay, replay: bool = True) -> None:
    clone = state.clone()
    if clone != state:
        rec.fail("a clone differs from its original")
    before = state.key()
    if not clone.is_over:
        clone.apply_unchecked(clone.legal_actions()[-1])
        if state.key() != before:
            rec.fail("playing on a clone changed the original")
    data = json.loads(json.dumps(state.to_json()))
    if not replay:  # loading replays the document's decisions: past the budget, saved only
        return
    back = state.game.state_from_json(data)
    if back != state:
        rec.fail("a state saved to JSON and loaded back differs from the original")
    if not back.is_over:
        a = back.legal_actions()[0]
        copy = state.clone()
        back.apply(a.text)
        copy.apply(a.text)
        if back != copy:
            rec.fail("a state loaded from JSON plays on differently")


def _check_illegal(state: rulekit.State, rec: Replay) -> None:
    before = state.key()
    bogus = Action(START, "no such action", -1, "no such action")
    try:
        state.apply(bogus)
    except rulekit.IllegalActionError as e:
        if "no such action" not in str(e):
            rec.fail(f"the illegal-action error does not name the action: {e}")
    else:
        rec.fail("an illegal action was accepted")
    if state.key() != before:
        rec.fail("an illegal action changed the state")


def _check_every_legal_applies(state: rulekit.State, rec: Replay) -> None:
    for a in state.legal_actions():
        copy = state.clone()
        try:
            copy.apply(a)
        except rulekit.RulekitError as e:
            rec.fail(f"legal action {a.text!r} failed: {e}")


def _check_resample(state: rulekit.State, rec: Replay, salt: int) -> None:
    for seat in range(state.n):
        obs = observation(state, seat)
        for k in range(2):
            other = resample(state, seat, salt * 7 + k)
            if observation(other, seat) != obs:
                rec.fail(f"seat {seat}'s observation changed when its hidden cards were "
                         "resampled: it depends on cards it cannot see")
            if _card_total(other) != state.game.n_cards:
                rec.fail("a resample lost or created cards")


@pytest.mark.parametrize(("path", "game", "players"), _cases(None))
@given(data=st.data())
def test_random_game_properties(path: Path, game: rulekit.Game, players: int, data) -> None:
    """Every step of a random game keeps the engine's promises (see the module docstring)."""
    _random_game(path, game, players, data)


@pytest.mark.parametrize(("path", "game", "players"), _cases(HANDS))
@settings(max_examples=tries(4, 1000))
@given(data=st.data())
def test_random_hands_properties(path: Path, game: rulekit.Game, players: int, data) -> None:
    """The same promises over games of several long hands (HANDS), with 4 examples in CI."""
    _random_game(path, game, players, data)


@pytest.mark.parametrize(("path", "game", "players"), _cases(LONG))
@settings(max_examples=tries(1, 200))
@given(data=st.data())
def test_random_match_properties(path: Path, game: rulekit.Game, players: int, data) -> None:
    """The same promises over a long match (LONG), with one example in a CI run."""
    _random_game(path, game, players, data)


def _random_game(path: Path, game: rulekit.Game, players: int, data: st.DataObject) -> None:
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    rec = Replay(path, players, seed, game.variant)
    with LogWatch(rec, players) as watch:
        state = _play(game, players, seed, data, rec, watch)
    _check_end(game, players, seed, state, rec)


def _play(game: rulekit.Game, players: int, seed: int, data, rec: Replay,
          watch: LogWatch) -> rulekit.State:
    """The game played through the one play loop, hypothesis choosing, each step checked."""

    rnd = random.Random(f"conformance:{seed}")

    def choose(state: rulekit.State) -> Action:
        step = len(rec.choices)
        if step > game.max_decisions:
            rec.fail(f"the game did not end within {game.max_decisions} decisions")
        _check_step(state, rec, watch)
        # the costly checks thin out as a long game goes on (a match can last thousands of steps)
        if step % max(7, step // 8) == 0:
            replay = rec.replayed + step <= REPLAY_BUDGET
            _check_clone_and_json(state, rec, replay=replay)
            rec.replayed += step if replay else 0
            _check_illegal(state, rec)
            _check_every_legal_applies(state, rec)
        if step % max(23, step // 4) == 0:
            _check_resample(state, rec, step)
        legal = state.legal_actions()
        chosen = step < CHOSEN
        if game.hints.weights and len(legal) > 1:
            # a random seat draws in proportion to `weight:` (hypothesis draws the number)
            draw = (lambda: data.draw(UNIT)) if chosen else rnd.random
            pick = weighted_choice(state, legal, draw)
            k = next(i for i, a in enumerate(legal) if a is pick)
        elif chosen:
            k = data.draw(st.integers(0, len(legal) - 1))
        else:
            k = rnd.randrange(len(legal))
        rec.choices.append(k)
        return legal[k]

    state = play_out(game.new_state(players, seed), choose, checked=True)
    _check_step(state, rec, watch)
    return state


def _check_end(game: rulekit.Game, players: int, seed: int, state: rulekit.State,
               rec: Replay) -> None:
    _check_clone_and_json(state, rec)
    # the same seed and the same choices give the same game, byte for byte
    again = game.new_state(players, seed)
    for k in rec.choices:
        again.apply(again.legal_actions()[k])
    if json.dumps(again.to_json()) != json.dumps(state.to_json()):
        rec.fail("the same seed and choices gave a different game")
    out = state.outcome
    if out is None or len(out.scores) != players:
        rec.fail(f"malformed outcome: {out}")
    if not all(isinstance(x, int) for x in out.scores):
        rec.fail(f"scores must be whole numbers: {out.scores}")
    if not set(out.winners) <= set(range(players)):
        rec.fail(f"winners must be seats: {out.winners}")
    if game.winners_mode in ("highest", "lowest"):
        best = max(out.scores) if game.winners_mode == "highest" else min(out.scores)
        if set(out.winners) != {p for p in range(players) if out.scores[p] == best}:
            rec.fail(f"winners {out.winners} do not match the scores {out.scores}")
    elif game.winners_mode == "all" and set(out.winners) != set(range(players)):
        rec.fail(f"every player should win together: {out.winners}")
    elif game.winners_mode == "none" and out.winners:
        rec.fail(f"nobody should win: {out.winners}")
    if len(set(out.winners)) != len(out.winners):
        rec.fail(f"a winner is listed twice: {out.winners}")
    if not game.texts.has(out.reason):
        rec.fail(f"the end reason {out.reason!r} has no text")
