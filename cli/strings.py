"""The driver's own words (prompts, headings, messages) in English, French and Spanish.

Everything about a game comes from its ruleset; these are only the words of the terminal
driver itself. A language the ruleset offers but this table lacks falls back to English.
"""

from __future__ import annotations

from typing import Any

from rulekit import fill

from .table_strings import TABLE_COMMANDS, TABLE_STRINGS

STRINGS: dict[str, dict[str, str]] = {
    "title": {"en": "{game}: {n} players", "fr": "{game} : {n} joueurs",
              "es": "{game}: {n} jugadores"},
    "seed": {
        "en": "Seed {seed} (replay this game with --seed {seed}).",
        "fr": "Graine {seed} (rejouez cette partie avec --seed {seed}).",
        "es": "Semilla {seed} (repite esta partida con --seed {seed}).",
    },
    "seats": {
        "en": "Seats: {seats}",
        "fr": "Places : {seats}",
        "es": "Asientos: {seats}",
    },
    "human": {"en": "human", "fr": "humain", "es": "humano"},
    "random": {"en": "random bot", "fr": "robot aléatoire", "es": "bot aleatorio"},
    "you": {"en": "you", "fr": "vous", "es": "tú"},
    "player": {"en": "Player", "fr": "Joueur", "es": "Jugador"},
    # the seats' table's heading says what its marker marks
    "player_turn": {"en": "Player (▸ turn)", "fr": "Joueur (▸ son tour)",
                    "es": "Jugador (▸ turno)"},
    "team": {"en": "Team", "fr": "Équipe", "es": "Equipo"},
    "members": {"en": "Members", "fr": "Membres", "es": "Miembros"},
    "view_of": {
        "en": "{name} ({you})",
        "fr": "{name} ({you})",
        "es": "{name} ({you})",
    },
    "happened": {
        "en": "Latest events:",
        "fr": "Derniers événements :",
        "es": "Últimos sucesos:",
    },
    "earlier_events": {
        "en": "… {n} earlier {n|event|events} (type log to see them)",
        "fr": "… {n} {n|événement précédent|événements précédents} (tapez journal pour les voir)",
        "es": "… {n} {n|suceso anterior|sucesos anteriores} (escribe registro para verlos)",
    },
    "your_zone": {"en": "Your {zone}", "fr": "Votre {zone}", "es": "Tu {zone}"},
    "visible_in": {"en": "Visible in {name}'s {zone}: ", "fr": "Visibles — {zone} de {name} : ",
                   "es": "Visibles — {zone} de {name}: "},
    "empty": {"en": "(no cards)", "fr": "(aucune carte)", "es": "(sin cartas)"},
    "all_options": {"en": "each of them an option below", "fr": "chacune un choix ci-dessous",
                    "es": "cada una, una opción abajo"},
    "melds_in": {"en": "Melds — {zone}:", "fr": "Combinaisons — {zone} :",
                 "es": "Combinaciones — {zone}:"},
    "run": {"en": "run", "fr": "suite", "es": "escalera"},
    "set": {"en": "set", "fr": "brelan", "es": "trío"},
    "colon": {"en": ": ", "fr": " : ", "es": ": "},
    "your_turn": {
        "en": "Your turn. What do you do?",
        "fr": "À vous de jouer. Que faites-vous ?",
        "es": "Te toca. ¿Qué haces?",
    },
    "choose_param": {"en": "Choose: {what}", "fr": "Choisissez : {what}", "es": "Elige: {what}"},
    "window_default": {
        "en": "{opener} has acted. Your answer?",
        "fr": "{opener} a joué. Votre réponse ?",
        "es": "{opener} ha jugado. ¿Tu respuesta?",
    },
    "picked_so_far": {
        "en": "Chosen so far: {cards}",
        "fr": "Choisies pour l'instant : {cards}",
        "es": "Elegidas por ahora: {cards}",
    },
    "answer_hint": {
        "en": "Type a number (several for several cards, e.g. 1 3 4), or help.",
        "fr": "Tapez un numéro (plusieurs pour plusieurs cartes, ex. 1 3 4), ou aide.",
        "es": "Escribe un número (varios para varias cartas, p. ej. 1 3 4), o ayuda.",
    },
    "range_hint": {
        "en": "Type a value: {values}.",
        "fr": "Tapez une valeur : {values}.",
        "es": "Escribe un valor: {values}.",
    },
    "only_choice": {
        "en": "{prompt} Only one choice: {option}.",
        "fr": "{prompt} Un seul choix possible : {option}.",
        "es": "{prompt} Solo hay una opción: {option}.",
    },
    "not_a_number": {
        "en": "{n} is not one of the numbers shown (1 to {max}).",
        "fr": "{n} ne fait pas partie des numéros proposés (1 à {max}).",
        "es": "{n} no está entre los números mostrados (1 a {max}).",
    },
    "not_a_value": {
        "en": "{n} is not allowed here; allowed: {values}.",
        "fr": "{n} n'est pas permis ici ; valeurs permises : {values}.",
        "es": "{n} no está permitido aquí; permitidos: {values}.",
    },
    "one_at_a_time": {
        "en": "Only one number here: these choices are not cards.",
        "fr": "Un seul numéro ici : ces choix ne sont pas des cartes.",
        "es": "Solo un número aquí: estas opciones no son cartas.",
    },
    "not_legal_then": {
        "en": "{option} is not possible after the earlier choices of this answer; nothing was "
              "played.",
        "fr": "{option} n'est pas possible après les choix précédents de cette réponse ; rien "
              "n'a été joué.",
        "es": "{option} no es posible tras las elecciones anteriores de esta respuesta; no se "
              "jugó nada.",
    },
    "unknown_answer": {
        "en": "'{text}' is not a choice here. Type a number from the list, a choice's text, "
              "or help.",
        "fr": "« {text} » n'est pas un choix possible ici. Tapez un numéro de la liste, le "
              "texte d'un choix, ou aide.",
        "es": "«{text}» no es una opción aquí. Escribe un número de la lista, el texto de una "
              "opción o ayuda.",
    },
    "empty_answer": {
        "en": "Please answer (help lists what you can type).",
        "fr": "Veuillez répondre (aide liste ce que vous pouvez taper).",
        "es": "Responde, por favor (ayuda muestra lo que puedes escribir).",
    },
    "help": {
        "en": "{game}: {about}\n"
              "How to answer:\n"
              "  a number      the option with that number; where cards are chosen, several\n"
              "                numbers choose several cards at once (e.g. 1 3 4)\n"
              "  a value       where allowed values are shown instead of options, the value\n"
              "  a choice      its text as shown, e.g. {example}\n"
              "Commands:\n"
              "  rules         the rules of {game}\n"
              "  show          the table again\n"
              "  log           everything that happened, as you saw it\n"
              "  help          this help",
        "fr": "{game} : {about}\n"
              "Comment répondre :\n"
              "  un numéro     le choix qui porte ce numéro ; quand on choisit des cartes,\n"
              "                plusieurs numéros en choisissent plusieurs (ex. 1 3 4)\n"
              "  une valeur    quand des valeurs permises sont indiquées, la valeur elle-même\n"
              "  un choix      son texte tel qu'affiché, ex. {example}\n"
              "Commandes :\n"
              "  règles        les règles de ce jeu\n"
              "  voir          la table à nouveau\n"
              "  journal       tout ce qui s'est passé, tel que vous l'avez vu\n"
              "  aide          cette aide",
        "es": "{game}: {about}\n"
              "Cómo responder:\n"
              "  un número     la opción con ese número; al elegir cartas, varios números\n"
              "                eligen varias a la vez (p. ej. 1 3 4)\n"
              "  un valor      donde se indican los valores permitidos, el valor mismo\n"
              "  una opción    su texto tal como aparece, p. ej. {example}\n"
              "Órdenes:\n"
              "  reglas        las reglas de este juego\n"
              "  ver           la mesa otra vez\n"
              "  registro      todo lo que ha pasado, tal como lo viste\n"
              "  ayuda         esta ayuda",
    },
    "log_title": {"en": "The game so far, as {name} saw it:",
                  "fr": "La partie jusqu'ici, vue par {name} :",
                  "es": "La partida hasta ahora, vista por {name}:"},
    "pass_to": {
        "en": "Pass the terminal to {name}, then press Enter.",
        "fr": "Passez le terminal à {name}, puis appuyez sur Entrée.",
        "es": "Pasa el terminal a {name} y pulsa Intro.",
    },
    "go_on": {"en": "Press Enter to go on.", "fr": "Appuyez sur Entrée pour continuer.",
              "es": "Pulsa Intro para seguir."},
    "too_small": {
        "en": "rulekit play: this terminal is {width}x{height}; a game needs at least "
              "{min_width} columns and {min_height} lines. Enlarge the window (or make its font "
              "smaller), then run the same command again.",
        "fr": "rulekit play : ce terminal fait {width}x{height} ; une partie demande au moins "
              "{min_width} colonnes et {min_height} lignes. Agrandissez la fenêtre (ou réduisez "
              "sa police), puis relancez la même commande.",
        "es": "rulekit play: este terminal mide {width}x{height}; una partida necesita al menos "
              "{min_width} columnas y {min_height} líneas. Agranda la ventana (o reduce su "
              "letra) y vuelve a lanzar la misma orden.",
    },
    "pause_help": {
        "en": "The game waits while you read what happened. Enter: go on; log: everything that "
              "happened; rules: the game's rules; quit: stop (the game is saved).",
        "fr": "La partie attend que vous ayez lu ce qui s'est passé. Entrée : continuer ; "
              "journal : tout ce qui s'est passé ; règles : les règles du jeu ; quitter : "
              "arrêter (la partie est sauvegardée).",
        "es": "La partida espera a que leas lo que ha pasado. Intro: seguir; registro: todo lo "
              "que ha pasado; reglas: las reglas del juego; salir: parar (la partida se "
              "guarda).",
    },
    "final_scores": {"en": "Final scores", "fr": "Scores finaux", "es": "Puntuaciones finales"},
    "score": {"en": "Score", "fr": "Score", "es": "Puntos"},
    "winner": {"en": "Winner: {names}", "fr": "Gagnant : {names}", "es": "Ganador: {names}"},
    "winners": {"en": "Winners (shared): {names}", "fr": "Gagnants (ex æquo) : {names}",
                "es": "Ganadores (empate): {names}"},
    "reason": {"en": "The game ended: {reason}.", "fr": "Fin de la partie : {reason}.",
               "es": "Fin de la partida: {reason}."},
    "variant": {"en": "Variant: {name}{description}", "fr": "Variante : {name}{description}",
                "es": "Variante: {name}{description}"},
    "game_counts": {"en": "This game: {counts}.", "fr": "Cette partie : {counts}.",
                    "es": "Esta partida: {counts}."},
    "game_k": {"en": "Game {k}", "fr": "Partie {k}", "es": "Partida {k}"},
    "total": {"en": "Total", "fr": "Total", "es": "Total"},
    "won": {"en": "Won", "fr": "Gagnées", "es": "Ganadas"},
    "match_game": {"en": "Game {k} of {n}", "fr": "Partie {k} sur {n}",
                   "es": "Partida {k} de {n}"},
    "match_seed": {
        "en": "Seed {seed} (replay this game alone with --seed {seed} --seats {seats}).",
        "fr": "Graine {seed} (rejouez cette partie seule avec --seed {seed} --seats {seats}).",
        "es": "Semilla {seed} (repite solo esta partida con --seed {seed} --seats {seats}).",
    },
    "next_game": {
        "en": "Press Enter to start game {k} of {n}.",
        "fr": "Appuyez sur Entrée pour commencer la partie {k} sur {n}.",
        "es": "Pulsa Intro para empezar la partida {k} de {n}.",
    },
    "match_summary": {
        "en": "Match summary: {n} {n|game|games}; the seats rotate by one after each game",
        "fr": "Bilan du match : {n} {n|partie|parties} ; les places tournent d'un cran après "
              "chaque partie",
        "es": "Resumen del encuentro: {n} {n|partida|partidas}; los asientos rotan un puesto "
              "tras cada partida",
    },
    "match_result": {"en": "Game {k} (seed {seed}): {reason}. {winners}",
                     "fr": "Partie {k} (graine {seed}) : {reason}. {winners}",
                     "es": "Partida {k} (semilla {seed}): {reason}. {winners}"},
    "no_winner": {"en": "No winner", "fr": "Aucun gagnant", "es": "Sin ganador"},
    "games_won": {"en": "Games won: {wins}", "fr": "Parties gagnées : {wins}",
                  "es": "Partidas ganadas: {wins}"},
    "match_stopped": {"en": "The match stopped after {k} of {n} games.",
                      "fr": "Le match s'est arrêté après {k} parties sur {n}.",
                      "es": "El match se detuvo tras {k} de {n} partidas."},
    "no_rules_text": {"en": "(This ruleset carries no rules text.)",
                      "fr": "(Ce jeu de règles n'a pas de texte de règles.)",
                      "es": "(Este reglamento no trae texto de reglas.)"},
    "more": {"en": "--More-- (Enter: the next page, q: stop)",
             "fr": "--Suite-- (Entrée : la page suivante, q : arrêter)",
             "es": "--Más-- (Intro: la página siguiente, q: parar)"},
    "from_ruleset": {"en": "What the ruleset itself says:",
                     "fr": "Ce que dit le jeu de règles lui-même :",
                     "es": "Lo que dice el propio reglamento:"},
    "rules_players": {"en": "Players: {n}", "fr": "Joueurs : {n}", "es": "Jugadores: {n}"},
    "rules_deck": {"en": "Deck: {n} cards; their attributes:",
                   "fr": "Paquet : {n} cartes ; leurs attributs :",
                   "es": "Baraja: {n} cartas; sus atributos:"},
    "rules_zones": {"en": "Zones, and who sees their cards:",
                    "fr": "Zones, et qui voit leurs cartes :",
                    "es": "Zonas, y quién ve sus cartas:"},
    "owner_table": {"en": "on the table", "fr": "sur la table", "es": "en la mesa"},
    "owner_player": {"en": "one per player", "fr": "une par joueur", "es": "una por jugador"},
    "owner_team": {"en": "one per team", "fr": "une par équipe", "es": "una por equipo"},
    "sees_all": {"en": "everyone sees the cards", "fr": "tout le monde voit les cartes",
                 "es": "todos ven las cartas"},
    "sees_count": {"en": "everyone sees how many cards, nobody which",
                   "fr": "tout le monde voit combien de cartes, personne lesquelles",
                   "es": "todos ven cuántas cartas, nadie cuáles"},
    "sees_owner": {"en": "its player sees the cards, the others how many",
                   "fr": "son joueur voit les cartes, les autres combien",
                   "es": "su jugador ve las cartas, los demás cuántas"},
    "sees_team": {"en": "the team sees the cards, the others how many",
                  "fr": "l'équipe voit les cartes, les autres combien",
                  "es": "el equipo ve las cartas, los demás cuántas"},
    "sees_none": {"en": "nobody sees the cards or how many",
                  "fr": "personne ne voit les cartes ni leur nombre",
                  "es": "nadie ve las cartas ni cuántas hay"},
    "rules_phases": {"en": "Phases and their actions:", "fr": "Phases et leurs actions :",
                     "es": "Fases y sus acciones:"},
    "rules_window": {"en": "answering another player's move: {actions}",
                     "fr": "en réponse au coup d'un autre joueur : {actions}",
                     "es": "en respuesta a la jugada de otro: {actions}"},
    "rules_scoring": {"en": "Scoring: as the rules text says; {winners}.",
                      "fr": "Score : comme le dit le texte des règles ; {winners}.",
                      "es": "Puntuación: como dice el texto de las reglas; {winners}."},
    "rules_scoring_text": {"en": "Scoring: {text}", "fr": "Score : {text}",
                           "es": "Puntuación: {text}"},
    "winners_highest": {"en": "the highest score wins", "fr": "le plus haut score gagne",
                        "es": "gana la puntuación más alta"},
    "winners_lowest": {"en": "the lowest score wins", "fr": "le plus bas score gagne",
                       "es": "gana la puntuación más baja"},
    "winners_all": {"en": "everyone wins together", "fr": "tout le monde gagne ensemble",
                    "es": "todos ganan juntos"},
    "winners_none": {"en": "nobody wins", "fr": "personne ne gagne", "es": "nadie gana"},
    "winners_condition": {"en": "the winners are those the rules text names",
                          "fr": "gagnent ceux que désigne le texte des règles",
                          "es": "ganan quienes indica el texto de las reglas"},
    "rules_variants": {"en": "Variants (--variant NAME):", "fr": "Variantes (--variant NOM) :",
                       "es": "Variantes (--variant NOMBRE):"},
    "rules_changes": {"en": "changes: {keys}", "fr": "modifie : {keys}", "es": "cambia: {keys}"},
    # the parts of a game a variant changes (`rulekit rules`), one per section of a ruleset
    "part_players": {"en": "the number of players", "fr": "le nombre de joueurs",
                     "es": "el número de jugadores"},
    "part_cards": {"en": "the cards", "fr": "les cartes", "es": "las cartas"},
    "part_melds": {"en": "the runs and sets", "fr": "les suites et les brelans",
                   "es": "las escaleras y los tríos"},
    "part_teams": {"en": "the teams", "fr": "les équipes", "es": "los equipos"},
    "part_zones": {"en": "the zones", "fr": "les zones", "es": "las zonas"},
    "part_variables": {"en": "the game's counters", "fr": "les compteurs du jeu",
                       "es": "los contadores del juego"},
    "part_define": {"en": "the game's values", "fr": "les valeurs du jeu",
                    "es": "los valores del juego"},
    "part_procedures": {"en": "what the actions do", "fr": "ce que font les actions",
                        "es": "lo que hacen las acciones"},
    "part_setup": {"en": "the deal", "fr": "la donne", "es": "el reparto"},
    "part_phases": {"en": "the phases", "fr": "les phases", "es": "las fases"},
    "part_actions": {"en": "the actions", "fr": "les actions", "es": "las acciones"},
    "part_windows": {"en": "the answers to other players' moves",
                     "fr": "les réponses aux coups des autres joueurs",
                     "es": "las respuestas a las jugadas de los demás"},
    "part_scoring": {"en": "the scoring", "fr": "le score", "es": "la puntuación"},
    "part_table": {"en": "the table screen", "fr": "l'écran de la table",
                   "es": "la pantalla de la mesa"},
    "part_text": {"en": "the wording", "fr": "les textes affichés", "es": "los textos mostrados"},
    "part_rules_text": {"en": "the rules text", "fr": "le texte des règles",
                        "es": "el texto de las reglas"},
    "part_invariants": {"en": "the game's consistency checks", "fr": "les vérifications du jeu",
                        "es": "las comprobaciones del juego"},
    "part_limits": {"en": "the limits", "fr": "les limites", "es": "los límites"},
    "part_bots": {"en": "the bots' hints", "fr": "les indications aux robots",
                  "es": "las pistas para los bots"},
    "part_other": {"en": "other parts of the ruleset", "fr": "d'autres parties des règles",
                   "es": "otras partes del reglamento"},
    # `rulekit list`: its columns, and a bundled game that does not load
    "list_name": {"en": "name", "fr": "nom", "es": "nombre"},
    "list_game": {"en": "game", "fr": "jeu", "es": "juego"},
    "list_players": {"en": "players", "fr": "joueurs", "es": "jugadores"},
    "list_variants": {"en": "variants", "fr": "variantes", "es": "variantes"},
    "list_languages": {"en": "languages", "fr": "langues", "es": "idiomas"},
    "list_about": {"en": "about", "fr": "en bref", "es": "en breve"},
    "list_more": {"en": "Variants and languages: rulekit list --long. A game's rules: "
                        "rulekit rules NAME.",
                  "fr": "Variantes et langues : rulekit list --long. Règles d'un jeu : "
                        "rulekit rules NOM.",
                  "es": "Variantes e idiomas: rulekit list --long. Reglas: "
                        "rulekit rules NOMBRE."},
    "list_broken": {"en": "cannot be loaded: {why}", "fr": "ne peut pas être chargé : {why}",
                    "es": "no se puede cargar: {why}"},
    "yes": {"en": "yes", "fr": "oui", "es": "sí"},
    "no": {"en": "no", "fr": "non", "es": "no"},
    "bot_kind": {"en": "bot {name}", "fr": "robot {name}", "es": "bot {name}"},
    "level_greedy": {"en": "greedy", "fr": "glouton", "es": "codicioso"},
    "level_easy": {"en": "easy", "fr": "facile", "es": "fácil"},
    "level_medium": {"en": "medium", "fr": "moyen", "es": "medio"},
    "level_hard": {"en": "hard", "fr": "difficile", "es": "difícil"},
    "thinking": {"en": "{name} is thinking...", "fr": "{name} réfléchit...",
                 "es": "{name} está pensando..."},
}

# Commands a human may type, in every language (English always works).
COMMANDS: dict[str, dict[str, str]] = {
    "help": {"en": "help", "fr": "aide", "es": "ayuda"},
    "log": {"en": "log", "fr": "journal", "es": "registro"},
    "quit": {"en": "quit", "fr": "quitter", "es": "salir"},
    "show": {"en": "show", "fr": "voir", "es": "ver"},
    "rules": {"en": "rules", "fr": "règles", "es": "reglas"},
}

STRINGS.update(TABLE_STRINGS)
COMMANDS.update(TABLE_COMMANDS)


def t(key: str, lang: str, **args: object) -> str:
    """The driver string key in lang (English when lang lacks it), placeholders filled."""
    entry = STRINGS[key]
    return fill(entry.get(lang) or entry["en"], {k: str(v) for k, v in args.items()}, lang)


def command_of(word: str) -> str | None:
    """The command a typed word names (in any language), or None."""
    w = word.strip().lower()
    for cmd, names in COMMANDS.items():
        if w == cmd or w in names.values():
            return cmd
    return None


def in_lang(text: str | dict[str, str] | None, lang: str, languages: list[str]) -> str:
    """A ruleset's text given once or per language, in lang (else its first language's)."""
    if isinstance(text, dict):
        return text.get(lang) or text.get(languages[0]) or next(iter(text.values()), "")
    return text or ""


def description(game: Any, lang: str) -> str:
    """The game's one-sentence description in lang ('' when it has none)."""
    return in_lang(game.description, lang, game.languages)


def variant_text(game: object, name: str, lang: str) -> str:
    """A variant's description in lang (its only one when the ruleset gives one text)."""
    texts = getattr(game, "variant_texts", {}).get(name) or {}
    return str(texts.get(lang) or getattr(game, "variant_descriptions", {}).get(name, ""))
