"""Rules in the game and the end of a game (issue 12 points 5 and 6): `rulekit rules`, `rules`
and `help` at a prompt, the end-of-game summary with the game's own counts, the scoreboard."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import cli

import rulekit

ROOT = Path(__file__).resolve().parents[1]
TABLE = ROOT / "tests" / "engine" / "table.yaml"


def test_rules_sham_in_french_prints_the_rules_then_what_the_ruleset_says():
    r = cli("rules", "sham", "--lang", "fr")
    assert r.code == 0, r.err
    assert "Gagnez le plus de cartes." in r.out  # the ruleset's rules_text, in French
    said = r.out.split("Ce que dit le jeu de règles lui-même :")[1]
    assert "Joueurs : 3-7" in said
    assert "Paquet : 80 cartes" in said
    # zones and who sees them, from their declared visibility
    assert "Main (une par joueur) : son joueur voit les cartes, les autres combien" in said
    assert "Pioche (sur la table) : tout le monde voit combien de cartes, personne lesquelles" \
        in said
    # phases and actions by their labels; the challenge window's answers
    assert "Manche : jouer Débordement" in said and "poser des cartes" in said
    assert "crier « SHAM »" in said
    assert "le plus haut score gagne" in said
    assert "Gagnez" not in said  # the rules text is not repeated


def test_rules_lists_the_variants_and_what_each_changes():
    r = cli("rules", "shamus")
    assert "Variants (--variant NAME):" in r.out
    assert "expert: Expert level: 150 points to beat Shamus Senior" in r.out
    assert "changes: define.junior_points, define.senior_points" in r.out
    fr = cli("rules", "shamus", "--lang", "fr")
    assert "expert : Niveau expert : 150 points pour vaincre Shamus Senior" in fr.out
    assert "modifie : define.junior_points, define.senior_points" in fr.out


def test_rules_of_a_variant_and_of_a_file():
    r = cli("rules", "shamus", "--variant", "four-players")
    assert r.out.startswith("Shamus [four-players]")
    r = cli("rules", str(TABLE))
    assert "Play a card each turn; its value adds to your points." in r.out
    r = cli("rules", "tests/engine/minimal.yaml")
    assert "(This ruleset carries no rules text.)" in r.out


def test_rules_refuses_a_language_the_ruleset_lacks():
    r = cli("rules", "chami", "--lang", "es")
    assert r.code == 2
    assert "allowed --lang values: en, fr" in r.err


def test_every_bundled_game_has_rules_in_each_of_its_languages():
    for path in sorted((ROOT / "rulesets").glob("*.yaml")):
        game = rulekit.load(path)
        assert set(game.table.rules_text) == set(game.languages), path.name
        for lang, text in game.table.rules_text.items():
            assert len(text.split()) > 60, (path.name, lang)  # a real statement of the rules


def test_rules_text_must_have_every_language(tmp_path):
    text = TABLE.read_text(encoding="utf-8")
    broken = text.replace('  fr: "Jouez une carte', '  es: "Jouez une carte')
    with pytest.raises(rulekit.RulesetError) as e:
        rulekit.load_text(broken, "table.yaml")
    messages = [d.message for d in e.value.diagnostics]
    assert "'es' is not one of the ruleset's languages (en, fr)" in messages
    assert "rules_text has no translation for: fr" in messages


def test_rules_and_help_at_a_prompt():
    r = cli("play", "sham", "--seats", "human,random,random", "--seed", "2",
            stdin="rules\nhelp\nquit\n")
    assert "Win the most cards." in r.out
    assert "SHAM: The quickfire bluffing game." in r.out
    assert "  rules         the rules of SHAM" in r.out
    assert "pick " not in r.out  # no internal forms
    r = cli("play", "sham", "--seats", "human,random,random", "--seed", "2", "--lang", "es",
            stdin="reglas\nayuda\nsalir\n")
    assert "Gana más cartas que nadie." in r.out
    assert "  reglas        las reglas de SHAM" in r.out


def test_the_end_summary_says_why_scores_winners_and_the_games_counts():
    r = cli("play", "sham", "--seats", "random,random,random", "--seed", "4")
    assert r.code == 0
    end = r.out.split("Final scores")[1]
    assert "The game ended: the Draw Pile is empty and at most one player holds cards." in end
    counts = re.search(r"This game: (\d+) rounds? played, (\d+) calls? of SHAM, (\d+) calls? "
                       r"From the Grave, (\d+) bluffs? caught, (\d+) true claims? challenged\.",
                       end)
    assert counts, end
    # the counts are the game's own events, as the transcript shows them
    rounds, calls, grave, caught, true = (int(x) for x in counts.groups())
    assert rounds == r.out.count("wins the round:")
    assert calls == len(re.findall(r"calls SHAM on", r.out)) - grave
    assert caught == r.out.count("It was a lie:")
    assert true == r.out.count("The claim was true:")
    assert re.search(r"Winners? ?(\(shared\))?: Player \d", end)


def test_the_counts_say_one_in_the_singular():
    r = cli("play", str(TABLE), "--seats", "random,random", "--seed", "3")
    counted = re.search(r"This game: (\d+) (cards?) played\.", r.out)
    assert counted
    assert counted.group(2) == ("card" if counted.group(1) == "1" else "cards")


def test_a_match_ends_with_a_scoreboard():
    r = cli("play", str(TABLE), "--seats", "random,random", "--seed", "3", "--games", "3")
    board = r.out.split("Match summary: 3 games;")[1]
    header = next(line for line in board.splitlines() if line.startswith("Player"))
    assert header.split() == ["Player", "Game", "1", "Game", "2", "Game", "3", "Total", "Won"]
    rows = [line.split() for line in board.splitlines() if line.startswith("bot ")]
    assert len(rows) == 2
    for row in rows:
        nums = [int(x) for x in row[2:] if x.lstrip("-").isdigit()]
        assert nums[3] == sum(nums[:3])  # the total of the three games


def test_the_screenshots_are_current():
    """Issue 12: 'A screenshot of each bundled game in the README, generated by a script from
    the real renderer, so it stays true': every bundled game has one, and it is current."""
    p = subprocess.run([sys.executable, str(ROOT / "docs" / "screenshots.py"), "--check"],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    from rulekit_cli.games import bundled

    names = sorted(bundled())
    assert {"sham", "chami", "shamus", "uno", "crazy_eights", "spades"} <= set(names)
    for name in names:
        svg = (ROOT / "docs" / "screenshots" / f"{name}.svg").read_text(encoding="utf-8")
        assert svg.startswith("<svg") and f"rulekit-{name}" in svg
        assert f"docs/screenshots/{name}.svg" in (ROOT / "README.md").read_text(encoding="utf-8")
