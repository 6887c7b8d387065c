"""Shamus: whole games played by random bots, privacy, and the ruleset's texts in French and
English."""

import random
import re
from collections import Counter

import pytest
import yaml
from shamus_helpers import (
    RAMI,
    RULESET,
    SUITS,
    UNO,
    all_labels,
    bot_game,
    card,
    event_keys,
    game,
    rank_of,
    rendered,
)

import rulekit
from rulekit.testing import labels

LANGS = ("en", "fr")
DECK = Counter(card(r, s) for s in SUITS for r in range(1, 14))


def meld_points(meld: dict) -> int:
    """H6, spelled out independently of the ruleset."""
    total = 0
    for label in meld["cards"]:
        r = rank_of(label)
        total += (15 if meld["kind"] == "set" else 5) if r == 1 else (10 if r >= 10 else 5)
    return total


def hand_points(cards: list[str]) -> int:
    """H6: "an Ace in hand counts 15"."""
    return sum(15 if rank_of(c) == 1 else (10 if rank_of(c) >= 10 else 5) for c in cards)


def conserved(s: rulekit.State) -> None:
    assert all_labels(s) == DECK, s.summary()


@pytest.mark.parametrize("block", range(4))
def test_random_games_end_within_the_bound_and_keep_the_rules(block):
    """H7: every game ends ("Le jeu se termine lorsque toutes les cartes du cercle de Shamus ont
    été jetées dans la défausse, lorsque la pioche est vide ou lorsque l'équipe a battu Shamus
    Senior ou Shamus Junior"), within limits.max_decisions, keeping the 52 cards (H1) and the
    ruleset's invariants after every step. The outcome is one of senior, junior, lost; the score
    is the meld points minus the Rami hand (H6), the same for both; both win unless lost."""
    for seed in range(25 * block, 25 * block + 25):
        s = bot_game(seed, check=conserved)
        assert s.is_over and s.outcome.reason in ("senior", "junior", "lost")
        obs = rulekit.observation(s, None)
        melds = obs["seats"][RAMI]["zones"]["laid"]["melds"]
        assert obs["seats"][UNO]["zones"]["laid"]["count"] == 0
        points = sum(meld_points(m) for m in melds)
        score = points - hand_points(labels(s, ("hand", RAMI)))
        assert s.outcome.scores == (score, score)
        assert s.outcome.winners == (() if s.outcome.reason == "lost" else (UNO, RAMI))
        assert obs["vars"]["outcome"] == s.outcome.reason
        uno_hand = len(labels(s, ("hand", UNO)))
        circle = len(labels(s, "circle"))
        if s.outcome.reason == "senior":
            assert uno_hand == 0 and points >= 50 and circle > 0
            assert not obs["vars"]["senior_lost"]
        elif s.outcome.reason == "junior":
            assert len(labels(s, ("hand", RAMI))) == 0 and points >= 100 and circle > 0
        else:
            assert circle == 0 or "stock_empty" in event_keys(s)


def eager_game(seed: int) -> rulekit.State:
    """A whole game of random legal choices (seeded), except that the Rami player lays, extends
    and takes the whole discard pile whenever allowed (an eager rummy player)."""
    s = game().new_state(2, seed=seed)
    bot = random.Random(seed)
    while not s.is_over:
        actions = s.legal_actions()
        eager = [a for a in actions if str(a) in ("meld", "extend", "take")]
        if str(actions[0]).startswith("depth "):
            eager = [actions[-1]]
        s.apply(bot.choice(eager or actions))
    return s


def test_random_games_reach_every_outcome():
    """H7's three outcomes all happen in play (so none is dead rules). Since H5 makes a taken
    discard be laid at once, Junior (an empty Rami hand after 100 points) is rare in purely
    random play; an eager Rami player reaches it."""
    seen = Counter(eager_game(seed).outcome.reason for seed in range(150))
    assert set(seen) == {"senior", "junior", "lost"}, seen


def test_random_game_replays_from_its_seed():
    """The shuffle uses the engine's seeded generator: the same seed and choices, the same game."""
    a, b = bot_game(7), bot_game(7)
    assert a.history == b.history and a.outcome == b.outcome


def test_nobody_sees_the_partners_hand_or_the_circle():
    """"Bien qu'aucune communication ne soit autorisée entre les joueurs": a seat's observation
    shows its own hand, never the partner's, the circle ("face cachée") or the stock."""
    g = game()
    s = g.new_state(2, seed=3)
    bot = random.Random(3)
    while not s.is_over:
        for seat in (UNO, RAMI):
            obs = rulekit.observation(s, seat)
            other = obs["seats"][1 - seat]["zones"]["hand"]
            assert other["cards"] == [] and other["count"] == len(labels(s, ("hand", 1 - seat)))
            assert Counter(obs["seats"][seat]["zones"]["hand"]["cards"]) == \
                Counter(labels(s, ("hand", seat)))
            assert obs["table"]["circle"]["cards"] == [] and obs["table"]["stock"]["cards"] == []
        s.apply(bot.choice(s.legal_actions()))


def test_limits_declared_and_every_text_in_both_languages():
    """The ruleset declares limits.max_decisions and plays in the book's French and in English:
    every text has both."""
    data = yaml.safe_load(RULESET.read_text(encoding="utf-8"))
    assert data["limits"]["max_decisions"] == game().max_decisions
    assert set(data["languages"]) == set(LANGS)
    for key, entry in data["text"].items():
        assert set(entry) == set(LANGS), key
        assert all(isinstance(entry[lang], str) and entry[lang].strip() for lang in LANGS), key


def test_events_render_in_both_languages():
    """Every event of random games reads as a sentence in en and fr, for every seat's view: a
    text exists for its key (no raw key) and every placeholder is filled."""
    g = game()
    keys = set()
    for seed in range(40):
        s = bot_game(seed)
        for seat in (None, UNO, RAMI):
            for key, args in rulekit.events_for(s, seat):
                keys.add(key)
                for lang in LANGS:
                    line = rulekit.render_event(g, key, args, lang)
                    assert not line.startswith(key), (lang, line)
                    assert not re.search(r"\{[A-Za-z_]+\}", line), (lang, line)
    assert {"opening_card", "played", "uno", "drew", "drew_hidden", "circle_turned",
            "announce", "discarded", "melded", "took", "game_over"} <= keys


def test_action_labels_in_french():
    """Player-facing action names are the book's words in French."""
    g = game()
    s = g.new_state(2, seed=0)
    names = {g.action_label(a, "fr") for a in s.legal_actions()}
    assert names <= {"se défausser d'une carte", "tirer une carte de la pioche"}
    assert rendered(s, None, "fr")[0] == "Une partie de Shamus commence à 2 joueurs."
