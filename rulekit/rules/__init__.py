"""The compiled rules of a game: card table, zones, actions, phases, melds, bots' hints.

Built by rulekit.compile; never imports the compiler or the runtime."""
