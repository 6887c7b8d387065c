"""The ruleset language: grammar, parser, types and expressions, texts and their placeholders.

Imports the data layer and the base modules, never the rules, compiler or runtime."""
