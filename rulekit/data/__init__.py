"""The ruleset as data: YAML with positions, the schema, variants and `extends`, names, diagnostics.

Imports only rulekit's base modules (errors, plaintext)."""
