"""A game told the way players follow it: the hands, what was said, every score, the tricks.

Speech is in quotes; a score is a line of its own, ``A scores ... [A 4, B 0]``, and the
bracket after a score or a trick is always the deal's running score, which adds up to
the deal's line on the score sheet. Cards are written as in the rest of the library
(``KS 10H``), or with suit symbols (``K♠ 10♥``) when ``symbols`` is true.

>>> import random
>>> import piquet as pq
>>> from piquet.bots import RandomBot, play_game
>>> bots = [RandomBot(random.Random(1)), RandomBot(random.Random(2))]
>>> final = play_game(pq.RUBICON, bots, random.Random(3))
>>> lines = list(narrate(final, names={pq.Player.A: "random", pq.Player.B: "random"}))
>>> lines[0]
'Rubicon piquet, a partie of six deals: A (random) against B (random). B deals first.'
>>> lines[3]
'  A holds QS JS 10S 8S  KH 9H 7H  QD 10D  AC KC 8C.'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping

from .actions import (
    Action,
    Call,
    Deal,
    Equal,
    Exchange,
    ExchangeCount,
    Good,
    Leave,
    LeftCards,
    Pass,
    Play,
    Reckon,
)
from .cards import Card, CardSet
from .engine import Phase, State
from .glossary import Explainer
from .records import replay, start_of
from .rules import Partie, Race
from .rules.words import number_word
from .score_sheet import IN_DEAL, QUIET
from .words import Category, Player, Reason, ScoreEvent

__all__ = [
    "Narrator",
    "card_text",
    "cards_text",
    "hand_text",
    "narrate",
    "narrate_steps",
    "score_sheet",
    "title_line",
]

_CATEGORY_WORDS = {
    Category.POINT: "point",
    Category.SEQUENCE: "sequence",
    Category.SET: "trio or quatorze",
}
_REASON_WORDS = {
    Reason.CARTE_BLANCHE: "carte blanche",
    Reason.POINT: "the point",
    Reason.SEQUENCE: "the sequence",
    Reason.SET: "the set",
    Reason.CARTE_ROUGE: "carte rouge",
    Reason.CARDS: "the cards",
    Reason.CAPOT: "capot",
    Reason.PIQUE: "pique",
    Reason.REPIQUE: "repique",
    Reason.LAST_TRICK: "the last trick",
}


def card_text(card: Card, symbols: bool = False) -> str:
    """A card as text: ``KS``, or ``K♠`` with ``symbols``.

    >>> import piquet as pq
    >>> card_text(pq.Card.parse("10h")), card_text(pq.Card.parse("10h"), symbols=True)
    ('10H', '10♥')
    """
    return f"{card.rank}{card.suit.symbol}" if symbols else str(card)


def cards_text(cards: Iterable[Card], symbols: bool = False) -> str:
    """Cards as text, in the order given (a CardSet's is by suit, high to low).

    >>> import piquet as pq
    >>> cards_text(pq.cards("7S AS KH"), symbols=True)
    'A♠ 7♠ K♥'
    """
    return " ".join(card_text(c, symbols) for c in cards)


def hand_text(cards: Iterable[Card], symbols: bool = False) -> str:
    """A hand as text, a wider gap between suits.

    >>> import piquet as pq
    >>> hand_text(pq.cards("AS 7S KH 9C"))
    'AS 7S  KH  9C'
    """
    groups: dict[object, list[str]] = {}
    for card in cards:
        groups.setdefault(card.suit, []).append(card_text(card, symbols))
    return "  ".join(" ".join(group) for group in groups.values())


def _quote(words: str) -> str:
    return f'"{words[0].upper()}{words[1:]}."'


def _players_phrase(names: Mapping[Player, str] | None) -> str:
    if not names:
        return ""
    return f": A ({names.get(Player.A, 'A')}) against B ({names.get(Player.B, 'B')})"


def title_line(start: State, names: Mapping[Player, str] | None = None) -> str:
    """The first line of a told game: the game, the players and who deals first.

    >>> import piquet as pq
    >>> title_line(pq.new_game(pq.RUBICON))
    'Rubicon piquet, a partie of six deals. B deals first.'
    """
    rules = start.ruleset
    game = rules.game
    name = rules.title or rules.name
    if start.phase is not Phase.DEAL:
        what = ", one deal"
    elif isinstance(game, Partie):
        what = f", a partie of {number_word(game.deals)} deals"
    elif isinstance(game, Race):
        what = f", a race to {game.target}"
    else:
        what = ""
    return f"{name[0].upper()}{name[1:]}{what}{_players_phrase(names)}. {start.dealer} deals first."


class Narrator:
    """Tells a game action by action, keeping the running scores it has told: what
    :func:`narrate` and ``python -m piquet play`` use.

    ``seat`` tells only what that player may know. Give it every action in order:
    :meth:`begin` with the state the game starts from, then :meth:`tell` with each state
    before an action, the action and the state after it.

    >>> import random
    >>> import piquet as pq
    >>> start = pq.new_game(pq.RUBICON)
    >>> narrator = Narrator(seat=pq.Player.A)
    >>> narrator.begin(start)
    []
    >>> after = start.apply(start.sample_chance(random.Random(1)))
    >>> narrator.tell(start, after.history[-1], after)[1:]  # doctest: +ELLIPSIS
    ['Deal 1: B deals, A is elder.', '  A holds ...', '  B holds twelve cards.']
    """

    def __init__(
        self, symbols: bool = False, seat: Player | None = None, explain: bool = False
    ) -> None:
        self.symbols = symbols
        self.seat = seat
        self.explain = explain
        self.explainer: Explainer | None = None  # made by begin, for the game's ruleset
        self.tally = [0, 0]
        self.totals = [0, 0]
        self.trick: list[tuple[Player, Card]] = []
        self.trick_number = 0
        self.blanche_shown = False
        self.pending: list[ScoreEvent] = []  # bonuses made in the trick in progress
        self.stock_seen = CardSet()  # a seat's view: the stock cards it has seen

    # ------------------------------------------------------------ pieces of text

    def cards(self, cards: Iterable[Card]) -> str:
        return cards_text(cards, self.symbols)

    def sees(self, player: Player) -> bool:
        """Whether the narration may show this player's private cards."""
        return self.seat is None or self.seat == player

    def hand(self, cards: Iterable[Card]) -> str:
        return hand_text(cards, self.symbols)

    def running(self) -> str:
        return f"[A {self.tally[0]}, B {self.tally[1]}]"

    def score_line(self, event: ScoreEvent) -> str:
        self.tally[event.player] += event.points
        reason = _REASON_WORDS.get(event.reason, str(event.reason))
        shown = f" {self.cards(event.cards)}" if event.cards else ""
        return f"    {event.player} scores {event.points} for {reason}{shown}. {self.running()}"

    # ------------------------------------------------------------ one action

    def tell(self, before: State, action: Action, after: State) -> list[str]:
        """The lines that tell ``action``, played in ``before`` to give ``after``."""
        lines: list[str] = []
        who = before.to_move
        base = () if isinstance(action, Deal) else before.events
        new_events = _new_events(base, after.events)
        if isinstance(action, Deal):
            lines += self.deal(after)
        elif isinstance(who, Player):
            lines += self.player_action(before, who, action, after)
        if before.phase is Phase.EXCHANGE and after.phase is not Phase.EXCHANGE:
            lines += self.after_exchange(after)
        lines += self.shown_blanche(after)
        lines += self.seen_from_stock(action, after)
        if isinstance(action, Play):
            lines += self.play(before, action, after, new_events)
        else:
            if (
                after.auto_declarations
                and before.phase is not after.phase
                and after.phase in (Phase.PLAY, Phase.OVER)
            ):
                lines += [f"  {said.player}: {_quote(said.words)}" for said in after.spoken]
            for event in new_events:
                lines += self.announce(event)
        if after.phase is not before.phase and after.phase in (Phase.DEAL, Phase.OVER):
            lines += self.end_of_deal(after)
        return self.explained(lines)

    def begin(self, start: State) -> list[str]:
        """The lines of a game's start: none, unless its cards were dealt at its start
        (a :func:`~piquet.new_deal` game)."""
        if self.explain:
            self.explainer = Explainer(start.ruleset)
        if start.phase is Phase.DEAL:
            return []
        lines = self.deal(start)
        for event in start.events:
            lines += self.announce(event)
        return self.explained(lines)

    def explained(self, lines: list[str]) -> list[str]:
        """``lines``, with ``explain``, each term explained where first met
        (:mod:`piquet.glossary`)."""
        return lines if self.explainer is None else self.explainer.explain(lines)

    def announce(self, event: ScoreEvent) -> list[str]:
        """A score made outside the play: a carte blanche is said before it is scored."""
        said = (
            [f'  {event.player}: "Carte blanche."'] if event.reason is Reason.CARTE_BLANCHE else []
        )
        return [*said, self.score_line(event)]

    def deal(self, after: State) -> list[str]:
        self.tally = [0, 0]
        self.trick = []
        self.trick_number = 0
        self.blanche_shown = False
        self.stock_seen = CardSet()
        lines = ["", f"Deal {after.deal_number}: {after.dealer} deals, {after.elder} is elder."]
        for player in (after.elder, after.younger):
            if self.sees(player):
                lines.append(f"  {player} holds {self.hand(after.dealt_hand(player))}.")
            else:
                lines.append(f"  {player} holds twelve cards.")
        return lines

    def seen_from_stock(self, action: Action, after: State) -> list[str]:
        """A seated narration learns stock cards: those the elder leaves of his portion,
        and those the younger left and looked at, once the elder has led (R-EX-2, R-EX-4)."""
        if self.seat is None or after.phase not in IN_DEAL:
            return []
        seen = after.observation(self.seat).seen_stock
        new = seen - self.stock_seen
        self.stock_seen |= seen
        if not new or isinstance(action, (Deal, Leave)):
            return []
        if isinstance(action, Play):
            left = f"what {self.seat.other} left"
            return [f"  Having led, {self.seat} now sees {left}: {self.cards(new)}."]
        return [f"  {self.seat} now sees {self.cards(new)} from the stock."]

    def shown_blanche(self, after: State) -> list[str]:
        """A seated narration learns the opponent's carte blanche when it is shown."""
        if self.seat is None or self.blanche_shown:
            return []
        shown = after.observation(self.seat).opponent_shown
        if not shown:
            return []
        self.blanche_shown = True
        return [f"  {self.seat.other} shows his carte blanche: {self.cards(shown)}."]

    def player_action(self, before: State, who: Player, action: Action, after: State) -> list[str]:
        if isinstance(action, ExchangeCount):
            return [f'  {who}: "I shall exchange {number_word(action.count)}."']
        if isinstance(action, Exchange):
            n = number_word(len(action.discard))
            if self.sees(who):
                return [f"  {who} discards {n}: {self.cards(action.discard)}."]
            return [f"  {who} discards {n}."]
        if isinstance(action, Leave):
            return self.leave(who, action, after)
        if isinstance(action, Call):
            said = after.spoken[-1] if after.spoken and after.spoken[-1].player == who else None
            words = said.words if said is not None else f"{action.category} {action.cards}"
            return [f"  {who}: {_quote(words)}{self.weaker_call(before, who, action)}"]
        if isinstance(action, Good):
            return [f'  {who}: "Good."']
        if isinstance(action, Equal):  # and the elder says his next word (R-DE-1a)
            return [f'  {who}: "Equal."', f"  {who.other}: {_quote(after.spoken[-1].words)}"]
        if isinstance(action, Pass):
            return [
                f'  {who}: "No {_CATEGORY_WORDS[action.category]}."'
                + self.weaker_call(before, who, action)
            ]
        if isinstance(action, Reckon) and action.cards:
            return [f"  {who}: {_quote('and ' + after.spoken[-1].words)}"]
        return []

    def leave(self, who: Player, action: Leave, after: State) -> list[str]:
        left = after.stock
        n = number_word(len(left))
        if action.choice is LeftCards.UNSEEN:
            return [f"  {who} leaves {n} unseen."]
        shown = self.cards(left)
        if action.choice is LeftCards.LOOK:
            if self.sees(who):
                return [f"  {who} looks at the {n} he left: {shown}."]
            return [f"  {who} looks at the {n} he left."]
        return [f"  {who} shows the {n} he left: {shown}."]

    def weaker_call(self, before: State, who: Player, action: Call | Pass) -> str:
        """An aside when a player calls less than he holds (legal: he sinks the rest)."""
        if not self.sees(who):
            return ""
        rule = before.ruleset.category_rule(action.category)
        calls = [a for a in before.legal_actions() if isinstance(a, Call)]
        if not calls:
            return ""
        best = max(calls, key=lambda c: rule.key(c.cards.mask))
        if isinstance(action, Call) and rule.key(best.cards.mask) <= rule.key(action.cards.mask):
            return ""
        said = rule.spoken(best.cards.mask, None)  # the whole claim, not its first word
        if isinstance(action, Call):
            return f"  ({who} holds better: {said})"
        return f"  ({who} holds {said}, and sinks it)"

    def after_exchange(self, after: State) -> list[str]:
        lines = []
        for player in (after.elder, after.younger):
            hand = after.hand(player)
            if self.sees(player):
                taken = hand - (after.dealt_hand(player) - after.discard(player))
                took = f"took {self.cards(taken)}" if taken else "took nothing"
                lines.append(f"  {player} {took} and holds {self.hand(hand)}.")
            else:
                assert self.seat is not None
                count = after.observation(self.seat).taken[player]
                lines.append(f"  {player} took {number_word(count)}.")
        return lines

    def play(
        self, before: State, action: Play, after: State, new_events: list[ScoreEvent]
    ) -> list[str]:
        who = before.to_move
        assert isinstance(who, Player)
        self.trick.append((who, action.card))
        loud = []
        for event in new_events:
            if event.reason in QUIET:
                self.tally[event.player] += event.points
            else:
                loud.append(event)
        lines = []
        ended = len(self.trick) == 2
        if ended or after.phase is not before.phase:
            self.trick_number += 1
            (leader, lead), *rest = self.trick
            words = f"{leader} leads {self.cards([lead])}"
            if rest:
                follower, follow = rest[0]
                winner = after.tricks[-1].winner
                words += f", {follower} plays {self.cards([follow])}; {winner} wins"
            lines.append(f"  Trick {self.trick_number}: {words}. {self.running()}")
            self.trick = []
        # a bonus made on a lead (pique, say) is told after the trick it was made in
        self.pending += loud
        if ended or after.phase is not before.phase:
            lines += [self.score_line(event) for event in self.pending]
            self.pending = []
        return lines

    def end_of_deal(self, after: State) -> list[str]:
        lines = []
        game = after.ruleset.game
        result = after.result
        if after.is_over and result is not None:
            unfinished = any(after.hand(p) for p in Player)
            middle = " in the middle of the deal" if unfinished else ""
            if isinstance(game, Race) and result.winner is not None:
                lines.append(f"  {result.winner} reaches {game.target}: the game ends{middle}.")
            elif unfinished:
                lines.append("  The game ends in the middle of the deal.")
        self.totals[0] += self.tally[0]
        self.totals[1] += self.tally[1]
        a, b = self.tally
        lines.append(
            f"  End of deal {after.deal_number}: A {a}, B {b}. "
            f"Totals: A {self.totals[0]}, B {self.totals[1]}."
        )
        return lines


def _new_events(before: Iterable[ScoreEvent], after: Iterable[ScoreEvent]) -> list[ScoreEvent]:
    """The events of ``after`` that ``before`` lacks, in ledger order.

    A set difference, not a slice: a ledger keeps precedence order, so a new entry may
    come before older ones."""
    missing = Counter(after)
    missing.subtract(Counter(before))
    out = []
    for event in after:
        if missing[event] > 0:
            missing[event] -= 1
            out.append(event)
    return out


def narrate_steps(
    state: State,
    *,
    names: Mapping[Player, str] | None = None,
    symbols: bool = False,
    seat: Player | None = None,
    deal: int | None = None,
    explain: bool = False,
) -> Iterator[list[str]]:
    """The narration of :func:`narrate` in steps: the title, then the lines of each
    action that has any, then the score sheet when the game is over.

    >>> import piquet as pq
    >>> next(narrate_steps(pq.new_game(pq.AU_CENT)))
    ['Piquet au cent, a race to 100. B deals first.']
    """
    if deal is not None and not 1 <= deal <= max(state.deal_number, 1):
        raise ValueError(f"no deal {deal}: the game has {state.deal_number} deals")
    start = start_of(state)
    teller = Narrator(symbols, seat, explain)
    lines = teller.begin(start)
    yield teller.explained([title_line(start, names)])
    if lines and (deal is None or deal == start.deal_number):
        yield lines
    last: State | None = None
    for before, action in replay(state):
        after = before.apply(action)
        last = after
        lines = teller.tell(before, action, after)
        if lines and (deal is None or after.deal_number == deal):
            yield lines
    if last is not None and last.result is not None and deal is None:
        yield ["", *score_sheet(last)]


def narrate(
    state: State,
    *,
    names: Mapping[Player, str] | None = None,
    symbols: bool = False,
    seat: Player | None = None,
    deal: int | None = None,
    explain: bool = False,
) -> Iterator[str]:
    """Lines telling the game that led to ``state``, deal by deal.

    ``names`` names the players in the title (``{Player.A: "greedy", ...}``);
    ``symbols`` writes suits as ♠ ♥ ♦ ♣; ``seat`` tells only what that player knew
    (his own cards, the opponent's only once shown); ``deal`` tells one deal only;
    ``explain`` explains each of the game's words the first time it is used
    (:class:`piquet.glossary.Explainer`).
    """
    steps = narrate_steps(
        state, names=names, symbols=symbols, seat=seat, deal=deal, explain=explain
    )
    for step in steps:
        yield from step


def score_sheet(state: State) -> Iterator[str]:
    """The score sheet: each deal's scores, the totals and the result."""
    yield "Score sheet      A      B"
    for number, (a, b) in enumerate(state.score_sheet, start=1):
        yield f"  deal {number:<2}    {a:>5}  {b:>5}"
    a, b = state.scores
    yield f"  total      {a:>5}  {b:>5}"
    result = state.result
    if result is None:
        return
    if result.winner is None:
        yield "Drawn."
        return
    high, low = result.scores[result.winner], result.scores[result.winner.other]
    game = state.ruleset.game
    points = f"{result.points} point{'s' if result.points != 1 else ''}"
    note = ""
    if isinstance(game, Partie):
        if low < game.rubicon and result.points == high + low + game.bonus:
            points = f"{high} + {low} + {game.bonus} = {points}"
            note = f" ({result.winner.other} is rubiconed)"
        elif result.points == high - low + game.bonus:
            points = f"{high} - {low} + {game.bonus} = {points}"
    elif isinstance(game, Race) and result.points == 2:
        note = " (a double game)"
    yield f"{result.winner} wins {points}{note}."
