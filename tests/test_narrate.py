"""The narration: its running scores add up to the state's, and it reads as players speak."""

from __future__ import annotations

import random
import re

import pytest

import piquet as pq
from piquet.bots import make, play_game
from piquet.narrate import narrate

RUNNING = re.compile(r"\[A (\d+), B (\d+)\]$")
DEAL_LINE = re.compile(r"^  End of deal (\d+): A (\d+), B (\d+)\. Totals: A (\d+), B (\d+)\.$")


def _game(ruleset: pq.Ruleset, declarations: str, seed: int) -> pq.State:
    start = pq.new_game(ruleset, declarations=declarations)  # type: ignore[arg-type]
    bots = [make("greedy"), make("random", seed=seed)]
    return play_game(start, bots, random.Random(seed))


@pytest.mark.parametrize("declarations", ["played", "auto"])
@pytest.mark.parametrize("name", sorted(pq.RULESETS))
def test_running_scores_add_up_to_the_states(name: str, declarations: str) -> None:
    for seed in range(3):
        final = _game(pq.RULESETS[name], declarations, seed)
        lines = list(narrate(final))
        told_deals = []
        running = (0, 0)
        for line in lines:
            if line.startswith("Deal "):
                running = (0, 0)
            match = RUNNING.search(line)
            if match:
                now = (int(match[1]), int(match[2]))
                assert now[0] >= running[0] and now[1] >= running[1], line
                if line.startswith("    "):  # a score line adds exactly its points
                    points = int(re.search(r"scores (\d+)", line)[1])  # type: ignore[index]
                    assert sum(now) - sum(running) == points, line
                running = now
            deal = DEAL_LINE.match(line)
            if deal:
                numbers = tuple(int(x) for x in deal.groups())
                assert numbers[1:3] == running, line
                told_deals.append(numbers)
        assert [d[1:3] for d in told_deals] == list(final.score_sheet)
        assert told_deals[-1][3:] == final.scores
        assert lines[-1].startswith(("A wins", "B wins", "Drawn"))


def test_one_notation_throughout() -> None:
    final = _game(pq.RUBICON, "played", 1)
    letters = "\n".join(narrate(final))
    assert not re.search("[♠♥♦♣]", letters)
    assert "Trick 1: " in letters
    symbols = "\n".join(narrate(final, symbols=True))
    assert re.search("[♠♥♦♣]", symbols)
    assert not re.search(r"\b(10|[AKQJ987])[SHDC]\b", symbols)


def test_the_title_names_the_players() -> None:
    final = _game(pq.RUBICON, "played", 1)
    first = next(narrate(final, names={pq.Player.A: "greedy", pq.Player.B: "random"}))
    assert first == (
        "Rubicon piquet, a partie of six deals: A (greedy) against B (random). B deals first."
    )


def test_speech_is_quoted_and_scores_are_not_speech() -> None:
    lines = list(narrate(_game(pq.RUBICON, "played", 1)))
    speech = [line for line in lines if re.match(r"^  [AB]: ", line)]
    scores = [line for line in lines if re.match(r"^    [AB] scores \d+ for ", line)]
    assert speech and scores
    assert all(re.match(r'^  [AB]: ".+\."', line) for line in speech)
    assert all(RUNNING.search(line) for line in scores)


def test_the_hands_after_the_exchange_are_shown() -> None:
    final = _game(pq.RUBICON, "played", 1)
    lines = list(narrate(final))
    took = [line for line in lines if re.match(r"^  [AB] took .* and holds ", line)]
    assert len(took) == 2 * len(final.score_sheet)


def _blanche_deal() -> pq.State:
    start = pq.new_deal(
        pq.RUBICON,
        elder="AS 10S 9S 8S 7S AH 10H 9H 8H 7H AD 10D",
        younger="KS QS JS KH QH JH KD QD JD KC QC JC",
        stock="9D 8D 7D AC 10C 9C 8C 7C",
    )
    return play_game(start, [make("greedy"), make("greedy")], random.Random(0))


def test_carte_blanche_is_announced_before_it_is_scored() -> None:
    lines = list(narrate(_blanche_deal()))
    said = lines.index('  A: "Carte blanche."')
    assert lines[said + 1] == "    A scores 10 for carte blanche. [A 10, B 0]"


def test_a_seat_sees_only_what_that_player_knew() -> None:
    final = _blanche_deal()
    lines = list(narrate(final, seat=pq.Player.B))
    assert "  A holds twelve cards." in lines
    assert "  B holds KS QS JS  KH QH JH  KD QD JD  KC QC JC." in lines
    shown = [line for line in lines if "shows his carte blanche" in line]
    assert shown == ["  A shows his carte blanche: AS 10S 9S 8S 7S AH 10H 9H 8H 7H AD 10D."]
    assert "  A discards five." in lines
    assert "  A took five." in lines


def test_a_pique_is_told_after_its_trick() -> None:
    for seed in range(40):
        lines = list(narrate(_game(pq.RUBICON, "played", seed)))
        for i, line in enumerate(lines):
            if " for pique." in line:
                assert lines[i - 1].startswith("  Trick "), lines[i - 1]
                before = RUNNING.search(lines[i - 1])
                assert before is not None
                player = 0 if line.startswith("    A") else 1
                assert int(before[player + 1]) >= 30  # the trick line counts up to the pique
                return
    pytest.fail("no pique in 40 games")


def test_the_last_trick_line_leaves_out_the_bonuses_told_after_it() -> None:
    lines = list(narrate(_game(pq.RUBICON, "played", 1)))
    last = next(i for i, line in enumerate(lines) if line.startswith("  Trick 12: "))
    trick = RUNNING.search(lines[last])
    bonus = RUNNING.search(lines[last + 1])
    assert trick and bonus and "scores" in lines[last + 1]
    assert (int(bonus[1]), int(bonus[2])) != (int(trick[1]), int(trick[2]))


def test_a_race_ended_mid_deal_says_so() -> None:
    for seed in range(20):
        final = _game(pq.AU_CENT, "played", seed)
        if any(final.hand(p) for p in pq.Player):
            lines = list(narrate(final))
            winner = final.result.winner  # type: ignore[union-attr]
            assert f"  {winner} reaches 100: the game ends in the middle of the deal." in lines
            return
    pytest.fail("no race ended mid-deal in 20 games")


def test_a_weaker_call_gets_an_aside() -> None:
    lines = list(narrate(_game(pq.RUBICON, "played", 1)))
    asides = [line for line in lines if "(B holds better: " in line]
    assert asides


def test_one_deal() -> None:
    final = _game(pq.RUBICON, "played", 1)
    lines = list(narrate(final, deal=2))
    assert [line for line in lines if line.startswith("Deal ")] == ["Deal 2: A deals, B is elder."]
    assert not any(line.startswith("Score sheet") for line in lines)
    with pytest.raises(ValueError, match="no deal 9"):
        list(narrate(final, deal=9))


def test_a_seat_learns_the_stock_cards_it_may_see() -> None:
    told = []
    for seed in range(6):
        bots = [make("random", seed=seed), make("random", seed=seed + 9)]
        final = play_game(pq.RUBICON, bots, random.Random(seed))
        for seat in pq.Player:
            told += [line for line in narrate(final, seat=seat) if "now sees" in line]
        assert not any("now sees" in line for line in narrate(final))
    assert any(re.fullmatch(r"  [AB] now sees .+ from the stock\.", line) for line in told)
    assert any(
        re.fullmatch(r"  Having led, ([AB]) now sees what [AB] left: .+\.", line) for line in told
    )


def test_the_rubicon_settlement_is_spelled_out() -> None:
    seen = set()
    for seed in range(12):
        final = play_game(pq.RUBICON, [make("greedy"), make("greedy")], random.Random(seed))
        last = list(narrate(final))[-1]
        match = re.fullmatch(r"([AB]) wins (\d+) ([+-]) (\d+) \+ 100 = (\d+) points(.*)\.", last)
        if final.result.winner is None:  # type: ignore[union-attr]
            assert last == "Drawn."
            continue
        assert match, last
        high, sign, low, total = int(match[2]), match[3], int(match[4]), int(match[5])
        assert (high, low) == tuple(sorted(final.scores, reverse=True))
        assert total == final.result.points  # type: ignore[union-attr]
        assert total == (high + low if sign == "+" else high - low) + 100
        loser = "B" if match[1] == "A" else "A"
        assert (match[6] == f" ({loser} is rubiconed)") == (low < 100)
        seen.add(sign)
    assert seen == {"+", "-"}


def test_explain_says_what_each_term_means_once_where_first_met() -> None:
    """With ``explain`` a told game explains elder, the point, pique ... the first time
    each is used, and never again; without it nothing is added."""
    import random

    from piquet.bots import make, play_game
    from piquet.glossary import TERMS

    final = play_game(pq.RUBICON, [make("heuristic"), make("greedy")], random.Random(1))
    plain = list(narrate(final))
    told = list(narrate(final, explain=True))
    glosses = [line.strip() for line in told if line.startswith("      (")]
    assert len(told) > len(plain)
    named = [gloss[1:].split(":", 1)[0] for gloss in glosses]
    assert len(named) == len(set(named))  # each term once
    assert {"elder", "point", "partie", "leads", "good"} <= set(named) <= set(TERMS) | {"leads"}
    first = next(i for i, line in enumerate(told) if line.strip().startswith("(elder:"))
    assert "elder" in told[first - 1]  # right under the line that first says it
