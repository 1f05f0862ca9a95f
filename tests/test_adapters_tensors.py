"""The adapters' fast mask and tensor give exactly piquet.encoding's, at every step."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")

import piquet as pq  # noqa: E402
from piquet import encoding  # noqa: E402
from piquet.adapters._tensors import TensorMaker, legal_ids, mask_into  # noqa: E402

pytestmark = pytest.mark.rl


def _games(ruleset, declarations, seeds):
    for seed in seeds:
        rng = random.Random(seed)
        state = pq.new_game(ruleset, declarations=declarations)
        states = [state]
        while not state.is_over:
            if state.to_move is pq.CHANCE:
                state = state.apply(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state = state.apply(legal[rng.randrange(len(legal))])
            states.append(state)
        yield states


@pytest.mark.parametrize(
    ("ruleset", "declarations"),
    [(pq.RUBICON, "auto"), (pq.RUBICON, "played"), (pq.find_ruleset("au_cent"), "auto")],
)
def test_the_fast_tensor_and_mask_equal_the_encodings_at_every_step(ruleset, declarations):
    for states in _games(ruleset, declarations, range(4)):
        makers = {player: TensorMaker() for player in pq.Player}
        for state in states:
            expected_mask = encoding.legal_mask(state)
            out = np.ones(encoding.NUM_ACTIONS, np.int8)
            mask_into(state, out)
            assert (out == expected_mask).all()
            assert legal_ids(state) == [int(i) for i in np.flatnonzero(expected_mask)]
            for player in pq.Player:
                expected = encoding.observation_tensor(state.observation(player))
                got = makers[player].tensor(state, player)
                assert got.dtype == expected.dtype
                assert (got == expected).all(), (state, player, np.flatnonzero(got != expected))


def test_one_maker_follows_both_players_and_states_out_of_order():
    (states,) = _games(pq.RUBICON, "auto", [11])
    maker = TensorMaker()
    order = list(range(len(states)))
    random.Random(2).shuffle(order)
    for i in order + order:
        for player in pq.Player:
            expected = encoding.observation_tensor(states[i].observation(player))
            assert (maker.tensor(states[i], player) == expected).all()


@pytest.mark.parametrize("declarations", ["auto", "played"])
@pytest.mark.parametrize("ruleset", sorted(pq.RULESETS))
def test_the_movers_tensors_equal_the_encodings_in_every_preset(ruleset, declarations):
    # as a batch asks: the tensor of the player to move only, so the elder's facts after
    # the first lead come from his before it (the younger's declared cards shown now)
    makers = [TensorMaker(), TensorMaker()]
    makers[1]._fast = None  # the pure path, whether the kernel is built or not
    for states in _games(pq.find_ruleset(ruleset), declarations, range(3)):
        for state in states:
            player = state.to_move
            if not isinstance(player, pq.Player):
                continue
            expected = encoding.observation_tensor(state.observation(player))
            for maker in makers:
                got = maker.tensor(state, player)
                assert (got == expected).all(), (state, player, np.flatnonzero(got != expected))
