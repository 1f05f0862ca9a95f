"""The text views of piquet.render: a position, a player's view of it, the score sheet."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import piquet as pq
from conftest import play_out, scaled
from piquet import strategies as pst
from piquet.render import WIDTH, render_observation, render_score_sheet, render_state

ROOT = Path(__file__).resolve().parent.parent

# Cavendish's worked deal (Britannica), its declarations played as the books' dialogue
CAVENDISH = {
    "elder": "AS KS JS AH QH JH 8H JC 8C 7C 9D 8D",
    "younger": "10S 7S 10H 9H 7H KC QC 10C AD QD JD 10D",
    "stock": "9S 8S KH 9C KD QS AC 7D",
}
DECLARED = [
    "discard KS 8C 7C 9D 8D",
    "discard 7S 9H 7H",
    "call point AH KH QH JH 8H",
    "equal point",
    "good point",
    "call sequence AH KH QH JH",
    "good sequence",
    "call set JS JH JC",
    "call set 10S 10H 10D 10C",
    "reckon set QS QD QC",
]
TRICKS = "AH 10H  KH 7D  QH 10D  JH JD  8H QD  KD AD  AC JC  KC 9C  QC 9S  10C 8S  QS AS  JS 10S"


def cavendish(actions: list[str], **options: str) -> pq.State:
    return play_out(pq.new_deal(pq.RUBICON, **CAVENDISH, **options), actions)  # type: ignore[arg-type]


def plays(cards: str) -> list[str]:
    return [f"play {card}" for card in cards.split()]


def words_of(text: str) -> set[str]:
    """Every token of a text: cards stand apart, between spaces and punctuation."""
    return set(re.split(r"[\s,;:()+]+", text))


# ------------------------------------------------------------------ fixed deals


def test_the_whole_table_at_the_start_of_a_deal() -> None:
    assert render_state(cavendish([])) == (
        "Rubicon piquet, one deal: B deals, A is elder\n"
        "The exchange: A to move.\n"
        "A (elder)    AS KS JS  AH QH JH 8H  9D 8D  JC 8C 7C\n"
        "B (younger)  10S 7S  10H 9H 7H  AD QD JD 10D  KC QC 10C\n"
        "stock        8 cards, top first: 9S 8S KH 9C KD QS AC 7D\n"
        "score        this deal A 0, B 0; game A 0, B 0"
    )


def test_the_whole_table_in_the_play_shows_the_dialogue_a_word_to_a_line() -> None:
    state = cavendish(DECLARED + plays("AH 10H KH 7D QH"))
    assert str(state) == render_state(state)
    assert render_state(state) == (
        "Rubicon piquet, one deal: B deals, A is elder\n"
        "The play: B to move.\n"
        "A (elder)    AS JS 9S 8S  JH 8H  KD  JC 9C\n"
        "B (younger)  QS 10S  AD QD JD 10D  AC KC QC 10C\n"
        "stock        empty\n"
        "discards     A: KS 9D 8D 8C 7C\n"
        "             B: 7S 9H 7H\n"
        "spoken       A: point of five\n"
        "             B: equal\n"
        "             A: making 49\n"
        "             B: good\n"
        "             A: quart\n"
        "             B: good\n"
        "             A: three knaves\n"
        "             B: not good\n"
        "             B: and three queens\n"
        "scored       A +5 point (AH KH QH JH 8H)\n"
        "             A +4 sequence (AH KH QH JH)\n"
        "             B +14 set (10S 10H 10D 10C)\n"
        "             B +3 set (QS QD QC)\n"
        "trick        A led QH\n"
        "tricks       A 2, B 0: AH 10H (A), KH 7D (A)\n"
        "score        this deal A 12, B 17; game A 12, B 17"
    )
    assert repr(state) == "<State rubicon deal 1 play to_move=B scores=(12, 17)>"


def test_the_younger_seat_sees_the_elders_shown_cards_and_a_count_of_the_rest() -> None:
    state = cavendish(DECLARED + plays("AH 10H KH 7D QH"))
    # JH 8H: the rest of the point and quart A showed; the other seven face down
    assert render_state(state, pq.Player.B) == (
        "Rubicon piquet, one deal: B deals, A is elder; you are B\n"
        "The play: B to move.\n"
        "A (elder)    JH 8H + 7 cards face down\n"
        "B (younger)  QS 10S  AD QD JD 10D  AC KC QC 10C\n"
        "stock        empty\n"
        "discards     A: 5 cards face down\n"
        "             B: 7S 9H 7H\n"
        "spoken       A: point of five\n"
        "             B: equal\n"
        "             A: making 49\n"
        "             B: good\n"
        "             A: quart\n"
        "             B: good\n"
        "             A: three knaves\n"
        "             B: not good\n"
        "             B: and three queens\n"
        "scored       A +5 point (AH KH QH JH 8H)\n"
        "             A +4 sequence (AH KH QH JH)\n"
        "             B +14 set (10S 10H 10D 10C)\n"
        "             B +3 set (QS QD QC)\n"
        "trick        A led QH\n"
        "tricks       A 2, B 0: AH 10H (A), KH 7D (A)\n"
        "score        this deal A 12, B 17; game A 12, B 17\n"
        "legal        play QS, play 10S, play AD, play QD, play JD, play 10D, play AC,\n"
        "             play KC, play QC, play 10C"
    )


def test_the_elder_seat_in_the_declarations_with_symbols() -> None:
    state = cavendish(DECLARED[:3])
    assert render_state(state, pq.Player.A, symbols=True) == (
        "Rubicon piquet, one deal: B deals, A is elder; you are A\n"
        "The declarations: B to move.\n"
        "A (elder)    A♠ J♠ 9♠ 8♠  A♥ K♥ Q♥ J♥ 8♥  K♦  J♣ 9♣\n"
        "B (younger)  12 cards face down\n"
        "stock        empty\n"
        "discards     A: K♠ 9♦ 8♦ 8♣ 7♣\n"
        "             B: 3 cards face down\n"
        "spoken       A: point of five\n"
        "score        this deal A 0, B 0; game A 0, B 0"
    )


def test_the_stock_left_face_up_and_seen_by_the_elder() -> None:
    state = cavendish(["discard KS 8C 7C 9D 8D", "discard 7S", "leave expose"])
    text = render_state(state)
    assert "stock        2 cards, top first: AC 7D; B left them face up" in text
    seen = render_state(state, pq.Player.A)
    assert "stock        2 cards; B left them face up\nseen         7D AC" in seen


def test_a_finished_deal_shows_its_result_and_every_trick() -> None:
    state = cavendish(DECLARED + plays(TRICKS))
    text = render_state(state)
    assert text.startswith("Rubicon piquet, one deal: B deals, A is elder\nThe game is over.\n")
    assert "A (elder)" not in text  # no cards left in hand
    assert text.endswith(
        "             A +1 last trick\n"
        "             A +10 cards\n"
        "tricks       A 7, B 5: AH 10H (A), KH 7D (A), QH 10D (A), JH JD (A), 8H QD (A),\n"
        "             KD AD (B), AC JC (B), KC 9C (B), QC 9S (B), 10C 8S (B), QS AS (A),\n"
        "             JS 10S (A)\n"
        "score        this deal A 28, B 23; game A 28, B 23\n"
        "result       A wins the deal by 5 points."
    )
    assert render_score_sheet(state) == (
        "Score sheet          A      B\n"
        "  deal 1            28     23\n"
        "  total             28     23\n"
        "A wins the deal by 5 points."
    )


def test_an_observation_prints_as_render_observation() -> None:
    state = pq.new_game()
    state = state.apply(state.sample_chance(random.Random(0)))
    seen = state.observation(pq.Player.A)
    assert (
        str(seen)
        == render_observation(seen)
        == (
            "Rubicon piquet, deal 1 of 6: B deals, A is elder; you are A\n"
            "The exchange: A to move.\n"
            "A (elder)    KS 10S 8S 7S  JH 8H 7H  10D 7D  AC KC QC\n"
            "B (younger)  12 cards face down\n"
            "stock        8 cards\n"
            "score        this deal A 0, B 0; game A 0, B 0\n"
            "legal        1585 legal actions, e.g. discard KS"
        )
    )
    # the seat's view of a game's state is its observation's text
    assert render_state(state, pq.Player.A) == str(seen)


def test_between_deals_the_table_shows_the_scores_only() -> None:
    state = pq.new_game(pq.RUBICON).rollout(random.Random(3))
    assert render_state(state) == (
        "Rubicon piquet, deal 2 of 6: A deals, B is elder\n"
        "The cards are to be dealt.\n"
        f"score        last deal A {state.deal_scores[0]}, B {state.deal_scores[1]};"
        f" game A {state.scores[0]}, B {state.scores[1]}"
    )
    assert render_state(pq.new_game(pq.AU_CENT)) == (
        "Piquet au cent, deal 1, a race to 100: B deals, A is elder\n"
        "The cards are to be dealt.\n"
        "score        game A 0, B 0"
    )


# ------------------------------------------------------------------ the score sheet


def _random_game(ruleset: pq.Ruleset, seed: int, start: pq.State | None = None) -> pq.State:
    rng = random.Random(seed)
    state = pq.new_game(ruleset) if start is None else start
    while not state.is_over:
        state = state.rollout(rng)
    return state


def test_a_finished_rubicon_partie_shows_the_rubicon_settlement() -> None:
    state = _random_game(pq.RUBICON, 1)
    result = state.result
    assert result == pq.Result(pq.Player.A, (115, 85), 300)  # as in the quick start
    text = render_score_sheet(state)
    rows = [line for line in text.splitlines() if line.startswith("  deal")]
    assert [line.split()[:2] for line in rows] == [["deal", str(n)] for n in range(1, 7)]
    assert text.endswith(
        "  total            115     85\nA wins 115 + 85 + 100 = 300 points; B is rubiconed."
    )
    assert "result       A wins 115 + 85 + 100 = 300 points; B is rubiconed." in str(state)


def test_a_partie_won_over_a_loser_past_the_rubicon_is_a_difference() -> None:
    start = pq.resume_game(pq.RUBICON, score_sheet=[(30, 25)] * 5)
    state = _random_game(pq.RUBICON, 2, start)
    assert state.result is not None and state.result.winner is not None
    high, low = sorted(state.result.scores, reverse=True)
    winner = state.result.winner
    assert render_score_sheet(state).endswith(
        f"{winner} wins {high} - {low} + 100 = {high - low + 100} points."
    )
    assert "rubiconed" not in render_score_sheet(state)


def test_a_race_names_a_double_game() -> None:
    start = pq.resume_game(pq.AU_CENT, score_sheet=[(95, 0)])
    state = _random_game(pq.AU_CENT, 1, start)
    assert state.result == pq.Result(pq.Player.A, (state.scores[0], state.scores[1]), 2)
    assert render_score_sheet(state).endswith(
        f"A wins a double game, {state.scores[0]} to {state.scores[1]} (B under 50)."
    )


def test_a_partie_of_several_games_lists_the_games_before_the_last_sheet() -> None:
    rules = pq.AU_CENT.evolve(name="three games", games_to_win=3)
    state = _random_game(rules, 5)
    text = render_score_sheet(state, names={pq.Player.A: "North", pq.Player.B: "South"})
    assert text.startswith("Game 1: North wins the game, ")
    assert text.endswith("South wins the partie, 3 game points to 1.")
    assert "Score sheet      North  South" in text


def test_the_rows_alone_make_a_sheet_with_its_totals() -> None:
    assert render_score_sheet(((28, 23), (12, 40))) == (
        "Score sheet          A      B\n"
        "  deal 1            28     23\n"
        "  deal 2            12     40\n"
        "  total             40     63"
    )


def test_the_deal_in_progress_is_a_row_of_its_own() -> None:
    start = pq.resume_game(pq.RUBICON, score_sheet=[(30, 12)])
    state = play_out(start.apply(start.sample_chance(random.Random(1))), [])
    while state.phase is not pq.Phase.PLAY:
        state = state.apply(state.legal_actions()[0])
    text = render_score_sheet(state.observation(pq.Player.B))
    a, b = state.deal_scores
    assert f"  deal 2 (now)   {a:>5}  {b:>5}" in text


def _sheet_rows(text: str) -> tuple[list[tuple[int, int]], tuple[int, int]]:
    rows, total = [], None
    for line in text.splitlines():
        match = re.fullmatch(r"  (deal \d+(?: \(now\))?|total) +(\d+) +(\d+)", line)
        if match is None:
            continue
        pair = (int(match[2]), int(match[3]))
        if match[1] == "total":
            total = pair
        else:
            rows.append(pair)
    assert total is not None, text
    return rows, total


@given(pst.states(pst.rulesets(), max_actions=120))
def test_the_score_sheet_adds_up_to_the_totals(state: pq.State) -> None:
    for source in (state, state.observation(pq.Player.A)):
        text = render_score_sheet(source)
        rows, total = _sheet_rows(text)
        assert total == state.scores
        assert (sum(a for a, _ in rows), sum(b for _, b in rows)) == total, text
        assert max(len(line) for line in text.splitlines()) <= WIDTH


# ------------------------------------------------------------------ from a seat


def _hidden(state: pq.State, seat: pq.Player) -> pq.CardSet:
    """The opponent's cards that ``seat`` may not know: not shown to him in the
    declarations or the ledger, nor seen in the stock."""
    seen = state.observation(seat)
    known = seen.opponent_known | seen.opponent_shown | seen.seen_stock
    for event in seen.events:
        # with automatic declarations, the further combinations the ledger shows are
        # not in opponent_known
        known |= event.cards
    return state.hand(seat.other) - known


def _check_seat_view(state: pq.State) -> None:
    for seat in (pq.Player.A, pq.Player.B):
        hidden = _hidden(state, seat)
        for symbols in (False, True):
            text = render_state(state, seat, symbols=symbols)
            tokens = words_of(text)
            hidden_text = {f"{c.rank}{c.suit.symbol}" if symbols else str(c) for c in hidden}
            assert not hidden_text & tokens, (seat, sorted(hidden_text & tokens), text)
            assert max(len(line) for line in text.splitlines()) <= WIDTH, text
    text = render_state(state)
    assert max(len(line) for line in text.splitlines()) <= WIDTH, text
    # the whole table shows every card in hand
    for player in (pq.Player.A, pq.Player.B):
        assert {str(card) for card in state.hand(player)} <= words_of(text)


@pytest.mark.parametrize("declarations", ["played", "auto"])
@pytest.mark.parametrize("name", sorted(pq.RULESETS))
def test_a_seat_never_sees_the_opponents_hidden_cards(name: str, declarations: str) -> None:
    # a whole game of each ruleset and mode; states drawn by Hypothesis below add more
    rng = random.Random(f"{name}/{declarations}")
    state = pq.new_game(pq.RULESETS[name], declarations=declarations)  # type: ignore[arg-type]
    every = scaled(3, 1)  # every state in CI, every third one in the edit-test loop
    step = 0
    while not state.is_over:
        if step % every == 0:
            _check_seat_view(state)
        step += 1
        if state.to_move is pq.CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    _check_seat_view(state)


@given(
    pst.states(
        st.sampled_from(list(pq.RULESETS.values())),
        declarations=None,
        max_actions=80,
    )
)
def test_a_seat_never_sees_the_opponents_hidden_cards_in_drawn_states(state: pq.State) -> None:
    _check_seat_view(state)


def test_the_hidden_card_check_would_catch_a_hand_shown() -> None:
    state = cavendish([])
    hidden = _hidden(state, pq.Player.A)
    assert len(hidden) == 12 and {str(c) for c in hidden} <= words_of(render_state(state))


# ------------------------------------------------------------------ bad input


def test_bad_input_is_a_value_error_that_says_what() -> None:
    state = cavendish([])
    with pytest.raises(ValueError, match=r"seat must be pq\.Player\.A, pq\.Player\.B or None"):
        render_state(state, 2)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="render_state: not a piquet State"):
        render_state("x" * 200)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not a piquet Observation"):
        render_observation(state)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"score sheet, deal 2: not a pair of scores: \(1,\)"):
        render_score_sheet([(1, 2), (1,)])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="rows of two scores"):
        render_score_sheet("28 23")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="names: the name of A is not a text"):
        render_score_sheet(state, names={pq.Player.A: 3})  # type: ignore[dict-item]
    with pytest.raises(ValueError, match=r"names: keys are pq\.Player\.A and pq\.Player\.B"):
        render_score_sheet(state, names={"C": "x"})  # type: ignore[dict-item]


def test_a_long_name_is_cut_to_keep_the_sheet_narrow() -> None:
    text = render_score_sheet([(1, 2)], names={pq.Player.A: "N" * 100})
    assert "N" * 21 + "..." in text and max(len(line) for line in text.splitlines()) <= WIDTH


# ------------------------------------------------------------------ the README


def test_the_readme_shows_what_its_examples_print(capsys: pytest.CaptureFixture[str]) -> None:
    """Each example of the README followed by a text block prints that block: the score
    sheet of a partie, and print(state)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    pairs = re.findall(r"```python\n(.*?)```\n[^`]*?```text\n(.*?)```", text, flags=re.S)
    assert len(pairs) >= 2, "the README shows its examples' output in text blocks"
    for code, shown in pairs:
        exec(compile(code, "README.md", "exec"), {})
        assert capsys.readouterr().out == shown
