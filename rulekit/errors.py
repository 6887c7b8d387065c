"""Typed errors: every failure a ruleset author or a player can cause is one of these."""

from __future__ import annotations

from dataclasses import dataclass, field


class RulekitError(Exception):
    """Base class of every error rulekit raises on purpose."""


@dataclass
class Diagnostic:
    """One located problem in a ruleset file."""

    message: str
    file: str = "<ruleset>"
    line: int = 0  # 1-based; 0 when unknown
    col: int = 0  # 1-based; 0 when unknown
    source_line: str = ""
    yaml_path: str = ""
    hint: str = ""

    def render(self) -> str:
        """Format as `file:line:col: message`, the source line, a caret, path and hint."""
        where = self.file
        if self.line:
            where += f":{self.line}:{self.col or 1}"
        out = [f"{where}: {self.message}"]
        if self.source_line:
            out.append("    " + self.source_line.rstrip("\n"))
            out.append("    " + " " * max(self.col - 1, 0) + "^")
        if self.yaml_path:
            out.append(f"    at: {self.yaml_path}")
        if self.hint:
            out.append(f"    hint: {self.hint}")
        return "\n".join(out)


class RulesetError(RulekitError):
    """A ruleset could not be loaded; carries every diagnostic found."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        super().__init__("\n".join(d.render() for d in diagnostics))


class CannotReadError(RulesetError):
    """The ruleset file is missing or unreadable."""


@dataclass
class IllegalActionError(RulekitError):
    """An action that is not legal in this state was applied; the state is unchanged."""

    action: str
    summary: str
    legal: list[str] = field(default_factory=list)
    reason: str = ""  # why it is not legal, when that can be told

    def __str__(self) -> str:
        shown = ", ".join(self.legal[:12]) + (" ..." if len(self.legal) > 12 else "")
        why = f": {self.reason}" if self.reason else ""
        return (f"illegal action {self.action!r}{why} (state: {self.summary}); "
                f"legal: {shown}")


class RuleRuntimeError(RulekitError):
    """A rule failed while the game ran (a ruleset bug the loader could not see)."""

    def __init__(self, rule: str, message: str):
        self.rule = rule
        super().__init__(f"rule {rule}: {message}")


class EvaluationLimitError(RuleRuntimeError):
    """A rule ran past its evaluation budget (a loop or a runaway chain of rules)."""


def log_full(limit: int) -> str:
    """The message of an EvaluationLimitError for a game whose log outgrew limits.max_log."""
    return f"the log grew past {limit} events and logged values in one game (limits.max_log)"


class GameOverError(RulekitError):
    """An action was applied to a finished game."""


class InvariantError(RuleRuntimeError):
    """An invariant the ruleset declares does not hold."""


class UsageError(RulekitError):
    """A bad argument from the caller (player count, seed, seat kind...)."""
