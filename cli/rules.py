"""`rulekit rules`: a game's rules text, then what rulekit can state from the ruleset itself."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from rich.console import Console, RenderableType
from rich.text import Text

import rulekit

from .pager import page, prose
from .strings import description, t, variant_text

WHO_SEES = {  # (owner, visibility) -> the words saying who sees a zone's cards
    ("table", "public"): "sees_all",
    ("table", "count"): "sees_count",
    ("table", "hidden"): "sees_none",
    ("table", "owner"): "sees_count",
    ("player", "public"): "sees_all",
    ("player", "owner"): "sees_owner",
    ("player", "count"): "sees_count",
    ("player", "hidden"): "sees_none",
    ("team", "public"): "sees_all",
    ("team", "owner"): "sees_team",
    ("team", "count"): "sees_count",
    ("team", "hidden"): "sees_none",
}


SCORING_TEXT = "rules_scoring"  # the ruleset's own text saying how the game is scored
# a ruleset's sections a variant may change, in the order `rulekit rules` names them
SECTIONS = ("players", "cards", "melds", "teams", "zones", "variables", "define", "procedures",
            "setup", "phases", "actions", "windows", "scoring", "table", "text", "rules_text",
            "invariants", "limits", "bots")


def rules_text(game: rulekit.Game, lang: str) -> str:
    """The ruleset's own rules text in lang (its first language's when lang lacks one), or ''."""
    texts = game.table.rules_text
    return (texts.get(lang) or texts.get(game.languages[0]) or "").strip()


def print_rules(game: rulekit.Game, lang: str, console: Console,
                ask: Callable[[str], str] | None = None, height: int = 24) -> None:
    """The rules text, then the deck, zones, phases and actions, scoring and variants: reflowed
    to the console's width, a screenful at a time when ask reads the answer to --More--."""
    page(console, rules_parts(game, lang), height, ask, t("more", lang))


def rules_parts(game: rulekit.Game, lang: str) -> list[RenderableType]:
    """What `rulekit rules` prints, part by part."""
    out: list[RenderableType] = []
    word = game.texts.word
    title = game.name + (f" [{game.variant}]" if game.variant else "")
    out.append(Text(title, style="bold"))
    about = description(game, lang)
    if about:
        out.append(Text(about))
    out.append(Text(""))
    out += rules_prose(game, lang)
    out.append(Text(""))
    out.append(Text(t("from_ruleset", lang), style="bold"))
    players = (str(game.min_players) if game.min_players == game.max_players
               else f"{game.min_players}-{game.max_players}")
    out.append(Text(t("rules_players", lang, n=players)))
    # the deck: how many cards, and the values of each attribute
    out.append(Text(t("rules_deck", lang, n=game.n_cards)))
    for attr, values in game.card_attrs.items():
        kinds = Counter(values)
        if all(isinstance(v, str) for v in kinds):
            shown = ", ".join(word(str(v), lang) for v in kinds)
        else:
            nums = sorted(v for v in kinds if isinstance(v, int))
            shown = f"{nums[0]}..{nums[-1]}" if nums else "-"
        out.append(Text(f"  {attribute_name(game, attr, lang)}{t('colon', lang)}{shown}"))
    # the zones and who sees them
    out.append(Text(t("rules_zones", lang)))
    for name, z in game.spec.zones.items():
        owner = t("owner_" + z.owner, lang)
        sees = t(WHO_SEES.get((z.owner, z.visibility), "sees_none"), lang)
        out.append(Text(f"  {word(z.label or name, lang)} ({owner}){t('colon', lang)}{sees}"))
    # the phases and their actions, the windows and theirs
    out.append(Text(t("rules_phases", lang)))
    spec = game.spec
    for pname, phase in spec.phases.items():
        acts = [word(a.label or n, lang) for n, a in spec.actions.items()
                if a.window is None and (a.phase is None or a.phase == pname or
                                         (isinstance(a.phase, list) and pname in a.phase))]
        out.append(Text(f"  {word(phase.label or pname, lang)}{t('colon', lang)}"
                        f"{', '.join(acts) or '-'}"))
    for wname in spec.windows:
        acts = [word(a.label or n, lang) for n, a in spec.actions.items() if a.window == wname]
        out.append(Text("  " + t("rules_window", lang, actions=", ".join(acts) or "-")))
    # the scoring, in the ruleset's own words (never its expressions)
    out.append(Text(scoring_text(game, lang)))
    # the variants and what each changes
    if game.variants:
        out.append(Text(t("rules_variants", lang)))
        for v in game.variants:
            about = variant_text(game, v, lang)
            changes = ", ".join(changed_parts(game.variant_changes.get(v, []), lang)) or "-"
            out.append(Text(f"  {v}{t('colon', lang)}{about}" if about else f"  {v}"))
            out.append(Text("    " + t("rules_changes", lang, keys=changes)))
    return out


def rules_prose(game: rulekit.Game, lang: str) -> list[Text]:
    """The ruleset's rules text as paragraphs to wrap at the screen's width (or says it has
    none)."""
    text = rules_text(game, lang)
    return prose(text) if text else [Text(t("no_rules_text", lang))]


def attribute_name(game: rulekit.Game, attr: str, lang: str) -> str:
    """A card attribute's name: its text attr_NAME, else the text with its name, else itself."""
    key = "attr_" + attr
    return game.texts.word(key if game.texts.has(key) else attr, lang)


def scoring_text(game: rulekit.Game, lang: str) -> str:
    """How the game is scored: the ruleset's text rules_scoring, else a plain generic line."""
    if game.texts.has(SCORING_TEXT):
        return t("rules_scoring_text", lang, text=game.texts.word(SCORING_TEXT, lang))
    mode = game.spec.scoring.winners
    winners = t("winners_" + mode if mode in ("highest", "lowest", "all", "none")
                else "winners_condition", lang)
    return t("rules_scoring", lang, winners=winners)


def changed_parts(keys: list[str], lang: str) -> list[str]:
    """The parts of the game a variant's changed keys (define.x, players.max...) belong to, in
    words, each once, in the order of the ruleset's sections."""
    sections = {k.split(".", 1)[0] for k in keys}
    known = [s for s in SECTIONS if s in sections]
    other = ["other"] if sections - set(SECTIONS) else []
    return [t("part_" + s, lang) for s in known + other]
