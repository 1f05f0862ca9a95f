"""The intervals of matches and tournaments: Student's t for the mean of a few
duplicate pairs, exact t quantiles without SciPy, and the ratings' matrix inversion."""

from __future__ import annotations

import math
import statistics

import pytest

import piquet as pq
from piquet.matches.intervals import t_quantile, t_quantile_pure, t_two_sided_mass
from piquet.matches.match import mean_interval
from piquet.matches.tournament import bradley_terry, invert_matrix

# Student's t quantiles at 0.975 from the published tables (e.g. Fisher and Yates).
T975 = {
    1: 12.7062,
    2: 4.3027,
    3: 3.1824,
    4: 2.7764,
    5: 2.5706,
    9: 2.2622,
    10: 2.2281,
    19: 2.0930,
    20: 2.0860,
    30: 2.0423,
    60: 2.0003,
    120: 1.9799,
}


@pytest.mark.parametrize(("df", "expected"), sorted(T975.items()))
def test_t_quantile_pure_matches_the_tables(df, expected):
    assert t_quantile_pure(0.975, df) == pytest.approx(expected, abs=6e-5)
    assert t_quantile(0.975, df) == pytest.approx(expected, abs=6e-5)


@pytest.mark.parametrize(
    ("p", "df", "expected"),
    [(0.995, 4, 4.6041), (0.9, 7, 1.4149), (0.95, 1, 6.3138), (0.995, 1, 63.6567)],
)
def test_t_quantile_pure_at_other_levels(p, df, expected):
    assert t_quantile_pure(p, df) == pytest.approx(expected, abs=6e-5)


def test_t_quantile_pure_joins_the_normal_smoothly_beyond_the_series():
    inside, beyond = t_quantile_pure(0.975, 1000), t_quantile_pure(0.975, 1001)
    assert 0 < inside - beyond < 1e-5
    assert t_quantile_pure(0.975, 10**6) == pytest.approx(1.959966, abs=1e-6)


def test_t_two_sided_mass_inverts_the_quantile():
    for df in (1, 2, 5, 30, 400):
        assert t_two_sided_mass(t_quantile_pure(0.975, df), df) == pytest.approx(0.95, abs=1e-12)


def test_t_quantile_pure_rejects_bad_arguments():
    with pytest.raises(ValueError, match="df must be a whole number"):
        t_quantile_pure(0.975, 0)
    with pytest.raises(ValueError, match="p must be in"):
        t_quantile_pure(1.0, 3)


def test_mean_interval_uses_student_t_with_n_minus_1_degrees_of_freedom():
    values = [1.0, 2.0, 3.0]
    mean, low, high = mean_interval(values)
    half = T975[2] * statistics.stdev(values) / math.sqrt(3)
    assert mean == 2.0
    assert (high - low) / 2 == pytest.approx(half, rel=1e-4)


def _pair_means(result):
    pairs: dict[int, list[float]] = {}
    for game in result.games:
        pairs.setdefault(game.number // 2, []).append(game.a_points)
    return [statistics.fmean(points) for points in pairs.values()]


@pytest.mark.parametrize("pairs", [2, 4, 10])
def test_points_interval_half_width_is_t_times_s_over_root_n(pairs):
    result = pq.match("greedy", "random", games=2 * pairs, seed=11)
    units = _pair_means(result)
    assert len(units) == pairs
    half = T975[pairs - 1] * statistics.stdev(units) / math.sqrt(pairs)
    low, high = result.points_interval
    assert (high - low) / 2 == pytest.approx(half, rel=1e-4)
    assert (low + high) / 2 == pytest.approx(statistics.fmean(units), abs=1e-9)


def test_one_pair_says_it_needs_two_pairs():
    summary = pq.match("greedy", "random", games=2, seed=3).summary()
    assert "(95%: needs 2 or more pairs)" in summary
    assert "- to -" not in summary


def test_one_plain_game_says_it_needs_two_games():
    summary = pq.match("greedy", "random", games=1, seed=3, duplicate=False).summary()
    assert "(95%: needs 2 or more games)" in summary


def test_invert_matrix_gives_the_inverse():
    matrix = [[4.0, -2.0, 1.0], [-2.0, 4.0, -2.0], [1.0, -2.0, 4.0]]
    inverse = invert_matrix(matrix)
    for i in range(3):
        for j in range(3):
            cell = math.fsum(matrix[i][k] * inverse[k][j] for k in range(3))
            assert cell == pytest.approx(1.0 if i == j else 0.0, abs=1e-12)


def test_invert_matrix_refuses_a_nearly_singular_matrix():
    with pytest.raises(ZeroDivisionError, match="singular"):
        invert_matrix([[1.0, 2.0], [0.5, 1.0 + 1e-14]])
    with pytest.raises(ValueError, match="square"):
        invert_matrix([[1.0, 2.0]])


def test_bradley_terry_errors_are_infinite_when_groups_never_met():
    _, errors = bradley_terry(4, [(0, 1, 6.0, 10), (2, 3, 3.0, 10)])
    assert errors == [math.inf] * 4


@pytest.mark.rl  # numpy checks the pure path
def test_bradley_terry_errors_match_the_pseudo_inverse_of_the_information():
    import numpy

    results = [(0, 1, 6.0, 10), (1, 2, 7.0, 10), (0, 2, 8.0, 10)]
    theta, errors = bradley_terry(3, results, prior=0)
    strength = numpy.exp(theta)
    information = numpy.zeros((3, 3))
    for i, j, _, games in results:
        weight = games * strength[i] * strength[j] / (strength[i] + strength[j]) ** 2
        information[i, j] -= weight
        information[j, i] -= weight
        information[i, i] += weight
        information[j, j] += weight
    expected = numpy.sqrt(numpy.diag(numpy.linalg.pinv(information)))
    assert errors == pytest.approx(list(expected), rel=1e-9)
