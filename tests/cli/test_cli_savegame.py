"""Save and resume (issue 12, point 4): quit, Ctrl-D, Ctrl-C and SIGTERM save the game, and
`rulekit resume FILE` goes on exactly where it stopped; a bad save file is refused."""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from cli_helpers import Run, cli
from paths import ROOT
from rulekit_cli.main import main
from table_helpers import drive, random_pick, saved_actions, write_save

import rulekit

SHAM = ROOT / "rulesets" / "sham.yaml"
MINIMAL = ROOT / "tests" / "engine" / "minimal.yaml"
# a bot with an iteration budget answers the same after a resume as without one
KINDS = ["human", "random", "ismcts:3"]
SEED = 5


@pytest.fixture(scope="module")
def scripted() -> tuple[list[str], list[str], int]:
    """Seat 0's answers for a whole game, every action of it, and a cut between two moves."""
    game = rulekit.load(SHAM)
    answers, state = drive(game, KINDS, SEED, random_pick(1))
    starts = {a.name for a in game.actions}
    cut = next(k for k in range(len(answers) // 3, len(answers)) if answers[k] in starts)
    return answers, [x for _, x in state.history], cut


def _play(save: Path, stdin: str) -> Run:
    return cli("play", str(SHAM), "--seats", ",".join(KINDS), "--seed", str(SEED),
               "--save", str(save), stdin=stdin)


def _ending(out: str) -> str:
    """The end of a game as printed: the results, without the line naming the save file."""
    return "\n".join(x for x in out.split("Final scores", 1)[1].splitlines()
                     if not x.startswith("Game saved to"))


class _InterruptingInput(io.StringIO):
    """Piped input whose reader presses Ctrl-C after `lines` answers."""

    def __init__(self, text: str, lines: int):
        super().__init__(text)
        self.left = lines

    def readline(self, *args: object) -> str:  # type: ignore[override]
        if self.left == 0:
            raise KeyboardInterrupt
        self.left -= 1
        return super().readline()


def _run_with_ctrl_c(argv: list[str], text: str, lines: int) -> Run:
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = _InterruptingInput(text, lines)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = main(argv)
    finally:
        sys.stdin = old
    return Run(code, out.getvalue(), err.getvalue())


def test_a_finished_game_is_saved_with_every_action(tmp_path: Path, scripted: tuple) -> None:
    answers, actions, _ = scripted
    save = tmp_path / "full.json"
    r = _play(save, "\n".join(answers) + "\n")
    assert r.code == 0, r.err
    assert f"Game saved to {save}. Replay it with: rulekit replay {save}" in r.out
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["format"] == "rulekit-save" and data["version"] == 1
    assert data["seats"] == KINDS and data["seed"] == SEED and data["over"] is True
    assert data["ruleset"]["path"] == str(SHAM) and len(data["ruleset"]["sha256"]) == 64
    assert data["actions"] == actions  # the bots' answers too
    assert sorted(p.name for p in tmp_path.iterdir()) == ["full.json"]  # no temporary left


@pytest.mark.parametrize("how", ["quit", "end of input", "ctrl-c"])
def test_a_stopped_game_resumes_exactly_where_it_stopped(tmp_path: Path, scripted: tuple,
                                                         how: str) -> None:
    """Issue 12: '`quit`, Ctrl-D and Ctrl-C save the game ... `rulekit resume FILE` goes on
    exactly where it stopped, same hidden cards and same bots' answers'."""
    answers, actions, cut = scripted
    whole = _play(tmp_path / "whole.json", "\n".join(answers) + "\n")
    save = tmp_path / "part.json"
    first = "\n".join(answers[:cut]) + "\n"
    if how == "quit":
        r = _play(save, first + "quit\n")
        assert r.code == 0
    elif how == "end of input":
        r = _play(save, first)
        assert r.code == 1
    else:
        r = _run_with_ctrl_c(["play", str(SHAM), "--seats", ",".join(KINDS), "--seed",
                              str(SEED), "--save", str(save)], first + "more\n", cut)
        assert r.code == 130
    # one message, the last line: no 'Game abandoned' before a 'Game saved'
    assert r.out.rstrip().splitlines()[-1] == \
        f"Game saved: {save} (resume it with: rulekit resume {save})"
    assert "abandoned" not in r.out and r.out.count("Game saved") == 1
    done = saved_actions(save)
    assert done == actions[:len(done)] and len(done) < len(actions)
    resumed = cli("resume", str(save), stdin="\n".join(answers[cut:]) + "\n")
    assert resumed.code == 0, resumed.err
    assert f"Resumed after {len(done)} decisions." in resumed.out
    assert saved_actions(save) == actions  # the same game to its end, bots included
    assert _ending(resumed.out) == _ending(whole.out)


def test_sigterm_saves_the_game_and_resume_goes_on(tmp_path: Path, scripted: tuple) -> None:
    answers, actions, _ = scripted
    save = tmp_path / "term.json"
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "NO_COLOR")}
    p = subprocess.Popen([sys.executable, "-m", "rulekit_cli.main", "play", str(SHAM),
                          "--seats", ",".join(KINDS), "--seed", str(SEED), "--save", str(save)],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         env=env)
    assert p.stdout is not None
    seen = b""
    while not seen.endswith(b"> "):  # the driver waits for an answer
        chunk = p.stdout.read(1)
        assert chunk, seen
        seen += chunk
    p.send_signal(signal.SIGTERM)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 143, err.decode()
    assert out.decode().rstrip().splitlines()[-1] == \
        f"Game saved: {save} (resume it with: rulekit resume {save})"
    resumed = cli("resume", str(save), stdin="\n".join(answers) + "\n")
    assert resumed.code == 0, resumed.err
    assert saved_actions(save) == actions


def test_without_save_the_file_gets_a_default_name_that_is_printed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 28: saves go to the per-user data folder ($RULEKIT_DATA_DIR/saves here), named
    after the game, the seed and the time."""
    monkeypatch.setenv("RULEKIT_DATA_DIR", str(tmp_path))
    r = cli("play", str(SHAM), "--seats", ",".join(KINDS), "--seed", "9", stdin="quit\n")
    [saved] = list((tmp_path / "saves").iterdir())
    assert re.fullmatch(r"rulekit-sham-9-\d{8}-\d{6}\.json", saved.name)
    assert f"Game saved: {saved} (resume it with: rulekit resume {saved})" in r.out
    assert json.loads(saved.read_text(encoding="utf-8"))["seed"] == 9


def test_a_half_built_move_is_not_saved(tmp_path: Path) -> None:
    """'nothing is applied until the action is complete': quitting mid-move saves without it."""
    save = tmp_path / "mid.json"
    r = cli("play", str(ROOT / "rulesets" / "chami.yaml"), "--players", "3", "--seed", "4",
            "--seats", "human,random,random", "--save", str(save),
            stdin="discard a card\nquit\n")
    assert r.code == 0
    assert saved_actions(save) == ["draw"]


# ---- bad save files ---------------------------------------------------------------------------
def _valid(tmp_path: Path, **changes: object) -> Path:
    save = tmp_path / "save.json"
    write_save(save, MINIMAL, ["human", "random"], 1, [])
    data = json.loads(save.read_text(encoding="utf-8"))
    for key, value in changes.items():
        if value is _DROP:
            del data[key]
        else:
            data[key] = value
    save.write_text(json.dumps(data), encoding="utf-8")
    return save


_DROP = object()


def _refused(r: Run, *expected: str) -> None:
    assert r.code == 2, (r.out, r.err)
    assert "Traceback" not in r.err + r.out
    for text in expected:
        assert text in r.err, r.err


def test_resume_of_a_missing_file(tmp_path: Path) -> None:
    _refused(cli("resume", str(tmp_path / "nothing.json")), "nothing.json: no such save file")


@pytest.mark.parametrize("content", [b"\x00\xff garbage", b"{not json", b"[" * 100000])
def test_resume_of_a_damaged_file(tmp_path: Path, content: bytes) -> None:
    save = tmp_path / "bad.json"
    save.write_bytes(content)
    _refused(cli("resume", str(save)), "not a rulekit save (not JSON")


@pytest.mark.parametrize("data", [{"hello": "world"}, [1, 2], "text", {"format": "other"}])
def test_resume_of_a_foreign_file(tmp_path: Path, data: object) -> None:
    save = tmp_path / "foreign.json"
    save.write_text(json.dumps(data), encoding="utf-8")
    _refused(cli("resume", str(save)), "not a rulekit save (no \"format\": \"rulekit-save\")")


@pytest.mark.parametrize(("changes", "message"), [
    ({"version": 99}, "saved by a newer rulekit (save format version 99; this rulekit reads "
                      "version 1): upgrade rulekit to resume it"),
    ({"seed": _DROP}, "damaged save: missing seed"),
    ({"extra": 1}, "damaged save: unknown 'extra'"),
    ({"seed": "x"}, "damaged save: seed 'x' is not a whole number from 0 to 2**64 - 1"),
    ({"seed": True}, "damaged save: seed True is not a whole number from 0 to 2**64 - 1"),
    ({"seats": ["human", "robot"]}, "damaged save: unknown seat kind 'robot'"),
    ({"seats": ["human"] * 9}, "damaged save: 9 seats, but Minimal is played by 2 to"),
    ({"actions": [1, 2]}, "damaged save: actions must be a list of action texts"),
    ({"actions": ["nonsense"]}, "damaged save: action 1 ('nonsense') is not legal at that point"),
    ({"lang": "../../etc"}, "damaged save: lang '../../etc' is not a language code"),
    ({"lang": "xx"}, "damaged save: Minimal has no language 'xx'"),
    ({"variant": "nope"}, "has no variant 'nope'"),
    ({"over": "yes"}, "damaged save: over must be true or false"),
    ({"ruleset": {"path": "/etc/passwd", "bundled": None, "sha256": "0" * 64}},
     "damaged save: the ruleset must be a .yaml or .yml file"),
    ({"ruleset": {"path": "x.yaml", "bundled": "../../etc/passwd", "sha256": "0" * 64}},
     "damaged save: '../../etc/passwd' is not a bundled game's name"),
    ({"ruleset": {"path": "x.yaml", "bundled": "nosuchgame", "sha256": "0" * 64}},
     "the save names the bundled game 'nosuchgame', which is not installed"),
    ({"ruleset": {"path": 3, "bundled": None, "sha256": "0" * 64}},
     "damaged save: the ruleset must be a .yaml or .yml file"),
    ({"ruleset": "minimal.yaml"}, "damaged save: ruleset must give path, bundled and sha256"),
])
def test_resume_of_a_save_with_a_wrong_field(tmp_path: Path, changes: dict, message: str) -> None:
    _refused(cli("resume", str(_valid(tmp_path, **changes))), message)


@pytest.mark.parametrize(("changes", "message"), [
    ({"version": True}, "save format version True is not one this rulekit reads (1)"),
    ({"version": 1.0}, "save format version 1.0 is not one this rulekit reads (1)"),
    ({"version": "1"}, "save format version '1' is not one this rulekit reads (1)"),
    ({"version": 2}, "saved by a newer rulekit (save format version 2;"),
    ({"seed": 2**64}, "damaged save: seed 18446744073709551616 is not a whole number from 0 to "
                      "2**64 - 1"),
    # the library's seat parser or the table's bounds refuse these (whichever is tighter)
    ({"seats": ["human", "ismcts:3600s"]}, "damaged save: "),
    ({"seats": ["human", "ismcts:5000000"]}, "damaged save: "),
    ({"seats": ["human", "hard:9999999"]}, "damaged save: "),
    ({"seats": ["human", "medium:0"]}, "damaged save: iterations must be 1 to"),
    ({"seats": ["human", "hard:abc"]}, "damaged save: bad budget in seat kind 'hard:abc'"),
])
@pytest.mark.parametrize("command", ["resume", "replay"])
def test_issue_28_bad_save_fields(tmp_path: Path, changes: dict, message: str,
                                  command: str) -> None:
    """Issue 28: '"version": true and 1.0 are read as version 1; a forged save can change the
    seats (for instance to bots that think an hour a move)'."""
    save = _valid(tmp_path, **changes)
    _refused(cli(command, str(save)), f"{save}: ", message)
    if "seats" in changes:
        assert f"'{changes['seats'][1]}'" in cli(command, str(save)).err  # the seat named


@pytest.mark.parametrize(("text", "message"), [
    ('"seed": ' + "9" * 5000, "damaged save: it holds a number of 5000 digits (a save's numbers "
                              "have at most 30)"),
    ('"seed": ' + "1" * 31, "damaged save: it holds a number of 31 digits"),
    ('"seed": -' + "1" * 40, "damaged save: it holds a number of 40 digits"),
    ('"seed": NaN', "not a rulekit save (not JSON: ValueError)"),
])
@pytest.mark.parametrize("command", ["resume", "replay"])
def test_issue_28_a_huge_number_is_refused_without_a_traceback(tmp_path: Path, text: str,
                                                              message: str, command: str) -> None:
    """Issue 28: 'A save holding a 5,000-digit number makes `resume` and `replay` print a
    traceback (Python's int string conversion limit ValueError)'."""
    save = _valid(tmp_path)
    raw = save.read_text(encoding="utf-8")
    assert '"seed": 1' in raw
    save.write_text(raw.replace('"seed": 1', text), encoding="utf-8")
    _refused(cli(command, str(save)), f"{save}: {message}")


@pytest.mark.parametrize("command", ["resume", "replay"])
def test_issue_28_a_truncated_save_is_refused(tmp_path: Path, command: str) -> None:
    save = _valid(tmp_path)
    raw = save.read_bytes()
    save.write_bytes(raw[: len(raw) // 2])
    before = save.read_bytes()
    _refused(cli(command, str(save)), f"{save}: not a rulekit save (not JSON: JSONDecodeError)")
    assert save.read_bytes() == before  # nothing else touched


@pytest.mark.parametrize("seats", ["human,medium:0", "human,hard:abc", "human,ismcts:2000000",
                                   "human,ismcts:61s", "human,medium:1.5e9"])
def test_issue_28_seat_budgets_are_bounded_at_the_table(seats: str) -> None:
    r = cli("play", str(MINIMAL), "--seats", seats, stdin="quit\n")
    assert r.code == 2 and r.out == ""
    assert "Traceback" not in r.err and "seat kind" in r.err


def test_the_table_bounds_a_budget_the_library_accepts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's own bounds hold whatever the library's parser allows."""
    from rulekit_cli import bots

    monkeypatch.setattr(bots, "TABLE_MAX_ITERATIONS", 100)
    monkeypatch.setattr(bots, "TABLE_MAX_SECONDS", 1.0)
    r = cli("play", str(MINIMAL), "--seats", "human,ismcts:200", stdin="quit\n")
    assert r.code == 2 and "seat kind 'ismcts:200': at the table a bot searches at most 100 " \
        "iterations per decision" in r.err
    r = cli("play", str(MINIMAL), "--seats", "human,hard:1.5s", stdin="quit\n")
    assert r.code == 2 and "seat kind 'hard:1.5s': at the table a bot thinks at most 1 " \
        "seconds per decision" in r.err
    assert cli("play", str(MINIMAL), "--seats", "human,ismcts:100", stdin="quit\n").code == 0


def test_a_save_never_shows_another_files_content(tmp_path: Path) -> None:
    """A forged save naming some other YAML file is refused on its hash, before it is read as
    a ruleset (whose diagnostics would quote its lines)."""
    secret = tmp_path / "secret.yaml"
    secret.write_text("password: hunter2\n", encoding="utf-8")
    save = _valid(tmp_path, ruleset={"path": str(secret), "bundled": None, "sha256": "0" * 64})
    r = cli("resume", str(save))
    _refused(r, "has changed since the game was saved")
    assert "hunter2" not in r.out + r.err


def test_a_save_whose_ruleset_changed_is_refused_with_both_hashes(tmp_path: Path) -> None:
    """Issue 12: 'resuming a save whose ruleset changed since: refused, naming the ruleset and
    what changed (its hash), exit 2'."""
    ruleset = tmp_path / "game.yaml"
    ruleset.write_text(MINIMAL.read_text(encoding="utf-8"), encoding="utf-8")
    save = tmp_path / "game-save.json"
    r = cli("play", str(ruleset), "--seats", "human,random", "--seed", "1", "--save", str(save),
            stdin="quit\n")
    assert r.code == 0
    before = json.loads(save.read_text(encoding="utf-8"))["ruleset"]["sha256"]
    ruleset.write_text(ruleset.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    from rulekit_cli.savegame import file_hash

    r = cli("resume", str(save))
    _refused(r, f"the ruleset {ruleset.resolve()} has changed since the game was saved",
             f"saved sha256 {before}", f"now {file_hash(ruleset)}")


def test_a_save_whose_parent_ruleset_changed_is_refused(tmp_path: Path) -> None:
    """Issue 12: 'resuming a save whose ruleset changed since: refused, naming the ruleset and
    what changed (its hash), exit 2' -- a ruleset that `extends:` another is changed when its
    parent is, though its own file is not."""
    (tmp_path / "base.yaml").write_text(MINIMAL.read_text(encoding="utf-8"), encoding="utf-8")
    child = tmp_path / "child.yaml"
    child.write_text("extends: base.yaml\n", encoding="utf-8")
    save = tmp_path / "child-save.json"
    r = cli("play", str(child), "--seats", "human,random", "--seed", "1", "--save", str(save),
            stdin="quit\n")
    assert r.code == 0, (r.out, r.err)
    before = json.loads(save.read_text(encoding="utf-8"))["ruleset"]["sha256"]
    from rulekit_cli.savegame import file_hash

    assert before == file_hash(child)  # the play hashed the chain its load read, base included
    base = tmp_path / "base.yaml"
    base.write_text(base.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")

    r = cli("resume", str(save))
    _refused(r, f"the ruleset {child.resolve()} or a ruleset it extends (base.yaml) has changed",
             f"saved sha256 {before}", f"now {file_hash(child)}")
    assert before != file_hash(child)


def _match(save: Path, stdin: str) -> Run:
    return cli("play", str(MINIMAL), "--seats", "human,random", "--seed", "1", "--games", "3",
               "--save", str(save), stdin=stdin)


def _summary(out: str) -> str:
    return out.split("Match summary", 1)[1]


def test_a_stopped_match_resumes_with_its_games_and_scoreboard(tmp_path: Path) -> None:
    """Issue 12: '`quit` ... save[s] the game ... `rulekit resume FILE` goes on exactly where it
    stopped'; with `--games N` that is the match: the game, the games after it, and a scoreboard
    that counts the games played before the stop."""
    whole = _match(tmp_path / "whole.json", "stop\n" * 10)
    assert whole.code == 0, whole.err
    save = tmp_path / "m.json"
    r = _match(save, "stop\nquit\n")  # game 1 ends, the human quits at their next question
    assert r.code == 0 and "abandoned" not in r.out
    stopped = next(p for p in sorted(tmp_path.glob("m*.json"))
                   if not json.loads(p.read_text(encoding="utf-8"))["over"])
    assert (f"of 3 of a match: rulekit resume {stopped} goes on with the match and ends with "
            "its scoreboard.") in r.out
    match = json.loads(stopped.read_text(encoding="utf-8"))["match"]
    assert match["games"] == 3 and match["first_seed"] == 1 and match["finished"][0] == ["stop"]
    resumed = cli("resume", str(stopped), stdin="stop\n" * 10)
    assert resumed.code == 0, resumed.err
    assert _summary(resumed.out) == _summary(whole.out)
    assert "Game 1 (seed 1)" in _summary(resumed.out)  # replayed from the save, not lost


def test_resuming_a_finished_game_of_a_match_plays_the_next_one(tmp_path: Path) -> None:
    """Issue 12 point 4 ('nothing lost'): stopping between two games of a match loses nothing:
    the first game's file resumes the match at game 2 and saves it to its own file."""
    whole = _match(tmp_path / "whole.json", "stop\n" * 10)
    save = tmp_path / "m.json"
    _match(save, "stop\nquit\n")
    resumed = cli("resume", str(save), stdin="stop\n" * 10)
    assert resumed.code == 0, resumed.err
    assert "Game 2 of 3" in resumed.out and "Game 1 of 3" not in resumed.out
    assert json.loads(save.read_text(encoding="utf-8"))["seed"] == 1  # game 1's file kept
    assert json.loads((tmp_path / "m-2.json").read_text(encoding="utf-8"))["seed"] == 2
    assert _summary(resumed.out) == _summary(whole.out)
    last = cli("resume", str(tmp_path / "m-3.json"))
    assert last.code == 2 and "this game is over" in last.err


@pytest.mark.parametrize(("change", "message"), [
    (lambda m: m.update(finished=[["no such move"]]), "(game 1 of the match)"),
    (lambda m: m.update(first_seed=7), "is dealt from seed 8, not 2"),
    (lambda m: m.update(kinds=["human", "human"]), "does not seat its players"),
    (lambda m: m.update(number=9), "game 9 of a match of 3 games"),
    (lambda m: m.update(finished=[]), "finished game(s)"),
])
def test_resume_of_a_save_with_a_damaged_match(tmp_path: Path, change: Callable[[dict], None],
                                               message: str) -> None:
    """Issue 12 bad input: 'rulekit resume on a ... damaged ... file: a clear message, exit 2';
    the finished games of a match are replayed through the checked path, never trusted."""
    save = tmp_path / "m.json"
    _match(save, "stop\nquit\n")
    stopped = tmp_path / "m-2.json"
    data = json.loads(stopped.read_text(encoding="utf-8"))
    change(data["match"])
    stopped.write_text(json.dumps(data), encoding="utf-8")
    r = cli("resume", str(stopped), stdin="stop\n" * 5)
    _refused(r, message)



def test_a_finished_game_is_not_resumed_but_replayed(tmp_path: Path) -> None:
    save = tmp_path / "over.json"
    r = cli("play", str(MINIMAL), "--seats", "random,random", "--seed", "1", "--save", str(save))
    assert r.code == 0
    _refused(cli("resume", str(save)), "this game is over; rulekit replay")


def test_a_save_whose_random_bot_chose_otherwise_is_refused(tmp_path: Path) -> None:
    """A random bot draws from one running generator: a resume replays its draws, and a save
    whose random bot made another choice than its generator gives was not made with these
    seats."""
    game = rulekit.load(SHAM)
    kinds = ["human", "random", "random"]
    _, state = drive(game, kinds, 3, random_pick(2),
                     lambda s: s.decider == 1 and len(s.legal_actions()) > 1)
    assert not state.is_over
    history = [x for _, x in state.history]
    codes = {}
    for option in state.legal_actions():
        save = tmp_path / "choice.json"
        write_save(save, SHAM, kinds, 3, [*history, option.text])
        r = cli("resume", str(save), stdin="quit\n")
        codes[option.text] = r.code
        if r.code == 2:
            assert "the random bot in seat 2 (Bot 2) would not have chosen" in r.err
    assert sorted(codes.values()).count(0) == 1  # the bot's own choice, and only it
    assert set(codes.values()) == {0, 2}


def test_a_save_file_in_a_folder_that_does_not_exist_is_a_usage_error(tmp_path: Path) -> None:
    target = tmp_path / "nowhere" / "game.json"
    r = cli("play", str(MINIMAL), "--seats", "human,random", "--save", str(target),
            stdin="quit\n")
    assert r.code == 2
    assert f"cannot save to {target}: there is no folder {target.parent}" in r.err
    assert r.out == ""  # refused before the game began
