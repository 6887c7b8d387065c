"""Shamus: the bots' hint (issue 29). The estimate is on the scale of a finished game's result, and
it keeps an Ace for the Uno player's last card: the Rami player's Ace frees the last play (H4)."""

import random
from dataclasses import replace

import pytest
from shamus_helpers import (
    RAMI,
    UNO,
    deal,
    game,
    hand,
    legal,
    meld,
    players_of,
    rami_discard,
    uno_play,
)

import rulekit
from rulekit.bots import LEVELS, make_bot
from rulekit.bots.beliefs import Dealer
from rulekit.bots.playout import final_values

VARIANTS = (None, "advanced", "expert", "four-players")


def ace_position():
    """The Rami player's discard, the Uno player holding one card (the K of clubs) that nothing
    in the Rami hand matches but the A of hearts; nothing in the Rami hand melds."""
    s = deal({UNO: ["5 of spades", "K of clubs"],
              RAMI: ["A of hearts", "7 of diamonds", "9 of spades", "J of spades", "3 of hearts",
                     "Q of diamonds"]},
             discard=["5 of hearts"], circle_top=["6 of diamonds"], stock=["6 of hearts"])
    uno_play(s, "5 of spades")
    s.apply("draw")
    assert s.decider == RAMI and legal(s) == ["discard"]
    return s


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_estimate_lies_between_a_loss_and_a_win(variant):
    """A game cut before its end is scored between a lost game's result and a won one's (the
    search compares the two), in every variant, all along games of random bots."""
    g = game(variant)
    n = players_of(variant)
    lost_or_won = set()
    for seed in range(4):
        s = g.new_state(n, seed)
        bots = [make_bot("random", g, p, seed) for p in range(n)]
        while not s.over:
            for p in range(n):
                assert 0.13 <= g.hints.evaluation(s, p) <= 0.88
            s.apply(bots[s.decider].choose(s))
        lost_or_won.add(final_values(s)[0])
    assert lost_or_won <= {0.125, 0.875}


def test_the_ace_goes_to_the_uno_players_last_card():
    """With one card left in the Uno hand and the points there, the Rami player's Ace (any card
    may then be played, H4) beats Senior at once: worth more than any other discard, which the
    Uno player could not match. (With no points yet the Ace may be kept for a later turn: an Ace
    held frees the last card whenever it is given, and the points need the time anyway.)"""
    s = ace_position_with_points()
    g = s.game
    values = {}
    for label in hand(s, RAMI):
        t = s.clone()
        t.apply("discard")
        t.apply(f"pick {label}")
        values[label] = g.hints.evaluation(t, RAMI)
    best = values.pop("A of hearts")
    assert all(best > v for v in values.values()), (best, values)


def test_an_ace_is_kept_while_the_uno_hand_is_long():
    """With four cards still in the Uno hand, an Ace kept for the last card is worth more than
    the free play it would give now (a simulation of the Uno turns: one Ace kept for the last
    card doubles the chance that the hand empties in time)."""
    s = deal({UNO: ["5 of spades", "K of clubs", "8 of clubs", "10 of diamonds", "J of clubs"],
              RAMI: ["A of hearts", "7 of diamonds", "9 of spades", "J of spades", "3 of hearts",
                     "Q of diamonds"]},
             discard=["5 of hearts"], circle_top=["6 of diamonds"], stock=["6 of hearts"])
    uno_play(s, "5 of spades")
    s.apply("draw")
    g = s.game
    after = {}
    for label in ("A of hearts", "Q of diamonds"):  # the Uno hand holds a diamond
        t = s.clone()
        t.apply("discard")
        t.apply(f"pick {label}")
        after[label] = g.hints.evaluation(t, RAMI)
    assert after["Q of diamonds"] > after["A of hearts"]


@pytest.mark.parametrize("seed", range(3))
def test_a_searching_rami_player_gives_the_ace(seed):
    """The greedy bot (one step of look-ahead, scored by the hint) discards the Ace there, in
    worlds where the Uno player's last card is unknown to it."""
    s = ace_position_with_points()
    bot = make_bot("greedy", s.game, RAMI, seed)
    s.apply(bot.choose(s))
    assert str(bot.choose(s)) == "pick A of hearts"


def test_partners_share_one_estimate():
    """Partners share one estimate (a cooperative game): the same number for either seat."""
    g = game()
    rng = random.Random(5)
    s = g.new_state(2, 5)
    while not s.over:
        assert g.hints.evaluation(s, 0) == g.hints.evaluation(s, 1)
        acts = s.legal_actions()
        s.apply(acts[rng.randrange(len(acts))])


# ---- what the Uno player's draws tell the table (H4; the `missed` record and bots.believe) ----

def drawn_on_position():
    """The Rami player's discard after the Uno player drew on the 7 of spades (nothing in its hand
    was a spade, a 7 or an Ace, H4) and played the drawn 9 of spades; the Uno hand is left with
    a heart, a diamond and a club; nothing in the Rami hand melds."""
    s = deal({UNO: ["3 of hearts", "8 of diamonds", "J of clubs"],
              RAMI: ["K of spades", "K of diamonds", "9 of hearts", "J of hearts", "3 of clubs",
                     "Q of spades"]},
             discard=["7 of spades"], circle_top=["6 of clubs"],
             stock=["5 of hearts", "9 of spades"])
    assert legal(s) == ["draw"]
    s.apply("draw")
    uno_play(s, "9 of spades")
    s.apply("draw")
    assert s.decider == RAMI and legal(s) == ["discard"]
    return s


def missed(s, seat=UNO):
    return rulekit.observation(s, None)["seats"][seat]["vars"]["missed"]


def contradicting(s, seat=UNO):
    """The Uno hand's cards that a top it drew on rules out (a spade, a 7 or an Ace here)."""
    tops = missed(s, seat)
    if not tops:
        return []
    suits = {t.split(" of ")[1] for t in tops}
    ranks = {t.split(" of ")[0] for t in tops}
    return [c for c in hand(s, seat) if c.startswith("A ") or c.split(" of ")[0] in ranks
            or c.split(" of ")[1] in suits]


def test_the_table_sees_the_tops_the_uno_player_drew_on():
    """The record is public: each top drawn on; a second draw in a turn forgets the tops before
    (the first card drawn may match them), and so does a penalty (cards drawn unseen)."""
    s = deal({UNO: ["3 of hearts", "8 of diamonds", "J of clubs"],
              RAMI: ["K of spades", "K of diamonds", "9 of hearts", "J of hearts", "3 of clubs",
                     "Q of spades"]},
             discard=["7 of spades"], circle_top=["8 of clubs", "6 of clubs"],
             stock=["Q of hearts", "10 of diamonds", "6 of hearts", "5 of hearts",
                    "9 of spades"])
    assert missed(s) == []
    s.apply("draw")
    assert rulekit.observation(s, RAMI)["seats"][UNO]["vars"]["missed"] == ["7 of spades"]
    uno_play(s, "9 of spades")
    s.apply("draw")
    rami_discard(s, "K of diamonds")
    uno_play(s, "8 of diamonds")
    assert missed(s) == ["7 of spades"]  # a play draws nothing: the hand still holds no spade
    s.apply("draw")
    rami_discard(s, "Q of spades")
    s.apply("draw")  # the 10 of diamonds: no spade, no queen
    assert missed(s) == ["7 of spades", "Q of spades"]
    s.apply("draw")  # the Q of hearts: the 10 of diamonds stays, and it may be a spade
    assert missed(s) == ["Q of spades"]
    uno_play(s, "Q of hearts")
    assert missed(s) == ["Q of spades"] and contradicting(s) == []
    # H4: a 2 or a 4 from the Rami player: two cards drawn without a look at the top
    t = deal({UNO: ["3 of hearts", "8 of diamonds"], RAMI: ["2 of clubs", "K of diamonds",
              "9 of hearts", "J of hearts", "3 of clubs", "Q of spades"]},
             discard=["7 of spades"], circle_top=["6 of clubs"],
             stock=["5 of hearts", "9 of spades"])
    t.apply("draw")
    uno_play(t, "9 of spades")
    t.apply("draw")
    assert missed(t) == ["7 of spades"]
    rami_discard(t, "2 of clubs")
    assert missed(t) == []


@pytest.mark.parametrize("variant", (None, "four-players"))
def test_a_uno_hand_never_holds_a_card_its_draws_ruled_out(variant):
    """What the belief assumes is a fact of the rules: all along random games, no Uno hand holds a
    card matching a top it drew on, or an Ace, while the record stands (H4: drawing only when
    nothing matches, playing the card that does)."""
    g = game(variant)
    n = players_of(variant)
    checked = 0
    for seed in range(30):
        s = g.new_state(n, seed)
        rng = random.Random(seed)
        while not s.over:
            if s.decider % 2 == RAMI:  # between two Uno turns
                for q in range(0, n, 2):
                    checked += bool(missed(s, q))
                    assert contradicting(s, q) == [], (seed, q, missed(s, q), hand(s, q))
            acts = s.legal_actions()
            s.apply(acts[rng.randrange(len(acts))])
    assert checked > 100


def test_the_rami_players_worlds_keep_to_what_the_draws_told():
    """Every world the Rami player deals itself holds a Uno hand its draw allows; dealt
    uniformly, many would not."""
    s = drawn_on_position()
    dealer = Dealer(s, RAMI)
    rng = random.Random(1)
    seen = rulekit.observation(s, RAMI)
    worlds = [dealer.deal(rng) for _ in range(100)]
    assert all(rulekit.observation(w, RAMI) == seen for w in worlds)
    assert all(contradicting(w) == [] for w in worlds)
    # still dealt, not one hand: a world may take the hand of one found earlier (beliefs.py)
    assert len({tuple(sorted(hand(w, UNO).elements())) for w in worlds}) > 15
    uniform = [rulekit.resample(s, RAMI, k) for k in range(100)]
    assert sum(bool(contradicting(w)) for w in uniform) > 30


def test_the_worlds_do_not_depend_on_the_real_uno_hand():
    """No peeking: two real Uno hands the Rami player cannot tell apart give the same worlds."""
    s = drawn_on_position()
    other = Dealer(s, RAMI).deal(random.Random(5))
    assert hand(other, UNO) != hand(s, UNO)
    keys = [[w.key() for w in (Dealer(t, RAMI).deal(random.Random(9)) for _ in range(20))]
            for t in (s, other)]
    assert keys[0] == keys[1]


def test_the_rami_player_discards_what_the_uno_hand_may_match():
    """The Uno hand holds no spade (it drew on the 7 of spades): a spade is matched only by its
    rank, a diamond by any diamond; the estimate and the greedy bot prefer the diamond."""
    s = drawn_on_position()
    g = s.game
    after = {}
    for label in ("K of spades", "K of diamonds"):
        t = s.clone()
        rami_discard(t, label)
        after[label] = g.hints.evaluation(t, RAMI)
    assert after["K of diamonds"] > after["K of spades"], after
    for seed in range(3):
        t = s.clone()
        bot = make_bot("greedy", g, RAMI, seed)
        t.apply(bot.choose(t))
        assert not str(bot.choose(t)).endswith("of spades")


# ---- the search: what the evaluation knows weighs more than random continuations ----

def _medium(g, seat, seed):
    """The medium level's search without its wall-clock safety net (a busy machine must not
    change what it chooses)."""
    return make_bot(replace(LEVELS["medium"], cap=None), g, seat, seed)


def ace_position_with_points():
    """The Ace position, the Rami player having laid 60 points first (sets of kings and tens):
    the Ace discarded now lets the Uno player go out with the points there, Senior beaten (H7)."""
    s = deal({UNO: ["5 of spades", "K of clubs"],
              RAMI: ["A of hearts", "7 of diamonds", "9 of spades", "J of spades", "3 of hearts",
                     "Q of diamonds", "K of diamonds", "K of hearts", "K of spades", "10 of clubs",
                     "10 of hearts", "10 of diamonds"]},
             discard=["5 of hearts"], circle_top=["6 of diamonds"], stock=["6 of hearts"])
    uno_play(s, "5 of spades")
    s.apply("draw")
    meld(s, ["K of diamonds", "K of hearts", "K of spades"])
    meld(s, ["10 of clubs", "10 of hearts", "10 of diamonds"])
    assert s.decider == RAMI and legal(s) == ["discard"]
    return s


@pytest.mark.parametrize("seed", range(4))
def test_a_medium_rami_player_gives_the_ace_to_the_last_card(seed):
    """The search scores its imagined games a short way past its tree (bots.horizon), by the
    evaluation's chance that the Uno player can match, not by the luck of random continuations:
    with the points there, the medium level gives the Ace to the Uno player's last card (with
    the search's default horizon it gave it in 3 of 8 seeds of the Ace position). With no
    points yet, it may keep the Ace for a later turn (an Ace held saves a one-card Uno hand
    whenever it is given, and the Ace of hearts may still make a run with the 3)."""
    s = ace_position_with_points()
    bot = _medium(s.game, RAMI, seed)
    s.apply(bot.choose(s))
    assert str(bot.choose(s)) == "pick A of hearts"


# ---- the points (H6, H7): a pair the Rami player keeps may meld later ----

def pair_position():
    """The Rami player's discard, holding the 7s of hearts and diamonds (a pair) and the Q of
    diamonds; the other three queens lie in the discard pile, so a diamond is all the Uno hand
    may match on the queen, a diamond or one of two hidden 7s on the 7. Nothing melds."""
    s = deal({UNO: ["5 of spades", "8 of hearts", "10 of clubs", "6 of diamonds", "6 of spades",
                    "J of hearts"],
              RAMI: ["7 of hearts", "7 of diamonds", "Q of diamonds", "K of spades", "9 of clubs",
                     "3 of hearts"]},
             discard=["Q of spades", "Q of hearts", "Q of clubs", "5 of clubs"],
             circle_top=["8 of clubs"], stock=["10 of hearts"])
    uno_play(s, "5 of spades")
    s.apply("draw")
    assert s.decider == RAMI and legal(s) == ["discard"]
    return s


def test_the_estimate_keeps_a_pair_for_the_points():
    """Senior needs 50 meld points (H7): a pair kept may become a set (H5), which the estimate
    counts (fitted on greedy pairs' games: a pair held after the discard is about a third of the
    odds of reaching the points). Breaking the pair gives the Uno hand a slightly better chance to
    match (two hidden 7s), which the hint before this one preferred."""
    s = pair_position()
    g = s.game
    after = {}
    for label in ("7 of diamonds", "Q of diamonds"):
        t = s.clone()
        rami_discard(t, label)
        after[label] = g.hints.evaluation(t, RAMI)
    assert after["Q of diamonds"] > after["7 of diamonds"], after


@pytest.mark.parametrize("seed", range(3))
def test_a_greedy_rami_player_keeps_the_pair(seed):
    """The greedy bot (one step of look-ahead, scored by the hint) discards neither 7."""
    s = pair_position()
    bot = make_bot("greedy", s.game, RAMI, seed)
    s.apply(bot.choose(s))
    assert str(bot.choose(s)) not in ("pick 7 of hearts", "pick 7 of diamonds")


# ---- Junior (H7): once Senior is out of reach, time is what the Rami player needs ----

def junior_position():
    """Senior is out of reach (the Uno hand outgrew the circle, H7), the Rami player has laid 120
    points in four sets and holds the 2 of clubs, the 9 of diamonds, the 5 of hearts and the
    3 of spades, none of which melds: its discard."""
    sets = [[f"{r} of {suit}" for suit in ("spades", "hearts", "diamonds")]
            for r in ("K", "Q", "J", "10")]
    uno = ["4 of clubs", "5 of clubs", "6 of clubs", "7 of clubs", "8 of clubs", "9 of clubs",
           "4 of hearts", "6 of hearts", "7 of hearts", "8 of hearts", "9 of hearts"]
    s = deal({UNO: uno, RAMI: [c for m in sets for c in m] + ["2 of clubs", "9 of diamonds",
                                                             "5 of hearts"]},
             discard=["3 of clubs"], circle_top=["A of diamonds"], stock=["3 of spades"])
    uno_play(s, "4 of clubs")
    assert rulekit.observation(s, None)["vars"]["senior_lost"] is True
    s.apply("draw")
    for m in sets:
        meld(s, m)
    assert s.decider == RAMI and legal(s) == ["discard"]
    return s


def test_junior_wants_the_uno_player_to_skip():
    """With Senior out of reach, a 2 discarded makes the Uno player draw two and skip the turn
    without turning a circle card (H4): one more Rami turn before the circle runs out, worth more
    to Junior than any other discard (the hint before this one scored them alike)."""
    s = junior_position()
    g = s.game
    after = {}
    for label in ("2 of clubs", "9 of diamonds", "5 of hearts"):
        t = s.clone()
        rami_discard(t, label)
        after[label] = g.hints.evaluation(t, RAMI)
    two = after.pop("2 of clubs")
    assert all(two > v for v in after.values()), (two, after)
