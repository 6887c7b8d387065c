"""SHAM: whole games played by random bots, and the ruleset's texts in its three languages."""

import random
import re
from collections import Counter

import pytest
import yaml
from sham_helpers import (
    RULESET,
    ZONES,
    challenge,
    deal,
    event_keys,
    game,
    place,
    rendered,
    size,
)

import rulekit
from rulekit.testing import labels

LANGS = ("en", "fr", "es")


def card_count(s: rulekit.State) -> int:
    return size(s, "draw") + size(s, "discard") + sum(
        size(s, (z, p)) for p in range(s.n) for z in ZONES)


def bot_game(n: int, seed: int) -> rulekit.State:
    """A whole game of random legal choices (seeded), checked at every step."""
    g = game()
    s = g.new_state(n, seed=seed)
    bot = random.Random(1000 * n + seed)
    assert g.check_invariants(s) == []
    while not s.is_over:
        actions = s.legal_actions()
        assert actions, s.summary()
        assert s.decider is not None
        s.apply(bot.choice(actions))                  # checked apply
        assert s.decisions <= g.max_decisions
        assert g.check_invariants(s) == [], s.summary()
        assert card_count(s) == 80, s.summary()
    return s


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_random_games_end_and_keep_the_rules(n):
    """S12: every game ends ("The game ends when only one player has cards remaining"), within
    the ruleset's limits.max_decisions, keeping the 80 cards of S1 and the ruleset's invariants
    after every step. At the end: Draw Pile and hands empty (the last hand is discarded), and
    "Score = number of cards in the Winnings Pile. The highest score wins; equal highest scores
    share the win." """
    for seed in range(30):
        s = bot_game(n, seed)
        assert s.is_over and s.outcome.reason == "draw_pile_empty"
        assert size(s, "draw") == 0
        assert all(size(s, ("hand", p)) == 0 and size(s, ("played", p)) == 0
                   for p in range(n))
        scores = tuple(size(s, ("winnings", p)) for p in range(n))
        assert s.outcome.scores == scores
        assert s.outcome.winners == tuple(p for p in range(n) if scores[p] == max(scores))
        assert sum(scores) + size(s, "discard") == 80


def test_random_game_replays_from_its_seed():
    """Set Up: "Shuffle" with the engine's seeded generator: the same seed and the same choices
    give the same game, random cards taken included (S6)."""
    a, b = bot_game(4, 7), bot_game(4, 7)
    assert a.history == b.history and a.outcome == b.outcome
    assert [labels(a, ("winnings", p)) for p in range(4)] == \
        [labels(b, ("winnings", p)) for p in range(4)]


def test_bots_never_see_other_hands():
    """Set Up: "Players may look at their own cards but must keep them secret." Throughout a
    game, a seat's observation shows no card of another seat's hand."""
    g = game()
    s = g.new_state(4, seed=3)
    bot = random.Random(3)
    while not s.is_over:
        for seat in range(4):
            obs = rulekit.observation(s, seat)
            for view in obs["seats"]:
                if view["seat"] != seat:
                    assert view["zones"]["hand"]["cards"] == []
            assert Counter(obs["seats"][seat]["zones"]["hand"]["cards"]) == \
                Counter(labels(s, ("hand", seat)))
        s.apply(bot.choice(s.legal_actions()))


# ---- texts -------------------------------------------------------------------------------

def test_every_text_exists_in_en_fr_es():
    """The ruleset plays in the languages of its three rulebooks (sham.en/fr/es.txt): every
    text has all three."""
    data = yaml.safe_load(RULESET.read_text(encoding="utf-8"))
    assert set(data["languages"]) == set(LANGS)
    for key, entry in data["text"].items():
        assert set(entry) >= set(LANGS), key
        assert all(isinstance(entry[lang], str) and entry[lang].strip() for lang in LANGS), key


def scripted_game() -> rulekit.State:
    """A short game touching most events: claims, a right and a wrong call, From the Grave,
    every turn wildcard, a round's end and the game's end."""
    s = deal(3, {0: ["red 1", "red 2", "Going Down", "yellow 1"],
                 1: ["blue 1", "Overflow", "purple 1"],
                 2: ["red 3", "From the Grave", "Swap Hands", "yellow 2"]}, empty_draw=True)
    place(s, ["red 1", "red 2"], 3, colour="red")          # honest
    challenge(s, {1: "call_sham"})                           # wrong: 1 out, 0 takes
    s.apply("keep")
    s.apply("swap_hands")
    s.apply("target 1")                                      # 1 now holds From the Grave
    place(s, labels(s, ("hand", 2))[:1], 4)                  # no red card: a lie
    challenge(s, {1: "call_from_the_grave"})                 # right: 1 is back in
    s.apply("bank")
    s.apply("going_down")
    place(s, ["yellow 1"], 2)
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    return s


def test_events_render_in_every_language():
    """Every event of a game reads as a sentence in en, fr and es: a text exists for its key
    (no raw key shown) and every placeholder is filled, for every seat's view of the log."""
    s = scripted_game()
    g = game()
    bots = [bot_game(n, seed) for n, seed in ((3, 1), (5, 2), (7, 3))]
    keys = set()
    for state in [s, *bots]:
        for seat in [None, *range(state.n)]:
            for key, args in rulekit.events_for(state, seat):
                keys.add(key)
                for lang in LANGS:
                    line = rulekit.render_event(g, key, args, lang)
                    assert not line.startswith(key), (lang, line)
                    assert not re.search(r"\{[A-Za-z_]+\}", line), (lang, line)
    assert {"placed", "sham_called", "grave_called", "claim_was_true", "card_taken",
            "card_taken_hidden", "played_swap_hands", "round_won", "game_over"} <= keys


def test_a_claim_in_three_languages():
    """The rulebook's example call, "Four Red", in each language's words."""
    s = deal(3, {0: ["red 4"]})
    place(s, ["red 4"], 4, colour="red")
    en, fr, es = (rendered(s, 1, lang)[-1] for lang in LANGS)
    assert en == "Player 0 places 1 card face down and claims 4 red."
    assert fr == "Joueur 0 pose 1 carte face cachée et annonce 4 rouge."
    assert es == "Jugador 0 echa 1 carta boca abajo y declara 4 rojo."


def test_random_card_named_in_every_language_for_the_taker_only():
    """S6 "the taker sees it", in every language: card labels are translated for the taker and
    absent for a third seat."""
    s = deal(3, {0: ["red 1"], 1: ["yellow 4"], 2: ["blue 1"]})
    place(s, ["red 1"], 1, colour="red")
    start = len(rulekit.events_for(s, 0))
    challenge(s, {1: "call_sham"})
    names = {"en": "yellow 4", "fr": "4 jaune", "es": "4 amarillo"}
    for lang in LANGS:
        assert any(names[lang] in line for line in rendered(s, 0, lang, start))
        assert not any(names[lang] in line for line in rendered(s, 2, lang, start))
    assert "card_taken_hidden" in event_keys(s, 2, start)
