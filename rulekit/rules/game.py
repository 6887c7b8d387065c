"""The compiled rules of a game: card table, zones, actions, phases; the runtime plays them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..actions import CHOOSE, DONE, PICK, START, Action
from ..errors import EvaluationLimitError, FrozenRulesError, RuleRuntimeError, unforeseen
from ..lang.text import Texts, colon, fill
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
    game: Rules = field(init=False, repr=False, compare=False)  # set when the rules are built
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
    names: dict[int, str] | None = None  # a choice among numbers shown by name (value -> text key)
    _choose: dict[Any, Any] = field(default_factory=dict, repr=False)
    # the legal steps of a number parameter without 'where', per (min, max): made once
    _ranges: dict[Any, Any] = field(default_factory=dict, repr=False)

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


def named_text(texts: Texts, names: dict[int, str] | None, v: Any, lang: str) -> str:
    """A number as players read it in lang: the text of its name (value names), else itself."""
    key = names.get(v) if names and isinstance(v, int) else None
    return str(v) if key is None else texts.word(key, lang)


def card_label_text(texts: Texts, cards: CardTable, key: str, card: int, lang: str) -> str:
    """A card's name in lang, from the text key of its label (Rules.card_label; the compiler
    works out the labels with it before the rules are built)."""
    attrs = cards.card_attrs

    def get(name: str) -> str | None:
        if name not in attrs:
            return None
        v = attrs[name][card]
        if isinstance(v, bool):  # as everywhere else: the words yes / no, not True / False
            v = "yes" if v else "no"
        elif name in cards.attr_names:
            return named_text(texts, cards.attr_names[name], v, lang)
        return texts.word(v, lang) if isinstance(v, str) else str(v)

    return fill(texts.template(key, lang) or key, get, lang)


def default_players(lo: int, hi: int, default: int | None) -> int:
    """The player count tools deal by default: the ruleset's, else 4 kept within lo..hi."""
    if default is not None:
        return default
    return 4 if lo <= 4 <= hi else lo


# zone_open_codes: a zone every seat sees whole, one no seat does; a team's is OPEN_TEAM - team
OPEN_ALL, OPEN_NONE, OPEN_TEAM = -1, -2, -3


def _open_code(info: ZoneInfo, owner: int | None) -> int:
    """Who may see every card of a zone instance (Rules.zone_open_codes)."""
    if info.visibility == "public":
        return OPEN_ALL
    if info.visibility != "owner" or owner is None:
        return OPEN_NONE
    return OPEN_TEAM - owner if info.owner == "team" else owner


@dataclass(frozen=True)
class Limits:
    """What one game may spend (the ruleset's `limits`, docs/authoring.md)."""

    max_decisions: int
    max_auto_steps: int
    max_choices: int
    max_work: int
    max_log: int
    max_state: int
    max_game_work: int


@dataclass(frozen=True)
class Teams:
    """The teams a compiler pass found: their names and each player's team (`teams.of`)."""

    names: list[str] = field(default_factory=list)
    of_fn: Fn = None


@dataclass(frozen=True)
class VariantLabels:
    """What compiled rules say of their variants (rulekit.data.variants.labels)."""

    variant: str | None = None
    variants: list[str] = field(default_factory=list)
    base_files: list[str] = field(default_factory=list)  # the files extended, nearest first
    texts: dict[str, dict[str, str]] = field(default_factory=dict)  # a description per language
    descriptions: dict[str, str] = field(default_factory=dict)
    changes: dict[str, list[str]] = field(default_factory=dict)  # the ruleset keys each sets


class SpecSource:
    """The checked ruleset compiled rules came from: held, or read by loader when first asked
    (a game kept whole by rulekit.gamecache). The rules hold this holder, so that reading the
    ruleset late sets nothing on them."""

    def __init__(self, held: Ruleset | None = None,
                 loader: Callable[[], Ruleset] | None = None) -> None:
        self.held = held
        self.loader = loader

    def get(self) -> Ruleset:
        """The checked ruleset, read now if it is not held yet."""
        if self.held is None:
            assert self.loader is not None, "a game without its ruleset has a loader"
            self.held = self.loader()
        return self.held


ZoneTable = tuple[tuple[ZoneInfo, "int | None"], ...]


# the flat names play reads in hot paths, each a part's field: (name on Rules, part, field)
_FLAT: tuple[tuple[str, str, str], ...] = (
    *((n, "card_table", f) for n, f in (
        ("n_cards", "n_cards"), ("card_attrs", "card_attrs"), ("attr_types", "attr_types"),
        ("attr_names", "attr_names"), ("face_of", "face_of"), ("face_cards", "face_cards"))),
    *((n, "zone_layout", f) for n, f in (
        ("table_zones", "table"), ("player_zones", "player"), ("team_zones", "team"),
        ("start_zone", "start"))),
    *((n, "var_layout", f) for n, f in (
        ("game_vars", "game"), ("player_vars", "player"), ("team_vars", "team"),
        ("turn_vars", "turn"), ("game_var_initial", "game_initial"),
        ("player_var_initial", "player_initial"), ("team_var_initial", "team_initial"),
        ("turn_var_initial", "turn_initial"))),
    *((n, "flow", n) for n in ("phases", "windows", "actions")),
    *((n, "scoring", f) for n, f in (
        ("score_fn", "score_fn"), ("winners_highest", "highest"), ("winners_mode", "mode"),
        ("winners_fn", "winners_fn"))),
    ("team_names", "teams", "names"), ("team_of_fn", "teams", "of_fn"),
    *((n, "limits", n) for n in (
        "max_decisions", "max_auto_steps", "max_choices", "max_work", "max_log", "max_state",
        "max_game_work")),
    ("variant", "variant_labels", "variant"), ("variants", "variant_labels", "variants"),
    ("base_files", "variant_labels", "base_files"),
    ("variant_texts", "variant_labels", "texts"),
    ("variant_descriptions", "variant_labels", "descriptions"),
    ("variant_changes", "variant_labels", "changes"),
)


class _FlatNames:
    """The flat names Rules offer of their parts, which play reads at every step: set once by
    Rules.__post_init__ (_FLAT), not dataclass fields (a plain base class's annotations)."""

    n_cards: int
    card_attrs: dict[str, list[Any]]
    attr_types: dict[str, str]
    attr_names: dict[str, dict[int, str]]
    face_of: list[int]
    face_cards: list[int]
    table_zones: list[ZoneInfo]
    player_zones: list[ZoneInfo]
    team_zones: list[ZoneInfo]
    start_zone: int
    game_vars: list[VarInfo]
    player_vars: list[VarInfo]
    team_vars: list[VarInfo]
    turn_vars: list[VarInfo]
    game_var_initial: list[Any]
    player_var_initial: list[Any]
    team_var_initial: list[Any]
    turn_var_initial: list[Any]
    phases: list[CompiledPhase]
    windows: list[CompiledWindow]
    actions: list[CompiledAction]
    score_fn: Fn
    winners_highest: bool
    winners_mode: str  # highest | lowest | all | none | condition
    winners_fn: Fn
    team_names: list[str]
    team_of_fn: Fn
    max_decisions: int
    max_auto_steps: int
    max_choices: int
    max_work: int
    max_log: int
    max_state: int
    max_game_work: int
    variant: str | None
    variants: list[str]
    base_files: list[str]
    variant_texts: dict[str, dict[str, str]]
    variant_descriptions: dict[str, str]
    variant_changes: dict[str, list[str]]
    # the zone tables of every player count the game is played by, made at once
    _instances: dict[int, ZoneTable]
    open_codes: dict[int, tuple[int, ...]]
    _face_order: list[int]
    _holds_cards: bool


@dataclass(frozen=True, eq=False)
class Rules(_FlatNames):
    """A compiled ruleset, built in one call from the parts the compiler's passes return
    (rulekit.compile.compiler) and read-only from then on; rulekit.Game adds the making of
    states. Each part's lists are also kept under their old flat names (n_cards, phases,
    player_vars, ...), which play reads at every step."""

    file: str
    name: str
    description: str | dict[str, str] | None  # per language
    languages: list[str]
    min_players: int
    max_players: int
    default_players: int  # the player count tools deal when none is asked for
    limits: Limits
    texts: Texts
    card_table: CardTable
    card_label_key: list[str]  # the text key of each card's label
    labels: list[str]  # canonical label per card
    pick_actions: list[Action]
    done_actions: dict[str, Action]
    zone_layout: ZoneLayout
    var_layout: VarLayout
    flow: Flow
    setup: Fn
    scoring: Scoring
    meld_rules: MeldRules | None
    teams: Teams
    invariants: list[tuple[str, Fn]]
    hints: BotHints  # bots' hints; they never change the rules
    # where rules are written, 'file:line:col' by rule ('actions.X', 'phases.X.end_if',
    # 'log.KEY' for a text's first log statement): run-time errors and coverage name them
    places: dict[str, str]
    has_show: bool  # the rules use 'show': observations list what each seat knows
    table: TableView  # what a table screen shows (rulekit.compile.table); not rules
    variant_labels: VariantLabels
    source: SpecSource = field(default_factory=SpecSource, repr=False)
    generated: Any = field(default=None, repr=False)  # the codegen.Module made of the rules

    def __post_init__(self) -> None:
        put = object.__setattr__  # the dataclass is frozen: these are made once, here
        for name, part, attr in _FLAT:
            put(self, name, getattr(getattr(self, part), attr))
        for action in self.flow.actions:  # a parameter's steps are asked of its rules
            for param in action.params:
                param.game = self
        # what play asks of the rules whatever the player count, worked out once
        n = self.n_cards
        put(self, "_face_order", [f * n + c for c, f in enumerate(self.face_of)])
        put(self, "_holds_cards", any(
            v.type in ("card", "list[card]") for v in (
                *self.game_vars, *self.turn_vars, *self.player_vars, *self.team_vars)))
        counts = range(self.min_players, self.max_players + 1)
        instances = {k: tuple(self._zone_of(i, k) for i in range(self.n_zone_instances(k)))
                     for k in counts}
        put(self, "_instances", instances)
        put(self, "open_codes", {k: tuple(_open_code(*z) for z in instances[k]) for k in counts})

    @property
    def spec(self) -> Ruleset:
        """The checked ruleset the rules were compiled from (rulekit.data.schema)."""
        return self.source.get()

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
        if table is not None and 0 <= zi < len(table):
            return table[zi]
        return self._zone_of(zi, n)

    def face_order(self) -> list[int]:
        """Each card's rank when cards are sorted by face, then id (one int to sort by)."""
        return self._face_order

    def holds_cards(self) -> bool:
        """Whether a variable of the game may hold a card or a list of cards."""
        return self._holds_cards

    def zone_open_codes(self, n: int) -> tuple[int, ...]:
        """Who may see every card of each zone instance of a game of n players, as one int a
        zone (asked for every card a seat looks at): OPEN_ALL, OPEN_NONE, the owning seat
        (0 or more), or OPEN_TEAM - team for a team's zone open to its members."""
        codes = self.open_codes.get(n)
        if codes is None:  # a player count the game is not played by: worked out, not kept
            codes = tuple(_open_code(*self._zone_of(i, n))
                          for i in range(self.n_zone_instances(n)))
        return codes

    def _zone_of(self, zi: int, n: int) -> tuple[ZoneInfo, int | None]:
        return self.zone_layout.of_instance(zi, n, len(self.team_names))

    def generated_source(self) -> str:
        """The Python module the rules were compiled to, as text (what `rulekit compile` shows)."""
        return self.generated.source() if self.generated is not None else ""

    # ---- running rules -----------------------------------------------------------------
    def guard(self, rule: str, fn: Fn, s: State, env: dict[str, Any]) -> Any:
        """Evaluate a compiled expression, turning a failure into a RuleRuntimeError."""
        try:
            return fn(s, env)
        except RULE_FAILURES as e:
            raise failure(rule, e) from None

    def score(self, s: State, p: int) -> int:
        """Seat p's score."""
        score: int = self.guard("scoring.score", self.score_fn, s, {"p": p})
        return score

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
            label: str = self.labels[v]  # v is a card id
            return label
        if type_ == "meld":
            return f"meld{v}"
        if type_ == "bool":
            return "yes" if v else "no"
        return str(v)

    def card_label(self, card: int, lang: str | None = None) -> str:
        """A card's player-facing name in lang (UsageError for no card of this game)."""
        card = card_id(self, card)
        return card_label_text(self.texts, self.card_table, self.card_label_key[card], card,
                               lang or self.languages[0])

    def named_value(self, names: dict[int, str] | None, v: Any,
                    lang: str | None = None) -> str:
        """A number as players read it: the text of its name (value names), else the number."""
        return named_text(self.texts, names, v, lang or self.languages[0])

    @property
    def _param_names(self) -> dict[str, dict[int, str]]:
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


def _refuse(rules: Rules, name: str, *value: Any) -> None:
    raise FrozenRulesError(name)


# in place of the frozen dataclass's own refusal (FrozenInstanceError), one that says what to do;
# set after the class is made, as dataclass refuses a frozen class that defines them
setattr(Rules, "__setattr__", _refuse)  # noqa: B010
setattr(Rules, "__delattr__", _refuse)  # noqa: B010
