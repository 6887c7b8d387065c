"""The one table of effect statements: each form as the author writes it and its rule.

The grammar (`grammar.lark`) parses these forms and the compiler (`rulekit.compile`) generates
their code; the parse-error hints and the statement table of `docs/authoring.md` are derived
from this table, and tests/lang/test_lang_statement_table.py checks it against the grammar and the
compiler, so a statement cannot be added to one and forgotten in another.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class StatementForm:
    """One statement: the grammar's rule, its opening words, its form and its rule in words."""

    rule: str  # the grammar's name for the parsed statement (`-> set_stmt`)
    words: str  # the words it opens with, as the hint lists them
    form: str  # as the author writes it (upper case: the parts to fill in)
    does: str  # its type rule and what it does (the guide's table)


STATEMENTS: tuple[StatementForm, ...] = (
    StatementForm(
        "set_stmt", "set", "set VARIABLE = VALUE",
        "VARIABLE is a game or turn variable, or `PLAYER.variable`. The value's type must fit. "
        "Lists are copied. Parameters, zones and card attributes cannot be set"),
    StatementForm(
        "add_stmt", "add", "add NUMBER to VARIABLE", "VARIABLE must be a number variable"),
    StatementForm(
        "move_stmt", "move", "move CARDS to ZONE [face up | face down | at bottom]",
        "CARDS is a card, a list of cards or a zone (all its cards, bottom first); none (an "
        "empty `top`, a skipped parameter, a none in a list) moves nothing. Cards are taken from "
        "wherever they are. With neither `face up` nor `face down`, moved cards are face down. "
        "With `at bottom` they go under the old bottom card, keeping their order"),
    StatementForm(
        "draw_stmt", "draw", "draw NUMBER from ZONE to ZONE",
        "moves the top card NUMBER times (so the order is reversed, as when dealing by hand). "
        "Stops early when the source is empty"),
    StatementForm(
        "refill_stmt", "refill", "refill ZONE from ZONE up to NUMBER",
        "draws NUMBER minus the zone's size, if that is positive"),
    StatementForm(
        "deal_stmt", "deal", "deal NUMBER from ZONE to each PLAYER-ZONE",
        "PLAYER-ZONE is a player zone's name (`hand`). NUMBER rounds of one card per player, "
        "seat 0 first. Stops giving cards when the source is empty"),
    StatementForm(
        "shuffle_stmt", "shuffle", "shuffle ZONE", "Fisher-Yates with the state's generator"),
    StatementForm(
        "swap_stmt", "swap", "swap ZONE with ZONE", "exchanges the two zones' contents"),
    StatementForm(
        "reveal_stmt", "reveal", "reveal CARDS",
        "sets the face-up flag of these cards. They stay where they are and are visible to "
        "everyone until moved"),
    StatementForm(
        "show_stmt", "show", "show CARDS to PLAYERS",
        "each of these players (a player or a list) learns which cards these are and where they "
        "lie; nobody else does (section 5, *Private knowledge*)"),
    StatementForm(
        "meld_stmt", "meld", "meld CARDS to ZONE [as VALUE]",
        "lays the cards in a meld zone as a new meld (a wild stands for VALUE, or else for the "
        "lowest value that fits); fails if they are not one (section 16b)"),
    StatementForm(
        "extend_stmt", "extend", "extend MELD with CARD [as VALUE]",
        "adds a card to a meld (a run at either end; a wild stands for VALUE); fails if it does "
        "not fit (section 16b)"),
    StatementForm("ask_stmt", "ask", "ask WINDOW [to PLAYERS]", "see section 13"),
    StatementForm(
        "end_turn_stmt", "end turn", "end turn",
        "marks the turn as over. The turn passes when the flow gets there (section 2)"),
    StatementForm(
        "turn_to_stmt", "turn to", "turn to PLAYER",
        "the turn goes to PLAYER at once, turn variables are reset, and a pending `end turn` is "
        "dropped. The old turn's `on_turn_end` does not run; the new turn's `on_turn_begin` "
        "runs once the effects (and the windows they asked) are over"),
    StatementForm(
        "end_game_stmt", "end game", "end game REASON",
        "computes the scores and winners, logs `game_over`, ends the game. REASON must be a "
        "text key"),
    StatementForm("pass_stmt", "pass", "pass", "nothing (a placeholder, e.g. `then: [pass]`)"),
    StatementForm(
        "reverse_stmt", "reverse turn order", "reverse turn order",
        "flips the current phase's direction until the phase begins again (section 10)"),
    StatementForm(
        "skip_stmt", "skip", "skip NUMBER",
        "the next NUMBER players who would get the turn when it passes miss it (section 10)"),
    StatementForm(
        "call_stmt", "call", "call PROCEDURE(ARGUMENTS)",
        "runs a procedure with its parameters bound to ARGUMENTS (below)"),
)


def _by_first_word() -> dict[str, str]:
    forms: dict[str, list[str]] = {}
    for st in STATEMENTS:
        forms.setdefault(st.words.split()[0], []).append(st.form)
    return {word: ", or ".join(shown) for word, shown in forms.items()}


# the form(s) a statement's first word opens, for "write it as: ..."
STATEMENT_FORMS: dict[str, str] = _by_first_word()

# the hint for a text that starts with no statement's word
STARTS_WITH = "an effect starts with one of: " + ", ".join(st.words for st in STATEMENTS)


def docs_table() -> str:
    """The statement table of docs/authoring.md (section 14), as Markdown."""
    rows = ["| statement | details |", "|---|---|"]
    # a bar inside a cell, even in code, would split it: GitHub's tables take it escaped
    rows += [f"| `{st.form.replace('|', chr(92) + '|')}` | {st.does} |" for st in STATEMENTS]
    return "\n".join(rows) + "\n"
