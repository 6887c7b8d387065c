"""A seat's own private variables (`visible: owner`, docs/authoring.md section 6): its player sees
them in its observation, view, table row and status; no other seat does, and a sampled world
keeps the deciding seat's values and recomputes the others' (`resample:`)."""

from __future__ import annotations

import random

import pytest
from lang_helpers import load_error

import rulekit
from rulekit.testing import arrange

# total: set from the player's own hand (others may not see it), so it says how a sampled world
# recomputes it; draws: set from public facts (who drew), kept as is in a sampled world
RULESET = """\
name: Private
players: {{min: 2, max: 4}}
{teams}cards:
  attributes: {{v: int}}
  deck: [{{v: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], count: 4}}]
  start: deck
  label: [{{text: card}}]
zones:
  deck: {{visibility: count}}
  hand: {{owner: player, visibility: owner}}
variables:
  player:
    total: {{type: int, visible: owner{resample}}}
    draws: {{type: int, visible: owner}}
{team_vars}setup:
  - shuffle deck
  - deal 3 from deck to each hand
  - {{for: "p in players", do: ["set p.total = {total}"]}}
phases:
  play: {{first: "first(players)"}}
actions:
  draw:
    effects:
      - draw 1 from deck to actor.hand
      - set actor.total = {act_total}
      - add 1 to actor.draws
      - {team_effect}
      - end turn
  pass: {{effects: [end turn]}}
table:
  status: [{{text: status_mine}}]
  values:
    mine: "{mine}"
    drew: "me.draws"
scoring: {{score: "0"}}
text:
  card: {{en: "{{v}}"}}
  status_mine: {{en: "My total {{mine}}, I drew {{drew}}"}}
"""
TOTAL = "sum(c.v for c in p.hand)"
TEAMS = "teams: {names: [north, south], of: \"'north' if seat(p) % 2 == 0 else 'south'\"}\n"


def source(*, resample: str | None = TOTAL, mine: str = "me.total", total: str = TOTAL,
           teams: bool = False, team_visible: str = "team") -> str:
    """The ruleset's text, with one piece changed."""
    return RULESET.format(
        resample=f", resample: '{resample}'" if resample else "", mine=mine,
        total=total, act_total=total.replace("p.hand", "actor.hand"),
        teams=TEAMS if teams else "",
        team_vars=f"  team:\n    drawn: {{type: int, visible: {team_visible}}}\n" if teams else "",
        team_effect="add 1 to team(actor).drawn" if teams else "set actor.draws = actor.draws")


def game(**kw: object) -> rulekit.Game:
    return rulekit.load_text(source(**kw), "private.yaml")  # type: ignore[arg-type]


def status(s: rulekit.State, seat: int) -> str | None:
    return s.game.table.status_line(s.game, s, seat, "en", [f"P{i}" for i in range(s.n)])


def pvar(s: rulekit.State, name: str, p: int) -> int:
    return int(s.pvars[_index(s.game, name)][p])


def _index(g: rulekit.Rules, name: str) -> int:
    return next(v.index for v in g.player_vars if v.name == name)


def set_pvar(s: rulekit.State, name: str, p: int, value: int) -> None:
    s.pvars[_index(s.game, name)][p] = value


def dealt() -> rulekit.State:
    s = game().new_state(3, 0)
    arrange(s, {("hand", 0): ["1", "2", "3"], ("hand", 1): ["10", "9", "8"],
                ("hand", 2): ["5", "5", "5"]})
    for p in range(3):  # arrange moves cards, not the totals the setup worked out
        set_pvar(s, "total", p, sum(s.game.card_attrs["v"][c]
                                    for c in s.zones[s.game.zone_instance("hand", p, 3)]))
    return s


def test_the_owner_sees_its_value_in_observation_view_and_status() -> None:
    s = dealt()
    for seat, total in ((0, 6), (1, 27), (2, 15)):
        obs = rulekit.observation(s, seat)
        assert obs["seats"][seat]["vars"] == {"total": total, "draws": 0}
        assert all(row["vars"] == {} for row in obs["seats"] if row["seat"] != seat)
        view = rulekit.seat_view(s, seat, lang="en")
        rows = {p.seat: {v.name: v.value for v in p.vars} for p in view.players}
        assert rows[seat] == {"total": total, "draws": 0}
        assert all(rows[p] == {} for p in rows if p != seat)
        assert status(s, seat) == f"My total {total}, I drew 0"
    assert all(row["vars"] == {} for row in rulekit.observation(s, None)["seats"])


def test_the_owners_value_follows_its_moves() -> None:
    s = dealt()
    s.apply("draw")
    total = sum(s.game.card_attrs["v"][c] for c in s.zones[s.game.zone_instance("hand", 0, 3)])
    assert rulekit.observation(s, 0)["seats"][0]["vars"] == {"total": total, "draws": 1}
    assert status(s, 0) == f"My total {total}, I drew 1"
    assert status(s, 1) == "My total 27, I drew 0"


def _changed(s: rulekit.State, owner: int) -> rulekit.State:
    other = s.clone()
    set_pvar(other, "total", owner, pvar(s, "total", owner) + 100)
    set_pvar(other, "draws", owner, pvar(s, "draws", owner) + 7)
    return other


def test_no_other_seat_depends_on_a_private_value() -> None:
    """Change seat 0's private values in the true state: what seats 1 and 2 observe, their views
    (statuses, table rows, events) and the worlds dealt to them stay the same, but for the
    values a world copies because they follow from public facts (draws)."""
    rnd = random.Random(3)
    for seed in range(3):
        s = game().new_state(3, seed)
        for _ in range(rnd.randrange(0, 6)):
            s.apply(rnd.choice(["draw", "pass"]))
        other = _changed(s, 0)
        assert rulekit.observation(other, 0) != rulekit.observation(s, 0)
        for seat in (1, 2):
            assert rulekit.observation(other, seat) == rulekit.observation(s, seat)
            assert rulekit.seat_view(other, seat, lang="en").to_dict() == \
                rulekit.seat_view(s, seat, lang="en").to_dict()
            for k in range(3):
                a = rulekit.resample(s, seat, 10 * seed + k)
                b = rulekit.resample(other, seat, 10 * seed + k)
                assert rulekit.observation(a, seat) == rulekit.observation(b, seat)
                # the others' totals are worked out from the world's cards; the seat's own kept
                assert pvar(a, "total", 0) == pvar(b, "total", 0)
                assert pvar(a, "total", 0) == sum(
                    a.game.card_attrs["v"][c] for c in a.zones[a.game.zone_instance("hand", 0, 3)])
                assert pvar(a, "total", seat) == pvar(s, "total", seat)
                assert pvar(b, "draws", 0) == pvar(other, "draws", 0)  # public facts: kept


def test_a_sampled_world_keeps_the_deciding_seats_own_values() -> None:
    """The seat's own total is kept even where recomputing it would give another number (here
    it was changed in the true state: resample must not overwrite what the seat sees)."""
    s = dealt()
    set_pvar(s, "total", 1, 99)
    world = rulekit.resample(s, 1, 4)
    assert pvar(world, "total", 1) == 99
    assert rulekit.observation(world, 1) == rulekit.observation(s, 1)
    assert status(world, 1) == status(s, 1) == "My total 99, I drew 0"


def test_save_and_load_keep_private_values() -> None:
    s = game().new_state(3, 2)  # a state replayed from its seed and decisions
    for move in ("draw", "pass", "draw", "draw"):
        s.apply(move)
    back = rulekit.State.from_json(s.game, s.to_json())
    for seat in range(3):
        assert rulekit.observation(back, seat) == rulekit.observation(s, seat)
        assert status(back, seat) == status(s, seat)
    assert [pvar(back, "total", p) for p in range(3)] == [pvar(s, "total", p) for p in range(3)]


def test_a_private_variable_set_from_the_owners_hand_needs_resample() -> None:
    err = str(load_error(source(resample=None), "private.yaml"))
    assert "hidden variable 'total' is set from what some players may not see" in err
    assert "resample" in err


def test_a_private_variable_set_from_public_facts_needs_nothing() -> None:
    # draws is set by 'add 1 to actor.draws' alone, and loads without resample (the game above)
    g = game()
    assert next(v for v in g.player_vars if v.name == "draws").resample is None


@pytest.mark.parametrize("mine", ["next_player(me).total", "sum(p.total for p in players)",
                                  "first(players).total"])
def test_a_status_reads_no_other_seats_private_value(mine: str) -> None:
    err = str(load_error(source(mine=mine), "private.yaml"))
    assert "player variable 'total' is seen by its owner alone (visible: owner)" in err
    assert "me.total" in err


def test_a_status_reads_no_private_value_through_a_definition() -> None:
    text = source(mine="others(me)").replace(
        "phases:", "define:\n  others(q): \"sum(p.total for p in players if p != q)\"\nphases:")
    err = str(load_error(text, "private.yaml"))
    assert "uses definition 'others', which reads player variable 'total'" in err


def test_a_definition_given_me_reads_the_viewers_own() -> None:
    text = source(mine="twice(me)").replace(
        "phases:", "define:\n  twice(q): \"2 * q.total\"\nphases:")
    g = rulekit.load_text(text, "private.yaml")
    s = g.new_state(2, 1)
    total = pvar(s, "total", 1)
    assert status(s, 1) == f"My total {2 * total}, I drew 0"


@pytest.mark.parametrize(("scope", "visible"), [("game", "owner"), ("player", "team")])
def test_owner_and_team_belong_to_their_scopes(scope: str, visible: str) -> None:
    text = source().replace("variables:\n", f"variables:\n  {scope}:\n    odd: "
                            f"{{type: int, visible: {visible}}}\n", 1)
    if scope == "player":  # one player: section
        text = source().replace("    draws: {type: int, visible: owner}",
                                f"    draws: {{type: int, visible: owner}}\n    odd: "
                                f"{{type: int, visible: {visible}}}")
    err = str(load_error(text, "private.yaml"))
    assert f"a {scope} variable cannot be 'visible: {visible}'" in err


def test_a_team_variable_is_seen_by_its_team_alone() -> None:
    g = game(teams=True)
    s = g.new_state(4, 0)
    s.apply("draw")  # seat 0, team north (0 and 2)
    for seat in range(4):
        teams = {row["team"]: row["vars"] for row in rulekit.observation(s, seat)["teams"]}
        mine = "north" if seat in (0, 2) else "south"
        assert teams[mine] == {"drawn": 1 if mine == "north" else 0}
        assert teams["south" if mine == "north" else "north"] == {}
    assert all(row["vars"] == {} for row in rulekit.observation(s, None)["teams"])


def test_cards_traded_in_a_world_keep_the_deciding_seats_own_values() -> None:
    """The bots' beliefs trade freely dealt cards in a world (exchange): the others' totals
    follow the cards, the deciding seat's own stays what it sees."""
    from rulekit.runtime.observe import dealt_world, exchange

    s = dealt()
    set_pvar(s, "total", 1, 99)
    world, free = dealt_world(s, 1, 5)
    g = world.game
    hand0 = g.zone_instance("hand", 0, 3)
    a = next(c for c in free if world.card_zone[c] == hand0)
    b = next(c for c in free if world.card_zone[c] != hand0)
    exchange(world, a, b, 1)
    assert pvar(world, "total", 1) == 99
    assert pvar(world, "total", 0) == sum(g.card_attrs["v"][c] for c in world.zones[hand0])
    assert rulekit.observation(world, 1) == rulekit.observation(s, 1)


def test_a_private_card_variable_names_its_card_to_its_owner_alone() -> None:
    """A private card variable (the player's highest card, recomputed for the others): its
    owner's worlds keep that card where the owner knows it is; others never see the name."""
    text = source().replace(
        "    draws: {type: int, visible: owner}",
        "    draws: {type: int, visible: owner}\n"
        "    best: {type: card, visible: owner, resample: 'first(sorted(p.hand, -it.v))'}"
    ).replace("      - add 1 to actor.draws\n", "      - add 1 to actor.draws\n"
              "      - set actor.best = first(sorted(actor.hand, -it.v))\n")
    g = rulekit.load_text(text, "private.yaml")
    s = g.new_state(3, 4)
    s.apply("draw")  # seat 0 names its best card
    assert "best" in rulekit.observation(s, 0)["seats"][0]["vars"]
    for seat in (1, 2):
        assert "best" not in rulekit.observation(s, seat)["seats"][0]["vars"]
    for k in range(5):
        world = rulekit.resample(s, 0, k)
        assert rulekit.observation(world, 0) == rulekit.observation(s, 0)
        other = rulekit.resample(s, 1, k)
        best = other.pvars[_index(g, "best")][0]
        hand0 = other.zones[g.zone_instance("hand", 0, 3)]
        # worked out from the world's cards, not the true card followed to its new place
        assert best in hand0
        assert g.card_attrs["v"][best] == max(g.card_attrs["v"][c] for c in hand0)
