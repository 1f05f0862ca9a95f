"""``python -m piquet bots`` lists the bots and their options; a bad option names the
valid ones, in :func:`piquet.bots.make`, in a match and on the command line."""

from __future__ import annotations

import pytest

import piquet as pq
from piquet.bots import make
from piquet.bots.base import bot_options
from piquet.cli import main
from piquet.matches.match import MatchError


def test_bots_lists_every_bot_with_its_options_and_defaults(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bots"]) == 0
    out = capsys.readouterr().out
    for name in ("greedy", "heuristic", "ismcts", "pimc", "random"):
        assert f"\n{name}\n" in f"\n{out}"
    assert "iterations       int (default: 300)" in out
    assert "exchange_worlds  int (default: 6)" in out


def test_the_options_are_read_from_the_factory() -> None:
    names = [option.name for option in bot_options("pimc") or ()]
    assert "worlds" in names and "rng" not in names
    assert bot_options("random") == ()


def test_a_bad_option_names_the_valid_ones_in_make() -> None:
    with pytest.raises(ValueError, match=r"bot 'pimc' has no option 'samples'; its options: "):
        make("pimc", samples=5)


def test_a_bad_option_names_the_valid_ones_in_a_match() -> None:
    with pytest.raises(MatchError, match=r"no option 'samples'; its options: worlds"):
        pq.match("pimc:samples=5", "greedy", games=2)


def test_a_bad_option_names_the_valid_ones_on_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["demo", "--a", "pimc:samples=5"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "no option 'samples'; its options: worlds, exchange_worlds" in err
    assert "unexpected keyword" not in err


def test_a_bot_registered_without_annotations_takes_any_option() -> None:
    from piquet.bots import GreedyBot, register, unregister

    register("lenient", lambda seed, **options: GreedyBot())
    try:
        assert bot_options("lenient") is None
        assert isinstance(make("lenient", depth=3), GreedyBot)
    finally:
        unregister("lenient")
