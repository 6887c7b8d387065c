"""The texts' placeholders against their uses: a `{name}` that no use fills is an author's error."""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from ..data.schema import Ruleset
from ..data.spelling import did_you_mean
from .text import PLACEHOLDER, malformed


class TextUse(NamedTuple):
    """One place a text key is shown, and the placeholder names that place fills."""

    key: str
    gives: frozenset[str]
    what: str
    checked: bool = False  # already checked (and located) at the use itself, e.g. a log
    # the placeholders this use fills with something that is not a number, and what it is
    # ("a player"): a plural form on one of them is an error
    not_numbers: tuple[tuple[str, str], ...] = ()


class Unfilled(NamedTuple):
    """A text's placeholder that a use leaves empty: where it is and what to say."""

    key: str
    lang: str
    line: int  # 0-based, inside the template (as Source.diagnostic's offset)
    col: int
    message: str
    hint: str


NOTHING: frozenset[str] = frozenset()

# what the engine and the driver fill in when they show these texts (when the ruleset has them)
ENGINE_TEXTS = {
    "seat": (frozenset({"seat"}), "a seat's name"),
    "pick_card": (frozenset({"card"}), "a card to pick"),
    "game_begins": (frozenset({"players"}), "the event 'game_begins'"),
    "game_over": (frozenset({"reason", "winners"}), "the event 'game_over'"),
    "phase_begins": (frozenset({"phase"}), "the event 'phase_begins'"),
}
# what the engine fills them with, where that is not a number
ENGINE_NOT_NUMBERS = {
    "pick_card": (("card", "a card"),),
    "game_over": (("reason", "a text"), ("winners", "a list of players")),
    "phase_begins": (("phase", "a phase's label"),),
}


def static_uses(spec: Ruleset) -> Iterator[TextUse]:
    """The uses a ruleset's declarations make of its texts (logs and 'end game' come from code)."""
    for key, (gives, what) in ENGINE_TEXTS.items():
        yield TextUse(key, gives, what, not_numbers=ENGINE_NOT_NUMBERS.get(key, ()))
    attrs = frozenset(a for a in spec.cards.attributes if a != "count")
    words = tuple((a, "a word") for a, v in spec.cards.attributes.items()
                  if isinstance(v, list) and v and all(isinstance(x, str) for x in v))
    for rule in spec.cards.label:
        yield TextUse(rule.text, attrs, "a card's label", not_numbers=words)
    # a symbol is shown as its translation, as it is: nothing is filled in
    for word in ("yes", "no", "done"):
        yield TextUse(word, NOTHING, "a word of the engine")
    # only texts named as such: a name or an attribute's value that happens to be a text key too
    # (a label rule's key used as a value word, say) is not taken for a use
    for phase in spec.phases.values():
        if phase.label:
            yield TextUse(phase.label, NOTHING, "a phase's label")
    shown = frozenset(spec.table.values) | {"me"}  # the table's values fill prompts too
    seats = (("actor", "a player"), ("opener", "a player"), ("me", "the seat looking"))
    for action in spec.actions.values():
        if action.label:
            yield TextUse(action.label, NOTHING, "an action's label")
        for p in action.params:
            if p.prompt:
                yield TextUse(p.prompt, frozenset({"actor"}) | shown, "a parameter's prompt",
                              not_numbers=seats[0:1] + seats[2:])
    for w in spec.windows.values():
        if w.prompt:
            yield TextUse(w.prompt, frozenset({"opener", "actor"}) | shown, "a window's prompt",
                          not_numbers=seats)
    for zone in spec.zones.values():
        if zone.label:
            yield TextUse(zone.label, NOTHING, "a zone's label")
    variables = spec.variables
    for scope in (variables.game, variables.player, variables.team, variables.turn):
        for var in scope.values():
            if var.label:
                yield TextUse(var.label, NOTHING, "a variable's label")
    for team in spec.teams.names if spec.teams else []:
        yield TextUse(team, NOTHING, "a team's name")


def unfilled(spec: Ruleset, uses: list[TextUse]) -> Iterator[Unfilled]:
    """Each text template's placeholders that one of the text's uses does not fill."""
    by_key: dict[str, list[TextUse]] = {}
    for use in uses:
        if use.key in spec.text:
            by_key.setdefault(use.key, []).append(use)
    for key, its in by_key.items():
        given = frozenset().union(*(u.gives for u in its))
        for lang, template in spec.text[key].items():
            if not isinstance(template, str):
                continue
            seen: set[str] = set()
            for m in PLACEHOLDER.finditer(template):
                name = m.group(1)
                short = [u for u in its if not u.checked and name not in u.gives]
                if name in seen or not short:
                    continue
                seen.add(name)
                yield _unfilled(key, lang, template, m.start(), name, given, short)


def plurals_of_non_numbers(spec: Ruleset, uses: list[TextUse]) -> Iterator[Unfilled]:
    """Each plural form (`{name|one|other}`) whose placeholder a use fills with something that
    is not a number (a player, a card, a word): its word could never be chosen by it."""
    held: dict[str, dict[str, str]] = {}  # key -> placeholder -> what a use fills it with
    for use in uses:
        for name, what in use.not_numbers:
            held.setdefault(use.key, {}).setdefault(name, f"{what} (in {use.what})")
    for key, names in held.items():
        for lang, template in spec.text.get(key, {}).items():
            if not isinstance(template, str):
                continue
            for m in PLACEHOLDER.finditer(template):
                name = m.group(1)
                if m.group(2) is None or name not in names:
                    continue
                at = m.start()
                line = template.count("\n", 0, at)
                col = at - (template.rfind("\n", 0, at) + 1)
                yield Unfilled(key, lang, line, col,
                               f"text '{key}' has {m.group(0)}, a plural form, but {{{name}}} "
                               f"holds {names[name]}, not a number",
                               "a plural form chooses its word by a number: name a placeholder "
                               "that holds one (e.g. {n|card|cards}), or write the word alone")


def _unfilled(key: str, lang: str, template: str, at: int, name: str, given: frozenset[str],
              short: list[TextUse]) -> Unfilled:
    line = template.count("\n", 0, at)
    col = at - (template.rfind("\n", 0, at) + 1)
    whats = sorted({u.what for u in short})
    where = "which nothing provides here" if name not in given else \
        f"which {' and '.join(whats)} does not provide"
    gives = f"its uses give: {', '.join(sorted(given))}" if given else \
        f"it is shown as {' and '.join(whats)}, which fills no placeholder"
    message = f"text '{key}' uses {{{name}}}, {where} ({gives})"
    if name in given:  # some uses fill it: the text serves two purposes
        hint = f"give {' and '.join(whats)} a text of its own, without {{{name}}}"
        return Unfilled(key, lang, line, col, message, hint)
    hint = did_you_mean(name, given) or (
        f"its uses can fill: {', '.join('{' + g + '}' for g in sorted(given))}" if given else
        "write it without braces: nothing is filled in here")
    return Unfilled(key, lang, line, col, message, hint)


def malformed_forms(spec: Ruleset) -> Iterator[Unfilled]:
    """Each brace group of a text that looks like a plural form (`{n|card}`) but is not one."""
    for key, entry in spec.text.items():
        for lang, template in entry.items():
            if not isinstance(template, str):
                continue
            for at, seen in malformed(template):
                line = template.count("\n", 0, at)
                col = at - (template.rfind("\n", 0, at) + 1)
                yield Unfilled(key, lang, line, col,
                               f"text '{key}' has {seen}, which is not a plural form",
                               "write {name|one|other}: a placeholder holding a number, the "
                               "word for one, the word for others (e.g. {n|card|cards})")
