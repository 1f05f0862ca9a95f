"""The kernel's ``shuffled_places`` (the order a replay tries the opponent's possible
words in, search._steps.Choice.order) against random.shuffle: the same order from the
same random numbers, for every length a pool of words has, and its refusals."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from piquet.search import native

pytestmark = pytest.mark.native("_csample")


def _kernel(paths: Callable[[bool], None]) -> object:
    paths(True)
    fast = native.kernel("_csample")
    assert fast is not None
    return fast


@pytest.mark.parametrize("size", [0, 1, 2, 3, 12, 64, 300])
def test_the_kernel_shuffles_as_random_shuffle(size: int, paths: Callable[[bool], None]) -> None:
    fast = _kernel(paths)
    for seed in range(50):
        pure, kernel = random.Random(seed), random.Random(seed)
        expected = list(range(size))
        pure.shuffle(expected)
        got = fast.shuffled_places(size, kernel.getrandbits, kernel.randrange)  # type: ignore[attr-defined]
        assert got == expected and pure.getstate() == kernel.getstate()


def test_the_kernel_s_shuffle_refuses_what_it_can_not_shuffle(
    paths: Callable[[bool], None],
) -> None:
    fast = _kernel(paths)
    rng = random.Random(1)
    with pytest.raises(ValueError, match="at least 0"):
        fast.shuffled_places(-1, rng.getrandbits, rng.randrange)  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="callables"):
        fast.shuffled_places(3, None, rng.randrange)  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match=r"shuffled_places\(n, getrandbits, randrange\)"):
        fast.shuffled_places(3)  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        fast.shuffled_places("3", rng.getrandbits, rng.randrange)  # type: ignore[attr-defined]
