"""Hostile rulesets cannot act on a player's terminal (issue: rulesets from strangers, 1-2).

Decision: a control or bidirectional character in any string of a ruleset is refused at load
time with a located error, so no loaded game holds one (and a program using the library, not the
terminal, is safe too); and everything the command prints from outside its own strings (above
all diagnostics, which must quote the broken file) shows such characters as visible escapes.
Rich markup is never interpreted in a ruleset's text.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
import yaml
from cli_helpers import cli
from paths import TESTS
from rich.text import Text
from rulekit_cli.look import make_console

import rulekit
from rulekit.plaintext import escape, first_unsafe

MINIMAL = TESTS / "engine" / "minimal.yaml"

# The catalogue: what a hostile text would send to the terminal, and what it would do there.
SEQUENCES = {
    "window title (OSC 0)": "\x1b]0;pwned\x07",
    "clipboard write (OSC 52)": "\x1b]52;c;ZWNobyBwd25lZA==\x07",
    "hyperlink (OSC 8)": "\x1b]8;;http://evil.example/\x1b\\click\x1b]8;;\x1b\\",
    "clear screen (CSI 2J)": "\x1b[2J\x1b[H",
    "cursor up and erase line (CSI 1A, 2K)": "\x1b[1A\x1b[2K",
    "colour change (SGR)": "\x1b[31;1m",
    "C1 CSI": "\x9b2J",
    "C1 OSC": "\x9d0;pwned\x9c",
    "carriage return": "ok\rforged",
    "backspace": "abc\x08\x08\x08",
    "bell": "\x07",
    "vertical tab and form feed": "\x0b\x0c",
    "NUL": "a\x00b",
    "DEL": "a\x7fb",
    "right-to-left override": "\u202edesrever",
    "left-to-right override": "\u202dx",
    "right-to-left isolate": "\u2067x\u2069",
    "right-to-left mark": "\u200fx",
    "arabic letter mark": "\u061cx",
    "line separator": "a\u2028b",
}
RAW_SAFE = ["[/]", "[link=http://evil.example]click[/link]", "[bold red]x", ":smile:", "{name}",
            "%s %d", "Ünïcödé ♠♥ 漢字", "tab\there", "two\nlines"]


def _yaml_str(s: str) -> str:
    """s as a double-quoted YAML scalar (YAML's escapes, so the file itself is plain ASCII)."""
    return yaml.safe_dump(s, default_style='"', allow_unicode=False).strip().split("\n...")[0]


def _with(field: str, payload: str) -> str:
    text = MINIMAL.read_text()
    q = _yaml_str(payload)
    if field == "name":
        return text.replace("name: Minimal", f"name: {q}")
    if field == "event text":
        return text.replace('stopped: {en: "someone stopped"}', f"stopped: {{en: {q}}}")
    if field == "card label":
        return text.replace('card: {en: "card {value}"}', f"card: {{en: {q}}}")
    if field == "key":
        return text.replace("  go:\n", f"  {q}:\n")
    raise AssertionError(field)


@pytest.mark.parametrize("what", sorted(SEQUENCES))
def test_escape_leaves_nothing_that_acts_on_a_terminal(what: str) -> None:
    payload = SEQUENCES[what]
    shown = escape(payload)
    assert first_unsafe(shown) is None
    assert "\x1b" not in shown and "\r" not in shown
    assert escape(shown) == shown  # escaping twice changes nothing


@pytest.mark.parametrize("field", ["name", "event text", "card label", "key"])
@pytest.mark.parametrize("what", sorted(SEQUENCES))
def test_a_control_character_in_a_ruleset_is_a_located_load_error(field: str, what: str) -> None:
    text = _with(field, SEQUENCES[what])
    with pytest.raises(rulekit.RulesetError) as e:
        rulekit.load_text(text, "hostile.yaml")
    d = e.value.diagnostics[0]
    assert d.file == "hostile.yaml" and d.line > 0 and d.col > 0
    assert "could take over a player's terminal" in d.message
    assert "U+" in d.message  # names the character
    assert first_unsafe(d.render()) is None


@pytest.mark.parametrize("payload", RAW_SAFE)
def test_printable_text_that_looks_like_markup_loads_and_shows_as_typed(payload: str) -> None:
    game = rulekit.load_text(_with("name", payload), "ok.yaml")
    assert game.name == payload
    out = io.StringIO()
    console = make_console(out)
    console.print(game.name)
    assert out.getvalue().splitlines()[0] == payload.split("\n")[0].expandtabs(8)


@pytest.mark.parametrize("what", sorted(SEQUENCES))
def test_the_console_shows_any_text_inertly_even_in_colour(what: str) -> None:
    payload = SEQUENCES[what]
    out = io.StringIO()
    console = make_console(out)
    console.force_terminal = True  # rich writes colour codes: only its own SGR may remain
    console.print(Text("before " + payload + " after", style="bold red"))
    shown = out.getvalue()
    without_sgr = re.sub(r"\x1b\[[0-9;]*m", "", shown)
    assert first_unsafe(without_sgr.replace("\n", "")) is None, repr(shown)
    assert "before" in shown and "after" in shown


def test_markup_in_a_prompt_is_never_interpreted() -> None:
    """The hot-seat hand-over asked `Pass the terminal to {name}` through rich's input, which
    reads markup by default: `[/]` crashed the game, `[link=...]` made a hyperlink."""
    out = io.StringIO()
    console = make_console(out)
    answer = console.input("Pass the terminal to [/] [link=http://evil.example]me[/link] ",
                           stream=io.StringIO("yes\n"))
    assert answer == "yes\n"
    assert "[/] [link=http://evil.example]me[/link]" in out.getvalue()


def test_validate_quotes_a_broken_file_without_its_control_characters(tmp_path: Path) -> None:
    bad = tmp_path / "raw.yaml"
    # a raw ESC sequence and a raw bidi override in the file itself (YAML refuses the ESC)
    bad.write_text("name: \x1b]0;pwned\x07x\nplayers: \u202e\n", encoding="utf-8")
    run = cli("validate", str(bad))
    assert run.code == 1
    assert "\x1b" not in run.out and "\u202e" not in run.out and "\x07" not in run.out
    assert "\\x1b" in run.out and ":1:" in run.out


def test_validate_reports_an_escaped_control_character_with_its_place(tmp_path: Path) -> None:
    bad = tmp_path / "escaped.yaml"
    bad.write_text(_with("name", "ok\rforged"))
    run = cli("validate", str(bad))
    assert run.code == 1
    assert "\r" not in run.out
    assert f"{bad}:2:7: this text holds the character U+000D (CR)" in run.out


def test_a_hot_seat_game_with_markup_in_the_seat_name_plays(tmp_path: Path) -> None:
    """Two humans: the hand-over names the next seat, whose name is the ruleset's `seat` text."""
    text = MINIMAL.read_text().replace(
        'stopped: {en: "someone stopped"}',
        'stopped: {en: "someone stopped"}\n  seat: {en: "[/]Seat {seat} [link=x]y[/link]"}')
    f = tmp_path / "markup.yaml"
    f.write_text(text)
    run = cli("play", str(f), "--seats", "human,human", "--seed", "1", "--transcript-ok",
              stdin="go\n\nstop\n")
    assert run.code == 0, run.err
    assert "[/]Seat 1 [link=x]y[/link]" in run.out
