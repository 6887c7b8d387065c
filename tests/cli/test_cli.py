"""The `rulekit play` terminal driver, checked through what a user sees and the exit status."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import Run, cli  # noqa: F401
from paths import ROOT
from rulekit_cli.bots import make_bot

import rulekit
from rulekit.runtime.state import BuildFrame
from rulekit.testing import labels

SHAM = str(ROOT / "rulesets" / "sham.yaml")
FOUR = "human,random,random,random"  # explicit: the default opponents (medium) think
ANSI = re.compile(r"\x1b\[")

# Every card has a unique name and stays hidden from everyone but its holder: a seat's screen
# may name its own cards, never another seat's.
SECRETS = """\
name: Secrets
players: {min: 2, max: 4}
languages: [en, fr]
cards:
  attributes:
    word: [alpha, bravo, charlie, delta, echo, foxtrot, golf, hotel, india, juliet, kilo, lima,
           mike, november, oscar, papa]
  deck:
    - {word: [alpha, bravo, charlie, delta, echo, foxtrot, golf, hotel, india, juliet, kilo,
              lima, mike, november, oscar, papa]}
  start: deck
  label:
    - {text: card}
zones:
  deck: {visibility: count, label: zone_deck}
  hand: {owner: player, visibility: owner, label: zone_hand}
  pile: {owner: player, visibility: owner, label: zone_pile}
setup:
  - shuffle deck
  - deal 3 from deck to each hand
phases:
  main:
    first: "first(players)"
    end_if: "all(size(p.hand) == 0 for p in players)"
    on_end:
      - end game all_laid
actions:
  lay:
    label: act_lay
    when: "size(actor.hand) > 0"
    params:
      - {cards: chosen, from: actor.hand, min: 1, max: 2, prompt: prompt_lay}
    effects:
      - move chosen to actor.pile
      - {log: laid, args: {player: actor, cards: chosen}, to: actor}
      - end turn
  wait:
    label: act_wait
    effects: [end turn]
scoring:
  score: "size(p.pile)"
text:
  card: {en: "{word}", fr: "{word}"}
  zone_deck: {en: Deck, fr: Paquet}
  zone_hand: {en: Hand, fr: Main}
  zone_pile: {en: Pile, fr: Tas}
  act_lay: {en: lay cards, fr: poser des cartes}
  act_wait: {en: wait, fr: attendre}
  prompt_lay: {en: "Which cards?", fr: "Quelles cartes ?"}
  laid: {en: "{player} lays {cards} face down.", fr: "{player} pose {cards} face cachée."}
  laid_hidden: {en: "{player} lays {cards} card(s) face down.",
                fr: "{player} pose {cards} carte(s) face cachée."}
  all_laid: {en: every card is laid, fr: toutes les cartes sont posées}
  game_over: {en: "Game over: {reason}.", fr: "Fin : {reason}."}
"""




def cli_process(*argv: str, stdin: str = "", env: dict[str, str] | None = None) -> Run:
    """Run `python -m rulekit_cli.main argv...` as a separate process."""
    full_env = {k: v for k, v in os.environ.items()
                if k not in ("NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE")}
    full_env.update(env or {})
    p = subprocess.run([sys.executable, "-m", "rulekit_cli.main", *argv], input=stdin,
                       capture_output=True, text=True, env=full_env, timeout=300)
    return Run(p.returncode, p.stdout, p.stderr)


@pytest.fixture
def secrets(tmp_path: Path) -> str:
    path = tmp_path / "secrets.yaml"
    path.write_text(SECRETS, encoding="utf-8")
    return str(path)


# ---- games between bots --------------------------------------------------------------------
def test_an_all_bot_game_is_narrated_to_the_end_with_scores_and_winners():
    r = cli("play", SHAM, "--seats", "random,random,random,random", "--seed", "7")
    assert r.code == 0, r.err
    assert "Traceback" not in r.err
    assert "A game of SHAM begins with 4 players." in r.out
    assert "Seed 7" in r.out
    assert "Final scores" in r.out
    rows = re.findall(r"^(Bot \d)\s+(\d+)\s*(★?)\s*$", r.out, flags=re.M)
    assert [name for name, _, _ in rows] == [f"Bot {p}" for p in range(1, 5)]  # seats from 1
    scores = [int(s) for _, s, _ in rows]
    starred = [name for name, _, star in rows if star]
    best = max(scores)
    assert starred == [name for name, s, _ in rows if int(s) == best]
    names = ", ".join(starred)
    assert re.search(rf"^Winners?( \(shared\))?: {re.escape(names)}$", r.out, flags=re.M)


def test_a_spectator_never_sees_the_random_card_taken():
    r = cli("play", SHAM, "--seats", "random,random,random", "--seed", "3")
    assert r.code == 0
    # the taker and the victim see which card moved; the narration shows only that one did
    assert re.search(r"takes a random card from Bot \d\.", r.out)
    assert not re.search(r"takes .+ at random from", r.out)


def test_the_same_seed_narrates_the_same_game_and_another_seed_another():
    a = cli("play", SHAM, "--seats", "random,random,random,random", "--seed", "11")
    b = cli("play", SHAM, "--seats", "random,random,random,random", "--seed", "11")
    c = cli("play", SHAM, "--seats", "random,random,random,random", "--seed", "12")
    assert a.code == b.code == c.code == 0
    assert _unsaved(a.out) == _unsaved(b.out)  # each saved to a file of its own
    assert _unsaved(a.out) != _unsaved(c.out)


def test_without_a_seed_one_is_chosen_and_printed_so_the_game_can_be_replayed():
    first = cli("play", SHAM, "--seats", "random,random,random")
    seed = re.search(r"Seed (\d+) \(replay this game with --seed \1\)", first.out)
    assert seed is not None
    again = cli("play", SHAM, "--seats", "random,random,random", "--seed", seed.group(1))
    # the same game, saved to a file of its own (named after the time)
    assert _unsaved(again.out) == _unsaved(first.out)
    assert again.out != _unsaved(again.out)


def _unsaved(out: str) -> str:
    return "\n".join(x for x in out.splitlines() if not x.startswith("Game saved to "))


def test_french_texts_for_the_game_and_the_driver():
    r = cli("play", SHAM, "--seats", "random,random,random", "--seed", "5", "--lang", "fr")
    assert r.code == 0
    assert "Une partie de SHAM commence avec 3 joueurs." in r.out
    assert "Scores finaux" in r.out
    assert "A game of SHAM begins" not in r.out
    human = cli("play", SHAM, "--seats", FOUR, "--seed", "5", "--lang", "fr", stdin="quitter\n")
    assert "Votre Main (7) : " in human.out
    assert "Choisissez les cartes à poser face cachée" in human.out
    assert "Partie sauvegardée : " in human.out and "abandonnée" not in human.out


# ---- a human seat, scripted through a pipe ---------------------------------------------------
def test_a_scripted_human_places_cards_claims_and_quits():
    r = cli("play", SHAM, "--seats", FOUR, "--seed", "5", stdin="1 2\nred\n4\nlog\nquit\n")
    assert r.code == 0, r.err
    # the leader has one legal move, so it is played for them with a note among the news
    assert "  Your turn. What do you do? Only one choice: place cards." in r.out
    assert "place cards: purple 1, red 3 · red" in r.out
    assert "  Player 1 places 2 cards face down and claims 4 red." in r.out  # in the log
    assert "Game saved: " in r.out and "abandoned" not in r.out


def test_the_first_screen_shows_exactly_the_seats_own_hand():
    state = rulekit.load(SHAM).new_state(4, 5)
    game = state.game
    own = sorted(labels(state, ("hand", 0)), key=lambda x: game.face_of[game.labels.index(x)])
    r = cli("play", SHAM, "--seats", FOUR, "--seed", "5", stdin="quit\n")
    shown = re.search(r"^Your Hand \(7\): (.*)$", r.out, flags=re.M)
    assert shown is not None
    assert shown.group(1).split(", ") == own


def test_bad_answers_are_explained_and_the_question_is_asked_again():
    r = cli("play", SHAM, "--seats", FOUR, "--seed", "5",
            stdin="xyz\n99\n\n0\n1 2\nblue\n100\nquit\n")
    assert r.code == 0
    assert "'xyz' is not a choice here." in r.out
    assert "99 is not one of the numbers shown (1-6)." in r.out
    assert "Please answer" in r.out
    assert "0 is not one of the numbers shown" in r.out
    assert "100 is not allowed here; allowed: 1-8." in r.out
    # each refused answer is followed by the same question again
    assert r.out.count("> ") == 8
    assert "Traceback" not in r.out + r.err


def test_a_choice_may_be_typed_as_its_text_its_label_or_its_value():
    r = cli("play", SHAM, "--seats", FOUR, "--seed", "5",
            stdin="pick purple 1\ndone\nColour: Yellow\n3\nlog\nquit\n")
    assert "Player 1 places 1 card face down and claims 3 yellow." in r.out


def test_several_numbers_pick_several_cards_then_finish_the_choice():
    # the same number twice picks two cards of that face (seed 11: two blue 4 in hand)
    r = cli("play", SHAM, "--seats", FOUR, "--seed", "11", stdin="5 5\nblue\n8\nquit\n")
    assert "place cards: blue 4, blue 4 · blue" in r.out
    assert "Player 1 places 2 cards face down and claims 8 blue." in r.out


def test_a_numbered_answer_that_becomes_illegal_half_way_plays_nothing():
    # seed 5: one purple 1 in hand; picking it twice is refused as a whole
    r = cli("play", SHAM, "--seats", FOUR, "--seed", "5", stdin="1 1\nquit\n")
    assert "purple 1 is not possible after the earlier choices of this answer" in r.out
    assert "places" not in r.out


def test_help_log_and_show_answer_without_playing():
    r = cli("play", SHAM, "--seats", FOUR, "--seed", "5", stdin="help\nlog\nshow\nquit\n")
    assert "How to answer:" in r.out
    assert "SHAM: The quickfire bluffing game." in r.out  # help is about this game
    assert "pick purple 1" not in r.out  # and never shows the engine's internal forms
    assert "The game so far, as Player 1 saw it:" in r.out
    assert r.out.count("Your Hand (7)") == 2
    assert "places" not in r.out


def test_the_end_of_the_input_stops_the_game_with_status_1():
    r = cli("play", SHAM, "--seats", FOUR, "--seed", "5", stdin="1\n")
    assert r.code == 1
    assert r.out.rstrip().splitlines()[-1].startswith("Game saved: ")
    assert "Traceback" not in r.err


def _scripted_answers(game: rulekit.Game, players: int, seed: int) -> tuple[list[str], tuple]:
    """Answers for seat 0 (random legal moves, by their exact form) and the expected winners.

    The bots are replayed with the driver's own generators, and decisions with one legal move
    get no answer (the driver plays them itself), unless seat 0 chose something earlier in the
    same move: then the driver asks, so that `back` could still undo that choice.
    """
    state = game.new_state(players, seed)
    bots = {p: make_bot("random", game, p, seed) for p in range(1, players)}  # the driver's
    me = random.Random(99)
    answers = []
    chose = False  # seat 0 made a choice in the move it is putting together
    while not state.is_over:
        legal = state.legal_actions()
        if state.decider == 0:
            if len(legal) > 1 or chose:
                a = me.choice(legal)
                answers.append(a.text)
                state.apply(a)
                chose = True
            else:
                state.apply(legal[0])
            top = state.stack[-1] if state.stack else None
            chose = chose and isinstance(top, BuildFrame) and top.actor == 0
        else:
            state.apply_unchecked(bots[state.decider].choose(state))
    return answers, state.outcome.winners


def test_a_human_game_played_to_its_end_prints_the_scores_and_exits_0():
    game = rulekit.load(SHAM)
    answers, winners = _scripted_answers(game, 3, 21)
    r = cli("play", SHAM, "--seats", "human,random,random", "--seed", "21",
            stdin="\n".join(answers) + "\n")
    assert r.code == 0, r.out[-2000:]
    assert "Final scores" in r.out
    names = ", ".join(f"Player {p + 1}" if p == 0 else f"Bot {p + 1}" for p in winners)
    assert re.search(rf"^Winners?( \(shared\))?: {names}$", r.out, flags=re.M)


# ---- hidden information ---------------------------------------------------------------------
def _hands(path: str, players: int, seed: int) -> list[set[str]]:
    state = rulekit.load(path).new_state(players, seed)
    return [set(labels(state, ("hand", p))) for p in range(players)]


def _named(text: str, words: set[str]) -> set[str]:
    return {w for w in words if re.search(rf"\b{re.escape(w)}\b", text)}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_human_seat_never_sees_another_seats_cards(secrets: str, seed: int):
    hands = _hands(secrets, 3, seed)
    r = cli("play", secrets, "--seats", "human,random,random", "--seed", str(seed),
            stdin="1\n1\n1\n1\n1\n1\n1\n1\n")
    assert r.code == 0, r.out
    assert _named(r.out, hands[0]) == hands[0]  # the check can see a card name when shown
    assert _named(r.out, hands[1] | hands[2]) == set()
    assert "Bot 2 lays 1 card(s) face down." in r.out or "Bot 2 lays 2 card(s) face down." in r.out


@pytest.mark.parametrize("seed", [1, 2])
def test_human_seats_sharing_a_terminal_each_see_only_their_own_cards(secrets: str, seed: int):
    hands = _hands(secrets, 3, seed)
    r = cli("play", secrets, "--seats", "human,human,human", "--seed", str(seed),
            "--transcript-ok", stdin="1\n" * 40)
    assert r.code == 0, r.out
    # each hand-over starts one seat's private view; the text before the first is public
    parts = re.split(r"^Pass the terminal to (P\d), then press Enter\.$", r.out, flags=re.M)
    # the seats are named from 1 on screen: P1 is seat 0
    assert _named(parts[0], set().union(*hands)) == set()
    views = list(zip(parts[1::2], parts[2::2], strict=True))
    assert {name for name, _ in views} == {"P1", "P2", "P3"}
    for name, view in views:
        seat = int(name[1:]) - 1
        others = set().union(*(h for p, h in enumerate(hands) if p != seat))
        assert _named(view, others) == set(), name
        assert f"{name} (you)" in view
    for seat in range(3):
        seen = "".join(view for name, view in views if name == f"P{seat + 1}")
        assert _named(seen, hands[seat]) == hands[seat]


def test_a_forced_move_that_shows_nothing_private_is_not_handed_over():
    """Issue 12: "Hot-seat: no hand-over when the next decision is forced and shows nothing
    private"."""
    game = rulekit.load(SHAM)
    state = game.new_state(3, 0)
    answers, forced_seat = [], None
    while not state.is_over and forced_seat is None:
        legal = [a.text for a in state.legal_actions()]
        if len(legal) == 1:
            if legal[0] == "let_it_go":
                forced_seat = state.decider
            state.apply(legal[0])
            continue
        # seat 1 drops out of the round at once, the others place, nobody calls
        prefs = ("let_it_go", "keep", "pass" if state.decider == 1 else "place")
        answer = next((p for p in prefs if p in legal), legal[0])
        answers.append(answer)
        state.apply(answer)
    assert forced_seat is not None
    r = cli("play", SHAM, "--seats", "human,human,human", "--seed", "0", "--transcript-ok",
            stdin="\n".join(answers) + "\nquit\n")
    assert r.code == 0, r.err
    parts = re.split(r"^Pass the terminal to (Player \d), then press Enter\.$", r.out, flags=re.M)
    views = list(zip(parts[1::2], parts[2::2], strict=True))
    assert views
    assert not any("Only one choice: let it go." in view for _, view in views)
    # the forced move is public, so the next seat's news tells it
    assert any(f"Player {forced_seat}" in view and "let" in view.lower()
               for name, view in views if name != f"Player {forced_seat}")


# ---- usage errors ----------------------------------------------------------------------------
@pytest.mark.parametrize(("args", "expected"), [
    (["--players", "9"], "SHAM is played by 3 to 7 players, not 9"),
    (["--players", "2"], "allowed --players values: 3 to 7"),
    (["--players", "four"], "argument --players/-n: must be a whole number >= 1, not 'four'"),
    (["--seats", "human,robot,random"], "unknown seat kind 'robot' in --seats; accepted forms: "
                                        "human, random, greedy, ismcts[:N|:Ts], easy, "
                                        "medium[:N|:Ts], hard[:N|:Ts]"),
    (["--seats", "human,random", "--players", "3"], "--seats lists 2 seat(s) but --players is 3"),
    (["--seats", "human,random"], "--seats lists 2 seat(s), but SHAM is played by 3 to 7"),
    (["--seed", "-1"], "argument --seed: must be a whole number >= 0, not '-1'"),
    (["--seed", "x"], "argument --seed: must be a whole number >= 0, not 'x'"),
    (["--lang", "de"], "SHAM is not available in 'de'; allowed --lang values: en, fr, es"),
])
def test_usage_errors_exit_2_and_name_the_allowed_values(args: list[str], expected: str):
    r = cli("play", SHAM, *args)
    assert r.code == 2
    assert expected in r.err
    assert "usage: rulekit play" in r.err
    assert r.out == ""


def test_a_missing_ruleset_is_a_one_line_error(tmp_path: Path):
    r = cli("play", str(tmp_path / "nope.yaml"))
    assert r.code == 2
    assert r.err.startswith("rulekit: cannot read ")
    assert len(r.err.strip().splitlines()) == 1


def test_a_ruleset_that_is_not_yaml_shows_located_diagnostics(tmp_path: Path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nplayers: [\n", encoding="utf-8")
    r = cli("play", str(bad))
    assert r.code == 2
    assert re.search(rf"^{re.escape(str(bad))}:\d+:\d+: YAML syntax error", r.err, flags=re.M)
    assert "Traceback" not in r.err


# ---- the terminal: colours, interruption ------------------------------------------------------
def test_colours_only_on_a_terminal_and_never_with_no_color():
    args = ("play", SHAM, "--seats", "random,random,random", "--seed", "2")
    forced = cli_process(*args, env={"FORCE_COLOR": "1", "TERM": "xterm-256color"})
    assert forced.code == 0
    assert ANSI.search(forced.out)  # a terminal gets colours...
    piped = cli_process(*args, env={"TERM": "xterm-256color"})
    assert not ANSI.search(piped.out)  # ...a pipe does not
    no_color = cli_process(*args, env={"FORCE_COLOR": "1", "NO_COLOR": "1",
                                       "TERM": "xterm-256color"})
    assert no_color.code == 0
    assert not ANSI.search(no_color.out)
    assert ANSI.sub("", "") == ""


def test_card_colours_come_from_the_cards_colour_words():
    forced = cli_process("play", SHAM, "--seats", "random,random,random", "--seed", "2",
                         env={"FORCE_COLOR": "1", "TERM": "xterm-256color"})
    # a red card is drawn in red (SGR 31 or 91), a wildcard without colour is not coloured
    assert re.search(r"\x1b\[(1;)?(31|91)m(red \d)", forced.out)
    assert not re.search(r"\x1b\[[0-9;]*m(Overflow|Swap Hands|Going Down|From the Grave)",
                         forced.out)


def test_ctrl_c_saves_the_game_and_exits_130():
    env = {k: v for k, v in os.environ.items() if k != "FORCE_COLOR"}
    # Ctrl-C as in a terminal: a test run started in the background (`cmd &`) ignores SIGINT,
    # and a child would inherit that
    p = subprocess.Popen([sys.executable, "-m", "rulekit_cli.main", "play", SHAM, "--seed", "5",
                          "--seats", FOUR],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         env=env, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert p.stdout is not None
    seen = b""
    while not seen.endswith(b"> "):  # the driver waits for an answer
        chunk = p.stdout.read(1)
        assert chunk, seen
        seen += chunk
    p.send_signal(signal.SIGINT)
    # stdin stays open until the process has ended: closing it at once (communicate) could let
    # the driver read the end of the input before Python raises the pending KeyboardInterrupt
    p.wait(timeout=60)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 130
    assert err.decode() == ""
    assert out.decode().rstrip().splitlines()[-1].startswith("Game saved: ")
    assert "rulekit resume " in out.decode()
