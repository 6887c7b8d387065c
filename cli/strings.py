"""The driver's own words (prompts, headings, messages) in English, French and Spanish.

Everything about a game comes from its ruleset; these are only the words of the terminal
driver itself. A language the ruleset offers but this table lacks falls back to English.
"""

from __future__ import annotations

from rulekit.text import fill

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
        "en": "How to answer:\n"
              "  a number      the numbered choice (several numbers pick several cards, then\n"
              "                finish the choice when that is allowed: 1 3 4)\n"
              "  a value       where a range is shown, the value itself (e.g. 5)\n"
              "  a choice      its text as listed, or its exact form: {forms}\n"
              "  show          the table again\n"
              "  log           everything that happened, as you saw it\n"
              "  help          this help\n"
              "  quit          leave the game",
        "fr": "Comment répondre :\n"
              "  un numéro     le choix numéroté (plusieurs numéros choisissent plusieurs\n"
              "                cartes, puis terminent le choix si c'est permis : 1 3 4)\n"
              "  une valeur    quand un intervalle est indiqué, la valeur elle-même (ex. 5)\n"
              "  un choix      son texte tel qu'affiché, ou sa forme exacte : {forms}\n"
              "  voir          la table à nouveau\n"
              "  journal       tout ce qui s'est passé, tel que vous l'avez vu\n"
              "  aide          cette aide\n"
              "  quitter       quitter la partie",
        "es": "Cómo responder:\n"
              "  un número     la opción numerada (varios números eligen varias cartas y\n"
              "                luego terminan la elección si se puede: 1 3 4)\n"
              "  un valor      donde se muestra un intervalo, el valor mismo (p. ej. 5)\n"
              "  una opción    su texto tal como aparece, o su forma exacta: {forms}\n"
              "  ver           la mesa otra vez\n"
              "  registro      todo lo que ha pasado, tal como lo viste\n"
              "  ayuda         esta ayuda\n"
              "  salir         abandonar la partida",
    },
    "log_title": {"en": "The game so far, as {name} saw it:",
                  "fr": "La partie jusqu'ici, vue par {name} :",
                  "es": "La partida hasta ahora, vista por {name}:"},
    "pass_to": {
        "en": "Pass the terminal to {name}, then press Enter.",
        "fr": "Passez le terminal à {name}, puis appuyez sur Entrée.",
        "es": "Pasa el terminal a {name} y pulsa Intro.",
    },
    "quit": {
        "en": "Game abandoned (it can be replayed with --seed {seed}).",
        "fr": "Partie abandonnée (elle peut être rejouée avec --seed {seed}).",
        "es": "Partida abandonada (puede repetirse con --seed {seed}).",
    },
    "eof": {
        "en": "Input ended before the game did; stopping (exit status 1).",
        "fr": "L'entrée s'est terminée avant la partie ; arrêt (code de sortie 1).",
        "es": "La entrada terminó antes que la partida; se detiene (código de salida 1).",
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
    "seat_holder": {"en": "{seat}: {who} ({kind})", "fr": "{seat} : {who} ({kind})",
                    "es": "{seat}: {who} ({kind})"},
    "human_n": {"en": "human {n}", "fr": "humain {n}", "es": "humano {n}"},
    "bot_n": {"en": "bot {n}", "fr": "robot {n}", "es": "bot {n}"},
    "next_game": {
        "en": "Press Enter to start game {k} of {n}.",
        "fr": "Appuyez sur Entrée pour commencer la partie {k} sur {n}.",
        "es": "Pulsa Intro para empezar la partida {k} de {n}.",
    },
    "match_summary": {
        "en": "Match summary: {n} game(s); the seats rotate by one after each game",
        "fr": "Bilan du match : {n} partie(s) ; les places tournent d'un cran après chaque partie",
        "es": "Resumen del encuentro: {n} partida(s); los asientos rotan un puesto tras "
              "cada partida",
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
    "yes": {"en": "yes", "fr": "oui", "es": "sí"},
    "no": {"en": "no", "fr": "non", "es": "no"},
    "bot_kind": {"en": "bot {name}", "fr": "robot {name}", "es": "bot {name}"},
    "thinking": {"en": "{name} is thinking...", "fr": "{name} réfléchit...",
                 "es": "{name} está pensando..."},
}

# Commands a human may type, in every language (English always works).
COMMANDS: dict[str, dict[str, str]] = {
    "help": {"en": "help", "fr": "aide", "es": "ayuda"},
    "log": {"en": "log", "fr": "journal", "es": "registro"},
    "quit": {"en": "quit", "fr": "quitter", "es": "salir"},
    "show": {"en": "show", "fr": "voir", "es": "ver"},
}


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
