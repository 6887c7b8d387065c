"""A log can show a team: a team argument is shown by its name, translated like a word; a list of
teams is refused at load time with a located error and a hint."""

from __future__ import annotations

import pytest

import rulekit

GAME = """\
name: Teams
players: {min: 4, max: 4}
languages: [en, fr]
cards:
  attributes:
    n: [1, 2]
  deck:
    - {n: [1, 2]}
  start: stock
  label:
    - {text: card}
zones:
  stock: {visibility: public}
teams:
  names: [reds, blues]
  of: "'reds' if seat(p) % 2 == 0 else 'blues'"
phases:
  main:
    first: "first(players)"
actions:
  win:
    effects:
      - {log: wins, args: {team: "team(actor)", rivals: "team(next_player(actor))"}}
      - end game done
scoring:
  score: "0"
text:
  card: {en: "c{n}", fr: "c{n}"}
  done: {en: done, fr: fini}
  reds: {en: Reds, fr: Rouges}
  blues: {en: Blues, fr: Bleus}
  wins: {en: "{team} beat {rivals}.", fr: "Les {team} battent les {rivals}."}
"""


def test_a_team_in_a_log_is_shown_by_its_name():
    g = rulekit.load_text(GAME, "teams.yaml")
    s = g.new_state(4, seed=0)
    s.apply("win")
    for seat in range(4):
        key, args = next(ev for ev in rulekit.events_for(s, seat) if ev[0] == "wins")
        assert args == {"team": "reds", "rivals": "blues"}
        assert rulekit.render_event(g, key, args, "en") == "Reds beat Blues."
        assert rulekit.render_event(g, key, args, "fr") == "Les Rouges battent les Bleus."


def test_a_list_of_teams_in_a_log_is_a_located_error():
    text = GAME.replace('rivals: "team(next_player(actor))"', 'rivals: "teams"')
    with pytest.raises(rulekit.RulesetError) as err:
        rulekit.load_text(text, "teams.yaml")
    (d,) = err.value.diagnostics
    assert d.message == "cannot show a list of teams in a message"
    assert "members(TEAM)" in d.hint
    line = next(i for i, x in enumerate(text.splitlines(), 1) if 'rivals: "teams"' in x)
    assert (d.line, d.col) == (line, text.splitlines()[line - 1].index('"teams"') + 1)
