"""The text of `rulekit play --help` after the options: seats, answering, saving, matches."""

from __future__ import annotations

from rulekit.bots import LEVELS

from .bots import TABLE_MAX_ITERATIONS, TABLE_MAX_SECONDS

# the levels as they are: a search of so many iterations per decision, whatever the machine
_LEVELS = ", ".join(f"{name} {spec.iterations}" for name, spec in LEVELS.items())
_GUIDED = " and ".join(name for name, spec in LEVELS.items() if spec.prior)

PLAY_EPILOG = f"""\
seats:
  --seats lists one kind per seat, comma separated: human (you type the moves) or a bot:
    random       chooses uniformly among the legal moves
    greedy       tries each move in a few deals consistent with what it sees, keeps the best
    ismcts[:N|:Ts]  searches (information set Monte Carlo tree search) N iterations, or T
                 seconds, per decision (ismcts:2000, ismcts:0.5s; bare ismcts: 1 second)
    {", ".join(LEVELS)}  levels: a search of {_LEVELS} iterations
                 per decision, the same play on any machine ({_GUIDED} guided by
                 greedy's look-ahead); medium:N, hard:N: a level with N iterations per
                 decision (repeatable)
  Budgets: at most {TABLE_MAX_ITERATIONS:,} iterations or {TABLE_MAX_SECONDS:g} seconds a decision.
  Bots see only what their seat may know; their choices derive from the seed (with an
  iteration budget, exactly). Default: the first seat human, the others medium. With
  several human seats the terminal is passed around: before each seat's private view a
  "pass the terminal" screen waits for Enter.

answering:
  type a numbered choice (several numbers pick several cards: 1 3 4), a value where a range is
  shown, or a choice's text; also help, show, log, back and quit. A number always means the
  option shown with that number; a card or value whose name is a number is typed in quotes
  ("4"). Cards are listed in the order of your hand; melds carry the numbers the table shows.
  back undoes the last step of a move being put together: nothing is played until the move
  is complete.

saving:
  the game is saved after every decision, so closing the terminal, a crash or a power cut
  loses at most the move being made; quit, Ctrl-D (end of input), Ctrl-C, SIGTERM and
  SIGHUP print where (Game saved: FILE) and how to resume it (rulekit resume FILE). A
  finished game stays saved, for rulekit replay FILE. --save FILE names the file; by
  default each game gets a new file, rulekit-GAME-SEED-DATE-TIME.json, in the folder of
  saves: $RULEKIT_DATA_DIR/saves, else the per-user data folder (~/.local/share/rulekit/saves
  on Linux). rulekit resume with no FILE lists the saves there, newest first. With --games
  N and --save FILE, game k>1 goes to FILE-k.json; rulekit resume on any game's file goes
  on with the match: that game, the games after it, the scoreboard.

hot-seat:
  with several human seats, a seat whose next decision is forced and whose move shows
  nothing private is not asked to the terminal; after each move its player sees what the
  move did, then presses Enter to hide the screen. Output that is not a terminal (a pipe, a
  file, tee) would keep every player's private view, so several human seats need a terminal,
  or --transcript-ok.

scripted games:
  when standard input is not a terminal, answers are read one per line and echoed; there is
  no waiting at hand-over screens. If the input ends before the game, the game is saved and
  stops with a message and exit status 1. quit saves and stops with exit status 0.

matches:
  --games N plays N games in a row. Game k (from 1) is dealt from seed S+k-1, S being --seed,
  and after each game everyone moves one seat on: whoever sat at seat i sits at seat i+1 (the
  last seat's player moves to the first), so roles tied to seats change hands. A summary then
  lists each game's end, scores and winners per person or bot, by name: a name follows
  its person or bot from seat to seat (--names names them as they sit in the first game).

names:
  seats are shown numbered from 1: the ruleset's seat name (Player 1) for a person, Bot 2,
  Bot 3... for the bots, in the game's language. --names Ann,Bob gives one name per seat, or
  one per human seat (the bots keep theirs); a name is plain text of at most 16 characters,
  and two seats never share one. The save keeps the names for resume and replay.

record:
  each game played to its end at the terminal adds a line per human seat to your record
  (record.sqlite3 in rulekit's data folder, beside the saves): rulekit stats shows games
  played and won per game, variant and opponents, and the best scores. --no-record leaves
  the game out (on rulekit resume too). The record never stops a game: a damaged one is set
  aside (a new one begins), a busy one (another rulekit holding it) leaves the game unrecorded.

variants:
  --variant NAME plays one of the variants the ruleset declares (rulekit validate lists them).
  --variant A+B combines declared variants, their changes applied left to right; two variants
  that set one rule differently cannot be combined.

With no human seat, the game is narrated as a spectator sees it, then the scores are printed.
Colours are used on a terminal only, and never when NO_COLOR is set."""
