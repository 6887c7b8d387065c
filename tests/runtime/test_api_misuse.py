"""The library's helpers given what no game of theirs could hand out (issue 28, point 5): a card id
out of range or an action of another game was an IndexError (or, for -1 and some foreign actions,
a wrong answer); each is now a UsageError naming it."""

from __future__ import annotations

import random

import numpy as np
import pytest
from paths import TESTS

import rulekit
from rulekit import Action
from rulekit.actions import CHOOSE, DONE, PICK, START

ENGINE = TESTS / "engine"


@pytest.fixture(scope="module")
def params() -> rulekit.Game:
    return rulekit.load(ENGINE / "params.yaml")


@pytest.fixture(scope="module")
def other() -> rulekit.Game:
    return rulekit.load(ENGINE / "minimal.yaml")


def test_every_legal_action_of_every_kind_is_labelled(params: rulekit.Game) -> None:
    kinds: set[int] = set()
    rnd = random.Random(3)
    for seed in range(6):
        s = params.new_state(3, seed)
        while not s.is_over and s.decisions < 40:
            legal = s.legal_actions()
            for a in legal:
                assert params.action_label(a)
                kinds.add(a.kind)
            s.apply(legal[rnd.randrange(len(legal))])
    assert kinds == {START, PICK, DONE, CHOOSE}


@pytest.mark.parametrize("action, why", [
    (Action(START, "fly", 0, "fly"), "it has no action 'fly'"),
    (Action(START, "play", 99, "play"), "it has no action 'play'"),
    (Action(START, "play", 1, "play"), "it has no action 'play'"),  # 'toss' is action 1
    (Action(PICK, "chosen", 999, "pick x"), "it has no card to pick as 'pick x'"),
    (Action(PICK, "chosen", -1, "pick x"), "it has no card to pick as 'pick x'"),
    (Action(DONE, "nothing", None, "done"), "it has no parameter 'nothing' to finish"),
    (Action(CHOOSE, "colour", "red", "colour red", "player"),
     "it has no parameter 'colour' choosing player"),
    (Action(CHOOSE, "target", 64, "target 64", "player"), "64 is no player it could choose"),
    (Action(CHOOSE, "target", -1, "target -1", "player"), "-1 is no player it could choose"),
    (Action(CHOOSE, "n", "2", "n 2", "int"), "'2' is no int it could choose"),
    (Action(7, "x", 0, "x"), "an action of unknown kind 7"),
])
def test_a_made_up_action_is_a_usage_error(params: rulekit.Game, action: Action,
                                           why: str) -> None:
    with pytest.raises(rulekit.UsageError) as info:
        params.action_label(action)
    assert str(info.value) == (f"{action!r} is not an action of Params ({why}): pass one of "
                               "this game's state.legal_actions()")


def test_an_action_of_another_game_is_a_usage_error(params: rulekit.Game,
                                                    other: rulekit.Game) -> None:
    foreign = other.new_state(2, 1).legal_actions()
    assert foreign
    for a in foreign:
        with pytest.raises(rulekit.UsageError, match="is not an action of Params"):
            params.action_label(a)


@pytest.mark.parametrize("thing", ["play", None, 0, ("play",)])
def test_what_is_no_action_is_a_usage_error(params: rulekit.Game, thing: object) -> None:
    with pytest.raises(rulekit.UsageError, match=r"is not an action: pass one of "
                       r"state.legal_actions\(\)"):
        params.action_label(thing)  # type: ignore[arg-type]


CARD_MESSAGE = "is not a card of Params: a card is a whole number from 0 to 11"


@pytest.mark.parametrize("card", [12, 999, -1, "3", 2.0, True, None])
def test_render_event_with_no_card_of_the_game_is_a_usage_error(params: rulekit.Game,
                                                                card: object) -> None:
    with pytest.raises(rulekit.UsageError, match=CARD_MESSAGE):
        rulekit.render_event(params, "x", {"c": ("card", card)}, "en")
    with pytest.raises(rulekit.UsageError, match=CARD_MESSAGE):
        rulekit.render_event(params, "x", {"c": ("cards", [0, card])}, "en")
    with pytest.raises(rulekit.UsageError, match=CARD_MESSAGE):
        params.card_label(card)  # type: ignore[arg-type]


def test_a_card_id_of_any_whole_number_type_is_shown(params: rulekit.Game) -> None:
    assert params.card_label(np.int64(11)) == params.card_label(11)
    assert rulekit.render_event(params, "x", {"c": ("card", np.int32(0))}, "en") == \
        rulekit.render_event(params, "x", {"c": ("card", 0)}, "en")
