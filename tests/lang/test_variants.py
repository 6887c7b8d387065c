"""Variants: named overlays inside a ruleset, and files that extend other files.

The fixtures in tests/variants/ are tiny generic games: race.yaml declares one variant per kind
of change; house.yaml extends it and house_quick.yaml extends house.yaml; the others are broken
on purpose, and each test names the exact place its diagnostic must point at.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from paths import TESTS

import rulekit
from rulekit.data.variants import UnknownVariantError
from rulekit.testing import labels

HERE = TESTS / "variants"


def fixture(name: str) -> str:
    """A fixture's path as the diagnostics print it."""
    return str(HERE / name)


def where(err: pytest.ExceptionInfo[rulekit.RulesetError]) -> list[tuple[str, int, int, str]]:
    """(file name, line, column, message) of each diagnostic."""
    return [(Path(d.file).name, d.line, d.col, d.message) for d in err.value.diagnostics]


def spec_dump(game: rulekit.Game, *drop: str) -> dict:
    """The compiled ruleset as plain data, without the top-level keys in drop."""
    data = game.spec.model_dump()
    return {k: v for k, v in data.items() if k not in drop}


def play_to_end(game: rulekit.Game, players: int, seed: int) -> rulekit.State:
    state = game.new_state(players, seed)
    rng = random.Random(seed)
    for _ in range(10_000):
        if state.is_over:
            return state
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("the game did not end")


# ---- declared variants ----------------------------------------------------------------------
def test_the_base_knows_its_declared_variants_and_is_no_variant():
    game = rulekit.load(fixture("race.yaml"))
    assert game.variant is None
    assert game.variants == ["short", "small_deck", "greedy", "with_bonus"]
    assert game.variant_descriptions["short"] == "The first to two cards wins."
    assert game.variant_descriptions["greedy"] == ""
    assert "variants" not in game.spec.model_dump()


def test_a_variant_changes_a_number_and_nothing_else():
    base = rulekit.load(fixture("race.yaml"))
    short = rulekit.load(fixture("race.yaml"), variant="short")
    assert short.variant == "short"
    assert short.variants == base.variants
    assert short.spec.define == {"target": 2}
    assert spec_dump(short, "define") == spec_dump(base, "define")


def test_a_variant_replaces_a_list_whole():
    base = rulekit.load(fixture("race.yaml"))
    small = rulekit.load(fixture("race.yaml"), variant="small_deck")
    assert base.n_cards == 6 and small.n_cards == 3
    assert small.spec.cards.deck == [{"value": [1, 2, 3]}]
    assert small.spec.cards.attributes == base.spec.cards.attributes  # the list beside it stays
    assert spec_dump(small, "cards") == spec_dump(base, "cards")


def test_a_variant_replaces_one_actions_effects():
    base = rulekit.load(fixture("race.yaml"))
    greedy = rulekit.load(fixture("race.yaml"), variant="greedy")
    assert greedy.spec.actions["draw"].effects == ["draw 2 from deck to actor.hand", "end turn"]
    assert greedy.spec.actions["wait"] == base.spec.actions["wait"]
    assert spec_dump(greedy, "actions") == spec_dump(base, "actions")
    state = greedy.new_state(2, 1)
    state.apply("draw")
    assert len(labels(state, ("hand", 0))) == 3  # one dealt, two drawn
    before = play_to_end(base, 2, 3).decisions
    after = play_to_end(greedy, 2, 3).decisions
    assert after < before  # drawing two at a time ends the race sooner


def test_a_variant_adds_a_phase_a_key_and_a_text():
    base = rulekit.load(fixture("race.yaml"))
    bonus = rulekit.load(fixture("race.yaml"), variant="with_bonus")
    assert list(bonus.spec.phases) == ["main", "bonus"]
    assert bonus.spec.phases["main"].next == "bonus"
    assert bonus.spec.phases["main"].on_end == []
    assert bonus.spec.phases["main"].end_if == base.spec.phases["main"].end_if
    assert bonus.spec.text["bonus_begins"] == {"en": "A bonus round begins."}
    assert set(bonus.spec.text) == set(base.spec.text) | {"bonus_begins"}
    assert spec_dump(bonus, "phases", "text") == spec_dump(base, "phases", "text")
    state = play_to_end(bonus, 2, 1)
    assert ("bonus_begins", {}) in [(k, dict(a)) for k, a in rulekit.events_for(state, None)]


@pytest.mark.parametrize("variant", [None, "short", "small_deck", "greedy", "with_bonus"])
def test_every_declared_variant_plays_to_its_end(variant: str | None):
    game = rulekit.load(fixture("race.yaml"), variant=variant)
    for players in (game.min_players, game.max_players):
        assert play_to_end(game, players, 5).outcome is not None


def test_load_text_takes_a_variant_too():
    text = (HERE / "race.yaml").read_text(encoding="utf-8")
    assert rulekit.load_text(text).variant is None
    assert rulekit.load_text(text, "race.yaml", "short").spec.define == {"target": 2}
    assert rulekit.load_text(text, "race.yaml", variant="short").variant == "short"


def test_a_ruleset_without_variants_declares_none():
    game = rulekit.load(TESTS / "engine" / "minimal.yaml")
    assert game.variant is None and game.variants == []


# ---- unknown variants -----------------------------------------------------------------------
def test_an_unknown_variant_lists_the_declared_ones_with_did_you_mean():
    with pytest.raises(UnknownVariantError) as err:
        rulekit.load(fixture("race.yaml"), variant="shrot")
    assert where(err) == [("race.yaml", 38, 1, "no variant 'shrot'; the variants are: short, "
                           "small_deck, greedy, with_bonus")]
    assert err.value.diagnostics[0].hint == "did you mean 'short'?"
    assert err.value.declared == ["short", "small_deck", "greedy", "with_bonus"]
    assert isinstance(err.value, rulekit.UsageError)  # a caller's mistake, as a bad seed is


def test_a_variant_of_a_ruleset_without_variants_is_unknown():
    path = TESTS / "engine" / "minimal.yaml"
    with pytest.raises(UnknownVariantError) as err:
        rulekit.load(path, variant="short")
    assert err.value.declared == []
    assert "declares no variants" in err.value.diagnostics[0].message


# ---- files that extend other files ------------------------------------------------------------
def test_a_file_extends_another_and_changes_only_what_it_names():
    base = rulekit.load(fixture("race.yaml"))
    house = rulekit.load(fixture("house.yaml"))
    assert house.name == "Race (house rules)"
    assert house.file == fixture("house.yaml")
    assert house.spec.define == {"target": 5}
    assert list(house.spec.actions) == ["draw", "wait", "pass_twice"]
    assert house.spec.actions["draw"] == base.spec.actions["draw"]
    assert spec_dump(house, "name", "define", "actions") == spec_dump(
        base, "name", "define", "actions")


def test_a_chain_of_two_files_extending_each_other():
    house = rulekit.load(fixture("house.yaml"))
    quick = rulekit.load(fixture("house_quick.yaml"))
    assert quick.name == "Race (house rules, quick)"
    assert (quick.min_players, quick.max_players) == (3, 3)
    assert quick.spec.define == {"target": 5}  # from the middle file
    assert "pass_twice" in quick.spec.actions  # added by the middle file
    assert quick.spec.phases["main"].end_if.startswith("size(deck) <= 2")
    assert quick.spec.phases["main"].on_end == house.spec.phases["main"].on_end
    assert play_to_end(quick, 3, 2).outcome is not None


def test_an_extending_file_inherits_the_variants_of_its_base():
    house = rulekit.load(fixture("house.yaml"))
    assert house.variants == ["short", "small_deck", "greedy", "with_bonus"]
    short = rulekit.load(fixture("house.yaml"), variant="short")
    assert short.spec.define == {"target": 2}  # the variant applies after the file's changes
    assert "pass_twice" in short.spec.actions


def test_an_extending_file_adds_a_variant_and_a_broken_one_is_located_in_it():
    with pytest.raises(rulekit.RulesetError) as err:
        rulekit.load(fixture("variant_typo.yaml"))
    assert where(err) == [("variant_typo.yaml", 6, 17, "'scroe' is not in the base ruleset at "
                           "scoring: a variant can only change what is there")]
    assert err.value.diagnostics[0].hint == ("did you mean 'score'? Or, to add a new entry, "
                                             "write '+scroe'")


def test_a_cycle_of_files_is_an_error_naming_the_cycle():
    with pytest.raises(rulekit.RulesetError) as err:
        rulekit.load(fixture("cycle_a.yaml"))
    a, b = fixture("cycle_a.yaml"), fixture("cycle_b.yaml")
    assert where(err) == [("cycle_b.yaml", 2, 10, "the rulesets extend each other in a cycle: "
                           f"{a} -> {b} -> {a}")]
    assert err.value.diagnostics[0].yaml_path == "extends"


def test_a_file_extending_itself_is_a_cycle(tmp_path: Path):
    path = tmp_path / "self.yaml"
    path.write_text("name: Self\nextends: self.yaml\n", encoding="utf-8")
    with pytest.raises(rulekit.RulesetError) as err:
        rulekit.load(path)
    assert where(err) == [("self.yaml", 2, 10, "the rulesets extend each other in a cycle: "
                           f"{path} -> {path}")]


def test_a_missing_base_is_an_error_at_extends():
    with pytest.raises(rulekit.RulesetError) as err:
        rulekit.load(fixture("missing_base.yaml"))
    assert not isinstance(err.value, rulekit.CannotReadError)  # the file itself was read
    missing = fixture("no_such_base.yaml")
    assert where(err) == [("missing_base.yaml", 3, 10, "cannot read the base ruleset "
                           f"'no_such_base.yaml' ({missing}): no such file")]


@pytest.mark.parametrize(("value", "col"), [("3", 10), ("''", 10), ("[a.yaml]", 10),
                                            ('"a\\0b.yaml"', 10), (".", 10)])
def test_a_bad_extends_value_is_located(tmp_path: Path, value: str, col: int):
    path = tmp_path / "bad.yaml"
    path.write_text(f"name: Bad\nextends: {value}\n", encoding="utf-8")
    with pytest.raises(rulekit.RulesetError) as err:
        rulekit.load(path)
    assert [(f, line, c) for f, line, c, _ in where(err)] == [("bad.yaml", 2, col)]


def test_keys_the_base_lacks_or_already_has_are_located_in_the_extending_file():
    with pytest.raises(rulekit.RulesetError) as err:
        rulekit.load(fixture("bad_keys.yaml"))
    assert where(err) == [
        ("bad_keys.yaml", 4, 3, "'drwa' is not in the base ruleset at actions: this file can "
                                "only change what is there"),
        ("bad_keys.yaml", 7, 3, "'+target' adds 'target', but the base ruleset already has "
                                "'target' at define"),
    ]
    assert err.value.diagnostics[0].hint.startswith("did you mean 'draw'?")
    assert err.value.diagnostics[1].hint == "to change it, write 'target' without '+'"


def test_a_dsl_error_in_an_extending_file_points_into_that_file():
    with pytest.raises(rulekit.RulesetError) as err:
        rulekit.load(fixture("bad_dsl.yaml"))
    assert where(err) == [("bad_dsl.yaml", 5, 13, "unknown function 'siz'")]
    d = err.value.diagnostics[0]
    assert d.source_line == '    +when: "siz(deck) > 0"'
    assert d.yaml_path == "actions.wait.+when"


def test_an_error_in_an_untouched_base_rule_points_into_the_base_file():
    with pytest.raises(rulekit.RulesetError) as err:
        rulekit.load(fixture("drops_target.yaml"))
    assert where(err) == [("race.yaml", 24, 53, "unknown name 'target'")]
    assert err.value.diagnostics[0].yaml_path == "phases.main.end_if"


def test_a_dsl_error_in_a_declared_variant_points_at_the_overlay_line():
    assert rulekit.load(fixture("broken_variants.yaml")).variants == ["fine", "bad_dsl"]
    assert rulekit.load(fixture("broken_variants.yaml"), variant="fine").max_players == 3
    with pytest.raises(rulekit.RulesetError) as err:
        rulekit.load(fixture("broken_variants.yaml"), variant="bad_dsl")
    assert where(err) == [("broken_variants.yaml", 33, 35, "unknown function 'siz'")]
    assert err.value.diagnostics[0].yaml_path == "variants.bad_dsl.changes.scoring.score"


def test_errors_from_several_files_come_loaded_file_first():
    with pytest.raises(rulekit.RulesetError) as err:
        rulekit.load(fixture("variant_typo.yaml"), variant="bad_dsl")
    assert [(f, line, c) for f, line, c, _ in where(err)] == [
        ("variant_typo.yaml", 6, 17), ("broken_variants.yaml", 33, 35)]


# ---- the merge rules, on small texts ----------------------------------------------------------
BASE = """\
name: Mini
players: {min: 2, max: 2}
cards:
  attributes: {value: [1, 2]}
  deck: [{value: [1, 2]}]
  start: pile
  label: [{text: card}]
zones:
  pile: {visibility: public}
phases:
  main: {first: "first(players)"}
actions:
  go: {effects: [end turn]}
  stop: {effects: [end game stopped]}
scoring: {score: "seat(p)"}
text:
  card: {en: "card {value}"}
  stopped: {en: someone stopped}
"""  # 18 lines: the variants below start on line 19


def load_mini(variants: str, variant: str | None = None) -> rulekit.Game:
    return rulekit.load_text(BASE + variants, "mini.yaml", variant)


def mini_errors(variants: str, variant: str | None = None) -> list[tuple[int, int, str]]:
    with pytest.raises(rulekit.RulesetError) as err:
        load_mini(variants, variant)
    return [(d.line, d.col, d.message) for d in err.value.diagnostics]


def test_null_removes_a_key():
    game = load_mini("variants:\n  no_stop: {changes: {actions: {stop: ~}}}\n", "no_stop")
    assert [a.name for a in game.actions] == ["go"]


def test_a_mapping_over_a_mapping_merges_and_keeps_the_other_keys():
    game = load_mini("variants:\n  three: {changes: {players: {max: 3}}}\n", "three")
    assert (game.min_players, game.max_players) == (2, 3)


@pytest.mark.parametrize(("variants", "expected"), [
    ("variants: [a, b]\n",
     [(19, 11, "'variants' is a mapping from each variant's name to its description and "
               "changes")]),
    ("variants:\n  two words: {changes: {name: X}}\n",
     [(20, 3, "a variant's name is one word (letters, digits, '_' or '-'), not 'two words'")]),
    ("variants:\n  v: [1]\n",
     [(20, 6, "a variant is a mapping with 'changes' (and an optional 'description')")]),
    ("variants:\n  v: {chnages: {name: X}}\n",
     [(20, 7, "unknown key 'chnages'")]),
    ("variants:\n  v: {description: x}\n", [(20, 6, "missing key 'changes'")]),
    ("variants:\n  v: {description: 3, changes: {name: X}}\n",
     [(20, 20, "expected a text value, or one text per language ({en: ..., fr: ...})")]),
    ("variants:\n  v: {changes: {}}\n",
     [(20, 16, "'changes' is a mapping of what the variant changes, laid out as in the ruleset")]),
    ("variants:\n  v: {changes: {extends: other.yaml}}\n",
     [(20, 17, "a variant cannot change 'extends'")]),
    ("variants:\n  v:\n    changes:\n      +variants: {}\n",
     [(22, 7, "a variant cannot change 'variants'")]),
    ("variants:\n  v:\n    changes:\n      actions:\n        +go: {effects: []}\n",
     [(23, 9, "'+go' adds 'go', but the base ruleset already has 'go' at actions")]),
    ("variants:\n  v:\n    changes:\n      actions:\n        +again:\n          +label: x\n",
     [(24, 11, "'+label' is inside a value that is new as a whole, so there is nothing to "
               "add to")]),
    ("variants:\n  v:\n    changes:\n      +: 1\n", [(22, 7, "'+' alone adds nothing")]),
    ("variants:\n  v:\n    changes:\n      +extra: ~\n",
     [(22, 15, "'+extra' adds nothing (its value is null)")]),
    ("variants:\n  v:\n    changes:\n      zones:\n        pile: {visbility: count}\n",
     [(23, 16, "'visbility' is not in the base ruleset at zones.pile: a variant can only "
               "change what is there")]),
])
def test_a_malformed_variant_is_located(variants: str, expected: list):
    assert mini_errors(variants) == expected


def test_an_added_key_the_schema_does_not_know_is_located_in_the_overlay():
    errors = mini_errors("variants:\n  v:\n    changes:\n      actions:\n        go:\n"
                         "          +efects: [pass]\n", "v")
    assert errors == [(24, 11, "unknown key 'efects'")]


def test_a_broken_variant_is_reported_even_when_the_base_is_loaded():
    errors = mini_errors("variants:\n  ok: {changes: {name: Fine}}\n"
                         "  bad: {changes: {nmae: X}}\n")
    assert errors == [(21, 19, "'nmae' is not in the base ruleset at the top level: a variant "
                               "can only change what is there")]


def test_changes_are_merged_into_a_copy():
    """Loading one variant leaves the next load of the base, or of another variant, unchanged."""
    text = BASE + ("variants:\n  a: {changes: {players: {max: 3}}}\n"
                   "  b: {changes: {actions: {stop: ~}}}\n")
    a = rulekit.load_text(text, "mini.yaml", "a")
    b = rulekit.load_text(text, "mini.yaml", "b")
    base = rulekit.load_text(text, "mini.yaml")
    assert (a.max_players, len(a.actions)) == (3, 2)
    assert (b.max_players, len(b.actions)) == (2, 1)
    assert (base.max_players, len(base.actions)) == (2, 2)


# ---- combined variants: 'a+b' -------------------------------------------------------------------
COMBO = """\
variants:
  three:
    changes: {players: {max: 3}}
  bonus:
    changes:
      phases:
        main: {+next: extra}
        +extra: {first: "first(players)"}
  four:
    changes: {players: {max: 4}}
  again_three:
    changes: {players: {max: 3}, name: Mini 3}
  no_stop:
    changes: {actions: {stop: ~}}
  quiet_stop:
    changes: {actions: {stop: {+label: stopped}}}
"""  # 'three' is on line 20 (BASE has 18 lines)


def test_combined_variants_apply_each_change():
    """'a+b' merges a's changes, then b's, over the base."""
    game = load_mini(COMBO, "three+no_stop")
    assert game.variant == "three+no_stop"
    assert game.max_players == 3 and [a.name for a in game.actions] == ["go"]
    assert game.variants == ["three", "bonus", "four", "again_three", "no_stop", "quiet_stop"]


def test_combined_variants_apply_left_to_right():
    """Each overlay is merged over the ruleset the ones before it made: here 'bonus' adds a
    phase and 'three' a seat, in either order."""
    for variant in ("bonus+three", "three+bonus"):
        game = load_mini(COMBO, variant)
        assert [p.name for p in game.phases] == ["main", "extra"] and game.max_players == 3


def test_combined_variants_that_set_a_key_alike_combine():
    game = load_mini(COMBO, "three+again_three")
    assert game.max_players == 3 and game.name == "Mini 3"


@pytest.mark.parametrize(("variant", "expected"), [
    ("three+four", [(28, 25, "the variants 'three' and 'four' cannot be combined: they set "
                             "players.max differently ('three' sets it at mini.yaml:21:25)")]),
    ("four+again_three",
     [(30, 25, "the variants 'four' and 'again_three' cannot be combined: they set players.max "
               "differently ('four' sets it at mini.yaml:28:25)")]),
    # one removes the action, the other changes inside it
    ("no_stop+quiet_stop",
     [(34, 25, "the variants 'no_stop' and 'quiet_stop' cannot be combined: they set "
               "actions.stop.label differently ('no_stop' sets it at mini.yaml:32:25)")]),
    ("three+three", [(20, 3, "'three+three' names the variant 'three' twice")]),
])
def test_conflicting_combined_variants_are_a_located_error_naming_both(variant, expected):
    assert mini_errors(COMBO, variant) == expected


def test_an_unknown_variant_in_a_combination_is_named():
    with pytest.raises(UnknownVariantError) as err:
        load_mini(COMBO, "three+fuor")
    assert err.value.variant == "fuor" and err.value.choice == "three+fuor"
    [d] = err.value.diagnostics
    assert d.message.startswith("no variant 'fuor' (in 'three+fuor'); the variants are: three, ")
    assert d.hint == "did you mean 'four'?"
    with pytest.raises(UnknownVariantError) as err:
        load_mini(COMBO, "three+")
    assert err.value.variant == ""
