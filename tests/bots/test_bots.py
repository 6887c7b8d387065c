"""Bots (issue 10): the interface, determinism, no peeking, the depth bound, hints and seat kinds.

Budgets are tiny iteration counts: these tests check behaviour, never strength or time.
"""

from __future__ import annotations

import dataclasses
import io
import json
import random
import subprocess
import sys
import time

import pytest
from cli_helpers import cli
from paths import ROOT, TESTS
from rich.console import Console
from rulekit_cli.bots import Thinking

import rulekit
from rulekit.bots import (
    LEVELS,
    MAX_ITERATIONS,
    MAX_SECONDS,
    SPEC_HELP,
    BotSpec,
    make_bot,
    parse_bot_spec,
)
from rulekit.bots.ismcts import decision_work
from rulekit.bots.playout import estimate, final_values, policy
from rulekit.bots.random import bot_rng, choose, weighted_choice

RULESETS = sorted((ROOT / "rulesets").glob("*.yaml"))
ENDLESS = TESTS / "bots" / "endless.yaml"
SMALL = ("random", "greedy", "ismcts:6")


def _players(game: rulekit.Game) -> int:
    return 4 if game.min_players <= 4 <= game.max_players else game.min_players


def _positions(game: rulekit.Game, seed: int, every: int, limit: int) -> list[rulekit.State]:
    """States with a real choice, reached by random play from a deal (copies, in order): every
    `every` steps, the first state from there on with more than one legal action (in a game
    where most steps are forced, such as a shedding game's single playable card)."""
    s = game.new_state(_players(game), seed)
    rng = random.Random(seed)
    out = []
    due = False
    for step in range(limit):
        if s.over:
            break
        legal = s.legal_actions()
        due = due or step % every == 0
        if due and len(legal) > 1:
            out.append(s.clone())
            due = False
        s.apply(legal[int(rng.random() * len(legal))])
    return out


@pytest.fixture(scope="module", params=RULESETS, ids=lambda p: p.stem)
def game(request: pytest.FixtureRequest) -> rulekit.Game:
    return rulekit.load(request.param)


# ---- the interface ---------------------------------------------------------------------------
@pytest.mark.parametrize("spec", SMALL)
def test_every_bot_answers_a_legal_action_and_leaves_the_state_alone(game, spec):
    for s in _positions(game, 1, 9, 60)[:3]:
        before = s.key()
        bot = make_bot(spec, game, s.decider, 3)
        a = bot.choose(s)
        assert a in s.legal_actions()
        assert s.key() == before  # the bot searched copies, never the game itself
        assert bot.name == spec


def test_the_random_bot_makes_exactly_the_choices_of_the_old_driver_bot(game):
    """Uniform where the ruleset has no `weight:`; by weight, as a playout draws, where it has
    (issue 33: a random seat took an action of weight 0)."""
    s = game.new_state(_players(game), 4)
    t = s.clone()
    bots = [make_bot("random", game, p, 4) for p in range(s.n)]
    rngs = [bot_rng(4, p) for p in range(s.n)]
    for _ in range(150):
        if s.over:
            break
        a = bots[s.decider].choose(s)
        legal, rng = t.legal_actions(), rngs[t.decider]
        b = (weighted_choice(t, legal, rng.random) if game.hints.weights and len(legal) > 1
             else choose(legal, rng))
        assert a.text == b.text
        s.apply(a)
        t.apply(b)


def test_a_game_between_bots_plays_to_its_end():
    g = rulekit.load(ROOT / "rulesets" / "sham.yaml")
    s = g.new_state(3, 2)
    bots = [make_bot(k, g, p, 2) for p, k in enumerate(("greedy", "ismcts:4", "random"))]
    while not s.over:
        s.apply(bots[s.decider].choose(s))
    assert s.outcome is not None


# ---- determinism -----------------------------------------------------------------------------
CHOICES = """
import json, random, sys
import rulekit
from rulekit.bots import make_bot
out = []
for path in sys.argv[1:]:
    g = rulekit.load(path)
    n = 4 if g.min_players <= 4 <= g.max_players else g.min_players
    s = g.new_state(n, 8)
    rng = random.Random(8)
    for step in range(40):
        if s.over:
            break
        legal = s.legal_actions()
        if len(legal) > 1 and step % 9 == 0:
            for spec in ("greedy", "ismcts:5"):
                out.append(make_bot(spec, g, s.decider, 21).choose(s).text)
        s.apply(legal[int(rng.random() * len(legal))])
print(json.dumps(out))
"""


def test_the_same_seed_and_iterations_give_the_same_choices_in_another_process():
    """Issue 10 point 4: "the same seed and an iteration budget give the same choice, every
    time, in any process"."""
    paths = [str(p) for p in RULESETS]
    runs = [subprocess.run([sys.executable, "-c", CHOICES, *paths], capture_output=True,
                           text=True, check=True, env={"PYTHONHASHSEED": str(h)})
            for h in (1, 2)]
    first, second = (json.loads(r.stdout) for r in runs)
    assert first == second
    assert len(first) >= 6
    assert len(set(first)) > 1  # the bots did choose among several options


# ---- no peeking ------------------------------------------------------------------------------
@pytest.mark.parametrize("spec", ("greedy", "ismcts:5"))
def test_a_bot_chooses_the_same_in_states_that_differ_only_in_what_it_cannot_see(game, spec):
    """Issue 10 point 5: "a bot's choice is the same for two true states that differ only in
    what its seat cannot see (resample one from the other's information set; same seed and
    budget)"."""
    positions = _positions(game, 5, 5, 80)[:3] + _positions(game, 6, 7, 80)[:2]
    assert len(positions) >= 4
    differ = 0
    for k, s in enumerate(positions):
        seat = s.decider
        other = rulekit.resample(s, seat, 1000 + k)
        assert rulekit.observation(other, seat) == rulekit.observation(s, seat)
        differ += other.zones != s.zones
        a = make_bot(spec, game, seat, 17).choose(s)
        b = make_bot(spec, game, seat, 17).choose(other)
        assert a.text == b.text
    assert differ  # the hidden cards really were elsewhere


# ---- playouts: the depth bound, the evaluation, the weights ----------------------------------
def test_a_game_whose_random_playouts_never_end_is_cut_and_still_answered():
    """Issue 10: "a game whose random playouts never end: playouts cut at the depth bound and
    scored; the bot still answers within its budget"."""
    g = rulekit.load(ENDLESS)
    s = g.new_state(2, 1)
    bot = make_bot("ismcts:40", g, 0, 1)
    assert bot.choose(s).text == "gain"  # scored by the evaluation: a point is worth having
    assert bot.last_iterations == decision_work(40, 2)  # two options: their share of 40
    assert make_bot("greedy", g, 0, 1).choose(s).text == "gain"


def test_weight_zero_keeps_an_action_out_of_playouts_and_weights_bias_the_choice():
    text = ENDLESS.read_text().replace("    weight: 0                  # playouts only gain",
                                       "    weight: 3                  # playouts only gain")
    g = rulekit.load_text(text)
    s = g.new_state(2, 1)
    for move in ("gain", "wait", "gain", "wait", "gain", "wait"):
        s.apply(move)  # seat 0 has 3 points: finishing is legal
    legal = s.legal_actions()
    assert [a.text for a in legal] == ["wait", "gain", "finish"]
    rng = random.Random(3)
    picks = [policy(s, legal, rng.random).text for _ in range(800)]
    assert "finish" not in picks  # weight 0
    assert 520 < picks.count("wait") < 680  # weight 3 against gain's 1: about 600 of 800


def test_a_weight_failing_at_run_time_names_its_action():
    """A weight that fails while a playout weighs the choices is a rule error naming that
    action's weight, after weights known at load (wait's 0) were read without a call."""
    gain = 'effects: ["add 1 to actor.points", end turn]'
    failing = 'weight: "10 // (actor.points - actor.points)"\n    '
    text = ENDLESS.read_text().replace(gain, failing + gain)
    g = rulekit.load_text(text)
    s = g.new_state(2, 1)
    assert [a.text for a in s.legal_actions()] == ["wait", "gain"]
    with pytest.raises(rulekit.RuleRuntimeError) as e:
        policy(s, s.legal_actions(), random.Random(1).random)
    assert e.value.rule == "actions.gain.weight"
    assert "division by zero" in str(e.value)


def test_weights_known_at_load_are_read_without_a_call():
    """wait's and finish's weights are the number 0: a playout reads them, and never calls
    their compiled expressions (here made to fail if called)."""
    g = rulekit.load_text(ENDLESS.read_text())  # a game of its own: its hints are changed

    def called(s: object, e: object) -> int:
        raise AssertionError("a weight known at load was evaluated")

    assert set(g.hints.constant_weights.values()) == {0}
    for index in g.hints.constant_weights:
        g.hints.weights[index] = called
    s = g.new_state(2, 1)
    for move in ("gain", "wait", "gain", "wait", "gain", "wait"):
        s.apply(move)  # finishing is legal now: three actions to weigh
    legal = s.legal_actions()
    assert [a.text for a in legal] == ["wait", "gain", "finish"]
    rng = random.Random(2)
    assert {policy(s, legal, rng.random).text for _ in range(50)} == {"gain"}


def test_an_evaluation_outside_0_1_is_clamped():
    """Issue 10: "an evaluation outside [0, 1] at run time: clamped"."""
    base = ENDLESS.read_text()
    high = rulekit.load_text(base.replace('evaluate: "50 + 5 *', 'evaluate: "500 + 5 *'))
    low = rulekit.load_text(base.replace('evaluate: "50 + 5 *', 'evaluate: "-500 + 5 *'))
    assert estimate(high.new_state(2, 0)) == [1.0, 1.0]
    assert estimate(low.new_state(2, 0)) == [0.0, 0.0]


def test_the_estimate_keeps_what_the_standings_share_and_gives_each_its_own_value():
    """Le Ch'ami's evaluate asks every seat's hand points in every seat's standing: worked out
    once per seat while the estimate is made (nothing changes meanwhile), the values are those
    of each standing asked on its own, and the state keeps nothing afterwards."""
    g = rulekit.load(ROOT / "rulesets" / "chami.yaml")
    assert "define.hand_points, kept per arguments" in g.generated_source()
    rng = random.Random(4)
    for seed in range(6):
        s = g.new_state(4, seed)
        while not s.over and s.decisions < 40 + 10 * seed:
            legal = s.legal_actions()
            s.apply_unchecked(legal[rng.randrange(len(legal))])
        alone = [g.hints.evaluation(s, p) for p in range(4)]  # no memo: each on its own
        assert estimate(s) == alone
        assert s.memo is None


def test_without_an_evaluation_the_estimate_is_the_rank_by_score():
    g = rulekit.load(ROOT / "tests" / "engine" / "minimal.yaml")  # score: seat(p)
    assert estimate(g.new_state(2, 0)) == [0.0, 1.0]


def test_a_cooperative_result_is_shared_by_the_partners():
    g = rulekit.load(ROOT / "rulesets" / "shamus.yaml")
    s = g.new_state(2, 3)
    bots = [make_bot("random", g, p, 3) for p in range(2)]
    while not s.over:
        s.apply(bots[s.decider].choose(s))
    a, b = final_values(s)
    assert a == b


# ---- hints: load errors ----------------------------------------------------------------------
@pytest.mark.parametrize(("old", "new", "message"), [
    ('evaluate: "50 + 5 *', 'evaluate: "p.points > 50 + 5 *',
     "'evaluate' (a whole number from 0 to out_of) must be a number, but this is a condition"),
    ('evaluate: "50 + 5 *', 'evaluate: "50 + 5 * nonsense + 5 *', "nonsense"),
    ("    weight: 0\n", "    weight: -2\n", "'weight' must be 0 or more, not -2"),
    ("    weight: 0\n", "    weight: \"size(hand)\"\n", "hand"),
    ("    weight: 0\n", "    weight: true\n", "'weight' must be a whole number"),
])
def test_a_broken_hint_is_a_located_load_error(old: str, new: str, message: str):
    """Issue 10: "a ruleset with bots.evaluate that is not a number, or names an unknown
    variable: a located load error"."""
    text = ENDLESS.read_text()
    assert old in text
    with pytest.raises(rulekit.RulesetError) as e:
        rulekit.load_text(text.replace(old, new), file="endless.yaml")
    d = e.value.diagnostics[0]
    assert message in d.render()
    line = text.replace(old, new).splitlines()[d.line - 1]
    assert ("evaluate" in line) or ("weight" in line)
    assert "endless.yaml:" in d.render()


def test_hints_do_not_change_the_rules():
    """Same seed and same actions, with and without hints: the same game, byte for byte."""
    text = ENDLESS.read_text()
    bare = "".join(line for line in text.splitlines(keepends=True)
                   if not line.startswith(("bots:", "  evaluate:")) and "weight:" not in line)
    plain = rulekit.load_text(bare)
    assert plain.hints.evaluate is None and not plain.hints.weights
    hinted = rulekit.load_text(text)
    a, b = plain.new_state(2, 5), hinted.new_state(2, 5)
    for move in ("gain", "wait", "gain", "wait", "gain", "wait", "finish"):
        a.apply(move)
        b.apply(move)
    assert a.log == b.log and a.outcome == b.outcome


# ---- seat kinds ------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "spec"), [
    ("random", BotSpec("random", "random")),
    ("ismcts:2000", BotSpec("ismcts", "ismcts:2000", iterations=2000, reuse=4, cap=MAX_SECONDS)),
    ("ISMCTS:0.5s", BotSpec("ismcts", "ismcts:0.5s", seconds=0.5, reuse=4)),
    ("easy", LEVELS["easy"]),
    ("medium", LEVELS["medium"]),
    ("hard", LEVELS["hard"]),
    # a level's search with another iteration budget (repeatable) or a time
    ("medium:300", dataclasses.replace(LEVELS["medium"], text="medium:300", iterations=300,
                                       cap=MAX_SECONDS)),
    ("Hard:0.5s", dataclasses.replace(LEVELS["hard"], text="hard:0.5s", iterations=None,
                                      seconds=0.5, cap=None)),
])
def test_seat_kinds_parse(text: str, spec: BotSpec):
    assert parse_bot_spec(text) == spec


@pytest.mark.parametrize("level", ("easy", "medium", "hard"))
def test_the_levels_are_budgets_of_iterations_not_of_time(level: str):
    """Issue 29: "Levels are fixed iteration budgets ... Same strength on any machine"; the
    wall-clock cap is only a safety net, hard searches several times what medium does."""
    spec = parse_bot_spec(level)
    assert spec.kind == "ismcts" and spec.seconds is None
    assert spec.iterations is not None and spec.cap is not None
    assert LEVELS["easy"].iterations < LEVELS["medium"].iterations < LEVELS["hard"].iterations
    bot = make_bot(level, rulekit.load(ROOT / "tests" / "engine" / "minimal.yaml"), 0, 1)
    assert bot.iterations == spec.iterations and bot.seconds is None


@pytest.mark.parametrize("bad", ["ismcts:0", "ismcts:-1s", "ismcts:abc", "ismcts:0s",
                                 "ismcts:1e9", "robot", "ismcts:", "hard:0", "medium:x",
                                 "easy:5", "random:3", "medium:0", "hard:abc",
                                 f"ismcts:{MAX_ITERATIONS + 1}", f"medium:{MAX_ITERATIONS * 10}",
                                 f"hard:{MAX_SECONDS + 1:g}s", "ismcts:3600s"])
def test_a_bad_seat_kind_is_a_usage_error_naming_the_accepted_forms(bad: str):
    """Issue 10: "--seats ismcts:0, ismcts:-1s, ismcts:abc, an unknown bot name: a usage error
    naming the accepted forms, exit 2"; issue 29: medium:0, hard:abc and a budget too large to
    answer within a minute too."""
    with pytest.raises(rulekit.UsageError, match=r"accepted forms: " + SPEC_HELP.replace(
            "[", r"\[").replace("]", r"\]").replace("|", r"\|")):
        parse_bot_spec(bad)
    r = cli("play", str(ROOT / "rulesets" / "sham.yaml"), "--seats", f"human,{bad},random")
    assert r.code == 2
    assert SPEC_HELP in r.err and repr(bad) in r.err


def test_the_largest_budgets_accepted_are_named_in_the_error():
    with pytest.raises(rulekit.UsageError) as e:
        parse_bot_spec("medium:0")
    assert f"{MAX_ITERATIONS:,}" in str(e.value) and f"{MAX_SECONDS:g}" in str(e.value)
    assert parse_bot_spec(f"medium:{MAX_ITERATIONS}").iterations == MAX_ITERATIONS
    assert parse_bot_spec(f"ismcts:{MAX_SECONDS:g}s").seconds == MAX_SECONDS


def test_the_driver_plays_a_game_with_a_searching_bot_and_names_the_bots():
    # In this ruleset seat 2 wins whoever stops, so greedy (which values both options alike) and
    # a searching seat 1 would "go" for ever; a random seat 2 ends the game in a few moves.
    r = cli("play", str(ROOT / "tests" / "engine" / "minimal.yaml"), "--seats", "ismcts:5,random",
            "--seed", "3")
    assert r.code == 0, r.err
    assert "bot ismcts:5" in r.out and "random bot" in r.out
    assert "someone stopped" in r.out  # the game was played to its end and narrated


# ---- the driver shows a bot that thinks ------------------------------------------------------
class _Waiting:
    """A bot that thinks until the terminal says it is thinking (or gives up after 20 s)."""

    name = "slow"

    def __init__(self, out: io.StringIO):
        self.out = out

    def choose(self, state: rulekit.State) -> rulekit.Action:
        for _ in range(2000):
            if "is thinking" in self.out.getvalue():
                break
            time.sleep(0.01)
        return state.legal_actions()[0]


def test_a_bot_thinking_over_half_a_second_shows_it_on_a_terminal_and_a_quick_one_does_not():
    """Issue 10: "A bot that is thinking for more than half a second shows it"."""
    g = rulekit.load(ROOT / "tests" / "engine" / "minimal.yaml")
    s = g.new_state(2, 0)
    out = io.StringIO()
    thinking = Thinking(Console(file=out, force_terminal=True, width=80), "en")
    assert thinking.choose(make_bot("random", g, 0, 0), s, "Player 0") in s.legal_actions()
    assert "thinking" not in out.getvalue()
    assert thinking.choose(_Waiting(out), s, "Player 1").text == "go"
    assert "Player 1 is thinking" in out.getvalue()
