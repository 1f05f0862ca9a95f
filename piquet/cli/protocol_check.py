"""``python -m piquet protocol-check PROGRAM [ARGS...]``: does a bot program speak the
piquet protocol? One line a finding; exit status 0 when none fails, 1 otherwise."""

from __future__ import annotations

import argparse
from typing import Any

from . import UsageError, positive_seconds


def run(args: argparse.Namespace) -> int:
    from ..protocol.checker import check, failed

    if not args.program:
        raise UsageError("name the program to check, and its arguments")
    findings = check(args.program, time_limit=args.time_limit, startup_time=args.startup_time)
    for line in findings:
        print(line)
    problems = failed(findings)
    print(f"{len(problems)} problems" if problems else "conforms to piquet-protocol 1")
    return 1 if problems else 0


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "protocol-check",
        help="check that a bot program speaks the piquet protocol",
        description="Run a bot program through hello, ping, malformed lines, the "
        "decisions of a deal and quit, and say what it gets wrong.",
    )
    parser.add_argument("program", nargs=argparse.REMAINDER, help="the program and its arguments")
    parser.add_argument(
        "--time-limit", type=positive_seconds, default=2.0, help="seconds a decision"
    )
    parser.add_argument(
        "--startup-time", type=positive_seconds, default=10.0, help="seconds to say ready"
    )
    parser.set_defaults(run=run)
