"""examples/train_policy.py --plot: the learning curve as a figure (the plot extra, whose
matplotlib brings numpy, all the example needs besides)."""

from __future__ import annotations

import runpy
from pathlib import Path

import matplotlib
import pytest

pytestmark = pytest.mark.plot

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "train_policy.py"


def test_the_learning_curve_is_written_as_a_png(tmp_path: Path) -> None:
    assert matplotlib.__version__
    example = runpy.run_path(str(EXAMPLE))
    curve = [(0.1 * i, 8 * i, min(1.0, 0.4 + 0.01 * i), -1.0 + 0.3 * i) for i in range(1, 90)]
    figure = tmp_path / "curve.png"
    example["plot"](curve, figure, "a note")
    assert figure.read_bytes().startswith(b"\x89PNG")


def test_the_command_writes_the_curve_of_its_training(tmp_path: Path) -> None:
    example = runpy.run_path(str(EXAMPLE))
    figure = tmp_path / "curve.png"
    args = ["--seconds", "1", "--games", "2", "--out", str(tmp_path / "p.npz")]
    assert example["main"]([*args, "--plot", str(figure)]) in (0, 1)
    assert figure.stat().st_size > 10_000
    again = tmp_path / "again.png"  # redrawn from the saved policy's curve
    assert example["main"](
        ["--load", str(tmp_path / "p.npz"), "--games", "2", "--plot", str(again)]
    ) in (0, 1)
    assert again.stat().st_size > 10_000
