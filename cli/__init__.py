"""The `rulekit` terminal driver (installed as the package rulekit_cli)."""
