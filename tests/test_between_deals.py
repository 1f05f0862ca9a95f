"""The chance node between deals, and the end of a game, show the finished deal as it was.

Once a deal is over, the dealer passes: ``state.elder`` and ``state.dealer`` are the
next deal's. The facts of the finished deal (its tricks, with their leaders and winners,
the cards taken in, the stock cards each player saw, what was shown and spoken) must
still be that deal's, read with its own elder: the same as one action earlier.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator

import pytest
from invariants import check_tricks

import piquet as pq
from piquet import bots

DECLARATIONS = ("played", "auto")
A_PARTIE_OF_TWO_GAMES = pq.AU_CENT.evolve(games_to_win=2)
# what an observation says of the deal itself, read with the deal's own elder
DEAL_FACTS = (
    "hand",
    "dealt_hand",
    "discard",
    "taken",
    "seen_stock",
    "stock_size",
    "opponent_hand_size",
    "opponent_shown",
    "opponent_known",
    "left_cards",
    "spoken",
    "tricks",
    "trick",
)


def deal_ends(
    ruleset: pq.Ruleset, declarations: str, seed: int
) -> Iterator[tuple[pq.State, pq.State]]:
    """(the state before the action that ended a deal, the state after it) for every
    deal of a game of greedy against greedy, the chance drawn from ``seed``."""
    rng = random.Random(seed)
    players = {p: bots.make("greedy", seed=seed + p) for p in pq.Player}
    state = pq.new_game(ruleset, declarations=declarations)  # type: ignore[arg-type]
    while not state.is_over:
        if state.to_move is pq.CHANCE:
            action: pq.Action = state.sample_chance(rng)
        else:
            action = players[state.to_move].choose(state.observation(state.to_move))
        before, state = state, state.apply(action)
        if before.phase is not pq.Phase.DEAL and state.phase in (pq.Phase.DEAL, pq.Phase.OVER):
            yield before, state


def replayed(before: pq.State, after: pq.State) -> pq.State:
    """The deal that ``after`` ended, replayed alone with :func:`pq.new_deal` from its
    cards and actions: the same point of the same deal, where no dealer has passed."""
    history = after.history
    dealt = max(i for i, action in enumerate(history) if isinstance(action, pq.Deal))
    pack: pq.Deal = history[dealt]  # type: ignore[assignment]
    elder = before.elder  # before is inside the deal: its elder is the deal's
    state = pq.new_deal(
        after.ruleset,
        elder=after.dealt_hand(elder),
        younger=after.dealt_hand(elder.other),
        stock=pack.pack[24:],
        dealer=elder.other,
        declarations="auto" if after.auto_declarations else "played",
    )
    for action in history[dealt + 1 :]:
        state = state.apply(action)
    return state


def assert_the_deal_reads_as_before(before: pq.State, after: pq.State) -> None:
    """``after`` ended the deal of ``before`` with one action, and passed the deal (or
    ended the game): each player knows the finished deal as he would had the deal gone
    on, and a last card leaves what was known before it as it was."""
    alone = replayed(before, after)
    assert after.tricks == alone.tricks and after.trick == alone.trick
    assert after.taken == alone.taken
    for player in pq.Player:
        seen, same = after.observation(player), alone.observation(player)
        for field in DEAL_FACTS:
            assert getattr(seen, field) == getattr(same, field), (field, player)
        # a race won by an entry cuts the ledger there (R-GM-2)
        assert seen.events == same.events[: len(seen.events)]
        assert seen.tricks == after.tricks and seen.spoken == after.spoken_to(player)
        assert seen.seen_stock == after.seen_stock(player)
        assert seen.opponent_known == after.known_to_opponent(player.other)
        assert seen.opponent_shown == after.shown_blank(player.other)
    check_tricks(after)
    action = after.history[-1]
    if isinstance(action, pq.Play):  # the usual end: the last card of the deal
        assert after.taken == before.taken
        assert after.tricks[: len(before.tricks)] == before.tricks
        if before.trick:
            leader = before.tricks[-1].winner if before.tricks else before.elder
            last = after.tricks[-1]
            assert (last.leader, last.lead, last.follow) == (leader, before.trick[0], action.card)
        for player in pq.Player:
            seen, was = after.observation(player), before.observation(player)
            assert seen.seen_stock == was.seen_stock and seen.spoken == was.spoken
            assert seen.opponent_known <= was.opponent_known


@pytest.mark.parametrize("declarations", DECLARATIONS)
@pytest.mark.parametrize("name", sorted(pq.RULESETS))
def test_every_chance_node_and_the_end_show_the_finished_deal_as_one_action_earlier(
    name: str, declarations: str
) -> None:
    ends = list(deal_ends(pq.RULESETS[name], declarations, seed=0))
    assert ends[-1][1].is_over
    between = [after for _, after in ends if after.to_move is pq.CHANCE]
    assert between, "a game of one deal tests nothing between deals"
    for before, after in ends:
        assert_the_deal_reads_as_before(before, after)


@pytest.mark.parametrize("declarations", DECLARATIONS)
def test_the_chance_node_starting_the_next_game_of_a_partie_shows_the_last_game_s_deal(
    declarations: str,
) -> None:
    for seed in range(3):
        ends = list(deal_ends(A_PARTIE_OF_TWO_GAMES, declarations, seed))
        next_games = [
            after
            for before, after in ends
            if len(after.games) > len(before.games) and not after.is_over
        ]
        assert next_games, f"seed {seed}: the partie was won in one game"
        for before, after in ends:
            assert_the_deal_reads_as_before(before, after)


def test_the_tricks_between_deals_are_led_first_by_the_finished_deal_s_elder() -> None:
    """The reproducer: at the chance node after the first deal the dealer has passed to
    the first deal's elder, who led its first trick."""
    start = pq.new_game(pq.RUBICON)
    end = start.rollout(random.Random(0))
    assert end.to_move is pq.CHANCE and end.dealer is start.elder
    assert end.tricks[0].leader is start.elder
    for earlier, later in zip(end.tricks, end.tricks[1:], strict=False):
        assert later.leader is earlier.winner


def test_a_game_won_during_a_deal_shows_that_deal_as_it_stood_at_the_next_game_s_chance_node() -> (
    None
):
    """A race reached during a deal ends the game there (R-GM-2); in a partie the next
    game starts with a chance node, where the dealer has passed and the unfinished deal
    (its trick in progress, what was shown and seen) still reads as it stood."""
    checked = 0
    for seed in range(40):
        for before, after in deal_ends(A_PARTIE_OF_TWO_GAMES, "played", seed):
            if after.to_move is pq.CHANCE and len(after.tricks) < 12:
                assert len(after.games) == len(before.games) + 1
                assert_the_deal_reads_as_before(before, after)
                checked += 1
        if checked >= 3:
            break
    assert checked >= 3, f"{checked} games of a partie won during a deal in 40 seeds"


@pytest.mark.parametrize("between", [True, False], ids=["between-deals", "in-a-deal"])
def test_a_state_pickled_before_the_setup_kept_its_elder_reads_back(between: bool) -> None:
    state = pq.new_game(pq.RUBICON).rollout(random.Random(5))
    if not between:
        state = state.apply(state.sample_chance(random.Random(6)))
        state = state.apply(state.legal_actions()[0])
    fields = state.__getstate__()
    ctx = fields["_ctx"]
    fields["_ctx"] = ctx._replace(setup=ctx.setup._replace(elder=None))  # the old layout
    old = object.__new__(pq.State)
    old.__setstate__(fields)
    assert old == state and hash(old) == hash(state)
    assert old.tricks == state.tricks and old.seen_stock(old.elder) == state.seen_stock(state.elder)
    assert pickle.loads(pickle.dumps(old)) == state


def test_the_younger_s_carte_blanche_stays_shown_at_the_chance_node_after_the_deal() -> None:
    """The younger's blank is shown once the elder has exchanged (R-CB-2); between deals
    he is no longer the dealer, and his blank must not go back into his hand."""
    blank = pq.cards("AS 10S 9S 8S 7S AH 10H 9H 8H 7H AD 10D")
    rest = [card for card in pq.pack(32) if card not in blank]
    elder_part, stock = rest[:12], rest[12:]
    pack = []
    for packet in range(6):  # in packets of two, the elder's first (R-DL-4)
        pack += elder_part[2 * packet : 2 * packet + 2] + list(blank)[2 * packet : 2 * packet + 2]
    start = pq.new_game(pq.RUBICON)
    state = start.apply(pq.Deal(pack + stock))
    younger = state.younger
    assert state.dealt_hand(younger) == blank and state.dealt_hand(state.elder) == pq.CardSet(
        elder_part
    )
    rng = random.Random(4)
    while state.to_move is not pq.CHANCE:
        before = state
        state = state.apply(rng.choice(state.legal_actions()))
    assert before.shown_blank(younger) == blank
    assert state.shown_blank(younger) == blank
    assert state.observation(younger.other).opponent_shown == blank
    assert_the_deal_reads_as_before(before, state)
