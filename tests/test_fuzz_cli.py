"""Generated and mutated command lines for every command, run in process: the exit
status is 0 or 2 (a bad argument), never an exception, and a failure says why on
standard error in one line.

The valid command lines drawn stay quick (two or four games between the simple bots,
perft to depth 1, the odds without the opponent's chances); the two benchmarks' work
is replaced by a stub, since only their arguments are under test. Mutations only
replace or add tokens, so they cannot turn a quick command into a long one by dropping
its ``--games``."""

from __future__ import annotations

import contextlib
import io
import os
import re
import sys
import tempfile
from collections.abc import Callable, Iterator
from unittest import mock

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from piquet.cli import COMMANDS, main
from piquet.rules import RULESETS

#: Tokens that are no good value for any option here (some are flags, some junk).
HOSTILE = [
    "",
    " ",
    "-",
    "--",
    "-1",
    "0",
    "-0",
    "x",
    "1.5",
    "1e9",
    "nan",
    "inf",
    "-inf",
    "0x10",
    "١٢",
    "\x00",
    "é" * 80,
    "9" * 5000,
    "-" + "9" * 40,
    "--help",
    "--nonsense",
    "--quiet",
    "--plain",
    "--symbols",
    "--divide",
    "/nonexistent/file",
    "/",
]

hostile = st.sampled_from(HOSTILE) | st.text(max_size=12)


def some(good: tuple[str, ...], bad: tuple[str, ...] = ()) -> st.SearchStrategy[str]:
    """A good value mostly, now and then a bad one (the mutations bring the rest)."""
    if not good:
        return st.sampled_from(bad)
    return st.sampled_from(list(good) * (6 * len(bad) // len(good) + 1) + list(bad))


rulesets = some((*sorted(RULESETS), "RUBICON"), ("whist",))
seeds = st.integers(-(10**30), 10**30).map(str)
simple_bots = some(("random", "greedy", "Greedy"))
bots = some(
    ("random", "greedy", "Greedy"),
    (
        "nobody",
        ":",
        "random:",
        "random:,",
        "random:x=1",
        "greedy:depth",
        "pimc:worlds=-1",
        "ismcts:iterations=0",
        "ismcts:rollout='x'",
        "random:x=" + "(" * 300,
        "random:" + "x" * 300,
    ),
)


def pair(flag: str, values: st.SearchStrategy[str]) -> st.SearchStrategy[list[str]]:
    return values.map(lambda value: [flag, value])


def optional(flag: str) -> st.SearchStrategy[list[str]]:
    return st.sampled_from([[], [flag]])


def command(name: str, *parts: st.SearchStrategy[list[str]]) -> st.SearchStrategy[list[str]]:
    return st.tuples(*parts).map(lambda lists: [name, *(t for part in lists for t in part)])


games = some(("2", "4", "1", "3"), ("0", "-2"))
jobs = some(("1",), ("0",))  # no pool: slow to start (one run below)
paths = some((), ("/nonexistent/dir/out.txt", "/", ".", "\x00"))

MATCH = command(
    "match",
    pair("--a", simple_bots),
    pair("--b", bots),
    pair("--games", games),
    pair("--seed", seeds),
    pair("--ruleset", rulesets),
    pair("--jobs", jobs),
    optional("--plain"),
    st.sampled_from([[], [], ["--out"], ["--plot"]]).flatmap(
        lambda flag: paths.map(lambda p: [*flag, p] if flag else [])
    ),
    st.just(["--quiet"]),
)
TOURNAMENT = command(
    "tournament",
    st.lists(bots, min_size=1, max_size=3).map(lambda names: ["--bots", *names]),
    pair("--games", games),
    pair("--seed", seeds),
    pair("--ruleset", rulesets),
    pair("--jobs", jobs),
    optional("--plain"),
    st.just(["--quiet"]),
)
DEMO = command(
    "demo",
    pair("--seed", seeds),
    pair("--ruleset", rulesets),
    pair("--a", simple_bots),
    pair("--b", simple_bots | bots),
    optional("--symbols"),
)
BENCH = command(
    "bench",
    pair("--seconds", some(("0.01", "2", "600"), ("601", "1e308", "0", "-1"))),
    pair("--ruleset", rulesets),
    st.sampled_from([[], [], ["--floor", "/nonexistent"], ["--floor", "/"]]),
    pair("--only", some(("engine", "search,matches"), ("nope", ",", "engine,,x"))),
    pair("--deals", some(("1", "20"), ("0", "-1"))),
)
PERFT = command(
    "perft",
    pair("--depth", some(("1",), ("0", "-1", "1.0"))),
    pair("--ruleset", rulesets),
    pair("--seed", seeds),
    pair("--phase", some(("exchange", "declaration", "play"))),
    pair("--declarations", some(("played", "auto"))),
    optional("--divide"),
)
HAND = "AH KH QH 7H QS QD 9C 8C 7C 9D 8D 7S"
ODDS = command(
    "odds",
    st.just(["--no-opponent"]),
    some((HAND,), ("AH", "AH " * 12, "6S 6H 6D 6C AH KH QH JH 10H 9H 8H 7H")).map(lambda h: [h]),
    pair("--discard", some(("7H 9C 8C 7C 7S", "7H", "7H 9C"), ("7H 7H", "6H", ""))),
    pair("--role", some(("elder", "younger"))),
    pair("--ruleset", some(("rubicon", "au_cent_36"), ("piquet",))),
    pair("--samples", some(("100", "1000"), ("10000001", "0", "-5"))),
    pair("--exact-limit", some(("1", "400000"), ("0",))),
    pair("--seed", seeds),
    pair("--seen-stock", some(("", "AS"), ("AH", "AS AS"))),
)
SEARCH_BENCH = command(
    "search-bench",
    pair("--deals", some(("1", "20"), ("0", "-1"))),
    pair("--positions", some(("1", "40"), ("0", "-1"))),
    pair("--ruleset", some(("rubicon", "au_cent"), ("whist",))),
)
SHOW = command(
    "show",
    some(("-",), ("/nonexistent", "/")).map(lambda p: [p]),
    pair("--seat", some(("A", "b"), ("C",))),
    pair("--game", some(("1",), ("0", "-1"))),
    pair("--deal", some(("1",), ("0", "x"))),
)
ANALYSE = command(
    "analyse",
    some(("-",), ("/nonexistent", "/")).map(lambda p: [p]),
    pair("--seat", some(("A", "b"), ("C",))),
    pair("--deal", some(("1",), ("0", "x"))),
    pair("--worlds", some(("1",), ("0", "-1"))),
    pair("--jobs", some(("1",), ("0", "x"))),
    pair("--valuer", some(("pimc",), ("greedy", "nobody"))),
    optional("--hindsight"),
    optional("--every"),
)
PLAY = command(
    "play",
    pair("--bot", simple_bots | bots),
    pair("--seat", some(("A", "b"), ("C",))),
    pair("--seed", seeds),
    pair("--ruleset", rulesets),
    pair("--declarations", some(("played", "auto"))),
    st.sampled_from([[], [], ["--load", "/nonexistent"], ["--load", "/"]]),
)
SERVE = command(
    "serve",
    pair("--bot", simple_bots | bots),
    pair("--seed", seeds),
    st.sampled_from([[], ["--option", "depth=3"], ["--option", "x"], ["--name", "n"]]),
)
PROTOCOL_CHECK = command(  # programs that cannot run: the check fails at once, status 1
    "protocol-check",
    pair("--time-limit", some(("0.5",), ("0", "nan"))),
    pair("--startup-time", some(("1",), ("-1",))),
    some(("/nonexistent/bot",), ("/", "\x00")).map(lambda program: [program]),
)
TOP = st.sampled_from([[], ["--version"], ["--help"], ["nonsense"], ["-x"], [""]])

GRAMMARS = {
    "match": MATCH,
    "tournament": TOURNAMENT,
    "demo": DEMO,
    "bench": BENCH,
    "perft": PERFT,
    "odds": ODDS,
    "search_bench": SEARCH_BENCH,
    "show": SHOW,
    "analyse": ANALYSE,
    "play": PLAY,
    "serve": SERVE,
    "protocol_check": PROTOCOL_CHECK,
    "bots": command("bots", optional("--verbose")),
}


def test_every_command_has_a_grammar() -> None:
    assert set(GRAMMARS) == set(COMMANDS)


#: Commands that still crash on a NUL character in a file name (ValueError: embedded
#: null byte): test_a_nul_in_a_file_name_is_a_one_line_error below marks it.
@st.composite
def mutated(draw: st.DrawFn, grammar: st.SearchStrategy[list[str]]) -> list[str]:
    """A command line of ``grammar``, with up to two tokens replaced or inserted
    (none in about half the lines)."""
    argv = draw(grammar)
    for _ in range(draw(st.sampled_from([0, 0, 0, 1, 1, 2]))):
        token = draw(hostile)
        where = draw(st.integers(1, len(argv)))
        if draw(st.booleans()) and where < len(argv):
            argv[where] = token
        else:
            argv.insert(where, token)
    return argv


@contextlib.contextmanager
def _in_a_scratch_directory() -> Iterator[None]:
    """In a directory of its own, removed after: a fuzzed ``--out`` (" ", say) writes
    its file there, not in the checkout the tests run from."""
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as scratch:
        os.chdir(scratch)
        try:
            yield
        finally:
            os.chdir(here)


def run(argv: list[str]) -> tuple[int, str]:
    """``main(argv)`` in process, in a scratch directory, stdin empty, the benchmarks'
    work stubbed: the exit status and what went to stderr."""
    out, err = io.StringIO(), io.StringIO()
    stub: Callable[..., int] = lambda *args, **kwargs: 0  # noqa: E731
    with (
        _in_a_scratch_directory(),
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
        mock.patch("sys.stdin", io.StringIO("")),
        mock.patch("piquet.benchmarks.run", stub),
        mock.patch("piquet.benchmarks.search.main", stub),
    ):
        try:
            status = main(argv)
        except SystemExit as exit_:
            code = exit_.code
            status = 0 if code is None else code if isinstance(code, int) else 2
    return status, err.getvalue()


#: The commands whose every message quotes a bad value shortly (the others share
#: argument types, such as ``positive_int`` and ``ruleset_name``, that quote it whole)...
SHORT_ERRORS = {"match", "tournament", "odds"}
#: ... but for argparse's own messages, which quote the tokens whole.
ARGPARSE_QUOTES = re.compile("unrecognized arguments|invalid choice|ambiguous option")


def check(argv: list[str]) -> None:
    status, err = run(argv)
    event(f"status {status}")
    nonconforming = status == 1 and argv[:1] == ["protocol-check"]  # the check's own status
    assert status in (0, 2) or nonconforming, (argv, status, err[-500:])
    assert "Traceback" not in err, (argv, err[-2000:])
    if status == 2:
        errors = [line for line in err.splitlines() if "error:" in line]
        assert len(errors) == 1, (argv, err[-500:])
        assert errors[0].startswith("python -m piquet"), (argv, err[-500:])
        if argv[:1] and argv[0] in SHORT_ERRORS and not ARGPARSE_QUOTES.search(errors[0]):
            assert len(errors[0]) <= 300, (argv, errors[0])  # at most 60 characters quoted


@pytest.mark.parametrize("name", sorted(GRAMMARS))
@given(data=st.data())
def test_a_command_line_ends_in_status_0_or_a_one_line_error(
    name: str, data: st.DataObject
) -> None:
    check(data.draw(mutated(GRAMMARS[name]), label="argv"))


@given(argv=TOP)
def test_the_program_without_a_good_command(argv: list[str]) -> None:
    check(argv)


@pytest.mark.parametrize(
    "argv",
    [
        ["match", "--games", "-2", "--quiet"],
        ["match", "--out", "/nonexistent/dir/games.jsonl", "--games", "2", "--quiet"],
        ["match", "--out", "/", "--games", "2", "--quiet"],
        ["match", "--out", "x\x00y", "--games", "2", "--quiet"],
        pytest.param(
            ["match", "--scheduler", "nonsense", "--games", "2", "--quiet"], marks=pytest.mark.dask
        ),
        ["tournament", "--plot", "/nonexistent/dir/r.png", "--games", "2", "--quiet"],
        ["perft", "--depth", "1", "--phase", "declaration", "--declarations", "auto"],
        ["bench", "--seconds", "1e308"],
        ["odds", HAND, "--discard", "7H", "--role", "elder", "--samples", "9" * 30],
        ["search-bench", "--deals", "0"],
        ["search-bench", "--positions", "-1"],
        ["match", "--games", "9" * 5000],
        ["match", "--a", "x" * 5000],
        ["tournament", "--bots", "random", "random:" + "y" * 5000],
        ["demo", "--seed", "9" * 5000],
        ["odds", HAND, "--discard", "7H", "--role", "elder", "--exact-limit", "1" * 5000],
    ],
    ids=repr,
)
def test_bad_options_found_by_fuzzing_are_one_line_errors(argv: list[str]) -> None:
    status, err = run(argv)
    assert status == 2 and err.count("\n") == 1 and "error:" in err, err[-500:]
    assert len(err) <= 300, err


@pytest.mark.parametrize(
    "argv", [["show", "a\x00b"], ["play", "--bot", "random", "--load", "\x00"]], ids=repr
)
def test_a_nul_in_a_file_name_is_a_one_line_error(argv: list[str]) -> None:
    status, err = run(argv)
    assert status == 2 and err.count("\n") == 1 and "error:" in err, err[-500:]


def test_a_million_jobs_for_two_games_finish_at_once() -> None:
    status, err = run(["match", "--games", "2", "--jobs", "1000000", "--quiet"])
    assert status == 0, err


if __name__ == "__main__":  # pragma: no cover - a quick way to try one command line
    print(run(sys.argv[1:]))
