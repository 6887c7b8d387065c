"""The keyboard side of `rulekit play`: reading answers, hand-over screens, and ways to stop."""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any, TextIO

from rich.console import Console
from rich.rule import Rule

EXIT_QUIT, EXIT_EOF, EXIT_INTERRUPTED, EXIT_TERMINATED, EXIT_HUNG_UP = 0, 1, 130, 143, 129


class Stop(BaseException):  # noqa: N818 - a way to stop, not an error
    """The game stops before its end (it is saved); exit_status says how the command ends.

    A BaseException, like KeyboardInterrupt, so that no `except Exception` on the way (the
    engine re-runs a failed rule guarded) swallows it."""

    exit_status = EXIT_QUIT


class QuitGame(Stop):
    """The human typed quit."""

    exit_status = EXIT_QUIT


class EndOfInput(Stop):
    """Standard input ended (Ctrl-D) before the game did."""

    exit_status = EXIT_EOF


class Interrupted(Stop):
    """Ctrl-C (SIGINT)."""

    exit_status = EXIT_INTERRUPTED


class Terminated(Stop):
    """SIGTERM: the process is asked to end."""

    exit_status = EXIT_TERMINATED


class HungUp(Stop):
    """SIGHUP: the terminal was closed."""

    exit_status = EXIT_HUNG_UP


def _on_term(signum: int, frame: Any) -> None:
    raise Terminated


def _on_hup(signum: int, frame: Any) -> None:
    raise HungUp


@contextmanager
def stopping_on_signals() -> Iterator[None]:
    """Within: SIGTERM raises Terminated and SIGHUP HungUp (so the game is saved); the old
    handlers come back after."""
    old: list[tuple[int, Any]] = []
    for name, handler in (("SIGTERM", _on_term), ("SIGHUP", _on_hup)):
        number = getattr(signal, name, None)  # no SIGHUP on Windows
        if number is None:
            continue
        with suppress(ValueError, OSError):  # not the main thread
            old.append((number, signal.signal(number, handler)))
    try:
        yield
    finally:
        for number, handler in old:
            signal.signal(number, handler)


class Terminal:
    """Reads a human's answers: with line editing on a terminal, line by line from a script."""

    def __init__(self, console: Console, stdin: TextIO):
        self.console = console
        self.stdin = stdin
        self.typing = isatty(stdin)  # a person types the answers
        self.screen = isatty(console.file)  # a person reads the output on a terminal
        self.interactive = self.typing and self.screen
        self.readline: Any = None
        if self.interactive:
            try:
                import readline  # line editing for input(); absent on some platforms

                self.readline = readline
            except ImportError:  # pragma: no cover
                pass

    def ask(self, prompt: str) -> str:
        """One answer; raise EndOfInput at the end of the input, Interrupted on Ctrl-C."""
        try:
            return self._ask(prompt)
        except KeyboardInterrupt:
            self.console.print()
            raise Interrupted from None
        except (Terminated, HungUp):
            with suppress(OSError):  # after SIGHUP the terminal may be gone
                self.console.print()  # what is said next starts a line of its own
            raise

    def _ask(self, prompt: str) -> str:
        if self.interactive:
            try:
                return self.console.input(prompt)
            except EOFError:
                self.console.print()
                raise EndOfInput from None
        self.console.print(prompt, end="")
        self.console.file.flush()
        line = self.stdin.readline()
        if not line:
            self.console.print()
            raise EndOfInput
        line = line.rstrip("\r\n")
        self.console.print(line)  # echo, so a scripted game's transcript reads like a session
        return line

    def hold(self, message: str) -> None:
        """Wait for Enter before the screen is hidden (nothing to wait for in a script)."""
        if self.typing:
            self.ask(message + " ")

    def handover(self, message: str) -> None:
        """Hide the screen and wait until the next player is at the keyboard."""
        if self.readline is not None:
            # the next player must not scroll back through the previous player's answers
            self.readline.clear_history()
        self.clear()
        if self.typing:
            self.ask(message + " ")
            self.clear()
        else:  # a script plays every seat: nobody to wait for
            self.console.print()
            self.console.print(Rule())
            self.console.print(message)

    def clear(self) -> None:
        """Clear a terminal screen (nothing when the output is a file or a pipe)."""
        if self.screen:
            # the screen and its scrollback: the previous seat's hand must not stay visible
            self.console.file.write("\x1b[H\x1b[2J\x1b[3J")
            self.console.file.flush()


def isatty(f: Any) -> bool:
    """Whether a file is a terminal (False for anything that cannot say)."""
    try:
        return bool(f.isatty())
    except (AttributeError, ValueError):
        return False


def plain_warning(message: Warning | str, category: type[Warning], filename: str, lineno: int,
                  line: str | None = None) -> str:
    """A warning as a person reads it: what and what to do, not the engine's file and line."""
    return f"warning: {message}\n"


def silence_stdout() -> None:
    """Send what is still written to stdout nowhere (its reader went away)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
