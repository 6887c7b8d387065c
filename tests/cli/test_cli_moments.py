"""Issue 31, point 2: the moments that matter do not flash past. A moment the ruleset marks
(`table.moments`) and a person's moves played for them are shown and wait for Enter, when a person
types the answers; never in a script or a game between bots."""

from __future__ import annotations

import io
import random
import re

import pytest
from cli_helpers import cli
from paths import TESTS
from rulekit_cli.look import InertConsole
from rulekit_cli.play import HUMAN, Match
from screen_helpers import played
from typed_helpers import GO_ON, RULESETS, Typing, pauses, typed

import rulekit

TABLE = TESTS / "engine" / "table.yaml"
SCORED = re.compile(r"^  (Player 1|Bot \d): .* = -?\d+ points \(total -?\d+\)\.$")


def test_a_hand_won_and_its_scored_hands_are_seen_before_the_next_hand_starts():
    # "In Le Ch'ami the last card was discarded automatically (the only choice) and hand 2
    # began; 'Player 0 has no cards left and wins the hand!' and the scored hands were only in
    # `log`."
    shown, _ = typed("chami", 3, seed=4, limit=40)
    lines = shown.split("\n")
    won = next(i for i, x in enumerate(lines) if x.endswith("has no cards left and wins the hand!"))
    go_on = lines.index(GO_ON, won)
    hand_2 = next(i for i, x in enumerate(lines) if x.startswith("Hand 2 · "))
    assert won < go_on < hand_2
    scored = [x for x in lines[won:go_on] if SCORED.match(x)]
    assert len(scored) == 3, "\n".join(lines[won:go_on])  # every player's hand, scored
    assert not any(x.startswith("  Hand 2:") for x in lines[won:go_on])  # not the next deal


def test_a_sham_round_won_and_a_bluff_caught_each_pause():
    # "A SHAM round you win ends inside a burst of bot moves."
    shown, _ = typed("sham", 4, seed=1, limit=30)
    blocks = pauses(shown)
    rounds = [b for b in blocks if any("is the last one in and wins the round" in x for x in b)]
    bluffs = [b for b in blocks if any(x.startswith("  It was a lie: ") for x in b)]
    assert rounds and bluffs
    for block in rounds:  # the round's end, not the next round's first moves
        assert not any("New round:" in x for x in block)


@pytest.mark.parametrize(("name", "players", "variant"),
                         [("chami", 3, None), ("sham", 4, None), ("shamus", 4, "four-players"),
                          ("uno", 3, None), ("spades", 4, None)])
def test_every_pause_fits_80_by_24_and_waits_for_enter(name, players, variant):
    shown, _ = typed(name, players, seed=2, variant=variant, limit=40)
    blocks = pauses(shown)
    assert blocks, "a moment or a move played for the person came in 40 answers"
    for block in blocks:
        assert len(block) <= 24, "\n".join(block)
        assert all(len(x) <= 80 for x in block)
        assert block[-2:] == [GO_ON, "> "]  # Enter typed, and nothing else read as an answer


def test_no_pause_in_a_script_nor_between_bots():
    # "only when a person is playing": piped answers and --seats all bots never wait
    assert GO_ON not in played(RULESETS / "chami.yaml", 3, seed=4)
    r = cli("play", "sham", "--seats", "random,random,random", "--seed", "3", "--no-record")
    assert r.code == 0 and GO_ON not in r.out
    assert "is the last one in and wins the round" in r.out  # narrated, not waited for


def test_quit_at_a_pause_stops_the_game_and_help_says_what_the_pause_is():
    shown, _ = typed("chami", 3, seed=4, at_pause="help\n", limit=40)
    assert "The game waits while you read what happened. Enter: go on" in shown
    shown, match = typed("chami", 3, seed=4, at_pause="quit\n")
    assert shown.rstrip().split("\n")[-1] == "> quit"
    assert not match.state.is_over


def test_the_uno_players_forced_moves_are_narrated_in_four_player_shamus():
    # "In Shamus the Uno player's forced moves are played for them: in four-player, the first
    # real decision came with the circle at 4 of 8." Every circle card the person turned
    # without being asked is said on a screen, none only in `log`.
    shown, match = typed("shamus", 4, seed=2, variant="four-players")
    game = match.game
    turned = [rulekit.render_event(game, k, a, "en", match.names)
              for k, a in rulekit.events_for(match.state, 0)
              if k == "circle_turned" and a["player"] == ("player", 0)]
    assert len(turned) >= 2
    for line in turned:
        assert f"  {line}" in shown.split("\n")
    first = shown.index("Only one choice: discard a card.")
    assert shown.index(GO_ON) > first  # said, then waited for


def test_a_sham_player_sees_their_own_draws_and_only_a_count_of_the_others():
    # "SHAM never shows a player their own draws ("you draw blue 4")."
    shown = played(RULESETS / "sham.yaml", 4, seed=1)
    mine = re.findall(r"^  Player 1 draws (.*)\.$", shown, flags=re.M)
    assert mine and all(re.fullmatch(r"((red|blue|purple|yellow) \d|[A-Z][A-Za-z ]+)"
                                     r"(, ((red|blue|purple|yellow) \d|[A-Z][A-Za-z ]+))*", m)
                        for m in mine), mine
    assert re.search(r"^  Bot \d draws \d cards?\.$", shown, flags=re.M)
    assert not re.search(r"^  Bot \d draws (red|blue|purple|yellow) \d", shown, flags=re.M)


def test_the_sham_status_line_never_contradicts_the_challenge_question():
    # 'SHAM's status line reads "No claim yet: any colour, any total" above "Player 0 placed 2
    # cards claiming 6 blue. Call SHAM?"'
    asked = 0
    for seed in (1, 3):
        lines = played(RULESETS / "sham.yaml", 4, seed=seed).split("\n")
        for i, line in enumerate(lines):
            m = re.fullmatch(r"(.+) placed (\d+) cards? claiming (\d+) (\w+)\. Call SHAM\?", line)
            if m is None:
                continue
            asked += 1
            head = max(j for j in range(i) if lines[j].startswith("─"))
            status = lines[head + 1]
            who, n, total, colour = m.groups()
            assert status.startswith(f"Claim under challenge: {total} {colour} ({who}, {n} card"), \
                "\n".join(lines[head:i + 1])
    assert asked >= 3


def test_spades_says_no_bid_before_a_player_bids():
    # "Spades shows `Bid: nil` before any bid"
    shown = played(RULESETS / "spades.yaml", 4, seed=5, answers=1)
    table = shown.split("\n")
    head = table.index(next(x for x in table if x.startswith("Player ") and " Bid " in x))
    rows = table[head + 1:head + 5]
    assert all(re.match(r"^[▸ ] (Player 1 \(you\)|Bot \d)\s+-\s", x) for x in rows), rows
    assert "Player 1 bids nil." not in shown or " nil " in shown  # a nil bid is still nil


def test_every_bundled_game_declares_its_moments():
    for path in sorted(RULESETS.glob("*.yaml")):
        game = rulekit.load(path)
        assert game.table.moments, path.name


def test_a_moment_that_is_not_a_logged_event_is_a_located_error():
    text = TABLE.read_text(encoding="utf-8")
    broken = text.replace("  summary:\n", "  moments: [plaid]\n  summary:\n")
    with pytest.raises(rulekit.RulesetError) as e:
        rulekit.load_text(broken, "table.yaml")
    d = e.value.diagnostics[0]
    assert d.message == "no log 'plaid' in the ruleset: this moment would never happen"
    assert d.hint == "did you mean 'played'?"
    assert (d.line, d.col) == (broken[:broken.index("[plaid]")].count("\n") + 1, 13)
    twice = text.replace("  summary:\n", "  moments: [played, played]\n  summary:\n")
    with pytest.raises(rulekit.RulesetError, match="moment 'played' is listed twice"):
        rulekit.load_text(twice, "table.yaml")
    assert rulekit.load_text(text.replace("  summary:\n", "  moments: [played]\n  summary:\n"),
                             "table.yaml").table.moments == ("played",)



def test_the_echo_of_a_move_names_only_what_the_player_chose():
    # 'the echo line reads "discard a card: Ambush · Ambush · none"': a value the rules gave (a
    # choice's `otherwise`: the special a card is, no mode) is not echoed as if chosen
    game = rulekit.load(RULESETS / "chami.yaml")
    s = game.new_state(3, 0)
    rnd = random.Random(0)
    while not (s.pending is not None and s.pending.kind == "param" and s.pending.decider == 0
               and s.pending.param.name == "target"):
        legal = s.legal_actions()
        s.apply_unchecked(legal[rnd.randrange(len(legal))])
    assert dict(s.pending.chosen)["named"] == "balancoire"  # given by the card, not asked
    match = Match(game, 3, [HUMAN, "random", "random"], 0, "en",
                  InertConsole(file=io.StringIO(), width=80), io.StringIO())
    match.state = s
    echo = match._chosen_so_far(0)
    assert echo is not None
    assert echo.plain == "discard a card: Seesaw · swap hands"


def test_a_terminal_too_small_for_a_table_is_told_the_size_needed(capsys):
    # "a terminal narrower than 60 columns: a clear message with the size needed, or a compact
    # layout; never a broken screen"
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    game = rulekit.load(RULESETS / "sham.yaml")
    out = Tty()
    match = Match(game, 3, [HUMAN, "random", "random"], 1, "en",
                  InertConsole(file=out, width=50, height=20), Tty("1\n"))
    assert match.run() == 2
    err = capsys.readouterr().err
    assert "this terminal is 50x20; a game needs at least 60 columns and 20 lines" in err
    assert out.getvalue() == ""  # no screen drawn at all
    assert match.state.decisions == 0


def test_at_a_shared_terminal_a_moment_is_shown_as_everyone_may_read_it():
    # hot seat: the pause shows the moment's events through no seat's eyes (no hidden card)
    game = rulekit.load(RULESETS / "sham.yaml")
    out = io.StringIO()
    typing = Typing(5, out, limit=40)
    match = Match(game, 3, [HUMAN, HUMAN, "random"], 5, "en",
                  InertConsole(file=out, width=80, height=24, soft_wrap=False,
                               color_system=None, highlight=False), typing)
    typing.match = match
    match.run()
    blocks = pauses(out.getvalue())
    assert blocks
    for block in blocks:
        assert block[0].startswith("─") and "(you)" not in block[0]  # nobody's own view
        assert not any("at random from" in x for x in block)  # the random card stays hidden
        assert len(block) <= 24
    assert any(any("takes a random card from" in x for x in b) for b in blocks)
