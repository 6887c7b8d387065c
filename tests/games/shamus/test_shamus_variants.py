"""Shamus: the book's three variants (H8): advanced, expert and four players."""

from collections import Counter
from pathlib import Path

import pytest
from shamus_helpers import (
    RULESET,
    SUITS,
    all_labels,
    bot_game,
    card,
    deal,
    events,
    game,
    gvar,
    hand,
    legal,
    meld,
    opening_rank,
    rami_discard,
    size,
    top,
    uno_play,
)

import rulekit

DECK = Counter(card(r, s) for s in SUITS for r in range(1, 14))


def four(rank: int) -> list[str]:
    """The four cards of a rank: a set worth 40 (court cards) or 60 (Aces) (H6)."""
    return [card(rank, s) for s in SUITS]


KINGS, QUEENS, JACKS, TENS, ACES = (four(r) for r in (13, 12, 11, 10, 1))


def test_variants_are_declared():
    """The book's "Variantes": 1) niveau avancé, 2) niveau expert, 3) variante à 4 joueurs."""
    g = game()
    assert g.variants == ["advanced", "expert", "four-players"]
    assert game("four-players").min_players == game("four-players").max_players == 4
    assert game().min_players == game().max_players == 2


# ---- advanced and expert ---------------------------------------------------------------------

def senior_attempt(variant: str | None, sets: list[list[str]]) -> rulekit.State:
    """The Uno player discards their last card; the Rami player then lays `sets` (one by one)
    and keeps the drawn card. Senior is beaten as soon as the melds reach the target."""
    rami = [c for cards in sets for c in cards]
    s = deal({0: ["7 of spades"], 1: rami}, discard=["7 of diamonds"],
             circle_top=["3 of hearts"], stock=["5 of clubs"], variant=variant)
    uno_play(s, "7 of spades")
    s.apply("draw")
    for cards in sets:
        if s.is_over:
            break
        meld(s, cards)
    return s


def junior_attempt(variant: str | None, sets: list[list[str]]) -> rulekit.State:
    """The Uno player keeps cards; the Rami player lays `sets`, then discards the drawn card,
    their last."""
    rami = [c for cards in sets for c in cards]
    s = deal({0: ["7 of spades", "8 of spades", "3 of diamonds"], 1: rami},
             discard=["7 of diamonds"], circle_top=["3 of hearts"], stock=["5 of clubs"],
             variant=variant)
    uno_play(s, "7 of spades")
    s.apply("draw")
    for cards in sets:
        meld(s, cards)
    assert hand(s, 1) == {"5 of clubs": 1}
    rami_discard(s, "5 of clubs")
    return s


@pytest.mark.parametrize("variant,senior", [(None, 50), ("advanced", 100), ("expert", 150)])
def test_senior_target(variant, senior):
    """H8. "advanced = 100 / 150 points; expert = 150 / 200 points". The book: "100 points sont
    nécessaires pour vaincre Shamus Senior" (avancé), "150 points" (expert); the base game: "un
    total minimum de 50 points"."""
    plans = [[KINGS], [KINGS, ACES], [KINGS, QUEENS, ACES], [KINGS, QUEENS, JACKS, ACES]]
    for sets in plans:                                 # 40, 100, 140, 180 points
        points = 40 * len(sets) + 20 * (ACES in sets)
        s = senior_attempt(variant, sets)
        assert s.is_over == (points >= senior), (variant, points)
        if s.is_over:
            assert s.outcome.reason == "senior" and s.outcome.winners == (0, 1)


@pytest.mark.parametrize("variant,junior", [(None, 100), ("advanced", 150), ("expert", 200)])
def test_junior_target(variant, junior):
    """H8. "advanced = 100 / 150 points; expert = 150 / 200 points". The book: "150 points sont
    nécessaires pour vaincre Shamus Junior" (avancé), "200 points" (expert); the base game: "un
    minimum de 100 points"."""
    plans = [[KINGS, QUEENS], [KINGS, QUEENS, ACES], [KINGS, QUEENS, JACKS, TENS],
             [KINGS, QUEENS, JACKS, ACES, TENS]]
    for sets in plans:                                 # 80, 140, 160, 220 points
        points = 40 * len(sets) + 20 * (ACES in sets)
        s = junior_attempt(variant, sets)
        assert s.is_over == (points >= junior), (variant, points)
        if s.is_over:
            assert s.outcome.reason == "junior" and s.outcome.scores == (points, points)
        else:
            assert size(s, ("hand", 1)) == 0 and s.decider == 0


@pytest.mark.parametrize("variant", ["advanced", "expert"])
def test_levels_change_only_the_targets(variant):
    """H8: "Les règles sont les mêmes, à ceci près que ..." points: a game the base rules lose
    is played move for move the same, with the same log and the same score."""
    other = game(variant)
    for seed in range(8):
        a = bot_game(seed)
        if a.outcome.reason != "lost":
            continue
        b = other.new_state(2, seed=seed)
        for _seat, action in a.history:
            b.apply(action)
        assert b.is_over and b.outcome == a.outcome
        assert rulekit.events_for(a, None) == rulekit.events_for(b, None)


# ---- four players ----------------------------------------------------------------------------

V4 = "four-players"


def test_four_players_deal_four_each_and_a_circle_of_eight():
    """H8. "four players = 4 cards each, a circle of 8". The book: "seules 4 cartes sont
    distribuées à chaque joueur et le cercle de Shamus n'est constitué que de 8 cartes"."""
    g = game(V4)
    for seed in range(5):
        s = g.new_state(4, seed=seed)
        owes = opening_rank(seed, V4) if opening_rank(seed, V4) in (2, 4) else 0
        assert [size(s, ("hand", p)) for p in range(4)] == [4 + owes, 4, 4, 4]
        assert size(s, "circle") == 8 and size(s, "discard") == 1
        assert size(s, "stock") == 52 - 16 - 8 - 1 - owes
        assert all_labels(s) == DECK
    with pytest.raises(rulekit.UsageError):
        g.new_state(2, seed=0)


def test_four_players_seats_turns_and_only_the_dealer_turns_the_circle():
    """H8. "seats dealer (Uno), left (Rami), opposite (Uno), right (Rami), turns clockwise, only
    the dealer turns circle cards." The book: "Le donneur joue au Uno (il sera d'ailleurs le
    seul à jeter les cartes du cercle de Shamus), le joueur à sa gauche joue au Rami, le joueur
    assis face au donneur joue au Uno et le joueur à la droite du donneur joue au Rami." """
    s = deal({0: ["7 of spades", "9 of spades"], 1: ["3 of clubs", "J of diamonds"],
              2: ["J of hearts", "10 of clubs"], 3: ["K of clubs", "5 of spades"]},
             discard=["7 of diamonds"], circle_top=["6 of hearts"], variant=V4)
    assert s.decider == 0 and legal(s) == ["play"]
    uno_play(s, "7 of spades")
    assert size(s, "circle") == 7 and top(s) == "6 of hearts"      # the dealer turns one
    assert s.decider == 1
    s.apply("draw")
    rami_discard(s, "J of diamonds")
    assert s.decider == 2 and gvar(s, "mover") == 2
    uno_play(s, "J of hearts")                                       # the opposite Uno player
    assert size(s, "circle") == 7 and top(s) == "J of hearts"       # no circle card
    assert s.decider == 3
    s.apply("draw")
    rami_discard(s, "K of clubs")
    assert s.decider == 0
    assert [e["player"] for e in events(s, "circle_turned")] == [("player", 0)]


def test_four_players_penalties_fall_on_the_next_player():
    """U8: the Rami player's 2 or 4 on the Uno player after them (here the dealer, after the
    right-hand Rami player), a circle 2 or 4 on the dealer's left."""
    s = deal({0: ["7 of spades", "9 of spades"], 1: ["3 of clubs", "J of diamonds"],
              2: ["J of hearts", "10 of clubs"], 3: ["2 of clubs", "5 of spades"]},
             discard=["7 of diamonds"], circle_top=["4 of hearts"], variant=V4)
    uno_play(s, "7 of spades")
    assert size(s, ("hand", 1)) == 2 + 4 and events(s, "shamus_wrath")[-1]["player"] == (
        "player", 1)
    s.apply("draw")
    rami_discard(s, "J of diamonds")
    uno_play(s, "J of hearts")
    s.apply("draw")
    circle = size(s, "circle")
    rami_discard(s, "2 of clubs")                   # the dealer draws 2 and skips
    assert size(s, ("hand", 0)) == 1 + 2 and size(s, "circle") == circle
    assert s.decider == 1


def test_four_players_senior_needs_both_uno_hands_empty():
    """H8. "Senior needs both Uno hands empty"; "Rami points are pooled"."""
    s = deal({0: ["7 of spades"], 1: KINGS[:3] + ["A of clubs"],
              2: ["J of hearts", "10 of hearts"], 3: QUEENS[:3] + ["9 of clubs"]},
             discard=["7 of diamonds"], circle_top=["6 of diamonds", "3 of hearts"],
             stock=["10 of spades", "8 of clubs", "5 of diamonds"], variant=V4)
    uno_play(s, "7 of spades")                      # the dealer's hand is empty
    s.apply("draw")                                 # 5 of diamonds
    meld(s, KINGS[:3])                              # 30
    rami_discard(s, "A of clubs")                   # anything goes for the next Uno player
    uno_play(s, "J of hearts")
    s.apply("draw")                                 # 8 of clubs
    meld(s, QUEENS[:3])                             # 60 pooled, but seat 2 holds a card
    assert not s.is_over
    rami_discard(s, "9 of clubs")
    # the dealer, empty-handed, turns the 6 of diamonds without a decision
    assert s.decider == 1 and top(s) == "6 of diamonds" and not s.is_over
    s.apply("draw")                                 # 10 of spades
    rami_discard(s, "10 of spades")
    uno_play(s, "10 of hearts")                     # both Uno hands are empty
    assert s.is_over and s.outcome.reason == "senior"
    assert s.outcome.winners == (0, 1, 2, 3)
    assert hand(s, 1) == {"5 of diamonds": 1} and hand(s, 3) == {"8 of clubs": 1}
    assert s.outcome.scores == (60 - 10,) * 4


def test_four_players_score_pools_melds_and_subtracts_both_rami_hands():
    """H8. "Rami points are pooled and both Rami hands are subtracted." The book: "si les joueurs
    de Rami combinent leurs points pour atteindre le total requis, c'est bien l'ensemble des
    points des cartes restantes dans leurs deux mains qui sera soustrait à la fin du jeu"."""
    s = deal({0: ["7 of spades", "9 of spades"], 1: KINGS[:3] + ["A of clubs", "3 of clubs"],
              2: ["J of clubs", "10 of hearts"], 3: QUEENS[:3] + ["9 of clubs", "10 of diamonds"]},
             discard=["7 of diamonds"], circle=["6 of diamonds", "3 of hearts"],
             stock=["8 of clubs", "5 of diamonds"], variant=V4)
    uno_play(s, "7 of spades")
    s.apply("draw")                                 # 5 of diamonds
    meld(s, KINGS[:3])                              # 30
    rami_discard(s, "3 of clubs")
    uno_play(s, "J of clubs")
    s.apply("draw")                                 # 8 of clubs
    meld(s, QUEENS[:3])                             # 30 more: 60 pooled
    rami_discard(s, "9 of clubs")
    uno_play(s, "9 of spades")                      # seat 2 still holds a card: no Senior;
    assert s.is_over and s.outcome.reason == "lost"     # the last circle card is turned
    assert hand(s, 1) == Counter(["A of clubs", "5 of diamonds"])       # 15 + 5
    assert hand(s, 3) == Counter(["10 of diamonds", "8 of clubs"])      # 10 + 5
    assert s.outcome.scores == (60 - 35,) * 4
    assert s.outcome.winners == ()


def test_four_player_random_games():
    """H8 as a whole: random four-player games end within the bound, keep the 52 cards and the
    invariants, and give every seat the same score."""
    g = game(V4)
    seen = Counter()
    for seed in range(30):
        s = bot_game(seed, g, players=4)
        assert all_labels(s) == DECK
        assert len(set(s.outcome.scores)) == 1
        seen[s.outcome.reason] += 1
    assert seen["lost"] > 0


def test_every_variant_loads():
    """Each declared variant compiles as a whole ruleset."""
    for variant in (None, "advanced", "expert", "four-players"):
        assert rulekit.load(RULESET, variant=variant).variant == variant


# ---- the levels with four players (H8) ---------------------------------------------------------

LEVELS4 = ["four-players+advanced", "four-players+expert"]


def four_player_senior(variant: str) -> rulekit.State:
    """Four players: both Uno hands are emptied while the Rami players have pooled 60 points."""
    s = deal({0: ["7 of spades"], 1: KINGS[:3] + ["A of clubs"],
              2: ["J of hearts", "10 of hearts"], 3: QUEENS[:3] + ["9 of clubs"]},
             discard=["7 of diamonds"], circle_top=["6 of diamonds", "3 of hearts"],
             stock=["10 of spades", "8 of clubs", "5 of diamonds"], variant=variant)
    uno_play(s, "7 of spades")
    s.apply("draw")
    meld(s, KINGS[:3])                              # 30
    rami_discard(s, "A of clubs")
    uno_play(s, "J of hearts")
    s.apply("draw")
    meld(s, QUEENS[:3])                             # 60 pooled
    rami_discard(s, "9 of clubs")
    s.apply("draw")
    rami_discard(s, "10 of spades")
    uno_play(s, "10 of hearts")                     # both Uno hands are empty
    return s


@pytest.mark.parametrize("variant,senior", [(V4, 50), ("four-players+advanced", 100),
                                            ("four-players+expert", 150)])
def test_the_levels_combine_with_four_players(variant, senior):
    """H8. "The levels combine with the four-player game: four players may play at the advanced
    or expert level." Four players deal 4 each around a circle of 8, and Senior needs the
    level's points: 60 pooled points beat it at the base level only."""
    g = game(variant)
    assert g.min_players == g.max_players == 4 and g.variant == variant
    s = four_player_senior(variant)
    assert s.is_over == (senior <= 60)
    if not s.is_over:
        assert not gvar(s, "senior_lost") and size(s, ("hand", 0)) == size(s, ("hand", 2)) == 0


@pytest.mark.parametrize("variant", LEVELS4)
def test_four_player_levels_play_to_the_end(variant):
    """H8: four players at the advanced or expert level: random games end within the bound, keep
    the 52 cards and the invariants; a game the base four-player rules lose is played move for
    move the same (the levels change only the targets)."""
    g = game(variant)
    for seed in range(10):
        s = bot_game(seed, g, players=4)
        assert all_labels(s) == DECK and len(set(s.outcome.scores)) == 1
        a = bot_game(seed, game(V4), players=4)
        if a.outcome.reason == "lost":
            assert s.outcome == a.outcome
            assert rulekit.events_for(a, None) == rulekit.events_for(s, None)


def test_the_two_levels_do_not_combine():
    """H8 gives each level its own targets: advanced and expert set the same points differently,
    so 'advanced+expert' is refused, with an error at the second level's line that names both."""
    with pytest.raises(rulekit.RulesetError) as err:
        rulekit.load(RULESET, variant="advanced+expert")
    [d] = err.value.diagnostics
    assert d.message.startswith("the variants 'advanced' and 'expert' cannot be combined: they "
                                "set define.senior_points differently")
    lines = Path(RULESET).read_text(encoding="utf-8").splitlines()
    assert "senior_points" in lines[d.line - 1] and lines[d.line - 1][d.col - 1:].startswith(
        "senior_points")
    assert d.yaml_path == "variants.expert.changes.define.senior_points"
