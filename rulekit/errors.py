"""Typed errors: every failure a ruleset author or a player can cause is one of these."""

from __future__ import annotations

from dataclasses import dataclass, field

from .plaintext import escape


class RulekitError(Exception):
    """Base class of every error rulekit raises on purpose."""


def short_repr(value: object, limit: int = 40) -> str:
    """repr(value) cut to limit characters; a huge int is told by its size (repr would raise)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        sign = "-" if value < 0 else ""
        return f"{sign}a number of about {int(value.bit_length() * 0.30103) + 1} digits"
    r = repr(value)
    return r if len(r) <= limit else r[:limit - 3] + "..."


MAX_SHOWN_LINE = 160  # characters of a source line shown under a diagnostic


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
        """Format as `file:line:col: message`, the source line, a caret, path and hint.

        Every part may quote the ruleset, so each is escaped (see plaintext): a diagnostic
        never writes a control character to the terminal."""
        where = self.file
        if self.line:
            where += f":{self.line}:{self.col or 1}"
        out = [escape(f"{where}: {self.message}")]
        if self.source_line:
            line, caret = self.source_line.rstrip("\n"), max(self.col - 1, 0)
            if len(line) > MAX_SHOWN_LINE:  # a window around the caret, not a 200 KB line
                start = max(0, min(caret - MAX_SHOWN_LINE // 2, len(line) - MAX_SHOWN_LINE))
                shown = line[start:start + MAX_SHOWN_LINE]
                caret -= start
                if start > 0:
                    shown, caret = "..." + shown, caret + 3
                if start + MAX_SHOWN_LINE < len(line):
                    shown += "..."
                line = shown
            # escaped, and the caret stays under its character
            out.append("    " + escape(line))
            out.append("    " + " " * len(escape(line[:caret])) + "^")
        if self.yaml_path:
            out.append("    at: " + escape(self.yaml_path))
        if self.hint:
            out.append("    hint: " + escape(self.hint))
        return "\n".join(out)


MAX_SHOWN_DIAGNOSTICS = 50  # a file with 16,000 errors is told the first ones and the count


def render_diagnostics(diagnostics: list[Diagnostic],
                       limit: int = MAX_SHOWN_DIAGNOSTICS) -> list[str]:
    """The first `limit` diagnostics rendered, then '... and N more errors' if there are more."""
    out = [d.render() for d in diagnostics[:limit]]
    rest = len(diagnostics) - limit
    if rest > 0:
        out.append(f"... and {rest} more error{'s' if rest != 1 else ''} (fix these first)")
    return out


class RulesetError(RulekitError):
    """A ruleset could not be loaded; carries every diagnostic found (its text shows the first
    MAX_SHOWN_DIAGNOSTICS)."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        super().__init__("\n".join(render_diagnostics(diagnostics)))


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

    def __init__(self, rule: str, message: str, where: str = ""):
        self.rule = rule
        self.detail = message  # the message without the rule's name
        self.where = where  # the statement that failed and its file:line:col, when known
        super().__init__(f"rule {rule}: {message}" + (f" ({where})" if where else ""))


def unforeseen(err: BaseException, what: str) -> str:
    """A Python failure inside a rule or statement (`what`), a ruleset bug the loader could not
    see, told in words without Python's names: a none reaching what needs a value, or else
    '<what> failed' with Python's message."""
    text = str(err)
    if isinstance(err, TypeError) and "NoneType" in text:
        return ("a value is none where one is needed (a skipped parameter, or a value not set): "
                "give it a value with 'otherwise', or test it with '== none'")
    return f"{what} failed ({text or 'an unforeseen error'})"


class EvaluationLimitError(RuleRuntimeError):
    """A rule ran past its evaluation budget (a loop or a runaway chain of rules)."""


class StateLimitError(EvaluationLimitError):
    """A game's variables grew past limits.max_state (the items of their lists, melds laid)."""


def log_full(limit: int) -> str:
    """The message of an EvaluationLimitError for a game whose log outgrew limits.max_log."""
    return (f"the log grew past {limit} events and logged values in one game (limits.max_log); "
            f"if the game is right, raise the limit in the ruleset (limits: {{max_log: N}}, N "
            f"above {limit})")


class GameOverError(RulekitError):
    """An action was applied to a finished game."""


class InvariantError(RuleRuntimeError):
    """An invariant the ruleset declares does not hold."""


class UsageError(RulekitError):
    """A bad argument from the caller (player count, seed, seat kind...)."""


class FrozenRulesError(UsageError, AttributeError):
    """A compiled game's rules changed after loading: they are read-only."""

    def __init__(self, name: str):
        self.name = name
        super().__init__(f"the rules of a loaded game are read-only: '{name}' cannot be set; "
                         "change the ruleset and load it again")


class UnknownVariantError(RulesetError, UsageError):
    """A variant name the ruleset does not declare (a caller's mistake, with a diagnostic)."""

    def __init__(self, diagnostics: list[Diagnostic], variant: str, declared: list[str],
                 choice: str | None = None):
        self.variant = variant
        self.declared = declared
        self.choice = choice or variant  # the whole choice, e.g. 'a+b' when 'b' is unknown
        super().__init__(diagnostics)


class StateDocumentError(UsageError):
    """A saved state document that this game could not have written (forged or damaged)."""

    def __init__(self, path: str, problem: str):
        self.path = path  # where in the document, e.g. 'zones[3][0]' or 'stack[0].order[1]'
        self.problem = problem
        super().__init__(f"bad state document: {path}: {problem}" if path else
                         f"bad state document: {problem}")
