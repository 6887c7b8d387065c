"""The driver's side of the bots: seat kinds as text, and a status line while a bot thinks.

The bots themselves live in `rulekit.bots`; the random bot's helpers are re-exported here.
"""

from __future__ import annotations

import threading

from rich.console import Console

import rulekit
from rulekit.bots import Bot, make_bot
from rulekit.bots.random import RandomBot, bot_rng, choose

from .strings import t

SHOW_AFTER = 0.5  # seconds a bot may think before the terminal says so

__all__ = ["Thinking", "bot_rng", "choose", "kind_text", "make_bot"]


def kind_text(kind: str, lang: str) -> str:
    """A seat kind as the seat list shows it ('human', 'random bot', 'bot medium', ...)."""
    if kind in ("human", "random"):
        return t(kind, lang)
    return t("bot_kind", lang, name=kind)


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
