"""Issue 31: the forced steps of a move being put together cost no keystroke.

"Raw and stale: ... extending a meld costs three answers per card even when the last two are
forced." A step of a half-built move that has a single option is taken at once and said in one
line; an option whose every later step is forced shows them; `back` goes back past them to the
last step the player chose. Le Ch'ami positions dealt with chosen cards, played through the
real table (play.Match) at 80 columns.
"""

from __future__ import annotations

import io

import pytest
from chami_helpers import deal
from rich.console import Console
from rulekit_cli.play import Match

from rulekit.runtime.state import State

RUN = ["5", "6", "7"]  # laid first by seat 0: table meld 1, a run (4 or 8 extend it)
SET = ["10", "2+8=10", "3+7=10"]  # table meld 2, a set of tens


def _position(melds: list[list[str]], rest: list[str]) -> State:
    """Seat 0 has drawn and laid melds (numbered 1, 2... on the table), holding rest."""
    s = deal(2, hands={0: [c for m in melds for c in m] + rest}, drawn=True)
    for meld in melds:
        for a in ["meld", *(f"pick {c}" for c in meld)]:
            s.apply(a)
    return s


def _play(s: State, typed: list[str], seats: list[str] | None = None,
          lang: str = "en") -> tuple[str, Match]:
    """What the table prints while seat 0 types `typed` (then quit), and the match."""
    out = io.StringIO()
    kinds = seats or ["human", "random"]
    match = Match(s.game, 2, kinds, 0, lang, Console(file=out, width=80, height=24),
                  io.StringIO("\n".join([*typed, "quitter" if lang == "fr" else "quit", ""])))
    match.state = s
    match.run()
    return out.getvalue(), match


def _asked(out: str) -> list[str]:
    """The answers typed, in order (each follows the prompt `> `)."""
    return [line[2:] for line in out.splitlines() if line.startswith("> ")]


def test_extending_a_meld_whose_meld_and_card_are_forced_costs_one_answer() -> None:
    """Issue 31: "extending a meld costs three answers per card even when the last two are
    forced": one meld can be extended and one card of the hand fits it, so choosing the action
    is the only answer; its option says where it leads, and the move is played."""
    s = _position([RUN], ["8", "13", "9+9=18"])
    before = len(s.history)
    out, match = _play(s, ["1"])
    assert "  1) extend a meld → 1. run: 5, 6, 7 → 8" in out
    assert "Choose the meld to extend" not in out and "Choose the card to add" not in out
    assert "Player 1 adds 8 to a meld: 5, 6, 7, 8." in out
    assert _asked(out) == ["1", "quit"]  # the next question (a card to discard) comes at once
    # played: then the discard, the only action left (said among the news, as before)
    assert [text for _, text in match.state.history[before:]] == ["extend", "onto meld1",
                                                                  "pick 8", "discard"]


def test_a_lone_fitting_card_is_taken_at_once_and_back_returns_to_the_last_real_choice(
) -> None:
    """Issue 12 said 'a lone fitting card is then played at once' and '`back` undoes the last
    step of a half-built action (nothing is applied until the action is complete)'. The Gift
    fits both melds and is the only card that does: chosen the run, the Gift is taken at once
    (said in one line), then asked what value it stands for; `back` there returns to the meld,
    the last step the player chose, then to the action, then says there is nothing to undo."""
    s = _position([RUN, SET], ["Gift", "13", "9+9=18"])
    before = [text for _, text in s.history]
    out, match = _play(s, ["extend a meld", "1", "back", "back", "back"])
    lines = out.splitlines()
    at = lines.index("> 1")
    assert lines[at + 1] == "Choose the card to add. Only one choice: Gift."
    assert lines[at + 2] == "extend a meld: 1. run: 5, 6, 7 · Gift"  # the move so far
    assert "Choose the card to add\n" not in out  # never asked
    steps = out.split("> back\n")
    assert steps[1].startswith("Back one step.\nChoose the meld to extend\n")
    assert steps[2].startswith("Back one step.\nYour turn. What do you do?\n")
    assert steps[3].startswith("There is no step to undo: this is the first choice of your "
                               "move.\nYour turn. What do you do?")
    assert "adds" not in out  # nothing of the unfinished move was played
    assert [text for _, text in match.state.history] == before
    assert "Gift" in out.rsplit("Your Hand", 1)[1].split("\n", 1)[0]  # still held


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_forced_step_is_never_where_back_lands(lang: str) -> None:
    """The meld is forced (only one can be extended) but the card is not (4 and 8 both fit):
    the meld is taken at once, and `back` at the card goes back to the action, the last step
    chosen (at the meld it would be taken again at once). The same at a hot seat, in French."""
    s = _position([RUN], ["4", "8", "13"])
    before = [text for _, text in s.history]
    if lang == "en":
        out, match = _play(s, ["extend a meld", "back"])
        card, meld, turn = "Choose the card to add", "Choose the meld to extend", "Your turn."
        taken, back = "Choose the meld to extend. Only one choice: 1. run: 5, 6, 7.", "Back one"
    else:
        out, match = _play(s, ["compléter une suite ou un brelan", "retour"],
                           seats=["human", "human"], lang="fr")
        card = "Choisissez la carte à ajouter"
        meld = "Choisissez la suite ou le brelan à compléter"
        turn = "À vous de jouer."
        taken = f"{meld}. Un seul choix possible : 1. suite : 5, 6, 7."
        back = "Retour d'une étape."
    assert taken in " ".join(out.split())  # (a long line wraps at 80 columns)
    assert f"\n{card}\n" in out  # the card is asked (two fit)
    assert f"\n{meld}\n" not in out  # the meld never is
    after_back = out.split("> " + ("back" if lang == "en" else "retour") + "\n", 1)[1]
    assert after_back.startswith(back)
    assert after_back.split("\n", 2)[1].startswith(turn)
    assert [text for _, text in match.state.history] == before


def test_an_option_shows_its_forced_steps_only_when_they_complete_the_move() -> None:
    """Extending the set of tens with the Gift leaves nothing to choose (it can only stand for
    10): that option shows the card and the value. Extending the run does not (the Gift may
    stand for 4 or 8), so it reads as the meld alone."""
    s = _position([RUN, SET], ["Gift", "13", "9+9=18"])
    out, _ = _play(s, ["extend a meld"])
    question = out.split("Choose the meld to extend\n", 1)[1]
    assert question.startswith("  1) run: 5, 6, 7\n"
                               "  2) set: 10, 2+8=10, 3+7=10 → Gift → stands for: 10\n")
