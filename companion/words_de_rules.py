"""German for what the rules say: the engine's refusals by their keys and the games'
options, as the game set-up explains them."""

GERMAN_RULES: dict[str, str] = {
    "refusal.card.suit_needed": "Bitte auch die Farbe: bei Red Dog entscheidet die Farbe.",
    "refusal.schlag.suit_needed": "Bitte auch die Farbe der Karte: mit value_and_suit zählt die "
                                  "genaue Karte.",
    "refusal.schlag.hidden_out": "Diese Karte liegt schon offen: die Karte des Gebers prüfen und neu "
                                 "eingeben (sie wird nicht gezeigt, damit sie verdeckt bleibt).",
    "refusal.guess.same": "Der erste Tipp von {player}, {value}, war falsch: der zweite Tipp "
                          "ist ein anderer Wert.",
    "refusal.schlag.table_size": "Schlag den Dealer ist für 3 bis 8 Spieler, es sitzen {players} am "
                                 "Tisch: jemand kommt dazu oder geht, oder das Spiel endet.",
    "refusal.guess.value": "Das ist kein Wert: A, 2–10, B, D oder K.",
    "refusal.iban.characters": "{iban!r} ist keine IBAN: nur Buchstaben und Ziffern, wie "
                               "DE89 3704 0044 0532 0130 00.",
    "refusal.iban.country": "{iban!r} ist keine IBAN: sie beginnt mit dem Länderkürzel und "
                            "zwei Prüfziffern, wie DE89.",
    "refusal.iban.length": "Eine IBAN aus {country} hat {length} Zeichen; {iban!r} hat {given}.",
    "refusal.iban.layout": "{iban!r} passt nicht zum Aufbau einer IBAN aus {country}: nach den "
                           "Prüfziffern stehen dort Buchstaben, wo Ziffern hingehören, oder umgekehrt.",
    "refusal.iban.checksum": "Die Prüfziffern von {iban!r} passen nicht: ein Zeichen ist "
                             "vertippt.",
    "refusal.payment.name": "Der Kontoinhaber ist eine Zeile Text, nicht {name!r}.",
    "refusal.schlag.over": "Das Spiel ist vorbei: Strg+x beendet es.",
    "refusal.expect.no_guess": "Jetzt wird nicht geraten.",
    "refusal.guess.done": "Es ist geraten; jetzt kommt die Karte.",
    "refusal.guess.suit": "{suit!r} ist keine Farbe: c, d, h oder s (oder ♣ ♦ ♥ ♠).",
    "refusal.guess.suit_first": "Eine Farbe gehört nur zum ersten Tipp.",
    "refusal.schlag.contradicts": "Die Karte kann kein {card} sein: der erste Tipp war "
                                  "{value}, und es wurde ein zweites Mal geraten.",
    "refusal.schlag.choose_when": "Nur ein erlöster Dealer bestimmt mit dealer_chooses den "
                                  "nächsten.",
    "refusal.schlag.choose_who": "{player} kann den Stapel nicht nehmen.",
    "refusal.show.twice": "Eine Karte ist doppelt genannt: eine Hand hat jede Karte nur "
                          "einmal.",
    "refusal.show.no_beat": "{card} schlägt {turned} nicht: ohne höhere Karte derselben "
                            "Farbe wird die ganze Hand aus {size} Karten gezeigt.",
    "refusal.show.only_winner": "{card} schlägt {turned}: nur diese Karte zeigen.",
    "refusal.show.size": "Eine verlorene Hand wird ganz gezeigt: {size} Karten, nicht "
                         "{count}.",
    "refusal.declare.shoot": "Nur nach drei Runden Shoot sagt der Geber keep_pot oder "
                             "deal_again an.",
    "refusal.split_pot.bank": "Wenn der Geber die Bank ist, wird der Pot nicht geteilt.",
    "refusal.split_pot.when": "Der Pot wird zwischen zwei Zügen geteilt, solange Chips "
                              "darin liegen.",
    "refusal.bet.range": "{player} setzt jetzt {low} bis {high}.",
    "refusal.red_dog.no_pass": "Bei Red Dog wird nicht gepasst: jede Wette ist mindestens "
                               "der Grundeinsatz.",
    "refusal.expect.no_show": "Jetzt wird keine Hand gezeigt.",
    "refusal.casino.bank_gone": "{bank} hat den Tisch verlassen: die Bank geht mit n nach "
                                "links, oder das Spiel endet.",
    "refusal.casino.no_bank": "Sonst hat niemand am Tisch Chips, um die Bank zu übernehmen.",
    "refusal.casino.raise_broke": "{player} hat keine Chips mehr zum Erhöhen.",
    "refusal.casino.no_bet": "Bei Casino Red Dog ist der Grundeinsatz die Wette: nach der "
                             "Ansage darf jeder einmal bis zum Grundeinsatz erhöhen.",
    "refusal.casino.nobody": "Außer der Bank hat niemand Chips für den Grundeinsatz: "
                             "nachkaufen oder das Spiel beenden.",
    "refusal.casino.raise_when": "Erhöht wird nach der Ansage und vor der dritten Karte.",
    "refusal.casino.not_in_hand": "{player} spielt diese Hand nicht mit.",
    "refusal.casino.raised_once": "{player} hat schon erhöht: einmal pro Hand.",
    "refusal.casino.raise_at_most": "{player} kann höchstens {limit} erhöhen.",
    "refusal.casino.bank_when": "Die Bank wird zwischen zwei Händen weitergegeben.",
    "refusal.casino.bank_left": "Die Bank geht nach links: {expected} ist dran, nicht "
                                "{named}.",
    "refusal.bet.no_pass": "In-Amongst kennt kein Passen: jeder setzt mindestens 1.",
    "option.casino-red-dog.ante": "Chips, die jeder setzt, wenn die erste Karte einer Hand eingegeben wird; eine Erhöhung legt bis zu noch einmal so viel dazu.",
    "option.casino-red-dog.deal_on": "Kein Mischen zwischen den Händen: vom Stapel weitergeben, gemischt wird, wenn weniger als drei Karten übrig sind.",
    "option.red-dog.ante": "Das Ante aller und der kleinste Einsatz (mit dem Dealer als Bank: der kleinste Einsatz).",
    "option.red-dog.hand_size": "Karten je Hand: 0 = fünf, vier bei 7 oder 8 Spielern; oder 3, 4 oder 5 für alle (shoot und slippery_sam geben immer 3).",
    "option.red-dog.dealer_bank": "Kein Ante: nur der Dealer füllt den Topf, die anderen setzen dagegen; der Dealer behält, was nach der Runde übrig ist, ein leerer Topf gibt das Geben sofort weiter.",
    "option.red-dog.shoot": "Der Dealer füllt den Topf und gibt je drei Karten; derselbe Dealer gibt wieder, bis der Topf leer ist; nach drei Runden behält er den Topf oder gibt eine vierte und behält den Rest.",
    "option.red-dog.slippery_sam": "Wie shoot, aber in der Mitte werden Karten aufgedeckt, bis eine 6 oder kleiner kommt, und alle setzen reihum gegen diese eine Karte.",
    "option.red-dog.stake_min": "Mit dem Dealer als Bank: der kleinste Einsatz des Dealers.",
    "option.red-dog.stake_max": "Mit dem Dealer als Bank: der größte Einsatz des Dealers.",
    "option.schlag-den-dealer.unit": "Wie ein Schluck auf dem Bildschirm heißt (niemand wird je zum Trinken gedrängt).",
    "option.schlag-den-dealer.ace_high": "Das Ass zählt 14 statt 1.",
    "option.schlag-den-dealer.one_try": "Nur ein Tipp: ein falscher Tipp kostet sofort den Abstand.",
    "option.schlag-den-dealer.stupid_guess": "Wer einen Wert rät, dessen vier Karten alle offen liegen, bekommt stupid_penalty.",
    "option.schlag-den-dealer.stupid_penalty": "Die Strafe für einen dummen Tipp.",
    "option.schlag-den-dealer.value_and_suit": "Wer beim ersten Tipp die genaue Karte (Wert und Farbe) nennt, bringt dem Dealer exact_sips ein; Karten werden mit Farbe eingegeben.",
    "option.schlag-den-dealer.exact_sips": "Was der Dealer für die genaue Karte bekommt.",
    "option.schlag-den-dealer.dealer_chooses": "Nach drei Fehlschlägen bestimmt der erlöste Dealer den nächsten Dealer.",
    "refusal.card.unknown": "{text!r} ist keine Karte: Wert 2–10, B/J, D/Q, K oder A, "
                            "dann wahlweise die Farbe c, d, h, s.",
    "refusal.card.suit": "{text!r} ist keine Karte: die Farbe ist c, d, h oder s "
                         "(oder ♣ ♦ ♥ ♠).",
    "refusal.card.out": "{card} ist seit dem Mischen schon draußen (eingegeben bei Aktion "
                        "{action}); bitte die Karte prüfen.",
    "refusal.card.fifth": "Alle vier {rank} sind seit dem Mischen schon draußen (Aktionen "
                          "{actions}); bitte die Karte prüfen.",
    "refusal.deck.empty": "Alle 52 Karten sind draußen: erst mischen.",
    "refusal.names.twice": "Jeder Name sitzt nur einmal am Tisch: {twin} und {name} sind ein Name (Groß- und Kleinschreibung zählen nicht).",
    "refusal.names.too_few": "Ein Abend braucht mindestens zwei Spieler; alle in Sitzordnung nennen.",
    "refusal.log.broken": "Das Protokoll von Abend {night} ist nicht mehr unversehrt: es wird "
                          "nichts mehr daran angefügt, bis das Übrige exportiert (companion "
                          "export, dann import) oder der Bruch angenommen ist "
                          "(--accept-broken-chain oder die Taste am Bildschirm).",
    "refusal.turn.other": "{expected} ist dran, nicht {named}.",
    "refusal.turn.under_way": "{player} ist mitten im Zug: erst den Zug beenden.",
    "refusal.expect.no_card": "Jetzt wird keine Karte erwartet.",
    "refusal.expect.no_bet": "Jetzt wird keine Wette erwartet.",
    "refusal.bet.at_most": "{player} kann jetzt höchstens {limit} setzen.",
    "refusal.number.whole": "Bitte eine ganze Zahl ab {minimum}.",
    "refusal.move.other_game": "{name} ist kein Zug in {game}.",
    "refusal.undo.nothing": "Nichts zum Zurücknehmen: den Beginn des Abends nur "
                            "korrigieren.",
    "refusal.redo.nothing": "Nichts zum Wiederholen.",
    "refusal.read_only": "Abend {night} ist in einem anderen Fenster zum Schreiben offen; "
                         "dieses Fenster ist nur zum Lesen.",
}
