"""The one registry of built-in functions: each is one entry (the names it is called by, its
forms and one-line doc as the guide shows them, its number of arguments, the section of the
ruleset it needs, and its rule: the argument types and the code it compiles to).

The compiler dispatches a call through this registry (rulekit.lang.expressions), the "did you
mean" hints and the names a definition may not take come from it, and the built-in tables of
`docs/authoring.md` are derived from it (docs_table); tests/lang/test_lang_builtin_registry.py
checks it against the guide and the compiler, so a built-in cannot be half-added. Special forms
are named here too: sorted's KEY, and the generator forms (`sum(V for c in X)`,
`best_melds(V for c in X)`), which are compiled from their trees, not from typed arguments.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from lark import Tree

from .builtin_rules import (
    Call,
    c_abs,
    c_all_any,
    c_best_melds,
    c_can_extend,
    c_can_form_meld,
    c_can_meld_with,
    c_cards,
    c_choices,
    c_first,
    c_is_meld,
    c_meld_cards,
    c_meld_kind,
    c_meld_of,
    c_meld_value,
    c_melds,
    c_members,
    c_min_max,
    c_neighbour,
    c_next_in_turn,
    c_order_of,
    c_players,
    c_random,
    c_seat,
    c_size,
    c_sum,
    c_team,
    c_top,
)
from .host import ExprHost
from .parsing import fail
from .scope import Scope
from .types import Typed


@dataclass(frozen=True)
class Row:
    """One row of a guide's table: the forms as the author writes them, and what they give."""

    forms: tuple[str, ...]
    gives: str


@dataclass(frozen=True)
class Builtin:
    """One built-in function: its names, the guide's table it is listed in and its rows there,
    the numbers of arguments it takes, its rule (None: a special form, compiled from the call's
    trees), the ruleset section it needs, the names also taking a generator
    (`NAME(V for c in X)`) and what makes it special."""

    names: tuple[str, ...]
    table: str  # "functions" (section 15), "melds" (16b), "teams" (the prose of section 12)
    arity: tuple[int, ...]
    compile: Callable[[Call], Typed] | None
    rows: tuple[Row, ...]
    needs: str = ""  # "melds" | "teams": the section the ruleset must have
    generators: tuple[str, ...] = ()
    special: str = ""


REGISTRY: tuple[Builtin, ...] = (
    Builtin(
        ('size', 'len', 'count'), 'functions', (1,), c_size,
        (
            Row(('size(X)', 'len(X)', 'count(X)'),
                'the number of cards in zone X, or of items in list X'),
        ),
        generators=('count',)),
    Builtin(
        ('cards',), 'functions', (1,), c_cards,
        (
            Row(('cards(Z)',),
                "zone Z's cards as a list, bottom first (a copy)"),
        )),
    Builtin(
        ('top',), 'functions', (1, 2), c_top,
        (
            Row(('top(Z)',),
                "zone Z's top card, or none if it is empty (Z must be a zone: `top`, `cards` "
                'and `melds` of a list of cards are a load error). An unordered zone (`ordered:'
                ' false`) still keeps its cards in the order they came, though players are '
                'shown them sorted: its top is the card that came last (the card just drawn), '
                '`first(Z)` the one held longest'),
            Row(('top(Z, N)',),
                'the top N cards (fewer if Z is smaller), the topmost first'),
        )),
    Builtin(
        ('first',), 'functions', (1,), c_first,
        (
            Row(('first(X)',),
                "the first item of a list, or zone X's *bottom* card; none if empty"),
        ),
        generators=('first',)),
    Builtin(
        ('sum',), 'functions', (1,), c_sum,
        (
            Row(('sum(L)',),
                'the sum of a list of numbers'),
        ),
        generators=('sum',)),
    Builtin(
        ('min', 'max'), 'functions', (1, 2), c_min_max,
        (
            Row(('min(a, b)', 'max(a, b)'),
                'the smaller or larger of two numbers'),
            Row(('min(L)', 'max(L)'),
                'the least or greatest of a list of numbers; 0 if empty'),
        ),
        generators=('min', 'max')),
    Builtin(
        ('abs',), 'functions', (1,), c_abs,
        (
            Row(('abs(N)',),
                'the absolute value'),
        )),
    Builtin(
        ('all', 'any'), 'functions', (1,), c_all_any,
        (
            Row(('all(L)', 'any(L)'),
                'whether every / some condition of a list holds'),
        ),
        generators=('all', 'any')),
    Builtin(
        ('players_after',), 'functions', (1,), c_players,
        (
            Row(('players_after(P)',),
                'every other player, starting after P clockwise: for P = 1 of 4, `[2, 3, 0]`'),
        )),
    Builtin(
        ('players_from',), 'functions', (1,), c_players,
        (
            Row(('players_from(P)',),
                'P, then the others clockwise: `[1, 2, 3, 0]`'),
        )),
    Builtin(
        ('next_player', 'prev_player'), 'functions', (1,), c_neighbour,
        (
            Row(('next_player(P)', 'prev_player(P)'),
                'the seat after / before P (clockwise), whether active or not'),
        )),
    Builtin(
        ('next_in_turn',), 'functions', (1,), c_next_in_turn,
        (
            Row(('next_in_turn(P)',),
                "the player after P in the current phase's turn order now (after `reverse turn "
                'order`), for whom `active` holds; none if nobody (section 10)'),
        )),
    Builtin(
        ('seat',), 'functions', (1,), c_seat,
        (
            Row(('seat(P)',),
                "P's seat number, as a number (players are not numbers: `actor == 1` is an "
                'error, `seat(actor) == 1` is right)'),
        )),
    Builtin(
        ('sorted',), 'functions', (1, 2), None,
        (
            Row(('sorted(X)',),
                'the items of list or zone X in order: numbers by size, words alphabetically, '
                'cards in deck order (the order of `cards.deck`), players by seat, teams as '
                'declared, `false` before `true`, `none` first'),
            Row(('sorted(X, KEY)',),
                'the items of X ordered by KEY, an expression on each item `it` '
                '(`sorted(actor.hand, it.rank)`; `-it.rank` for the highest first); items of '
                "equal KEY keep X's order"),
        ),
        special=(
            "KEY is an expression on each item `it`, compiled from the call's trees "
            "(rulekit.lang.ordering.sorted_call)")),
    Builtin(
        ('order_of',), 'functions', (1,), c_order_of,
        (
            Row(('order_of(W)',),
                'the place, from 0, of word W among the values it may take, as they are '
                "declared: a card attribute's words in the order `cards.attributes` lists them,"
                " a choice's words in the order its `values` list them (a word not among them: "
                'after the last). Words compare only for equality; compare their `order_of`'),
        )),
    Builtin(
        ('combinations',), 'functions', (2,), c_choices,
        (
            Row(('combinations(X, K)',),
                "every choice of K items of list or zone X, each a list in X's order, the "
                'choices in order (`combinations([1, 2, 3], 2)` is `[[1, 2], [1, 3], [2, 3]]`);'
                " none if K is below 0 or above X's size"),
        )),
    Builtin(
        ('subsets',), 'functions', (1,), c_choices,
        (
            Row(('subsets(X)',),
                'every subset of X, the smaller first: `[[], [1], [2], [1, 2]]` for `[1, 2]`'),
        )),
    Builtin(
        ('random',), 'functions', (1,), c_random,
        (
            Row(('random(X)',),
                'a random item of list X, or a random card of zone X (none if empty), drawn '
                "with the game's seeded generator. **Only in effects**: in a condition it is an"
                ' error, since conditions must give the same answer every time they are asked'),
        )),
    Builtin(
        ('melds',), 'melds', (1,), c_melds,
        (
            Row(('melds(zone)',),
                'the melds lying in a zone, in the order they were laid'),
        ),
        needs='melds'),
    Builtin(
        ('meld_cards',), 'melds', (1,), c_meld_cards,
        (
            Row(('meld_cards(m)',),
                "a meld's cards (a run lowest first)"),
        ),
        needs='melds'),
    Builtin(
        ('meld_kind',), 'melds', (1,), c_meld_kind,
        (
            Row(('meld_kind(m)',),
                "`'run'` or `'set'`"),
        ),
        needs='melds'),
    Builtin(
        ('meld_of',), 'melds', (1,), c_meld_of,
        (
            Row(('meld_of(c)',),
                'the meld holding a card, or `none`'),
        ),
        needs='melds'),
    Builtin(
        ('meld_value',), 'melds', (1,), c_meld_value,
        (
            Row(('meld_value(c)',),
                'the value a card counts as (a wild: the value it was laid as)'),
        ),
        needs='melds'),
    Builtin(
        ('is_meld',), 'melds', (1, 2), c_is_meld,
        (
            Row(('is_meld(cards)', 'is_meld(cards, v)'),
                'the cards form a valid new meld (with every wild standing for `v`)'),
        ),
        needs='melds'),
    Builtin(
        ('can_extend',), 'melds', (2, 3), c_can_extend,
        (
            Row(('can_extend(m, c)', 'can_extend(m, c, v)'),
                'card `c` can be added to meld `m` (a run at either end)'),
        ),
        needs='melds'),
    Builtin(
        ('can_form_meld',), 'melds', (1,), c_can_form_meld,
        (
            Row(('can_form_meld(cards)',),
                'some of these cards form a valid new meld'),
        ),
        needs='melds'),
    Builtin(
        ('can_meld_with',), 'melds', (2, 3), c_can_meld_with,
        (
            Row(('can_meld_with(c, cards)', 'can_meld_with(c, cards, n)'),
                'some valid new meld holds `c` and cards from `cards` (of `n` cards in all); '
                '`c` may be a list of cards, all of them held (a card twice, or `none`: no '
                'meld)'),
        ),
        needs='melds'),
    Builtin(
        ('best_melds',), 'melds', (1,), c_best_melds,
        (
            Row(('best_melds(V for c in cards)', 'best_melds(cards)'),
                'the arrangement of the cards into disjoint melds leaving out the least value '
                '(below)'),
        ),
        needs='melds',
        generators=('best_melds',),
        special=(
            "best_melds(VALUE for c in CARDS [if COND]) is compiled from its generator "
            "(rulekit.lang.comprehensions)")),
    Builtin(
        ('team',), 'teams', (1,), c_team,
        (
            Row(('team(p)',),
                "a player's team (section 12)"),
        ),
        needs='teams'),
    Builtin(
        ('members',), 'teams', (1,), c_members,
        (
            Row(('members(t)',),
                "a team's players, by seat"),
        ),
        needs='teams'),
)

BY_NAME: dict[str, Builtin] = {name: b for b in REGISTRY for name in b.names}
BUILTINS: frozenset[str] = frozenset(BY_NAME)
# the names that take a generator, NAME(V for c in X [if C]) (rulekit.lang.comprehensions)
GENERATOR_FORMS: frozenset[str] = frozenset(g for b in REGISTRY for g in b.generators)

HEADERS = {"functions": "| function | gives |", "melds": "| built-in | meaning |"}


def compile_call(x: ExprHost, entry: Builtin, name: str, args: list[Typed],
                 trees: list[Tree[Any]], node: Tree[Any], scope: Scope) -> Typed:
    """A call of a built-in compiled by its entry: the section it needs, its number of
    arguments, then its rule (types and generated code)."""
    if entry.needs == "teams" and not x.t.team_names:
        raise fail(node, f"{name}() needs a 'teams:' section in the ruleset")
    if entry.needs == "melds" and not x.t.has_melds:
        raise fail(node, f"{name}() needs a 'melds:' section in the ruleset",
                   "declare how runs and sets are made: melds: {value: ..., run: ...}")
    call = Call(x, name, args, trees, node, scope)
    call.arity(*entry.arity)
    assert entry.compile is not None, f"{name}() is a special form"
    return entry.compile(call)


def docs_table(table: str) -> str:
    """A built-in table of docs/authoring.md ("functions" or "melds"), as Markdown."""
    rows = [HEADERS[table], "|---|---|"]
    rows += [f"| {', '.join(f'`{f}`' for f in row.forms)} | {row.gives} |"
             for b in REGISTRY if b.table == table for row in b.rows]
    return "\n".join(rows) + "\n"
