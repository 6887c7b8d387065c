"""Compile a ruleset source into Rules: YAML -> pydantic schema -> compiled closures.

Every problem becomes a Diagnostic located in the file; compilation goes on after an error so
that one run reports as many as it can.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lark import Token
from pydantic import ValidationError

from ..data.names import check_names
from ..data.schema import Ruleset
from ..errors import RulesetError
from ..lang import treecache
from ..lang.codecache import CodeCache
from ..lang.treecache import TreeCache
from ..rules.game import Rules
from . import langdata
from .base import CompilerBase, _dedupe
from .declarations import DeclarationsMixin
from .effects import EffectsMixin
from .hiddenvars import HiddenVariablesMixin
from .phases import PhasesMixin
from .schema_errors import _friendly_pydantic, _simplify_pydantic
from .sections import SectionsMixin
from .statements import StatementsMixin

Fn = Callable[[Any, dict], Any]


class Compiler(DeclarationsMixin, EffectsMixin, StatementsMixin, PhasesMixin, SectionsMixin,
               HiddenVariablesMixin, CompilerBase):
    """One compilation of one ruleset source."""

    def build(self) -> Rules:
        """Check and compile; raise RulesetError with every diagnostic found."""
        try:
            self.spec = Ruleset.model_validate(self.src.data)
        except ValidationError as e:
            errors = _simplify_pydantic(e.errors(), self.src.data)
            diags = [_friendly_pydantic(err, self.src) for err in errors]
            raise RulesetError(sorted(diags, key=lambda d: (d.line, d.col))) from None
        self.game = self.make(self.spec, self.src.file)
        self.game.generated = self.x.gen
        self.x.gen.cache = CodeCache.for_ruleset(self.src.file, self.src.text)
        with treecache.active(TreeCache.for_ruleset(self.src.file, self.src.text)) as trees:
            self._compile_steps()
        trees.save()
        if self.x.gen.cache is not None:
            self.x.gen.cache.save()
        if self.diags:
            # in file order, so a reader can work down the file
            raise RulesetError(sorted(_dedupe(self.diags), key=lambda d: (d.line, d.col)))
        return self.game

    def _compile_steps(self) -> None:
        for message, path, key, hint in check_names(self.spec):
            self.error(message, path, key=key, hint=hint)
        langdata.check_players(self)
        steps = [self.texts, self.cards, self.meld_rules, self.zones, self.variables,
                 self.teams, self.definitions,
                 self.names_of_windows, self.procedures, self.phases_and_actions,
                 self.card_labels, self.setup, self.scoring, self.invariants, self.bot_hints,
                 self.table_decl, self.text_placeholders, self.hidden_variables]
        for step in steps:
            step()
        for use in self.word_uses:
            langdata.check_words(self, use)


__all__ = ["Compiler", "Token"]
