"""Names at the table (issue 31): --names, bots' names in the game's language, seats from 1."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from cli_helpers import Run, cli
from paths import TESTS
from rulekit_cli.look import InertConsole
from rulekit_cli.names import MAX_NAME
from rulekit_cli.play import HUMAN, Match
from screen_helpers import BUNDLED, RULESETS, Answers, screens

import rulekit

RACE = str(TESTS / "variants" / "race.yaml")


def _seats_line(out: str) -> str:
    return next(line for line in out.splitlines() if line.startswith(("Seats:", "Places :")))


def test_names_are_shown_everywhere_a_seat_is_named(tmp_path: Path) -> None:
    r = cli("play", "sham", "--seats", "human,random,random,random", "--seed", "5", "--names",
            "Ann", "--save", str(tmp_path / "g.json"), stdin="1 2\nred\n4\nlog\nquit\n")
    assert r.code == 0, r.err
    # the bots not named keep a name that says what they are, numbered from 1 like the seats
    assert _seats_line(r.out) == ("Seats: Ann: human, Bot 2: random bot, Bot 3: random bot, "
                                  "Bot 4: random bot")
    assert "SHAM · Ann (you)" in r.out
    assert re.search(r"^▸ Ann \(you\)", r.out, flags=re.M)  # the table's row
    assert "Ann places 2 cards face down and claims 4 red." in r.out  # the ruleset's texts
    assert "Player 0" not in r.out and "Player 1" not in r.out


def test_one_name_per_seat_names_the_bots_too() -> None:
    r = cli("play", "sham", "--seats", "random,random,random", "--seed", "3",
            "--names", " Ann , Bob,Chloé ")
    assert r.code == 0, r.err
    assert _seats_line(r.out) == "Seats: Ann: random bot, Bob: random bot, Chloé: random bot"
    assert re.search(r"^Winners?( \(shared\))?: ((Ann|Bob|Chloé)(, )?)+$", r.out, flags=re.M)


def test_without_names_seats_are_numbered_from_1() -> None:
    r = cli("play", "sham", "--seats", "human,random,random", "--seed", "5", stdin="quit\n")
    assert _seats_line(r.out) == "Seats: Player 1: human, Bot 2: random bot, Bot 3: random bot"
    assert "SHAM · Player 1 (you)" in r.out


@pytest.mark.parametrize(("names", "said"), [
    ("Ann,Bob", "--names lists 2 names, but this game needs 1 (one per human seat) or 3 "
                "(one per seat), separated by commas"),
    ("A,B,C,D", "--names lists 4 names, but this game needs 1 (one per human seat) or 3"),
    ("", "--names: name 1 is empty"),
    ("Ann,,Bob", "--names: name 2 is empty"),
    ("Ann,ann,Bob", "--names: seats 1 and 2 would both be called 'ann'"),
    ("Bot 2", "--names: seats 1 and 2 would both be called 'Bot 2'"),
    ("A" * 17, "is longer than 16 characters"),
])
def test_bad_names_are_a_usage_error_saying_what_is_needed(names: str, said: str) -> None:
    r = cli("play", "sham", "--seats", "human,random,random", "--seed", "5", "--names", names)
    assert r.code == 2
    assert said in r.err
    assert len(r.err.strip().splitlines()) == 1 and "Traceback" not in r.err
    assert r.out == ""  # refused before the game begins


def test_a_hot_seat_table_needs_a_name_per_person_or_per_seat() -> None:
    r = cli("play", "sham", "--seats", "human,human,random", "--names", "Ann", "--transcript-ok")
    assert r.code == 2
    assert "needs 2 (one per human seat) or 3 (one per seat)" in r.err


@pytest.mark.parametrize("name", ["Ann\x1b[2J", "Ann\x1b]0;owned\x07", "Ann\u202e", "A\nB"])
def test_a_name_holding_terminal_escapes_is_refused_and_shown_as_plain_text(name: str) -> None:
    r = cli("play", "sham", "--seats", "human,random,random", "--names", name)
    assert r.code == 2
    assert "--names: name 1 (" in r.err and "a name is plain text on one line" in r.err
    assert "\x1b" not in r.err + r.out and "\u202e" not in r.err + r.out
    assert "Ann\\x1b" in r.err or "\\u202e" in r.err or "U+000A" in r.err


def test_french_names_the_bots_and_their_levels_in_french() -> None:
    r = cli("play", "sham", "--lang", "fr", "--seats", "human,easy,medium,hard", "--seed", "2",
            stdin="quitter\n")
    line = _seats_line(r.out)
    assert line == ("Places : Joueur 1 : humain, Robot 2 : robot facile, Robot 3 : robot moyen, "
                    "Robot 4 : robot difficile")
    assert not re.search(r"\b(medium|easy|hard|bot)\b", line)
    r = cli("play", "sham", "--lang", "es", "--seats", "human,medium,greedy", "--seed", "2",
            stdin="salir\n")
    assert _seats_line(r.out.replace("Asientos:", "Seats:")) == (
        "Seats: Jugador 1: humano, Bot 2: bot medio, Bot 3: bot codicioso")


def test_names_are_saved_and_come_back_on_resume(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    r = cli("play", "chami", "--seats", "human,random,random", "--seed", "4", "--names",
            "Zoé,Max,Léa", "--save", str(save), stdin="quit\n")
    assert r.code == 0, r.err
    assert json.loads(save.read_text(encoding="utf-8"))["names"] == ["Zoé", "Max", "Léa"]
    again = cli("resume", str(save), stdin="quit\n")
    assert again.code == 0, again.err
    assert _seats_line(again.out) == "Seats: Zoé: human, Max: random bot, Léa: random bot"
    assert "Le Ch'ami · Zoé (you)" in again.out


def test_a_save_without_names_still_loads_with_the_default_names(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    cli("play", "chami", "--seats", "human,random,random", "--seed", "4", "--names", "Zoé",
        "--save", str(save), stdin="quit\n")
    data = json.loads(save.read_text(encoding="utf-8"))
    del data["names"]  # as rulekit saved before names were kept
    save.write_text(json.dumps(data), encoding="utf-8")
    again = cli("resume", str(save), stdin="quit\n")
    assert again.code == 0, again.err
    assert _seats_line(again.out) == "Seats: Player 1: human, Bot 2: random bot, Bot 3: random bot"


def _resume_with_names(tmp_path: Path, names: object) -> Run:
    """Resume a saved three-seat Le Ch'ami game whose names were replaced by these."""
    save = tmp_path / "g.json"
    cli("play", "chami", "--seats", "human,random,random", "--seed", "4",
        "--save", str(save), stdin="quit\n")
    data = json.loads(save.read_text(encoding="utf-8"))
    data["names"] = names
    save.write_text(json.dumps(data), encoding="utf-8")
    return cli("resume", str(save), stdin="quit\n")


@pytest.mark.parametrize(("names", "said"), [
    (["Zoé\x1b[2J", "Max", "Léa"], "damaged save: name 1 ('Zoé\\x1b[2J') holds U+001B (ESC)"),
    (["Zoé", "Max"], "damaged save: names must list 3 names, one per seat"),
    (["Zoé", "Zoé", "Léa"], "damaged save: names: seats 1 and 2 would both be called 'Zoé'"),
    ("Zoé", "damaged save: names must list 3 names"),
])
def test_forged_names_in_a_save_are_refused(tmp_path: Path, names: object, said: str) -> None:
    r = _resume_with_names(tmp_path, names)
    assert r.code == 2
    assert said in r.err
    assert "\x1b" not in r.out + r.err


def test_in_a_match_a_name_follows_its_person_from_seat_to_seat(tmp_path: Path) -> None:
    r = cli("play", RACE, "--seats", "human,random", "--seed", "5", "--games", "2",
            "--names", "Ann,Rob", "--save", str(tmp_path / "m.json"), stdin="1\n" * 60)
    assert r.code == 0, r.err
    lines = [line for line in r.out.splitlines() if line.startswith("Seats:")]
    assert lines == ["Seats: Ann: human, Rob: random bot", "Seats: Rob: random bot, Ann: human"]
    assert "Games won: Ann (you) " in r.out and ", Rob " in r.out
    # the second game's save holds its seats' names, and a resume rebuilds the match's names
    second = json.loads((tmp_path / "m-2.json").read_text(encoding="utf-8"))
    assert second["names"] == ["Rob", "Ann"]


def test_names_that_look_like_placeholders_or_markup_are_shown_as_typed() -> None:
    r = cli("play", "sham", "--seats", "human,random,random,random", "--seed", "5", "--names",
            "{actor},[bold]x[/],{n|a|b},%s", stdin="1 2\nred\n4\nlog\nquit\n")
    assert r.code == 0, r.err
    assert _seats_line(r.out) == ("Seats: {actor}: human, [bold]x[/]: random bot, "
                                  "{n|a|b}: random bot, %s: random bot")
    assert "{actor} places 2 cards face down and claims 4 red." in r.out


@pytest.mark.parametrize(("name", "players", "lang"), [("sham", 4, "en"), ("chami", 3, "fr"),
                                                       ("uno", 4, "en")])
def test_the_longest_names_still_fit_an_80x24_screen(name: str, players: int, lang: str) -> None:
    game = rulekit.load(BUNDLED[name])
    out = io.StringIO()
    console = InertConsole(file=out, width=80, height=24, soft_wrap=False, color_system=None,
                           highlight=False)
    answering = Answers(3, 30)
    kinds = [HUMAN] + ["random"] * (players - 1)
    names = [f"Maximilienne-É{p:02d}" for p in range(players)]
    assert all(len(n) == MAX_NAME for n in names)
    match = Match(game, players, kinds, 3, lang, console, answering, names=names)
    answering.match = match
    match.run()
    shown = screens(out.getvalue())
    assert len(shown) >= 10
    for screen in shown:
        assert len(screen) <= 24, "\n".join(screen)
        assert all(len(line) <= 80 for line in screen), "\n".join(screen)
    assert f"{names[0]} ({'vous' if lang == 'fr' else 'you'})" in out.getvalue()


@pytest.mark.parametrize(("name", "said"), [
    ("A\u200bB", "U+200B (ZERO WIDTH SPACE)"),
    ("\ufeffAnn", "U+FEFF"),
    ("Ann\u00ad", "U+00AD (SOFT HYPHEN)"),
    ("Ann\udcff", "is not valid text (UTF-8)"),  # a byte not UTF-8 on the command line
    ("e\u0301" * 17, "is longer than 16 characters"),
])
def test_invisible_or_undecodable_names_are_refused(name: str, said: str) -> None:
    r = cli("play", "sham", "--seats", "human,random,random", "--names", name)
    assert r.code == 2 and said in r.err
    assert len(r.err.strip().splitlines()) == 1 and "Traceback" not in r.err
    r.err.encode("utf-8")  # printable as it is


def test_a_name_is_counted_and_shown_in_nfc() -> None:
    r = cli("play", "sham", "--seats", "human,random,random", "--seed", "5",
            "--names", "e\u0301" * 16, stdin="quit\n")  # 32 code points, 16 characters
    assert r.code == 0, r.err
    assert _seats_line(r.out).startswith("Seats: " + "\u00e9" * 16 + ": human")


@pytest.mark.parametrize(("names", "said"), [
    (["Zo\udcff", "Max", "Léa"], "damaged save: name 1 ('Zo\\udcff') is not valid text"),
    (["Zoé\u200b", "Max", "Léa"], "damaged save: name 1 ('Zoé\\u200b') holds U+200B"),
    (["Z" * 40, "Max", "Léa"], "damaged save: name 1 ('" + "Z" * 40 + "') is longer than 16"),
])
def test_forged_names_no_person_could_give_are_refused(tmp_path: Path, names: list[str],
                                                       said: str) -> None:
    r = _resume_with_names(tmp_path, names)
    assert r.code == 2 and said in r.err and "Traceback" not in r.err
    r.err.encode("utf-8")


def _seat_text(tmp_path: Path, text: str) -> str:
    """Crazy Eights with the seat text changed (a ruleset of someone's own)."""
    lines = (RULESETS / "crazy_eights.yaml").read_text(encoding="utf-8").splitlines()
    out = [f'  seat: {{en: "{text}", fr: "{text}"}}' if line.startswith("  seat: {en:") else line
           for line in lines]
    assert out != lines
    path = tmp_path / "mine.yaml"
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return str(path)


def test_a_seat_text_without_its_number_names_each_seat_apart(tmp_path: Path) -> None:
    ruleset = _seat_text(tmp_path, "Player")
    r = cli("play", ruleset, "--seats", "human,human", "--seed", "3", "--transcript-ok",
            stdin="quit\n")
    assert r.code == 0, r.err
    assert _seats_line(r.out) == "Seats: Player 1: human, Player 2: human"
    r = cli("play", ruleset, "--seats", "human,random", "--seed", "3", stdin="quit\n")
    assert _seats_line(r.out) == "Seats: Player: human, Bot 2: random bot"


def test_a_long_seat_text_leaves_the_game_resumable(tmp_path: Path) -> None:
    ruleset = _seat_text(tmp_path, "The player sitting at seat {seat}")
    save = tmp_path / "g.json"
    r = cli("play", ruleset, "--seats", "human,random", "--seed", "3", "--save", str(save),
            stdin="quit\n")
    assert r.code == 0, r.err
    again = cli("resume", str(save), stdin="quit\n")
    assert again.code == 0, again.err
    assert _seats_line(again.out) == ("Seats: The player sitting at seat 1: human, "
                                      "Bot 2: random bot")
    assert "--names" not in again.err


def test_a_seat_is_answered_by_its_name_not_by_the_engines_number_from_0() -> None:
    """Ch'ami's Ambush names a player: seat 1 is 'Player 2' at the terminal; typing 'Player 1'
    (the engine's label for seat 1) must not pick it."""
    from chami_helpers import deal
    from rulekit_cli.answers import Question
    from rulekit_cli.look import Painter

    s = deal(4, hands={0: ["12", "Ambush", "2+2=4"]}, drawn=True)
    for a in ("discard", "pick Ambush"):
        s.apply(a)
    names = [f"Player {p + 1}" for p in range(4)]
    q = Question(s, 0, Painter(s.game, "en"), "en", names)
    assert [o.shown.plain for o in q.options] == ["player: Player 2", "player: Player 3",
                                                  "player: Player 4"]
    for typed, seat in (("player: Player 2", 1), ("Player 3", 2), ("player 4", 3)):
        assert [a.text for a in q.parse(typed).actions or []] == [f"target {seat}"], typed
    for typed in ("player: Player 1", "Player 1", "0"):
        assert q.parse(typed).actions is None, typed
