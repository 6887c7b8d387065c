"""Issue 12, point 2: 'the question restating what it is about' in every bundled game and in
each of its languages: a prompt carries the values the choice depends on (table values)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_helpers import cli

# (game, seats, answers, language, the prompt as it must read: a regex over the transcript)
CASES = [
    ("uno", "human,random", "1\n", "en", r"Play a card on \S+ \d+ \((red|yellow|green|blue)\)"),
    ("uno", "human,random", "1\n", "fr",
     r"Jouez une carte sur \d+ \w+ \((rouge|jaune|vert|bleu)\)"),
    ("crazy_eights", "human,random", "1\n", "en",
     r"Play a card on .+ of \w+ \(suit to follow: \w+\)"),
    ("crazy_eights", "human,random", "1\n", "fr",
     r"Jouez une carte sur .+ de \w+ \(couleur demandée : \w+\)"),
    ("spades", "human,random,random,random", "1\n", "en",
     r"Player 1, how many tricks will you win\? \(0 is nil; your partner's bid: -\)"),
    ("spades", "human,random,random,random", "1\n", "fr",
     r"Joueur 1, combien de plis ferez-vous \? \(0 : nil ; annonce de votre partenaire : -\)"),
    ("chami", "human,random", "2\n", "en", r"Choose the card to discard \(you hold 13 cards\)"),
    ("chami", "human,random", "2\n", "fr",
     r"Choisissez la carte à jeter \(vous avez 13 cartes\)"),
    ("shamus", "human,random", "1\n", "en",
     r"Discard a card of the same rank or suit as \w+ of \w+, or an Ace"),
    ("shamus", "human,random", "1\n", "fr",
     r"Défaussez-vous d'une carte de même valeur ou de même couleur que \w+ de \w+, ou d'un As"),
]


@pytest.mark.parametrize(("game", "seats", "answers", "lang", "expected"), CASES,
                         ids=[f"{c[0]}-{c[3]}" for c in CASES])
def test_a_prompt_restates_what_the_choice_depends_on(
        tmp_path: Path, game: str, seats: str, answers: str, lang: str, expected: str) -> None:
    """Issue 12: 'the question restating what it is about'."""
    r = cli("play", game, "--seats", seats, "--seed", "1", "--lang", lang,
            "--save", str(tmp_path / "save.json"), stdin=answers + "quit\n")
    assert r.code == 0, (r.out, r.err)
    assert re.search(expected, r.out), r.out[-2000:]
    assert "{" not in r.out  # no placeholder left raw


def test_spades_names_the_partners_bid_once_made(tmp_path: Path) -> None:
    """Issue 12: 'the question restating what it is about': the bid question gives the
    partner's bid (SP5: the partners' bids make the team's contract) once it is made."""
    r = cli("play", "spades", "--seats", "random,random,human,random", "--seed", "1",
            "--save", str(tmp_path / "save.json"), stdin="quit\n")
    assert r.code == 0, (r.out, r.err)
    bid = re.search(r"Bot 1 bids (\d+) tricks?\.", r.out)  # seat 0, named from 1
    assert bid, r.out[-2000:]
    assert f"Player 3, how many tricks will you win? (0 is nil; your partner's bid: " \
           f"{bid.group(1)})" in r.out
