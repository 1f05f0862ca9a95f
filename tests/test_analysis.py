"""The analysis of a game: valued from each player's own observation, losses and marks as
documented, a record with comments that reads back, the command and the HTML view."""

from __future__ import annotations

import doctest
import functools
import io
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import piquet as pq
from piquet.analysis import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    BotValuer,
    PIMCValuer,
    Valuer,
    analyse,
    decision_report,
    mark_for,
)
from piquet.bots import make, play_game
from piquet.cli import main
from piquet.records import read_comments, replay
from piquet.search.sampling import sample_state

#: Few worlds: the tests check what an analysis says, not how well it plays.
FAST = PIMCValuer(play_worlds=2, exchange_worlds=2, declaration_worlds=2)


@functools.cache
def demo_game() -> pq.State:
    """The game of ``python -m piquet demo`` (seed 1: heuristic against greedy)."""
    rng = random.Random(1)
    bots = [make("heuristic", seed=rng.getrandbits(64)), make("greedy", seed=rng.getrandbits(64))]
    return play_game(pq.RUBICON, bots, rng)


@functools.cache
def deal_two() -> pq.Analysis:
    return analyse(demo_game(), valuer=FAST, deal=2, seed=3, hindsight=True)


class Fixed:
    """A valuer giving each action a value by its text, 0 for those not listed."""

    def __init__(self, values: Mapping[str, float], skip_played: bool = False) -> None:
        self.table = values
        self.skip_played = skip_played

    def values(
        self, observation: pq.Observation, rng: random.Random, must: Sequence[pq.Action] = ()
    ) -> dict[pq.Action, float]:
        legal = list(observation.legal_actions)
        if isinstance(legal[0], pq.Exchange):
            legal = legal[:3] + [a for a in must if a not in legal[:3]]
        if self.skip_played:
            legal = [a for a in legal if a not in must]
        return {a: self.table.get(str(a), 0.0) for a in legal}


# ----------------------------------------------------------------- from the player's view


def test_the_default_valuer_is_a_valuer() -> None:
    assert isinstance(PIMCValuer(), Valuer)


def test_the_analysis_never_sees_the_cards_hidden_from_the_player() -> None:
    """A world drawn from B's observation mid-play differs in A's hand, yet B's decisions
    are valued alike in both, while the hindsight view (every card seen) tells them
    apart."""
    game = demo_game()
    states = [before for before, _ in replay(game)]
    at = next(
        i for i, s in enumerate(states) if s.deal_number == 1 and len(s.hand(pq.Player.B)) == 6
    )
    real = states[at]
    mover = real.to_move
    assert isinstance(mover, pq.Player)
    world = sample_state(real.observation(mover), random.Random(7), declarations="played")
    assert world.observation(mover) == real.observation(mover)
    assert world.hand(mover.other) != real.hand(mover.other)
    mine = analyse(real, valuer=FAST, player=mover, seed=5)
    theirs = analyse(world, valuer=FAST, player=mover, seed=5)
    assert mine.decisions and mine.decisions == theirs.decisions


def test_equal_observations_give_equal_values_at_the_discard() -> None:
    """Two deals that differ only in the cards the elder cannot see: his discard is
    valued alike."""
    elder = "AS KS QS 9S AH QH 9H KD QD KC QC JC"
    rest = pq.CardSet(pq.pack()) - pq.cards(elder)
    cards = list(rest)
    deals = [
        pq.new_deal(pq.RUBICON, elder=elder, younger=pq.CardSet(y), stock=s)
        for y, s in ((cards[:12], cards[12:]), (cards[8:], cards[:8]))
    ]
    observations = [d.observation(d.elder) for d in deals]
    assert observations[0] == observations[1]
    values = [FAST.values(o, random.Random(2)) for o in observations]
    assert values[0] == values[1]
    action = deals[0].legal_actions()[-1]
    reports = [decision_report(d, action, 0, FAST, seed=4) for d in deals]
    assert reports[0] == reports[1]


# ----------------------------------------------------------------- losses and marks


def test_the_best_alternative_is_legal_and_losses_are_never_negative() -> None:
    states = [before for before, _ in replay(demo_game())]
    for report in deal_two().decisions:
        legal = states[report.index].legal_actions()
        assert report.best in legal and report.action in legal
        assert report.loss >= 0
        assert report.best_value >= report.value
        assert report.hindsight is not None and report.hindsight.loss >= 0
        assert report.hindsight.best in legal


def test_the_loss_is_zero_when_the_action_played_is_the_best() -> None:
    best = [d for d in deal_two().decisions if d.best == d.action]
    assert best and all(d.loss == 0 and d.mark == "" for d in best)
    assert all(d.comment().startswith("best") for d in best)


def test_a_valuer_of_fixed_values_gives_the_loss_and_the_mark() -> None:
    game = demo_game()
    first = next(i for i, (b, _) in enumerate(replay(game)) if b.to_move is not pq.CHANCE)
    played = str(game.history[first])
    report = analyse(game, valuer=Fixed({played: -7.0}), deal=1).decisions[0]
    assert report.index == first and str(report.action) == played
    assert report.loss == 7.0 and report.mark == "?" and str(report.best) != played
    assert report.comment().startswith(f"? 7.0 lost; best {report.best} (+0.0 against -7.0)")


def test_ties_go_to_the_action_played() -> None:
    report = analyse(demo_game(), valuer=Fixed({}), deal=1).decisions[0]
    assert report.best == report.action and report.loss == 0


def test_a_valuer_that_leaves_out_the_action_played_is_refused() -> None:
    with pytest.raises(ValueError, match="did not value the action played"):
        analyse(demo_game(), valuer=Fixed({}, skip_played=True), deal=1)


@pytest.mark.parametrize(
    ("loss", "mark"),
    [
        (0.0, ""),
        (INACCURACY - 0.01, ""),
        (INACCURACY, "?!"),
        (MISTAKE - 0.01, "?!"),
        (MISTAKE, "?"),
        (BLUNDER - 0.01, "?"),
        (BLUNDER, "??"),
        (60.0, "??"),
    ],
)
def test_marks_follow_the_thresholds(loss: float, mark: str) -> None:
    assert mark_for(loss) == mark


def test_every_decision_is_marked_by_its_loss() -> None:
    assert all(d.mark == mark_for(d.loss) for d in deal_two().decisions)


def test_the_summary_adds_up_the_losses_by_phase_and_deal() -> None:
    analysis = deal_two()
    for player, summary in analysis.summary().items():
        mine = [d for d in analysis.decisions if d.player is player]
        assert summary.decisions == len(mine)
        assert summary.lost == pytest.approx(sum(d.loss for d in mine))
        assert summary.lost == pytest.approx(sum(summary.by_phase.values()))
        assert summary.by_deal == {2: pytest.approx(summary.lost)}
        assert sum(summary.marks.values()) == sum(1 for d in mine if d.mark)


def test_forced_actions_and_chance_are_not_decisions() -> None:
    states = [before for before, _ in replay(demo_game())]
    for report in deal_two().decisions:
        assert len(states[report.index].legal_actions()) > 1


def test_analyse_reads_a_record_and_refuses_other_things() -> None:
    text = pq.dumps(demo_game())
    assert analyse(text, valuer=Fixed({}), deal=1).state == demo_game()
    with pytest.raises(pq.RecordError):
        analyse("not a record")
    with pytest.raises(TypeError, match="State or a game record"):
        analyse(42)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="jobs"):
        analyse(demo_game(), jobs=0)
    with pytest.raises(ValueError, match="deal must be"):
        analyse(demo_game(), deal=0)
    with pytest.raises(TypeError, match=r"player must be a piquet\.Player"):
        analyse(demo_game(), player="A")  # type: ignore[arg-type]


def test_an_analysis_does_not_depend_on_what_was_analysed_before() -> None:
    """The sampler's plans are cached from one analysis to the next; they draw the same
    worlds from the same random stream, so analysing a deal again gives the same
    analysis."""
    text = pq.dumps(demo_game())
    first = analyse(text, valuer=FAST, deal=2)
    analyse(text, valuer=FAST, deal=1)
    assert analyse(text, valuer=FAST, deal=2).decisions == first.decisions


def test_two_workers_give_the_same_analysis_as_one() -> None:
    one = analyse(demo_game(), valuer=FAST, deal=3, seed=2)
    two = analyse(demo_game(), valuer=FAST, deal=3, seed=2, jobs=2)
    assert one.decisions == two.decisions


def test_progress_is_told_up_to_the_whole() -> None:
    calls: list[tuple[int, int]] = []
    analyse(demo_game(), valuer=Fixed({}), deal=1, progress=lambda d, t: calls.append((d, t)))
    assert calls[0][0] == 0 and calls[-1][0] == calls[-1][1] > 0


# ----------------------------------------------------------------- the record and the views


def test_the_record_with_comments_reads_back() -> None:
    analysis = deal_two()
    text = analysis.to_record()
    assert pq.loads(text) == demo_game()
    assert read_comments(text) == analysis.comments()
    again = pq.dumps(pq.loads(text), read_comments(text))
    assert again == text[: len(again)]


def test_comments_are_one_line_without_braces() -> None:
    state = demo_game()
    for bad in ("a {brace}", "two\nlines", "close }"):
        with pytest.raises(ValueError, match="one line without braces"):
            pq.dumps(state, {3: bad})
    with pytest.raises(ValueError, match="the game has actions 0 to"):
        pq.dumps(state, {len(state.history): "after the end"})


def test_a_record_with_a_comment_left_open_names_its_line() -> None:
    lines = pq.dumps(demo_game()).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("A: "))
    lines[at] += " {unclosed"
    with pytest.raises(pq.RecordError, match=rf"^line {at + 1}: a comment is one"):
        pq.loads("\n".join(lines))


def test_old_records_have_no_comments() -> None:
    assert read_comments(pq.dumps(demo_game())) == {}


def test_the_text_report_names_the_marked_decisions() -> None:
    text = str(deal_two())
    assert text.startswith("Analysis of a game of rubicon")
    assert "A: " in text and "B: " in text and "by deal: 2:" in text
    marked = [d for d in deal_two().decisions if d.mark]
    assert all(str(d.action) in text for d in marked)


def test_the_html_view_is_one_well_formed_element() -> None:
    html = deal_two()._repr_html_()
    root = ET.fromstring(html)
    assert root.tag == "div" and "<script" not in html
    assert len(root.findall(".//table")) == 2


@pytest.mark.cli
def test_the_rich_view_renders() -> None:
    from rich.console import Console

    console = Console(width=160, record=True, file=io.StringIO())
    console.print(deal_two())
    assert "Marked decisions" in console.export_text()


# ----------------------------------------------------------------- the command


def test_the_command_analyses_a_recorded_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.txt"
    record.write_text(pq.dumps(demo_game()), encoding="utf-8")
    out = tmp_path / "analysed.txt"
    args = ["analyse", str(record), "--deal", "1", "--worlds", "1", "--quiet", "--out", str(out)]
    assert main(args) == 0
    shown = capsys.readouterr().out
    assert shown.startswith("Analysis of a game of rubicon")
    assert main([*args, "--every", "--hindsight", "--seat", "B"]) == 0
    every = capsys.readouterr().out
    assert "Every decision:" in every and "seeing every card" in every
    assert "deal 1  B  " in every and "deal 1  A  " not in every
    written = out.read_text(encoding="utf-8")
    assert pq.loads(written) == demo_game() and read_comments(written)


def test_the_command_says_what_is_wrong_with_a_bad_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text('[Piquet "1"]\n[Ruleset "rubicon"]\nA: play AS\n', encoding="utf-8")
    assert main(["analyse", str(bad), "--quiet"]) == 2
    error = capsys.readouterr().err
    assert "analyse: error:" in error and "line 3" in error
    assert main(["analyse", "--deal", "9", str(tmp_path / "none.txt")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_the_docs_page_shows_the_analysis_of_the_demo_game() -> None:
    """docs/analysis.rst runs the demo, saves its game and analyses it: its output is
    the command's, checked here as the docs build checks it."""
    page = Path(__file__).resolve().parent.parent / "docs" / "analysis.rst"
    result = doctest.testfile(str(page), module_relative=False, globs={"pq": pq})
    assert result.attempted > 10 and result.failed == 0


class _ValuingBot:
    """A bot with a ``values`` method, as the strong bot has: it weighs two actions."""

    def __init__(self, seed: int | None = None, **options: object) -> None:
        self.seed = seed

    def values(self, observation: pq.Observation) -> dict[pq.Action, float]:
        first, second = observation.legal_actions[:2]
        return {first: 5.0, second: 1.0}


def test_a_bot_that_values_actions_is_a_valuer(monkeypatch: pytest.MonkeyPatch) -> None:
    import piquet.bots

    monkeypatch.setattr(piquet.bots, "make", lambda name, seed=None, **o: _ValuingBot(seed))
    state = pq.new_game()
    state = state.apply(state.sample_chance(random.Random(0)))
    seen = state.observation(state.elder)
    first, second = seen.legal_actions[:2]
    valuer = BotValuer("valuing", fallback=FAST)
    assert valuer.values(seen, random.Random(1), (second,)) == {first: 5.0, second: 1.0}
    other = seen.legal_actions[-1]
    both = valuer.values(seen, random.Random(1), (other,))
    assert set(both) == {first, other}  # valued against each other by the fallback


def test_the_command_refuses_a_valuer_that_cannot_value(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.txt"
    record.write_text(pq.dumps(demo_game()), encoding="utf-8")
    assert main(["analyse", str(record), "--valuer", "greedy", "--quiet"]) == 2
    assert "--valuer: bot 'greedy' cannot value actions" in capsys.readouterr().err


# ----------------------------------------------------------------- comments, fuzzed


@functools.cache
def short_game() -> pq.State:
    state = pq.new_game()
    rng = random.Random(4)
    for _ in range(12):
        chance = state.to_move is pq.CHANCE
        state = state.apply(
            state.sample_chance(rng) if chance else rng.choice(state.legal_actions())
        )
    return state


@settings(max_examples=min(60, settings().max_examples), deadline=None)
@given(st.dictionaries(st.integers(0, 11), st.text(max_size=30), max_size=4))
def test_comments_round_trip_or_are_refused(comments: dict[int, str]) -> None:
    state = short_game()
    try:
        text = pq.dumps(state, comments)
    except ValueError as error:
        assert "one line without braces" in str(error)
        assert any(
            "{" in c or "}" in c or len(c.splitlines()) > 1 or "\n" in c for c in comments.values()
        )
        return
    assert pq.loads(text) == state
    assert read_comments(text) == {i: c.strip() for i, c in comments.items()}


@settings(max_examples=min(60, settings().max_examples), deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["{", "}", "{x", "x}", "}{", "{a}{b}", ":", "#"]))
def test_a_record_with_a_broken_comment_loads_or_says_why(where: int, junk: str) -> None:
    text = pq.dumps(short_game(), {3: "a note", 7: "another"})
    at = where % len(text)
    broken = text[:at] + junk + text[at:]
    try:
        state = pq.loads(broken)
    except ValueError as error:
        assert len(str(error)) < 300
        return
    notes = read_comments(broken)
    again = pq.dumps(state, notes)
    assert pq.loads(again) == state and read_comments(again) == notes
