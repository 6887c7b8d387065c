"""Rules in the game and the end of a game (issue 12 points 5 and 6): `rulekit rules`, `rules`
and `help` at a prompt, the end-of-game summary with the game's own counts, the scoreboard."""

from __future__ import annotations

import itertools
import re
import subprocess
import sys

import pytest
from cli_helpers import cli
from paths import ROOT

import rulekit

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
    """Issue 12 point 5: "the variants and what each changes", in words: the parts of the game
    each one changes, never the ruleset's keys."""
    r = cli("rules", "shamus")
    assert "Variants (--variant NAME):" in r.out
    assert "expert: Expert level: 150 points to beat Shamus Senior" in r.out
    assert "    changes: the game's values\n" in r.out
    assert "changes: the number of players, the game's values, the wording" in r.out
    fr = cli("rules", "shamus", "--lang", "fr")
    assert "expert : Niveau expert : 150 points pour vaincre Shamus Senior" in fr.out
    assert "modifie : le nombre de joueurs, les valeurs du jeu, les textes affichés" in fr.out
    assert "define." not in r.out + fr.out


# the ruleset's own expressions and keys, which `rulekit rules` never prints
INTERNAL = re.compile(r"\w\(|\bp\.|[!=]=|\b(define|players|text)\.\w|\boutcome\b")


def test_rules_print_no_internal_forms_in_any_language():
    """Issue 12 point 5: `rulekit rules` prints "what rulekit can state from the ruleset itself:
    ... the scoring, the variants and what each changes" and point 8: "Every word in the
    player's language": no scoring expression ("size(p.winnings)", "outcome != 'lost'"), no
    variant key ("define.junior_points"), no English attribute name in French or Spanish."""
    from rulekit_cli.games import bundled
    from rulekit_cli.strings import t

    for name, path in bundled().items():
        game = rulekit.load(path)
        for lang in game.languages:
            r = cli("rules", name, "--lang", lang)
            assert r.code == 0, r.err
            said = r.out.split(t("from_ruleset", lang), 1)[1]  # after the rules text
            assert INTERNAL.search(said) is None, (name, lang, INTERNAL.search(said))
            assert str(game.spec.scoring.score) not in r.out
            lines = said.splitlines()
            deck = next(i for i, line in enumerate(lines) if f" {game.n_cards} " in line)
            attrs = [line.split(t("colon", lang))[0].strip() for line in
                     itertools.takewhile(lambda x: x.startswith("  "), lines[deck + 1:])]
            assert len(attrs) == len(game.card_attrs), (name, lang, attrs)
            if lang != "en":  # English names ('points' is French, 'color' Spanish, too)
                english = {"suit", "rank", "kind", "colour", "value", "number", "a", "b"}
                assert not english & set(attrs), (name, lang, attrs)


def test_rules_state_the_scoring_in_the_rulesets_words_or_in_plain_words():
    """Issue 12 point 5: "the scoring": the ruleset's text rules_scoring in the player's
    language; a ruleset without one gets a plain sentence, never its expression."""
    r = cli("rules", "sham", "--lang", "fr")
    assert ("Score : chaque joueur compte le nombre de cartes de sa Pile de Gains (et non leur "
            "valeur) ; le plus haut score gagne") in r.out
    r = cli("rules", "shamus", "--lang", "fr")
    assert "Score : les deux joueurs partagent un score" in r.out
    assert "Shamus Junior avant la fin du cercle ; sinon Shamus gagne." in r.out
    r = cli("rules", "spades", "--variant", "one_hand")
    assert "After a single hand, the higher score wins" in r.out
    r = cli("rules", str(TABLE))
    assert "Scoring: as the rules text says; the highest score wins." in r.out


def test_rules_name_the_card_attributes_in_the_players_language():
    """Issue 12 point 8: "Every word in the player's language": the deck's attributes too."""
    r = cli("rules", "shamus", "--lang", "fr")
    assert "  couleur : pique, cœur, carreau, trèfle\n  valeur : 1..13" in r.out
    r = cli("rules", "sham", "--lang", "es")
    assert "  tipo de carta: número, Desbordamiento" in r.out
    assert "  color: rojo, azul" in r.out and "  valor: 0..4" in r.out
    r = cli("rules", "chami", "--lang", "fr")
    assert "  sorte de carte : addition, somme, Poursuite" in r.out


def test_rules_and_list_describe_the_game_in_the_players_language():
    """Issue 12 point 8: "help and variant descriptions, in each language the ruleset
    declares": `rulekit rules` and `rulekit list` print the description in --lang."""
    r = cli("rules", "sham", "--lang", "es")
    assert r.out.splitlines()[1] == ("El juego del engaño rápido. Márcate faroles, descubre los "
                                     "de los demás, sé el último que quede en la ronda.")
    assert "quickfire" not in r.out
    r = cli("rules", "chami", "--lang", "fr")
    assert r.out.splitlines()[1].startswith("Posez des suites et des brelans de sommes")
    r = cli("rules", "shamus", "--lang", "fr")
    assert r.out.splitlines()[1].startswith("Jeu coopératif : le joueur de Uno vide sa main")
    r = cli("rules", "crazy_eights", "--lang", "fr")
    assert "  reverse : Une variante courante : une dame inverse le sens du jeu" in r.out
    r = cli("rules", "spades", "--lang", "fr")
    assert "  one_hand : Une seule donne : l'équipe au plus haut score gagne." in r.out
    r = cli("list", "--long", "--lang", "fr")
    assert r.code == 0, r.err
    flat = " ".join(r.out.split())
    assert flat.startswith("nom jeu joueurs variantes langues en bref")
    assert "Le jeu de bluff rapide." in flat and "quickfire" not in flat
    assert "The quickfire bluffing game." in " ".join(cli("list", "--long").out.split())


def test_every_bundled_game_says_its_words_in_each_of_its_languages():
    """Issue 12 point 8: "Every word in the player's language ... in each language the ruleset
    declares": the description, each variant's, the scoring and the attributes' names."""
    from rulekit_cli.games import bundled

    for name, path in bundled().items():
        game = rulekit.load(path)
        about = game.spec.description
        assert isinstance(about, dict) and set(about) == set(game.languages), name
        for v in game.variants:
            assert set(game.variant_texts.get(v, {})) == set(game.languages), (name, v)
        assert game.texts.has("rules_scoring"), name
        for attr in game.card_attrs:
            assert game.texts.has(f"attr_{attr}") or game.texts.has(attr), (name, attr)


def test_a_description_per_language_must_cover_the_rulesets_languages():
    """Issue 12 point 8 (G4): a description given per language is checked at load time: each
    language of the ruleset, and no other, with a located error."""
    text = TABLE.read_text(encoding="utf-8")
    assert "\nplayers:" in text
    ok = text.replace("\nplayers:", "\ndescription: {en: Ten wins., fr: Dix gagne.}\nplayers:", 1)
    assert rulekit.load_text(ok, "table.yaml").spec.description == {"en": "Ten wins.",
                                                                   "fr": "Dix gagne."}
    plain = text.replace("\nplayers:", "\ndescription: Ten wins.\nplayers:", 1)
    assert rulekit.load_text(plain, "table.yaml").spec.description == "Ten wins."
    for given, message in [("{en: Ten wins.}", "the description has no translation for: fr"),
                           ("{en: Ten wins., fr: Dix., es: Diez.}",
                            "'es' is not one of the ruleset's languages (en, fr)")]:
        broken = text.replace("\nplayers:", f"\ndescription: {given}\nplayers:", 1)
        with pytest.raises(rulekit.RulesetError) as e:
            rulekit.load_text(broken, "table.yaml")
        d = e.value.diagnostics[0]
        assert d.message == message
        assert d.line == broken[:broken.index("description:")].count("\n") + 1


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
    assert "  reglas        las reglas de este juego" in r.out


def test_help_describes_the_game_in_the_players_language():
    """Issue 12 point 8: "Every word in the player's language: ... help and variant
    descriptions"; point 5: "`help` covers this game"; and no "les règles de Le Ch'ami"."""
    r = cli("play", "sham", "--seats", "human,random,random", "--seed", "2", "--lang", "es",
            stdin="ayuda\nsalir\n")
    assert "SHAM: El juego del engaño rápido." in r.out
    assert "quickfire" not in r.out
    r = cli("play", "chami", "--seats", "human,random", "--seed", "2", "--lang", "fr",
            stdin="aide\nquitter\n")
    assert "Le Ch'ami : Posez des suites et des brelans de sommes" in r.out
    assert "  règles        les règles de ce jeu" in r.out
    assert "de Le " not in r.out


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
    assert re.search(r"Winners? ?(\(shared\))?: Bot \d", end)


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
    rows = [line.split() for line in board.splitlines() if line.startswith("Bot ")]
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
