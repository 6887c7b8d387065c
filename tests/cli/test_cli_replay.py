"""`rulekit replay FILE [--seat N]` (issue 12, point 4): a saved game stepped through one seat's
eyes; every seat's once the game is over, and never a bot's cards while it is not."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_helpers import cli
from test_cli import SECRETS

import rulekit
from rulekit.testing import labels


@pytest.fixture
def secrets(tmp_path: Path) -> Path:
    path = tmp_path / "secrets.yaml"
    path.write_text(SECRETS, encoding="utf-8")
    return path


def _hands(path: Path, seed: int) -> list[set[str]]:
    state = rulekit.load(path).new_state(3, seed)
    return [set(labels(state, ("hand", p))) for p in range(3)]


def _named(text: str, words: set[str]) -> set[str]:
    return {w for w in words if re.search(rf"\b{re.escape(w)}\b", text)}


def _finished(secrets: Path, tmp_path: Path, seed: int) -> Path:
    save = tmp_path / "done.json"
    r = cli("play", str(secrets), "--seats", "random,random,random", "--seed", str(seed),
            "--save", str(save))
    assert r.code == 0, r.err
    return save


def _body(out: str) -> str:
    """What the replay showed of the game (after its title lines)."""
    return out.split("q to stop.\n", 1)[1]


@pytest.mark.parametrize("seed", [1, 2])
def test_a_finished_game_replayed_through_one_seat_hides_the_others_cards(
        secrets: Path, tmp_path: Path, seed: int) -> None:
    hands = _hands(secrets, seed)
    save = _finished(secrets, tmp_path, seed)
    r = cli("replay", str(save), "--seat", "2", stdin="\n" * 200)  # seats counted from 1
    assert r.code == 0, r.err
    body = _body(r.out)
    assert "Replay through Bot 2's eyes" in r.out
    assert _named(body, hands[1]) == hands[1]
    assert _named(body, hands[0] | hands[2]) == set()
    assert "End of the saved game" in body and "Final scores: " in body


def test_a_finished_game_replayed_without_a_seat_shows_every_seats_cards(
        secrets: Path, tmp_path: Path) -> None:
    hands = _hands(secrets, 1)
    save = _finished(secrets, tmp_path, 1)
    r = cli("replay", str(save), stdin="\n" * 200)
    assert r.code == 0, r.err
    everything = set().union(*hands)
    assert _named(_body(r.out), everything) == everything


def test_an_unfinished_game_is_replayed_only_through_a_human_seat(
        secrets: Path, tmp_path: Path) -> None:
    hands = _hands(secrets, 2)
    save = tmp_path / "open.json"
    r = cli("play", str(secrets), "--seats", "human,random,random", "--seed", "2",
            "--save", str(save), stdin="1\n1\nquit\n")
    assert r.code == 0, r.err
    refused = cli("replay", str(save), "--seat", "2")
    assert refused.code == 2
    assert ("--seat 2 is a bot's seat and the game is not over: an unfinished game is replayed "
            "through a human seat's eyes (human seats: 1)") in refused.err
    mine = cli("replay", str(save), stdin="\n" * 50)
    assert mine.code == 0, mine.err
    assert "Replay through P1's eyes" in mine.out
    assert _named(_body(mine.out), hands[0]) == hands[0]
    assert _named(_body(mine.out), hands[1] | hands[2]) == set()


def test_q_stops_the_replay(secrets: Path, tmp_path: Path) -> None:
    save = _finished(secrets, tmp_path, 1)
    r = cli("replay", str(save), "--seat", "1", stdin="q\n")
    assert r.code == 0
    assert "End of the saved game" not in r.out
    assert r.out.count("(Enter/n, p, g N, q) ") == 1


def test_the_replay_prompt_is_in_the_games_language(tmp_path: Path) -> None:
    """Issue 12 point 8: "Every word in the player's language ... the driver's messages": the
    French replay asks "(Entrée, q)", not "(Enter, q)"."""
    save = tmp_path / "fr.json"
    r = cli("play", "sham", "--seats", "random,random,random", "--seed", "1", "--lang", "fr",
            "--save", str(save))
    assert r.code == 0, r.err
    r = cli("replay", str(save), stdin="q\n")
    assert r.code == 0, r.err
    assert r.out.count("(Entrée/n, p, g N, q) ") == 1
    assert "Enter" not in r.out


def test_replay_of_a_seat_the_game_does_not_have(secrets: Path, tmp_path: Path) -> None:
    save = _finished(secrets, tmp_path, 1)
    r = cli("replay", str(save), "--seat", "7")
    assert r.code == 2 and "--seat 7: the game has seats 1 to 3" in r.err
    assert cli("replay", str(save), "--seat", "0").code == 2  # seats count from 1


def test_replay_of_a_damaged_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    r = cli("replay", str(bad))
    assert r.code == 2 and "not a rulekit save" in r.err and "Traceback" not in r.err


# ---- what changed at each step, numbered by round and turn; n, p, g N, q (issue 31) ----------
@pytest.fixture(scope="module")
def sham_save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    save = tmp_path_factory.mktemp("replay") / "sham.json"
    r = cli("play", "sham", "--seats", "random,random,random", "--seed", "1", "--save", str(save),
            "--no-record")
    assert r.code == 0, r.err
    return save


def _steps(out: str) -> list[list[str]]:
    """Each step shown: its header line and the lines under it."""
    steps: list[list[str]] = []
    for line in out.split("\n"):
        if line.startswith("Step "):
            steps.append([line])
        elif steps and line.startswith("  "):
            steps[-1].append(line)
    return steps


def test_each_step_is_numbered_by_round_and_turn_and_shows_only_what_changed(sham_save):
    r = cli("replay", str(sham_save), stdin="\n" * 3 + "q\n")
    assert r.code == 0, r.err
    steps = _steps(r.out)
    assert len(steps) == 4
    total = int(re.match(r"Step 1 of (\d+) ", steps[0][0]).group(1))
    for k, step in enumerate(steps, 1):
        assert re.fullmatch(rf"Step {k} of {total} · Round \d+ · turn \d+", step[0]), step[0]
    zones = [[x for x in step if " — " in x] for step in steps]
    assert len(zones[0]) >= 3  # the deal: every seat's hand
    for later in zones[1:]:
        # only the zones whose cards changed, each with what came in and what went out
        assert all("+ " in x or "− " in x for x in later), later
        assert len(later) < len(zones[0])


def test_p_and_g_go_back_and_jump_showing_the_zones_whole(sham_save):
    r = cli("replay", str(sham_save), stdin="\n\np\ng 20\nq\n")
    assert r.code == 0, r.err
    heads = [step[0].split(" · ")[0] for step in _steps(r.out)]
    n = heads[0].rsplit(" ", 1)[1]
    assert heads == [f"Step {k} of {n}" for k in (1, 2, 3, 2, 20)]
    jumped = _steps(r.out)[-1]
    hands = [x for x in jumped if " — Hand (" in x]
    assert len(hands) == 3 and not any("+ " in x for x in hands)


def test_a_key_replay_does_not_know_says_what_to_type(sham_save):
    r = cli("replay", str(sham_save), stdin="x\ng 999\nq\n")
    assert r.code == 0, r.err
    n = _steps(r.out)[0][0].split(" · ")[0].rsplit(" ", 1)[1]
    said = f"Type Enter or n (next step), p (previous), g N (step N, from 1 to {n}) or q."
    assert r.out.count(said) == 2
    assert len(_steps(r.out)) == 1



def test_a_cooperative_game_replayed_ends_with_the_players_fate(tmp_path: Path) -> None:
    save = tmp_path / "shamus.json"
    r = cli("play", "shamus", "--seats", "random,random", "--seed", "2", "--save", str(save),
            "--no-record")
    assert r.code == 0, r.err
    r = cli("replay", str(save), stdin="\n" * 200)
    assert r.code == 0, r.err
    end = r.out.rstrip("\n").split("\n")
    assert end[-3].startswith("End of the saved game")
    assert end[-1] in ("The players lost to Shamus.", "The players beat Shamus.")
    # the deal is turn 1, and the first decision was made in it
    steps = _steps(r.out)
    assert steps[0][0].endswith("· turn 1") and steps[1][0].endswith("· turn 1")
