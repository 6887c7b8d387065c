"""The end of a game at the terminal: why it ended and who won, each said once; teams shown as
teams; a cooperative game won or lost by the players together, against the game's opponent."""

from __future__ import annotations

import re

import pytest
from cli_helpers import cli
from screen_helpers import RULESETS, played

import rulekit


def ending(transcript: str) -> list[str]:
    """The lines from the last answer to the end."""
    lines = transcript.rstrip("\n").split("\n")
    last = max(i for i, x in enumerate(lines) if x.startswith("> "))
    return lines[last + 1:]


def test_sham_says_its_end_reason_and_winner_once():
    end = ending(played(RULESETS / "sham.yaml", 4, 1))
    text = "\n".join(end)
    assert text.count("the Draw Pile is empty and at most one player holds cards") == 1
    assert sum(x.startswith(("Winner: ", "Winners (shared): ")) for x in end) == 1
    assert not any(x.startswith("Game over") for x in end)
    assert max(len(x) for x in end) <= 80


def test_a_cooperative_game_lost_is_the_team_losing_to_the_opponent():
    # seed 1: the circle of Shamus runs out (the transcript ends "Shamus wins")
    end = ending(played(RULESETS / "shamus.yaml", 2, 1))
    assert "The game ended: Shamus wins." in end
    assert end[-1] == "Your team lost to Shamus."
    assert any(x.startswith("One score for the team (Player 1 (you), Bot 2): ") for x in end)
    text = "\n".join(end)
    assert "No winner" not in text and "Game over" not in text
    assert text.count("Shamus wins") == 1


def test_a_cooperative_game_lost_in_french():
    end = ending(played(RULESETS / "shamus.yaml", 2, 1, lang="fr"))
    assert end[-1] == "Votre équipe : défaite contre Shamus."
    assert "Aucun gagnant" not in "\n".join(end)


def test_a_cooperative_match_between_bots_says_the_players_lost_together():
    r = cli("play", "shamus", "--seats", "random,random", "--games", "2", "--seed", "3",
            "--no-record")
    assert r.code == 0, r.err
    assert "Game 1 (seed 3): Shamus wins. The players lost to Shamus." in r.out
    assert "No winner" not in r.out


def test_teams_are_shown_as_teams_with_their_winner():
    end = ending(played(RULESETS / "spades.yaml", 4, 1, variant="one_hand"))
    text = "\n".join(end)
    assert any(x.split()[:2] == ["Team", "Members"] for x in end)
    assert any(x.startswith("North-South   Player 1 (you), Bot 3") for x in end)
    assert any(x.startswith("East-West     Bot 2, Bot 4") for x in end)
    winners = [x for x in end if x.startswith(("Winner: ", "Winners (shared): "))]
    assert len(winners) == 1
    assert winners[0] in ("Winner: North-South (Player 1, Bot 3)",
                          "Winner: East-West (Bot 2, Bot 4)")
    assert "Game over" not in text


BASE = """
name: Together
players: {min: 2, max: 2}
cards:
  attributes: {value: [1, 2]}
  deck: [{value: [1, 2]}]
  start: pile
  label: [{text: card}]
zones:
  pile: {visibility: public}
variables:
  game:
    open: {type: bool, initial: true, label: var_open}
    n: {type: int, initial: 0}
phases:
  main: {first: "first(players)"}
actions:
  stop: {effects: [end game stopped]}
scoring: {score: "0", winners: none}
text:
  card: {en: "card {value}"}
  stopped: {en: someone stopped}
  var_open: {en: Open}
  said_open: {en: The door is open}
  the_house: {en: the house}
"""


@pytest.mark.parametrize("table, message", [
    ("table: {together: {against: nobody}}",
     "together: no text 'nobody' in the ruleset's text section"),
    ("table: {flags: {shut: {true: said_open}}}", "flags: no variable 'shut' in the ruleset"),
    ("table: {flags: {n: {true: said_open}}}",
     "flags: 'n' is a int variable; flags word the values of yes/no (bool) variables"),
    ("table: {flags: {open: {false: said_shut}}}",
     "flags: open: no text 'said_shut' for false in the ruleset's text section"),
])
def test_the_tables_words_name_texts_and_variables_the_ruleset_has(table, message):
    with pytest.raises(rulekit.RulesetError) as e:
        rulekit.load_text(BASE + table + "\n", "together.yaml")
    assert any(message in d.message for d in e.value.diagnostics), e.value.diagnostics


def test_the_tables_words_load_when_they_name_what_is_there():
    game = rulekit.load_text(BASE + "table: {together: {against: the_house}, "
                             "flags: {open: {true: said_open}}}\n", "together.yaml")
    assert game.spec.table.together is not None
    assert game.spec.table.together.against == "the_house"


# ---- yes/no variables said in the ruleset's words (table.flags) -------------------------------
def test_every_bundled_game_words_the_yes_no_variables_its_table_shows():
    for path in sorted(RULESETS.glob("*.yaml")):
        base = rulekit.load(path)
        for variant in [None, *base.variants]:
            game = rulekit.load(path, variant=variant) if variant else base
            shown = [v.name for v in (*game.game_vars, *game.turn_vars, *game.player_vars,
                                      *game.team_vars)
                     if v.visible and v.type == "bool" and game.table.shows(v.name)]
            unworded = [name for name in shown if name not in game.spec.table.flags]
            assert not unworded, (path.name, variant, unworded)


def test_no_yes_or_no_flag_on_the_table_screens():
    for name, players, variant in (("shamus", 2, None), ("sham", 4, None),
                                   ("spades", 4, "one_hand")):
        transcript = played(RULESETS / f"{name}.yaml", players, 2, variant=variant)
        for line in transcript.split("\n"):
            assert ": yes" not in line and ": no " not in line and not line.endswith(": no")
            assert " yes " not in f" {line} ", line
    shamus = played(RULESETS / "shamus.yaml", 2, 1)
    assert "Shamus Senior is out of reach" in shamus  # said as a fact when it holds


def test_sham_says_who_is_in_the_round_and_who_is_out():
    transcript = played(RULESETS / "sham.yaml", 4, 2)
    row = re.compile(r"^(?:▸ |  )(?:Player 1 \(you\)|Bot \d)\s{2,}(\S+)\s{2,}\d")
    cells = [m.group(1) for line in transcript.split("\n") if (m := row.match(line))]
    assert len(cells) > 40
    assert set(cells) == {"in", "out"}


def test_a_game_between_bots_says_its_end_once():
    r = cli("play", "uno", "--seats", "random,random,random", "--seed", "5", "--no-record")
    assert r.code == 0, r.err
    assert "Game over" not in r.out
    end = r.out.split("Final scores", 1)[1]
    assert sum(x.startswith(("Winner: ", "Winners (shared): ")) for x in end.split("\n")) == 1
    assert r.out.count("The game ended: ") == 1
