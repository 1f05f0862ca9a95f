"""``python -m piquet odds``: the chances that matter for a hand and its discard.

>>> from piquet.cli import main
>>> main(["odds", "AH KH QH 7H QS QD 9C 8C 7C 9D 8D 7S", "--discard", "7H 9C 8C 7C 7S",
...       "--role", "elder", "--no-opponent"])
Elder hand, Rubicon piquet: keeps QS AH KH QH QD 9D 8D, discards 7S 7H 9C 8C 7C.
Takes in 5 of 20 unseen cards: 15,504 cases, all equally likely.
<BLANKLINE>
  chance of                      chance  odds              exact (or interval)
  a point of 4 cards or more     99.03%  102 to 1 on       2559/2584
  a point of 5 cards or more     57.98%  4 to 3 on         8989/15504
  a point of 6 cards or more     10.50%  17 to 2 against   407/3876
  a point of 7 cards or more      0.59%  168 to 1 against  23/3876
  a sequence of 4 cards or more  35.95%  7 to 4 against    929/2584
  a sequence of 5 cards or more  10.73%  25 to 3 against   1663/15504
  a sequence of 6 cards or more   2.54%  38 to 1 against   197/7752
  a sequence of 7 cards or more   0.30%  329 to 1 against  47/15504
  four queens                    25.00%  3 to 1 against    1/4
0

Without ``--no-opponent`` the table ends with the chances that the opponent holds a
better point, sequence or set, his hand taken as any twelve of the cards the player
cannot account for (see :meth:`piquet.odds.Prospect.opponent_better`).
"""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, Literal

from .._progress import ProgressLine
from ..cards import CardSet, Rank, pack
from ..odds import Chance, Prospect, odds_text
from ..rules.words import rank_word
from . import add_ruleset_argument, add_seed_argument, prog_name
from ._play import whole_number

#: The most ``--samples`` taken (some 150 seconds of sampling a chance).
MAX_SAMPLES = 10_000_000

_CATEGORY_WORDS = {"point": "point", "sequence": "sequence", "set": "trio or quatorze"}


def _row(what: str, chance: Chance) -> tuple[str, str, str, str]:
    if isinstance(chance, Fraction):
        detail = str(chance)
        percent = f"{float(chance):.2%}"
    else:
        detail = f"{chance.low:.2%} to {chance.high:.2%} (95%, {chance.samples:,} samples)"
        percent = f"{chance.probability:.2%}"
    return what, percent, odds_text(chance), detail


def _spread(values: Sequence[int], most: int) -> list[int]:
    """At most ``most`` of the values, the first and the last among them."""
    if len(values) <= most:
        return list(values)
    step = (len(values) - 1) / (most - 1)
    return [values[round(i * step)] for i in range(most)]


def _unit(prospect: Prospect, category: str) -> str:
    """What the first term of a category's key counts: cards, or pips for a point by
    value (four cards of a suit, 6 7 8 9 of spades, give a key of 4 by length, 30 by
    value)."""
    if category == "point" and prospect.ruleset.point.key(0xF)[0] != 4:
        return "pips"
    return "cards"


def _ladder_rows(prospect: Prospect, category: Literal["point", "sequence"]) -> list[Any]:
    rows = []
    ladder = prospect.ladder(category)
    uncertain = [v for v, p in ladder.items() if float(p) < 1]
    unit = _unit(prospect, category)
    for value in _spread(uncertain, 4) if unit == "pips" else uncertain[:4]:
        measure = f"{value} {unit}"
        rows.append(_row(f"a {category} of {measure} or more", ladder[value]))
    return rows


def _set_rows(prospect: Prospect) -> list[Any]:
    """Trios and quatorzes within reach: ranks that score as sets of which he keeps two
    or three, the rest not out of reach."""
    rows = []
    for rank in sorted(Rank, reverse=True):
        of_rank = CardSet(pack(36)).ranks(rank)
        held = len(prospect.kept & of_rank)
        if held not in (2, 3) or not prospect.ruleset.sets.is_claim(of_rank.mask, of_rank.mask):
            continue
        words = rank_word(rank, plural=True)
        if held == 2:
            rows.append(_row(f"three {words} or more", prospect.trio(rank)))
        if held + len(of_rank & prospect.unseen) == 4:
            rows.append(_row(f"four {words}", prospect.quatorze(rank)))
    return rows


def _rows(prospect: Prospect, args: argparse.Namespace) -> list[Any]:
    """The table's rows, counted part by part, with a progress line on a terminal (the
    opponent's chances take seconds)."""
    parts: list[Callable[[], list[Any]]] = [
        lambda: _ladder_rows(prospect, "point"),
        lambda: _ladder_rows(prospect, "sequence"),
        lambda: _set_rows(prospect),
    ]
    if not args.no_opponent:
        for category in ("point", "sequence", "set"):
            parts.append(functools.partial(_opponent_row, prospect, category))
    shown = not args.quiet and sys.stderr.isatty()
    progress = ProgressLine("part", sys.stderr) if shown else None
    rows: list[Any] = []
    for done, part in enumerate(parts):
        if progress is not None:
            progress(done, len(parts))
        rows += part()
    if progress is not None:
        progress(len(parts), len(parts))
    return rows


def _opponent_row(prospect: Prospect, category: str) -> list[Any]:
    chance = prospect.opponent_better(category)  # type: ignore[arg-type]
    return [_row(f"opponent's {_CATEGORY_WORDS[category]} better", chance)]


def run(args: argparse.Namespace) -> int:
    if args.samples > MAX_SAMPLES:
        print(
            f"{prog_name()} odds: error: --samples: at most {MAX_SAMPLES:,}",
            file=sys.stderr,
        )
        return 2
    try:
        ruleset = args.ruleset
        prospect = Prospect(
            CardSet.parse(args.hand),
            discard=CardSet.parse(args.discard),
            role=args.role,
            ruleset=ruleset,
            seen=CardSet.parse(args.seen_stock),
            samples=args.samples,
            seed=args.seed,
            exact_limit=args.exact_limit,
        )
    except (ValueError, KeyError) as exc:
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        print(f"{prog_name()} odds: error: {message}", file=sys.stderr)
        return 2
    title = ruleset.title or ruleset.name
    print(
        f"{args.role.capitalize()} hand, {title}: keeps {prospect.kept}, "
        f"discards {prospect.discard}."
    )
    counted = (
        "all equally likely"
        if prospect.cases <= prospect.exact_limit
        else f"too many to count, so sampled {prospect.samples:,} times"
    )
    print(
        f"Takes in {prospect.taking} of {len(prospect.unseen)} unseen cards: "
        f"{prospect.cases:,} cases, {counted}."
    )
    rows = _rows(prospect, args)
    header = ("chance of", "chance", "odds", "exact (or interval)")
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(4)]
    print()
    for row in [header, *rows]:
        cells = (row[0].ljust(widths[0]), row[1].rjust(widths[1]), row[2].ljust(widths[2]))
        print("  " + "  ".join((*cells, row[3])).rstrip())
    if not args.no_opponent:
        print()
        print(
            "The opponent's hand is taken as any twelve of the cards you cannot account "
            "for, all equally likely."
        )
    return 0


def register(commands: Any) -> None:
    odds = commands.add_parser(
        "odds",
        help="the chances of a hand after its discard: point, sequence, sets",
        description="The chances of a hand after its discard: point, sequence and sets.",
    )
    odds.add_argument("hand", help='the twelve cards dealt, e.g. "AH KH QH 7H QS QD ..."')
    odds.add_argument("--discard", required=True, metavar="CARDS", help="the cards to discard")
    odds.add_argument("--role", required=True, choices=("elder", "younger"), help="your role")
    add_ruleset_argument(odds)
    odds.add_argument(
        "--seen-stock",
        default="",
        metavar="CARDS",
        help="cards of the stock you have seen and will not take",
    )
    odds.add_argument(
        "--samples",
        type=whole_number,
        default=20_000,
        metavar="N",
        help=f"samples where counting is not feasible, at most {MAX_SAMPLES:,}",
    )
    add_seed_argument(odds, 0, "the sampling")
    odds.add_argument(
        "--exact-limit",
        type=whole_number,
        default=400_000,
        metavar="N",
        help="count every case up to this many, sample beyond",
    )
    odds.add_argument(
        "--no-opponent",
        action="store_true",
        help="leave out the opponent's chances (the slowest to count)",
    )
    odds.add_argument(
        "--quiet", action="store_true", help="no progress line (shown on a terminal only)"
    )
    odds.set_defaults(run=run)
