"""The scripted evening of issue 31: "one full game of each bundled ruleset at 80x24, hot-seat
SHAM, French Ch'ami, captured and read back by a test: every point of the list above holds; no
screen taller than the terminal; each moment shown and paused; the record lists the games
played."

A person answers each question with its first option and presses Enter at every pause; the
other seats are random bots (small games: the fewest players, Spades' one-hand variant). Each
game is one test, so pytest-xdist spreads them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_helpers import cli
from evening_helpers import HEIGHT, WIDTH, Evening, evening_game
from rulekit_cli.play import Match
from rulekit_cli.strings import t

import rulekit
from rulekit.view import view

GAMES = {
    # id: (ruleset, seats, seed, language, variant)
    "sham": ("sham", ["human", "random", "random"], 1, "en", None),
    "sham-hot-seat": ("sham", ["human", "human", "random"], 2, "en", None),
    "chami": ("chami", ["human", "random"], 4, "en", None),
    "chami-fr": ("chami", ["human", "random"], 3, "fr", None),
    "shamus": ("shamus", ["human", "random"], 1, "en", None),
    "uno": ("uno", ["human", "easy"], 1, "en", None),
    "crazy_eights": ("crazy_eights", ["human", "random"], 1, "en", None),
    "spades": ("spades", ["human", "random", "random", "random"], 1, "en", "one_hand"),
    "gin_rummy": ("gin_rummy", ["human", "random"], 1, "en", None),
    "durak": ("durak", ["human", "random"], 1, "en", None),
}
# words a table never shows raw: an identifier (an event's or a variable's name), a yes/no flag
IDENTIFIER = re.compile(r"(?<![\w/.])[a-z]+(?:_[a-z0-9]+)+(?![\w/.])")
FLAG = re.compile(r":\s+(yes|no|oui|non|true|false)\b", re.IGNORECASE)


@pytest.mark.parametrize("game", list(GAMES))
def test_an_evening_game_reads_right_at_80x24(game: str, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """One whole game, read back screen by screen: every check below holds."""
    monkeypatch.setenv("RULEKIT_DATA_DIR", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    name, kinds, seed, lang, variant = GAMES[game]
    played = evening_game(name, kinds, seed, lang, variant)
    screens_fit(played)
    moments_paused(played)
    ending_said_once(played)
    nothing_raw(played)
    seats_named_from_1(played)
    counts_counted(played)
    if name == "sham":
        status_agrees_with_question(played)
    record_lists(played)


def reads(transcript: str) -> list[list[str]]:
    """What the person read before each thing they typed: the lines printed since they last
    typed, up to the prompt; and last, what was printed after their last answer."""
    out: list[list[str]] = [[]]
    for line in transcript.split("\n"):
        out[-1].append(line)
        if line.startswith("> ") or line.endswith(", then press Enter. ") or \
                line.endswith(", puis appuyez sur Entrée. "):
            out.append([])
    return [block for block in out if block]


def flat(lines: list[str]) -> str:
    """Lines as one text, wrapped lines joined (rich wraps between words)."""
    return " ".join(" ".join(lines).split())


def screens_fit(evening: Evening) -> None:
    blocks = reads(evening.transcript)
    assert len(blocks) > 3
    # the lines before the first table (the game's name, its seed, the seats) are the command's
    for block in blocks[1:]:
        assert len(block) <= HEIGHT, "\n".join(block)
        assert all(len(line) <= WIDTH for line in block), "\n".join(block)


def moments_paused(evening: Evening) -> None:
    """Issue 31: 'each moment shown and paused' ('Press Enter to go on.'); a moment that ends
    the game is followed by the final scores at once."""
    m = evening.match
    go_on = t("go_on", m.lang)
    viewer = m.humans[0] if len(m.humans) == 1 else None
    seat = viewer if viewer is not None else 0
    moments = [e for e in view(m.state, seat, lang=m.lang, names=m.names, since=0).events
               for e in e.events if e.moment]
    raw = reads(evening.transcript)
    blocks = [flat(b) for b in raw]
    assert moments or evening.match.game.name == "Shamus"  # a short Shamus may have none
    at, shown_at = 0, []
    for moment in moments:
        text = moment.text if viewer is not None else public_text(m, moment.at)
        found = next((i for i in range(at, len(blocks)) if text in blocks[i]), None)
        assert found is not None, f"moment not shown: {text}"
        # on a screen that waits: a pause, or the person's own next question (screens_fit:
        # nothing printed after it pushes it off before the person answers)
        assert found == len(raw) - 1 or raw[found][-1].startswith("> "), (text, blocks[found])
        shown_at.append(found)
        at = found  # two moments of one move share a screen
    if any(i < len(blocks) - 1 for i in shown_at):  # not all in the game's last move
        assert any(b[-2:] == [go_on, "> "] for b in raw), "no moment paused on"


def public_text(m: Match, at: int) -> str:
    """The event at log index `at` as everyone may read it (a shared terminal's pause)."""
    key, args = rulekit.events_for(m.state, None, at)[0]
    return rulekit.render_event(m.game, key, args, m.lang, m.names)


def ending_said_once(evening: Evening) -> None:
    """Issue 31: 'The winner and the end reason are printed twice.'"""
    m = evening.match
    outcome = m.state.outcome
    assert outcome is not None
    reason = m.game.texts.word(outcome.reason, m.lang)
    text = flat(evening.transcript.split("\n"))
    assert text.count(reason) == 1, reason
    end = flat(reads(evening.transcript)[-1])
    winners = [m.names[p] for p in outcome.winners]
    for name in winners:
        assert name in end
    said = [line for line in reads(evening.transcript)[-1]
            if line.startswith((t("winner", m.lang, names="").strip(),
                                t("winners", m.lang, names="").strip()))]
    assert len(said) <= 1, said


def nothing_raw(evening: Evening) -> None:
    """No yes/no flag nor identifier on screen (the lines before the first table may name the
    variant as --variant takes it)."""
    lines = evening.transcript.split("\n")
    first = next(i for i, line in enumerate(lines) if line.startswith("─"))
    for line in lines[first:]:
        if line.startswith("> "):
            continue  # what the person typed
        shown = line.replace(".save", "")
        assert not IDENTIFIER.search(shown), line
        assert not FLAG.search(shown), line


def record_lists(evening: Evening) -> None:
    """Issue 31: 'the record lists the games played' (a hot-seat game: a row per person)."""
    m = evening.match
    stats = cli("stats", "--json")
    assert stats.code == 0, stats.err
    rows = [r for r in json.loads(stats.out) if r["game"] == m.game.name]
    assert sum(r["played"] for r in rows) == len(m.humans), stats.out
    won = sum(r["won"] for r in rows)
    outcome = m.state.outcome
    assert outcome is not None
    assert won == sum(1 for p in m.humans if p in outcome.winners)


def status_agrees_with_question(evening: Evening) -> None:
    """Issue 31: SHAM's status read 'No claim yet' above 'Player 0 placed 2 cards claiming 6
    blue. Call SHAM?'. The claim a question asks about is the status line's."""
    asked = 0
    for block in reads(evening.transcript):
        text = flat(block)
        claim = re.search(r"placed \d+ cards? claiming (\d+ \w+)\. Call SHAM\?", text)
        if claim is None:
            continue
        asked += 1
        assert "No claim yet" not in text, "\n".join(block)
        assert f"Claim under challenge: {claim.group(1)}" in text, "\n".join(block)
    assert asked > 0


def seats_named_from_1(evening: Evening) -> None:
    """Seats are named from 1 ('Player 1', 'Bot 2'), never from 0."""
    text = evening.transcript
    assert not re.search(r"\b(Player|Bot|Joueur|Robot) 0\b", text)


def counts_counted(evening: Evening) -> None:
    """A game's own counts at its end ('This game: 4 knocks, 1 gin') each give their number
    (Durak's read 'This game: bouts taken, bouts beaten off, cards thrown in')."""
    m = evening.match
    lead = t("game_counts", m.lang, counts="").rstrip(".")
    end = flat(reads(evening.transcript)[-1])  # the line may wrap
    assert end.count(lead) <= 1, end
    if lead in end:
        line = end.split(lead, 1)[1].split(".")[0]
        for item in line.split(","):
            assert re.search(r"\d", item), line
