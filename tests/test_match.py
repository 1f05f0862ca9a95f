"""Matches and tournaments: determinism on every executor, duplicate pairs, statistics,
saving, and the command line."""

from __future__ import annotations

import json
import math
import os
import random
import signal
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from processes import first_line_of_stderr

import piquet as pq
from piquet.bots import GreedyBot, make, play_game
from piquet.cli import main
from piquet.matches.games import play_one
from piquet.matches.match import (
    MatchError,
    MatchInterrupted,
    MatchResult,
    mean_interval,
    wilson_interval,
)
from piquet.matches.tournament import bradley_terry

ROOT = Path(__file__).resolve().parent.parent


def deals_of(record: str) -> list[pq.Action]:
    state = pq.loads(record)
    return [action for action in state.history if isinstance(action, pq.Deal)]


# ----------------------------------------------------------------- statistics


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        # reference values: Wilson (1927) as given by statsmodels' proportion_confint
        (8, 10, 0.4901625, 0.9433178),
        (0, 10, 0.0, 0.2775328),
        (10, 10, 0.7224672, 1.0),
        (50, 100, 0.4038315, 0.5961685),
        (1, 3, 0.0614919, 0.7923404),
    ],
)
def test_wilson_interval_matches_known_values(successes, trials, low, high):
    got = wilson_interval(successes, trials)
    assert got == pytest.approx((low, high), abs=1e-6)


@given(st.integers(1, 10_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_interval_holds_the_proportion(counts):
    successes, trials = counts
    low, high = wilson_interval(successes, trials)
    assert 0 <= low <= successes / trials <= high <= 1
    assert (
        high - low
        <= wilson_interval(trials // 2, trials)[1] - wilson_interval(trials // 2, trials)[0] + 1e-12
    )


def test_wilson_interval_rejects_impossible_counts():
    with pytest.raises(MatchError, match="successes"):
        wilson_interval(11, 10)


def test_mean_interval():
    mean, low, high = mean_interval([1.0, 2.0, 3.0, 4.0])
    half = 3.182446305284263 * math.sqrt((2.25 + 0.25 + 0.25 + 2.25) / 3 / 4)  # t(0.975, 3)
    assert (mean, low, high) == pytest.approx((2.5, 2.5 - half, 2.5 + half))
    assert math.isnan(mean_interval([5.0])[1])


def test_bradley_terry_recovers_odds_and_is_finite_on_a_sweep():
    theta, errors = bradley_terry(2, [(0, 1, 80.0, 100)], prior=0)
    assert theta[0] - theta[1] == pytest.approx(math.log(4))
    assert sum(theta) == pytest.approx(0)
    # the standard error of a log-odds estimate: 1/sqrt(n p (1-p))
    assert errors[0] + errors[1] == pytest.approx(1 / math.sqrt(100 * 0.8 * 0.2), rel=1e-6)
    swept, _ = bradley_terry(2, [(0, 1, 10.0, 10)])
    assert math.isfinite(swept[0]) and swept[0] > 1


def test_bradley_terry_leaves_out_bots_without_games():
    theta, errors = bradley_terry(3, [(0, 2, 6.0, 10)])
    assert math.isnan(theta[1]) and math.isnan(errors[1])
    assert theta[0] > 0 > theta[2] and theta[0] == pytest.approx(-theta[2])
    with pytest.raises(MatchError, match="no finite rating"):
        bradley_terry(2, [(0, 1, 0.0, 10)], prior=0)


def test_bradley_terry_orders_a_chain():
    results = [(0, 1, 7.0, 10), (1, 2, 7.0, 10), (0, 2, 9.0, 10)]
    theta, errors = bradley_terry(3, results)
    assert theta[0] > theta[1] > theta[2]
    assert all(0 < error < 2 for error in errors)


# ----------------------------------------------------------------- one match


def test_duplicate_pairs_hold_the_same_cards_with_seats_exchanged():
    result = pq.match("greedy", "random", games=6, seed=11)
    for first, second in zip(result.games[::2], result.games[1::2], strict=True):
        assert first.seed == second.seed
        assert first.a_seat is pq.Player.A and second.a_seat is pq.Player.B
        deals = deals_of(first.record)
        shared = min(len(deals), len(deals_of(second.record)))
        assert shared >= 6 and deals[:shared] == deals_of(second.record)[:shared]
        # same seat, same cards: the bot that held A's hand in one holds it in the other
        assert pq.loads(first.record).history[0] == pq.loads(second.record).history[0]
    assert result.games[0].seed != result.games[2].seed


def test_plain_play_alternates_seats_with_fresh_deals():
    result = pq.match("greedy", "random", games=4, seed=11, duplicate=False)
    assert [g.a_seat for g in result.games] == [pq.Player.A, pq.Player.B] * 2
    assert len({g.seed for g in result.games}) == 4


def test_match_replays_exactly_what_play_game_plays():
    """The runner adds nothing to a game: the same bots and chance give the same game."""
    game = play_one(pq.RUBICON, GreedyBot(), make("random", seed=5), 3, 0, False)
    chance = random.Random(game.seed)
    final = play_game(pq.RUBICON, [GreedyBot(), make("random", seed=5)], chance)
    assert pq.dumps(final) == game.record
    assert final.result == game.result
    assert game.deals == final.deal_number


def test_result_counts_and_rates_agree_with_the_records():
    result = pq.match("greedy", "random", games=8, seed=2)
    a_wins, b_wins, draws = result.score
    assert a_wins + b_wins + draws == 8
    winners = []
    for game in result.games:
        final = pq.loads(game.record)
        assert final.result == game.result
        winners.append(None if final.result.winner is None else final.result.winner is game.a_seat)
    assert winners.count(True) == a_wins and winners.count(False) == b_wins
    assert result.win_interval[0] <= result.win_rate <= result.win_interval[1]
    low, high = result.points_interval
    assert low <= result.mean_points <= high
    rates = result.rates()
    assert set(rates) == {"pique", "repique", "capot", "carte blanche", "rubiconed loser"}
    assert all(0 <= rate <= 1 for pair in rates.values() for rate in pair)
    # greedy keeps its long suits and wins the cards: it capots random now and then
    assert rates["capot"][0] > 0 and rates["rubiconed loser"][1] > 0.5
    assert all(seconds > 0 for seconds in result.seconds_per_decision)
    assert "greedy v random" in result.summary()


def test_pique_rate_counts_deals_with_a_pique_event():
    result = pq.match("greedy", "random", games=16, seed=4)
    piques = 0
    for game in result.games:
        state = pq.loads(game.record)
        # replay deal by deal: the ledger holds the current deal's events
        replay = pq.new_game(pq.RUBICON)
        for action in state.history:
            if isinstance(action, pq.Deal) and replay.deal_number:
                piques += any(
                    e.reason is pq.Reason.PIQUE and e.player is game.a_seat for e in replay.events
                )
            replay = replay.apply(action)
        piques += any(
            e.reason is pq.Reason.PIQUE and e.player is game.a_seat for e in replay.events
        )
    assert result.rates()["pique"][0] == pytest.approx(piques / result.deals)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"games": 3}, "even number"),
        ({"games": 0}, "games"),
        ({"jobs": 0}, "jobs"),
        ({"executor": "pool"}, "executor"),
        ({"ruleset": "rubicon"}, "ruleset"),
    ],
)
def test_bad_arguments_raise_match_error(kwargs, message):
    with pytest.raises(MatchError, match=message):
        pq.match("greedy", "random", **kwargs)


def test_bot_options_reach_the_bot_and_name_it():
    seen = []

    def factory(seed, **options):
        seen.append(options)
        return GreedyBot()

    pq.bots.register("optioned", factory)
    try:
        played = pq.tournament(["optioned:level=1", "optioned:level=2,style='bold'"], games=2)
    finally:
        pq.bots.unregister("optioned")
    assert {"level": 2, "style": "bold"} in seen and {"level": 1} in seen
    assert played.matches[0].a == "optioned:level=1"


def test_unknown_bot_is_named():
    with pytest.raises(MatchError, match="nobody"):
        pq.match("nobody", "random", games=2)
    with pytest.raises(MatchError, match="choose"):
        pq.match(object(), "random", games=2)  # type: ignore[arg-type]


# ----------------------------------------------------------------- determinism


def test_same_seed_same_games_serial_threads_and_processes():
    serial = pq.match("greedy", "random", games=12, seed=7, batch=5)
    with ThreadPoolExecutor(3) as threads:
        threaded = pq.match("greedy", "random", games=12, seed=7, executor=threads, batch=1)
    pooled = pq.match("random", "greedy", games=12, seed=7, jobs=2)
    assert threaded.outcomes() == serial.outcomes()
    assert threaded.records == serial.records
    assert pooled.records == pq.match("random", "greedy", games=12, seed=7).records
    assert pq.match("greedy", "random", games=12, seed=8).records != serial.records


def test_tournament_same_on_a_process_pool():
    bots = ["random", "greedy", "cautious"]
    pq.bots.register("cautious", lambda seed, **options: GreedyBot())
    try:
        serial = pq.tournament(bots, games=4, seed=3)
        with ProcessPoolExecutor(2) as pool:
            pooled = pq.tournament(bots, games=4, seed=3, executor=pool)
    finally:
        pq.bots.unregister("cautious")
    assert [m.records for m in pooled.matches] == [m.records for m in serial.matches]
    assert pooled.ratings == serial.ratings
    assert [(m.a, m.b) for m in serial.matches] == [
        ("random", "greedy"),
        ("random", "cautious"),
        ("greedy", "cautious"),
    ]
    assert serial.ratings[-1].name == "random"


@pytest.mark.dask
def test_same_games_on_a_local_dask_cluster(tmp_path, capsys):
    import distributed

    serial = pq.match("greedy", "random", games=8, seed=5, batch=2)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        remote = pq.match(
            "greedy", "random", games=8, seed=5, batch=2, executor=client.get_executor()
        )
        ran_on = client.run(os.getpid)
        assert len(ran_on) == 2 and os.getpid() not in ran_on.values()
        out = tmp_path / "games.jsonl"
        argv = ["match", "--games", "8", "--seed", "5", "--quiet", "--out", str(out)]
        assert main([*argv, "--scheduler", cluster.scheduler_address]) == 0
    assert remote.outcomes() == serial.outcomes()
    assert remote.records == serial.records
    assert MatchResult.load(out).records == serial.records
    assert "8 games (duplicate), seed 5" in capsys.readouterr().out


def test_bot_objects_run_on_a_pool_when_they_pickle():
    serial = pq.match(GreedyBot(), "random", games=4, seed=2)
    pooled = pq.match(GreedyBot(), "random", games=4, seed=2, jobs=2, batch=1)
    assert pooled.records == serial.records
    assert pooled.a == "GreedyBot"


def test_progress_counts_every_game_from_zero():
    seen = []
    pq.match("greedy", "random", games=6, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(n, 6) for n in range(7)]


# ----------------------------------------------------------------- interruption


def test_interrupt_from_progress_keeps_finished_games():
    def stop_after_three(done, total):
        if done >= 3:
            raise KeyboardInterrupt

    with pytest.raises(MatchInterrupted) as stopped:
        pq.match("greedy", "random", games=10, seed=1, progress=stop_after_three)
    partial = stopped.value.partial
    assert [g.number for g in partial.games] == [0, 1, 2]
    assert partial.interrupted and partial.planned == 10
    assert partial.records == pq.match("greedy", "random", games=10, seed=1).records[:3]
    assert isinstance(stopped.value, KeyboardInterrupt)


def test_interrupt_on_a_pool_keeps_finished_games():
    calls = []

    def stop_at_once(done, total):
        calls.append(done)
        if done:
            raise KeyboardInterrupt

    with pytest.raises(MatchInterrupted) as stopped:
        pq.match("greedy", "random", games=64, seed=1, jobs=2, batch=4, progress=stop_at_once)
    partial = stopped.value.partial
    assert calls[0] == 0 and len(partial.games) == calls[1] == 4
    full = pq.match("greedy", "random", games=64, seed=1)
    assert set(partial.records) <= set(full.records)


def test_interrupted_tournament_keeps_its_games_and_still_sums_up():
    def stop_after_three(done, total):
        if done >= 3:
            raise KeyboardInterrupt

    with pytest.raises(MatchInterrupted) as stopped:
        pq.tournament(["random", "greedy", GreedyBot()], games=4, progress=stop_after_three)
    partial = stopped.value.partial
    assert partial.interrupted
    assert [len(m.games) for m in partial.matches] == [3, 0, 0]
    assert "3 of 12 played" in partial.summary()
    assert math.isnan(partial.ratings[-1].elo)


def test_a_failing_bot_stops_the_match_with_its_error():
    class Broken:
        def choose(self, observation):
            raise RuntimeError("the bot broke")

    with pytest.raises(RuntimeError, match="the bot broke"):
        pq.match(Broken(), "random", games=2)


def test_an_illegal_action_names_the_bot_and_the_game():
    class Cheat:
        def choose(self, observation):
            return pq.Play(pq.Card.parse("AS"))

    with pytest.raises(MatchError, match=r"game 0: bot b \(Cheat\) chose"):
        pq.match("greedy", Cheat(), games=2)


# ----------------------------------------------------------------- saving


def test_json_lines_round_trip(tmp_path):
    played = pq.match("greedy", "random", games=4, seed=9, ruleset=pq.COTTON_1674)
    path = tmp_path / "games.jsonl"
    played.save(path)
    lines = path.read_text().splitlines()
    assert len(lines) == 4
    first = json.loads(lines[0])
    assert pq.loads(first["record"]) == pq.loads(played.records[0])
    assert first["seats"] == {"A": "greedy", "B": "random"}
    assert {"seed", "result", "a_seat"} <= set(first)
    assert MatchResult.load(path) == played


def test_tournament_json_lines_round_trip(tmp_path):
    played = pq.tournament(["random", "greedy"], games=2, seed=4)
    path = tmp_path / "round.jsonl"
    played.save(path)
    assert pq.TournamentResult.load(path) == played
    assert MatchResult.from_lines(list(played.matches[0].to_lines())) == played.matches[0]


def test_loading_bad_lines_says_which(tmp_path):
    played = pq.match("greedy", "random", games=2, seed=9)
    lines = list(played.to_lines())
    with pytest.raises(MatchError, match="line 2: not JSON"):
        MatchResult.from_lines([lines[0], "{oops"])
    broken = json.loads(lines[1])
    del broken["result"]
    with pytest.raises(MatchError, match="line 2"):
        MatchResult.from_lines([lines[0], json.dumps(broken)])
    with pytest.raises(MatchError, match="no games"):
        MatchResult.from_lines([])


# ----------------------------------------------------------------- command line


@pytest.mark.plot
def test_cli_match_writes_games_and_a_plot(tmp_path, capsys):
    out, picture = tmp_path / "games.jsonl", tmp_path / "scores.png"
    status = main(
        [
            "match",
            "--a",
            "greedy",
            "--b",
            "random",
            "--games",
            "4",
            "--jobs",
            "2",
            "--ruleset",
            "cotton_1674",
            "--seed",
            "7",
            "--out",
            str(out),
            "--plot",
            str(picture),
        ]
    )
    assert status == 0
    assert "greedy v random, cotton_1674, 4 games" in capsys.readouterr().out
    expected = pq.match("greedy", "random", games=4, seed=7, ruleset=pq.COTTON_1674)
    assert MatchResult.load(out).records == expected.records
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.plot
def test_cli_tournament_table_and_plot(tmp_path, capsys):
    picture = tmp_path / "ratings.png"
    status = main(
        ["tournament", "--bots", "random", "greedy", "--games", "4", "--plot", str(picture)]
    )
    assert status == 0
    text = capsys.readouterr().out
    assert "round robin of 2 bots" in text and "greedy" in text
    assert picture.stat().st_size > 1000


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["match", "--a", "nobody"], "--a: unknown bot 'nobody'"),
        (["match", "--a", "random:depth=3"], "bot 'random' has no option 'depth'; it takes none"),
        (["match", "--b", "random:depth"], "options are key=value"),
        (["match", "--games", "3"], "even number"),
        (["match", "--games", "x"], "invalid int value"),
        (["match", "--ruleset", "whist"], "no ruleset 'whist'"),
        (["match", "--jobs", "0"], "--jobs"),
        (["tournament", "--bots", "greedy"], "at least two different bots"),
    ],
)
def test_cli_bad_arguments_one_line_exit_2(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_cli_interrupted_run_keeps_games(tmp_path, capsys, monkeypatch):
    import contextlib

    import piquet.cli.match as command

    @contextlib.contextmanager
    def interrupting_bar(quiet, unit="game"):
        def update(done, total):
            if done >= 5:
                raise KeyboardInterrupt

        yield update

    monkeypatch.setattr(command, "progress_bar", interrupting_bar)
    out = tmp_path / "games.jsonl"
    status = main(["match", "--games", "20", "--out", str(out)])
    assert status == 130
    assert "5 of 20 games" in capsys.readouterr().out
    assert len(out.read_text().splitlines()) == 5


def test_cli_interrupted_tournament_keeps_games(tmp_path, capsys, monkeypatch):
    import contextlib

    import piquet.cli.tournament as command

    @contextlib.contextmanager
    def interrupting_bar(quiet, unit="game"):
        def update(done, total):
            if done >= 3:
                raise KeyboardInterrupt

        yield update

    monkeypatch.setattr(command, "progress_bar", interrupting_bar)
    out = tmp_path / "round.jsonl"
    status = main(["tournament", "--bots", "random", "greedy", "--games", "8", "--out", str(out)])
    assert status == 130
    captured = capsys.readouterr()
    assert "keeping the 3 games" in captured.err and "wrote 3 games" in captured.out
    assert len(pq.TournamentResult.load(out).matches[0].games) == 3


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_cli_sigint_keeps_games(tmp_path, jobs, interruptible):
    out = tmp_path / "games.jsonl"
    argv = ["match", "--games", "20000", "--jobs", jobs, "--out", out]
    process = interruptible(
        [sys.executable, "-m", "piquet", *argv],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert first_line_of_stderr(process).startswith("0/20000 games")  # started
    # playing a few games: a game takes milliseconds, but a pool starts its workers first
    time.sleep(0.5 if jobs == "1" else 2)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr
    assert "interrupted" in stderr
    kept = MatchResult.load(out)
    assert 0 < len(kept.games) < 20000
    if jobs == "1":  # in order; a pool may finish a later batch first
        assert [g.number for g in kept.games] == list(range(len(kept.games)))
    for game in (kept.games[0], kept.games[-1]):  # each kept game is the one the seed makes
        assert play_one(pq.RUBICON, "greedy", "random", 0, game.number, True).record == game.record


def test_benchmark_prints_its_figures(capsys):
    from piquet.benchmarks import matches as bench

    assert bench.main(["--games", "4", "--repeats", "1", "--gain-games", "4", "--no-dask"]) == 0
    out = capsys.readouterr().out
    assert "overhead" in out and "speed-up" in out and "NoisyGreedy v greedy" in out
    assert bench.one_by_one("greedy", "random", 4, 7) == list(
        pq.match("greedy", "random", games=4, seed=7).records
    )
