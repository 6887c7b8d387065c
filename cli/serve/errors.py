"""The server's typed errors: each one a rulekit UsageError a person (or a client) can act on."""

from __future__ import annotations

from rulekit.errors import UsageError


class ServeError(UsageError):
    """A request or message the server refuses; sent to the one connection that made it."""

    status = 400  # the HTTP status it gets when it answers a request


class ForbiddenError(ServeError):
    """A wrong, expired or guessed invitation link (or a table that does not exist)."""

    status = 403


class OriginError(ServeError):
    """A browser page from another site tried to use this server."""

    status = 403


class BadMessageError(ServeError):
    """A message that is not what the page sends: not JSON, too long, an unknown kind."""


class NotYourDecisionError(ServeError):
    """An option sent by a seat (or a spectator) that is not the one asked now."""


class StaleDecisionError(ServeError):
    """An option for a decision that is no longer pending (sent twice, replayed, too late)."""


class UnknownOptionError(ServeError):
    """An option that is not one of the legal options of the pending decision."""


class NothingToUndoError(ServeError):
    """A back with no step to undo: the seat is not putting a move of its own together."""


class StoreError(ServeError):
    """The tables' database cannot be used: damaged, foreign, or not writable."""


class TableLostError(ServeError):
    """A stored table that cannot be replayed (its ruleset changed or is gone)."""


class TableBusyError(ServeError):
    """A table another server process sharing the database serves now."""

    status = 409
