"""Answers at the table (issue 12, point 3): numbers, melds, card order, wilds, back."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from cli_helpers import cli
from paths import ROOT
from rulekit_cli.answers import Question, meld_line
from rulekit_cli.look import Painter
from table_helpers import drive, write_save

import rulekit
from rulekit.runtime.state import State
from rulekit.testing import arrange

CHAMI = ROOT / "rulesets" / "chami.yaml"
SHAM = ROOT / "rulesets" / "sham.yaml"
MELDS = ROOT / "tests" / "engine" / "melds.yaml"
SEATS3 = ["human", "random", "random"]


def _options(out: str, after: str) -> dict[int, str]:
    """The numbered options printed after the line `after` (the last time it was printed), one
    a line or in columns (a long list)."""
    block = out.rsplit(after, 1)[1].split("\n", 1)[1]  # the prompt may go on after `after`
    found: dict[int, str] = {}
    for line in block.splitlines():
        if re.match(r"^\s+\d+\) ", line) is None:
            break
        for m in re.finditer(r"(?:^|\s{2,})(\d+)\) (.+?)(?=\s{2,}\d+\) |\s*$)", line):
            found[int(m.group(1))] = m.group(2)
    return found


# ---- a number always means the option with that number -----------------------------------
def test_a_typed_number_is_the_option_with_that_number_even_when_a_card_has_that_name():
    """Issue 12: 'options `4) 10+8=18` and `5) 4`, typing `4` discarded the card "4"'."""
    r = cli("play", str(CHAMI), "--players", "3", "--seed", "4", "--seats", ",".join(SEATS3),
            stdin="discard a card\n4\nquit\n")
    assert r.code == 0, r.err
    options = _options(r.out, "Choose the card to discard")
    assert "4" in options.values() and options[4] != "4"  # a card named 4, not option 4
    assert f"Player 1 discards {options[4]}." in r.out
    assert "Player 1 discards 4." not in r.out


def test_a_card_whose_name_is_a_number_is_named_in_quotes():
    r = cli("play", str(CHAMI), "--players", "3", "--seed", "4", "--seats", ",".join(SEATS3),
            stdin='discard a card\n"4"\nquit\n')
    assert "Player 1 discards 4." in r.out


def test_a_number_that_is_no_option_but_names_a_card_says_how_to_name_it():
    r = cli("play", str(CHAMI), "--players", "3", "--seed", "4", "--seats", ",".join(SEATS3),
            stdin="discard a card\n14\nquit\n")
    assert ('14 is not one of the numbers shown (1-13). A number means the option with that '
            'number; to name the card or value 14, type it in quotes: "14".') in r.out
    assert "Player 1 discards" not in r.out


def test_help_says_how_to_name_a_card_called_by_a_number_and_how_to_go_back():
    r = cli("play", str(CHAMI), "--players", "3", "--seed", "4", "--seats", ",".join(SEATS3),
            stdin="help\nquit\n")
    assert '"4"           a card or value whose name is a number, in quotes' in r.out
    assert "back          undo the last step of the move you are putting together" in r.out


def test_cards_to_pick_are_listed_in_the_order_of_the_hand():
    """Issue 12: 'Pick lists are in deck order while the hand is shown sorted'."""
    r = cli("play", str(CHAMI), "--players", "3", "--seed", "4", "--seats", ",".join(SEATS3),
            stdin="discard a card\nquit\n")
    hand = re.search(r"^Your Hand \(\d+\): (.*)$", r.out, flags=re.M)
    assert hand is not None
    listed = [v for _, v in sorted(_options(r.out, "Choose the card to discard").items())]
    assert listed == [c for c in hand.group(1).split(", ") if c in listed]
    assert len(listed) >= 10


# ---- melds: numbered as the table numbers them, shown with their cards -------------------
def _extend_position() -> tuple[int, list[str], list[int], State]:
    """A Ch'ami position where seat 0 may extend several melds, not the table's first ones,
    the last of them with a single card of its hand."""
    game = rulekit.load(CHAMI)
    for seed in range(60):
        rng = random.Random(seed)

        def pick(s: State, legal: list, rng: random.Random = rng) -> object:
            for want in ("extend", "meld"):
                for a in legal:
                    if a.text == want:
                        return a
            return rng.choice(legal)

        def extendable(s: State) -> list[int]:
            c = s.clone()
            c.apply("extend")
            return [a.value for a in c.legal_actions()]

        def until(s: State) -> bool:
            if s.decider != 0 or s.stack or "extend" not in [a.text for a in s.legal_actions()]:
                return False
            values = extendable(s)
            if len(values) < 2 or values == list(range(1, len(values) + 1)):
                return False  # one meld would be taken at once: its question never asked
            probe = s.clone()
            probe.apply("extend")
            probe.apply(f"onto meld{max(values)}")
            return len(probe.legal_actions()) == 1  # a lone card fits that meld

        _, state = drive(game, SEATS3, seed, pick, until)
        if not state.is_over:
            return seed, [x for _, x in state.history], extendable(state), state
    raise AssertionError("no seed gives a position to extend a meld that is not the first")


@pytest.fixture(scope="module")
def extend_position() -> tuple[int, list[str], list[int], State]:
    return _extend_position()


def test_a_meld_to_extend_carries_the_tables_number_and_shows_its_cards(
        tmp_path: Path, extend_position: tuple) -> None:
    """Issue 12: 'The meld to extend is offered as `1) meld: 1  2) meld: 4 ...` while the table
    numbers the melds differently, so typing the table's number extends another meld'."""
    seed, actions, melds, _ = extend_position
    save = tmp_path / "game.json"
    write_save(save, CHAMI, SEATS3, seed, actions)
    target = max(melds)  # a meld the table does not number 1
    r = cli("resume", str(save), stdin=f"extend a meld\n{target}\nquit\n")
    assert r.code == 0, r.err
    options = _options(r.out, "Choose the meld to extend")
    assert sorted(options) == sorted(melds)
    shown = r.out.split("Choose the meld to extend", 1)[0]  # the table before the question
    table = {m.group(1): m.group(2) for line in shown.splitlines()  # melds may sit in columns
             for m in re.finditer(r"(?:^\s*|\s{2,})(\d+)\. (.+?)(?=\s{2,}\d+\. |\s*$)", line)}
    # a single card of the hand fits that meld: its option says so (issue 31), and choosing
    # the meld plays the move
    meld, card = options[target].split(" → ")
    assert meld == table[str(target)]  # same number, same kind and cards
    added = re.search(r"^  Player 1 adds (.*) to a meld: (.*)\.$", r.out, flags=re.M)
    assert added is not None and added.group(1) == card
    before = meld.split(": ", 1)[1].split(", ")
    assert set(before) < set(added.group(2).split(", "))


# issue 12's lone fitting card, asked then and taken at once since issue 31, and `back` at each
# step: test_cli_forced_steps.py


def test_back_in_a_reaction_window_says_there_is_nothing_to_undo(tmp_path: Path) -> None:
    """Issue 12: '`back` in a reaction window: a message and the question again'."""
    game = rulekit.load(SHAM)
    seats = ["human", "random", "random"]
    for seed in range(40):
        def asked_out_of_turn(s: State) -> bool:
            top = s.stack[-1] if s.stack else None
            return (s.decider == 0 and top is not None and hasattr(top, "win")
                    and len(s.legal_actions()) > 1)

        _, state = drive(game, seats, seed, lambda s, legal: legal[0], asked_out_of_turn)
        if not state.is_over:
            break
    else:  # pragma: no cover
        raise AssertionError("no SHAM seed asks seat 0 in a window")
    save = tmp_path / "sham.json"
    write_save(save, SHAM, seats, seed, [x for _, x in state.history])
    r = cli("resume", str(save), stdin="back\nquit\n")
    assert r.code == 0, r.err
    assert ("There is no step to undo: this is an answer to another player's move."
            in r.out.split("> back\n", 1)[1])


def _laying(picks: list[str]) -> tuple[State, Question]:
    """Ch'ami, seat 0 laying a meld in French, having picked `picks` (a special, Chase, in hand
    cannot be picked: it never melds)."""
    from chami_helpers import deal

    s = deal(2, hands={0: ["12", "Gift", "1+10=11", "Chase", "2+2=4", "9+9=18"]}, drawn=True)
    for a in ["meld"] + [f"pick {c}" for c in picks]:
        s.apply(a)
    return s, Question(s, 0, Painter(s.game, "fr"), "fr", ["Joueur 0", "Joueur 1"])


def test_a_card_in_hand_that_cannot_be_chosen_now_is_said_to_be_no_choice():
    """Issue 12 point 8: "the engine's reasons for refusing an action" in the player's
    language, and the right one: typing « Poursuite », a card of the hand that cannot be chosen
    now, said "aucune carte ne s'appelle « Poursuite »"."""
    _, q = _laying([])
    for typed in ("Poursuite", "poursuite", '"Poursuite"', "Chase"):
        message = str(q.parse(typed).message)
        assert "Poursuite ne fait pas partie des cartes que vous pouvez choisir" in message, \
            typed
        assert "aucune carte ne s'appelle" not in message
    # a card of the game that the seat does not hold: not among the choices either
    assert "Magie ne fait pas partie des cartes" in str(q.parse("Magie").message)
    # a name no card has: that, as before
    assert "aucune carte ne s'appelle « blabla »" in str(q.parse("blabla").message)


def test_the_cards_chosen_so_far_follow_the_hands_order():
    """Issue 12 point 3: "card lists follow the hand's sort order": the cards picked so far
    for a meld ("poser … : 12, Cadeau, 1+10=11") are listed as the hand lists them."""
    from rich.console import Console
    from rulekit_cli.play import Match

    s, _ = _laying(["12", "Gift"])
    hand = rulekit.observation(s, 0)["seats"][0]["zones"]["hand"]["cards"]
    assert hand.index("Gift") < hand.index("1+10=11") < hand.index("12")
    match = Match(s.game, 2, ["human", "random"], 0, "fr", Console(file=io.StringIO()),
                  io.StringIO())
    match.state = s
    chosen = match._chosen_so_far(0)
    assert chosen is not None
    assert chosen.plain.endswith("Choisies pour l'instant : Cadeau, 12")
    s.apply("pick 1+10=11")
    chosen = match._chosen_so_far(0)
    assert chosen is not None
    assert chosen.plain == "poser une suite ou un brelan : Cadeau, 1+10=11, 12"


def test_a_wild_in_a_meld_shows_the_value_it_stands_for() -> None:
    """Issue 12: 'A Cadeau in a meld does not show the value it stands for' (the engine's
    tiny rummy: 4h, 5h and the joker laid as 6)."""
    game = rulekit.load(MELDS)
    s = game.new_state(2, seed=3)
    arrange(s, {("hand", 0): ["4h", "5h", "joker", "8s", "1s"]})
    for a in ["lay", "pick 4h", "pick 5h", "pick joker", "done", "as 6"]:
        s.apply(a)
    meld = rulekit.observation(s, 1)["table"]["table"]["melds"][0]
    assert meld["cards"] == ["4h", "5h", "joker"]
    assert meld_line(Painter(game, "en"), meld, "en").plain == "run: 4h, 5h, joker (=6)"
