"""rulekit.view: a seat's whole picture of a game as plain data, and nothing it may not know."""

from __future__ import annotations

import json
import random

import pytest
from game_helpers import bundled_games
from paths import ROOT

import rulekit
from rulekit.view import Journal, SeatView, view

GAMES = bundled_games()


def played(game: rulekit.Game, seed: int, steps: int) -> tuple[rulekit.State, Journal]:
    """A game of random moves, `steps` decisions in (or over), with its journal."""
    s = game.new_state(game.spec.players.default or game.spec.players.min, seed=seed)
    journal = Journal()
    pick = random.Random(seed)
    for _ in range(steps):
        if s.over:
            break
        journal.apply(s, pick.choice(s.legal_actions()))
    return s, journal


@pytest.mark.parametrize("game", [g for _, g in GAMES],
                         ids=[f"{p.stem}{'+' + g.variant if g.variant else ''}"
                              for p, g in GAMES])
def test_a_view_is_the_same_in_every_state_the_seat_cannot_tell_apart(game: rulekit.Game):
    """What a seat cannot see (the others' hands, the stock's order) is dealt again by resample;
    the seat's view, in JSON, stays the same, at the start, in the middle and near the end."""
    compared = moved = 0
    for seed, steps in ((1, 0), (2, 25), (3, 80), (4, 400)):
        s, journal = played(game, seed, steps)
        for seat in range(s.n):
            seen = view(s, seat, journal=journal).to_json()
            for other in (11, 12):
                world = rulekit.resample(s, seat, other)
                assert view(world, seat, journal=journal).to_json() == seen
                compared += 1
                moved += world.zones != s.zones
    assert compared >= 8
    assert moved  # hidden cards did move: the views agree though the states differ


def test_a_view_changes_with_what_the_seat_sees():
    """The check above can fail: the same state seen by another seat, or after a move, differs."""
    game = rulekit.load("rulesets/uno.yaml")
    s, journal = played(game, 5, 10)
    assert view(s, 0, journal=journal).to_json() != view(s, 1, journal=journal).to_json()
    before = view(s, 0).to_json()
    journal.apply(s, s.legal_actions()[0])
    assert view(s, 0).to_json() != before


def test_a_standard_deck_shows_suit_symbols_and_red_hearts_and_diamonds():
    game = rulekit.load("rulesets/crazy_eights.yaml", variant=None)
    s, _ = played(game, 1, 0)
    me = view(s, 0).players[0].zone("hand")
    assert me.cards and all(c is not None for c in me.cards)
    for card in me.seen:
        suit = card.key.rsplit(" ", 1)[-1]
        assert card.glyph == {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}[suit]
        assert card.colour == ("red" if suit in ("hearts", "diamonds") else None)
    french = view(s, 0, lang="fr").players[0].zone("hand").seen[0]
    assert french.label != french.key and french.glyph == me.seen[0].glyph


def test_colours_declared_for_coloured_decks_and_none_for_wildcards():
    game = rulekit.load("rulesets/sham.yaml")
    assert game.table.look("red 3") == ("red", None)
    assert game.table.look("purple 1") == ("purple", None)
    assert game.table.look(game.labels[-1]) == (None, None)  # a wildcard has no colour


def test_the_view_holds_the_status_the_players_the_question_and_the_events():
    game = rulekit.load("rulesets/sham.yaml")
    s, journal = played(game, 7, 30)
    seat = s.decider
    v = view(s, seat, journal=journal, names=["Ann", "Bob", "Cy", "Di"][:s.n])
    assert isinstance(v, SeatView) and v.seat == seat and v.game == "SHAM"
    assert v.status and "claim" in v.status.lower()
    assert [p.name for p in v.players] == ["Ann", "Bob", "Cy", "Di"][:s.n]
    assert sum(p.deciding for p in v.players) == 1 and v.players[seat].deciding
    q = v.question
    assert q is not None and q.yours and q.asked == seat and q.options
    assert {o.action for o in q.options} == {a.text for a in s.legal_actions()}
    # another seat learns who is asked, not the options
    other = view(s, (seat + 1) % s.n, journal=journal)
    assert other.question is not None and not other.question.yours
    assert other.question.options == () and other.question.asked == seat
    # events since the seat's last decision, turn by turn, each in words
    assert v.since == journal.since(s, seat)
    for group in v.events:
        assert group.events and all(e.text and e.at >= v.since for e in group.events)
    everything = view(s, seat, since=0)
    assert sum(len(g.events) for g in everything.events) >= sum(len(g.events) for g in v.events)
    json.loads(v.to_json())


def test_moments_are_the_events_the_ruleset_marks():
    """A ruleset's table.moments marks events; those since the seat's last decision are
    gathered (an event not marked never is)."""
    for _, game in GAMES:
        marked = set(game.table.moments)
        s, _ = played(game, 9, 400)
        v = view(s, 0, since=0)
        events = [e for g in v.events for e in g.events]
        assert list(v.moments) == [e for e in events if e.moment]
        assert all(e.key.removesuffix("_hidden") in marked for e in v.moments)
        if marked & {e.key.removesuffix("_hidden") for e in events}:
            assert v.moments


def test_a_finished_game_has_its_outcome_and_no_question():
    game = rulekit.load("rulesets/crazy_eights.yaml")
    s, journal = played(game, 3, 5000)
    assert s.over
    v = view(s, 0, journal=journal)
    assert v.question is None and v.over
    assert v.outcome is not None and v.outcome.reason and len(v.outcome.scores) == s.n


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"seat": 9}, "seat"), ({"seat": "0"}, "seat"), ({"seat": 0, "lang": "xx"}, "speaks"),
    ({"seat": 0, "names": ["one"]}, "one text per seat"), ({"seat": 0, "since": -1}, "log"),
    ({"seat": 0, "since": 10**9}, "log"), ({"seat": 0, "since": True}, "log"),
])
def test_a_bad_request_is_a_usage_error(kwargs: dict, words: str):
    s = rulekit.load("rulesets/uno.yaml").new_state(2, seed=1)
    with pytest.raises(rulekit.UsageError, match=words):
        view(s, **kwargs)


def test_the_journal_refuses_a_finished_game():
    game = rulekit.load("rulesets/crazy_eights.yaml")
    s, journal = played(game, 3, 5000)
    with pytest.raises(rulekit.UsageError, match="over"):
        journal.note(s)


def test_a_round_won_is_a_moment_where_the_ruleset_marks_it():
    """SHAM with table.moments naming round_won (added here if the file does not name it yet):
    each round won since the start is among the view's moments, in words, and nothing else."""
    path = ROOT / "rulesets" / "sham.yaml"
    text = path.read_text(encoding="utf-8")
    if "\n  moments:" not in text:
        text = text.replace("\ntable:\n", "\ntable:\n  moments: [round_won]\n", 1)
    game = rulekit.load_text(text, str(path))
    assert "round_won" in game.table.moments
    s, journal = played(game, 3, 400)
    won = [i for i, (key, _, _) in enumerate(s.log) if key == "round_won"]
    assert won
    v = view(s, 0, since=0, journal=journal)
    moments = [e for e in v.moments if e.key == "round_won"]
    assert [e.at for e in moments] == won
    assert all(e.moment and "round" in e.text.lower() for e in moments)
    assert all(e.key.removesuffix("_hidden") in game.table.moments for e in v.moments)
    # after seat 0's last decision, only the moments since
    later = view(s, 0, journal=journal)
    assert all(e.at >= later.since for e in later.moments)
