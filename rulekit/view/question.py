"""The decision waiting: who is asked what, and for the seat asked, its options in words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..actions import CHOOSE, PICK
from ..runtime.observe import pending_view
from ..runtime.pending import TURN, WINDOW
from .cards import Cards, CardView
from .values import words

if TYPE_CHECKING:
    from ..runtime.state import State


@dataclass(frozen=True)
class OptionView:
    """One legal answer: what a driver sends back (action) and what a player reads (text)."""

    action: str  # the action's canonical text, as State.apply takes it
    text: str  # in the view's language
    card: CardView | None = None  # the card it picks or names, drawn as the table draws it


@dataclass(frozen=True)
class QuestionView:
    """The pending decision. Another seat's question says only who is asked about which
    action; the seat asked also gets the prompt, what it chose so far and its options."""

    kind: str  # turn | param | window
    asked: int  # the seat that decides
    yours: bool
    action: str | None = None  # the action being put together (its label), if one is
    opener: int | None = None  # a window: the seat whose action opened it
    prompt: str | None = None  # the ruleset's question in words (None: the driver says it)
    param: str | None = None  # the parameter asked, in words (yours only)
    chosen: tuple[tuple[str, str], ...] = ()  # the parameters chosen so far, in words
    picking: tuple[CardView, ...] = ()  # the cards picked so far for the parameter asked
    options: tuple[OptionView, ...] = ()


def question_view(s: State, seat: int | None, lang: str, names: list[str], cards: Cards,
                  values: dict[str, str]) -> QuestionView | None:
    """The question seat sees now (None once the game is over); values: the table's values in
    words for seat, which the ruleset's prompts may name."""
    now = s.pending
    if now is None:
        return None
    g = s.game
    yours = seat == now.decider
    seen = pending_view(s, seat) or {}
    action = seen.get("action")
    label = next((g.texts.word(a.label, lang) for a in g.actions if a.name == action), None)
    opener = now.opener if now.kind == WINDOW else None
    if not yours:
        return QuestionView(now.kind, now.decider, False, label, opener)
    args = {**values, "actor": names[now.decider]}
    prompt = param = None
    if now.kind == WINDOW:
        assert now.window is not None
        args["opener"] = names[opener] if opener is not None else "-"
        prompt = g.texts.render(now.window.prompt, lang, args) if now.window.prompt else None
    elif now.kind != TURN and now.param is not None:
        param = g.texts.word(now.param.name, lang)
        prompt = g.texts.render(now.param.prompt, lang, args) if now.param.prompt else None
    chosen = []
    act = next((a for a in g.actions if a.name == action), None)
    for p in act.params if act is not None else ():
        v = seen.get("chosen", {}).get(p.name)
        if v is not None:
            type_ = "list[card]" if p.kind == "cards" else p.value_type
            chosen.append((g.texts.word(p.name, lang),
                           words(g, type_, v, lang, names, p.names, cards)))
    options = []
    for a in s.legal_actions():
        card = None
        if a.kind == PICK:
            card = cards.card(g.labels[g.face_cards[a.value]])
        elif a.kind == CHOOSE and a.value_type == "card" and isinstance(a.value, int):
            card = cards.card(g.labels[a.value])
        options.append(OptionView(a.text, g.action_label(a, lang, names), card))
    return QuestionView(now.kind, now.decider, True, label, opener, prompt, param,
                        tuple(chosen), tuple(cards.card(k) for k in seen.get("picking", ())),
                        tuple(options))
