"""Compile a ruleset source into Rules: YAML -> pydantic schema -> compiled closures.

The passes run in order over one CompileContext, each a module of functions: texts, cards,
melds, zones, variables, teams, definitions and procedures, the flow (phases, actions,
windows), card labels, setup, scoring, invariants, bot hints, the table, and last the checks
that need everything (text placeholders, hidden variables, a choice's words). Every problem
becomes a Diagnostic located in the file; compilation goes on after an error so that one run
reports as many as it can.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from lark import Token
from pydantic import ValidationError

from ..data import variants
from ..data.names import check_names
from ..data.schema import Ruleset
from ..data.variants import Resolved
from ..data.yamlsource import Source, YamlPath
from ..errors import RulesetError
from ..lang import treecache
from ..lang.codecache import CodeCache
from ..lang.expressions import Scope
from ..lang.treecache import TreeCache
from ..rules.game import Rules, Teams, VariantLabels
from . import (
    cards,
    definitions,
    effects,
    hiddenvars,
    langdata,
    phases,
    sections,
    texts,
    variables,
    zones,
)
from .context import CompileContext, _dedupe
from .draft import RulesDraft
from .schema_errors import _friendly_pydantic, _simplify_pydantic
from .stmt_control import Code


class Compiler(CompileContext):
    """One compilation of one ruleset source: the context, and the passes run over it."""

    def __init__(self, src: Source, make: type[Rules] = Rules) -> None:
        super().__init__(src, make)
        self.procs.compile = partial(definitions.compile_procedure, self)

    def build(self, labels: VariantLabels | None = None) -> Rules:
        """Check and compile into read-only rules labelled with labels (default: no variants);
        raise RulesetError with every diagnostic found."""
        return self.compile().build(self.make, labels or VariantLabels())

    def compile(self) -> RulesDraft:
        """Check and run the passes; raise RulesetError with every diagnostic found."""
        try:
            self.spec = Ruleset.model_validate(self.src.data)
        except ValidationError as e:
            errors = _simplify_pydantic(e.errors(), self.src.data)
            diags = [_friendly_pydantic(err, self.src) for err in errors]
            raise RulesetError(sorted(diags, key=lambda d: (d.line, d.col))) from None
        self.game = RulesDraft(self.spec, self.src.file)
        self.game.generated = self.x.gen
        self.x.gen.cache = CodeCache.for_ruleset(self.src.file, self.src.text)
        with treecache.active(TreeCache.for_ruleset(self.src.file, self.src.text)) as trees:
            self._run_passes()
        trees.save()
        if self.x.gen.cache is not None:
            self.x.gen.cache.save()
        if self.diags:
            # in file order, so a reader can work down the file
            raise RulesetError(sorted(_dedupe(self.diags), key=lambda d: (d.line, d.col)))
        return self.game

    def _run_passes(self) -> None:
        for message, path, key, hint in check_names(self.spec):
            self.error(message, path, key=key, hint=hint)
        langdata.check_players(self)
        # the passes in order: each reads what the ones before built; a part a pass returns
        # goes to the draft at once, which makes the rules of them all at the end
        draft = self.game
        self.tables.text_keys = texts.texts(self)  # the symbol tables the passes read
        draft.card_table = cards.cards(self)
        draft.meld_rules = sections.meld_rules(self)
        draft.zone_layout = zones.zones(self)
        draft.var_layout = variables.variables(self)
        teams = sections.teams(self)
        if teams is not None:
            draft.teams = Teams(*teams)
        # definitions and procedures fill the symbol tables (c.tables, c.procs) as they go:
        # a definition compiled reads the ones before it, a call compiles its procedure first
        definitions.definitions(self)
        self.tables.windows = definitions.names_of_windows(self)
        definitions.procedures(self)
        draft.flow = phases.phases_and_actions(self)
        labels = cards.card_labels(self)
        draft.card_label_key, draft.labels = labels.keys, labels.labels
        draft.pick_actions = labels.pick_actions
        draft.setup = sections.setup(self)
        draft.scoring = sections.scoring(self)
        draft.invariants = sections.invariants(self)
        draft.hints = sections.bot_hints(self)
        draft.table = sections.table_decl(self)
        texts.text_placeholders(self)
        hiddenvars.hidden_variables(self)  # looked up now: a test may switch the check off
        for use in self.word_uses:
            langdata.check_words(self, use)
        draft.has_show = self.has_show  # known once every effect list is compiled

    def effect(self, item: Any, path: YamlPath, scope: Scope) -> Code | None:
        """One more effect compiled in this compilation's context (the guide's examples)."""
        return effects.effect(self, item, path, scope)


def compile_ruleset(resolved: Resolved, make: type[Rules] = Rules) -> Rules:
    """The rules of a resolved ruleset (extends and variant applied, rulekit.data.variants),
    compiled, labelled with their variants and finished (read-only), in one call; raise
    RulesetError with every diagnostic found."""
    try:
        draft = Compiler(resolved.source, make).compile()
    except RulesetError as e:
        raise RulesetError(variants.compile_errors(resolved, e.diagnostics)) from None
    labels = variants.labels(resolved, draft.languages)
    return draft.build(make, VariantLabels(
        variant=labels.variant, variants=labels.variants, base_files=labels.base_files,
        texts=labels.texts, descriptions=labels.descriptions, changes=labels.changes))


__all__ = ["Compiler", "Token", "compile_ruleset"]
