"""German for what the rules say: the engine's refusals by their keys and the games'
options, as the game set-up explains them."""

GERMAN_RULES: dict[str, str] = {
    "refusal.game.unknown": "Das Spiel {game} gibt es hier nicht; spielbar: {playable}.",
    "refusal.game.broken": "Das Spiel {game} lässt sich nicht laden; die anderen Spiele "
                           "gehen weiter.",
    "refusal.options.unknown": "{game} kennt die Option {names} nicht; seine Optionen: {known}.",
    "refusal.option.choice": "Die Option {name} von {game} ist eine von {allowed}.",
    "refusal.option.switch": "Die Option {name} von {game} ist an oder aus.",
    "refusal.option.number": "Die Option {name} von {game} ist eine ganze Zahl ab {minimum}, "
                             "nicht {value}.",
    "refusal.iban.characters": "{iban} ist keine IBAN: nur Buchstaben und Ziffern, wie "
                               "DE89 3704 0044 0532 0130 00.",
    "refusal.iban.country": "{iban} ist keine IBAN: sie beginnt mit dem Länderkürzel und "
                            "zwei Prüfziffern, wie DE89.",
    "refusal.iban.length": "Eine IBAN aus {country} hat {length} Zeichen; {iban} hat {given}.",
    "refusal.iban.layout": "{iban} passt nicht zum Aufbau einer IBAN aus {country}: nach den "
                           "Prüfziffern stehen dort Buchstaben, wo Ziffern hingehören, oder umgekehrt.",
    "refusal.iban.checksum": "Die Prüfziffern von {iban} passen nicht: ein Zeichen ist "
                             "vertippt.",
    "refusal.expense.amount": "Eine Ausgabe ist ein Geldbetrag über 0 mit höchstens zwei "
                              "Nachkommastellen, wie \"18,50\"; nicht {amount}.",
    "refusal.expense.too_much": "Eine Ausgabe von {amount} ist mehr, als ein Tisch ausgibt; "
                                "bitte den Betrag prüfen.",
    "refusal.expense.no_money": "Eine Ausgabe ist Geld, und dieser Abend zählt nur Chips: "
                                "erst einen Chipwert und eine Währung angeben (den Beginn des "
                                "Abends korrigieren).",
    "refusal.expense.what": "Bitte in wenigen Worten sagen, wofür die Ausgabe war, wie "
                            "\"Pizza\".",
    "refusal.expense.nobody": "Eine Ausgabe teilt jemand: die Spieler nennen, die sie teilen, "
                              "oder „Geteilt von“ leer lassen für alle am Tisch.",
    "refusal.expense.paid": "Die Salden dieses Abends sind bezahlt: eine Ausgabe wäre es "
                            "nicht.",
    "refusal.carry.no_money": "Nur ein Abend, der in Geld zählt, kann übertragen werden: "
                              "dieser hat keinen Chipwert (den Beginn des Abends korrigieren, "
                              "um ihm einen zu geben).",
    "refusal.paid.not_carried": "Nur ein Abend, dessen Salden übertragen wurden, kann als "
                                "bezahlt markiert werden; dieser wird am Tisch abgerechnet.",
    "refusal.paid.already": "Die übertragenen Salden dieses Abends sind schon als bezahlt "
                            "markiert.",
    "refusal.payment.name": "Der Kontoinhaber ist eine Zeile Text, nicht {name}.",
    "refusal.expect.no_guess": "Jetzt wird nicht geraten.",
    "refusal.card.unknown": "{text} ist keine Karte: Wert 2–10, B/J, D/Q, K oder A, "
                            "dann wahlweise die Farbe c, d, h, s.",
    "refusal.card.suit": "{text} ist keine Karte: die Farbe ist c, d, h oder s "
                         "(oder ♣ ♦ ♥ ♠).",
    "refusal.card.out": "{card} ist seit dem Mischen schon draußen (eingegeben bei Aktion "
                        "{action}); bitte die Karte prüfen.",
    "refusal.card.fifth": "Alle vier {rank} sind seit dem Mischen schon draußen (Aktionen "
                          "{actions}); bitte die Karte prüfen.",
    "refusal.deck.empty": "Alle 52 Karten sind draußen: erst mischen.",
    "refusal.names.twice": "Jeder Name sitzt nur einmal am Tisch: {twin} und {name} sind ein Name (Groß- und Kleinschreibung zählen nicht).",
    "refusal.names.too_few": "Ein Abend braucht mindestens zwei Spieler; alle in Sitzordnung nennen.",
    "refusal.players.start": "{game} ist für {minimum} bis {maximum} Spieler; am Tisch können {count} spielen.",
    "refusal.players.at_least": "{game} ist für mindestens {minimum} Spieler; am Tisch können {count} spielen.",
    "refusal.players.full": "{game} ist für {minimum} bis {maximum} Spieler, und {count} spielen schon: {name} kann nach dem Ende des Spiels dazukommen.",
    "refusal.players.full_rebuy": "{game} ist für {minimum} bis {maximum} Spieler, und {count} spielen schon: {name} kann nach dem Ende des Spiels nachkaufen.",
    "refusal.log.broken": "Das Protokoll von Abend {night} ist nicht mehr unversehrt: es wird "
                          "nichts mehr daran angefügt, bis das Übrige exportiert (companion "
                          "export, dann import) oder der Bruch angenommen ist "
                          "(--accept-broken-chain oder die Taste am Bildschirm).",
    "refusal.log.stopped": "Das Protokoll von Abend {night} ist nicht mehr unversehrt und nur "
                           "bis vor den Bruch lesbar: es kann nichts daran angefügt werden; "
                           "die ganzen Aktionen davor exportieren (companion export --out DATEI) "
                           "und importieren (companion import DATEI), um von dort weiterzumachen.",
    "refusal.turn.other": "{expected} ist dran, nicht {named}.",
    "refusal.turn.under_way": "{player} ist mitten im Zug: erst den Zug beenden.",
    "refusal.expect.no_card": "Jetzt wird keine Karte erwartet.",
    "refusal.expect.no_bet": "Jetzt wird keine Wette erwartet.",
    "refusal.bet.at_most": "{player} kann jetzt höchstens {limit} setzen.",
    "refusal.number.whole": "Bitte eine ganze Zahl ab {minimum}.",
    "refusal.start_night.chip_value": "Der Chipwert ist Geld pro Chip: über 0 und höchstens "
                                      "{most}, mit höchstens vier Nachkommastellen, etwa 0,10 "
                                      "oder 0,125; nicht {value}.",
    # What enters is checked (engine/limits.py, engine/text.py): the sentences name what
    # they are about by `field`, in the words below.
    "refusal.number.range": "{what} ist eine ganze Zahl von {minimum} bis {maximum}, nicht "
                            "{value}.",
    "refusal.text.control": "{what} darf keine Steuerzeichen enthalten (Zeilenumbruch, "
                            "Tabulator, Escape): {text} enthält {char}.",
    "refusal.text.direction": "{what} darf keine Zeichen enthalten, die die Schreibrichtung "
                              "umkehren: {text} enthält {char}.",
    "refusal.text.invisible": "{what} darf keine unsichtbaren Zeichen enthalten (es sähe aus "
                              "wie ein anderer): {text} enthält {char}.",
    "refusal.text.unprintable": "{what} darf nur Zeichen enthalten, die sich zeigen lassen: "
                                "{text} enthält {char}.",
    "refusal.text.empty": "{what} braucht mindestens einen Buchstaben, nicht {text}.",
    "refusal.text.too_long": "{what} hat höchstens {limit} Zeichen, nicht {text}.",
    "refusal.text.not_text": "{what} ist Text, nicht {text}.",
    "refusal.field.name": "Der Name eines Spielers",
    "refusal.field.night_name": "Der Name des Abends",
    "refusal.field.what": "Der Zweck einer Ausgabe",
    "refusal.field.holder": "Der Kontoinhaber",
    "refusal.field.currency": "Die Währung",
    "refusal.field.group": "Der Name einer Gruppe",
    "refusal.field.season": "Der Name einer Saison",
    "refusal.field.start_chips": "Die Zahl der Startchips",
    "refusal.field.buy_in": "Der Einkauf (in Chips)",
    "refusal.field.rebuy": "Ein Nachkauf (in Chips)",
    "refusal.field.bet": "Ein Einsatz",
    "refusal.field.raise": "Eine Erhöhung",
    "refusal.field.action": "Die zu korrigierende Aktion",
    "refusal.field.night": "Die Nummer eines Abends",
    "refusal.field.port": "Der Port",
    "refusal.field.option": "Die Option {option} von {game}",
    "refusal.players.too_many": "Ein Abend hat höchstens {most} Plätze, nicht {given}.",
    "refusal.show.too_many": "Eine Hand zeigt höchstens {most} Karten, nicht {given}.",
    "refusal.player.unknown": "An diesem Tisch sitzt niemand namens {player} (am Tisch: "
                              "{players}).",
    "refusal.move.other_game": "Das ist kein Zug in {game}.",
    "refusal.undo.nothing": "Nichts zum Zurücknehmen: den Beginn des Abends nur "
                            "korrigieren.",
    "refusal.redo.nothing": "Nichts zum Wiederholen.",
    "refusal.night.started": "Dieser Abend hat schon begonnen: Strg+n beendet ihn und beginnt "
                             "dann den nächsten.",
    "refusal.night.none": "Kein Abend ist offen: Strg+n beginnt einen.",
    "refusal.night.over": "Der Abend ist vorbei: Strg+n beginnt den nächsten Abend.",
    "refusal.game.none": "Kein Spiel läuft: Strg+g beginnt eins.",
    "refusal.game.none_for": "Kein Spiel läuft: Strg+g beginnt eins.",
    "refusal.game.running": "Eine Runde {game} läuft: Strg+x beendet sie zuerst.",
    "refusal.game.over": "Das Spiel kann nicht weitergehen: jetzt passen nur Strg+x (das Spiel "
                         "beenden) oder Strg+n (den Abend beenden).",
    "refusal.names.none": "Zuerst die Spieler: einen Namen, dann Enter.",
    "refusal.join.seated": "{name} sitzt schon am Tisch; Strg+b kauft Chips nach.",
    "refusal.rebuy.gone": "{name} hat den Abend verlassen; Strg+j bringt {name} zurück.",
    "refusal.join.player": "Den Namen des Spielers eingeben, der dazukommt.",
    "refusal.rebuy.player": "Den Namen des Spielers eingeben, der nachkauft.",
    "refusal.leave.player": "Den Namen des Spielers eingeben, der geht.",
    "refusal.set_payment.player": "Den Namen des Spielers eingeben, dem diese Bankdaten "
                                  "gehören.",
    "refusal.expense.payer": "Den Namen des Spielers eingeben, der bezahlt hat.",
    "refusal.join.chips": "Der Einkauf ist eine ganze Zahl Chips, mindestens 1.",
    "refusal.rebuy.chips": "Der Nachkauf ist eine ganze Zahl Chips, mindestens 1.",
    "refusal.start_night.chips": "Die Startchips sind eine ganze Zahl, 0 oder mehr.",
    "refusal.set_payment.iban": "Die IBAN eingeben, wie DE89 3704 0044 0532 0130 00.",
    "refusal.read_only": "Abend {night} ist in einem anderen Fenster zum Schreiben offen; "
                         "dieses Fenster ist nur zum Lesen.",
}
