"""OpenSpiel's ISMCTS bot plays piquet's bots through the ``python_piquet`` adapter.

Run from the repository root (needs ``pip install piquet[openspiel]``)::

    python examples/openspiel_ismcts.py --deals 2 --simulations 30

Each deal is one episode (``scope="deal"``); ISMCTS sits in both seats in turn, and
the table gives its mean deal-score margin against each bot. The budget is small, to
keep the example quick: raise ``--simulations`` for a stronger searcher.
"""

from __future__ import annotations

import argparse
import random
import time

from piquet._extras import missing_extra

with missing_extra("examples/openspiel_ismcts.py", "openspiel"):
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

import piquet as pq
from piquet import bots, encoding
from piquet.adapters import openspiel  # noqa: F401  (registers python_piquet)


def play_deal(
    game: pyspiel.Game,
    searcher: ismcts.ISMCTSBot,
    searcher_seat: int,
    opponent: bots.Bot,
    rng: random.Random,
) -> float:
    """One deal; returns the searcher's margin."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [card for card, _ in state.chance_outcomes()]
            state.apply_action(rng.choice(outcomes))
        elif state.current_player() == searcher_seat:
            state.apply_action(searcher.step(state))
        else:
            player = pq.Player(state.current_player())
            action = opponent.choose(state.piquet.observation(player))
            state.apply_action(encoding.encode(state.piquet, action))
    return float(state.returns()[searcher_seat])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2, help="deals per seat and bot")
    parser.add_argument("--simulations", type=int, default=30, help="ISMCTS budget")
    parser.add_argument(
        "--uct", type=float, default=40.0, help="UCT exploration (deal margins run to tens)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ruleset", default="rubicon")
    parser.add_argument(
        "--declarations",
        choices=("auto", "played"),
        default="auto",
        help="played: ISMCTS also calls and answers (R-DE-1a)",
    )
    args = parser.parse_args(argv)

    game = pyspiel.load_game(
        "python_piquet",
        {"ruleset": args.ruleset, "scope": "deal", "declarations": args.declarations},
    )
    rng = random.Random(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(
        n_rollouts=1, random_state=np.random.RandomState(args.seed)
    )
    searcher = ismcts.ISMCTSBot(
        game,
        evaluator,
        uct_c=args.uct,
        max_simulations=args.simulations,
        max_world_samples=8,
        random_state=np.random.RandomState(args.seed),
    )
    # ISMCTS draws its worlds with state.resample_from_infostate, which the adapter
    # provides; a resampler of one's own would go in with searcher.set_resampler(...)
    print(f"ISMCTS ({args.simulations} simulations) against piquet's bots, {args.ruleset}")
    for name in bots.names():
        started = time.perf_counter()
        margins = [
            play_deal(game, searcher, seat, bots.make(name, seed=rng.randrange(2**32)), rng)
            for _ in range(args.deals)
            for seat in (0, 1)
        ]
        seconds = time.perf_counter() - started
        print(
            f"  vs {name:8} mean margin {sum(margins) / len(margins):+7.1f} "
            f"over {len(margins)} deals ({seconds:.1f} s)"
        )


if __name__ == "__main__":
    main()
