"""The command line with variants (--variant, validate) and matches of several games (--games).

The games are the tiny generic rulesets of tests/variants/; a bot game is replayed through the
library (the same seeded bots) to check what the driver prints.
"""

from __future__ import annotations

import re

import pytest
from cli_helpers import Run, cli  # noqa: F401
from paths import TESTS
from rulekit_cli.bots import bot_rng, choose

import rulekit

HERE = TESTS
RACE = str(HERE / "variants" / "race.yaml")
BROKEN = str(HERE / "variants" / "broken_variants.yaml")
MINIMAL = str(HERE / "engine" / "minimal.yaml")




def bot_outcome(game: rulekit.Game, players: int, seed: int) -> rulekit.Outcome:
    """The outcome of an all-bot game as `rulekit play` plays it (each seat's seeded bot)."""
    state = game.new_state(players, seed)
    rngs = [bot_rng(seed, p) for p in range(players)]
    while not state.is_over:
        state.apply_unchecked(choose(state.legal_actions(), rngs[state.decider]))
    assert state.outcome is not None
    return state.outcome


def final_scores(text: str) -> list[int]:
    """The scores of the 'Final scores' table, seat by seat."""
    block = text.split("Final scores", 1)[1].split("\nWinner", 1)[0]  # not the match's board
    return [int(s) for s in re.findall(r"^(?:P|Bot )\d(?: \(you\))?\s+(\d+)", block, flags=re.M)]


# ---- --variant -------------------------------------------------------------------------------
def test_play_a_variant_between_bots():
    r = cli("play", RACE, "--variant", "small_deck", "--seats", "random,random", "--seed", "4")
    assert r.code == 0, r.err
    assert "Variant: small_deck — Only low cards." in r.out
    expected = bot_outcome(rulekit.load(RACE, variant="small_deck"), 2, 4)
    assert final_scores(r.out) == list(expected.scores)
    assert sum(final_scores(r.out)) == 3  # the three cards of the small deck, all drawn
    base = cli("play", RACE, "--seats", "random,random", "--seed", "4")
    assert "Variant" not in base.out
    assert final_scores(base.out) == list(bot_outcome(rulekit.load(RACE), 2, 4).scores)
    assert sum(final_scores(base.out)) >= 4


def test_play_shows_the_variants_description():
    r = cli("play", RACE, "--variant", "short", "--seats", "random,random", "--seed", "1")
    assert "Variant: short — The first to two cards wins." in r.out


def test_an_unknown_variant_is_a_usage_error_listing_the_declared_ones():
    r = cli("play", RACE, "--variant", "shrot", "--seats", "random,random")
    assert r.code == 2
    assert ("error: " + RACE + " has no variant 'shrot'; allowed --variant values: short, "
            "small_deck, greedy, with_bonus (did you mean 'short'?)") in r.err
    assert r.out == ""
    none = cli("bench", MINIMAL, "--variant", "fast", "--games", "1")
    assert none.code == 2
    assert f"{MINIMAL} declares no variants, so there is no variant 'fast'" in none.err


def test_a_broken_variant_cannot_be_played_and_its_diagnostic_is_located():
    r = cli("play", BROKEN, "--variant", "bad_dsl", "--seats", "random,random")
    assert r.code == 2
    assert f"{BROKEN}:33:35: unknown function 'siz'" in r.err


def test_bench_a_variant():
    def per_game(out: str) -> float:
        return float(re.search(r"decisions/game\s+([\d.,]+)", out).group(1).replace(",", ""))

    base = cli("bench", RACE, "--games", "30", "--seed", "2")
    greedy = cli("bench", RACE, "--variant", "greedy", "--games", "30", "--seed", "2")
    assert base.code == greedy.code == 0
    assert greedy.out.startswith(f"Race [greedy] ({RACE}): 30 games, 2 players")
    assert base.out.startswith(f"Race ({RACE}): 30 games")
    assert per_game(greedy.out) < per_game(base.out)  # drawing two at a time: shorter races


# ---- validate ----------------------------------------------------------------------------------
def test_validate_checks_the_base_and_each_declared_variant():
    r = cli("validate", RACE)
    assert r.code == 0, r.out
    lines = r.out.splitlines()
    assert lines[0].startswith(f"{RACE}: ok: Race, 2-3 players, 6 cards")
    assert lines[0].endswith("variants short, small_deck, greedy, with_bonus")
    assert [line.split(": ok: ")[0] for line in lines[1:]] == [
        f"{RACE} [{v}]" for v in ("short", "small_deck", "greedy", "with_bonus")]
    assert "3 cards" in lines[2] and "2 phases" in lines[4]


def test_validate_reports_a_broken_variant_and_fails():
    r = cli("validate", BROKEN, RACE)
    assert r.code == 1
    assert f"{BROKEN}: ok: Broken variants" in r.out
    assert f"{BROKEN} [fine]: ok: Broken variants, 2-3 players" in r.out
    assert f"{BROKEN}:33:35: unknown function 'siz'" in r.out
    assert f"{BROKEN} [bad_dsl]: 1 error" in r.out
    assert f"{RACE} [with_bonus]: ok:" in r.out  # the next file is still checked


def test_validate_a_file_that_extends_another():
    house = str(HERE / "variants" / "house_quick.yaml")
    r = cli("validate", house)
    assert r.code == 0, r.out
    assert r.out.startswith(f"{house}: ok: Race (house rules, quick), 3 players, 6 cards, "
                            "2 zones, 1 phase, 3 actions")


# ---- --games: a match ---------------------------------------------------------------------------
def _sections(out: str) -> list[str]:
    """The output of each game of a match, then the summary."""
    parts = re.split(r"^─* Game \d+ of \d+ ─*$", out, flags=re.M)
    return parts[1:]


def _seating(section: str) -> list[str]:
    """Who sits at each seat, from a game's 'Seats:' line ('NAME: KIND, ...')."""
    line = re.search(r"^Seats: (.*)$", section, flags=re.M).group(1)
    return [part.split(": ")[0] for part in line.split(", ")]


def test_a_match_rotates_the_seats_and_summarises_per_person_or_bot():
    seed, n, games = 11, 3, 4
    r = cli("play", RACE, "--seats", "random,random,random", "--seed", str(seed),
            "--games", str(games))
    assert r.code == 0, r.err
    sections = _sections(r.out)
    assert len(sections) == games
    who = ["Bot 1", "Bot 2", "Bot 3"]  # named by their seat in the first game, from 1
    game = rulekit.load(RACE)
    expected_lines = []
    wins = dict.fromkeys(who, 0)
    for k, section in enumerate(sections):
        # whoever sat at seat i sits at seat i+1 in the next game
        seating = [who[(s - k) % n] for s in range(n)]
        assert _seating(section) == seating
        assert f"Seed {seed + k} (replay this game alone with --seed {seed + k} --seats " \
               "random,random,random)." in section
        outcome = bot_outcome(game, n, seed + k)
        assert final_scores(section) == list(outcome.scores)
        winners = [seating[s] for s in outcome.winners]
        for w in winners:
            wins[w] += 1
        said = ", ".join(sorted(winners))
        said = f"Winner: {said}" if len(winners) == 1 else f"Winners (shared): {said}"
        expected_lines.append(f"Game {k + 1} (seed {seed + k}): the race is over. {said}")
        by_person = {seating[s]: outcome.scores[s] for s in range(n)}
        expected_lines.append("  " + ", ".join(
            f"{p} {by_person[p]}" + (" ★" if p in winners else "") for p in who))
    summary = r.out.split("Match summary: 4 games; the seats rotate by one after each game\n")[1]
    lines = summary.splitlines()
    assert lines[:len(expected_lines)] == expected_lines
    assert lines[-1] == "Games won: " + ", ".join(f"{p} {wins[p]}" for p in who)
    # the scoreboard: each one's score in every game, their total and the games they won
    board = {x.split()[0] + " " + x.split()[1]: x.split()[2:] for x in lines
             if x.startswith("Bot ")}
    for p in who:
        scores = [int(v) for v in board[p] if v.lstrip("-").isdigit()]
        assert scores[-1] == wins[p] and scores[-2] == sum(scores[:-2])


def test_each_game_of_a_match_replays_alone_with_its_seed_and_seats():
    r = cli("play", RACE, "--seats", "human,random", "--seed", "5", "--games", "2",
            stdin="1\n" * 60)
    assert r.code == 0, r.err
    first, second = _sections(r.out)
    # a name follows its person or bot from seat to seat
    assert _seating(first) == ["P1", "Bot 2"]
    assert _seating(second) == ["Bot 2", "P1"]
    assert "Race · P1 (you)" in first and "Race · P1 (you)" in second
    assert "--seed 6 --seats random,human" in second
    alone = cli("play", RACE, "--seats", "random,human", "--seed", "6", "--names", "Bot 2,P1",
                stdin="1\n" * 60)
    assert alone.code == 0
    tail = _unsaved(alone.out.split("Final scores", 1)[1])
    assert _unsaved(second.split("Final scores", 1)[1]).startswith(
        tail.split("\n\nMatch summary")[0])


def _unsaved(out: str) -> str:
    """The output without the lines naming a save file (each game has a file of its own)."""
    return "\n".join(x for x in out.splitlines() if not x.startswith("Game saved to "))


def test_quitting_stops_the_match_with_a_summary_of_the_games_played():
    r = cli("play", RACE, "--seats", "human,random", "--seed", "5", "--games", "3",
            stdin="quit\n")
    assert r.code == 0
    assert "Game saved: " in r.out and "abandoned" not in r.out
    assert "The match stopped after 0 of 3 games." in r.out
    assert "Games won: P1 (you) 0, Bot 2 0" in r.out
    ended = cli("play", RACE, "--seats", "human,random", "--seed", "5", "--games", "2")
    assert ended.code == 1
    assert "The match stopped after 0 of 2 games." in ended.out


def test_one_game_prints_no_match_summary():
    r = cli("play", RACE, "--seats", "random,random", "--seed", "3")
    one = cli("play", RACE, "--seats", "random,random", "--seed", "3", "--games", "1")
    assert _unsaved(r.out) == _unsaved(one.out)
    assert "Match summary" not in r.out and "Game 1 of" not in r.out
    assert "Seed 3 (replay this game with --seed 3)." in r.out


@pytest.mark.parametrize("value", ["0", "-1", "two"])
def test_games_must_be_a_whole_number_of_at_least_one(value: str):
    r = cli("play", RACE, "--games", value)
    assert r.code == 2
    assert "--games: must be a whole number >= 1" in r.err
