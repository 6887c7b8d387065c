"""Bots never see what their seat cannot: a bot's choice is a function of its seat's information.

Over every bundled ruleset (and variant) and every bot, at positions reached by seeded random
play, the test builds other true states the deciding seat cannot tell apart from the real one
(the same `observation(state, seat)` and `events_for(state, seat)`), and requires each bot to
choose the same with the same seed and budget. The other states are built here, not by
`rulekit.resample` (the thing under test):

(a) hidden cards exchanged between hidden places (never a card the seat knows the zone of);
(b) each variable the ruleset recomputes in sampled worlds (`resample:`) given another value;
(c) another history reaching the same view: an earlier decision of another seat replaced by
    another legal one, the rest replayed by action text.

Along (c), every other hidden variable must hold the same value in both histories: hidden
variables hold only what follows from the seat's information (the compiler's check, tested).
A ruleset whose hidden variable leaks (SHAM before issue 29: the honesty of a face-down claim)
fails here; with the compiler's check switched off it loads, and the last tests show it caught.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from game_helpers import BUNDLED, bundled_games
from hypothesis import settings
from paths import ROOT
from sham_helpers import challenge, deal, place

import rulekit
from rulekit import events_for, observation
from rulekit.bots import make_bot
from rulekit.runtime.observe import zone_open

RULESETS = BUNDLED
# every bot, on budgets that keep the file fast (the searches' budgets count iterations: a
# fixed budget makes a choice a function of the seed)
BOTS = ("random", "greedy", "easy", "ismcts:16", "medium:8", "hard:8")
# positions per ruleset, and per variant (a small overlay of it): half the hypothesis profile's
# examples (8 by default, so 4 and 2); a deep profile looks at many more
POSITIONS = max(3, settings().max_examples // 2)
VARIANT_POSITIONS = max(2, POSITIONS // 2)
REPLAY_STEPS = 2000  # decisions replayed per position while looking for other histories
ALTERNATIVES = 12  # other actions tried in place of one decision
CARD_TYPES = ("card", "list[card]")


GAMES = bundled_games()
IDS = [p.stem + (f"[{g.variant}]" if g.variant else "") for p, g in GAMES]


# ---- positions and the states a seat cannot tell from them ------------------------------------
@dataclass
class Position:
    """A state reached by random play, with the state before each of its decisions."""

    game: rulekit.Game
    players: int
    seed: int
    before: list[rulekit.State] = field(default_factory=list)
    state: rulekit.State | None = None

    @property
    def seat(self) -> int:
        assert self.state is not None and self.state.decider is not None
        return self.state.decider


def play_to(game: rulekit.Game, players: int, seed: int, steps: int) -> Position | None:
    """Random play (seeded) for about `steps` decisions, stopping where a choice is open."""
    rnd = random.Random(seed)
    s = game.new_state(players, seed=seed)
    pos = Position(game, players, seed)
    options: list[int] = []  # how many actions each decision had
    while not s.is_over:
        legal = s.legal_actions()
        # a real choice (a forced move asks the bots nothing) once another seat decided since
        # this seat's last one: what that seat did unseen is what a peek would find
        if len(options) >= steps and len(legal) > 1 and _after_another(s, options):
            pos.state = s
            return pos
        pos.before.append(s.clone())
        options.append(len(legal))
        s.apply_unchecked(legal[rnd.randrange(len(legal))])
    return None


def _after_another(s: rulekit.State, options: list[int]) -> bool:
    for (who, _text), n in zip(reversed(list(s.history)), reversed(options), strict=True):
        if who != s.decider:
            return True
        if n > 1:
            return False
    return False


def view(s: rulekit.State, seat: int) -> tuple:
    """Everything seat may know: its observation and the log through its eyes."""
    return observation(s, seat), events_for(s, seat)


def redealt(pos: Position, rnd: random.Random, swaps: int = 6) -> rulekit.State | None:
    """(a) The state with hidden cards exchanged between places the seat cannot see.

    A card the seat was told the zone of (`show`, a private log line) stays in its zone;
    whatever names a card by its place (a hidden card variable) names the card now there.
    """
    s, seat = pos.state, pos.seat
    assert s is not None
    known = s.known[seat] if s.known is not None else {}
    melded = s.meld_of or [0] * len(s.card_zone)
    places = [(zi, i) for zi, zone in enumerate(s.zones) if not zone_open(s, zi, seat)
              for i, c in enumerate(zone) if not s.faceup[c] and not melded[c]]
    alt = s.clone()
    g = s.game
    done = 0
    for _ in range(swaps * 10):
        if done == swaps or len(places) < 2:
            break
        (za, ia), (zb, ib) = rnd.sample(places, 2)
        a, b = alt.zones[za][ia], alt.zones[zb][ib]
        if g.face_of[a] == g.face_of[b] or (za != zb and (a in known or b in known)):
            continue
        alt.zones[za][ia], alt.zones[zb][ib] = b, a
        alt.card_zone[a], alt.card_zone[b] = zb, za
        done += 1
    if not done:
        return None
    # a reference follows the place: what named the card at a place names the card now there
    follow = {s.zones[zi][i]: alt.zones[zi][i] for zi, i in places}
    for infos, values in ((g.game_vars, alt.gvars), (g.turn_vars, alt.tvars)):
        for v in infos:
            values[v.index] = _follow(v.type, values[v.index], follow)
    for infos, rows in ((g.player_vars, alt.pvars), (g.team_vars, alt.teamvars)):
        for v in infos:
            rows[v.index] = [_follow(v.type, x, follow) for x in rows[v.index]]
    if alt.known is not None:  # the other seats' knowledge names places too
        alt.known = [d if p == seat else {follow.get(c, c): z for c, z in d.items()}
                     for p, d in enumerate(alt.known)]
    alt._legal = None
    return alt


def _follow(type_: str, v: Any, follow: dict[int, Any]) -> Any:
    """A variable's value with each card it names replaced by follow's (a card, a label)."""
    if v is None or type_ not in CARD_TYPES:
        return v
    if type_ == "card":
        return follow.get(v, v)
    return [follow.get(c, c) for c in v]


def recomputed(pos: Position) -> Iterator[rulekit.State]:
    """(b) The state with each recomputed hidden variable (`resample:`) given another value."""
    s = pos.state
    assert s is not None
    g = s.game
    for infos, kind in ((g.game_vars, "game"), (g.turn_vars, "turn"), (g.player_vars, "player"),
                        (g.team_vars, "team")):
        for v in infos:
            if v.resample is None or v.type in CARD_TYPES:
                continue
            alt = s.clone()
            store = {"game": alt.gvars, "turn": alt.tvars}.get(kind)
            if store is not None:
                store[v.index] = _other(v.type, store[v.index], s.n)
            else:
                rows = alt.pvars if kind == "player" else alt.teamvars
                rows[v.index] = [_other(v.type, x, s.n) for x in rows[v.index]]
            alt._legal = None
            yield alt


def _other(type_: str, v: object, n: int) -> object:
    if type_ == "bool":
        return not v
    if type_ == "int":
        return (v or 0) + 1  # type: ignore[operator]
    if type_ == "player":
        return ((v or 0) + 1) % n  # type: ignore[operator]
    return v


def other_histories(pos: Position, rnd: random.Random, wanted: int = 2,
                    budget: int = REPLAY_STEPS) -> list[rulekit.State]:
    """(c) States reached by another history the seat cannot tell from this one.

    Decisions of the other seats are tried latest first, each replaced by every other action
    legal there; of the histories that look the same to the seat, one whose hidden variables
    differ is taken first (where a leak would show), else any.
    """
    s, seat = pos.state, pos.seat
    assert s is not None
    mine = view(s, seat)
    hidden = hidden_values(s)
    history = list(s.history)
    found: list[rulekit.State] = []
    for i in range(len(pos.before) - 1, -1, -1):
        who, text = history[i]
        if who == seat:
            continue
        if budget <= 0 or len(found) >= wanted:
            break
        start = pos.before[i]
        others = [a.text for a in start.legal_actions() if a.text != text]
        same: list[rulekit.State] = []
        for alt_text in rnd.sample(others, min(ALTERNATIVES, len(others))):
            alt = replay(start, alt_text, history[i + 1:])
            budget -= len(history) - i
            if alt is None or alt.decider != seat or view(alt, seat) != mine:
                continue
            if hidden_values(alt) != hidden:
                same.insert(0, alt)
                break
            same.append(alt)
        found += same[:1]
    return found


def replay(start: rulekit.State, first: str, rest: list[tuple[int, str]]) -> rulekit.State | None:
    """start, then `first`, then each later decision by its text (None once one is illegal)."""
    s = start.clone()
    for who, text in [(start.decider, first), *rest]:
        if s.is_over or s.decider != who:
            return None
        legal = {a.text: a for a in s.legal_actions()}
        if text not in legal:
            return None
        s.apply_unchecked(legal[text])
    return s


def hidden_values(s: rulekit.State) -> dict[str, object]:
    """Every hidden variable that is neither a card nor recomputed in sampled worlds."""
    g = s.game
    out: dict[str, object] = {}
    for infos, values in ((g.game_vars, s.gvars), (g.turn_vars, s.tvars),
                          (g.player_vars, s.pvars), (g.team_vars, s.teamvars)):
        for v in infos:
            if not v.visible and v.resample is None and v.type not in CARD_TYPES:
                out[v.name] = values[v.index]
    return out


# ---- the check --------------------------------------------------------------------------------
def peeks(game: rulekit.Game, players: int, seed: int, bots: tuple[str, ...] = BOTS,
          search: int = REPLAY_STEPS) -> list[str]:
    """What a bot (or a hidden variable) gives away at one seeded position: [] when nothing.

    The position is reached by random play; each state the seat cannot tell from it must get
    the same choice from every bot, and hold the same hidden variables if reached by another
    history.
    """
    rnd = random.Random(seed)
    pos = None
    for tries in range(6):  # a game may end before the position: deal again
        pos = play_to(game, players, seed * 7 + tries, rnd.randrange(2, 100 // (tries + 1)))
        if pos is not None:
            break
    if pos is None or pos.state is None:
        return []
    s, seat = pos.state, pos.seat
    where = f"{game.name} {players}p seed {pos.seed} after {len(pos.before)} decisions, seat {seat}"
    found: list[str] = []
    alternatives: list[tuple[str, rulekit.State]] = []
    alt = redealt(pos, rnd)
    if alt is not None and view(alt, seat) == view(s, seat):
        alternatives.append(("hidden cards exchanged", alt))
    alternatives += [("a recomputed variable changed", a) for a in recomputed(pos)]
    for a in other_histories(pos, rnd, budget=search):
        alternatives.append(("another history", a))
        mine, theirs = hidden_values(s), hidden_values(a)
        differ = sorted(k for k in mine if mine[k] != theirs[k])
        if differ:
            found.append(f"{where}: hidden {differ} differ between two histories the seat cannot "
                         "tell apart")
    for k, spec in enumerate(bots):
        bot_seed = seed * 1000 + k
        mine_choice = make_bot(spec, game, seat, bot_seed).choose(s.clone()).text
        for why, a in alternatives:
            theirs_choice = make_bot(spec, game, seat, bot_seed).choose(a.clone()).text
            if theirs_choice != mine_choice:
                found.append(f"{where}: {spec} chose {mine_choice!r}, but {theirs_choice!r} "
                             f"with {why}")
    return found


@pytest.mark.parametrize(("path", "game"), GAMES, ids=IDS)
def test_no_bot_sees_what_its_seat_cannot(path: Path, game: rulekit.Game) -> None:
    found = []
    for k in range(VARIANT_POSITIONS if game.variant else POSITIONS):
        players = [game.min_players, game.max_players][k % 2]
        found += peeks(game, players, seed=k + 1)
    assert not found, "\n".join(found)


# ---- the check has teeth: a leaky hidden variable is caught -------------------------------------
CLAIMS = ROOT / "tests" / "engine" / "claims.yaml"
RECOMPUTED = ', resample: "size(last) > 0 and (first(last).rank >= 3) == (claim == \'high\')"'
OLD_SHAM_VARIABLE = ("    bid_cards: {type: cards, visible: false}",
                     "    bid_honest: {type: bool, visible: false}")
OLD_SHAM_SET = ("      - set bid_n = size(chosen)",
                "      - set bid_honest = all(c.colour == colour for c in chosen) and "
                "sum(c.value for c in chosen) == total")


def old_sham_text() -> str:
    """SHAM as it was before issue 29: the honesty of a claim kept aside when it is placed."""
    lines = (ROOT / "rulesets" / "sham.yaml").read_text(encoding="utf-8").splitlines()
    for start, added in (OLD_SHAM_VARIABLE, OLD_SHAM_SET):
        [at] = [i for i, line in enumerate(lines) if line.startswith(start)]
        lines.insert(at + 1, added)
    text = "\n".join(lines) + "\n"
    return text.replace("if: honest ", "if: bid_honest ").replace("or honest\"", "or bid_honest\"")


@pytest.fixture
def unchecked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiler's check of hidden variables switched off, so a leaky ruleset loads."""
    from rulekit.compile import hiddenvars

    monkeypatch.setattr(hiddenvars, "hidden_variables", lambda c: None)


def test_the_old_sham_is_refused_at_the_line_that_keeps_the_honesty_aside() -> None:
    text = old_sham_text()
    with pytest.raises(rulekit.RulesetError) as e:
        rulekit.load_text(text, "sham.yaml")
    [d] = e.value.diagnostics
    assert d.line == text.splitlines().index(OLD_SHAM_SET[1]) + 1
    assert d.source_line[d.col - 1:].startswith("bid_honest = ")
    assert d.message == ("hidden variable 'bid_honest' is set from what some players may not "
                         "see ('colour' of the cards of parameter 'chosen'): a bot's sampled "
                         "world would keep its true value")
    assert "resample: EXPR" in d.hint and "make it visible" in d.hint


def test_the_old_sham_leaks_and_the_check_finds_it(unchecked: None) -> None:
    game = rulekit.load_text(old_sham_text(), "old_sham.yaml")
    found: list[str] = []
    hidden = chosen = False
    # a claim honest in one history and not in the other is rare in random play: look on
    for seed in range(1, 80):
        found += peeks(game, (3, 7)[seed % 2], seed, bots=("greedy", "easy", "ismcts:16"),
                       search=4000)
        hidden = any("hidden ['bid_honest'] differ" in f for f in found)
        chosen = any("'call_sham', but 'let_it_go'" in f or "'let_it_go', but 'call_sham'" in f
                     for f in found)
        if hidden and chosen:
            break
    assert hidden and chosen, found


def test_a_small_leaky_game_is_refused_and_caught(unchecked: None) -> None:
    text = CLAIMS.read_text(encoding="utf-8")
    assert text.count(RECOMPUTED) == 1
    leaky = rulekit.load_text(text.replace(RECOMPUTED, ""), "leaky.yaml")
    found: list[str] = []
    hidden = chosen = False
    for seed in range(1, 40):
        found += peeks(leaky, 2 + seed % 2, seed)
        hidden = any("hidden ['truthful'] differ" in f for f in found)
        chosen = any(" chose 'trust', but 'doubt'" in f or " chose 'doubt', but 'trust'" in f
                     for f in found)
        if hidden and chosen:
            break
    assert hidden and chosen, found


def test_a_leaky_game_is_refused_by_the_compiler() -> None:
    text = CLAIMS.read_text(encoding="utf-8").replace(RECOMPUTED, "")
    with pytest.raises(rulekit.RulesetError) as e:
        rulekit.load_text(text, "leaky.yaml")
    [d] = e.value.diagnostics
    assert "hidden variable 'truthful' is set from what some players may not see" in d.message


def test_a_recomputed_variable_follows_the_sampled_cards() -> None:
    """`resample:` works the variable out afresh from the sampled cards: the bots choose the same
    whatever its true value, and in each sampled world it agrees with that world's card."""
    game = rulekit.load(CLAIMS)
    assert not [f for seed in range(1, 7) for f in peeks(game, 2 + seed % 2, seed)]
    s = game.new_state(3, seed=4)
    s.apply("place")
    while s.pending is not None and s.pending.window is None:
        s.apply(s.legal_actions()[0].text)
    seat = s.decider
    assert seat is not None and seat != 0
    worlds = [rulekit.resample(s, seat, k) for k in range(30)]
    truth = {w.game.labels[w.gvars[1][0]] >= "3" for w in worlds}
    assert truth == {True, False}  # the placed card is imagined afresh...
    for w in worlds:               # ... and the variable with it
        assert w.gvars[2] == ((w.game.labels[w.gvars[1][0]] >= "3") == (w.gvars[0] == "high"))


# ---- what a seat was told stays in its sampled worlds ------------------------------------------
def _sham_after_a_taken_card() -> rulekit.State:
    """SHAM, 3 players: seat 0 claims 3 red honestly, seat 1 calls and loses its only card,
    yellow 4, to seat 0 (S6); a line tells seats 0 and 1 which card it was."""
    s = deal(3, {0: ["red 1", "red 2", "purple 1", "purple 2", "purple 3"], 1: ["yellow 4"],
                 2: ["blue 1", "blue 2", "blue 3"]})
    place(s, ["red 1", "red 2"], 3, colour="red")
    challenge(s, {1: "call_sham"})
    s.apply("keep")
    return s


def _taken(s: rulekit.State) -> int:
    """The card the line told seat 0 was taken."""
    [card] = [args["card"][1] for key, args in events_for(s, 0) if key == "card_taken"]
    return card


def test_a_card_told_to_a_seat_stays_where_it_was_told_in_its_sampled_worlds() -> None:
    from rulekit.testing import zone_id

    s = _sham_after_a_taken_card()
    card, hand0 = _taken(s), zone_id(s, ("hand", 0))
    assert s.card_zone[card] == hand0
    # the giver knows where its card went; the third seat only that a card was taken
    assert all(rulekit.resample(s, 1, k).card_zone[card] == hand0 for k in range(20))
    assert {rulekit.resample(s, 2, k).card_zone[card] == hand0 for k in range(20)} == {True, False}


def test_what_a_seat_keeps_does_not_tell_it_which_card_left_unseen() -> None:
    """Seat 0 places one card face down: the giver cannot tell whether it was the card it gave,
    so its sampled worlds are the same either way (it no longer knows where that card is)."""
    worlds = []
    for placed in ("yellow 4", "purple 1"):
        s = _sham_after_a_taken_card()
        place(s, ["blue 1", "blue 2"], 3)         # seat 2 claims 3 red (a lie nobody calls)
        challenge(s)
        place(s, [placed], 4)                     # seat 0: one card, the same claim either way
        worlds.append([[s.game.labels[c] for c in z] for z in rulekit.resample(s, 1, 7).zones])
    assert worlds[0] == worlds[1]


# ---- OpenSpiel's IS-MCTS through the adapter ----------------------------------------------------
def world(s: rulekit.State) -> tuple:
    """A whole state as labels: every zone, and every variable (a card by its label)."""
    g = s.game

    def shown(type_: str, v: object) -> object:
        return _follow(type_, v, dict(enumerate(g.labels)))

    values = [shown(v.type, x) for infos, xs in ((g.game_vars, s.gvars), (g.turn_vars, s.tvars))
              for v, x in zip(infos, xs, strict=True)]
    rows = [[shown(v.type, x) for x in row] for infos, rs in ((g.player_vars, s.pvars),
                                                            (g.team_vars, s.teamvars))
            for v, row in zip(infos, rs, strict=True)]
    return [[g.labels[c] for c in z] for z in s.zones], values, rows


def _spiel_state(name: str, pos: Position, s: rulekit.State):  # noqa: ANN202 (pyspiel's type)
    """s as the adapter's state: the same deal, then s's decisions."""
    import pyspiel

    game = pyspiel.load_game(name, {"players": pos.players, "seed": pos.seed})
    st = game.new_initial_state()
    for _who, text in s.history:
        [action] = [a for a in st.rulekit_state.legal_actions() if a.text == text]
        st.apply_action(st.index_of(action))
    assert list(st.rulekit_state.history) == list(s.history)
    return st


def test_openspiel_ismcts_through_the_adapter_does_not_peek() -> None:
    """The adapter's sampled worlds (`resample_from_infostate`) and OpenSpiel's IS-MCTS are the
    same in two SHAM histories the deciding seat cannot tell apart."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    from rulekit.envs import register_openspiel

    path = ROOT / "rulesets" / "sham.yaml"
    name = register_openspiel(str(path))
    game = rulekit.load(path)
    checked = 0
    for seed in range(1, 40):
        rnd = random.Random(seed)
        pos = play_to(game, 3, seed, rnd.randrange(2, 60))
        alts = other_histories(pos, rnd, wanted=1) if pos is not None else []
        if pos is None or not alts:
            continue
        states = [_spiel_state(name, pos, x) for x in (pos.state, alts[0])]
        worlds = [world(st.resample_from_infostate(pos.seat, None).rulekit_state)
                  for st in states]
        assert worlds[0] == worlds[1]
        # its rollouts play to the end: a game cut short returns nothing to tell calls apart
        choices = [ismcts.ISMCTSBot(st.get_game(),
                                    mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
                                    uct_c=2.0, max_simulations=8,
                                    random_state=np.random.RandomState(seed)).step(st)
                   for st in states]
        assert choices[0] == choices[1], (seed, [st.action_to_string(c)
                                                 for st, c in zip(states, choices, strict=True)])
        checked += 1
        if checked == 3:
            break
    assert checked == 3


# ---- a racing window: the answers given before a seat's are unseen ------------------------------
def race_position(game: rulekit.Game, players: int, seed: int) -> Position | None:
    """Random play until a seat answers a racing window after others answered it, with a real
    choice (the position the generic check meets only by chance)."""
    rnd = random.Random(seed)
    s = game.new_state(players, seed=seed)
    pos = Position(game, players, seed)
    while not s.is_over and s.decisions < 2000:
        top = s.stack[-1] if s.stack else None
        legal = s.legal_actions()
        if (getattr(top, "answers", None) and len(legal) > 1 and s.decisions > 10
                and any(p != s.decider for p, _, _ in top.answers)):
            pos.state = s
            return pos
        pos.before.append(s.clone())
        s.apply_unchecked(s.random_action(rnd))
    return None


def test_a_racing_windows_earlier_answers_are_not_seen_by_the_seats_asked_after() -> None:
    """Durak's throw-ins race (`race:`, docs/authoring.md section 13): a seat asked after others
    cannot tell what they answered (observation, log), and every bot chooses the same whatever
    they answered (their answers never reach its search: rulekit.runtime.racing)."""
    game = rulekit.load(ROOT / "rulesets" / "durak.yaml")
    found: list[str] = []
    checked = 0
    for seed in range(1, 300):
        pos = race_position(game, 4, seed)
        if pos is None or pos.state is None:
            continue
        s, seat = pos.state, pos.seat
        alts = [a for a in other_histories(pos, random.Random(seed), wanted=3)
                if a.stack and a.stack[-1].answers != s.stack[-1].answers]
        if not alts:
            continue
        checked += 1
        # the bots' inputs: the worlds dealt for the seat hold none of the answers it has not seen
        world = rulekit.resample(s, seat, seed)
        for a in alts:
            other = rulekit.resample(a, seat, seed)
            if [f.key() for f in other.stack] != [f.key() for f in world.stack]:
                found.append(f"seed {seed}, seat {seat}: a world dealt for the seat holds the "
                             "others' answers to the race")
        for k, spec in enumerate(BOTS):
            mine = make_bot(spec, game, seat, seed * 1000 + k).choose(s.clone()).text
            for a in alts:
                theirs = make_bot(spec, game, seat, seed * 1000 + k).choose(a.clone()).text
                if theirs != mine:
                    found.append(f"seed {seed}, seat {seat}: {spec} chose {mine!r}, but "
                                 f"{theirs!r} after other answers to the race")
        if checked == 3:
            break
    assert checked == 3 and not found, "\n".join(found)
