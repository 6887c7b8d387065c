"""From checked data to compiled rules: the compiler's passes over a ruleset source.

Imports data, lang and rules; never the runtime."""
