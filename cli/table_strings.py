"""The driver's words for answering, going back, saving, resuming and replaying (en, fr, es).

Kept apart from strings.py so that each table stays short; strings.py merges them.
"""

from __future__ import annotations

TABLE_STRINGS: dict[str, dict[str, str]] = {
    "not_an_option": {
        "en": "{n} is not one of the numbers shown ({numbers}).",
        "fr": "{n} ne fait pas partie des numéros proposés ({numbers}).",
        "es": "{n} no está entre los números mostrados ({numbers}).",
    },
    "quote_hint": {
        "en": "A number means the option with that number; to name the card or value {n}, "
              "type it in quotes: \"{n}\".",
        "fr": "Un nombre désigne le choix qui porte ce numéro ; pour nommer la carte ou la "
              "valeur {n}, tapez-la entre guillemets : \"{n}\".",
        "es": "Un número designa la opción con ese número; para nombrar la carta o el valor "
              "{n}, escríbelo entre comillas: \"{n}\".",
    },
    "help_more": {
        "en": "  \"4\"           a card or value whose name is a number, in quotes (4 alone is\n"
              "                option 4)\n"
              "  back          undo the last step of the move you are putting together\n"
              "                (nothing is played until the move is complete)\n"
              "  quit          save the game and leave (Ctrl-D and Ctrl-C save it too);\n"
              "                rulekit resume FILE goes on where it stopped",
        "fr": "  \"4\"           une carte ou une valeur dont le nom est un nombre, entre\n"
              "                guillemets (4 seul est le choix numéro 4)\n"
              "  retour        défaire la dernière étape du coup en préparation (rien n'est\n"
              "                joué avant que le coup soit complet)\n"
              "  quitter       sauvegarder la partie et partir (Ctrl-D et Ctrl-C la\n"
              "                sauvegardent aussi) ; rulekit resume FICHIER la reprend",
        "es": "  \"4\"           una carta o un valor cuyo nombre es un número, entre comillas\n"
              "                (4 solo es la opción 4)\n"
              "  atrás         deshacer el último paso de la jugada que preparas (nada se\n"
              "                juega hasta que la jugada está completa)\n"
              "  salir         guardar la partida y salir (Ctrl-D y Ctrl-C también la\n"
              "                guardan); rulekit resume FICHERO la continúa",
    },
    "back_nothing": {
        "en": "There is no step to undo: this is the first choice of your move.",
        "fr": "Il n'y a pas d'étape à défaire : c'est le premier choix de votre coup.",
        "es": "No hay ningún paso que deshacer: es la primera elección de tu jugada.",
    },
    "back_window": {
        "en": "There is no step to undo: this is an answer to another player's move.",
        "fr": "Il n'y a pas d'étape à défaire : vous répondez au coup d'un autre joueur.",
        "es": "No hay ningún paso que deshacer: respondes a la jugada de otro jugador.",
    },
    "back_done": {
        "en": "Back one step.",
        "fr": "Retour d'une étape.",
        "es": "Un paso atrás.",
    },
    "your_move": {
        "en": "What your move did:",
        "fr": "Ce qu'a fait votre coup :",
        "es": "Lo que hizo tu jugada:",
    },
    "hide_screen": {
        "en": "Press Enter to hide your screen.",
        "fr": "Appuyez sur Entrée pour masquer votre écran.",
        "es": "Pulsa Intro para ocultar tu pantalla.",
    },
    "saved_match": {
        "en": "Game {k} of {n} of a match: rulekit resume {path} goes on with the match and "
              "ends with its scoreboard.",
        "fr": "Partie {k} sur {n} d'un match : rulekit resume {path} poursuit le match et "
              "finit par son tableau des scores.",
        "es": "Partida {k} de {n} de un torneo: rulekit resume {path} sigue con el torneo y "
              "termina con su tabla de puntuaciones.",
    },
    "saved_over": {
        "en": "Game saved to {path}. Replay it with: rulekit replay {path}",
        "fr": "Partie sauvegardée dans {path}. Revoyez-la avec : rulekit replay {path}",
        "es": "Partida guardada en {path}. Vuelve a verla con: rulekit replay {path}",
    },
    "save_failed": {
        "en": "The game could not be saved to {path}: {why}",
        "fr": "La partie n'a pas pu être sauvegardée dans {path} : {why}",
        "es": "No se pudo guardar la partida en {path}: {why}",
    },
    "resumed": {
        "en": "Resumed after {n} decisions.",
        "fr": "Reprise après {n} décisions.",
        "es": "Continuada tras {n} decisiones.",
    },
    "replay_title": {
        "en": "Replay through {who}'s eyes: Enter or n the next step, p the previous one, "
              "g N step N, q to stop.",
        "fr": "Revoir par les yeux de {who} : Entrée ou n l'étape suivante, p la précédente, "
              "g N l'étape N, q pour arrêter.",
        "es": "Repetición vista por {who}: Intro o n el paso siguiente, p el anterior, "
              "g N el paso N, q para parar.",
    },
    "replay_all": {
        "en": "Replay of a finished game, every seat's cards shown: Enter or n the next step, "
              "p the previous one, g N step N, q to stop.",
        "fr": "Partie terminée revue avec les cartes de tous : Entrée ou n l'étape suivante, "
              "p la précédente, g N l'étape N, q pour arrêter.",
        "es": "Partida terminada vista con las cartas de todos: Intro o n el paso siguiente, "
              "p el anterior, g N el paso N, q para parar.",
    },
    "replay_step": {"en": "Step {k} of {n} · {where}", "fr": "Étape {k} sur {n} · {where}",
                    "es": "Paso {k} de {n} · {where}"},
    "replay_turn": {"en": "turn {turn}", "fr": "tour {turn}", "es": "turno {turn}"},
    "replay_keys": {
        "en": "Type Enter or n (next step), p (previous), g N (step N, from 1 to {n}) or q.",
        "fr": "Tapez Entrée ou n (étape suivante), p (précédente), g N (étape N, de 1 à {n}) "
              "ou q.",
        "es": "Escribe Intro o n (paso siguiente), p (anterior), g N (paso N, de 1 a {n}) o q.",
    },
    "replay_end": {
        "en": "End of the saved game ({n} decisions).",
        "fr": "Fin de la partie sauvegardée ({n} décisions).",
        "es": "Fin de la partida guardada ({n} decisiones).",
    },
    "replay_next": {"en": "(Enter/n, p, g N, q) ", "fr": "(Entrée/n, p, g N, q) ",
                    "es": "(Intro/n, p, g N, q) "},
    "replay_hand": {
        "en": "{who} — {zone} ({n}): ",
        "fr": "{who} — {zone} ({n}) : ",
        "es": "{who} — {zone} ({n}): ",
    },
    # the end of a game: sides (ending.py)
    "your_team": {"en": "Your team", "fr": "Votre équipe", "es": "Vuestro equipo"},
    "the_players": {"en": "The players", "fr": "Les joueurs", "es": "Los jugadores"},
    "team_beat": {"en": "{team} beat {against}.", "fr": "{team} : victoire contre {against}.",
                  "es": "{team}: victoria contra {against}."},
    "team_lost_to": {"en": "{team} lost to {against}.", "fr": "{team} : défaite contre {against}.",
                     "es": "{team}: derrota contra {against}."},
    "team_won": {"en": "{team} won.", "fr": "{team} : victoire.", "es": "{team}: victoria."},
    "team_lost": {"en": "{team} lost.", "fr": "{team} : défaite.", "es": "{team}: derrota."},
    "team_of": {"en": "{team} ({members})", "fr": "{team} ({members})",
                "es": "{team} ({members})"},
    "team_score": {"en": "One score for the team ({members}): {score}",
                   "fr": "Un score pour l'équipe ({members}) : {score}",
                   "es": "Una puntuación para el equipo ({members}): {score}"},
}

# extra commands a human may type, in every language (English always works)
TABLE_COMMANDS: dict[str, dict[str, str]] = {
    "back": {"en": "back", "fr": "retour", "es": "atrás"},
}
