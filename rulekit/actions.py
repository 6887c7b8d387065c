"""Actions: small immutable values, one per decision, each with a unique string form."""

from __future__ import annotations

from typing import Any, NoReturn

START, PICK, DONE, CHOOSE = 0, 1, 2, 3


class Action:
    """One decision: start an action, pick a card, finish picking, or choose a value.

    Two actions are equal when their string forms are equal; the string form is unique among
    the legal actions of a state and `State.action_from_text` parses it back. Actions are made
    once per game and shared by every state, so they are frozen: setting an attribute raises
    AttributeError.
    """

    __slots__ = ("kind", "name", "value", "text", "value_type")

    kind: int
    name: str
    value: Any
    text: str
    value_type: str

    def __init__(self, kind: int, name: str, value: Any, text: str, value_type: str = ""):
        init = object.__setattr__
        init(self, "kind", kind)
        init(self, "name", name)  # action name (START), param name (PICK/DONE/CHOOSE)
        init(self, "value", value)  # action index (START), face id (PICK), chosen value (CHOOSE)
        init(self, "text", text)
        init(self, "value_type", value_type)  # CHOOSE: the parameter's type (int, player, ...)

    def __setattr__(self, name: str, value: Any) -> NoReturn:
        raise AttributeError(f"actions are frozen: cannot set {name!r} of {self.text!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"actions are frozen: cannot delete {name!r} of {self.text!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (self.kind, self.name, self.value, self.text, self.value_type))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)
