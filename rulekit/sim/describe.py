"""What a simulation report says about the rules it played, read from the compiled rules: the
kind of game (the players win or lose together, or each seat for itself), the words of its
endings, events and actions, and what a variant changes (its description and its keys).

The report names things as the ruleset does for its players, never by the ids of its rules.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..lang.text import fill
from ..runtime.game import Game

# the engine's own events, when a ruleset gives them no words (or words that are only values)
ENGINE_EVENTS = {"game_begins": "the game begins", "phase_begins": "a phase begins",
                 "game_over": "the game ends"}
LANG = "en"  # the report's language (a ruleset's first language where it has no English)
TOGETHER, SEATS = "together", "seats"


def language(game: Game) -> str:
    """The language the report quotes the ruleset in."""
    return LANG if LANG in game.languages or not game.languages else game.languages[0]


def kind(game: Game, players: int) -> str:
    """'together' when the players win or lose as one side (the ruleset declares it, or one
    team holds every seat), else 'seats'."""
    if game.spec.table.together is not None:
        return TOGETHER
    if game.team_of_fn is not None and len(game.team_names) == 1 and players > 1:
        return TOGETHER
    return SEATS


def against(game: Game) -> str | None:
    """What the players of a cooperative game play against, in the ruleset's words."""
    together = game.spec.table.together
    if together is None or together.against is None:
        return None
    return game.texts.word(together.against, language(game))


def _blank(m: re.Match[str]) -> str:
    return f"<{m.group(1)}>"


def _words(game: Game, key: str) -> str:
    """A text of the ruleset with its values left as <name> (its key when it has none)."""
    lang = language(game)
    template = game.texts.template(key, lang)
    if template is None:
        return ENGINE_EVENTS.get(key, key)
    text = fill(template, lambda name: f"<{name}>", lang)
    if not re.sub(r"<[A-Za-z0-9_]+>|[\s.,:;!?]", "", text):  # only values: no words
        return ENGINE_EVENTS.get(key, text)
    return text


def named(game: Game, keys: Sequence[str], label: Any = None) -> dict[str, str]:
    """Each key's words; where two keys would read the same, the key is added in brackets."""
    words = {k: _words(game, label(k) if label else k) for k in keys}
    seen: dict[str, int] = {}
    for w in words.values():
        seen[w] = seen.get(w, 0) + 1
    return {k: w if seen[w] == 1 else f"{w} ({k})" for k, w in words.items()}


def texts(game: Game, ends: Sequence[str], events: Sequence[str]) -> dict[str, dict[str, str]]:
    """The words of the game's actions, and of the endings and events a run logged, by key."""
    labels = {a.name: a.label for a in game.actions}
    return {"actions": named(game, sorted(labels), lambda n: labels[n] or n),
            "ends": named(game, sorted(ends)), "events": named(game, sorted(events))}


def _at(spec: Any, dotted: str) -> Any:
    value = spec
    for part in dotted.split("."):
        value = value.get(part) if isinstance(value, dict) else getattr(value, part, None)
        if value is None:
            return None
    return value


def _shown(value: Any, lang: str) -> str | None:
    if value is None:
        return None
    if isinstance(value, dict) and lang in value:
        return str(value[lang])
    if hasattr(value, "model_dump"):
        value = value.model_dump(exclude_defaults=True)
    return str(value)


def changes(a: Game, b: Game) -> dict[str, Any]:
    """What B changes from A: each variant's description, and each key either sets (with
    A's value and B's)."""
    lang = language(b)
    keys = sorted(set(a.variant_changes.get(a.variant or "", []))
                  | set(b.variant_changes.get(b.variant or "", [])))
    return {
        "a": _about(a, lang), "b": _about(b, lang),
        "keys": [{"key": k, "a": _shown(_at(a.spec, k), lang), "b": _shown(_at(b.spec, k), lang)}
                 for k in keys],
    }


def _about(g: Game, lang: str) -> str | None:
    if g.variant is None:
        return None
    return g.variant_texts.get(g.variant, {}).get(lang) or g.variant_descriptions.get(g.variant)


def about(games: Sequence[Game], players: int, ends: Sequence[str],
          events: Sequence[str]) -> dict[str, Any]:
    """Everything the report says about the rules: the JSON document's `about`."""
    g = games[0]
    return {"kind": kind(g, players), "against": against(g), "language": language(g),
            "texts": texts(g, ends, events),
            "changes": changes(games[0], games[1]) if len(games) > 1 else None}
