"""Why an action is refused, as a stable key with arguments, said in a player's language.

The engine states a refusal as a `Reason`, named by the first of the listing's checks the action
fails (rulekit.runtime.legality); `say` renders it in English, French or Spanish (other languages
fall back to English), naming cards, choices and windows in the ruleset's own words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..lang.text import fill

if TYPE_CHECKING:
    from .game import Rules

# each argument is shown as written, except: card (a card's canonical label), word (a ruleset
# word, translated by its text)
CARD, WORD = "card", "word"


@dataclass(frozen=True)
class Reason:
    """A refusal: a key of MESSAGES and its arguments ((kind, value) or a plain value)."""

    key: str
    args: dict[str, object] = field(default_factory=dict)


MESSAGES: dict[str, dict[str, str]] = {
    "game_over": {
        "en": "the game is over",
        "fr": "la partie est terminée",
        "es": "la partida ha terminado",
    },
    "no_action": {
        "en": "there is no action called '{text}' here",
        "fr": "il n'y a pas d'action appelée « {text} » ici",
        "es": "aquí no hay ninguna acción llamada «{text}»",
    },
    "wrong_window": {
        "en": "'{text}' cannot answer now ('{window}' is asking)",
        "fr": "« {text} » ne peut pas répondre maintenant (« {window} » est en cours)",
        "es": "«{text}» no puede responder ahora («{window}» está en curso)",
    },
    "only_in_window": {
        "en": "'{text}' only answers in the window '{window}'",
        "fr": "« {text} » ne sert qu'en réponse, dans « {window} »",
        "es": "«{text}» solo responde en «{window}»",
    },
    "wrong_phase": {
        "en": "'{text}' is not taken in the phase '{phase}'",
        "fr": "« {text} » ne se joue pas pendant la phase « {phase} »",
        "es": "«{text}» no se juega en la fase «{phase}»",
    },
    "condition": {
        "en": "its condition does not hold now ({rule}.when: {when})",
        "fr": "sa condition n'est pas remplie maintenant ({rule}.when : {when})",
        "es": "su condición no se cumple ahora ({rule}.when: {when})",
    },
    "not_possible_value": {
        "en": "that is not a possible {param} now",
        "fr": "ce n'est pas un choix possible pour « {param} » maintenant",
        "es": "no es un valor posible para «{param}» ahora",
    },
    "pick_more": {
        "en": "pick at least {low} {low|card|cards} first ({n} so far)",
        "fr": "choisissez d'abord au moins {low} {low|carte|cartes} ({n} pour l'instant)",
        "es": "elige primero al menos {low} {low|carta|cartas} ({n} por ahora)",
    },
    "not_a_meld": {
        "en": "the cards picked so far do not form a run or a set",
        "fr": "les cartes choisies ne forment ni une suite ni un brelan",
        "es": "las cartas elegidas no forman ni escalera ni trío",
    },
    "no_such_card": {
        "en": "there is no card called '{label}'",
        "fr": "aucune carte ne s'appelle « {label} »",
        "es": "no hay ninguna carta llamada «{label}»",
    },
    "not_among": {
        "en": "{card} is not among the cards you can choose from",
        "fr": "{card} ne fait pas partie des cartes que vous pouvez choisir",
        "es": "{card} no está entre las cartas que puedes elegir",
    },
    "no_more": {
        "en": "no more cards may be picked; choose 'done'",
        "fr": "plus aucune carte ne peut être choisie ; choisissez « terminé »",
        "es": "no se pueden elegir más cartas; elige «listo»",
    },
    "where_fails": {
        "en": "{card} does not meet this choice's condition (where: {where})",
        "fr": "{card} ne remplit pas la condition de ce choix (where : {where})",
        "es": "{card} no cumple la condición de esta elección (where: {where})",
    },
    "cannot_meld": {
        "en": "{card} cannot make a run or a set with the cards picked so far ({picked}) and "
              "the rest of the hand",
        "fr": "{card} ne peut former ni suite ni brelan avec les cartes déjà choisies "
              "({picked}) et le reste de la main",
        "es": "{card} no puede formar escalera ni trío con las cartas ya elegidas ({picked}) "
              "y el resto de la mano",
    },
    "no_card_yet": {"en": "no card yet", "fr": "aucune carte", "es": "ninguna carta"},
}


def say(game: Rules, reason: Reason, lang: str = "en") -> str:
    """The reason as a sentence in lang (English when the engine lacks lang)."""
    entry = MESSAGES[reason.key]
    args: dict[str, str] = {}
    for name, v in reason.args.items():
        if isinstance(v, tuple) and v[0] == CARD:
            args[name] = _card(game, str(v[1]), lang)
        elif isinstance(v, tuple) and v[0] == WORD:
            args[name] = game.texts.word(str(v[1]), lang)
        elif isinstance(v, list):
            shown = [_card(game, str(x[1]), lang) if isinstance(x, tuple) else str(x) for x in v]
            args[name] = ", ".join(shown) or fill(MESSAGES["no_card_yet"].get(lang) or
                                                  MESSAGES["no_card_yet"]["en"], {})
        else:
            args[name] = str(v)
    return fill(entry.get(lang) or entry["en"], args, lang)


def _card(game: Rules, label: str, lang: str) -> str:
    """A card's canonical label in lang (as written when no card has it)."""
    try:
        return game.card_label(game.labels.index(label), lang)
    except ValueError:
        return label
