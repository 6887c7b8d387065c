"""The rules being compiled: the parts the compiler's passes return, gathered until the last pass,
then made into read-only Rules in one constructor call (`RulesDraft.build`)."""

from __future__ import annotations

from typing import Any, TypeVar

from ..actions import Action
from ..data.schema import Ruleset
from ..lang.text import Texts
from ..rules.game import (
    Flow,
    Limits,
    Rules,
    SpecSource,
    Teams,
    VariantLabels,
    card_label_text,
    default_players,
)
from ..rules.hints import BotHints
from ..rules.melds import MeldRules
from ..rules.parts import CardTable, Scoring, VarInfo, VarLayout, ZoneInfo, ZoneLayout
from ..rules.tableview import TableView

R = TypeVar("R", bound=Rules)


class RulesDraft:
    """What the passes have made so far (rulekit.compile.compiler): each part as a pass returns
    it, and the few tables passes fill in (labels, places, hints, the table); the lists later
    passes read are offered under the rules' flat names."""

    def __init__(self, spec: Ruleset, file: str) -> None:
        self.spec = spec
        self.file = file
        self.generated: Any = None  # the codegen.Module the compiler makes of the rules
        self.languages = list(spec.languages)
        self.texts = Texts({k: dict(v) for k, v in spec.text.items()}, self.languages)
        self.card_table = CardTable()
        self.card_label_key: list[str] = []
        self.labels: list[str] = []
        self.pick_actions: list[Action] = []
        self.done_actions: dict[str, Action] = {}
        self.zone_layout = ZoneLayout()
        self.var_layout = VarLayout()
        self.flow = Flow()
        self.setup: Any = None
        self.scoring: Scoring | None = None  # the scoring pass always makes one
        self.meld_rules: MeldRules | None = None
        self.teams = Teams()
        self.invariants: list[tuple[str, Any]] = []
        self.hints = BotHints()
        self.places: dict[str, str] = {}
        self.has_show = False
        self.table = TableView()

    # ---- what later passes read of earlier ones -------------------------------------------
    @property
    def n_cards(self) -> int:
        """How many cards the deck has."""
        return self.card_table.n_cards

    @property
    def card_attrs(self) -> dict[str, list[Any]]:
        """One list per card attribute, indexed by card id."""
        return self.card_table.card_attrs

    @property
    def face_of(self) -> list[int]:
        """Each card's face."""
        return self.card_table.face_of

    @property
    def face_cards(self) -> list[int]:
        """A representative card per face."""
        return self.card_table.face_cards

    @property
    def table_zones(self) -> list[ZoneInfo]:
        """The table's zones."""
        return self.zone_layout.table

    @property
    def player_zones(self) -> list[ZoneInfo]:
        """The zones each player has."""
        return self.zone_layout.player

    @property
    def team_zones(self) -> list[ZoneInfo]:
        """The zones each team has."""
        return self.zone_layout.team

    @property
    def game_vars(self) -> list[VarInfo]:
        """The game's variables."""
        return self.var_layout.game

    @property
    def player_vars(self) -> list[VarInfo]:
        """Each player's variables."""
        return self.var_layout.player

    @property
    def team_vars(self) -> list[VarInfo]:
        """Each team's variables."""
        return self.var_layout.team

    @property
    def turn_vars(self) -> list[VarInfo]:
        """The variables a turn starts afresh."""
        return self.var_layout.turn

    @property
    def team_names(self) -> list[str]:
        """The teams' names."""
        return self.teams.names

    def card_label(self, card: int) -> str:
        """A card's label in the first language (its label key found already)."""
        return card_label_text(self.texts, self.card_table, self.card_label_key[card], card,
                               self.languages[0])

    # ---- the rules ---------------------------------------------------------------------------
    def build(self, make: type[R], labels: VariantLabels) -> R:
        """The read-only rules of the parts made, labelled with their variants (one call)."""
        spec = self.spec
        lim = spec.limits
        assert self.scoring is not None, "the scoring pass ran (rules are built without errors)"
        return make(
            file=self.file, name=spec.name, description=spec.description,
            languages=self.languages, min_players=spec.players.min,
            max_players=spec.players.max,
            default_players=default_players(spec.players.min, spec.players.max,
                                            spec.players.default),
            limits=Limits(max_decisions=lim.max_decisions, max_auto_steps=lim.max_auto_steps,
                          max_choices=lim.max_choices, max_work=lim.max_work,
                          max_log=lim.max_log, max_state=lim.max_state,
                          max_game_work=lim.max_game_work),
            texts=self.texts, card_table=self.card_table, card_label_key=self.card_label_key,
            labels=self.labels, pick_actions=self.pick_actions, done_actions=self.done_actions,
            zone_layout=self.zone_layout, var_layout=self.var_layout, flow=self.flow,
            setup=self.setup, scoring=self.scoring, meld_rules=self.meld_rules,
            teams=self.teams, invariants=self.invariants, hints=self.hints,
            places=self.places, has_show=self.has_show, table=self.table,
            variant_labels=labels, source=SpecSource(spec), generated=self.generated)
