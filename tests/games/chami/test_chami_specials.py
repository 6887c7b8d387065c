"""Le Ch'ami: the seven special cards, their counters (C4-C6) and the collective exchange."""

import json
from collections import Counter

import pytest
from chami_helpers import FILLER, deal, discard, event_keys, hand, in_window, legal, pending, size

import rulekit
from rulekit.testing import labels

TOP3 = ["3+3=6", "4+5=9", "6+6=12"]      # the top of the stock, top last


def walk(s, window, answers):
    """Answer an open window: each asked seat gives its answer from `answers` (seat -> action).
    Returns the seats asked, in order."""
    asked = []
    while in_window(s, window):
        seat = pending(s)["asked"]
        assert seat == s.decider
        asked.append(seat)
        s.apply(answers[seat])
    return asked


# ---- Poursuite --------------------------------------------------------------------------

def test_poursuite_the_discarder_draws_two():
    """C6: "Poursuite: the discarder draws 2" ("Le joueur qui pose cette carte en pioche 2
    autres"). Nobody else is asked."""
    s = deal(3, {0: ["Chase"] + FILLER, 1: ["Gift", "5"]}, stock=TOP3, drawn=True)
    discard(s, "Chase")
    assert hand(s, 0) == Counter(FILLER + ["6+6=12", "4+5=9"])
    assert labels(s, "stock")[-1] == "3+3=6"
    assert pending(s) is None and s.decider == 1


def test_poursuite_on_the_last_card_draws_first():
    """C6: "even if it was their last card" ("même si la carte était la dernière qu'il avait en
    main"); C7: "Poursuite's draw comes first": the discarder does not go out."""
    s = deal(3, {0: ["Chase"]}, stock=TOP3, drawn=True)
    discard(s, "Chase")
    assert hand(s, 0) == Counter(["6+6=12", "4+5=9"])
    assert s.decider == 1 and "hand_won" not in event_keys(s)


# ---- Sans issue -------------------------------------------------------------------------

def test_sans_issue_the_next_player_skips():
    """C6: "Sans issue: the next player skips their turn." ("Le joueur suivant passe son
    tour.")"""
    s = deal(4, {0: ["Dead End"] + FILLER}, drawn=True)
    n1 = size(s, ("hand", 1))
    discard(s, "Dead End")
    assert s.decider == 2 and legal(s) == ["draw"]
    assert size(s, ("hand", 1)) == n1
    assert "skipped" in event_keys(s)


def test_sans_issue_with_two_players_the_discarder_plays_again():
    """C6 "the next player skips their turn"; R5: with 2 players the discarder plays again,
    starting with the draw."""
    s = deal(2, {0: ["Dead End"] + FILLER}, drawn=True)
    discard(s, "Dead End")
    assert s.decider == 0 and legal(s) == ["draw"]


def test_sans_issue_cannot_be_countered_even_with_the_gift():
    """C6: "Il n'y a pas de possibilité de contrer la carte « Sans issue »"; C4: the Gift "never
    counters Sans issue": nobody is asked, the skip happens."""
    s = deal(3, {0: ["Dead End"] + FILLER, 1: ["Gift", "Magic", "5"]}, drawn=True)
    discard(s, "Dead End")
    assert pending(s) is None and s.decider == 2
    assert hand(s, 1) == Counter(["Gift", "Magic", "5"])


# ---- Magie ------------------------------------------------------------------------------

def test_magie_the_others_draw_one():
    """C6: "Magie: each other player draws 1" ("Les autres joueurs piochent une carte."), asked
    clockwise from the discarder (C5, R1: a player who cannot counter is still asked)."""
    s = deal(3, {0: ["Magic"] + FILLER, 1: ["5"], 2: ["7"]}, stock=TOP3, drawn=True)
    discard(s, "Magic")
    assert legal(s) == ["magie_take"]
    asked = walk(s, "magie", {1: "magie_take", 2: "magie_take"})
    assert asked == [1, 2]
    assert hand(s, 1) == Counter(["5", "6+6=12"]) and hand(s, 2) == Counter(["7", "4+5=9"])
    assert s.decider == 1 and legal(s) == ["draw"]


def test_magie_countered_with_magie_or_the_gift():
    """C6: "unless they counter with Magie or Cadeau" ("il pose sa carte « Magie » sur celle de
    l'adversaire et ne pioche pas de carte"); C5: the counter card is discarded and has no effect
    of its own."""
    s = deal(4, {0: ["Magic"] + FILLER, 1: ["Magic", "5"], 2: ["Gift", "7"], 3: ["8"]},
             stock=TOP3, drawn=True)
    discard(s, "Magic")
    assert legal(s) == ["magie_magie", "magie_take"]
    s.apply("magie_magie")
    assert legal(s) == ["magie_cadeau", "magie_take"] and s.decider == 2
    s.apply("magie_cadeau")
    assert s.decider == 3 and legal(s) == ["magie_take"]
    s.apply("magie_take")
    assert hand(s, 1) == Counter(["5"]) and hand(s, 2) == Counter(["7"])
    assert hand(s, 3) == Counter(["8", "6+6=12"])
    assert labels(s, "discard") == ["Magic", "Magic", "Gift"]
    assert s.decider == 1 and legal(s) == ["draw"]    # the counter's Magie did nothing


# ---- Gruyere ----------------------------------------------------------------------------

def test_gruyere_the_others_draw_two():
    """C6: "Gruyere: each other player draws 2" ("Les autres joueurs piochent 2 cartes")."""
    s = deal(3, {0: ["Gruyere"] + FILLER, 1: ["5"], 2: ["7"]},
             stock=["2+1=3", "2+5=7"] + TOP3, drawn=True)
    discard(s, "Gruyere")
    walk(s, "gruyere", {1: "gruyere_take", 2: "gruyere_take"})
    assert hand(s, 1) == Counter(["5", "6+6=12", "4+5=9"])
    assert hand(s, 2) == Counter(["7", "3+3=6", "2+5=7"])


def test_gruyere_countered_only_with_the_gift():
    """C6: "unless they counter with Cadeau" ("le joueur pose la carte « Cadeau » ... et ne
    pioche pas de cartes"); a Magie does not counter the Gruyere."""
    s = deal(3, {0: ["Gruyere"] + FILLER, 1: ["Gift", "Magic", "5"], 2: ["Magic", "7"]},
             stock=TOP3, drawn=True)
    discard(s, "Gruyere")
    assert legal(s) == ["gruyere_cadeau", "gruyere_take"]
    s.apply("gruyere_cadeau")
    assert legal(s) == ["gruyere_take"] and s.decider == 2
    s.apply("gruyere_take")
    assert hand(s, 1) == Counter(["Magic", "5"])
    assert hand(s, 2) == Counter(["Magic", "7", "6+6=12", "4+5=9"])
    assert labels(s, "discard") == ["Gruyere", "Gift"]


# ---- Embuscade --------------------------------------------------------------------------

def test_embuscade_the_named_player_draws_the_top_three():
    """C6: "Embuscade: the discarder names a player, who draws the top 3 stock cards" ("fait
    piocher les 3 premières cartes de la pioche au joueur de son choix"); R4: another player.
    Only the named player is asked."""
    s = deal(4, {0: ["Ambush"] + FILLER, 2: ["5"]}, stock=["19"] + TOP3, drawn=True)
    discard(s, "Ambush")
    assert legal(s) == ["target 1", "target 2", "target 3"]
    s.apply("target 2")
    assert walk(s, "embuscade", {2: "embuscade_take"}) == [2]
    assert hand(s, 2) == Counter(["5"] + TOP3)
    assert labels(s, "stock")[-1] == "19" and s.decider == 1


def test_embuscade_countered_with_the_gift():
    """C6: "unless they counter with Cadeau" ("Possibilité de contrer avec la carte
    « Cadeau »")."""
    s = deal(3, {0: ["Ambush"] + FILLER, 1: ["Gift", "5"]}, stock=TOP3, drawn=True)
    discard(s, "Ambush", "target 1")
    assert legal(s) == ["embuscade_cadeau", "embuscade_take"]
    s.apply("embuscade_cadeau")
    assert hand(s, 1) == Counter(["5"]) and labels(s, "stock")[-3:] == TOP3


# ---- Balancoire: the swap ---------------------------------------------------------------

def test_balancoire_swaps_hands_with_a_named_player():
    """C6: "Balancoire: the discarder either swaps hands with a named player" ("Le joueur peut
    échanger son paquet contre celui d'un autre")."""
    s = deal(3, {0: ["Seesaw"] + FILLER, 2: ["5", "7"]}, drawn=True)
    discard(s, "Seesaw")
    assert legal(s) == ["mode swap", "mode exchange"]
    s.apply("mode swap")
    assert legal(s) == ["target 1", "target 2"]
    s.apply("target 2")
    assert walk(s, "balancoire", {2: "balancoire_accept"}) == [2]
    assert hand(s, 0) == Counter(["5", "7"]) and hand(s, 2) == Counter(FILLER)


@pytest.mark.parametrize("counter, card", [("balancoire_balancoire", "Seesaw"),
                                           ("balancoire_cadeau", "Gift")])
def test_balancoire_swap_countered(counter, card):
    """C6: "(counter: Balancoire or Cadeau)" ("pour contrer, il faut poser une carte
    balançoire"; C4: the Gift "replaces ... Balancoire")."""
    s = deal(3, {0: ["Seesaw"] + FILLER, 1: [card, "5", "7"]}, drawn=True)
    discard(s, "Seesaw", "mode swap", "target 1")
    assert counter in legal(s) and "balancoire_accept" in legal(s)
    s.apply(counter)
    assert hand(s, 0) == Counter(FILLER) and hand(s, 1) == Counter(["5", "7"])
    assert labels(s, "discard") == ["Seesaw", card]


# ---- Cadeau discarded -------------------------------------------------------------------

def test_cadeau_discarded_acts_as_a_named_special():
    """C4: "discarded, it acts as any special its owner names" ("Cette carte remplace ... une
    carte spéciale, quelle qu'elle soit"). Named Magie, it may be countered with Magie (R9)."""
    s = deal(3, {0: ["Gift"] + FILLER, 1: ["Magic", "5"], 2: ["7"]}, stock=TOP3, drawn=True)
    s.apply("discard")
    s.apply("pick Gift")
    assert legal(s) == ["named poursuite", "named sans_issue", "named magie", "named balancoire",
                        "named embuscade", "named gruyere"]
    assert rulekit.Game.action_label(s.game, s.legal_actions()[2], "fr") == "agit comme : Magie"
    s.apply("named magie")
    assert walk(s, "magie", {1: "magie_magie", 2: "magie_take"}) == [1, 2]
    assert hand(s, 1) == Counter(["5"]) and hand(s, 2) == Counter(["7", "6+6=12"])
    assert "cadeau_named" in event_keys(s)


@pytest.mark.parametrize("named, check", [
    ("poursuite", lambda s: size(s, ("hand", 0)) == 5 and s.decider == 1),
    ("sans_issue", lambda s: s.decider == 2),
    ("gruyere", lambda s: in_window(s, "gruyere")),
    ("embuscade", lambda s: legal(s) == ["target 1", "target 2"]),
    ("balancoire", lambda s: legal(s) == ["mode swap", "mode exchange"]),
])
def test_cadeau_discarded_as_each_special(named, check):
    """C4: "discarded, it acts as any special its owner names"."""
    s = deal(3, {0: ["Gift"] + FILLER}, drawn=True)
    discard(s, "Gift", f"named {named}")
    assert check(s), legal(s)


# ---- Balancoire: the collective exchange ------------------------------------------------

def test_the_collective_exchange_passes_to_the_right():
    """C6: "starts the collective exchange: every player with cards chooses one card secretly,
    then all pass their chosen card to the right at once" ("pose une carte de son choix face
    cachée à sa droite, puis prend la carte à sa gauche"); READING: left = seat + 1, so the right
    is seat - 1."""
    s = deal(4, {0: ["Seesaw", "2", "3"], 1: ["11", "12"], 2: ["13", "14"], 3: ["15", "16"]},
             drawn=True)
    discard(s, "Seesaw", "mode exchange")
    gifts = {0: "2", 1: "11", 2: "13", 3: "15"}
    asked = []
    while in_window(s, "exchange"):
        seat = s.decider
        asked.append(seat)
        s.apply("give")
        s.apply(f"pick {gifts[seat]}")
    assert asked == [0, 1, 2, 3]
    assert hand(s, 0) == Counter(["3", "11"])          # from the left neighbour, seat 1
    assert hand(s, 1) == Counter(["12", "13"])
    assert hand(s, 2) == Counter(["14", "15"])
    assert hand(s, 3) == Counter(["16", "2"])          # seat 0 passed to its right, seat 3
    assert s.decider == 1 and legal(s) == ["draw"]


def test_the_collective_exchange_is_secret_until_everyone_has_chosen():
    """C6: "chooses one card secretly" ("face cachée"): until all have chosen, no seat's
    observation or log (nor the public ones) shows another seat's chosen card."""
    s = deal(3, {0: ["Seesaw", "2", "3"], 1: ["11", "12"], 2: ["13", "14"]}, drawn=True)
    discard(s, "Seesaw", "mode exchange")
    start = len(s.log)
    s.apply("give")
    s.apply("pick 2")
    s.apply("give")
    s.apply("pick 11")
    s.apply("give")                 # seat 2 is choosing: seats 0 and 1 have chosen
    for viewer in (None, 0, 1, 2):
        obs = rulekit.observation(s, viewer)
        for seat, card in ((0, "2"), (1, "11")):
            gift = obs["seats"][seat]["zones"]["gift"]
            assert gift["count"] == 1
            assert (card in gift["cards"]) == (viewer == seat)
            if viewer != seat:
                assert card not in json.dumps(obs["seats"][seat])
        events = rulekit.events_for(s, viewer, start)
        assert [k for k, _ in events] == ["gave", "gave"]       # no card named in any log
        assert all(not isinstance(v, tuple) or v[0] == "player" for _, a in events
                   for v in a.values())
    s.apply("pick 13")
    # after the pass, the giver and the receiver see the card; the third seat does not
    log2 = " ".join(rulekit.render_event(s.game, k, a, "en")
                    for k, a in rulekit.events_for(s, 2, start))
    assert "Player 0 passes 2 to Player 2." in log2          # seat 2 is seat 0's right
    assert "Player 2 passes 13 to Player 1." in log2
    assert "Player 1 passes a card to Player 0." in log2      # not seat 2's business


def test_the_collective_exchange_cannot_be_countered():
    """C6: "(pas de possibilité de contrer)"; C4: the Gift "never counters ... the collective
    exchange": a Gift holder can only choose a card to pass."""
    s = deal(3, {0: ["Seesaw"] + FILLER, 1: ["Gift", "Seesaw", "5"]}, drawn=True)
    discard(s, "Seesaw", "mode exchange")
    s.apply("give")
    s.apply("pick 2+2=4")
    assert s.decider == 1 and legal(s) == ["give"]


def test_the_collective_exchange_after_the_last_card():
    """R3: Balancoire discarded as the last card: no swap is offered; the exchange is among the
    players with cards (C6), each card going to the nearest such player on the right; the
    discarder has gone out (C7)."""
    s = deal(3, {0: ["Seesaw"], 1: ["11", "12"], 2: ["13", "14"]}, drawn=True)
    discard(s, "Seesaw")
    assert legal(s) == ["mode exchange"]
    s.apply("mode exchange")
    assert s.decider == 1                   # seat 0 has no card: not asked
    s.apply("give")
    s.apply("pick 11")
    s.apply("give")
    s.apply("pick 13")
    events = event_keys(s)
    assert "hand_won" in events
    won = rulekit.events_for(s, None)[events.index("hand_won")]
    assert won[1]["player"] == ("player", 0)
    assert pending(s) is None and s.decider == 1     # hand 2 has begun (seat 1 starts, R2)
