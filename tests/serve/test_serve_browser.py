"""rulekit serve in a real browser: headless Chromium (Playwright) against a real uvicorn.

The server is `rulekit serve` in a subprocess on a free 127.0.0.1 port; the browser is the
system's Chromium (Debian's package, installed by .ci/run). A whole SHAM game between two
browser seats and a bot, a closed tab that comes back, a server killed with SIGKILL and started
again mid-game, and a table made in French from the page. RULEKIT_SAVE_SCREENSHOTS=1 writes the
screenshots the README shows to docs/screenshots/serve_*.png (else they go to a temporary folder).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from paths import ROOT

playwright = pytest.importorskip("playwright.sync_api", reason="the test extra brings Playwright")

import rulekit  # noqa: E402

SHOTS = ROOT / "docs" / "screenshots"
# the machine's network is closed: nothing a browser would fetch on its own at start
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
WAIT_MS = 30_000  # how long a view may take to arrive (a busy machine; never a figure tested)
SERVE = "import sys; from rulekit_cli.main import main; sys.exit(main(sys.argv[1:]))"


def chromium() -> str | None:
    """The system's Chromium: $RULEKIT_CHROMIUM, else the distribution's."""
    given = os.environ.get("RULEKIT_CHROMIUM")
    if given:
        return given
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def free_port() -> int:
    """A port nothing listens on now, on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """`rulekit serve` in a subprocess of its own (its own process group, for the bots' workers)."""

    def __init__(self, data: Path, port: int):
        self.data, self.port = data, port
        self.url = f"http://127.0.0.1:{port}"
        self.groups: list[int] = []
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        """Start it and wait until it answers."""
        out = open(self.data.parent / f"serve-{self.port}.log", "ab")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, "-c", SERVE, "serve", "--data", str(self.data),
             "--port", str(self.port)],
            stdout=out, stderr=subprocess.STDOUT, start_new_session=True, cwd=self.data.parent)
        out.close()
        self.groups.append(self.proc.pid)
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(self.url + "/api/games", timeout=5) as answer:
                    if answer.status == 200:
                        return self
            except OSError:
                pass
            assert self.proc.poll() is None, self.log()
            assert time.monotonic() < deadline, "the server did not answer: " + self.log()
            time.sleep(0.05)

    def log(self) -> str:
        return (self.data.parent / f"serve-{self.port}.log").read_text(errors="replace")

    def kill(self) -> None:
        """SIGKILL the server process only (its bots' workers see it die and exit)."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)

    def stop(self) -> None:
        """End every process this server started (the server, its forkserver, its workers)."""
        for group in self.groups:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(group, signal.SIGKILL)
        if self.proc is not None:
            self.proc.wait(timeout=30)

    def table(self, **request: Any) -> dict[str, Any]:
        """Make a table through the API (as the page does)."""
        body = json.dumps({"game": "sham", **request}).encode()
        ask = urllib.request.Request(self.url + "/api/tables", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(ask, timeout=30) as answer:
            assert answer.status == 201
            return dict(json.loads(answer.read()))


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    path = chromium()
    if path is None:
        message = ("no Chromium: install the distribution's (apt-get install chromium) or "
                   "set RULEKIT_CHROMIUM")
        if os.environ.get("CI"):
            pytest.fail(message)  # CI installs it (.ci/run): its absence there is a failure
        pytest.skip(message)
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("serve")
    s = Server(folder / "data", free_port()).start()
    yield s
    s.stop()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where screenshots go: docs/screenshots when asked to, else a temporary folder."""
    return SHOTS if os.environ.get("RULEKIT_SAVE_SCREENSHOTS") else tmp_path


def open_seat(browser: Any, url: str) -> Any:
    """A new tab (a browser context of its own, as another person's) at url, its first view
    drawn."""
    page = browser.new_context(viewport={"width": 1000, "height": 860}).new_page()
    page.set_default_timeout(WAIT_MS)
    page.goto(url)
    page.wait_for_selector("#main[data-decisions]")
    return page


def seen(page: Any) -> dict[str, Any]:
    """What a page shows now: the decision its view follows, whether over, its options."""
    return dict(page.evaluate("""() => {
        const m = document.getElementById("main");
        return {decisions: Number(m.dataset.decisions), over: m.dataset.over === "true",
                options: document.querySelectorAll("#question .option").length,
                error: document.getElementById("error").textContent};
    }"""))


def wait_past(page: Any, decisions: int) -> None:
    """Wait until the page shows a view after `decisions` decisions."""
    page.wait_for_function("n => Number(document.getElementById('main').dataset.decisions) > n",
                           arg=decisions)


def answer(page: Any, by_key: bool = False) -> int:
    """The page's person answers its question with the first option (a click, or the key 1);
    the decision it answered."""
    now = seen(page)
    assert now["options"], now
    if by_key:
        page.keyboard.press("1")
    else:
        page.locator("#question .option").first.click()
    wait_past(page, now["decisions"])
    return int(now["decisions"])


def play(pages: list[Any], clicks: int | None = None) -> int:
    """Each page's person answers whenever asked (seat 1 with the keyboard), until the game is
    over or `clicks` answers were given; how many were given."""
    given = 0
    deadline = time.monotonic() + 300
    while clicks is None or given < clicks:
        assert time.monotonic() < deadline, [seen(p) for p in pages]
        states = [seen(p) for p in pages]
        if all(s["over"] for s in states):
            break
        asked = [k for k, s in enumerate(states) if s["options"]]
        if not asked:
            time.sleep(0.02)  # a bot thinks, or the views are on their way
            continue
        answer(pages[asked[0]], by_key=asked[0] == 1)
        given += 1
    return given


def test_a_whole_sham_game_between_two_browser_seats_and_a_bot(browser, server, shots):
    made = server.table(players=3, seats=["human", "human", "easy"], seed=31,
                        names=["Ann", "Bob", "Bot"])
    ann, bob = (open_seat(browser, server.url + link) for link in made["links"][:2])
    watcher = open_seat(browser, server.url + made["watch"])
    assert "Ann" in ann.text_content("#main") and "(spectator)" in watcher.text_content("#title")
    play([ann, bob], clicks=12)
    ann.screenshot(path=str(shots / "serve_table.png"))
    watcher.wait_for_function(
        "n => Number(document.getElementById('main').dataset.decisions) >= n",
        arg=seen(ann)["decisions"])
    watcher.screenshot(path=str(shots / "serve_spectator.png"))
    assert watcher.locator("#question .option").count() == 0  # a spectator is asked nothing
    clicks = 12 + play([ann, bob])
    for page in (ann, bob, watcher):
        page.wait_for_selector("#outcome")
        assert seen(page)["over"] and not seen(page)["error"]
    assert clicks > 20
    final = seen(ann)["decisions"]
    assert seen(bob)["decisions"] == seen(watcher)["decisions"] == final > clicks  # bot moves too
    for page in (ann, bob, watcher):
        page.context.close()


def test_a_closed_tab_comes_back_with_the_same_link_to_the_same_seat(browser, server):
    made = server.table(players=3, seats=["human", "human", "easy"], seed=7)
    link = server.url + made["links"][0]
    first = open_seat(browser, link)
    other = open_seat(browser, server.url + made["links"][1])
    play([first, other], clicks=3)
    before = seen(first)
    hand = first.text_content(".player.you")
    first.context.close()  # the tab closed
    again = open_seat(browser, link)
    again.wait_for_function("n => Number(document.getElementById('main').dataset.decisions) === n",
                            arg=before["decisions"])
    assert seen(again)["decisions"] == before["decisions"]
    assert again.text_content(".player.you") == hand  # the same seat, the same cards
    assert play([again, other], clicks=2) == 2  # and it plays on
    for page in (again, other):
        page.context.close()


def test_a_server_killed_mid_game_and_started_again_has_the_game_back(browser, tmp_path):
    restarted = Server(tmp_path / "data", free_port()).start()
    try:
        made = restarted.table(players=3, seats=["human", "easy", "easy"], seed=5)
        page = open_seat(browser, restarted.url + made["links"][0])
        play([page], clicks=6)
        page.wait_for_selector("#question .option")
        before = seen(page)
        hand = page.text_content(".player.you")
        restarted.kill()
        page.wait_for_function("() => document.getElementById('error').textContent !== ''")
        restarted.start()  # the same --data, the same port
        # the page reconnects by itself and draws the same view, where the player left it
        page.wait_for_function("() => document.getElementById('error').textContent === ''")
        page.wait_for_selector("#question .option")
        assert seen(page)["decisions"] == before["decisions"]
        assert page.text_content(".player.you") == hand
        assert play([page], clicks=3) == 3  # every decision kept: the game goes on
        page.context.close()
    finally:
        restarted.stop()


def test_a_french_table_made_from_the_page_with_the_rules_back_and_another_language(
        browser, server, shots):
    page = browser.new_context(viewport={"width": 1000, "height": 860}).new_page()
    page.set_default_timeout(WAIT_MS)
    page.goto(server.url + "/")
    page.select_option("select[name=game]", "sham")
    page.select_option("select[name=lang]", "fr")
    page.fill("input[name=players]", "3")
    page.dispatch_event("input[name=players]", "change")
    page.fill("input[name=seed]", "5")  # seat 1 plays first: its first move takes several steps
    for seat, kind in enumerate(("human", "easy", "easy")):
        page.select_option(f"select[name=seat{seat}]", kind)
    page.click("#create button[type=submit]")
    page.click(".seat-link")
    page.wait_for_selector("#question .option")
    game = rulekit.load(str(ROOT / "rulesets" / "sham.yaml"))
    assert "Joueurs" in page.text_content("#main")  # the page's words, in French
    seat_fr = page.text_content(".player.you")
    page.click("#rules-button")
    page.wait_for_selector("#rules:not([hidden])")
    rules = page.text_content("#rules")
    assert rules == game.table.rules_text["fr"].strip()
    page.screenshot(path=str(shots / "serve_french.png"))
    # back: a step of a move being put together is taken back
    start = seen(page)["decisions"]
    answer(page)
    page.wait_for_selector("#back")
    page.click("#back")
    page.wait_for_function("n => Number(document.getElementById('main').dataset.decisions) === n",
                           arg=start)
    assert page.locator("#back").count() == 0
    # the language switched after the table was made: the view and the rules in English
    page.select_option("#lang", "en")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert "Players" in page.text_content("#main")
    page.wait_for_function("t => document.getElementById('rules').textContent === t",
                           arg=game.table.rules_text["en"].strip())
    assert page.text_content(".player.you") != seat_fr  # the ruleset's words too
    page.context.close()
