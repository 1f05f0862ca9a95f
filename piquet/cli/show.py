"""``python -m piquet show RECORD``: tell a saved game, for the table or from one seat.

RECORD is a game record written by :func:`piquet.dumps`, or a JSON lines file of a
match, one game per line with its record under ``"record"`` (``--game N`` picks the
line; the bots' names come from the line when it has them).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Mapping
from typing import Any

from ..cards import excerpt
from ..engine import State
from ..records import loads
from ..words import Player
from . import UsageError, add_explain_argument, add_symbols_argument, positive_int

__all__ = ["SAVED", "read_game", "register", "run"]

#: The comment ``play`` adds to a game it saves: the bot's name and the player's seat.
SAVED = re.compile(r"^# piquet play: bot (\S+), seat ([AB])$", re.M)


def read_game(path: str, game: int = 1) -> tuple[State, dict[Player, str]]:
    """The game saved at ``path`` (``-`` reads standard input) and its players' names.

    Raises :class:`~piquet.cli.UsageError` saying what is wrong with the file.
    """
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as file:
                text = file.read()
    except (OSError, UnicodeDecodeError, ValueError) as error:  # ValueError: a NUL in it
        raise UsageError(f"cannot read {excerpt(path)}: {error}") from None
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    if not first:
        raise UsageError(f"{path!r} is empty")
    if first.startswith("["):
        return _loads(text, path), _played(text)
    lines = [line for line in text.splitlines() if line.strip()]
    if game > len(lines):
        raise UsageError(f"{path!r} has {len(lines)} game(s), not {game}")
    try:
        data = json.loads(lines[game - 1])
    except RecursionError:
        raise UsageError(f"{path!r} line {game}: JSON nested too deeply") from None
    except ValueError as error:  # JSONDecodeError, or a number of thousands of digits
        raise UsageError(
            f"{path!r} line {game} is neither a game record nor JSON: {error}"
        ) from None
    if not isinstance(data, dict) or not isinstance(data.get("record"), str):
        raise UsageError(f"{path!r} line {game} holds no game record under 'record'")
    return _loads(data["record"], f"{path} line {game}"), _names(data)


def _loads(text: str, where: str) -> State:
    try:
        state: State = loads(text)
    except ValueError as error:
        raise UsageError(f"{where}: {error}") from None
    return state


def _played(text: str) -> dict[Player, str]:
    """The names in a game saved by ``play``: its comment names the bot and the seat."""
    saved = SAVED.search(text)
    if saved is None:
        return {}
    seat = Player[saved[2]]
    return {seat: "you", seat.other: saved[1]}


def _names(data: Mapping[str, Any]) -> dict[Player, str]:
    """Bot names from a match line: ``seats`` maps a seat to a label (``"a"``) and the
    label to a name (``"a": "greedy"``)."""
    seats = data.get("seats")
    names: dict[Player, str] = {}
    if isinstance(seats, dict):
        for seat, label in seats.items():
            if seat in ("A", "B") and isinstance(label, str):
                name = data.get(label, label)
                names[Player[seat]] = name if isinstance(name, str) else label
    return names


def _wait(stdin: Any) -> bool:
    """Wait for Enter; False when the reader typed ``q`` or closed the input."""
    try:
        answer = stdin.readline()
    except KeyboardInterrupt:
        return False
    return bool(answer) and answer.strip().lower() not in ("q", "quit")


def run(args: argparse.Namespace) -> int:
    from ..narrate import narrate_steps

    state, names = read_game(args.record, args.game)
    if args.deal is not None and args.deal > state.deal_number:
        raise UsageError(f"--deal {args.deal}: the game has {state.deal_number} deal(s)")
    seat = Player[args.seat] if args.seat else None
    steps = narrate_steps(
        state,
        names=names or None,
        symbols=args.symbols,
        seat=seat,
        deal=args.deal,
        explain=args.explain,
    )
    waiting = args.step and sys.stdin.isatty()
    for number, step in enumerate(steps):
        if waiting and number > 1:
            print("  (Enter: next; q: stop)", end="", flush=True)
            if not _wait(sys.stdin):
                print()
                return 0
        for line in step:
            print(line)
    return 0


def register(commands: Any) -> None:
    show = commands.add_parser(
        "show",
        help="tell a saved game, for the table or from one seat",
        description=(
            "Tell a saved game: a record written by piquet.dumps, or a line of a match's "
            "JSON lines file (its 'record' field)."
        ),
    )
    show.add_argument("record", metavar="RECORD", help="the file, or - for standard input")
    show.add_argument(
        "--seat",
        type=str.upper,
        choices=("A", "B"),
        help="tell only what this player knew",
    )
    show.add_argument("--deal", type=positive_int, metavar="N", help="tell this deal only")
    show.add_argument(
        "--game",
        type=positive_int,
        default=1,
        metavar="N",
        help="in a JSON lines file, the game on this line",
    )
    show.add_argument(
        "--step", action="store_true", help="wait for Enter after each action (on a terminal)"
    )
    add_symbols_argument(show)
    add_explain_argument(show, False)
    show.set_defaults(run=run)
