"""Every move saved (issue 28, point 4): `rulekit play` rewrites its save after each decision,
atomically, so a closed terminal (SIGHUP), a SIGKILL or a power cut loses at most the decision
being made; default names never replace another game's save; `rulekit resume` without a file
lists the saves; a rule failing or memory running out at the table is a message, not a
traceback, and the game so far stays saved."""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from cli_helpers import Run, cli
from paths import ROOT
from rulekit_cli import autosave
from rulekit_cli.main import main
from rulekit_cli.savegame import load_game, read_save, rebuild
from table_helpers import drive, random_pick, saved_actions, write_save

import rulekit
from rulekit.errors import EvaluationLimitError

SHAM = ROOT / "rulesets" / "sham.yaml"
MINIMAL = ROOT / "tests" / "engine" / "minimal.yaml"
KINDS = ["human", "random", "ismcts:3"]
SEED = 5


@pytest.fixture(scope="module")
def scripted() -> tuple[list[str], rulekit.State, int]:
    """Seat 0's answers for a whole game, its final state, and a cut before a move's first
    answer in the middle of the game."""
    game = rulekit.load(SHAM)
    answers, state = drive(game, KINDS, SEED, random_pick(1))
    starts = {a.name for a in game.actions}
    cut = next(k for k in range(len(answers) // 3, len(answers)) if answers[k] in starts)
    return answers, state, cut


def _play(save: Path, stdin: str) -> Run:
    return cli("play", str(SHAM), "--seats", ",".join(KINDS), "--seed", str(SEED),
               "--save", str(save), stdin=stdin)


def _copies(monkeypatch: pytest.MonkeyPatch) -> list[dict]:
    """Every save autosave writes, as written (the file's JSON at each write)."""
    written: list[dict] = []
    real = autosave.write_save

    def recording(save: object, path: Path) -> None:
        real(save, path)  # type: ignore[arg-type]
        written.append(json.loads(Path(path).read_text(encoding="utf-8")))

    monkeypatch.setattr(autosave, "write_save", recording)
    return written


def test_a_save_after_every_decision_resumes_to_that_decision(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, scripted: tuple) -> None:
    """With no pause between saves, each bot move and each human move is written as it is
    completed, and each of those files rebuilds the game exactly as it stood then."""
    answers, final, _ = scripted
    monkeypatch.setattr(autosave, "SAVE_EVERY", 0.0)
    written = _copies(monkeypatch)
    save = tmp_path / "every.json"
    assert _play(save, "\n".join(answers) + "\n").code == 0
    history = list(final.history)
    counts = [len(w["actions"]) for w in written]
    assert counts == sorted(set(counts)) and counts[0] == 0 and counts[-1] == len(history)
    # every bot decision is followed by a save; a human's move is saved once it is complete
    bots_done = {i + 1 for i, (seat, _) in enumerate(history) if seat != 0}
    assert bots_done <= set(counts)
    game = rulekit.load(SHAM)
    reference = game.new_state(len(KINDS), SEED)
    done = 0
    for w in written:
        for _, text in history[done:len(w["actions"])]:
            reference.apply(text)
        done = len(w["actions"])
        path = tmp_path / "copy.json"
        path.write_text(json.dumps(w), encoding="utf-8")
        rebuilt = rebuild(load_game(read_save(path), path), read_save(path), path)
        assert rebuilt.to_json() == reference.to_json()
    assert written[-1]["over"] is True


def test_at_each_question_the_save_holds_every_decision_before_it(
        tmp_path: Path, scripted: tuple) -> None:
    """With the default pause between quick bot saves, the file is still complete whenever a
    person is asked: the next decision it lacks is the person's own."""
    answers, final, _ = scripted
    history = list(final.history)
    save = tmp_path / "asked.json"
    checked: list[int] = []

    class Checking(io.StringIO):
        def readline(self, *args: object) -> str:  # type: ignore[override]
            saved = saved_actions(save)
            assert saved == [text for _, text in history[:len(saved)]]
            assert history[len(saved)][0] == 0  # what is missing is the human's move
            checked.append(len(saved))
            return super().readline()

    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = Checking("\n".join(answers) + "\n")
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = main(["play", str(SHAM), "--seats", ",".join(KINDS), "--seed", str(SEED),
                         "--save", str(save)])
    finally:
        sys.stdin = old
    assert code == 0, err.getvalue()
    assert len(checked) == len(answers)
    assert saved_actions(save) == [text for _, text in history]


def _spawn(save: Path) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "NO_COLOR")}
    return subprocess.Popen([sys.executable, "-m", "rulekit_cli.main", "play", str(SHAM),
                             "--seats", ",".join(KINDS), "--seed", str(SEED), "--save",
                             str(save)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)


def _wait_for_prompts(p: subprocess.Popen, count: int) -> bytes:
    """Read the output until the driver has asked `count` questions and waits at the last."""
    assert p.stdout is not None
    seen = b""
    while not (seen.count(b"> ") >= count and seen.endswith(b"> ")):
        chunk = p.stdout.read(1)
        assert chunk, seen[-2000:]
        seen += chunk
    return seen


@pytest.mark.parametrize("how", ["SIGKILL", "SIGHUP"])
def test_a_killed_or_hung_up_game_resumes_where_it_was(tmp_path: Path, scripted: tuple,
                                                       how: str) -> None:
    """Issue 28: 'Closing the terminal loses the game: SIGHUP saves nothing; neither do SIGKILL
    or a power cut'. Killed at a question, the game resumes at that question."""
    answers, final, cut = scripted
    actions = [text for _, text in final.history]
    save = tmp_path / f"{how}.json"
    p = _spawn(save)
    assert p.stdin is not None
    p.stdin.write(("\n".join(answers[:cut]) + "\n").encode())
    p.stdin.flush()
    _wait_for_prompts(p, cut + 1)  # answered `cut` questions, waiting at the next one
    p.send_signal(getattr(signal, how))
    out, err = p.communicate(timeout=60)
    if how == "SIGHUP":
        assert p.returncode == 129, err.decode()
        assert out.decode().rstrip().splitlines()[-1] == \
            f"Game saved: {save} (resume it with: rulekit resume {save})"
        assert "Traceback" not in err.decode()
    else:
        assert p.returncode == -signal.SIGKILL
    done = saved_actions(save)
    assert done == actions[:len(done)]
    assert final.history[len(done)][0] == 0  # nothing but the human's pending move is lost
    resumed = cli("resume", str(save), stdin="\n".join(answers[cut:]) + "\n")
    assert resumed.code == 0, resumed.err
    assert saved_actions(save) == actions
    assert [f.name for f in tmp_path.iterdir()] == [save.name]  # no temporary file left


def test_two_games_with_the_same_seed_keep_their_own_saves(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch,
                                                           scripted: tuple) -> None:
    """Issue 28: 'The default save name ... silently replaces an earlier save of the same game
    and seed (a 179-move save became a 1-move one)'."""
    answers, _, cut = scripted
    monkeypatch.setenv("RULEKIT_DATA_DIR", str(tmp_path))
    argv = ["play", str(SHAM), "--seats", ",".join(KINDS), "--seed", str(SEED)]
    long = cli(*argv, stdin="\n".join(answers[:cut]) + "\nquit\n")
    short = cli(*argv, stdin="quit\n")
    assert long.code == short.code == 0
    files = sorted((tmp_path / "saves").iterdir())
    assert len(files) == 2
    for f in files:
        assert re.fullmatch(r"rulekit-sham-5-\d{8}-\d{6}(-\d+)?\.json", f.name), f.name
        assert f"Game saved: {f} " in long.out + short.out
    moves = sorted(len(saved_actions(f)) for f in files)
    assert moves[0] < moves[1]  # the longer game's save is still whole


# ---- rulekit resume without a file ------------------------------------------------------------
class _Typed(io.StringIO):
    """Input typed at a terminal."""

    def isatty(self) -> bool:
        return True


def _resume_typed(text: str) -> Run:
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = _Typed(text)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = main(["resume"])
    finally:
        sys.stdin = old
    return Run(code, out.getvalue(), err.getvalue())


def _three_saves(folder: Path) -> list[Path]:
    """Three saves written at different times: an old one, a finished one, a new one."""
    folder.mkdir(parents=True)
    old, over, new = folder / "a-old.json", folder / "b-over.json", folder / "c-new.json"
    write_save(old, MINIMAL, ["human", "random"], 1, [])
    write_save(over, MINIMAL, ["random", "random"], 2, ["stop"], over=True)
    write_save(new, MINIMAL, ["human", "random"], 3, [])
    now = time.time()
    for age, f in ((300, old), (200, over), (100, new)):
        os.utime(f, (now - age, now - age))
    (folder / "junk.json").write_text("{not json", encoding="utf-8")
    return [new, over, old]


def test_resume_without_a_file_lists_the_saves_newest_first(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULEKIT_DATA_DIR", str(tmp_path))
    newest_first = _three_saves(tmp_path / "saves")
    r = cli("resume")  # piped input: nobody to choose, so the list and exit 2
    assert r.code == 2
    assert "no terminal to choose a game on; resume one with: rulekit resume FILE" in r.err
    listed = re.findall(r"^\s+(\d+)\. .*\n\s+(\S+)$", r.out, re.M)
    assert listed == [(str(k), str(f)) for k, f in enumerate(newest_first, 1)]
    assert "(1 other file there cannot be resumed)" in r.out
    assert "seed 3, seats human,random: 0 moves, in progress" in r.out
    assert "seed 2, seats random,random: 1 move, finished" in r.out


def test_resume_without_a_file_resumes_the_game_chosen(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULEKIT_DATA_DIR", str(tmp_path))
    new, over, old = _three_saves(tmp_path / "saves")
    finished = _resume_typed("2\n")
    assert finished.code == 2
    assert f"{over}: this game is over; rulekit replay {over} steps through it" in finished.err
    assert over.exists()  # a finished game is kept, for rulekit replay
    r = _resume_typed("9\n3\nquit\n")  # a number out of range is asked again
    assert r.code == 0, r.err
    assert "Type a number from 1 to 3, or q." in r.out
    assert "Seed 1 (replay this game with --seed 1)." in r.out  # the oldest, seed 1
    assert f"Game saved: {old} (resume it with: rulekit resume {old})" in r.out
    assert _resume_typed("q\n").code == 0


def test_resume_without_a_file_and_no_saves(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULEKIT_DATA_DIR", str(tmp_path))
    r = _resume_typed("1\n")
    assert r.code == 2
    assert f"no saved game to resume in {tmp_path / 'saves'}" in r.err
    assert "Traceback" not in r.err


# ---- never a traceback at the table -------------------------------------------------------------
@pytest.mark.parametrize(("error", "code", "said"), [
    (EvaluationLimitError("limits.max_work", "the rules ran too long"), 2,
     "rulekit: the ruleset failed during play (seed 5): "),
    (MemoryError(), 1, "rulekit: out of memory during play. "),
])
def test_a_rule_failing_or_memory_running_out_keeps_the_game_saved(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: BaseException, code: int,
        said: str) -> None:
    """Issue 28: '`rulekit play` under a memory cap can die with a MemoryError traceback and
    not save'; a rule that fails or runs past a limit is the same: the game up to its last
    complete move stays saved, and a message says what to do."""
    from rulekit.bots.random import RandomBot

    calls = {"n": 0}
    real = RandomBot.choose

    def failing(self: RandomBot, state: rulekit.State) -> rulekit.Action:
        calls["n"] += 1
        if calls["n"] == 6:
            raise error
        return real(self, state)

    monkeypatch.setattr(RandomBot, "choose", failing)
    save = tmp_path / "failed.json"
    r = cli("play", str(SHAM), "--seats", "random,random,random", "--seed", "5",
            "--save", str(save))
    assert r.code == code
    assert "Traceback" not in r.out + r.err
    assert r.err.startswith(said)
    assert f"The game up to its last complete move is saved: {save} (rulekit resume {save})" \
        in r.err
    assert len(saved_actions(save)) == 5  # the five moves before the failing one
    monkeypatch.setattr(RandomBot, "choose", real)
    again = cli("replay", str(save), stdin="\n" * 10)
    assert again.code == 0, again.err


def test_a_save_that_cannot_be_written_is_said_once_and_the_last_good_one_stays(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, scripted: tuple) -> None:
    answers, _, cut = scripted
    real = autosave.write_save
    calls = {"n": 0}

    def full_disk(save: object, path: Path) -> None:
        calls["n"] += 1
        if calls["n"] > 2:
            raise OSError(28, "No space left on device")
        real(save, path)  # type: ignore[arg-type]

    monkeypatch.setattr(autosave, "write_save", full_disk)
    save = tmp_path / "full.json"
    r = _play(save, "\n".join(answers[:cut]) + "\nquit\n")
    assert r.code == 0
    warning = f"The game could not be saved to {save}: No space left on device"
    assert r.out.count(warning) == 2  # when it first failed, and when the game stopped
    assert "Game saved:" not in r.out
    assert read_save(save).actions  # the last good save, whole


def test_the_folder_of_saves_is_the_platforms_per_user_data_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without RULEKIT_DATA_DIR, saves go where platformdirs says a user's data goes (on Linux
    $XDG_DATA_HOME/rulekit/saves, else ~/.local/share/rulekit/saves)."""
    import platformdirs
    from rulekit_cli.savegame import saves_dir

    monkeypatch.delenv("RULEKIT_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert saves_dir() == Path(platformdirs.user_data_dir("rulekit", appauthor=False)) / "saves"
    if sys.platform.startswith("linux"):
        assert saves_dir() == tmp_path / "xdg" / "rulekit" / "saves"
    monkeypatch.setenv("RULEKIT_DATA_DIR", str(tmp_path / "mine"))
    assert saves_dir() == tmp_path / "mine" / "saves"
