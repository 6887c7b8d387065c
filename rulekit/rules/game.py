"""The compiled rules of a game: card table, zones, actions, phases; the runtime plays them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..actions import CHOOSE, DONE, PICK, START, Action
from ..errors import EvaluationLimitError, FrozenRulesError, RuleRuntimeError, unforeseen
from ..lang.text import Texts, colon
from .hints import BotHints
from .melds import MeldRules
from .parts import CardTable, Scoring, VarInfo, VarLayout, ZoneInfo, ZoneLayout
from .tableview import TableView
from .usage import card_id, check_action

if TYPE_CHECKING:  # the schema imports pydantic: a game loaded whole (rulekit.gamecache) does not
    from ..data.schema import Ruleset

Fn = Any
# a game in progress (rulekit.runtime.State): the rules layer never imports the runtime, it only
# hands states to the compiled closures
State = Any


@dataclass
class CompiledParam:
    """One parameter of an action, chosen step by step (its legal steps: runtime.choices)."""

    kind: str  # cards | choice | number | player
    name: str
    rule: str
    game: Rules = field(repr=False)
    source: Fn = None  # cards: zone id or list of cards
    min: Fn = None
    max: Fn = None
    values: Fn = None  # choice / player: list of values
    where: Fn = None
    where_cost: int = 0  # what one evaluation of 'where' costs (drawn per item offered)
    when: Fn = None
    otherwise: Fn = None
    value_type: str = "any"
    prompt: str | None = None
    meld: bool = False  # cards: only picks that can still end in a valid new meld
    where_text: str = ""
    min_const: int | None = None  # 'min' and 'max' when they are plain numbers
    max_const: int | None = None
    names: dict | None = None  # a choice among numbers shown by name (value -> text key)
    _choose: dict = field(default_factory=dict, repr=False)
    # the legal steps of a number parameter without 'where', per (min, max): made once
    _ranges: dict = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        # the names errors give, made once instead of at every evaluation
        r = self.rule
        self.r_min, self.r_max, self.r_from = r + ".min", r + ".max", r + ".from"
        self.r_where, self.r_values = r + ".where", r + ".values"


@dataclass
class CompiledAction:
    """An action a player may take on their turn, or in a window."""

    name: str
    index: int
    rule: str
    label: str
    window: int | None
    phases: set[int] | None
    when: Fn
    params: list[CompiledParam]
    effects: Fn
    closes: bool
    start: Action
    when_text: str = ""
    r_effects: str = field(init=False, repr=False, default="")  # rule names, made once

    def __post_init__(self) -> None:
        self.r_effects = self.rule + ".effects"


@dataclass
class CompiledWindow:
    """A reaction window."""

    name: str
    rule: str
    prompt: str | None
    order: Fn
    eligible: Fn | None  # None: everyone in the order is asked (absent, or the constant true)
    then: Fn
    actions: list[CompiledAction] = field(default_factory=list)
    startable: Fn = None  # as CompiledPhase.startable, for the window's actions
    startable_cost: int = 0
    # a racing window (rulekit.runtime.racing): its tie rule ('clockwise', 'counterclockwise',
    # 'random'; None: an ordinary window) and the seat first in line (None: the opener)
    race: str | None = None
    race_from: Fn | None = None
    r_eligible: str = field(init=False, repr=False, default="")  # rule names, made once
    r_then: str = field(init=False, repr=False, default="")

    def __post_init__(self) -> None:
        self.r_eligible, self.r_then = self.rule + ".eligible", self.rule + ".then"


@dataclass
class CompiledPhase:
    """A phase: who starts, who gets turns, what ends it, what comes next."""

    name: str
    rule: str
    label: str
    first: Fn
    active: Fn
    step: int
    on_begin: Fn
    end_if: Fn | None
    on_end: Fn
    next: int = 0
    actions: list[CompiledAction] = field(default_factory=list)
    next_of: Fn = None  # `next:` as an expression: the index of the phase it names, when it ends
    on_turn_begin: Fn = None  # effects when a turn begins, actor bound (None: no hook)
    on_turn_end: Fn = None  # effects when a turn ends by 'end turn', before it passes
    # the start of every action whose 'when' holds, in order: all the whens in one function
    startable: Fn = None
    startable_cost: int = 0  # the whens' size, drawn at each listing when they are large
    r_end_if: str = field(init=False, repr=False, default="")  # rule names, made once
    r_on_end: str = field(init=False, repr=False, default="")
    r_on_begin: str = field(init=False, repr=False, default="")
    r_first: str = field(init=False, repr=False, default="")
    r_active: str = field(init=False, repr=False, default="")
    r_on_turn_begin: str = field(init=False, repr=False, default="")
    r_on_turn_end: str = field(init=False, repr=False, default="")

    def __post_init__(self) -> None:
        for part in ("end_if", "on_end", "on_begin", "first", "active", "on_turn_begin",
                     "on_turn_end"):
            setattr(self, "r_" + part, f"{self.rule}.{part}")


@dataclass
class Flow:
    """The flow a compiler pass makes: the phases, the windows and every action, each action
    also listed by the phases (or the window) it belongs to."""

    phases: list[CompiledPhase] = field(default_factory=list)
    windows: list[CompiledWindow] = field(default_factory=list)
    actions: list[CompiledAction] = field(default_factory=list)


_PY_ERRORS = (TypeError, IndexError, KeyError, ValueError, AttributeError, ZeroDivisionError)


RULE_FAILURES = (RuleRuntimeError, RecursionError, *_PY_ERRORS)  # what evaluating a rule raises


def failure(rule: str, err: BaseException) -> RuleRuntimeError:
    """What a rule's failure is raised as: a rule error naming rule, unless it names one."""
    if isinstance(err, RuleRuntimeError):
        if err.rule:
            return err
        return type(err)(rule, err.detail, err.where)  # named here, keeping its kind
    if isinstance(err, RecursionError):
        return EvaluationLimitError(rule, "the rule nests too deeply")
    return RuleRuntimeError(rule, unforeseen(err, "the rule"))


def default_players(lo: int, hi: int, default: int | None) -> int:
    """The player count tools deal by default: the ruleset's, else 4 kept within lo..hi."""
    if default is not None:
        return default
    return 4 if lo <= 4 <= hi else lo


# zone_open_codes: a zone every seat sees whole, one no seat does; a team's is OPEN_TEAM - team
OPEN_ALL, OPEN_NONE, OPEN_TEAM = -1, -2, -3


class Rules:
    """A compiled ruleset; rulekit.Game adds the making of states.

    The compiler fills it pass by pass and finishes it once (finish): from then on it is
    read-only, but for its checked ruleset, read when first asked (a game kept whole by
    rulekit.gamecache), and the zone tables kept per player count as games ask for them.
    """

    _LAZY = frozenset({"_spec", "spec_loader"})  # may still be set on finished rules

    def __setattr__(self, name: str, value: Any) -> None:
        if self.__dict__.get("_finished") and name not in Rules._LAZY:
            raise FrozenRulesError(name)
        object.__setattr__(self, name, value)

    def __init__(self, spec: Ruleset, file: str):
        self._finished = False
        self._spec: Ruleset | None = spec
        # a game loaded whole (rulekit.gamecache) reads its checked ruleset only when asked
        self.spec_loader: Callable[[], Ruleset] | None = None
        self.file = file
        self.generated: Any = None  # the codegen.Module the compiler made of the rules
        self.name = spec.name
        self.description: str | dict[str, str] | None = spec.description  # per language
        self.min_players = spec.players.min
        self.max_players = spec.players.max
        self.languages = list(spec.languages)
        self.max_decisions = spec.limits.max_decisions
        self.max_auto_steps = spec.limits.max_auto_steps
        self.max_choices = spec.limits.max_choices
        self.max_work = spec.limits.max_work
        self.max_log = spec.limits.max_log
        self.max_state = spec.limits.max_state
        self.max_game_work = spec.limits.max_game_work
        self.texts = Texts({k: dict(v) for k, v in spec.text.items()}, self.languages)
        # filled by the compiler: the parts its passes return (take_cards, take_zones,
        # take_variables), their lists also under their old names
        self.take_cards(CardTable())
        self.card_label_key: list[str] = []
        self.labels: list[str] = []  # canonical label per card
        self.pick_actions: list[Action] = []
        self.done_actions: dict[str, Action] = {}
        self.take_zones(ZoneLayout())
        self.take_variables(VarLayout())
        self.actions: list[CompiledAction] = []
        self.windows: list[CompiledWindow] = []
        self.phases: list[CompiledPhase] = []
        self.setup: Fn = None
        self.score_fn: Fn = None
        self.winners_highest = True
        self.winners_mode = "highest"  # highest | lowest | all | none | condition
        self.winners_fn: Fn = None
        self.meld_rules: MeldRules | None = None
        # the variants (rulekit.data.variants), labelled by finish
        self.variant: str | None = None
        self.variants: list[str] = []
        self.base_files: list[str] = []
        self.variant_descriptions: dict[str, str] = {}
        self.variant_texts: dict[str, dict[str, str]] = {}  # a description per language
        self.variant_changes: dict[str, list[str]] = {}  # the ruleset keys each variant sets
        self.team_names: list[str] = []
        self.team_of_fn: Fn = None  # each player's team name, from teams.of
        self.invariants: list[tuple[str, Fn]] = []
        self.hints: BotHints = BotHints()  # bots' hints; they never change the rules
        # where rules are written, 'file:line:col' by rule ('actions.X', 'phases.X.end_if',
        # 'log.KEY' for a text's first log statement): run-time errors and coverage name them
        self.places: dict[str, str] = {}
        # the player count tools deal when none is asked for (players.default)
        self.default_players = default_players(self.min_players, self.max_players,
                                               spec.players.default)
        self.has_show = False  # the rules use 'show': observations list what each seat knows
        # the zone tables of zone_of_instance and zone_open_codes, per player count: filled as
        # games of each count ask (the only things that change in finished rules)
        self._instances: dict[int, list[tuple[ZoneInfo, int | None]]] = {}
        self.open_codes: dict[int, list[int]] = {}
        self._face_order: list[int] | None = None  # face_order, made by finish
        self._holds_cards: bool | None = None  # holds_cards, worked out by finish
        self.table = TableView()  # what a table screen shows (rulekit.compile.table); not rules

    def take_cards(self, cards: CardTable) -> None:
        """The card table the compiler made."""
        self.card_table = cards
        self.n_cards = cards.n_cards
        self.card_attrs = cards.card_attrs
        self.attr_types = cards.attr_types
        self.attr_names = cards.attr_names  # number attributes shown by name
        self.face_of = cards.face_of
        self.face_cards = cards.face_cards  # a representative card per face

    def take_zones(self, zones: ZoneLayout) -> None:
        """The zone layout the compiler made."""
        self.zone_layout = zones
        self.table_zones: list[ZoneInfo] = zones.table
        self.player_zones: list[ZoneInfo] = zones.player
        self.team_zones: list[ZoneInfo] = zones.team
        self.start_zone = zones.start

    def take_variables(self, variables: VarLayout) -> None:
        """The variable layout the compiler made."""
        self.var_layout = variables
        self.game_vars: list[VarInfo] = variables.game
        self.player_vars: list[VarInfo] = variables.player
        self.team_vars: list[VarInfo] = variables.team
        self.turn_vars: list[VarInfo] = variables.turn
        self.game_var_initial: list[Any] = variables.game_initial
        self.player_var_initial: list[Any] = variables.player_initial
        self.team_var_initial: list[Any] = variables.team_initial
        self.turn_var_initial: list[Any] = variables.turn_initial

    def take_flow(self, flow: Flow) -> None:
        """The phases, windows and actions the compiler made."""
        self.phases = flow.phases
        self.windows = flow.windows
        self.actions = flow.actions

    def take_scoring(self, scoring: Scoring) -> None:
        """The scoring the compiler made."""
        self.score_fn = scoring.score_fn
        self.winners_highest = scoring.highest
        self.winners_mode = scoring.mode
        self.winners_fn = scoring.winners_fn

    def finish(self, *, variant: str | None, variants: list[str], base_files: list[str],
               variant_texts: dict[str, dict[str, str]], variant_descriptions: dict[str, str],
               variant_changes: dict[str, list[str]]) -> None:
        """Label the compiled rules with their variants, work out what play asks of them
        whatever the player count, and make them read-only (the compiler's last step)."""
        self.variant = variant
        self.variants = variants
        self.base_files = base_files  # the files the ruleset extends, nearest first
        self.variant_texts = variant_texts
        self.variant_descriptions = variant_descriptions
        self.variant_changes = variant_changes
        self.face_order()
        self.holds_cards()
        self._finished = True

    @property
    def spec(self) -> Ruleset:
        """The checked ruleset the rules were compiled from (rulekit.data.schema)."""
        if self._spec is None:
            assert self.spec_loader is not None, "a game without its ruleset has a loader"
            self._spec = self.spec_loader()
        return self._spec

    # ---- zones ------------------------------------------------------------------------
    def n_zone_instances(self, n: int) -> int:
        """How many zone instances a game of n players has."""
        return self.zone_layout.count(n, len(self.team_names))

    def zone_instance(self, name: str, owner: int | None, n: int) -> int:
        """The instance id of a table zone, or of a player's (or team's) zone."""
        return self.zone_layout.instance(name, owner, n, len(self.team_names))

    def team_zone_base(self, n: int) -> int:
        """The first instance id of the team-owned zones."""
        return self.zone_layout.team_base(n)

    def zone_of_instance(self, zi: int, n: int) -> tuple[ZoneInfo, int | None]:
        """The declaration and owner (None for the table; a seat, or a team) of a zone."""
        table = self._instances.get(n)
        if table is None:  # asked for every card a seat looks at: one table per player count
            table = [self._zone_of(i, n) for i in range(self.n_zone_instances(n))]
            self._instances[n] = table
        if 0 <= zi < len(table):
            return table[zi]
        return self._zone_of(zi, n)

    def face_order(self) -> list[int]:
        """Each card's rank when cards are sorted by face, then id (one int to sort by)."""
        if self._face_order is None:
            n = self.n_cards
            self._face_order = [f * n + c for c, f in enumerate(self.face_of)]
        return self._face_order

    def holds_cards(self) -> bool:
        """Whether a variable of the game may hold a card or a list of cards."""
        if self._holds_cards is None:
            self._holds_cards = any(
                v.type in ("card", "list[card]") for v in (
                    *self.game_vars, *self.turn_vars, *self.player_vars, *self.team_vars))
        return self._holds_cards

    def zone_open_codes(self, n: int) -> list[int]:
        """Who may see every card of each zone instance of a game of n players, as one int a
        zone (asked for every card a seat looks at): OPEN_ALL, OPEN_NONE, the owning seat
        (0 or more), or OPEN_TEAM - team for a team's zone open to its members."""
        codes = self.open_codes.get(n)
        if codes is None:
            codes = []
            for info, owner in (self.zone_of_instance(i, n)
                                for i in range(self.n_zone_instances(n))):
                if info.visibility == "public":
                    codes.append(OPEN_ALL)
                elif info.visibility != "owner" or owner is None:
                    codes.append(OPEN_NONE)
                elif info.owner == "team":
                    codes.append(OPEN_TEAM - owner)
                else:
                    codes.append(owner)
            self.open_codes[n] = codes
        return codes

    def _zone_of(self, zi: int, n: int) -> tuple[ZoneInfo, int | None]:
        return self.zone_layout.of_instance(zi, n, len(self.team_names))

    def generated_source(self) -> str:
        """The Python module the rules were compiled to, as text (what `rulekit compile` shows)."""
        return self.generated.source() if self.generated is not None else ""

    # ---- running rules -----------------------------------------------------------------
    def guard(self, rule: str, fn: Fn, s: State, env: dict) -> Any:
        """Evaluate a compiled expression, turning a failure into a RuleRuntimeError."""
        try:
            return fn(s, env)
        except RULE_FAILURES as e:
            raise failure(rule, e) from None

    def score(self, s: State, p: int) -> int:
        """Seat p's score."""
        return self.guard("scoring.score", self.score_fn, s, {"p": p})

    def winners(self, s: State, scores: tuple[int, ...]) -> tuple[int, ...]:
        """The winning seats, by the ruleset's `scoring.winners`."""
        mode = self.winners_mode
        if mode == "all":
            return tuple(range(s.n))
        if mode == "none":
            return ()
        if mode == "condition":
            return tuple(p for p in range(s.n)
                         if self.guard("scoring.winners", self.winners_fn, s, {"p": p}))
        best = (max if mode == "highest" else min)(scores)
        return tuple(p for p in range(s.n) if scores[p] == best)

    def check_invariants(self, s: State) -> list[str]:
        """The names of the ruleset's invariants that do not hold in s."""
        return [name for name, fn in self.invariants
                if not self.guard(f"invariants.{name}", fn, s, {})]

    # ---- text --------------------------------------------------------------------------
    def value_text(self, type_: str, v: Any) -> str:
        """The canonical string form of a value in an action's text."""
        if type_ == "card":
            return self.labels[v]
        if type_ == "meld":
            return f"meld{v}"
        if type_ == "bool":
            return "yes" if v else "no"
        return str(v)

    def card_label(self, card: int, lang: str | None = None) -> str:
        """A card's player-facing name in lang (UsageError for no card of this game)."""
        lang = lang or self.languages[0]
        card = card_id(self, card)
        key = self.card_label_key[card]
        t = self.texts.template(key, lang) or key

        def get(name: str) -> str | None:
            if name not in self.card_attrs:
                return None
            v = self.card_attrs[name][card]
            if isinstance(v, bool):  # as everywhere else: the words yes / no, not True / False
                v = "yes" if v else "no"
            elif name in self.attr_names:
                return self.named_value(self.attr_names[name], v, lang)
            return self.texts.word(v, lang) if isinstance(v, str) else str(v)

        from ..lang.text import fill
        return fill(t, get, lang)

    def named_value(self, names: dict | None, v: Any, lang: str | None = None) -> str:
        """A number as players read it: the text of its name (value names), else the number."""
        key = names.get(v) if names and isinstance(v, int) else None
        return str(v) if key is None else self.texts.word(key, lang or self.languages[0])

    @property
    def _param_names(self) -> dict[str, dict]:
        """Parameter name -> value names, for the choices whose values have names."""
        return {p.name: p.names for a in self.actions for p in a.params if p.names}

    def _seat_name(self, p: int, lang: str) -> str:
        t = self.texts.template("seat", lang)
        return t.replace("{seat}", str(p)) if t else f"P{p}"

    def action_label(self, action: Action, lang: str | None = None,
                     names: list[str] | None = None) -> str:
        """An action's player-facing text in lang (the string form stays canonical).

        names, if given, are the seats' display names (for player-valued choices). An action
        of another game, or no action, is a UsageError.
        """
        check_action(self, action)
        lang = lang or self.languages[0]
        if action.kind == START:
            act = self.actions[action.value]
            return self.texts.word(act.label, lang)
        if action.kind == PICK:
            return self.texts.render("pick_card", lang, {"card": self.card_label(
                self.face_cards[action.value], lang)}) if self.texts.has("pick_card") else \
                self.card_label(self.face_cards[action.value], lang)
        if action.kind == DONE:
            return self.texts.word("done", lang)
        assert action.kind == CHOOSE
        v = action.value
        if action.value_type == "card":  # a choice among cards holds a card id: show the card
            shown = self.card_label(v, lang)
        elif action.value_type == "player":
            shown = names[v] if names is not None and 0 <= v < len(names) else \
                self._seat_name(v, lang)
        elif isinstance(v, bool):
            shown = self.texts.word("yes" if v else "no", lang)
        elif isinstance(v, str):
            shown = self.texts.word(v, lang)
        else:
            value_names = self._param_names.get(action.name)
            shown = self.named_value(value_names, v, lang) if value_names else str(v)
        name = self.texts.word(action.name, lang)
        return f"{name}{colon(lang)}{shown}"
