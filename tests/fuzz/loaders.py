"""A coverage-guided fuzzer of the loaders and parsers (atheris, libFuzzer's engine).

Every input goes to one of the public readers, chosen by its first byte: a game record
(``pq.loads``), a state's JSON (``pq.State.from_json``), an action text
(``pq.parse_action``), a card text (``pq.cards``). A reader may refuse an input only with
a ValueError (of which RecordError and IllegalActionError are kinds); any other exception
is a crash, which atheris reports with the input that made it. What a reader accepts must
write itself back the same: a record read is written again and read to an equal state.

Run (``pip install atheris``; ``nox -s fuzz`` does it)::

    python tests/fuzz/loaders.py -runs=1000000 -max_len=4096 CORPUS_DIR

The corpus starts from valid records, JSON states, actions and cards of random games of
every preset, in both declaration modes, written into CORPUS_DIR when it is empty.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import atheris

with atheris.instrument_imports():
    import piquet as pq

_READERS = ("record", "json", "action", "cards")


def _check(data: bytes) -> None:
    if not data:
        return
    reader = _READERS[data[0] % len(_READERS)]
    text = data[1:].decode("utf-8", errors="replace")
    try:
        if reader == "record":
            state = pq.loads(text)
            assert pq.loads(pq.dumps(state)) == state
        elif reader == "json":
            state = pq.State.from_json(text)
            assert pq.State.from_json(state.to_json()) == state
        elif reader == "action":
            action = pq.parse_action(text)
            assert pq.parse_action(str(action)) == action
        else:
            cards = pq.cards(text)
            assert pq.cards(str(cards)) == cards
    except ValueError:
        pass  # a refusal, as the readers promise


def _seed_corpus(where: Path) -> None:
    """Valid inputs of every reader, from seeded random games of every preset."""
    rng = random.Random(1)
    count = 0
    for ruleset in pq.RULESETS.values():
        for declarations in ("played", "auto"):
            state = pq.new_game(ruleset, declarations=declarations)
            for _ in range(rng.randrange(5, 80)):
                if state.is_over:
                    break
                mover = state.to_move
                action = (
                    state.sample_chance(rng)
                    if mover is pq.CHANCE
                    else rng.choice(state.legal_actions())
                )
                state = state.apply(action)
            for index, text in enumerate(
                (pq.dumps(state), state.to_json(), str(action), str(state.hand(pq.Player.A)))
            ):
                (where / f"seed-{count:03}").write_bytes(bytes([index]) + text.encode())
                count += 1


def main() -> None:
    corpus = next((Path(a) for a in sys.argv[1:] if not a.startswith("-")), None)
    if corpus is not None:
        corpus.mkdir(parents=True, exist_ok=True)
        if not any(corpus.iterdir()):
            _seed_corpus(corpus)
    atheris.Setup(sys.argv, _check)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
