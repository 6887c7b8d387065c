"""Le Ch'ami: whole matches played by random bots, and the match narrated in both languages."""

import random
from collections import Counter

import pytest
from chami_helpers import all_labels, event_keys, game, rendered
from effort import tries

import rulekit

SEEDS = range(tries(4, 12))


def bot_game(n: int, seed: int) -> rulekit.State:
    """A whole match of random legal choices (seeded), checked at every step."""
    g = game()
    s = g.new_state(n, seed=seed)
    bot = random.Random(1000 * n + seed)
    cards = all_labels(s)
    assert sum(cards.values()) == 138 and g.check_invariants(s) == []
    while not s.is_over:
        actions = s.legal_actions()
        assert actions and s.decider is not None, s.summary()
        s.apply(bot.choice(actions))                  # checked apply
        assert s.decisions <= g.max_decisions
        assert g.check_invariants(s) == [], s.summary()
        assert all_labels(s) == cards, s.summary()    # the 138 cards of C1, always
    return s


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_random_matches_end_and_keep_the_rules(n):
    """"De 2 à 6 joueurs." C8: every match ends "after a hand when a player has more than 200
    points or only one player has fewer than 200", within limits.max_decisions, keeping the 138
    cards (C1) and the invariants after every step; "the lowest total wins"."""
    for seed in SEEDS:
        s = bot_game(n, seed)
        out = s.outcome
        assert out.reason == "match_over"
        assert max(out.scores) > 200 or sum(x < 200 for x in out.scores) == 1
        assert out.winners == tuple(p for p in range(n) if out.scores[p] == min(out.scores))
        hands = Counter(event_keys(s))
        assert hands["hand_begins"] == hands["hand_won"] + hands["hand_blocked"]


def test_the_declared_bound_is_far_from_reached():
    """limits.max_decisions: every match ends well within it (here with a wide margin)."""
    g = game()
    worst = 0
    for n in (2, 6):
        for seed in range(100, 106):
            s = g.new_state(n, seed=seed)
            bot = random.Random(seed)
            while not s.is_over:
                s.apply(bot.choice(s.legal_actions()))
            worst = max(worst, s.decisions)
    assert worst * 4 < g.max_decisions


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_match_is_narrated_in_both_languages(lang):
    """Player-facing messages in French (the book's words) and English: every event of a
    match, read by any seat or by nobody, has its text (no raw keys), and the special cards are
    named in the language."""
    s = bot_game(4, 1)
    g = game()
    for seat in (None, 0, 3):
        for key, _ in rulekit.events_for(s, seat):
            assert g.texts.template(key, lang), key        # no event falls back to its raw key
        assert rendered(s, seat, lang)
    text = "\n".join(rendered(s, None, lang))
    if lang == "fr":
        assert "Fin de la partie" in text and "Donne 1" in text
    else:
        assert "Game over" in text and "Hand 1" in text
