"""Actions: small immutable values, one per decision, each with a unique string form."""

from __future__ import annotations

from typing import Any

START, PICK, DONE, CHOOSE = 0, 1, 2, 3


class Action:
    """One decision: start an action, pick a card, finish picking, or choose a value.

    Two actions are equal when their string forms are equal; the string form is unique among
    the legal actions of a state and `State.action_from_text` parses it back.
    """

    __slots__ = ("kind", "name", "value", "text", "value_type")

    def __init__(self, kind: int, name: str, value: Any, text: str, value_type: str = ""):
        self.kind = kind
        self.name = name  # action name (START), param name (PICK/DONE/CHOOSE)
        self.value = value  # face id (PICK), chosen value (CHOOSE)
        self.text = text
        self.value_type = value_type  # CHOOSE: the parameter's type (int, player, card, ...)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)
