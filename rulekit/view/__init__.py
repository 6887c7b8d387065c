"""A seat's view of a game as plain typed data: what any table draws (rulekit.view.view)."""

from .cards import CardView
from .events import EventView, Journal, TurnEvents
from .players import PlayerView, TeamView
from .question import OptionView, QuestionView
from .seat import OutcomeView, SeatView, view
from .values import VarView
from .zones import MeldView, ZoneView

__all__ = ["CardView", "EventView", "Journal", "MeldView", "OptionView", "OutcomeView",
           "PlayerView", "QuestionView", "SeatView", "TeamView", "TurnEvents", "VarView",
           "ZoneView", "view"]
