"""`extends:` reaches only ruleset files in the ruleset's own folder (issue: rulesets from
strangers, 3). It printed a planted `api_token` eight times, echoed /proc/self/status, read
/dev/zero until memory ran out, and waited forever on a named pipe."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from cli_helpers import cli
from paths import TESTS

import rulekit
from rulekit.data.yamlsource import MAX_FILE_BYTES

MINIMAL = (TESTS / "engine" / "minimal.yaml").read_text()
SECRET = "api_token: sk-live-0123456789abcdef\n"


def _overlay(folder: Path, target: str) -> Path:
    f = folder / "variant.yaml"
    f.write_text(f"extends: {target!r}\nname: Variant\n")
    return f


def _diagnostic(f: Path) -> rulekit.Diagnostic:
    with pytest.raises(rulekit.RulesetError) as e:
        rulekit.load(f)
    assert len(e.value.diagnostics) == 1
    d = e.value.diagnostics[0]
    assert (d.file, d.line, d.col, d.yaml_path) == (str(f), 1, 10, "extends")
    return d


@pytest.fixture
def rooms(tmp_path: Path) -> tuple[Path, Path]:
    """A ruleset folder, and a private folder beside it with a settings file."""
    games, private = tmp_path / "games", tmp_path / "private"
    games.mkdir()
    private.mkdir()
    (private / "settings.yaml").write_text(SECRET)
    (games / "base.yaml").write_text(MINIMAL)
    return games, private


def test_a_base_in_the_same_folder_or_below_is_followed(rooms: tuple[Path, Path]) -> None:
    games, _ = rooms
    assert rulekit.load(_overlay(games, "base.yaml")).name == "Variant"
    (games / "bases").mkdir()
    (games / "bases" / "deep.yaml").write_text(MINIMAL)
    assert rulekit.load(_overlay(games, "bases/deep.yaml")).name == "Variant"
    assert rulekit.load(_overlay(games, "bases/../base.yaml")).name == "Variant"


@pytest.mark.parametrize("target", ["../private/settings.yaml", "{private}/settings.yaml",
                                    "/proc/self/status", "/etc/passwd", "/dev/zero"])
def test_a_file_outside_the_folder_is_refused_unread(rooms: tuple[Path, Path],
                                                     target: str) -> None:
    games, private = rooms
    d = _diagnostic(_overlay(games, target.format(private=private)))
    assert "leaves the folder of the ruleset" in d.message
    assert "sk-live" not in d.render()


def test_a_link_out_of_the_folder_is_refused(rooms: tuple[Path, Path]) -> None:
    games, private = rooms
    (games / "link.yaml").symlink_to(private / "settings.yaml")
    d = _diagnostic(_overlay(games, "link.yaml"))
    assert "leaves the folder of the ruleset" in d.message


def test_a_file_in_the_folder_that_is_not_a_ruleset_is_never_quoted(
        rooms: tuple[Path, Path]) -> None:
    games, _ = rooms
    (games / "settings.yaml").write_text(SECRET * 8)
    d = _diagnostic(_overlay(games, "settings.yaml"))
    assert "is not a ruleset" in d.message
    assert "sk-live" not in d.render() and "api_token" not in d.render()
    run = cli("validate", str(games / "variant.yaml"))
    assert run.code == 1 and "sk-live" not in run.out + run.err


def test_a_base_that_is_not_yaml_is_never_quoted(rooms: tuple[Path, Path]) -> None:
    games, _ = rooms
    (games / "notes.yaml").write_text("password = [hunter2\n  : : :\n")
    d = _diagnostic(_overlay(games, "notes.yaml"))
    assert "is not a ruleset" in d.message and "hunter2" not in d.render()


def test_only_yaml_files_are_bases(rooms: tuple[Path, Path]) -> None:
    games, _ = rooms
    (games / "base.txt").write_text(MINIMAL)
    d = _diagnostic(_overlay(games, "base.txt"))
    assert "does not name a ruleset file (.yaml or .yml)" in d.message


def test_a_named_pipe_is_refused_without_waiting(rooms: tuple[Path, Path]) -> None:
    games, _ = rooms
    os.mkfifo(games / "pipe.yaml")
    result: list[BaseException | None] = []

    def load() -> None:
        try:
            rulekit.load(_overlay(games, "pipe.yaml"))
            result.append(None)
        except BaseException as e:  # noqa: BLE001 - handed to the test thread
            result.append(e)

    t = threading.Thread(target=load, daemon=True)
    t.start()
    t.join(timeout=20)  # not a timing assertion: a hang would block the suite for ever
    assert result, "loading a named pipe did not return"
    err = result[0]
    assert isinstance(err, rulekit.RulesetError)
    assert "it is not a regular file" in err.diagnostics[0].message


def test_a_huge_base_is_refused_by_its_size(rooms: tuple[Path, Path]) -> None:
    games, _ = rooms
    with open(games / "huge.yaml", "wb") as f:
        f.truncate(MAX_FILE_BYTES + 1)  # sparse: no disk used
    d = _diagnostic(_overlay(games, "huge.yaml"))
    assert "more than a ruleset may have" in d.message


def test_the_loaded_file_itself_must_be_a_regular_file_of_sane_size(tmp_path: Path) -> None:
    run = cli("validate", "/dev/zero")
    assert run.code == 1 and "not a regular file" in run.out
    big = tmp_path / "big.yaml"
    with open(big, "wb") as f:
        f.truncate(MAX_FILE_BYTES + 1)
    run = cli("validate", str(big))
    assert run.code == 1 and "more than a ruleset may have" in run.out
