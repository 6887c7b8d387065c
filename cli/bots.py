"""The driver's side of the bots: seat kinds as text, and a status line while a bot thinks.

The bots themselves live in `rulekit.bots`; the random bot's helpers are re-exported here.
"""

from __future__ import annotations

import threading

from rich.console import Console

import rulekit
from rulekit.bots import (
    MAX_ITERATIONS,
    MAX_SECONDS,
    Bot,
    BotSpec,
    RandomBot,
    bot_rng,
    choose,
    make_bot,
    parse_bot_spec,
)
from rulekit.errors import UsageError

from .strings import t

SHOW_AFTER = 0.5  # seconds a bot may think before the terminal says so
# a bot at the table answers within about a minute: a larger budget (typed, or forged in a
# save) would leave the player waiting for hours (the library's own bounds may be tighter)
TABLE_MAX_ITERATIONS = min(1_000_000, MAX_ITERATIONS)
TABLE_MAX_SECONDS = min(60.0, MAX_SECONDS)
LEVELS = ("greedy", "easy", "medium", "hard")  # the kinds with a word in each language

__all__ = ["Thinking", "bot_rng", "choose", "kind_text", "make_bot", "parse_seat"]


def parse_seat(text: str) -> BotSpec:
    """A seat kind of `rulekit play --seats` (and of a save): as rulekit.bots reads it, with
    budgets a person can wait for; UsageError otherwise."""
    spec = parse_bot_spec(text)
    if spec.iterations is not None and spec.iterations > TABLE_MAX_ITERATIONS:
        raise UsageError(f"seat kind {text.strip()!r}: at the table a bot searches at most "
                         f"{TABLE_MAX_ITERATIONS:,} iterations per decision "
                         f"(e.g. ismcts:2000)")
    if spec.seconds is not None and spec.seconds > TABLE_MAX_SECONDS:
        raise UsageError(f"seat kind {text.strip()!r}: at the table a bot thinks at most "
                         f"{TABLE_MAX_SECONDS:g} seconds per decision (e.g. ismcts:2s)")
    return spec


def kind_text(kind: str, lang: str) -> str:
    """A seat kind as the seat list shows it ('human', 'random bot', 'bot medium', ...), a
    level's word in lang ('robot moyen'), a budget as typed ('bot medium:200')."""
    if kind in ("human", "random"):
        return t(kind, lang)
    level, colon, budget = kind.partition(":")
    word = t("level_" + level, lang) if level in LEVELS else level
    return t("bot_kind", lang, name=word + colon + budget)


class Thinking:
    """Asks bots for their moves; on a terminal, a bot thinking over half a second shows it."""

    def __init__(self, console: Console, lang: str):
        self.console = console
        self.lang = lang

    def choose(self, bot: Bot, state: rulekit.State, name: str) -> rulekit.Action:
        """The bot's choice, with a spinner on the terminal once SHOW_AFTER has passed."""
        if isinstance(bot, RandomBot) or not self.console.is_terminal:
            return bot.choose(state)
        status = self.console.status(t("thinking", self.lang, name=name), spinner="dots")
        lock = threading.Lock()
        finished = False

        def show() -> None:
            with lock:
                if not finished:
                    status.start()

        timer = threading.Timer(SHOW_AFTER, show)
        timer.daemon = True
        timer.start()
        try:
            return bot.choose(state)
        finally:
            timer.cancel()
            with lock:
                finished = True
                status.stop()
