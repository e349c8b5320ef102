"""The table as a few lines of text: for `companion demo` and `companion state`."""

from __future__ import annotations

from typing import Any

from engine.cards import parse_card
from engine.text import shown


def table_text(view: dict[str, Any]) -> str:
    """A compact picture of the table from the `state --json` projection."""
    title = f"Night {view['night']}" + (f" \"{shown(view['name'])}\"" if view.get("name")
                                        else "")
    lines = [title]
    if view["game"]:
        game = f"{view['game']}"
        if view.get("round"):
            game += f", round {view['round']}" + (
                f" of {view['rounds']}" if view.get("rounds") else "")
        if view.get("dealer"):
            game += f", dealer {shown(view['dealer'])}"
        lines += [game, f"Pot: {view['pot']}" if "unit" not in view
                  else f"Misses in a row: {view.get('misses', 0)} of 3"]
    elif view.get("ended"):
        lines.append("The night is over.")
    width = max((len(shown(name)) for name in view["players"]), default=4)
    for name, seat in view["players"].items():
        marks = []
        if name == view.get("dealer"):
            marks.append("dealer")
        if not seat["present"]:
            marks.append("left")
        if name in view.get("first_cards", {}):
            marks.append(parse_card(view["first_cards"][name]).label)
        pointer = "▶" if name == view.get("turn") else " "
        chips = f"{seat['chips']:>6}"
        tally = (f"  {seat['sips']} {view.get('unit') or 'sips'}"
                 if seat.get("sips") or view.get("unit") else "")
        lines.append(f"{pointer} {shown(name):<{width}} {chips}  bought in {seat['bought_in']}"
                     + tally + (f"  ({', '.join(marks)})" if marks else ""))
    if view["game"]:
        seen = " ".join(parse_card(c).label for c in view["seen"]) or "none"
        lines.append(f"Out since the shuffle: {seen} ({view['deck_remaining']} left)")
        if view.get("hand"):
            lines.append("Cards of this turn: " + " ".join(parse_card(c).label
                                                           for c in view["hand"]))
    expect = view["expect"]
    lines.append(f"Next: {shown(str(expect.get('prompt')))}")
    if expect.get("warning"):
        lines.append(f"Warning: {shown(expect['warning'])}")
    return "\n".join(lines)
