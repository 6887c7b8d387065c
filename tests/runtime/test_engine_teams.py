"""Teams: players grouped by a rule, zones and variables owned by a team, a shared outcome
(tested on tests/engine/teams.yaml, four partners in two teams)."""

from __future__ import annotations

import json
import random

import pytest
from paths import TESTS

import rulekit
from rulekit.testing import arrange, play, set_vars

ENGINE = TESTS / "engine"


@pytest.fixture(scope="module")
def game() -> rulekit.Game:
    return rulekit.load(ENGINE / "teams.yaml")


def test_players_are_put_in_teams_by_the_rule(game: rulekit.Game) -> None:
    s = game.new_state(4, seed=1)
    teams = rulekit.observation(s, 0)["teams"]
    assert [(t["team"], t["members"]) for t in teams] == [("north_south", [0, 2]),
                                                         ("east_west", [1, 3])]


def test_a_team_zone_is_seen_by_its_members_only(game: rulekit.Game) -> None:
    """visibility: owner on a team zone means every member sees it, the others its size."""
    s = game.new_state(4, seed=1)
    arrange(s, {("hand", 0): ["#5", "#2"]})
    play(s, ["bank", "pick #5"])
    for seat in (0, 2):
        assert rulekit.observation(s, seat)["teams"][0]["zones"]["tricks"] == {
            "count": 1, "cards": ["#5"]}
    for seat in (1, 3):
        assert rulekit.observation(s, seat)["teams"][0]["zones"]["tricks"] == {
            "count": 1, "cards": []}


def test_team_variables_are_shared_by_the_members(game: rulekit.Game) -> None:
    s = game.new_state(4, seed=1)
    arrange(s, {("hand", 0): ["#5", "#2"], ("hand", 1): ["#1", "#1"], ("hand", 2): ["#4", "#6"]})
    play(s, ["bank", "pick #5", "bank", "pick #1", "bank", "pick #4"])
    teams = rulekit.observation(s, 3)["teams"]
    assert teams[0]["vars"] == {"points": 9} and teams[1]["vars"] == {"points": 1}


def test_a_team_wins_or_loses_together(game: rulekit.Game) -> None:
    """winners: a condition on p, here 'my team has the most points', shared by partners."""
    rnd = random.Random(3)
    for seed in range(20):
        s = game.new_state(4, seed)
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[rnd.randrange(len(legal))])
        winners = set(s.outcome.winners)
        assert winners in ({0, 2}, {1, 3}, {0, 1, 2, 3})
        assert s.outcome.scores[0] == s.outcome.scores[2]


def test_team_state_survives_clone_json_and_resample(game: rulekit.Game) -> None:
    s = game.new_state(4, seed=4)
    play(s, ["bank"])
    s.apply(s.legal_actions()[0])
    assert s.clone() == s
    assert game.state_from_json(json.loads(json.dumps(s.to_json()))) == s
    for seat in range(4):
        other = rulekit.resample(s, seat, 7)
        assert rulekit.observation(other, seat) == rulekit.observation(s, seat)


BROKEN_BASE = (ENGINE / "teams.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize(("change", "message"), [
    (lambda t: t.replace("teams:\n  names: [north_south, east_west]\n  of: \"'north_south' if "
                         "seat(p) % 2 == 0 else 'east_west'\"\n", ""),
     "a zone owned by a team needs a 'teams:' section"),
    (lambda t: t.replace("  of: \"'north_south' if seat(p) % 2 == 0 else 'east_west'\"",
                         "  of: \"'north'\""),
     "'north' is not one of the teams ['north_south', 'east_west']"),
    (lambda t: t.replace("add first(card).rank to team(actor).points",
                         "add first(card).rank to team(actor).pionts"),
     "teams have no variable 'pionts'"),
])
def test_team_mistakes_are_located_errors(change, message: str) -> None:
    with pytest.raises(rulekit.RulesetError) as err:
        rulekit.load_text(change(BROKEN_BASE), "teams.yaml")
    assert message in [d.message for d in err.value.diagnostics]


def test_set_vars_sets_a_team_variable_by_the_team_name(game: rulekit.Game) -> None:
    """rulekit.testing.set_vars takes (variable, team name) for a team's variable."""
    s = game.new_state(4, seed=1)
    set_vars(s, {("points", "east_west"): 7})
    teams = rulekit.observation(s, 0)["teams"]
    assert [t["vars"]["points"] for t in teams] == [0, 7]
    with pytest.raises(rulekit.UsageError, match="no team 'west'"):
        set_vars(s, {("points", "west"): 1})
    with pytest.raises(rulekit.UsageError, match="no team variable 'pts'"):
        set_vars(s, {("pts", "east_west"): 1})
