"""How many play each game (RULES.md: Red Dog and Schlag den Dealer 3 to 8; In-Between,
Casino Red Dog and In-Amongst a dealer and at least one other, and no more than one deck
serves), and what happens when a game falls below its smallest table (RULES.md,
Decisions): it waits, says why, and is ended by the dealer, the pot shared as at a game's
end. Every story through the real CLI on a SQLite file: a game started below its minimum
or above its maximum is refused in one sentence with nothing recorded, a join that would
take a game over its maximum too, and a leave (or a stack run dry) that takes it below its
minimum makes it wait until `end_game`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.cli import chips, play, refused, refused_alone, state

Command = dict[str, Any]
NAMES = tuple(f"P{number:02d}" for number in range(1, 61))  # sixty seats for big tables
END = {"cmd": "end_game"}


def night(*players: str, chips: int = 50) -> Command:
    return {"cmd": "start_night", "players": list(players), "chips": chips}


def start(game: str, dealer: str = "Ann", **options: Any) -> Command:
    return {"cmd": "start_game", "game": game, "dealer": dealer, "options": options}


def card(text: str) -> Command:
    return {"cmd": "card", "card": text}


def bet(amount: int) -> Command:
    return {"cmd": "bet", "amount": amount}


def leave(name: str) -> Command:
    return {"cmd": "leave", "player": name}


def join(name: str) -> Command:
    return {"cmd": "join", "player": name, "chips": 50}


def waits(db: Path, players: int, minimum: int, maximum: int | None, prompt: str) -> None:
    """The game waits to be ended, saying why, and nothing but its end (or the night's)
    fits: a turn is refused with the reason."""
    view = state(db)
    assert view["expect"] == {"kind": "end_game", "why": "too_few_players", "players": players,
                              "minimum": minimum, "maximum": maximum, "prompt": prompt}
    assert view["turn"] is None


def test_red_dog_is_for_three_to_eight_and_waits_for_its_end_when_a_leave_leaves_two(
        tmp_path: Path) -> None:
    few, many, db = tmp_path / "few.db", tmp_path / "many.db", tmp_path / "night.db"
    assert refused(few, night("Ann", "Bo"), start("red-dog")) == (
        "Red Dog is for 3 to 8 players; 2 have chips at the table.")
    assert refused(many, night(*NAMES[:9]), start("red-dog", "P01")) == (
        "Red Dog is for 3 to 8 players; 9 have chips at the table.")
    play(many, leave("P09"), start("red-dog", "P01"))  # eight play
    assert refused_alone(many, join("Ivy")) == (
        "Red Dog is for 3 to 8 players and 8 play already: Ivy can join once the game has "
        "ended.")
    # P08 came with 4 chips: the ante and a lost bet of 2 leave him broke, sitting out; Ivy
    # makes it eight again, so P08's rebuy would make nine
    broke = tmp_path / "broke.db"
    play(broke, night(*NAMES[:7]), {"cmd": "join", "player": "P08", "chips": 4},
         start("red-dog", "P07"), bet(2), card("2c"), card("Jd"),
         {"cmd": "show", "cards": ["3s", "4s", "5s", "6s"]}, join("Ivy"))  # hands of four
    assert refused_alone(broke, {"cmd": "rebuy", "player": "P08", "chips": 10}) == (
        "Red Dog is for 3 to 8 players and 8 play already: P08 can rebuy once the game has "
        "ended.")
    play(broke, {"cmd": "rebuy", "player": "P01", "chips": 10})  # one who plays already
    # Three play, each antes 2 (pot 6). Bo loses 2 (pot 8), then Cy gets up: two are left,
    # and the round does not play on
    play(db, night("Ann", "Bo", "Cy"), start("red-dog"), bet(2), card("2c"), card("Jd"),
         {"cmd": "show", "cards": ["3s", "4s", "5s", "6s", "7s"]}, leave("Cy"))
    prompt = ("Red Dog is for 3 to 8 players and the table fell to 2: end the game (its pot is "
              "shared as at a game's end).")
    waits(db, 2, 3, 8, prompt)
    assert refused_alone(db, bet(2)) == f"{prompt} Only end_game or end_night fit now."
    play(db, join("Dee"))  # a new player does not bring the game back: it waits for its end
    waits(db, 2, 3, 8, prompt)
    play(db, END)  # the pot of 8 shared by the three at the table: Bo and Dee 3, Ann 2
    assert chips(state(db)) == {"Ann": 50, "Bo": 49, "Cy": 48, "Dee": 53}


def test_schlag_den_dealer_is_for_three_to_eight_and_waits_for_its_end_below_three(
        tmp_path: Path) -> None:
    few, many, db = tmp_path / "few.db", tmp_path / "many.db", tmp_path / "night.db"
    assert refused(few, night("Ann", "Bo", chips=0), start("schlag-den-dealer")) == (
        "Schlag den Dealer is for 3 to 8 players; 2 are at the table.")
    assert refused(many, night(*NAMES[:9], chips=0), start("schlag-den-dealer", "P01")) == (
        "Schlag den Dealer is for 3 to 8 players; 9 are at the table.")
    play(many, leave("P09"), start("schlag-den-dealer", "P01"))  # eight play
    assert refused_alone(many, join("Ivy")) == (
        "Schlag den Dealer is for 3 to 8 players and 8 play already: Ivy can join once the "
        "game has ended.")
    play(db, night("Ann", "Bo", "Cy", chips=0), start("schlag-den-dealer"),
         {"cmd": "guess", "value": 4}, {"cmd": "guess", "value": 9}, card("10"),  # Bo drinks 1
         leave("Cy"))
    prompt = "Schlag den Dealer is for 3 to 8 players and the table fell to 2: end the game."
    waits(db, 2, 3, 8, prompt)
    assert refused_alone(db, {"cmd": "guess", "value": 4}).startswith(prompt)
    play(db, join("Dee"))
    waits(db, 2, 3, 8, prompt)  # a new player does not bring it back
    play(db, END)
    view = state(db)
    assert view["game"] is None and view["players"]["Bo"]["sips"] == 1


def test_in_between_is_for_a_dealer_and_one_more_up_to_what_one_deck_serves(
        tmp_path: Path) -> None:
    alone, db = tmp_path / "alone.db", tmp_path / "night.db"
    play(alone, night("Ann", "Bo"), leave("Bo"))
    assert refused_alone(alone, start("in-between")) == (
        "In-Between is for 2 to 51 players; 1 has chips at the table.")
    # Face up: fifty first cards and the second and third card of the turn make 52
    fifty_two = tmp_path / "fifty_two.db"
    assert refused(fifty_two, night(*NAMES[:52]), start("in-between", "P01")) == (
        "In-Between is for 2 to 51 players (one deck holds a first card for each and the "
        "cards of a turn); 52 have chips at the table.")
    play(fifty_two, leave("P52"), start("in-between", "P01"))  # 51: fifty first cards
    assert state(fifty_two)["expect"]["player"] == "P02"
    # Face down two each: 25 players' 50 cards and the third card of the turn make 51
    hidden = tmp_path / "hidden.db"
    assert refused(hidden, night(*NAMES[:27]), start("in-between", "P01", hidden=True)) == (
        "In-Between is for 2 to 26 players (one deck holds two cards face down for each and "
        "the cards of a turn); 27 have chips at the table.")
    play(hidden, leave("P27"), start("in-between", "P01", hidden=True))
    assert refused_alone(hidden, join("Ivy")) == (
        "In-Between is for 2 to 26 players and 26 play already: Ivy can join once the game "
        "has ended.")
    # Ann stakes all of her 5; Bo bets his 5 and loses: nobody is left to bet against her,
    # so her dealer's game is over (she takes the pot of 10) and nobody can take the deal
    play(db, night("Ann", "Bo", chips=5), start("in-between", stake=10), card("3"),
         card("Q"), bet(5), card("K"))
    prompt = "In-Between is for 2 to 51 players and the table fell to 1: end the game."
    waits(db, 1, 2, 51, prompt)
    assert chips(state(db)) == {"Ann": 10, "Bo": 0}
    play(db, {"cmd": "rebuy", "player": "Bo", "chips": 5})  # chips again: the game is over
    waits(db, 1, 2, 51, prompt)
    play(db, END)
    assert chips(state(db)) == {"Ann": 10, "Bo": 5} and state(db)["game"] is None


def test_in_amongst_is_for_a_dealer_and_one_more_and_the_middle_serves_any_table(
        tmp_path: Path) -> None:
    alone, big, db = tmp_path / "alone.db", tmp_path / "big.db", tmp_path / "night.db"
    play(alone, night("Ann", "Bo"), leave("Bo"))
    assert refused_alone(alone, start("in-amongst")) == (
        "In-Amongst is for at least 2 players; 1 has chips at the table.")
    # The cards lie in the middle, two or three a turn: sixty players are dealt in
    play(big, night(*NAMES), start("in-amongst", "P01"), card("3"), card("J"), bet(5),
         card("7"))
    view = state(big)
    assert view["pot"] == 60 - 5 and view["turn"] == "P03" and len(view["order"]) == 60
    play(big, join("Ivy"))  # and one more
    # Ann deals to Bo and Cy: everyone antes 1 (pot 3); Bo and Cy get up
    play(db, night("Ann", "Bo", "Cy"), start("in-amongst"), leave("Bo"), leave("Cy"))
    waits(db, 1, 2, None, "In-Amongst is for at least 2 players and the table fell to 1: end "
                          "the game (its pot is shared as at a game's end).")
    play(db, END)  # the pot shared by those at the table: Ann alone
    assert chips(state(db)) == {"Ann": 52, "Bo": 49, "Cy": 49}


def test_casino_red_dog_is_for_a_bank_and_one_more_and_the_cards_serve_any_table(
        tmp_path: Path) -> None:
    alone, big, db = tmp_path / "alone.db", tmp_path / "big.db", tmp_path / "night.db"
    play(alone, night("Ann", "Bo"), leave("Bo"))
    assert refused_alone(alone, start("casino-red-dog")) == (
        "Casino Red Dog is for at least 2 players; 1 has chips at the table.")
    # Two or three cards for everyone together: sixty players, 59 antes against the bank
    play(big, night(*NAMES), start("casino-red-dog", "P01"), card("4"))
    assert len(state(big)["bets"]) == 59
    # Bo antes his last 2 and the bank takes them: the bank is alone with chips
    play(db, night("Ann", "Bo", chips=2), start("casino-red-dog", ante=2), card("4"),
         card("9"), card("K"))
    waits(db, 1, 2, None, "Casino Red Dog is for at least 2 players and the table fell to 1: "
                          "end the game.")
    play(db, END)
    assert chips(state(db)) == {"Ann": 4, "Bo": 0}


def test_the_screen_says_why_the_game_waits_in_both_languages(tmp_path: Path) -> None:
    import asyncio

    from tests.pilot import app, text

    db = tmp_path / "night.db"
    play(db, night("Ann", "Bo", "Cy"), start("red-dog"), bet(2), card("2c"), card("Jd"),
         {"cmd": "show", "cards": ["3s", "4s", "5s", "6s", "7s"]}, leave("Cy"))

    async def look(language: str) -> str:
        async with app(db, language).run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            return " ".join(text(pilot, "#entry").split())

    assert ("Red Dog is for 3 to 8 players and the table fell to 2: ctrl+x ends the game, its "
            "pot shared as at a game's end") in asyncio.run(look("en"))
    assert ("Red Dog ist für 3 bis 8 Spieler, und der Tisch schrumpfte auf 2: Strg+x beendet "
            "das Spiel, der Pot wird wie am Spielende verteilt") in asyncio.run(look("de"))


def test_in_betweens_range_with_its_options_left_as_they_are_is_the_one_its_game_gives() -> None:
    from engine.games.in_between import GAME
    from engine.games.in_between.options import InBetweenOptions

    assert InBetweenOptions().seats(GAME.seats) == GAME.seats
    hidden = InBetweenOptions(hidden=True, ante=1, three_posts=True, pairs="split")
    assert (hidden.seats(GAME.seats).least, hidden.seats(GAME.seats).most) == (2, 24)
