"""`rulekit serve`: tables in the browser for any ruleset, friends and bots, kept in SQLite.

The server holds every game's state and decides everything; each connection gets only its
seat's view (rulekit.seat_view). See docs/serve.md.
"""
