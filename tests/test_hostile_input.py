"""Parsers of cards and actions, and the commands that load games, against hostile input:
sizes checked before parsing, short messages, one-line errors from the command line."""

from __future__ import annotations

import itertools
import time
from pathlib import Path

import pytest

import piquet as pq
from piquet.cards import excerpt
from piquet.cli import main

HUGE = 10_000_000


def _quick(seconds: float = 1.5):  # type: ignore[no-untyped-def]
    """A context that fails when its body takes longer than ``seconds``: reading the
    ten million cards it is given would take far longer, and a loaded machine (two test
    workers on two cores) must not fail it by slowness alone."""

    class Timer:
        def __enter__(self) -> None:
            self.start = time.perf_counter()

        def __exit__(self, *exc: object) -> None:
            assert time.perf_counter() - self.start < seconds

    return Timer()


# ----------------------------------------------------------------- the excerpt


def test_an_excerpt_quotes_a_short_text_whole() -> None:
    assert excerpt("AS KS") == "'AS KS'"
    assert excerpt(None) == "None"
    assert excerpt("x" * 60) == repr("x" * 60)


def test_an_excerpt_cuts_a_long_text_and_says_how_long() -> None:
    assert excerpt("x" * 61) == f"{'x' * 60!r}... (61 characters)"
    assert len(excerpt("y" * HUGE)) < 100


def test_an_excerpt_of_a_big_deep_or_odd_value_is_short() -> None:
    deep: list[object] = []
    for _ in range(100_000):
        deep = [deep]
    assert excerpt(deep) == "[[[[...]]]]"
    assert len(excerpt(list(range(100_000)))) < 130
    assert len(excerpt({"k" * 1000: "v" * 1000})) < 130
    assert len(excerpt(10**4000)) < 130

    class Hostile:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    assert excerpt(Hostile()).startswith("<Hostile")


# ----------------------------------------------------------------- cards


def test_a_card_set_of_more_than_36_cards_is_refused_before_parsing() -> None:
    with _quick(), pytest.raises(ValueError, match=r"^37 cards in .*at most 36"):
        pq.cards(" ".join(["AS"] * 37))
    with _quick(), pytest.raises(ValueError, match=r"too long") as error:
        pq.cards("AS " * HUGE)
    assert len(str(error.value)) < 200


@pytest.mark.parametrize(
    "parse", [pq.Card.parse, pq.cards, pq.CardSet.parse], ids=["Card.parse", "cards", "parse"]
)
def test_a_bad_card_message_quotes_only_an_excerpt(parse) -> None:  # type: ignore[no-untyped-def]
    for text in ("Z" * HUGE, "Z" * 900):
        with pytest.raises(ValueError) as error:
            parse(text)
        assert len(str(error.value)) < 200 and "ZZZZZ" in str(error.value)


def test_a_card_repeated_is_named_with_an_excerpt() -> None:
    with pytest.raises(ValueError, match=r"^card 'AS' appears twice in 'AS "):
        pq.cards("AS KS QS JS 10S 9S 8S 7S AH KH QH JH 10H 9H 8H 7H AD KD AS")


def test_bad_card_values_are_named_briefly() -> None:
    with pytest.raises(ValueError, match=r"^not a card: rank 'xxx.*suit") as error:
        pq.Card("x" * HUGE, pq.Suit.SPADES)  # type: ignore[arg-type]
    assert len(str(error.value)) < 200
    with pytest.raises(ValueError, match=r"^not a card-set mask: -1"):
        pq.CardSet.from_mask(-1)
    with pytest.raises(TypeError, match=r"^not a card: 5"):
        pq.CardSet([5])  # type: ignore[list-item]


# ----------------------------------------------------------------- actions


def test_a_deal_of_more_than_36_cards_is_refused_before_parsing() -> None:
    with _quick(), pytest.raises(ValueError, match=r"at most 36 cards"):
        pq.Deal(["AS"] * 1_000_000)
    with _quick(), pytest.raises(ValueError, match=r"at most 36 cards"):
        pq.Deal(itertools.repeat("AS"))  # never ending: only 37 are read
    with _quick(), pytest.raises(ValueError, match=r"too long"):
        pq.Deal("AS " * HUGE)
    with pytest.raises(TypeError, match=r"a pack is cards or card texts, not int"):
        pq.Deal(5)  # type: ignore[arg-type]
    assert len(pq.Deal(pq.pack(36)).pack) == 36


def test_an_action_text_is_bounded_before_parsing() -> None:
    with _quick(), pytest.raises(ValueError, match=r"too long \(at most 500") as error:
        pq.parse_action("deal 2 " + "AS " * HUGE)
    assert len(str(error.value)) < 200
    with pytest.raises(ValueError, match=r"a pack holds at most 36"):
        pq.parse_action("deal 2 " + "AS " * 37)


@pytest.mark.parametrize(
    "text",
    [
        "count 1_0",
        "count +3",
        "count ٣",  # an Arabic-Indic three
        "count " + "9" * 400,
        "deal 1_0 AS",
        "deal -2 AS",
        "deal ² AS",
    ],
)
def test_numbers_in_an_action_are_plain_ascii_digits(text: str) -> None:
    with pytest.raises(ValueError, match=r"expected a small whole number"):
        pq.parse_action(text)


def test_action_messages_quote_only_an_excerpt() -> None:
    for text in (
        "shuffle" * 60,
        "leave " + "x" * 400,
        "call " + "x" * 400,
        "play " + "Z" * 400,
        "discard " + "Q" * 400,
    ):
        with pytest.raises(ValueError) as error:
            pq.parse_action(text)
        assert len(str(error.value)) < 300, str(error.value)
    with pytest.raises(ValueError, match=r"^bad choice 'xxx.*expected one of unseen, look"):
        pq.Leave("x" * HUGE)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^bad category 'xxx.*characters\)"):
        pq.Pass("x" * HUGE)


def test_ordinary_actions_still_parse() -> None:
    for text in ("count 3", "deal 3 AS KS", "leave LOOK", "play 10h", "discard 7s 8s"):
        action = pq.parse_action(text)
        assert pq.parse_action(str(action)) == action


# ----------------------------------------------------------------- the commands


def _deep_files(tmp_path: Path) -> list[Path]:
    deep = "[" * 100_000
    texts = {
        "brackets.txt": deep,
        "ruleset.txt": f'[Piquet "1"]\n[RulesetData {deep}]\n',
        "resume.txt": f'[Piquet "1"]\n[Ruleset "rubicon"]\n[Resume {deep}]\n',
        "digits.txt": f'[Piquet "1"]\n[Ruleset "rubicon"]\n[Resume {{"deal": {"9" * 5000}}}]\n',
        "match.jsonl": f'{{"record": {deep}}}\n',
        "match-digits.jsonl": f'{{"record": "x", "n": {"9" * 5000}}}\n',
        "card.txt": f'[Piquet "1"]\n[Ruleset "rubicon"]\nchance: deal 2 {"AS " * 100_000}\n',
    }
    paths = []
    for name, text in texts.items():
        path = tmp_path / name
        path.write_text(text)
        paths.append(path)
    return paths


@pytest.mark.parametrize(
    "command", [["show"], pytest.param(["play", "--load"], marks=pytest.mark.cli)]
)
def test_the_commands_refuse_a_hostile_file_in_one_line(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for path in _deep_files(tmp_path):
        try:
            status = main([*command, str(path)])
        except SystemExit as stop:  # pragma: no cover - argparse's own errors
            status = int(stop.code or 0)
        _out, err = capsys.readouterr()
        assert status == 2, (path.name, err)
        # the message names the file, whose path is as long as the temporary directory's
        bound = 300 + len(str(path))
        assert err.count("\n") == 1 and len(err) < bound, (path.name, err[:bound])
        assert "Traceback" not in err and str(path.name) in err


@pytest.mark.parametrize("packet", [2.0, True, "2", -1, 10**100])
def test_a_deals_packet_is_a_small_whole_number(packet: object) -> None:
    # 2.0 used to deal, and was written "deal 2.0", which no record could read back
    with pytest.raises(ValueError, match=r"^packet: expected a whole number from 0 to 36"):
        pq.Deal(pq.pack(), packet=packet)  # type: ignore[arg-type]


@pytest.mark.parametrize("count", [3.0, True, "3", -1])
def test_an_exchange_count_is_a_small_whole_number(count: object) -> None:
    with pytest.raises(ValueError, match=r"^count: expected a whole number from 0 to 36"):
        pq.ExchangeCount(count)  # type: ignore[arg-type]


def test_applying_what_is_not_an_action_names_it_briefly() -> None:
    with pytest.raises(pq.IllegalActionError, match=r"^not an action: 'xxx") as error:
        pq.new_game().apply("x" * HUGE)  # type: ignore[arg-type]
    assert len(str(error.value)) < 200
