"""Fixed-size action ids and observation tensors for learning agents (needs numpy).

Reinforcement-learning frameworks want a fixed, numbered action space with a mask of
the legal ids, and a fixed-shape observation tensor. This module gives both, for every
ruleset, with one layout for 32- and 36-card packs: cards are numbered over the 36-card
pack in canonical order (spades, hearts, diamonds, clubs; ace down to six), so the four
sixes are simply never legal with a 32-card pack.

Action ids (:data:`NUM_ACTIONS` = 4,180 in all):

=============  =====  =============================================================
ids            count  meaning
=============  =====  =============================================================
0 .. 35        36     ``Play(card)``: card ``id`` of the 36-card pack (0 = AS, 1 = KS,
                      ..., 8 = 6S, 9 = AH, ..., 35 = 6C)
36 .. 4131     4,096  a subset of the mover's hand: bit ``i`` of ``id - 36`` is the
                      ``i``-th card of his hand in canonical order. In the exchange:
                      ``Exchange(discard=those cards)``; in the declarations:
                      ``Call(current category, those cards)``
4132 .. 4143   12     ``ExchangeCount(n)``, n = ``id - 4131`` (1 .. 12): the elder's
                      carte blanche count
4144 .. 4146   3      ``Leave(choice)``: unseen, look, expose
4147 .. 4149   3      ``Pass(category)``: point, sequence, set
4150 .. 4152   3      ``Good(category)``: point, sequence, set
4153 .. 4176   24     ``Reckon(category, cards)``: ``8 * category + k`` (category 0 point,
                      1 sequence, 2 set); bit ``i`` of ``k`` reckons the ``i``-th of the
                      further combinations the engine offers (best first); ``k = 0``
                      sinks them all
4177 .. 4179   3      ``Equal(category)``: point, sequence, set
=============  =====  =============================================================

A hand holds twelve cards whenever it discards or declares, hence 4,096 subsets. The
declaration category is the state's current one (declarations go point, sequence,
set), so a call needs no category bits. The deal is a chance action, not a player's:
it has no id. Ids depend on the state they are read in (a hand subset names positions
in the mover's hand), so :func:`encode` and :func:`decode` both take the state.

>>> import random
>>> import piquet as pq
>>> from piquet import encoding
>>> state = pq.new_game(pq.RUBICON)
>>> state = state.apply(state.sample_chance(random.Random(3)))
>>> mask = encoding.legal_mask(state)
>>> int(mask.sum()) == len(state.legal_actions())
True
>>> first = state.legal_actions()[0]
>>> action_id = encoding.encode(state, first)
>>> encoding.decode(state, action_id) == first, encoding.describe(action_id)
(True, 'hand subset 1')

The observation tensor (:func:`observation_tensor`, :data:`OBSERVATION_SIZE` = 490
float32 values) is built from an :class:`~piquet.observation.Observation` only, so it
holds what that player may know and nothing more. Its fields, in order (see
:data:`OBSERVATION_FIELDS` for offsets); card planes have 36 entries, one per card id
as above, 1.0 for a card in the set:

- ``hand``: the cards he holds; ``dealt_hand``: the twelve he was dealt;
  ``discard``: his discard; ``seen_stock``: stock cards he has seen but does not hold;
  ``opponent_shown``: the opponent's carte blanche, once shown; ``opponent_known``:
  cards he knows the opponent holds now;
- ``my_tricks`` / ``opponent_tricks``: cards each played to the finished tricks;
  ``trick_lead``: the card led to the trick in progress;
- ``my_declared`` / ``opponent_declared``: cards shown in each side's declarations;
- ``pack``: the cards of the ruleset's pack (tells 32 from 36 cards);
- ``phase``: one-hot over deal, exchange, declaration, play, over;
- ``to_move``: one-hot over himself, the opponent, chance, nobody (over);
- ``elder``: 1.0 when he is the elder hand;
- ``deal_number``: the deal's number divided by 6;
- ``scores`` / ``deal_scores``: his and the opponent's game and deal scores, over 100;
- ``taken``: cards he and the opponent took from the stock, over 12;
- ``stock_size`` / ``opponent_hand_size``: over 12;
- ``left_cards``: one-hot over not chosen, unseen, look, expose;
- ``tricks_won``: his and the opponent's, over 12;
- ``spoken``: for each category (point, sequence, set), speaker (himself, opponent)
  and verb (call, pass, good, reckon, equal), how many such utterances this deal;
- ``result``: one-hot over he won, the opponent won, drawn (all 0 until over).

What a losing call says in words (``point of five``) is not in the tensor: only its
verb is, and the cards of calls that scored or tied.

>>> obs = state.observation(state.elder)
>>> tensor = encoding.observation_tensor(obs)
>>> tensor.shape, tensor.dtype.name, float(tensor[encoding.field_slice("hand")].sum())
((490,), 'float32', 12.0)
"""

from __future__ import annotations

from .._extras import missing_extra

# Checked here, before the modules below are imported: without numpy, importing
# piquet.encoding names the extra to install even when those modules are loaded already.
with missing_extra("piquet.encoding", "rl"):
    import numpy  # noqa: F401

from ._action_ids import (
    CARDS,
    COUNT_BASE,
    EQUAL_BASE,
    GOOD_BASE,
    LEAVE_BASE,
    NUM_ACTIONS,
    PASS_BASE,
    PLAY_BASE,
    RECKON_BASE,
    SUBSET_BASE,
    EncodingError,
    card_id,
    decode,
    describe,
    encode,
    legal_ids,
    legal_mask,
)
from ._observation_tensor import (
    OBSERVATION_FIELDS,
    OBSERVATION_SIZE,
    field_slice,
    observation_tensor,
)

__all__ = [
    "CARDS",
    "COUNT_BASE",
    "EQUAL_BASE",
    "GOOD_BASE",
    "LEAVE_BASE",
    "NUM_ACTIONS",
    "OBSERVATION_FIELDS",
    "OBSERVATION_SIZE",
    "PASS_BASE",
    "PLAY_BASE",
    "RECKON_BASE",
    "SUBSET_BASE",
    "EncodingError",
    "card_id",
    "decode",
    "describe",
    "encode",
    "field_slice",
    "legal_ids",
    "legal_mask",
    "observation_tensor",
]
