"""High Card in words, in English and German: the log's line for each of its events, its
options, its refusal and what its screen says. Both languages have every key."""

from __future__ import annotations

WORDS = {
    "en": {
        "log.dealt": "round {round}: {dealer} deals High Card",
        "command.nominate": "nominate {rank}",
        "log.lucky_named": "{dealer} names {rank} the lucky rank",
        "log.turned": "{player} turns {card}",
        "log.takes": "{player} has the high card and takes {amount}",
        "log.takes_lucky": "{player} has the lucky card and takes {amount}",
        "option.ante": "Chips everyone puts into the pot each round.",
        "option.lucky": "The dealer names a lucky rank before each round; it beats every "
                        "other card.",
        "count.high_cards": "high cards",
        "refusal.expect.no_nominate": "No lucky rank is expected now.",
        "high_card.prompt.turn": "{player}: turn your card",
        "high_card.prompt.nominate": "{player}: name the lucky rank (2-9, 0, J, Q, K, A)",
        "high_card.turned": "turned {card}",
        "high_card.lucky": "lucky rank {rank}",
        "high_card.keys.nominate": "a rank names it",
    },
    "de": {
        "log.dealt": "Runde {round}: {dealer} gibt Hohe Karte",
        "command.nominate": "nennt {rank}",
        "log.lucky_named": "{dealer} nennt {rank} als Glücksrang",
        "log.turned": "{player} deckt {card} auf",
        "log.takes": "{player} hat die hohe Karte und gewinnt {amount}",
        "log.takes_lucky": "{player} hat die Glückskarte und gewinnt {amount}",
        "option.ante": "Chips, die alle in jeder Runde in den Topf legen.",
        "option.lucky": "Der Geber nennt vor jeder Runde einen Glücksrang; er schlägt jede "
                        "andere Karte.",
        "count.high_cards": "hohe Karten",
        "refusal.expect.no_nominate": "Jetzt wird kein Glücksrang genannt.",
        "high_card.prompt.turn": "{player}: deck deine Karte auf",
        "high_card.prompt.nominate": "{player}: nenne den Glücksrang (2-9, 0, B, D, K, A)",
        "high_card.turned": "deckte {card} auf",
        "high_card.lucky": "Glücksrang {rank}",
        "high_card.keys.nominate": "ein Rang nennt ihn",
    },
}
