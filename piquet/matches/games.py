"""One game of a match: how it is played from its seeds, what it leaves (a
:class:`GameRecord`), what a forfeit costs, and how a bot is named with its options.

:mod:`piquet.matches.match` plays many of these (through :mod:`piquet.matches.jobs`) and
sums them up; everything about game ``number`` of a match follows from the match's
seed and that number alone.

>>> import piquet as pq
>>> record = play_one(pq.RUBICON, "greedy", "random", 5, 0, True)
>>> record.winner, record.a_seat
('a', <Player.A: 0>)
"""

from __future__ import annotations

import ast
import hashlib
import random
import time
from typing import Any, TypeAlias

import attrs

from ..bots import Bot, Forfeit, make
from ..cards import excerpt
from ..engine import IllegalActionError, Result, State, new_game
from ..records import dumps
from ..rules import Ruleset
from ..words import CHANCE, Player, Reason

__all__ = [
    "HIGHLIGHTS",
    "BotSpec",
    "GameRecord",
    "MatchError",
    "bot_label",
    "derive_seed",
    "forfeit_points",
    "parse_bot",
    "play_one",
]

#: A bot in a match: a name :func:`piquet.bots.make` knows, or a bot object.
BotSpec: TypeAlias = "str | Bot"

#: The notable scores a match counts, per bot and per deal.
HIGHLIGHTS: tuple[Reason, ...] = (
    Reason.PIQUE,
    Reason.REPIQUE,
    Reason.CAPOT,
    Reason.CARTE_BLANCHE,
)


class MatchError(ValueError):
    """Bad arguments to :func:`match` or :func:`~piquet.tournament.tournament`, or a bad
    saved match."""


def bot_label(spec: BotSpec) -> str:
    """The name a bot goes by in tables and saved games."""
    return spec if isinstance(spec, str) else type(spec).__name__


def derive_seed(*parts: object) -> int:
    """A 64-bit seed from any parts (a match seed, a game number, a role), stable across
    processes, machines and Python versions (unlike :func:`hash`).

    >>> derive_seed(7, "deals", 0) == derive_seed(7, "deals", 0) != derive_seed(7, "deals", 1)
    True
    """
    text = "\x1f".join(repr(part) for part in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


@attrs.frozen
class GameRecord:
    """One finished game of a match, as the bots saw it: who sat where, who won, the
    notable scores and the thinking time of each bot, and the game record itself.

    Pairs are ``(a, b)``: indexed by bot, not by seat.
    """

    number: int
    """The game's number in its match, from 0."""
    seed: int
    """The seed of the game's chance (every deal); the two games of a duplicate pair share it."""
    a_seat: Player
    """The seat bot *a* played; bot *b* had the other."""
    result: Result
    """The result, by seat."""
    deals: int
    """How many deals the game took."""
    highlights: tuple[tuple[int, ...], tuple[int, ...]]
    """Per bot, how many deals it scored each of :data:`HIGHLIGHTS` in."""
    rubiconed: bool
    """True when the loser ended under the rubicon (rulesets with a rubicon only)."""
    decisions: tuple[int, int]
    """Per bot, how many actions it chose."""
    seconds: tuple[float, float]
    """Per bot, the time it spent choosing, in seconds."""
    record: str = attrs.field(repr=False)
    """The game record, :func:`piquet.dumps` text: :func:`piquet.loads` replays it."""
    forfeit: tuple[str, str, str] | None = None
    """``(bot, kind, reason)`` when bot ``"a"`` or ``"b"`` forfeited the game (see
    :class:`piquet.bots.Forfeit`): it lost, as heavily as the rules allow
    (:func:`forfeit_points`), and ``record`` ends where it failed."""
    stderr: tuple[str, str] = ("", "")
    """Per bot, what its program wrote on standard error during this game (its last
    lines; bots that are programs, :func:`piquet.bots.external`), else ``""``."""

    @property
    def winner(self) -> str | None:
        """``"a"`` or ``"b"``, the bot that won, or None for a draw."""
        if self.result.winner is None:
            return None
        return "a" if self.result.winner is self.a_seat else "b"

    @property
    def a_points(self) -> int:
        """What bot *a* won (positive) or lost (negative) in this game."""
        if self.result.winner is None:
            return 0
        return self.result.points if self.result.winner is self.a_seat else -self.result.points

    @property
    def a_score(self) -> float:
        """1 when *a* won, 0 when it lost, ½ for a draw."""
        return {"a": 1.0, "b": 0.0, None: 0.5}[self.winner]

    def to_json(self, **context: Any) -> dict[str, Any]:
        """This game as one JSON object; ``context`` (bot names ``a`` and ``b``, match
        seed...) is added. ``seats`` maps each seat to its bot's name, ``record`` is the
        game record."""
        names = (context.get("a", "a"), context.get("b", "b"))
        seats = {self.a_seat.name: names[0], self.a_seat.other.name: names[1]}
        result = self.result
        return {
            **context,
            "game": self.number,
            "seed": self.seed,
            "seats": seats,
            "a_seat": self.a_seat.name,
            "result": {
                "winner": None if result.winner is None else result.winner.name,
                "scores": list(result.scores),
                "points": result.points,
            },
            "deals": self.deals,
            "highlights": {
                str(reason): [self.highlights[0][i], self.highlights[1][i]]
                for i, reason in enumerate(HIGHLIGHTS)
            },
            "rubiconed": self.rubiconed,
            "decisions": list(self.decisions),
            "seconds": list(self.seconds),
            "record": self.record,
            **(
                {}
                if self.forfeit is None
                else {"forfeit": dict(zip(_FORFEIT, self.forfeit, strict=True))}
            ),
            **({} if not any(self.stderr) else {"stderr": list(self.stderr)}),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRecord:
        """Read what :meth:`to_json` wrote; raises :class:`MatchError` saying what is wrong."""
        try:
            a_seat = Player[data["a_seat"]]
            result = data["result"]
            winner = None if result["winner"] is None else Player[result["winner"]]
            highlights = data["highlights"]
            return cls(
                number=int(data["game"]),
                seed=int(data["seed"]),
                a_seat=a_seat,
                result=Result(
                    winner,
                    (int(result["scores"][0]), int(result["scores"][1])),
                    int(result["points"]),
                ),
                deals=int(data["deals"]),
                highlights=(
                    tuple(int(highlights[str(r)][0]) for r in HIGHLIGHTS),
                    tuple(int(highlights[str(r)][1]) for r in HIGHLIGHTS),
                ),
                rubiconed=bool(data["rubiconed"]),
                decisions=(int(data["decisions"][0]), int(data["decisions"][1])),
                seconds=(float(data["seconds"][0]), float(data["seconds"][1])),
                record=str(data["record"]),
                forfeit=None
                if data.get("forfeit") is None
                else tuple(str(data["forfeit"][key]) for key in _FORFEIT),  # type: ignore[arg-type]
                stderr=(str(data["stderr"][0]), str(data["stderr"][1]))
                if "stderr" in data
                else ("", ""),
            )
        except (KeyError, IndexError, TypeError, ValueError) as error:
            raise MatchError(f"not a saved game: {type(error).__name__}: {error}") from None


_FORFEIT = ("by", "kind", "reason")


def parse_bot(text: str) -> tuple[str, dict[str, Any]]:
    """A bot's name and options from ``"name"`` or ``"name:key=value,key=value"``.

    Values are Python literals (numbers, strings, True/False/None); anything else is
    taken as a string. The whole text is the bot's name in tables, so one bot with
    different options can meet itself.

    >>> parse_bot("pimc:samples=50,greedy=True,policy=fast")
    ('pimc', {'samples': 50, 'greedy': True, 'policy': 'fast'})
    >>> parse_bot("random")
    ('random', {})
    >>> parse_bot("pimc:samples")
    Traceback (most recent call last):
    ...
    piquet.matches.games.MatchError: bot 'pimc:samples': options are key=value, got 'samples'
    >>> parse_bot("exec:./mybot --level 3")  # a program speaking the piquet protocol
    ('exec', {'command': './mybot --level 3'})
    """
    if text.strip()[:5].lower() == "exec:":
        return "exec", {"command": text.strip()[5:].strip()}
    name, _, rest = text.partition(":")
    options: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, equals, value = item.partition("=")
        if not equals or not key.strip().isidentifier():
            raise MatchError(f"bot {excerpt(text)}: options are key=value, got {excerpt(item)}")
        try:
            options[key.strip()] = ast.literal_eval(value.strip())
        except (ValueError, SyntaxError):
            options[key.strip()] = value.strip()
    return name.strip().lower(), options


def _bot_for(spec: BotSpec, seed: int) -> Bot:
    if not isinstance(spec, str):
        return spec
    name, options = parse_bot(spec)
    return make(name, seed=seed, **options)


def play_one(
    ruleset: Ruleset,
    bot_a: BotSpec,
    bot_b: BotSpec,
    match_seed: int,
    number: int,
    duplicate: bool,
) -> GameRecord:
    """Play game ``number`` of a match: everything about it follows from these arguments.

    >>> import piquet as pq
    >>> first = play_one(pq.RUBICON, "greedy", "random", 5, 0, True)
    >>> again = play_one(pq.RUBICON, "greedy", "random", 5, 0, True)
    >>> first == attrs.evolve(again, seconds=first.seconds)
    True
    """
    game_seed = derive_seed(match_seed, "deals", number // 2 if duplicate else number)
    a_seat = Player.A if number % 2 == 0 else Player.B
    bots: list[Bot] = [None, None]  # type: ignore[list-item]
    bots[a_seat] = _bot_for(bot_a, derive_seed(match_seed, "a", number))
    bots[a_seat.other] = _bot_for(bot_b, derive_seed(match_seed, "b", number))
    chance = random.Random(game_seed)
    clock = time.perf_counter
    thinking = [0.0, 0.0]
    decisions = [0, 0]
    counts = [[0] * len(HIGHLIGHTS), [0] * len(HIGHLIGHTS)]  # by seat
    deals = 0

    def tally() -> None:
        seen: list[set[Reason]] = [set(), set()]
        for event in state.events:
            if event.reason in HIGHLIGHTS:
                seen[event.player].add(event.reason)
        for seat in Player:
            for reason in seen[seat]:
                counts[seat][HIGHLIGHTS.index(reason)] += 1

    state = new_game(ruleset)
    forfeit: tuple[str, str, str] | None = None
    try:
        while not state.is_over:
            mover = state.to_move
            if mover is CHANCE:
                if deals:
                    tally()
                deals += 1
                state = state.apply(state.sample_chance(chance))
                continue
            assert isinstance(mover, Player)
            observation = state.observation(mover)
            start = clock()
            try:
                action = bots[mover].choose(observation)
            except Forfeit as error:  # the game is lost; the match goes on
                forfeit = ("a" if mover is a_seat else "b", error.kind, error.reason)
                break
            finally:
                thinking[mover] += clock() - start
            decisions[mover] += 1
            try:
                state = state.apply(action)
            except IllegalActionError as error:
                role = "a" if mover is a_seat else "b"
                spec = bot_a if role == "a" else bot_b
                raise MatchError(
                    f"game {number}: bot {role} ({bot_label(spec)}) chose {action}: {error}"
                ) from None
    finally:
        _finish(bots, state, (bot_a, bot_b) if a_seat is Player.A else (bot_b, bot_a))
    tally()
    result = state.result
    rubicon = getattr(ruleset.game, "rubicon", None)
    if forfeit is not None:
        loser = a_seat if forfeit[0] == "a" else a_seat.other
        result = Result(loser.other, state.scores, forfeit_points(state, loser))
    assert result is not None
    rubiconed = (
        result.winner is not None
        and isinstance(rubicon, int)
        and (forfeit is not None or result.scores[result.winner.other] < rubicon)
    )
    b_seat = a_seat.other
    said = [_stderr_of(bots[seat]) for seat in Player]
    return GameRecord(
        number=number,
        seed=game_seed,
        a_seat=a_seat,
        result=result,
        deals=deals,
        highlights=(tuple(counts[a_seat]), tuple(counts[b_seat])),
        rubiconed=rubiconed,
        decisions=(decisions[a_seat], decisions[b_seat]),
        seconds=(thinking[a_seat], thinking[b_seat]),
        record=dumps(state),
        forfeit=forfeit,
        stderr=(said[a_seat], said[b_seat]),
    )


def forfeit_points(state: State, loser: Player) -> int:
    """What the opponent of a bot that forfeits ``state``'s game wins: the game is
    settled by the ruleset as if the opponent had scored both players' points and the
    forfeiter none. A forfeit is never cheaper than playing on: in a partie the
    forfeiter is rubiconed (both totals and the game's bonus, 100, to the opponent,
    whatever the forfeiter had scored), in a race he loses a double game; in a partie
    of several games, the opponent is credited with the game points won so far, this
    game's, and at least those that win the partie.

    >>> import random
    >>> import piquet as pq
    >>> state = pq.new_game(pq.RUBICON)
    >>> forfeit_points(state, pq.Player.A)  # nothing scored: the game's bonus
    100
    >>> while state.scores == (0, 0) or state.to_move is pq.CHANCE:
    ...     state = state.apply(
    ...         state.sample_chance(random.Random(1)) if state.to_move is pq.CHANCE
    ...         else state.legal_actions()[0])
    >>> forfeit_points(state, pq.Player.B) == sum(state.scores) + 100
    True
    """
    rule = state.ruleset.game
    winner = loser.other
    total = state.scores[0] + state.scores[1]
    # a lead of one point more when nobody has scored, taken off again (a tie is no win)
    lead = 0 if total else 1
    taken = [0, 0]
    taken[winner] = total + lead
    won_by, points = rule.settle((taken[0], taken[1]), winner if rule.target is not None else None)
    points = max(points - lead, 0) if won_by is winner else 0
    needed = rule.games_to_win
    if needed > 1:
        earlier = [0, 0]
        for game in state.games:
            if game.winner is not None:
                earlier[game.winner] += game.points
        points = max(earlier[winner] + points, needed)
    return points


def _stderr_of(bot: Bot) -> str:
    """What a program bot wrote on standard error in its last game (else "")."""
    said = getattr(bot, "stderr", "")
    return said if isinstance(said, str) else ""


def _finish(bots: list[Bot], state: Any, specs: tuple[BotSpec, BotSpec]) -> None:
    """Tell each bot that has ``game_over`` how the game ended; close those made here."""
    for seat in Player:
        over = getattr(bots[seat], "game_over", None)
        if state.is_over and callable(over):
            over(state.observation(seat))
        close = getattr(bots[seat], "close", None)
        if isinstance(specs[seat], str) and callable(close):
            close()
