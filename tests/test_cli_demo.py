"""``demo`` tells the game as it is played and, with ``--explain``, explains each term
the first time it is met; ``show`` takes ``--explain`` too."""

from __future__ import annotations

from pathlib import Path

import pytest

import piquet as pq
from piquet.bots import GreedyBot, register, unregister
from piquet.cli import main


def test_demo_tells_each_action_before_the_next_is_chosen(
    capsys: pytest.CaptureFixture[str],
) -> None:
    seen: list[str] = []

    class Watcher(GreedyBot):
        def choose(self, observation: pq.Observation) -> pq.Action:
            seen.append(capsys.readouterr().out)
            return super().choose(observation)

    register("watcher", lambda seed, **options: Watcher())
    try:
        assert main(["demo", "--a", "watcher", "--b", "greedy"]) == 0
    finally:
        unregister("watcher")
    # the title and the deal were out before the first decision, then line after line
    assert "B deals first." in seen[0] and "A holds" in seen[0]
    assert sum(1 for text in seen[1:] if text.strip()) > 10


def test_demo_tells_the_same_game_as_the_narration_of_the_finished_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import random

    from piquet.bots import make, play_game
    from piquet.narrate import narrate

    assert main(["demo", "--seed", "4"]) == 0
    told = capsys.readouterr().out.splitlines()
    rng = random.Random(4)
    bots = [make("heuristic", seed=rng.getrandbits(64)), make("greedy", seed=rng.getrandbits(64))]
    final = play_game(pq.RUBICON, bots, rng)
    names = {pq.Player.A: "heuristic", pq.Player.B: "greedy"}
    assert told == list(narrate(final, names=names))


def test_demo_explain_explains_terms_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo"]) == 0
    plain = capsys.readouterr().out
    assert main(["demo", "--explain"]) == 0
    explained = capsys.readouterr().out
    assert "(elder: " not in plain
    assert explained.count("(elder: ") == 1
    assert len(explained) > len(plain)


def test_show_explain_explains_terms(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import random

    from piquet.bots import make, play_game

    final = play_game(pq.RUBICON, [make("greedy"), make("greedy")], random.Random(1))
    path = tmp_path / "game.txt"
    path.write_text(pq.dumps(final))
    assert main(["show", str(path), "--explain", "--seat", "A"]) == 0
    assert "(elder: " in capsys.readouterr().out
