"""Train a policy network for Rubicon piquet against the random bot, with numpy alone,
then play it through ``pq.match`` and say whether it beats the random bot.

    python examples/train_policy.py                      # 5 minutes of training
    python examples/train_policy.py --seconds 30 --games 100 --plot curve.png
    python examples/train_policy.py --load policy.npz    # only the match

The learner is an actor-critic trained by the policy gradient (REINFORCE with a learned
baseline, Monte Carlo returns, Adam): one hidden layer of 64 units reads the observation
tensor (:func:`piquet.encoding.observation_tensor`, 490 values) and feeds

- a score per card to play (36), a score per card to discard and one per discard size
  (a discard's logit is the sum of its cards' scores plus its size's score: the 4,096
  hand subsets of the action space get logits from 49 numbers), the same for calls,
  and a score for each of the 48 other ids (counts, leaves, pass, good, reckon, equal);
- a value, the baseline: the deal's expected margin.

Only the legal ids of :func:`piquet.encoding.legal_mask` take part in the softmax. The
learner plays either seat against the random bot; each of its decisions is credited
with the margin of its deal (its points minus the opponent's, over 30), less the value.

At the end it saves the network (``--out``, an .npz of its arrays), makes it a bot with
:func:`piquet.bots.from_policy` (the best legal id, no sampling), plays ``--games`` games
of ``pq.match`` against the random bot and prints the summary. It exits with status 1
unless the lower end of the 95% interval of its win rate is above one half.
(``--against greedy`` trains against another bot of :mod:`piquet.bots`, ``--opponent
greedy`` plays the match against it.)
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

import piquet as pq
from piquet import encoding
from piquet.bots import Bot, from_policy, make, register, unregister

Array = npt.NDArray[Any]
#: per update: (seconds since the start, games played, their mean win share, mean deal margin)
Curve = list[tuple[float, int, float, float]]

HIDDEN = 64
# the network's outputs, in order: (name, size)
HEADS = (("play", 36), ("discard", 36), ("discard_size", 13), ("call", 36))
HEADS += (("call_size", 13), ("other", encoding.NUM_ACTIONS - encoding.COUNT_BASE))
OFFSET = {}
_at = 0
for _name, _size in HEADS:
    OFFSET[_name] = _at
    _at += _size
OUTPUTS = _at
SUBSETS = 1 << 12
BITS = ((np.arange(SUBSETS)[:, None] >> np.arange(12)) & 1).astype(np.float64)
SIZES = BITS.sum(axis=1).astype(np.intp)
PHASE = encoding.field_slice("phase").start
HAND = encoding.field_slice("hand")
REWARD_SCALE = 30.0


class Network:
    """The actor-critic: ``h = relu(W1 x + b1)``, outputs ``W2 h + b2``, value ``wv . h + bv``."""

    NAMES = ("W1", "b1", "W2", "b2", "wv", "bv")

    def __init__(self, rng: np.random.Generator) -> None:
        size = encoding.OBSERVATION_SIZE
        self.params: dict[str, Array] = {
            "W1": rng.normal(0, 1 / np.sqrt(size), (HIDDEN, size)),
            "b1": np.zeros(HIDDEN),
            "W2": rng.normal(0, 0.01, (OUTPUTS, HIDDEN)),
            "b2": np.zeros(OUTPUTS),
            "wv": np.zeros(HIDDEN),
            "bv": np.zeros(1),
        }

    def save(self, path: Path, curve: Curve, **meta: object) -> None:
        """The arrays, the learning curve (``curve``, one row per update) and ``meta``."""
        extra = {k: np.array(v) for k, v in meta.items()}
        np.savez(path, **self.params, curve=np.array(curve).reshape(-1, 4), **extra)

    @classmethod
    def load(cls, path: Path) -> tuple[Network, Curve, str]:
        """A saved network, its learning curve and the bot it trained against."""
        net = cls(np.random.default_rng(0))
        with np.load(path) as saved:
            net.params = {name: saved[name] for name in cls.NAMES}
            curve = [(t, int(g), w, m) for t, g, w, m in saved["curve"].tolist()]
            against = str(saved["against"]) if "against" in saved.files else "random"
        return net, curve, against

    def forward(self, x: Array) -> tuple[Array, Array, float]:
        p = self.params
        h = np.maximum(p["W1"] @ x + p["b1"], 0.0)
        return h, p["W2"] @ h + p["b2"], float(p["wv"] @ h + p["bv"][0])

    def policy(self, tensor: Array, mask: Array) -> Array:
        """The policy for :func:`piquet.bots.from_policy`: logits, -inf where illegal."""
        ids = np.flatnonzero(mask)
        _, out, _ = self.forward(tensor.astype(np.float64))
        scores = np.full(encoding.NUM_ACTIONS, -np.inf)
        scores[ids] = logits(out, ids, tensor)
        return scores


def _subset_heads(x: Array) -> tuple[int, int]:
    """The heads of hand subsets: discards in the exchange, calls in the declarations."""
    if x[PHASE + 1]:  # the exchange
        return OFFSET["discard"], OFFSET["discard_size"]
    return OFFSET["call"], OFFSET["call_size"]


def logits(out: Array, ids: Array, x: Array) -> Array:
    """The logits of the legal ``ids`` from the network's outputs."""
    if ids[-1] < encoding.SUBSET_BASE:  # plays: the common case
        return out[ids]
    z = np.empty(len(ids))
    play = ids < encoding.SUBSET_BASE
    subset = (ids >= encoding.SUBSET_BASE) & (ids < encoding.COUNT_BASE)
    other = ids >= encoding.COUNT_BASE
    z[play] = out[ids[play]]
    if subset.any():
        cards, sizes = _subset_heads(x)
        held = np.flatnonzero(x[HAND])
        chosen = ids[subset] - encoding.SUBSET_BASE
        z[subset] = BITS[chosen] @ out[cards + held] + out[sizes + SIZES[chosen]]
    z[other] = out[OFFSET["other"] + ids[other] - encoding.COUNT_BASE]
    return z


def backward(grad: Array, ids: Array, x: Array) -> Array:
    """The gradient on the outputs of a gradient ``grad`` on the logits of ``ids``."""
    d = np.zeros(OUTPUTS)
    if ids[-1] < encoding.SUBSET_BASE:
        d[ids] = grad
        return d
    play = ids < encoding.SUBSET_BASE
    subset = (ids >= encoding.SUBSET_BASE) & (ids < encoding.COUNT_BASE)
    other = ids >= encoding.COUNT_BASE
    d[ids[play]] = grad[play]
    if subset.any():
        cards, sizes = _subset_heads(x)
        held = np.flatnonzero(x[HAND])
        chosen = ids[subset] - encoding.SUBSET_BASE
        d[cards + held] += BITS[chosen].T @ grad[subset]
        d[sizes : sizes + 13] += np.bincount(SIZES[chosen], weights=grad[subset], minlength=13)
    d[OFFSET["other"] + ids[other] - encoding.COUNT_BASE] = grad[other]
    return d


class Batch:
    """The learner's decisions of some games, with what the update needs of each."""

    def __init__(self) -> None:
        self.x: list[Array] = []
        self.h: list[Array] = []
        self.value: list[float] = []
        self.d_logp: list[Array] = []  # d(-log pi(a)) / d outputs
        self.d_entropy: list[Array] = []  # d(-entropy) / d outputs
        self.returns: list[float] = []
        self.deal_start = 0

    def add(self, x: Array, h: Array, value: float, d_logp: Array, d_entropy: Array) -> None:
        self.x.append(x)
        self.h.append(h)
        self.value.append(value)
        self.d_logp.append(d_logp)
        self.d_entropy.append(d_entropy)

    def end_deal(self, margin: float) -> None:
        """Credit the deal's decisions with its margin."""
        self.returns.extend([margin / REWARD_SCALE] * (len(self.x) - self.deal_start))
        self.deal_start = len(self.x)


class Adam:
    def __init__(self, params: dict[str, Array], rate: float) -> None:
        self.rate, self.step = rate, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def update(self, params: dict[str, Array], grads: dict[str, Array]) -> None:
        self.step += 1
        b1, b2 = 0.9, 0.999
        for k, g in grads.items():
            self.m[k] = b1 * self.m[k] + (1 - b1) * g
            self.v[k] = b2 * self.v[k] + (1 - b2) * g * g
            m_hat = self.m[k] / (1 - b1**self.step)
            v_hat = self.v[k] / (1 - b2**self.step)
            params[k] -= self.rate * m_hat / (np.sqrt(v_hat) + 1e-8)


def update(net: Network, adam: Adam, batch: Batch, entropy: float = 0.01) -> None:
    """One policy-gradient step on the batch: actor, critic (half weight) and entropy."""
    if not batch.x:
        return
    x, h = np.array(batch.x), np.array(batch.h)
    value, returns = np.array(batch.value), np.array(batch.returns)
    advantage = returns - value
    advantage = (advantage - advantage.mean()) / (advantage.std() + 1e-8)
    grad_out = advantage[:, None] * np.array(batch.d_logp) + entropy * np.array(batch.d_entropy)
    grad_value = 0.5 * (value - returns)
    n, p = len(x), net.params
    grad_h = (grad_out @ p["W2"] + grad_value[:, None] * p["wv"]) * (h > 0)
    grads = {
        "W2": grad_out.T @ h / n,
        "b2": grad_out.sum(axis=0) / n,
        "wv": grad_value @ h / n,
        "bv": np.array([grad_value.sum() / n]),
        "W1": grad_h.T @ x / n,
        "b1": grad_h.sum(axis=0) / n,
    }
    adam.update(p, grads)


def learner_move(
    net: Network, state: pq.State, rng: np.random.Generator, batch: Batch
) -> pq.Action:
    """The learner's action, drawn from its policy; the decision goes to the batch."""
    ids = encoding.legal_ids(state)
    if len(ids) == 1:  # forced: nothing to learn
        return encoding.decode(state, int(ids[0]))
    mover = state.to_move
    assert isinstance(mover, pq.Player)
    x = encoding.observation_tensor(state, mover).astype(np.float64)
    h, out, value = net.forward(x)
    z = logits(out, ids, x)
    z = z - z.max()
    pi = np.exp(z)
    pi /= pi.sum()
    choice = min(int(np.searchsorted(np.cumsum(pi), rng.random())), len(ids) - 1)
    log_pi = np.log(pi + 1e-12)
    d_logp = pi.copy()
    d_logp[choice] -= 1.0
    d_entropy = pi * (log_pi + float(-(pi * log_pi).sum()))
    batch.add(x, h, value, backward(d_logp, ids, x), backward(d_entropy, ids, x))
    return encoding.decode(state, int(ids[choice]))


def play_training_game(
    net: Network,
    seat: pq.Player,
    rng: random.Random,
    nprng: np.random.Generator,
    batch: Batch,
    opponent: Bot | None = None,
) -> tuple[float, list[float]]:
    """One game against ``opponent`` (None: the random bot, played from the state, which
    is faster): the learner's score (1, 0.5, 0) and its deal margins."""
    state = pq.new_game(pq.RUBICON)
    margins: list[float] = []
    while not state.is_over:
        mover = state.to_move
        if mover is pq.CHANCE:
            if state.deal_number:
                margins.append(state.deal_scores[seat] - state.deal_scores[seat.other])
                batch.end_deal(margins[-1])
            state = state.apply(state.sample_chance(rng))
        elif mover is seat:
            state = state.apply(learner_move(net, state, nprng, batch))
        elif opponent is None:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
        else:
            state = state.apply(opponent.choose(state.observation(seat.other)))
    margins.append(state.deal_scores[seat] - state.deal_scores[seat.other])
    batch.end_deal(margins[-1])
    result = state.result
    assert result is not None
    return (0.5 if result.winner is None else float(result.winner is seat)), margins


def train(
    seconds: float,
    seed: int = 0,
    games_per_update: int = 8,
    rate: float = 3e-3,
    against: str = "random",
) -> tuple[Network, Curve]:
    """Train for ``seconds`` against the bot named ``against``; returns the network and
    its learning curve: per update (seconds, games played, mean win share, mean deal
    margin) of that update's games."""
    opponent = None if against == "random" else make(against, seed=seed)
    nprng = np.random.default_rng(seed)
    rng = random.Random(seed)
    net = Network(nprng)
    adam = Adam(net.params, rate)
    curve: Curve = []
    start = time.perf_counter()
    games = 0
    while time.perf_counter() - start < seconds:
        batch = Batch()
        won, margins = [], []
        for _ in range(games_per_update):
            seat = pq.Player.A if games % 2 == 0 else pq.Player.B
            score, deal_margins = play_training_game(net, seat, rng, nprng, batch, opponent)
            won.append(score)
            margins.extend(deal_margins)
            games += 1
        update(net, adam, batch)
        curve.append(
            (time.perf_counter() - start, games, float(np.mean(won)), float(np.mean(margins)))
        )
    return net, curve


def evaluate(net: Network, games: int, seed: int, opponent: str = "random") -> pq.MatchResult:
    """``games`` games of ``pq.match`` (duplicate deals) between the trained policy, as
    the bot ``trained``, and ``opponent``."""
    register("trained", lambda seed, **options: from_policy(net.policy, name="trained"))
    try:
        return pq.match("trained", opponent, games=games, seed=seed)
    finally:
        unregister("trained")


def plot(curve: Curve, path: Path, note: str, against: str = "random") -> None:
    """The learning curve: win share and deal margin of the training games, each point
    the mean of five updates (40 games); games on a log scale."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    data = np.array(curve)
    window = min(5, len(data))
    kernel = np.ones(window) / window
    games = data[window - 1 :, 1]
    fig, (top, bottom) = plt.subplots(2, 1, sharex=True, figsize=(7, 5.5))
    top.set_xscale("log")
    top.plot(games, np.convolve(data[:, 2], kernel, "valid"), color="tab:blue")
    top.axhline(0.5, color="grey", linestyle=":")
    top.set_ylabel("games won")
    top.set_title(f"Learning Rubicon piquet against the {against} bot")
    bottom.plot(games, np.convolve(data[:, 3], kernel, "valid"), color="tab:green")
    bottom.axhline(0.0, color="grey", linestyle=":")
    bottom.set_ylabel("points per deal, margin")
    bottom.set_xlabel("training games (the learner samples its moves)")
    fig.text(0.01, 0.01, note, fontsize=7, color="dimgrey")
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=300.0, help="training time (300)")
    parser.add_argument("--against", default="random", help="the bot it trains against (random)")
    parser.add_argument("--opponent", default="random", help="the match's other bot (random)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 5 s, 10 games")
    parser.add_argument("--games", type=int, default=400, help="games of the final match (400)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("policy.npz"), help="the saved policy")
    parser.add_argument("--load", type=Path, help="play (or plot) a saved policy, no training")
    parser.add_argument("--plot", type=Path, help="write the learning curve (matplotlib)")
    args = parser.parse_args(argv)
    for role in ("against", "opponent"):
        if getattr(args, role) not in pq.bots.names():
            parser.error(f"--{role}: unknown bot {getattr(args, role)!r}; known: {pq.bots.names()}")
    if args.quick:
        args.seconds, args.games = 5.0, 10
    if args.load:
        net, curve, args.against = Network.load(args.load)
        took = curve[-1][0] if curve else 0.0
    else:
        net, curve = train(args.seconds, args.seed, against=args.against)
        took = curve[-1][0] if curve else 0.0
        net.save(args.out, curve, seconds=took, against=args.against)
        games = curve[-1][1] if curve else 0
        print(f"trained {took:.0f} s, {games} games, {len(curve)} updates; saved {args.out}")
    if args.plot:
        if not curve:
            parser.error("--plot: no learning curve (no update was made)")
        note = (
            f"{curve[-1][1]} games in {took:.0f} s; "
            f"{platform.python_implementation()} {platform.python_version()}, "
            f"numpy {np.__version__}, {platform.machine()}"
        )
        plot(curve, args.plot, note, args.against)
        print(f"learning curve: {args.plot}")
    result = evaluate(net, args.games, args.seed + 1, args.opponent)
    print(result.summary())
    low, high = result.win_interval
    beaten = low > 0.5
    print(
        f"{'beats' if beaten else 'does not beat'} {args.opponent} with 95% confidence"
        f" (wins {result.win_rate:.1%}, 95% interval {low:.1%} to {high:.1%})"
    )
    return 0 if beaten else 1


if __name__ == "__main__":
    sys.exit(main())
