"""A ruleset as an OpenSpiel Python game: imperfect information, chance sampled inside the engine.

The engine's own seeded generator makes every random event (shuffles, draws), so OpenSpiel sees
no chance nodes (SAMPLED_STOCHASTIC); `resample_from_infostate` is rulekit.resample.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel

from ..actions import Action
from ..encode import Encoder
from ..errors import IllegalActionError, UsageError, short_repr
from ..runtime.observe import events_for, observation, resample
from .common import (
    check_players,
    check_seed,
    identical_payoffs,
    rewards,
    view_text,
    whole_number,
)

if TYPE_CHECKING:
    from ..runtime.game import Game
    from ..runtime.state import State

_REGISTERED: dict[str, Game] = {}
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def register(game: Game, short_name: str | None = None, utility: str | None = None) -> str:
    """Register game with pyspiel under short_name (default: rulekit_<name>[_<variant>])."""
    if short_name is not None and not (isinstance(short_name, str) and short_name
                                       and short_name.isidentifier()):
        raise UsageError("short_name must be a name of letters, digits and underscores (not "
                         f"starting with a digit), not {short_repr(short_name)}")
    kinds = {"identical": pyspiel.GameType.Utility.IDENTICAL,
             "general_sum": pyspiel.GameType.Utility.GENERAL_SUM}
    if utility is not None and (not isinstance(utility, str) or utility not in kinds):
        raise UsageError(f"utility must be one of {sorted(kinds)}, not {short_repr(utility)}")
    name = short_name or "rulekit_" + _slug(game.name + (f"_{game.variant}" if game.variant
                                                         else ""))
    if name in _REGISTERED:
        if _REGISTERED[name] is game or _same(_REGISTERED[name], game):
            return name
        raise UsageError(f"an OpenSpiel game {name!r} is already registered for another "
                         "ruleset; pass another short_name")
    if utility is None:
        utility = "identical" if identical_payoffs(game) else "general_sum"
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"rulekit: {game.name}" + (f" ({game.variant})" if game.variant else ""),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=kinds[utility],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        # max_decisions: a cap on a game's length (a game cut short is a draw: every return 0)
        parameter_specification={"players": game.min_players, "seed": 0,
                                 "max_decisions": game.max_decisions},
    )
    identical = utility == "identical"

    class RulesetGame(pyspiel.Game):  # one class per ruleset: pyspiel makes it from params
        def __init__(self, params: dict[str, Any] | None = None):
            params = dict(params or {})
            n = check_players(game, _int(params.get("players", game.min_players)))
            check_seed(_int(params.get("seed", 0)), "the seed parameter")
            cap = _int(params.get("max_decisions", game.max_decisions))
            if not 1 <= cap <= game.max_decisions:
                raise UsageError(f"max_decisions must be 1 to {game.max_decisions} (the "
                                 f"ruleset's limits.max_decisions), not {cap}")
            self.max_decisions = cap
            self.rules = game
            self.encoder = Encoder(game, n)
            info = pyspiel.GameInfo(
                num_distinct_actions=self.encoder.n_actions, max_chance_outcomes=0,
                num_players=n, min_utility=-1.0, max_utility=1.0,
                utility_sum=None, max_game_length=cap)
            super().__init__(game_type, info, params)
            self.seed = _int(self.get_parameters().get("seed", 0))
            self.identical = identical
            self._dealt = 0

        def new_initial_state(self) -> RulesetState:
            """A new deal: the game's seed, then the next seeds, one per state made."""
            seed = self.seed + self._dealt
            self._dealt += 1
            return RulesetState(self, _Core(None, self.encoder, self.rules, self.num_players(),
                                            seed))

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
            """Observation (perfect_recall False) or information state (True) of a seat."""
            perfect = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
            return Observer(self.encoder, perfect)

    RulesetGame.__name__ = RulesetGame.__qualname__ = f"RulesetGame_{_slug(name)}"
    pyspiel.register_game(game_type, RulesetGame)
    _REGISTERED[name] = game
    return name


MAX_PARAM = 2**31 - 1  # OpenSpiel's game parameters are C++ ints


def load(name: str, game: Game, players: Any = None, seed: Any = 0,
         max_decisions: Any = None) -> Any:
    """pyspiel.load_game(name, ...) with every parameter checked first (a wrong type is a
    UsageError here, where pyspiel raises its own SpielError or RuntimeError)."""
    params = {"players": game.min_players if players is None else check_players(game, players)}
    s = check_seed(seed, "the seed")
    if s is None or s > MAX_PARAM:
        raise UsageError(f"the seed must be a whole number from 0 to {MAX_PARAM} (OpenSpiel's "
                         f"parameters are 32-bit), not {short_repr(seed)}")
    params["seed"] = s
    if max_decisions is not None:
        cap = whole_number(max_decisions)
        if cap is None or not 1 <= cap <= game.max_decisions:
            raise UsageError(f"max_decisions must be 1 to {game.max_decisions} (the ruleset's "
                             f"limits.max_decisions), not {short_repr(max_decisions)}")
        params["max_decisions"] = cap
    return pyspiel.load_game(name, params)


class _Core:
    """The rulekit state inside an OpenSpiel state; OpenSpiel's deepcopy becomes State.clone.

    pyspiel clones a Python state by making a new initial state and deep-copying its
    attributes over it, so the deal is lazy: a state made only to be overwritten never deals.
    """

    __slots__ = ("_s", "enc", "rules", "players", "seed", "_legal", "_legal_at", "resamples")

    def __init__(self, s: State | None, enc: Encoder, rules: Game, players: int, seed: int):
        self._s = s
        self.enc = enc
        self.rules = rules
        self.players = players
        self.seed = seed
        self._legal: dict[int, Any] = {}
        self._legal_at = -1  # the decision count _legal was computed at
        self.resamples = 0  # worlds resampled from this state so far

    def legal(self) -> dict[int, Any]:
        """The legal actions by index (cached until the state moves on)."""
        s = self.s
        if self._legal_at != s.decisions:
            self._legal = self.enc.legal(s)
            self._legal_at = s.decisions
        return self._legal

    @property
    def s(self) -> State:
        """The rulekit state (dealt on first use)."""
        if self._s is None:
            self._s = self.rules.new_state(self.players, self.seed)
        return self._s

    @s.setter
    def s(self, value: State) -> None:
        self._s = value
        self._legal_at = -1

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        c = _Core(None if self._s is None else self._s.clone(), self.enc, self.rules,
                  self.players, self.seed)
        c._legal, c._legal_at = self._legal, self._legal_at  # never mutated: share it
        c.resamples = self.resamples
        return c


class RulesetState(pyspiel.State):
    """An OpenSpiel state wrapping a rulekit State."""

    def __init__(self, game: Any, core: _Core):
        super().__init__(game)
        self._core = core
        self._cap = game.max_decisions

    def _cut(self) -> bool:
        """Whether the game reached the max_decisions cap before its end."""
        s = self._core.s
        return not s.over and s.decisions >= self._cap

    @property
    def rulekit_state(self) -> State:
        """The rulekit State inside (for rulekit's own bots, which read a seat's view of it)."""
        return self._core.s

    def index_of(self, action: Any) -> int:
        """The OpenSpiel action (an index) of one of the rulekit state's legal actions."""
        s = self._core.s
        legal = s.legal_actions() if not self.is_terminal() else []
        if not isinstance(action, Action) or action not in legal:
            raise IllegalActionError(short_repr(action), s.summary(), [a.text for a in legal],
                                     "index_of takes one of the rulekit state's legal actions")
        return self._core.enc.index_of(action, legal)

    def apply_action(self, action: Any) -> None:
        """Apply the action at this index: anything but a legal index (a negative one, one out
        of range, a float, a bool, None...) is an IllegalActionError and changes nothing."""
        # checked here, before pyspiel converts it: it would take True for 1 and 0.0 for 0, and
        # refuse -1 (its 'invalid action') with its own error
        core = self._core
        if self.is_terminal():
            raise IllegalActionError(short_repr(action), core.s.summary(), [],
                                     "the game is over")
        core.enc.action(core.s, action)  # IllegalActionError naming the legal ones
        super().apply_action(whole_number(action))

    def _seat(self, player: Any) -> int:
        """player as a seat of this game; UsageError for anything else."""
        p = whole_number(player)
        n = self._core.players
        if p is None or not 0 <= p < n:
            raise UsageError(f"a player is a whole number from 0 to {n - 1}, not "
                             f"{short_repr(player)}")
        return p

    def legal_actions(self, *player: Any) -> list[int]:
        """The current player's legal actions, or player's (none but the decider's has any,
        and none once over, for any number); a player that is no seat is a UsageError."""
        if player and (not self.is_terminal() or whole_number(player[0]) is None):
            self._seat(player[0])
        return super().legal_actions(*player)

    def legal_actions_mask(self, *player: Any) -> list[int]:
        """As pyspiel's, with a player that is no seat a UsageError."""
        if player and (not self.is_terminal() or whole_number(player[0]) is None):
            self._seat(player[0])
        return super().legal_actions_mask(*player)

    def action_to_string(self, *args: Any) -> str:
        """As pyspiel's (player, action) or (action), with a player that is no seat or an index
        outside the action space a UsageError (an index of -1 named an action before)."""
        if len(args) == 2:
            self._seat(args[0])
        index = whole_number(args[-1]) if args else None
        n = self._core.enc.n_actions
        if index is None or not 0 <= index < n:
            raise UsageError(f"an action is a whole number from 0 to {n - 1}, not "
                             f"{short_repr(args[-1] if args else None)}")
        return super().action_to_string(*args[:-1], index)

    def current_player(self) -> int:
        """The decider, or TERMINAL."""
        s = self._core.s
        d = s.decider
        if d is None or s.decisions >= self._cap:
            return _TERMINAL
        return d

    def _legal_actions(self, player: int) -> list[int]:
        s = self._core.s
        if s.over or s.decisions >= self._cap or player != s.decider:
            return []
        return list(self._core.legal())

    def _apply_action(self, action: int) -> None:
        core = self._core
        legal = core.legal()
        if action not in legal:
            core.enc.action(core.s, action)  # raises IllegalActionError naming the legal ones
        core.s.apply_unchecked(legal[action])

    def _action_to_string(self, player: int, action: int) -> str:
        s = self._core.s
        legal = self._core.legal() if not s.is_over and player == s.decider else {}
        if action in legal:
            return legal[action].text
        return index_text(self._core.enc, action)

    def is_terminal(self) -> bool:
        """Whether the game is over (or cut short at max_decisions)."""
        return self._core.s.is_over or self._cut()

    def returns(self) -> list[float]:
        """+1 for each winner, -1 for the others, at the end; 0 before (and if cut short)."""
        s = self._core.s
        return rewards(s.outcome, s.n)

    def observation_string(self, *player: Any) -> str:
        """As pyspiel's, with a player that is no seat a UsageError."""
        return super().observation_string(*(self._seat(p) for p in player))

    def observation_tensor(self, *player: Any) -> list[float]:
        """As pyspiel's, with a player that is no seat a UsageError."""
        return super().observation_tensor(*(self._seat(p) for p in player))

    def information_state_string(self, *player: Any) -> str:
        """As pyspiel's, with a player that is no seat a UsageError."""
        return super().information_state_string(*(self._seat(p) for p in player))

    def information_state_tensor(self, *player: Any) -> list[float]:
        """As pyspiel's, with a player that is no seat a UsageError."""
        return super().information_state_tensor(*(self._seat(p) for p in player))

    def player_return(self, player: Any) -> float:
        """As pyspiel's, with a player that is no seat a UsageError."""
        return super().player_return(self._seat(player))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> Any:
        """A state player_id cannot tell from this one (rulekit.resample), hidden rng reseeded.

        The worlds come from a seeded sequence (the deal's seed, the decision count and how
        many worlds this state has given), not from probability_sampler, whose generator
        pyspiel seeds from the clock: so a search with a fixed budget is reproducible.
        """
        core = self._core
        s = core.s
        core.resamples += 1
        seed = (core.seed * 1_000_003 + s.decisions * 7919 + core.resamples) & ((1 << 62) - 1)
        c = self.clone()
        c._core.s = resample(s, player_id, seed)
        return c

    def __str__(self) -> str:
        s = self._core.s
        return s.summary() + "\n" + "\n".join(f"{p}: {t}" for p, t in s.history)


class Observer:
    """A seat's observation (or information state) as a tensor and a string."""

    def __init__(self, enc: Encoder, perfect_recall: bool):
        self.enc = enc
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(enc.size, np.float32)
        self.dict = {seg.name: self.tensor[seg.start:seg.start + seg.size]
                     for seg in enc.segments}

    def set_from(self, state: RulesetState, player: int) -> None:
        """Fill the tensor with player's view of state (the encoder's vector)."""
        self.tensor[:] = self.enc.encode(state._core.s, player)

    def string_from(self, state: RulesetState, player: int) -> str:
        """Player's view as text; the information state adds its own log and its decisions."""
        s = state._core.s
        if not self.perfect_recall:
            return view_text(s, player)
        obs = observation(s, player)
        mine = [t for p, t in s.history if p == player]
        log = [f"{k} {sorted(a.items())}" for k, a in events_for(s, player)]
        return (f"seat {player} view {obs!r}\nmy decisions {mine!r}\nlog " + "\n".join(log))


def index_text(enc: Encoder, index: int) -> str:
    """What an action index stands for, without a state (e.g. 'pick red 3', 'option 2')."""
    g = enc.game
    if not 0 <= index < enc.n_actions:  # a negative index would name an action from the end
        raise UsageError(f"an action is a whole number from 0 to {enc.n_actions - 1}, not "
                         f"{short_repr(index)}")
    if index < enc.pick_base:
        return g.actions[index].start.text
    if index < enc.done_base:
        return g.pick_actions[index - enc.pick_base].text
    if index < enc.choose_base:
        return f"done ({enc.done_names[index - enc.done_base]})"
    return f"option {index - enc.choose_base}"


def _same(a: Game, b: Game) -> bool:
    return a.file == b.file and a.variant == b.variant and a.name == b.name


def _int(v: Any) -> int:
    return int(v.int_value()) if hasattr(v, "int_value") else int(v)


def _slug(name: str) -> str:
    return "".join(ch if ch.isalnum() else "_" for ch in name.lower()).strip("_")


