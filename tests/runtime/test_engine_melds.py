"""Melds: runs and sets over a value the ruleset computes, wild cards, extension, and the
step-by-step choice of a meld's cards (tested on a tiny rummy, tests/engine/melds.yaml)."""

from __future__ import annotations

import random
import re

import pytest
from lang_helpers import play_side_by_side
from paths import ROOT, TESTS

import rulekit
from rulekit.rules.melds import MeldRules
from rulekit.testing import arrange, labels, play

ENGINE = TESTS / "engine"


@pytest.fixture(scope="module")
def game() -> rulekit.Game:
    return rulekit.load(ENGINE / "melds.yaml")


def ids(game: rulekit.Game, *names: str) -> list[int]:
    """Card ids by label (distinct cards for repeated labels)."""
    out: list[int] = []
    for name in names:
        out.append(next(c for c in range(game.n_cards) if game.labels[c] == name and c not in out))
    return out


# ---- the meld rules on their own ---------------------------------------------------------
def test_sets_need_equal_values_and_respect_their_size(game: rulekit.Game) -> None:
    rules = game.meld_rules
    assert rules.check(ids(game, "3h", "3s", "joker"))[0] == "set"
    assert rules.check(ids(game, "3h", "3s")) is None  # below set.min
    assert rules.check(ids(game, "3h", "4s", "5h")) is None  # neither a set nor a run


def test_runs_need_consecutive_values_and_one_suit(game: rulekit.Game) -> None:
    rules = game.meld_rules
    assert rules.check(ids(game, "5h", "3h", "4h"))[0] == "run"
    assert rules.check(ids(game, "3h", "4s", "5h")) is None  # 'same: it.suit'
    assert rules.check(ids(game, "3h", "5h", "6h")) is None  # a gap


def test_runs_do_not_wrap_around_the_highest_value() -> None:
    """With values 1..13, Q-K-A is no run, A-2-3 is (the bounds come from the deck)."""
    rules = MeldRules(value=[12, 13, 1, 2, 3], ok=[True] * 5, same=None, wild=[False] * 5,
                      run_min=3,
                      run_max=13, set_min=None, set_max=0, low=1, high=13)
    assert rules.check([0, 1, 2]) is None
    assert rules.check([2, 3, 4]) == ("run", {})


def test_a_wild_takes_the_lowest_fitting_value_unless_told(game: rulekit.Game) -> None:
    rules = game.meld_rules
    joker, four, five = ids(game, "joker", "4h", "5h")
    assert rules.check([joker, four, five]) == ("run", {joker: 3})
    assert rules.check([joker, four, five], wild_as=6) == ("run", {joker: 6})
    assert rules.check([joker, four, five], wild_as=7) is None


def test_possible_finds_a_meld_hidden_in_a_hand(game: rulekit.Game) -> None:
    rules = game.meld_rules
    hand = ids(game, "1h", "7s", "2h", "8h", "3h")
    assert rules.possible([], hand)
    assert rules.possible(ids(game, "2h"), [c for c in hand if game.labels[c] != "2h"])
    assert not rules.possible(ids(game, "7s"), [c for c in hand if game.labels[c] != "7s"])
    assert not rules.possible([], ids(game, "1h", "7s", "4h", "8h", "6s"))


# ---- laying melds step by step ----------------------------------------------------------
def lay_position(game: rulekit.Game, hand: list[str]) -> rulekit.State:
    s = game.new_state(2, seed=3)
    arrange(s, {("hand", 0): hand})
    return s


def test_only_picks_that_can_still_make_a_meld_are_offered(game: rulekit.Game) -> None:
    """A 'meld: true' cards parameter never leads into a dead end."""
    s = lay_position(game, ["1h", "2h", "3h", "7s", "5s"])
    s.apply("lay")
    assert [str(a) for a in s.legal_actions()] == ["pick 1h", "pick 2h", "pick 3h"]
    s.apply("pick 2h")
    assert "done" not in [str(a) for a in s.legal_actions()]
    s.apply("pick 3h")
    assert [str(a) for a in s.legal_actions()] == ["pick 1h"]


def test_a_laid_run_shows_in_order_with_its_kind_and_values(game: rulekit.Game) -> None:
    s = lay_position(game, ["3h", "1h", "2h", "7s", "5s"])
    play(s, ["lay", "pick 3h", "pick 1h", "pick 2h", "done"])
    melds = rulekit.observation(s, 1)["table"]["table"]["melds"]
    assert melds == [{"meld": 1, "kind": "run", "cards": ["1h", "2h", "3h"],
                      "values": [1, 2, 3]}]
    assert sorted(labels(s, ("hand", 0))) == ["5s", "7s"]


def test_a_wild_is_laid_as_the_value_chosen(game: rulekit.Game) -> None:
    """A wild stands for the value fixed when it is laid."""
    s = lay_position(game, ["4h", "5h", "joker", "8s", "1s"])
    play(s, ["lay", "pick 4h", "pick 5h", "pick joker", "done"])
    assert [str(a) for a in s.legal_actions()] == ["as 3", "as 6"]
    s.apply("as 6")
    meld = rulekit.observation(s, 0)["table"]["table"]["melds"][0]
    assert meld["cards"] == ["4h", "5h", "joker"] and meld["values"] == [4, 5, 6]


def test_runs_extend_at_either_end_and_sets_with_equal_values(game: rulekit.Game) -> None:
    s = lay_position(game, ["3h", "4h", "5h", "2h", "6h"])
    play(s, ["lay", "pick 3h", "pick 4h", "pick 5h", "done"])
    assert [str(a) for a in s.legal_actions()][:1] == ["add_on"]
    play(s, ["add_on", "target meld1"])
    assert [str(a) for a in s.legal_actions()] == ["pick 2h", "pick 6h"]
    s.apply("pick 2h")
    play(s, ["add_on", "target meld1", "pick 6h"])
    meld = rulekit.observation(s, 0)["table"]["table"]["melds"][0]
    assert meld["cards"] == ["2h", "3h", "4h", "5h", "6h"]
    assert s.is_over  # the hand is empty


def test_a_card_that_cannot_extend_is_not_offered(game: rulekit.Game) -> None:
    s = lay_position(game, ["3h", "4h", "5h", "5s", "8s"])
    play(s, ["lay", "pick 3h", "pick 4h", "pick 5h", "done"])
    assert "add_on" not in [str(a) for a in s.legal_actions()]


def test_a_card_moved_out_of_a_meld_leaves_it(game: rulekit.Game) -> None:
    """Moving a meld's card anywhere else takes it out of the meld."""
    s = lay_position(game, ["3h", "4h", "5h", "7s", "8s"])
    play(s, ["lay", "pick 3h", "pick 4h", "pick 5h", "done"])
    five = s.zones[s.game.zone_instance("table", None, 2)][-1]
    s.move_cards([five], s.game.zone_instance("stock", None, 2), False, False)
    assert s.meld_of[five] == 0
    assert rulekit.observation(s, 0)["table"]["table"]["melds"][0]["cards"] == ["3h", "4h"]


def test_a_logged_meld_shows_its_cards_at_that_moment(game: rulekit.Game) -> None:
    s = lay_position(game, ["3h", "4h", "5h", "6h", "7h"])
    play(s, ["lay", "pick 3h", "pick 4h", "pick 5h", "done", "add_on", "target meld1",
             "pick 6h", "add_on", "target meld1", "pick 7h"])
    shown = [rulekit.render_event(game, k, a, "en")
             for k, a in rulekit.events_for(s, 1) if k == "extended"]
    assert shown == ["P0 extends a meld: 3h, 4h, 5h, 6h", "P0 extends a meld: 3h, 4h, 5h, 6h, 7h"]


def test_meld_state_survives_clone_and_json(game: rulekit.Game) -> None:
    """A saved document is replayed from its seed, so the meld is reached by play: random
    games until a wild stands for a value in a meld."""
    import json
    rnd = random.Random(1)
    for seed in range(200):
        s = game.new_state(2, seed)
        while not s.is_over and not any(v is not None for v in s.as_value or []):
            s.apply(rnd.choice(s.legal_actions()))
        if not s.is_over:
            break
    assert any(v is not None for v in s.as_value or [])
    assert s.clone() == s
    back = game.state_from_json(json.loads(json.dumps(s.to_json())))
    assert back == s
    assert rulekit.observation(back, 0) == rulekit.observation(s, 0)


def test_random_games_of_melds_end_and_keep_every_card(game: rulekit.Game) -> None:
    rnd = random.Random(5)
    for seed in range(40):
        s = game.new_state(2 + seed % 2, seed)
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[rnd.randrange(len(legal))])
            assert sum(len(z) for z in s.zones) == game.n_cards


def test_meld_builtins_without_a_melds_section_are_located_errors() -> None:
    text = (ENGINE / "melds.yaml").read_text(encoding="utf-8")
    start = text.index("melds:\n  value")
    end = text.index("zones:")
    broken = text[:start] + text[end:]
    with pytest.raises(rulekit.RulesetError) as err:
        rulekit.load_text(broken, "nomelds.yaml")
    messages = [d.message for d in err.value.diagnostics]
    assert any("needs a 'melds:' section" in m for m in messages)


# ---- cooperative and conditional winners -------------------------------------------------
@pytest.mark.parametrize(("winners", "expected"), [
    ("all", (0, 1)), ("none", ()), ("highest", None), ("seat(p) == 1", (1,))])
def test_winners_can_be_everyone_nobody_or_a_condition(game: rulekit.Game, winners: str,
                                                       expected: tuple | None) -> None:
    text = (ENGINE / "melds.yaml").read_text(encoding="utf-8").replace(
        "  winners: highest", f"  winners: \"{winners}\"")
    g = rulekit.load_text(text, "winners.yaml")
    s = g.new_state(2, seed=1)
    s.finish("out")
    if expected is None:
        best = max(s.outcome.scores)
        expected = tuple(p for p in range(2) if s.outcome.scores[p] == best)
    assert s.outcome.winners == expected


GAP = """
name: Gap
players: {min: 2, max: 2}
cards:
  attributes:
    kind: [num, special, joker]
    v: int
  deck:
    - {kind: num, v: [2, 3, 4, 5]}
    - {kind: special, v: 0}
    - {kind: joker, v: 0}
  start: pile
  label:
    - {when: "it.kind == 'num'", text: num}
    - {text: other}
melds:
  value: "it.v"
  cards: "it.kind != 'special'"
  run: {min: 3}
  wild: "it.kind == 'joker'"
  wild_values: {min: 2, max: 5}
zones:
  pile: {visibility: count}
  table: {visibility: public, melds: true}
  hand: {owner: player, visibility: owner}
phases:
  main:
    first: "first(players)"
actions:
  lay:
    params:
      - {cards: chosen, from: actor.hand, meld: true}
    effects: ["meld chosen to table", "end game over"]
scoring: {score: "0"}
text:
  num: {en: "n{v}"}
  other: {en: "{kind}"}
  over: {en: over}
"""


def test_bug_a_wild_escaped_wild_values_through_cards_that_never_meld() -> None:
    """A card that may not meld (melds.cards) neither melds nor widens the range of values a
    run (or a wild) may take: joker, 2, 3 is 2-3-4, not 1-2-3."""
    g = rulekit.load_text(GAP, "gap.yaml")
    s = g.new_state(2, seed=1)
    arrange(s, {("hand", 0): ["joker", "n2", "n3", "special"]})
    s.apply("lay")
    assert "pick special" not in [str(a) for a in s.legal_actions()]
    play(s, ["pick joker", "pick n2", "pick n3", "done"])
    meld = rulekit.observation(s, 0)["table"]["table"]["melds"][0]
    assert meld["values"] == [2, 3, 4]
    assert g.meld_rules.check(ids(g, "special", "n2", "n3")) is None


@pytest.mark.parametrize(("text", "reason"), [
    ("pick 7s", "7s cannot make a run or a set with the cards picked so far (no card yet) and "
                "the rest of the hand"),
    ("done", "pick at least 1 card first (0 so far)"),
    ("pick 8h", "8h is not among the cards you can choose from"),
    ("pick zz", "there is no card called 'zz'"),
])
def test_an_illegal_pick_says_why_and_changes_nothing(game: rulekit.Game, text: str,
                                                     reason: str) -> None:
    """A meld that cannot be made is refused with the reason, and the state is unchanged."""
    s = lay_position(game, ["1h", "2h", "3h", "7s", "5s"])
    s.apply("lay")
    before = s.key()
    with pytest.raises(rulekit.IllegalActionError) as err:
        s.apply(text)
    assert err.value.reason == reason
    assert s.key() == before


def test_an_action_whose_condition_fails_names_the_condition(game: rulekit.Game) -> None:
    s = lay_position(game, ["1h", "7s", "4h", "8s", "6h"])
    with pytest.raises(rulekit.IllegalActionError) as err:
        s.apply("lay")
    assert err.value.reason == ("its condition does not hold now "
                                "(actions.lay.when: can_form_meld(actor.hand))")


def test_bug_huge_meld_values_exhausted_memory() -> None:
    """Meld values spanning an enormous range are a located load error (found by the fuzzer),
    not a search over 10^21 values."""
    text = GAP.replace("    - {kind: num, v: [2, 3, 4, 5]}",
                       "    - {kind: num, v: [2, 3, 1000000000000000000000]}")
    with pytest.raises(rulekit.RulesetError) as err:
        rulekit.load_text(text, "huge.yaml")
    assert any("runs need a range of at most" in d.message for d in err.value.diagnostics)


def _check_kept_answers(state: rulekit.State) -> int:
    """Compare every kept extension answer of state with a copy that keeps nothing; the number
    of answers compared."""
    fresh = state.clone()
    fresh._meld_cache.clear()  # a clone shares what is kept: this one works it all out again
    checked = 0
    for m in range(1, len(state.meld_kinds)):
        if not state.meld_cards(m):
            continue
        info = state._meld_cache.get(m)  # its values, run key and cards, kept as it changes
        if info is not None:  # (the values in any order: an extension adds its own last)
            values, key, members = fresh._meld_info(m)
            assert (sorted(info[0]), info[1], info[2]) == (sorted(values), key, members)
            checked += 1
        kept = state._meld_cache.get(("ext", m))
        if kept is None:
            continue
        for c in range(state.game.n_cards):  # every card: the kept ones extend, no other
            assert kept.get(c) == fresh.extension_value(m, c)
            checked += 1
    return checked


@pytest.mark.parametrize(("name", "players"), [("chami", 3), ("shamus", 2)])
def test_kept_extension_answers_match_a_fresh_state_all_game_long(name: str, players: int) -> None:
    """What a card may extend is kept per meld between decisions, and clones share it; along
    random games, every kept answer equals the one a state with nothing kept works out afresh,
    as melds are laid, extended and broken up, in the game and in clones of it that go their
    own way (as a search's do)."""
    game = rulekit.load(ROOT / "rulesets" / f"{name}.yaml")
    rnd = random.Random(3)
    checked = 0
    for seed in range(3):
        state = game.new_state(players, seed)
        while not state.is_over and state.decisions < 400:
            state.legal_actions()  # the conditions fill the kept answers
            checked += _check_kept_answers(state)
            if state.decisions % 40 == 0:
                branch = state.clone()
                for _ in range(30):
                    if branch.is_over:
                        break
                    branch.apply_unchecked(branch.random_action(rnd))
                    branch.legal_actions()
                    checked += _check_kept_answers(branch)
            state.apply_unchecked(state.random_action(rnd))
    assert checked > 100


@pytest.mark.parametrize(("name", "players"), [("chami", 4), ("shamus", 2), ("chami", 2)])
def test_a_meld_question_folded_over_a_list_answers_as_the_loop_does(
        name: str, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 9 point 3, 'one query per hand': `any(can_extend(m, c) for c in cards)` (and the
    same over melds) is asked once for the list; along random games every decision's legal
    actions are those of the same ruleset compiled with a Python loop of single questions."""
    from rulekit.lang import comprehensions

    path = ROOT / "rulesets" / f"{name}.yaml"
    monkeypatch.setenv("RULEKIT_CACHE_DIR", "")  # compiled afresh both times
    folded = rulekit.load(path)
    monkeypatch.setattr(comprehensions, "_folded", lambda *args: None)
    looped = rulekit.load(path)
    assert "any(can_extend(" in folded.generated_source()  # the folded question's label
    assert "any(can_extend(" not in looped.generated_source()
    if name == "chami":  # can_extend_any: over the table's melds, each over the hand's cards
        assert "any(any(can_extend(m, c) for c in cards) for m in melds)" in \
            folded.generated_source()
        # and the melds the extend action offers
        assert "[m for m in melds if any(can_extend(m, c) for c in cards)]" in \
            folded.generated_source()
    play_side_by_side(folded, looped, players, 4, random.Random(5), 600)


def test_cards_drawn_at_random_are_drawn_for_each_meld_as_the_loop_does(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`any(any(can_extend(m, c) for c in CARDS) for m in MELDS)` reads CARDS once for all the
    melds only when reading it draws nothing at random: a random card is drawn once per meld,
    as the loop written out draws it."""
    monkeypatch.setenv("RULEKIT_CACHE_DIR", "")
    text = (ENGINE / "melds.yaml").read_text(encoding="utf-8")
    nested = "any(any(can_extend(m, c) for c in {cards}) for m in melds(table))"
    effect = ("      - if: \"{test}\"\n        then: [add 1 to actor.points]\n")
    plain = effect.format(test=nested.format(cards="actor.hand"))
    drawn = effect.format(test=nested.format(cards="[random(actor.hand)]"))
    anchor = "      - extend target with first(card)\n"
    assert anchor in text

    def folded_questions(ruleset: str) -> int:
        """How many times the generated module asks the folded question."""
        source = rulekit.load_text(ruleset, "melds.yaml").generated_source()
        label = "any(any(can_extend(m, c) for c in cards) for m in melds)"
        name = re.search(rf"#   (_k\d+): {re.escape(label)}", source)
        return 0 if name is None else source.count(f"{name.group(1)}(s,")

    before = folded_questions(text)  # the add_on action asks it, in its 'when'
    assert before >= 1
    assert folded_questions(text.replace(anchor, anchor + plain)) == before + 1
    assert folded_questions(text.replace(anchor, anchor + drawn)) == before
