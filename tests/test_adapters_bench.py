"""The adapters' bench: every setting runs, the frameworks' do-nothing floors play whole
episodes through their framework's own checks, and the agent's picks are not charged
to the environment."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from piquet.adapters import _floors, bench
from piquet.cli import main

pytestmark = pytest.mark.rl


def test_every_setting_of_the_bench_is_measured_when_its_framework_is_installed() -> None:
    figures = bench.measure(seconds=0.02, games=2)
    assert set(figures) == set(bench.SETTINGS)
    assert all(rate > 0 for rate in figures.values())
    assert set(bench.FLOORS.values()) <= set(figures)


def test_an_unknown_setting_is_named_in_the_error() -> None:
    with pytest.raises(ValueError, match="'gym'"):
        bench.measure(seconds=0.01, only=("gym",))


# the observation a dict of the tensor and the mask, as PettingZoo's classic games have
@pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array:UserWarning:pettingzoo.test.api_test"
)
@pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably:UserWarning:pettingzoo.test.api_test"
)
def test_the_pettingzoo_floor_passes_pettingzoos_api_test() -> None:
    api_test(_floors.pettingzoo_floor(), num_cycles=60)


def test_the_gymnasium_floor_passes_gymnasiums_checker() -> None:
    check_env(_floors.gymnasium_floor().unwrapped, skip_render_check=True)


def test_the_openspiel_floor_deals_card_by_card_then_has_a_deals_decisions() -> None:
    state = _floors.openspiel_floor().new_initial_state()
    chance = decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            chance += 1
        else:
            decisions += 1
        state.apply_action(state.legal_actions()[0])
    assert (chance, decisions) == (_floors.CARDS_DEALT, _floors.DECISIONS)


def test_a_settings_steps_are_timed_without_the_agents_picks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A pick that takes a long time changes the steps counted, never the time
    charged: the clock stops while the agent picks."""
    ticks = iter(range(10**9))
    monkeypatch.setattr(bench, "_clock", lambda: float(next(ticks)))
    real_pick = bench._pick

    def slow_pick(mask, rng):  # type: ignore[no-untyped-def]
        for _ in range(5):  # five ticks of the fake clock, were they counted
            bench._clock()
        return real_pick(mask, rng)

    monkeypatch.setattr(bench, "_pick", slow_pick)
    run = bench._floor("gymnasium")
    steps, spent = run(0)
    assert steps == _floors.DECISIONS
    # each step: the clock read twice around the environment's call (one tick between
    # them), then five reads in the pick, never inside the time charged
    assert spent == steps + 1


def test_the_bench_commands_adapters_section_gives_every_setting_in_floor_deals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    floor = tmp_path / "floor.py"
    floor.write_text("def simulate(n, rng):\n    for _ in range(n):\n        rng.random()\n")
    assert main(["bench", "--only", "adapters", "--seconds", "0.15", "--floor", str(floor)]) == 0
    out = capsys.readouterr().out
    floor_line = r"^   ratios to one floor deal \([\d.]+ us, CPU time\) measured in turns$"
    assert re.search(floor_line, out, re.M)
    for name in bench.SETTINGS:
        line = rf"^   {name} +[\d.]+ us a step +[\d.]+ x the engine +[\d.]+ floor deals$"
        assert re.search(line, out, re.M), name
    assert "not installed" not in out
