"""What ``play`` adds to a terminal: the legal actions in the order a player expects,
line editing and history (the stdlib :mod:`readline`, where there is one), kept from one
session to the next in a history file, and tab completion of actions and cards."""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..actions import Action, Call, Equal, Exchange, Good, Pass, Reckon
from ..engine import State
from ..words import Player

__all__ = ["HISTORY_LENGTH", "WORDS", "Reader", "completions", "history_path", "ordered"]

#: The words ``play`` reads besides actions.
WORDS: tuple[str, ...] = ("help", "hand", "sheet", "quit")

#: The most lines the history file keeps (the latest).
HISTORY_LENGTH = 1000


def history_path(environ: Mapping[str, str] | None = None) -> Path | None:
    """Where ``play`` keeps the lines typed, from one session to the next:
    ``$PIQUET_HISTORY`` when it is set (set and empty: no history file), else
    ``$XDG_STATE_HOME/piquet/history`` when ``XDG_STATE_HOME`` is set, else
    ``~/.piquet_history``.

    >>> history_path({"PIQUET_HISTORY": "/tmp/lines"}).as_posix()
    '/tmp/lines'
    >>> history_path({"PIQUET_HISTORY": ""}) is None
    True
    >>> history_path({"XDG_STATE_HOME": "/var/state"}).as_posix()
    '/var/state/piquet/history'
    """
    environ = os.environ if environ is None else environ
    if "PIQUET_HISTORY" in environ:
        chosen = environ["PIQUET_HISTORY"]
        return Path(chosen).expanduser() if chosen else None
    if state := environ.get("XDG_STATE_HOME"):
        return Path(state) / "piquet" / "history"
    return Path("~/.piquet_history").expanduser()


def ordered(state: State, legal: Sequence[Action]) -> list[Action]:
    """``legal`` as a player reads them: the answers good and equal first, then the
    calls best first (the point of five before the point of one), then the rest:
    reckonings, passes, discards of the most cards first, cards to play as dealt.

    >>> import random
    >>> import piquet as pq
    >>> from piquet.bots import make
    >>> state, rng, bot = pq.new_game(pq.RUBICON), random.Random(3), make("greedy")
    >>> while not any(isinstance(a, pq.Call) for a in state.legal_actions()):
    ...     mover = state.to_move
    ...     choice = state.sample_chance(rng) if mover is pq.CHANCE else bot.choose(
    ...         state.observation(mover))
    ...     state = state.apply(choice)
    >>> [str(a) for a in ordered(state, state.legal_actions())][:2]
    ['call point QS JS 10S 7S', 'call point AC KC QC']
    """

    def rank(index_action: tuple[int, Action]) -> tuple[Any, ...]:
        index, action = index_action
        if isinstance(action, (Good, Equal)):
            return (0, 0 if isinstance(action, Good) else 1, index)
        if isinstance(action, Call):
            key = state.ruleset.category_rule(action.category).key(action.cards.mask)
            return (1, tuple(-part for part in key), index)
        if isinstance(action, Reckon):
            return (2, -len(action.cards), index)
        if isinstance(action, Pass):
            return (3, index)
        if isinstance(action, Exchange):
            return (4, -len(action.discard), index)
        return (5, index)

    return [action for _, action in sorted(enumerate(legal), key=rank)]


def completions(state: State, line: str, text: str) -> list[str]:
    """The words that may complete ``text``, the word being typed at the end of
    ``line`` (everything typed so far): words of the legal actions that follow the
    words before it, the cards of the hand, and ``play``'s own words first on a line.

    >>> import piquet as pq
    >>> import random
    >>> state = pq.new_game(pq.RUBICON)
    >>> state = state.apply(state.sample_chance(random.Random(1)))
    >>> completions(state, "dis", "dis")
    ['discard']
    >>> completions(state, "discard 7", "7")
    ['7D']
    """
    before = line[: len(line) - len(text)].split()
    found: set[str] = set()
    for action in _texts(state):
        words = action.split()
        if len(words) > len(before) and [w.upper() for w in words[: len(before)]] == [
            w.upper() for w in before
        ]:
            found.add(words[len(before)])
        elif before and words[0] == before[0] and len(words) > 1 and words[0] == "discard":
            found.update(words[1:])  # the cards of a discard come in any order
    mover = state.to_move
    if isinstance(mover, Player):
        found.update(str(card) for card in state.hand(mover))
    if not before:
        found.update(WORDS)
    typed = {w.upper() for w in before}
    upper = text.upper()
    return sorted(w for w in found if w.upper().startswith(upper) and w.upper() not in typed)


def _texts(state: State) -> list[str]:
    legal = state.legal_actions()
    if len(legal) > 400:  # the elder's discards: the verb, then any of his cards
        return ["discard"]
    return [str(action) for action in legal]


class Reader:
    """``input`` with line editing, history (Up recalls the last line, of this
    session or, with a ``history`` file, of earlier ones) and tab completion from the
    state in play (set :attr:`state` before reading); plain ``input`` without
    :mod:`readline`.

    The ``history`` file is read here and written by :meth:`save`, keeping the last
    :data:`HISTORY_LENGTH` lines; a file that cannot be read or written is a warning
    on standard error, never the end of the game."""

    def __init__(self, history: Path | None = None) -> None:
        self.state: State | None = None
        self.readline: Any = None
        self.history = history
        try:
            self.readline = importlib.import_module("readline")
        except ImportError:  # Windows without pyreadline: input() as it is
            return
        rl = self.readline
        rl.set_completer(self.complete)
        rl.set_completer_delims(" \t")
        if "libedit" in (getattr(rl, "__doc__", "") or ""):
            rl.parse_and_bind("bind ^I rl_complete")
        else:
            rl.parse_and_bind("tab: complete")
        rl.set_history_length(HISTORY_LENGTH)
        rl.set_auto_history(False)  # the lines worth keeping are added by __call__
        if history is not None and history.exists():
            try:
                rl.read_history_file(str(history))
            except (OSError, ValueError) as error:
                _warn(f"cannot read the history file {str(history)!r}: {_why(error)}")

    def save(self) -> None:
        """Write the history file (the last :data:`HISTORY_LENGTH` lines)."""
        if self.readline is None or self.history is None:
            return
        try:
            self.history.parent.mkdir(parents=True, exist_ok=True)
            self.readline.write_history_file(str(self.history))
        except (OSError, ValueError) as error:
            _warn(f"cannot write the history file {str(self.history)!r}: {_why(error)}")

    def __call__(self, prompt: str, *, remember: bool = True) -> str:
        """A line typed after ``prompt``, kept in the history unless ``remember`` is
        false (the answers to questions such as "Save the game?"), blank or the same
        as the line before."""
        line = input(prompt)
        rl = self.readline
        if rl is not None and remember and line.strip():
            length = rl.get_current_history_length()
            if not length or rl.get_history_item(length) != line:
                rl.add_history(line)
        return line

    def complete(self, text: str, number: int) -> str | None:
        """The readline completer: the ``number``-th completion of ``text``."""
        if self.state is None or self.readline is None:
            return None
        try:
            found = completions(self.state, self.readline.get_line_buffer(), text)
        except Exception:  # a completer must never raise into readline
            return None
        # readline as Python builds it adds no space after a completed word: add it
        return found[number] + " " if number < len(found) else None


def _why(error: Exception) -> str:
    return getattr(error, "strerror", None) or str(error) or type(error).__name__


def _warn(text: str) -> None:
    from . import prog_name

    print(f"{prog_name()} play: warning: {text}", file=sys.stderr)
