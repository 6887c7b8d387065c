"""Every word in the player's language (issue 12 point 8): the engine's reasons, the driver's
words and variant descriptions translated; French typography; plural forms, so that "1 cards"
never appears, checked at load time."""

from __future__ import annotations

import re

import pytest
from cli_helpers import cli
from paths import TESTS
from screen_helpers import BUNDLED, played

import rulekit
from rulekit.lang.text import fill, placeholders
from rulekit.rules.reasons import MESSAGES, Reason, say

TABLE = TESTS / "engine" / "table.yaml"

# a number 1 followed by a plural noun, in the bundled games' languages
ONE_PLURAL = re.compile(
    r"(?<![\d+=.-])(?<!Player )(?<!Joueur )(?<!Jugador )\b1 "
    r"(cards|players|points|rounds|calls|bluffs|claims|melds|hands|games|turns|"
    r"penalties|reverses|events|times|cartes|joueurs|manches|donnes|parties|appels|cris|"
    r"combinaisons|inversions|pénalités|événements|cartas|jugadores|rondas|partidas|"
    r"faroles|llamadas)\b")


def test_a_plural_form_takes_the_word_its_number_needs():
    text = "{n} {n|card|cards}"
    assert [fill(text, {"n": n}) for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    # French takes the singular for 0 as well
    fr = "{n} {n|carte|cartes}"
    assert [fill(fr, {"n": n}, "fr") for n in (0, 1, 2)] == ["0 carte", "1 carte", "2 cartes"]
    assert placeholders("{n} {n|card|cards} for {who}") == {"n", "who"}


def test_a_misspelt_plural_form_is_a_located_load_error():
    text = TABLE.read_text(encoding="utf-8")
    broken = text.replace("{left} {left|card|cards} in the stock\", fr: \"Le premier",
                          "{left} {left|card} in the stock\", fr: \"Le premier")
    assert broken != text
    with pytest.raises(rulekit.RulesetError) as e:
        rulekit.load_text(broken, "table.yaml")
    d = e.value.diagnostics[0]
    assert d.message == "text 'status_start' has {left|card}, which is not a plural form"
    at = broken.index("{left|card}")
    assert (d.line, d.col) == (broken[:at].count("\n") + 1, at - broken.rfind("\n", 0, at))
    assert "{name|one|other}" in d.hint


def test_a_plural_form_naming_nothing_is_a_located_load_error():
    text = TABLE.read_text(encoding="utf-8")
    broken = text.replace("{n} {n|point|points}.\", fr", "{n} {m|point|points}.\", fr").replace(
        "{n} {n|point|points}.\"}", "{n} {m|point|points}.\"}")
    with pytest.raises(rulekit.RulesetError) as e:
        rulekit.load_text(broken, "table.yaml")
    assert any("uses ['m']" in d.message for d in e.value.diagnostics)


@pytest.mark.parametrize("name", ["sham", "chami", "shamus", "uno"])
def test_no_number_one_with_a_plural_noun_in_any_language(name):
    game = rulekit.load(BUNDLED[name])
    players = {"sham": 4, "chami": 3, "shamus": 2, "uno": 3}[name]
    for lang in game.languages:
        for seed in (1, 2):
            transcript = played(BUNDLED[name], players, seed=seed, lang=lang)
            assert not ONE_PLURAL.search(transcript), ONE_PLURAL.search(transcript).group(0)


@pytest.mark.parametrize("name", ["sham", "chami", "shamus", "uno"])
def test_french_sets_a_space_before_colons_semicolons_and_marks(name):
    players = {"sham": 4, "chami": 3, "shamus": 2, "uno": 3}[name]
    transcript = played(BUNDLED[name], players, seed=1, lang="fr")
    bad = re.findall(r"\S*[^\s\d][:;!?](?=\s|$)", transcript)
    assert not bad, bad[:5]
    r = cli("play", name, "--lang", "fr", "--seed", "1",
            "--seats", ",".join(["human"] + ["random"] * (players - 1)), stdin="quit\n")
    assert "Joueur 1 : humain, Robot 2 : robot aléatoire" in r.out


def test_the_engines_reasons_in_the_players_language():
    for lang, said in (("en", "(there is no card called 'xyz')"),
                       ("fr", "(aucune carte ne s'appelle « xyz »)"),
                       ("es", "(no hay ninguna carta llamada «xyz»)")):
        r = cli("play", "sham", "--seats", "human,random,random,random", "--seed", "3",
                "--lang", lang, stdin="2\nxyz\nquit\n")
        assert said in r.out, r.out[-600:]


def test_every_reason_has_the_three_languages_and_the_same_placeholders():
    for key, entry in MESSAGES.items():
        assert set(entry) == {"en", "fr", "es"}, key
        assert len({frozenset(placeholders(t)) for t in entry.values()}) == 1, key
    game = rulekit.load(BUNDLED["sham"])
    assert say(game, Reason("not_among", {"card": ("card", "red 1")}), "fr") == \
        "1 rouge ne fait pas partie des cartes que vous pouvez choisir"
    assert say(game, Reason("pick_more", {"low": 2, "n": 0}), "es") == \
        "elige primero al menos 2 cartas (0 por ahora)"


def test_variant_descriptions_in_the_players_language():
    r = cli("play", "shamus", "--variant", "expert", "--lang", "fr", "--seats", "human,random",
            "--seed", "1", stdin="quit\n")
    assert "Variante : expert — Niveau expert : 150 points pour vaincre Shamus Senior" in r.out
    r = cli("play", "shamus", "--variant", "expert", "--seats", "human,random", "--seed", "1",
            stdin="quit\n")
    assert "Variant: expert — Expert level: 150 points to beat Shamus Senior" in r.out


def test_a_variant_description_in_an_undeclared_language_is_a_located_error():
    text = BUNDLED["shamus"].read_text(encoding="utf-8")
    broken = text.replace('      fr: "Niveau expert', '      de: "Niveau expert')
    with pytest.raises(rulekit.RulesetError) as e:
        rulekit.load_text(broken, "shamus.yaml")
    d = e.value.diagnostics[0]
    assert d.message == "'de' is not one of the ruleset's languages (en, fr)"
    assert d.line == broken[:broken.index('de: "Niveau expert')].count("\n") + 1
