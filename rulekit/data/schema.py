"""The ruleset's shape, checked by pydantic: unknown keys are errors, every model is frozen."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
    model_validator,
)

# DSL text: a string, or a YAML number / boolean that stands for itself.
Expr = str | int | bool
Effects = list[Any]  # checked by the compiler, which gives better messages than a union would


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class PlayersSpec(Model):
    min: int = Field(ge=1, le=64)
    max: int = Field(ge=1, le=64)
    default: int | None = Field(default=None, ge=1, le=64)  # the count tools deal by default

    @model_validator(mode="after")
    def _ordered(self) -> PlayersSpec:
        if self.max < self.min:
            raise ValueError(f"max ({self.max}) is smaller than min ({self.min})")
        return self


MAX_WORK = 2_000_000  # evaluation steps between two decisions (docs/authoring.md, Limits)
# A game's log (events, logged values), the work of a whole game: about 10x the most a bundled
# game used in 300 random games of each ruleset, variant and player count (17,128 and 1,340,048;
# benchmarks/limits_headroom.py, docs/authoring.md). What variables hold (items of lists, and
# melds laid): 10x the largest deck (MAX_DECK), the bundled games keeping at most 83 parts
MAX_LOG = 200_000
MAX_STATE = 100_000
MAX_GAME_WORK = 15_000_000


class LimitsSpec(Model):
    max_decisions: int = Field(default=100_000, ge=1, le=10_000_000)
    max_auto_steps: int = Field(default=10_000, ge=1, le=1_000_000)
    max_choices: int = Field(default=1_000, ge=1, le=100_000)
    max_work: int = Field(default=MAX_WORK, ge=1, le=20_000_000)
    max_log: int = Field(default=MAX_LOG, ge=1, le=5_000_000)
    max_state: int = Field(default=MAX_STATE, ge=1, le=10_000_000)
    max_game_work: int = Field(default=MAX_GAME_WORK, ge=1, le=10_000_000_000)


class ComputedAttr(Model):
    computed: str


class IntAttr(Model):
    """A number attribute whose values may be shown by name: {type: int, names: {11: jack}}."""

    type: Literal["int"]
    names: dict[int, str] = {}  # value -> text key shown instead of the number


AttrSpec = Literal["int", "bool"] | list[str | int] | ComputedAttr | IntAttr


class LabelRule(Model):
    text: str
    when: Expr = True


class LookSpec(Model):
    """How a table draws the cards with one attribute value (docs/authoring.md, card looks)."""

    colour: str | None = None  # a colour of rulekit.rules.tableview.COLOURS
    glyph: str | None = None  # one printable character, e.g. a suit's symbol


class CardsSpec(Model):
    attributes: dict[str, AttrSpec]
    deck: list[dict[str, Any]] = Field(min_length=1)
    start: str
    label: list[LabelRule] = Field(min_length=1)
    # per attribute, per value: the colour and glyph a table draws such a card with
    look: dict[str, dict[str | int | bool, LookSpec]] = {}


class ZoneSpec(Model):
    owner: Literal["table", "player", "team"] = "table"
    visibility: Literal["public", "owner", "count", "hidden"]
    ordered: bool = True
    label: str | None = None
    melds: bool = False  # the zone's cards are organised in melds (see MeldsSpec)
    sort: Expr | None = None  # how an unordered zone is shown: by this value of each card 'it'


class RunSpec(Model):
    min: int = Field(default=3, ge=1, le=1000)
    max: int = Field(default=1000, ge=1, le=1000)
    same: Expr | None = None  # what every card of a run shares (a suit, say)


class SetSpec(Model):
    min: int = Field(default=3, ge=1, le=1000)
    max: int = Field(default=1000, ge=1, le=1000)


class RangeSpec(Model):
    min: int = Field(ge=-(10**6), le=10**6)
    max: int = Field(ge=-(10**6), le=10**6)


class MeldsSpec(Model):
    value: Expr  # the number a card counts as in runs and sets
    cards: Expr = True  # which cards may be in melds at all (the others never meld)
    run: RunSpec | None = None
    set: SetSpec | None = None
    wild: Expr | None = None  # cards that stand for any value, fixed when laid
    wild_values: RangeSpec | None = None


class VarSpec(Model):
    type: str
    initial: Any = None
    # true: everyone; false: no one; owner (a player variable) / team (a team variable): the
    # player who owns it, the team's members
    visible: bool | Literal["owner", "team"] = True
    label: str | None = None
    names: dict[int, str] | None = None  # a number variable's values shown by name (text keys)
    resample: Expr | None = None  # a hidden variable's value in a bot's sampled world


class VariablesSpec(Model):
    game: dict[str, VarSpec] = {}
    player: dict[str, VarSpec] = {}
    team: dict[str, VarSpec] = {}
    turn: dict[str, VarSpec] = {}


class TeamsSpec(Model):
    names: list[str] = Field(min_length=1)  # the teams, each a text key for display
    of: Expr  # each player's team, by name: an expression on p


class ParamSpec(Model):
    cards: str | None = None
    choice: str | None = None
    number: str | None = None
    player: str | None = None
    from_: Expr | None = Field(default=None, alias="from")
    values: Expr | list[str | int] | None = None
    among: Expr | None = None
    min: Expr | None = None
    max: Expr | None = None
    where: Expr | None = None
    when: Expr | None = None
    otherwise: Expr | None = None
    prompt: str | None = None
    meld: bool = False  # cards: only picks that can still end in a valid new meld
    names: dict[int, str] | None = None  # number / choice: values shown by name (text keys)

    @model_validator(mode="after")
    def _one_kind(self) -> ParamSpec:
        kinds = [k for k in ("cards", "choice", "number", "player") if getattr(self, k)]
        if len(kinds) != 1:
            raise ValueError("a parameter names exactly one of: cards, choice, number, player")
        return self

    @property
    def kind(self) -> str:
        """Which kind of parameter this is."""
        for k in ("cards", "choice", "number", "player"):
            if getattr(self, k):
                return k
        raise AssertionError("validated")

    @property
    def name(self) -> str:
        """The parameter's name, as the effects refer to it."""
        return str(getattr(self, self.kind))


class ActionSpec(Model):
    label: str | None = None
    phase: str | list[str] | None = None
    window: str | None = None
    when: Expr = True
    params: list[ParamSpec] = []
    effects: Effects = []
    closes: bool = True
    weight: Expr | None = None  # bots: how often a random playout takes it (a hint, not a rule)


class RaceSpec(Model):
    """A racing window: everyone eligible answers unseen; ties are settled by `ties`."""

    ties: Literal["clockwise", "counterclockwise", "random"]
    from_: Expr | None = Field(default=None, alias="from")  # first in line; default the opener

    @model_validator(mode="after")
    def _from_ordered(self) -> RaceSpec:
        if self.ties == "random" and self.from_ is not None:
            raise ValueError("'from' names the first in line of an ordered tie rule; "
                             "'ties: random' has no line (leave 'from' out)")
        return self


class WindowSpec(Model):
    prompt: str | None = None
    order: Expr
    eligible: Expr = True
    then: Effects = []
    race: RaceSpec | None = None  # None: asked one at a time, each answer run at once


class PhaseSpec(Model):
    label: str | None = None
    first: Expr
    active: Expr = True
    turn_order: Literal["clockwise", "counterclockwise"] = "clockwise"
    on_begin: Effects = []
    end_if: Expr | None = None
    on_end: Effects = []
    next: str | None = None
    on_turn_begin: Effects = []  # effects when a turn begins, before its first decision
    on_turn_end: Effects = []  # effects when a turn ends by 'end turn', before it passes


class ProcedureSpec(Model):
    """A named list of effects with typed parameters, run by `call NAME(ARGS)`."""

    params: list[dict[str, str]] = []  # each one {name: type}, in order
    effects: Effects = []


class ScoringSpec(Model):
    score: Expr
    # highest | lowest | all | none | a condition on p (e.g. "outcome != 'lost'")
    winners: str = "highest"


class BeliefSpec(Model):
    """What search bots assume of the cards they cannot see (a hint, never a rule)."""

    that: Expr  # a condition over a dealt world (e.g. a claim is honest)
    share: Expr  # in how many of 100 dealt worlds it holds, a whole number from 0 to 100
    when: Expr = True  # when the belief applies; else the worlds are dealt as they come
    # where worlds meeting `that` are rare: the cards to trade for other hidden ones until the
    # distance (a whole number, 0 when `that` holds) is 0
    cards: Expr | None = None
    distance: Expr | None = None


class RuleOutSpec(Model):
    """Cards a player's zone never holds in the worlds search bots deal (a hint, never a rule)."""

    zone: str  # a player zone
    where: Expr  # a condition on p (the zone's player) and it (a card): true rules it out


class BotsSpec(Model):
    """Hints for bots; they never change the rules."""

    evaluate: Expr | None = None  # how well player p stands: a whole number from 0 to out_of
    out_of: int = Field(default=100, ge=1, le=10**6)
    believe: list[BeliefSpec] = []
    rule_out: list[RuleOutSpec] = []
    # the decisions a search's imagined game plays past its tree before `evaluate` scores it
    # (0: scored where the tree leaves off); None: the search's own default
    horizon: int | None = Field(default=None, ge=0, le=1000, strict=True)


class InvariantSpec(Model):
    name: str
    check: Expr


class StatusSpec(Model):
    text: str  # a text key; its placeholders are the names under table.values, and {me}
    when: Expr = True  # over what every player sees (table.values' rules)


class CountSpec(Model):
    text: str  # a text key with {n}: how many events of the kind the game logged
    count: str  # a log's text key (an event kind)


class TogetherSpec(Model):
    """The players win or lose together, as one side (a cooperative game)."""

    against: str | None = None  # a text key: what they play against, as the game calls it


class TableSpec(Model):
    """What the table screen shows (docs/authoring.md section 18b); never changes the rules."""

    status: list[StatusSpec] = []  # the status line: the first entry whose 'when' holds
    values: dict[str, Expr] = {}  # named expressions over what every player sees (and `me`)
    variables: list[str] | None = None  # the variables shown; absent: every visible one
    full: dict[str, list[str]] = {}  # zone -> actions while whose choices it is shown whole
    summary: list[CountSpec] = []  # the end-of-game counts
    # a yes/no variable said in words: for each value, the text shown instead of 'label: yes'
    # (a value without a text is not shown)
    flags: dict[str, dict[bool, str]] = {}
    together: TogetherSpec | None = None  # the players win or lose together (the end's words)
    # the event that begins a round (or hand), and the text naming round n ('Round {n}'): a
    # replay numbers its steps by round and turn
    rounds: CountSpec | None = None
    # log events worth a pause (a hand won, a bluff caught): the terminal shows them and waits
    moments: list[str] = []


class Ruleset(Model):
    name: str
    rulebook: str | None = None
    players: PlayersSpec
    languages: list[str] = Field(default=["en"], min_length=1)
    # one sentence for menus: one text, or one per language (declared after 'languages', which
    # its check reads)
    description: str | dict[str, str] | None = None
    limits: LimitsSpec = LimitsSpec()
    cards: CardsSpec
    melds: MeldsSpec | None = None
    teams: TeamsSpec | None = None
    zones: dict[str, ZoneSpec] = Field(min_length=1)
    variables: VariablesSpec = VariablesSpec()
    define: dict[str, Expr] = {}
    procedures: dict[str, ProcedureSpec] = {}
    setup: Effects = []
    phases: dict[str, PhaseSpec] = Field(min_length=1)
    actions: dict[str, ActionSpec] = Field(min_length=1)
    windows: dict[str, WindowSpec] = {}
    scoring: ScoringSpec
    text: dict[str, dict[str, str]] = {}
    table: TableSpec = TableSpec()
    rules_text: dict[str, str] = {}  # language -> a short statement of the rules
    invariants: list[InvariantSpec] = []
    bots: BotsSpec = BotsSpec()

    @field_validator("languages")
    @classmethod
    def _langs(cls, v: list[str]) -> list[str]:
        if len(set(v)) != len(v):
            raise ValueError("a language is listed twice")
        return v

    @field_validator("table")
    @classmethod
    def _table_words(cls, v: TableSpec, info: ValidationInfo) -> TableSpec:
        # the texts and variables the table's words name, checked where they are named
        texts = info.data.get("text")
        variables = info.data.get("variables")
        if texts is None or variables is None:
            return v
        flags = {name: spec for scope in (variables.game, variables.player, variables.team,
                                          variables.turn)
                 for name, spec in scope.items()}
        for name, words in v.flags.items():
            if name not in flags:
                raise ValueError(f"flags: no variable '{name}' in the ruleset")
            if flags[name].type != "bool":
                raise ValueError(f"flags: '{name}' is a {flags[name].type} variable; flags "
                                 "word the values of yes/no (bool) variables")
            for value, key in words.items():
                if key not in texts:
                    raise ValueError(f"flags: {name}: no text '{key}' for {str(value).lower()}"
                                     " in the ruleset's text section")
        against = v.together.against if v.together is not None else None
        if against is not None and against not in texts:
            raise ValueError(f"together: no text '{against}' in the ruleset's text section")
        if v.rounds is not None:
            for what, key in (("text", v.rounds.text), ("count", v.rounds.count)):
                if key not in texts:
                    raise ValueError(f"rounds: {what}: no text '{key}' in the ruleset's text "
                                     "section (a round's event is one the game logs and says)")
        return v

    @field_validator("description")
    @classmethod
    def _description_langs(cls, v: str | dict[str, str] | None,
                           info: ValidationInfo) -> str | dict[str, str] | None:
        langs = info.data.get("languages")
        if not isinstance(v, dict) or langs is None:
            return v
        extra = [k for k in v if k not in langs]
        if extra:
            raise ValueError(f"'{extra[0]}' is not one of the ruleset's languages "
                             f"({', '.join(langs)})")
        missing = [k for k in langs if k not in v]
        if missing:
            raise ValueError(f"the description has no translation for: {', '.join(missing)}")
        return v
