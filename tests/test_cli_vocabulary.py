"""One vocabulary across the commands: each concept has one option name, every help
shows its defaults the one way, and the program is named as it was run."""

from __future__ import annotations

import argparse
import re
import sys

import pytest

import piquet.cli as cli
from piquet.cli import build_parser, main

#: Each concept and the one option that names it, on every command that has it.
CONCEPTS: dict[str, str] = {
    "bot a of two": "--a",
    "bot b of two": "--b",
    "many bots": "--bots",
    "the opponent in play": "--bot",
    "a seat (A or B)": "--seat",
    "a role (elder or younger)": "--role",
    "a preset ruleset": "--ruleset",
    "a random seed": "--seed",
    "a file written": "--out",
    "a count of games": "--games",
    "suits as symbols": "--symbols",
    "terms explained": "--explain",
    "no progress": "--quiet",
}

#: Spellings that other programs use for the same concepts: none is allowed here.
FORBIDDEN = {
    "--as", "--player", "--players", "--opponent", "--bot-a", "--bot-b", "--bota",
    "--botb", "--rules", "--preset", "--variant", "--random-seed", "--rng", "--output",
    "--output-file", "-o", "--file", "--outfile", "--n-games", "--ngames", "--count",
    "--unicode", "--suits", "--glossary", "--silent", "--no-progress", "--side",
}  # fmt: skip

#: The metavar of each option that takes a value of a shared kind.
METAVARS = {"--a": "BOT", "--b": "BOT", "--bots": "BOT", "--bot": "BOT", "--ruleset": "NAME",
            "--seed": "N", "--out": "FILE", "--games": "N"}  # fmt: skip


def commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def options(parser: argparse.ArgumentParser) -> dict[str, argparse.Action]:
    return {flag: action for action in parser._actions for flag in action.option_strings}


def help_of(command: str, capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as stop:
        main([command, "--help"])
    assert stop.value.code == 0
    return capsys.readouterr().out


ALL = sorted(commands())


def test_every_command_is_checked() -> None:
    assert {"play", "show", "demo", "match", "tournament", "odds", "bots"} <= set(ALL)


@pytest.mark.parametrize("command", ALL)
def test_no_command_uses_another_spelling(command: str) -> None:
    flags = set(options(commands()[command]))
    assert not flags & FORBIDDEN, sorted(flags & FORBIDDEN)


@pytest.mark.parametrize("command", ALL)
def test_shared_options_take_the_same_kind_of_value(command: str) -> None:
    for flag, action in options(commands()[command]).items():
        if flag in METAVARS:
            assert action.metavar == METAVARS[flag], (command, flag, action.metavar)


def test_the_two_bot_commands_say_a_and_b_and_the_ruleset_everywhere_is_one_type() -> None:
    parsers = commands()
    for command in ("demo", "match"):
        assert {"--a", "--b"} <= set(options(parsers[command]))
    assert "--bots" in options(parsers["tournament"])
    assert "--bot" in options(parsers["play"])
    assert "--seat" in options(parsers["show"]) and "--seat" in options(parsers["play"])
    types = {options(p)["--ruleset"].type for p in parsers.values() if "--ruleset" in options(p)}
    assert types == {cli.ruleset_name}


@pytest.mark.parametrize("command", ALL)
def test_help_shows_every_default_as_default_colon(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    text = help_of(command, capsys)
    flat = " ".join(text.split())
    # one style: "(default: X)"; no "(default X)", "(X)"-only or "default is"
    assert not re.search(r"\(default [^:]|default is|defaults to", flat), flat
    for flag, action in options(commands()[command]).items():
        if flag.startswith("--") and flag != "--help" and action.default not in (None, False):
            if action.default is argparse.SUPPRESS:
                continue
            shown = " ".join((action.help or "").split())
            at = flat.index(shown.split("(default: ")[0][:30])
            assert "(default: " in flat[at : at + len(shown) + 80], (command, flag)


@pytest.mark.parametrize(("script", "prog"), [("piquet", "piquet"), ("-m", "python -m piquet")])
def test_the_program_is_named_as_it_was_run(
    script: str, prog: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", [f"/usr/bin/{script}" if script != "-m" else "x/__main__.py"])
    with pytest.raises(SystemExit):
        main(["--help"])
    assert capsys.readouterr().out.startswith(f"usage: {prog} ")
    with pytest.raises(SystemExit):
        main(["demo", "--help"])
    assert capsys.readouterr().out.startswith(f"usage: {prog} demo ")


def test_the_tournament_help_names_the_column_the_table_shows(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert "elo" in help_of("tournament", capsys)
