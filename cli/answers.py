"""One question to a human seat: its options as numbered lines, and a typed answer parsed.

A number always means the option shown with that number. Options that are cards follow the
order in which the seat sees its cards; options that are melds carry the numbers the table
gives the melds, and show their cards (a wild with the value it stands for). A card or value
whose name is a number is typed in quotes ("4") or as its full label. An option after which
every step of the move has a single option shows those steps: `extend a meld → 2. run: … → 7`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text

import rulekit
from rulekit import CARD, PARAM, Reason, State
from rulekit import say_reason as say
from rulekit.actions import CHOOSE, DONE, PICK, Action
from rulekit.errors import RulekitError

from .look import Painter
from .strings import command_of, t

ARROW = " → "  # between an option and the forced steps it leads to
QUOTES = {'"': '"', "'": "'", "«": "»", "“": "”", "‘": "’"}


@dataclass
class Answer:
    """A parsed answer: actions to apply in order, a command, or a message before asking again."""

    actions: list[Action] | None = None
    message: Text | str | None = None
    command: str | None = None


@dataclass
class Option:
    """One numbered choice as the player reads it and may type it."""

    number: int
    action: Action
    shown: Text
    names: set[str]
    then: list[Text] | None = None  # the forced steps this option completes to, if all are


def ranges(values: list[int]) -> str:
    """Sorted whole numbers as compact ranges: 1-4, 7, 9-10."""
    vs = sorted(set(values))
    out: list[str] = []
    i = 0
    while i < len(vs):
        j = i
        while j + 1 < len(vs) and vs[j + 1] == vs[j] + 1:
            j += 1
        out.append(str(vs[i]) if i == j else f"{vs[i]}-{vs[j]}")
        i = j + 1
    return ", ".join(out)


def _is_number(text: str) -> bool:
    return text.strip().lstrip("-").isdigit()


def melds_seen(obs: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """Every meld a seat sees, by the number the table gives it."""
    views: list[dict[str, Any]] = list(obs["table"].values())
    for row in obs["seats"]:
        views += list(row["zones"].values())
    for team in obs.get("teams", []):
        views += list(team["zones"].values())
    return {m["meld"]: m for v in views for m in v.get("melds") or []}


def seen_order(obs: dict[str, Any], seat: int) -> dict[str, int]:
    """Each card label the seat sees, numbered in the order it sees them: its own zones (its
    hand in the hand's sort order) first, then the table's."""
    order: dict[str, int] = {}
    views = list(obs["seats"][seat]["zones"].values()) + list(obs["table"].values())
    for view in views:
        for label in view["cards"]:
            if label is not None:
                order.setdefault(label, len(order))
    return order


def in_seen_order(labels: list[str], order: dict[str, int]) -> list[str]:
    """Card labels sorted as the seat sees them (labels it does not see last, as they were)."""
    return sorted(labels, key=lambda label: order.get(label, len(order)))


def meld_cards(paint: Painter, meld: dict[str, Any]) -> Text:
    """A meld's cards, each wild followed by the value it stands for: `joker (=7)`.

    Which cards are wild is part of the game's definition (its meld rules), known to all; the
    value each card counts as in the meld is in the observation."""
    rules = paint.game.meld_rules
    parts: list[Text] = []
    values = meld.get("values") or [None] * len(meld["cards"])
    for label, value in zip(meld["cards"], values, strict=False):
        shown = paint.card(label)
        card = paint.card_of_label.get(label)
        if rules is not None and card is not None and rules.wild[card] and value is not None:
            shown += Text(f" (={value})")
        parts.append(shown)
    return Text(", ").join(parts)


def meld_line(paint: Painter, meld: dict[str, Any], lang: str) -> Text:
    """A meld as one line: its kind, then its cards."""
    return Text(t(meld["kind"], lang) + t("colon", lang)) + meld_cards(paint, meld)


class Question:
    """The legal actions of the decision a seat faces now, as numbered options."""

    def __init__(self, state: State, seat: int, paint: Painter, lang: str, names: list[str],
                 probe: bool = True):
        self.state = state
        self.seat = seat
        self.game = state.game
        self.paint = paint
        self.lang = lang
        self.names = names
        self.legal = state.legal_actions()
        pending = state.pending
        self.param = pending.param if pending is not None else None
        self.where = pending.step if pending is not None else None  # which question this is
        self.obs = rulekit.observation(state, seat)
        self.is_range = (self.param is not None and self.param.kind == "number" and all(
            a.kind == CHOOSE and isinstance(a.value, int) for a in self.legal))
        self.picking = any(a.kind == PICK for a in self.legal)
        self.melds = melds_seen(self.obs)
        ordered = self._ordered(self.legal)
        self.by_meld = all(a.kind == CHOOSE and a.value_type == "meld" and a.value in self.melds
                           for a in ordered)
        self.options = [Option(a.value if self.by_meld else i, a, self._shown(a), set())
                        for i, a in enumerate(ordered, 1)]
        for o in self.options:
            o.names = self._names_of(o)
            if probe and not self.is_range and len(self.options) > 1:
                o.then = self._completes(o.action)

    # ---- showing ---------------------------------------------------------------------
    def _ordered(self, legal: list[Action]) -> list[Action]:
        """The legal actions with the cards to pick in the order the seat sees its cards."""
        order = seen_order(self.obs, self.seat)
        labels = self.game.labels
        picks = [a for a in legal if a.kind == PICK]
        picks.sort(key=lambda a: order.get(labels[self.game.face_cards[a.value]], len(order)))
        it = iter(picks)
        return [next(it) if a.kind == PICK else a for a in legal]

    def _shown(self, a: Action) -> Text:
        """An action as the player reads it, card labels and colour words coloured."""
        g = self.game
        if a.kind == CHOOSE:
            if a.value_type == "meld" and a.value in self.melds:
                return meld_line(self.paint, self.melds[a.value], self.lang)
            if self.param is not None and self.param.kind == "player" and isinstance(a.value, int):
                return Text(f"{g.texts.word(self.param.name, self.lang)}{t('colon', self.lang)}"
                            f"{self.names[a.value]}")
        return self.paint.text(g.action_label(a, self.lang, self.names))

    def lines(self) -> list[Text]:
        """The options as printed under the question (or the range of values to type)."""
        if self.is_range:
            return [Text(t("range_hint", self.lang, values=ranges([a.value for a in self.legal])))]
        width = max(len(str(o.number)) for o in self.options)
        # an option whose every later step is forced shows them, in the words each step's own
        # question would show its only option: the player sees the whole move they choose
        return [Text(f"  {o.number:>{width}}) ") + Text(ARROW).join([o.shown, *(o.then or [])])
                for o in self.options]

    def shown(self, a: Action) -> str:
        """An option's text as shown (plain)."""
        return self._shown(a).plain

    def step(self, a: Action) -> Text:
        """An option as a step of a move: a meld with the number the table gives it."""
        if self.by_meld:
            return Text(f"{a.value}. ") + self._shown(a)
        return self._shown(a)

    def forced_next(self, state: State) -> Action | None:
        """The next step of the move seat is putting together when it has a single option
        (state is this question's, or one after its answer), else None."""
        now = state.pending
        if state.is_over or now is None or now.kind != PARAM or now.decider != self.seat:
            return None
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 else None

    def _completes(self, a: Action) -> list[Text] | None:
        """The steps that would follow option a, when each has a single option and they
        complete the move (tried on a copy); None when a real choice would come."""
        trial = self.state.clone()
        steps: list[Text] = []
        try:
            trial.apply_unchecked(a)
            while (lone := self.forced_next(trial)) is not None:
                steps.append(Question(trial, self.seat, self.paint, self.lang, self.names,
                                      probe=False).step(lone))
                trial.apply_unchecked(lone)
        except RulekitError:  # a rule that fails says so when the option is chosen, not before
            return None
        now = trial.pending
        building = (not trial.is_over and now is not None and now.kind == PARAM
                    and now.decider == self.seat)
        return steps if steps and not building else None

    # ---- parsing ---------------------------------------------------------------------
    def _names_of(self, o: Option) -> set[str]:
        """What a player may type for an option: its exact form, its label, a chosen value."""
        a = o.action
        shown = o.shown.plain
        names = {a.text.lower(), shown.lower(),
                 self.game.action_label(a, self.lang, self.names).lower()}
        if a.kind == CHOOSE:
            # "colour: red" may be answered "red" (or "rouge"), a seat by its name (not by the
            # engine's number from 0, which a person would read as another seat)
            values = [shown.rsplit(t("colon", self.lang), 1)[-1]]
            if a.value_type != "player":
                values.append(a.text.split(" ", 1)[-1])
            for value in values:
                names.add(value.strip().lower())
        if a.kind == PICK:
            names.add(self.game.card_label(self.game.face_cards[a.value], self.lang).lower())
        return {n for n in names if n}

    def _by_name(self, text: str) -> Option | None:
        low = text.lower()
        for o in self.options:
            if low in o.names:
                return o
        return None

    def parse(self, raw: str) -> Answer:
        """Turn a typed answer into actions (checked on a copy of the state) or a message."""
        text = " ".join(raw.split())
        lang = self.lang
        if not text:
            if len(self.options) == 1:  # Enter confirms the only option
                return self._sequence([self.options[0].action])
            return Answer(message=t("empty_answer", lang))
        if len(text) >= 2 and QUOTES.get(text[0]) == text[-1]:
            inner = text[1:-1].strip()
            found = self._by_name(inner)
            if found is None:
                return Answer(message=self._refused(inner))
            return self._sequence([found.action])
        tokens = text.replace(",", " ").split()
        if all(_is_number(tok) for tok in tokens):
            return self._numbers(text, [int(tok) for tok in tokens])
        found = self._by_name(text)
        if found is not None:
            return self._sequence([found.action])
        cmd = command_of(text) or ("help" if text == "?" else None)
        if cmd is not None:
            return Answer(command=cmd)
        return Answer(message=self._refused(text))

    def _refused(self, text: str) -> str:
        """Why a typed text is no option: a card's name (one that is not among the options, or
        the engine would have found it), else what the engine says, when it can say it."""
        message = t("unknown_answer", self.lang, text=text)
        label = self._card_named(text)
        why = (Reason("not_among", {"card": (CARD, label)}) if label is not None
               else self.state.why_refused(text))
        if why is not None and why.key != "no_action":
            message += f" ({say(self.game, why, self.lang)})"
        return message

    def _card_named(self, text: str) -> str | None:
        """The canonical label of the card called text (in the seat's language, or canonically),
        or None when no card has that name."""
        low = text.lower()
        g = self.game
        for card in g.face_cards:
            label = g.labels[card]
            if low in (label.lower(), g.card_label(card, self.lang).lower()):
                return label
        return None

    def _numbers(self, text: str, numbers: list[int]) -> Answer:
        lang = self.lang
        if self.is_range:
            values = [a.value for a in self.legal]
            if len(numbers) != 1 or numbers[0] not in values:
                return Answer(message=t("not_a_value", lang, n=text, values=ranges(values)))
            return self._sequence([self.legal[values.index(numbers[0])]])
        by_number = {o.number: o for o in self.options}
        for n in numbers:
            if n not in by_number:
                message = t("not_an_option", lang, n=n,
                            numbers=ranges([o.number for o in self.options]))
                named = self._by_name(str(n))
                if named is not None:  # a card or value called n: say how to name it
                    message += " " + t("quote_hint", lang, n=n)
                return Answer(message=message)
        chosen = [by_number[n].action for n in numbers]
        if len(chosen) > 1 and not all(a.kind == PICK for a in chosen[:-1]):
            return Answer(message=t("one_at_a_time", lang))
        return self._sequence(chosen, finish=self.picking)

    def _sequence(self, chosen: list[Action], finish: bool = False) -> Answer:
        """Check a run of actions on a copy; with finish, end a card choice when allowed."""
        trial = self.state.clone()
        out: list[Action] = []
        for a in chosen:
            now = {x.text: x for x in (trial.legal_actions() if out else self.legal)}
            if a.text not in now:
                return Answer(message=t("not_legal_then", self.lang, option=self.shown(a)))
            trial.apply_unchecked(now[a.text])
            out.append(now[a.text])
        if finish and self.where is not None and not trial.is_over:
            after = trial.pending
            if after is not None and after.step == self.where:  # still picking the same cards
                done = [x for x in trial.legal_actions() if x.kind == DONE]
                if done:
                    out.append(done[0])
        return Answer(actions=out)
