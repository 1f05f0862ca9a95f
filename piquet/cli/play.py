"""``python -m piquet play``: a game in the terminal against any bot.

You see your hand sorted by suit, the stock, what was spoken, the trick, the running
scores and the score sheet, in colour where the terminal has it (with the ``cli``
extra: ``pip install "piquet[cli]"``). You type actions in the notation of
:func:`piquet.parse_action` (``discard 7S 8S``, ``call point AH KH QH JH 8H``,
``good point``, ``play KH``), or shorter: ``KH`` plays a card, ``7S 8S`` discards,
``good`` and ``pass`` answer the category at hand, and the numbers ``help`` lists stand
for the actions beside them. A wrong entry is explained and asked again. ``quit``
offers to save the game; ``--load FILE`` resumes it.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .._extras import message as extra_message
from ..actions import Action, Call, Equal, Exchange, Good, Pass, Play, parse_action
from ..bots import Bot, make, names
from ..cards import CardSet, Suit, cards
from ..engine import IllegalActionError, State, new_game
from ..matches.arguments import check_bot
from ..matches.match import MatchError, parse_bot
from ..narrate import Narrator, card_text, score_sheet
from ..records import dumps
from ..words import CHANCE, Player
from . import (
    UsageError,
    add_explain_argument,
    add_ruleset_argument,
    add_seed_argument,
    add_symbols_argument,
)
from ._play import bot_spec
from ._terminal import Reader, history_path, ordered

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["DEFAULT_BOT", "Table", "choose", "register", "run"]

#: The bot ``play`` sets against you unless ``--bot`` names another: the middle of the
#: five levels, ``level1`` (a beginner) to ``level5`` (the strongest).
DEFAULT_BOT = "level3"

#: How many legal actions ``help`` numbers one by one; more are described instead.
LISTED = 40

_WORDS = {
    "help": "list your legal actions, numbered",
    "hand": "show the table again",
    "sheet": "show the score sheet",
    "quit": "stop, with an offer to save the game",
}


class Table:
    """What you see at the table: one seat's view of the state, drawn with rich."""

    def __init__(
        self, console: Console, seat: Player, bot_name: str, symbols: bool, explain: bool = False
    ) -> None:
        self.console = console
        self.seat = seat
        self.bot_name = bot_name
        self.symbols = symbols
        self.explain = explain

    def who(self, player: Player) -> str:
        return "you" if player == self.seat else self.bot_name

    def cards(self, shown: CardSet | Sequence[Any]) -> Any:
        """Cards in suit colours: hearts and diamonds red."""
        from rich.text import Text

        text = Text()
        suit = None
        for card in shown:
            if text:
                text.append("  " if card.suit is not suit else " ")
            suit = card.suit
            red = card.suit in (Suit.HEARTS, Suit.DIAMONDS)
            text.append(card_text(card, self.symbols), style="bold red" if red else "bold")
        return text if text else Text("none", style="dim")

    def line(self, text: str) -> None:
        """A line of the narration, styled by kind: speech, a score, the rest."""
        style = ""
        if text.startswith("    ") and " scores " in text:
            style = "green"
        elif re.match(r'^  [AB]: "', text):
            style = "cyan"
        elif text.startswith("Deal "):
            style = "bold"
        self.console.print(text, style=style, highlight=False, markup=False)

    def draw(self, state: State) -> None:
        """The table-top: scores, stock, what was spoken, the trick, your hand."""
        from rich.text import Text

        seen = state.observation(self.seat)
        me, them = self.seat, self.seat.other
        out = self.console
        out.rule(f"Deal {seen.deal_number}", style="dim")
        scores = Text(
            f"Deal: you {seen.deal_scores[me]}, {self.bot_name} {seen.deal_scores[them]}.  "
            f"Game: you {seen.scores[me]}, {self.bot_name} {seen.scores[them]}."
        )
        out.print(scores, highlight=False)
        if seen.score_sheet:
            deals = ", ".join(f"{row[me]}-{row[them]}" for row in seen.score_sheet)
            out.print(f"Deals so far (you-{self.bot_name}): {deals}.", highlight=False)
        role = "elder" if seen.elder == me else "younger (the dealer)"
        out.print(f"You are {me}, {role}; {self.bot_name} is {them}.", highlight=False)
        out.print(f"Stock: {seen.stock_size} card(s) left.", highlight=False)
        if seen.seen_stock:
            out.print(Text("Seen from the stock: ") + self.cards(seen.seen_stock))
        if seen.opponent_known:
            known = Text(f"{self.bot_name} holds, as you know: ")
            out.print(known + self.cards(seen.opponent_known))
        if seen.spoken:
            said = "; ".join(f"{self.who(s.player)}: {s.words}" for s in seen.spoken)
            out.print(f"Spoken: {said}.", highlight=False, markup=False)
        if seen.trick:
            out.print(Text(f"Trick: {self.bot_name} led ") + self.cards(seen.trick))
        out.print(Text("Your hand: ") + self.cards(seen.hand))

    def sheet(self, state: State) -> None:
        for text in score_sheet(state):
            self.console.print(text, highlight=False, markup=False)

    def help(self, state: State) -> None:
        """The legal actions, numbered; a call with the words it would be spoken in."""
        out = self.console
        legal = ordered(state, state.legal_actions())
        if len(legal) <= LISTED:
            width = max(len(str(a)) for a in legal)
            for number, action in enumerate(legal, start=1):
                said = ""
                if isinstance(action, Call):
                    said = f'  "{state.apply(action).spoken[-1].words}"'
                line = f"  {number:>3}  {action!s:<{width}}{said}".rstrip()
                out.print(line, highlight=False, markup=False)
        else:
            sizes = sorted(
                {len(a.discard) for a in (legal[0], legal[-1]) if isinstance(a, Exchange)}
            )
            span = f"{sizes[0]}" if len(sizes) == 1 else f"{sizes[0]} to {sizes[-1]}"
            out.print(
                f"  {len(legal)} actions: discard {span} of your cards, e.g. "
                f"'discard {' '.join(str(c) for c in legal[0].discard)}' "  # type: ignore[union-attr]
                "(or just the cards)",
                highlight=False,
                markup=False,
            )
        words = ", ".join(f"{word} ({meaning})" for word, meaning in _WORDS.items())
        out.print(f"  Also: {words}.", style="dim", highlight=False, markup=False)


def choose(state: State, text: str) -> Action:
    """The action ``text`` stands for in ``state``: the notation, a number from ``help``,
    or a shortcut; raises ValueError saying what is wrong.

    >>> import random
    >>> import piquet as pq
    >>> state = pq.new_game(pq.RUBICON)
    >>> state = state.apply(state.sample_chance(random.Random(1)))
    >>> choose(state, "discard 8S 9D")
    Traceback (most recent call last):
    ...
    ValueError: discard 8S 9D: A does not hold 8S
    >>> choose(state, "7D 9C")  # bare cards discard them in the exchange
    Exchange(discard=CardSet.parse('7D 9C'))
    """
    legal = ordered(state, state.legal_actions())
    words = text.split()
    if len(words) == 1 and words[0].isdigit():
        number = int(words[0])
        if len(legal) > LISTED:
            raise ValueError("numbers stand for the actions 'help' lists; type the action")
        if not 1 <= number <= len(legal):
            raise ValueError(f"no action {number}: 'help' numbers them from 1 to {len(legal)}")
        return legal[number - 1]
    if len(words) == 1 and words[0].lower() in _ANSWER_WORDS:
        kind = _ANSWER_WORDS[words[0].lower()]
        matching = [a for a in legal if isinstance(a, kind)]
        if len(matching) == 1:
            return matching[0]
        raise ValueError(f"'{words[0]}' is not an answer here; type 'help' for your actions")
    action: Action | None
    try:
        action = parse_action(text)
    except ValueError as error:
        action = _shortcut(legal, text)
        if action is None:
            raise ValueError(f"{error}; type 'help' for your actions") from None
    try:
        state.apply(action)
    except IllegalActionError as error:
        raise ValueError(str(error)) from None
    return action


def _shortcut(legal: Sequence[Action], text: str) -> Action | None:
    """Bare cards: one card plays it in the play, cards discard them in the exchange."""
    try:
        given = cards(text)
    except ValueError:
        return None
    if not legal:
        return None
    if isinstance(legal[0], Play) and len(given) == 1:
        return Play(next(iter(given)))
    if isinstance(legal[0], Exchange):
        return Exchange(given)
    return None


_ANSWER_WORDS: dict[str, type[Good | Pass | Equal]] = {"good": Good, "pass": Pass, "equal": Equal}


def _ask(prompt: str, read: Callable[[str], str], *, remember: bool = True) -> str | None:
    """A line typed by the player, or None at end of input or on Ctrl-C; kept in the
    history of a terminal unless ``remember`` is false."""
    try:
        if isinstance(read, Reader):
            return read(prompt, remember=remember).strip()
        return read(prompt).strip()
    except (EOFError, KeyboardInterrupt):  # Ctrl-D or Ctrl-C: as 'quit'
        return None


def _save(
    state: State, bot_name: str, seat: Player, table: Table, read: Callable[[str], str]
) -> None:
    answer = _ask("Save the game? [y/N] ", read, remember=False)
    if not answer or not answer.lower().startswith("y"):
        return
    path = _ask("File name [piquet-game.txt]: ", read, remember=False) or "piquet-game.txt"
    text = dumps(state) + f"# piquet play: bot {bot_name}, seat {seat}\n"
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
    except OSError as error:
        table.console.print(f"Could not save: {error}", style="red", markup=False)
        return
    table.console.print(
        f"Saved to {path}; resume with: python -m piquet play --load {path}", markup=False
    )


def run(args: argparse.Namespace) -> int:
    try:
        from rich.console import Console
    except ImportError:
        raise UsageError(extra_message("play", "rich", "cli")) from None
    bot_name = args.bot
    seat_name = args.seat
    if args.load is not None:
        from .show import read_game

        state, players = read_game(args.load)
        # a game saved by 'quit' names its players: "you" and the bot (see show.SAVED)
        you = next((seat for seat, name in players.items() if name == "you"), None)
        if you is not None:
            bot_name = bot_name or players[you.other]
            seat_name = seat_name or you.name
        if state.is_over:
            raise UsageError(f"the game in {args.load!r} is over")
    else:
        state = new_game(args.ruleset, declarations=args.declarations)
    bot_name = (bot_name or DEFAULT_BOT).lower()
    try:
        check_bot(bot_name, "--bot")
    except MatchError as error:
        raise UsageError(str(error)) from None
    seat = Player[seat_name or "A"]
    rng = random.Random(args.seed)
    name, options = parse_bot(bot_name)
    bot: Bot = make(name, seed=rng.getrandbits(64), **options)
    table = Table(Console(highlight=False), seat, bot_name, args.symbols, args.explain)
    if not sys.stdin.isatty():
        return play(state, bot, seat, table, rng, input)
    reader = Reader(history_path())
    try:
        return play(state, bot, seat, table, rng, reader)
    finally:
        reader.save()


def play(
    state: State,
    bot: Bot,
    seat: Player,
    table: Table,
    rng: random.Random,
    read: Callable[[str], str],
) -> int:
    """Play ``state`` on: the bot for ``seat.other``, you for ``seat``; the exit status."""
    from ..records import replay, start_of

    narrator = Narrator(table.symbols, seat, table.explain)
    opening = narrator.begin(start_of(state))
    for earlier, done in replay(state):  # a loaded game: catch up without telling
        narrator.tell(earlier, done, earlier.apply(done))
    table.console.print(
        f"{state.ruleset.title or state.ruleset.name}: you are {seat}, against {table.bot_name}. "
        "Type 'help' for your actions.",
        highlight=False,
        markup=False,
    )
    if not state.history:
        for line in opening:
            table.line(line)
    drawn = False
    while not state.is_over:
        mover = state.to_move
        if mover is CHANCE:
            action: Action = state.sample_chance(rng)
        elif mover != seat:
            assert isinstance(mover, Player)
            action = bot.choose(state.observation(mover))
        else:
            if not drawn:
                table.draw(state)
                drawn = True
            if isinstance(read, Reader):
                read.state = state  # what tab completes from
            text = _ask("Your move> ", read)
            if text is None or text.lower() in ("quit", "q", "exit"):
                table.console.print()
                _save(state, table.bot_name, seat, table, read)
                return 0
            if not text:
                continue
            if text.lower() in ("help", "?"):
                table.help(state)
                continue
            if text.lower() == "hand":
                table.draw(state)
                continue
            if text.lower() == "sheet":
                table.sheet(state)
                continue
            try:
                action = choose(state, text)
            except ValueError as error:
                table.console.print(f"  {error}", style="red", highlight=False, markup=False)
                continue
            drawn = False
        after = state.apply(action)
        for told in narrator.tell(state, action, after):
            table.line(told)
        state = after
    table.console.print()
    table.sheet(state)
    return 0


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "play",
        help="play a game in the terminal against a bot",
        description=(
            "Play against a bot. Type actions in the notation (discard 7S 8S, "
            "call point AH KH QH JH 8H, good point, play KH) or 'help' for your legal "
            "actions, numbered; 'quit' offers to save the game."
        ),
    )
    parser.add_argument(
        "--bot",
        type=bot_spec,
        metavar="BOT",
        help="your opponent: level1 (a beginner) to level5 (the strongest), or NAME or "
        f"NAME:KEY=VALUE,... with NAME one of {', '.join(names())} "
        f"(default: {DEFAULT_BOT}, or the saved game's)",
    )
    add_ruleset_argument(parser)
    parser.add_argument(
        "--seat",
        type=str.upper,
        choices=("A", "B"),
        help="your seat; B deals first (default: A, or the saved game's)",
    )
    add_seed_argument(parser, None, "the deals and the bot")
    parser.add_argument(
        "--declarations",
        default="played",
        choices=("played", "auto"),
        help="declarations played by the players, or resolved automatically",
    )
    parser.add_argument("--load", metavar="FILE", help="resume a game saved by 'quit'")
    add_symbols_argument(parser)
    add_explain_argument(parser, True)
    parser.set_defaults(run=run)
