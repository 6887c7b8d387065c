"""A ruleset as a PettingZoo AEC environment: seats are agents, one decider at a time."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..encode import Encoder
from ..errors import EvaluationLimitError, IllegalActionError, UsageError, short_repr
from .common import check_players, check_seed, rewards, view_text

if TYPE_CHECKING:
    from ..runtime.game import Game


class RulekitAECEnv(AECEnv):
    """Agents `seat_0`... take turns as the ruleset asks; observations hide what a seat can't see.

    An action is an index into the encoder's action space; `observe(agent)["action_mask"]` marks
    the legal ones. An illegal index, or a value that is not an index, raises
    IllegalActionError naming it and the legal ones (PettingZoo leaves illegal moves to each
    environment; rulekit refuses them rather than replace or punish them); so does an action
    other than None for an agent whose game is over. Misuse (an unknown agent, a step before
    reset() or after every agent has left, a bad seed) raises UsageError.
    """

    metadata = {"render_modes": ["ansi"], "name": "rulekit", "is_parallelizable": False}

    def __init__(self, game: Game, players: int, seed: int | None = None,
                 render_mode: str | None = None):
        super().__init__()
        players = check_players(game, players)
        seed = check_seed(seed)
        if render_mode not in (None, "ansi"):
            raise UsageError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.game = game
        self.n = players
        self.encoder = Encoder(game, players)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"rulekit_{_slug(game.name)}"}
        self.possible_agents = [f"seat_{p}" for p in range(players)]
        self._seat = {a: p for p, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.encoder.n_actions,), np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.encoder.n_actions)
                              for a in self.possible_agents}
        self._seed = seed
        self._rng: np.random.Generator | None = None
        self.state: Any = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of agent (the same object each time)."""
        return self.observation_spaces[self._agent(agent)]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of agent (the same object each time)."""
        return self.action_spaces[self._agent(agent)]

    def _agent(self, agent: Any) -> str:
        """agent, if it is one of possible_agents; else UsageError."""
        if not isinstance(agent, str) or agent not in self._seat:
            raise UsageError(f"no agent {short_repr(agent)} in this environment: the agents are "
                             + ", ".join(self.possible_agents))
        return agent

    def _dealt(self, what: str) -> None:
        if self.state is None:
            raise UsageError(f"{what} before reset(): call reset() first to deal a game")

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game; a seed makes this and the following deals reproducible."""
        seed = check_seed(seed)
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(self._seed if seed is None else seed)
        game_seed = int(self._rng.integers(0, 2**62))
        self.state = self.game.new_state(self.n, game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._finish_if_over()
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """Agent's observation vector and its mask of legal actions."""
        p = self._seat[self._agent(agent)]
        self._dealt("observe")
        enc = self.encoder
        return {"observation": np.asarray(enc.encode(self.state, p), dtype=np.float32),
                "action_mask": np.asarray(enc.mask(self.state, p), dtype=np.int8)}

    def step(self, action: Any) -> None:
        """Apply the selected agent's action (an index whose mask bit is 1)."""
        self._dealt("step")
        if not self.agents:
            raise UsageError("step after the game is over and every agent has left: call "
                             "reset() to deal a new game")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:  # PettingZoo's rule: a finished agent's only action is None
                raise IllegalActionError(short_repr(action), self.state.summary(), [],
                                         f"the game is over for {agent}: step(None) for each "
                                         "finished agent, then reset()")
            self._was_dead_step(action)
            return
        chosen = self.encoder.action(self.state, action)  # IllegalActionError if not legal
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        try:
            self.state.apply(chosen)
        except EvaluationLimitError as e:
            if e.rule != "limits.max_decisions":
                raise
            for a in self.agents:  # the ruleset's own cap on a game's length: cut it short
                self.truncations[a] = True
        self._finish_if_over()
        self._select()
        self._accumulate_rewards()

    def _finish_if_over(self) -> None:
        if self.state.is_over:
            for a, r in zip(self.agents, rewards(self.state.outcome, self.n), strict=True):
                self.rewards[a] = r
                self.terminations[a] = True

    def _select(self) -> None:
        d = self.state.decider
        if d is None or any(self.truncations.values()):
            self.agent_selection = self.agents[0] if self.agents else ""
        else:
            self.agent_selection = self.possible_agents[d]

    def render(self) -> str | None:
        """The selected seat's view as text (render_mode='ansi'); None without a render mode."""
        if self.render_mode is None:
            return None
        self._dealt("render")
        seat = self._seat.get(self.agent_selection, 0)
        text = view_text(self.state, seat)
        legal = self.encoder.legal(self.state) if self.state.decider == seat else {}
        if legal:
            text += "\n  legal: " + ", ".join(f"{i}={a.text}" for i, a in legal.items())
        return text

    def close(self) -> None:
        """Nothing to release."""


def _slug(name: str) -> str:
    return "".join(ch if ch.isalnum() else "_" for ch in name.lower()).strip("_")
