"""``python -m piquet play``: a game in a real terminal, a wrong entry, save and resume."""

from __future__ import annotations

import io
import os
import random
import re
import sys
from pathlib import Path

import pytest

import piquet as pq
from piquet.bots import make
from piquet.cli._terminal import ordered
from piquet.cli.play import choose

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _no_history_file(monkeypatch: pytest.MonkeyPatch) -> None:
    """The games played here leave no history file in the home directory."""
    monkeypatch.setenv("PIQUET_HISTORY", "")


def _dealt(seed: int = 1) -> pq.State:
    state = pq.new_game(pq.RUBICON)
    return state.apply(state.sample_chance(random.Random(seed)))


def test_choose_reads_the_notation_numbers_and_shortcuts() -> None:
    state = _dealt()
    hand = list(state.hand(state.elder))
    assert choose(state, f"discard {hand[-1]} {hand[-2]}") == pq.Exchange([hand[-1], hand[-2]])
    assert choose(state, f"{hand[-1]}") == pq.Exchange([hand[-1]])
    with pytest.raises(ValueError, match="numbers stand for the actions 'help' lists"):
        choose(state, "3")
    with pytest.raises(ValueError, match="unknown verb 'shuffle'"):
        choose(state, "shuffle")
    with pytest.raises(ValueError, match="must discard from 1 to 5 cards, not 6"):
        choose(state, "discard " + " ".join(str(c) for c in hand[:6]))
    # into the declarations: a number stands for the action 'help' lists under it
    while state.phase is pq.Phase.EXCHANGE:
        state = state.apply(state.legal_actions()[0])
    legal = ordered(state, state.legal_actions())  # the order 'help' lists them in
    assert isinstance(legal[0], pq.Call) and len(legal[0].cards) == max(
        len(a.cards) for a in legal if isinstance(a, pq.Call)
    )
    assert choose(state, "1") == legal[0]
    assert choose(state, str(len(legal))) == legal[-1]
    with pytest.raises(ValueError, match=f"no action {len(legal) + 1}"):
        choose(state, str(len(legal) + 1))


def test_choose_answers_good_and_plays_a_bare_card() -> None:
    state = _dealt()
    rng = random.Random(0)
    while not any(isinstance(a, pq.Good) for a in state.legal_actions()):
        if state.to_move is pq.CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    good = next(a for a in state.legal_actions() if isinstance(a, pq.Good))
    assert choose(state, "good") == good
    while state.phase is not pq.Phase.PLAY or state.to_move is pq.CHANCE:
        if state.to_move is pq.CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(state.legal_actions()[0])
    card = state.legal_actions()[0]
    assert isinstance(card, pq.Play)
    assert choose(state, str(card.card)) == card
    assert choose(state, f"play {card.card}") == card


@pytest.mark.cli
def test_a_whole_game_with_a_clumsy_typist() -> None:
    from rich.console import Console

    from piquet.cli.play import Table, play

    typist = random.Random(7)
    pack = [str(c) for c in pq.pack()]

    def read(prompt: str) -> str:
        roll = typist.random()
        if roll < 0.05:
            return typist.choice(["help", "hand", "sheet", "", "nonsense", "99"])
        if roll < 0.5:
            return str(typist.randint(1, 6))
        if roll < 0.6:
            return typist.choice(["good", "pass"])
        return typist.choice(pack)

    screen = io.StringIO()
    table = Table(Console(file=screen, width=100), pq.Player.B, "random", symbols=False)
    status = play(
        pq.new_game(pq.RUBICON), make("random", seed=1), pq.Player.B, table, random.Random(2), read
    )
    out = screen.getvalue()
    assert status == 0
    assert "Score sheet" in out and re.search(r"^(A|B) wins|^Drawn", out, flags=re.M)
    assert "unknown verb 'nonsense'" in out


def _plain(text: str) -> str:
    """Text without the terminal's styling (NO_COLOR leaves bold)."""
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def _spawn(*args: str):  # type: ignore[no-untyped-def]
    import pexpect

    if not hasattr(pexpect, "spawn"):  # Windows: no pseudo-terminals
        pytest.skip("pexpect.spawn needs a POSIX pseudo-terminal")
    env = dict(os.environ, NO_COLOR="1", COLUMNS="120", TERM="xterm")
    return pexpect.spawn(
        sys.executable,
        ["-m", "piquet", "play", *args],
        cwd=str(ROOT),
        env=env,
        encoding="utf-8",
        timeout=15,
        dimensions=(50, 120),
    )


@pytest.mark.cli
def test_play_in_a_terminal_then_save_and_resume(tmp_path: Path) -> None:
    import pexpect

    if not hasattr(pexpect, "spawn"):  # Windows: no pseudo-terminals
        pytest.skip("pexpect.spawn needs a POSIX pseudo-terminal")
    saved = tmp_path / "game.txt"
    child = _spawn("--seed", "3", "--bot", "random")
    child.expect(r"Your hand: ([^\r\n]+)\r\n")
    hand = _plain(child.match.group(1)).split()
    child.expect_exact("Your move>")
    child.sendline("help")
    child.expect(r"\d+ actions: discard 1 to 5 of your cards")
    child.expect_exact("Your move>")
    child.sendline("discard ZZ")  # a wrong entry: explained, asked again
    child.expect_exact("bad action 'discard ZZ'")
    child.expect_exact("Your move>")
    child.sendline(f"discard {hand[-1]} {hand[-2]}")
    child.expect_exact(f"A discards two: {hand[-2]} {hand[-1]}.")
    child.expect_exact("Your move>")  # the declarations
    child.sendline("help")
    child.expect(r"\s+1  (\S[^\r\n]*)\r\n")
    first, _, said = child.match.group(1).partition('  "')
    first = first.strip()
    assert said.endswith('"')  # a call, with the words it is spoken in
    child.expect_exact("Your move>")
    child.sendline("1")
    child.expect_exact("Your move>")
    child.sendline("quit")
    child.expect_exact("Save the game? [y/N]")
    child.sendline("y")
    child.expect_exact("File name [piquet-game.txt]:")
    child.sendline(str(saved))
    child.expect_exact(f"Saved to {saved}")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

    state = pq.loads(saved.read_text())
    assert pq.parse_action(first) in state.history
    assert state.to_move is pq.Player.A
    resumed = _spawn("--load", str(saved))
    resumed.expect_exact("you are A, against random")
    resumed.expect(r"Your hand: ([^\r\n]+)\r\n")
    assert _plain(resumed.match.group(1)).split() == str(state.hand(pq.Player.A)).split()
    resumed.expect_exact("Your move>")
    resumed.sendline("quit")
    resumed.expect_exact("Save the game? [y/N]")
    resumed.sendline("n")
    resumed.expect(pexpect.EOF)
    resumed.close()
    assert resumed.exitstatus == 0


@pytest.mark.cli
@pytest.mark.parametrize(
    ("args", "complaint"),
    [
        (["--bot", "nobody"], "unknown bot 'nobody'; known bots: "),
        (["--load", "/no/such/game.txt"], "cannot read '/no/such/game.txt'"),
        (["--ruleset", "whist"], "no ruleset 'whist'"),
    ],
)
def test_play_refuses_bad_arguments(
    args: list[str], complaint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from piquet.cli import main

    try:
        status = main(["play", *args])
    except SystemExit as stop:
        status = int(stop.code or 0)
    err = capsys.readouterr().err
    assert status == 2 and complaint in err and err.count("\n") == 1


@pytest.mark.cli
def test_play_will_not_resume_a_finished_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from piquet.bots import play_game
    from piquet.cli import main

    final = play_game(pq.RUBICON, [make("greedy"), make("greedy")], random.Random(1))
    path = tmp_path / "over.txt"
    path.write_text(pq.dumps(final))
    assert main(["play", "--load", str(path)]) == 2
    assert "is over" in capsys.readouterr().err


@pytest.mark.cli
def test_end_of_input_quits_without_saving(tmp_path: Path) -> None:
    import subprocess

    done = subprocess.run(
        [sys.executable, "-m", "piquet", "play", "--seed", "1"],
        cwd=tmp_path,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        input="help\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "actions: discard 1 to 5 of your cards" in done.stdout
    assert "Save the game? [y/N]" in done.stdout
    assert list(tmp_path.iterdir()) == []


@pytest.mark.cli
def test_hearts_and_diamonds_are_red_on_a_colour_terminal() -> None:
    import pexpect

    if not hasattr(pexpect, "spawn"):  # Windows: no pseudo-terminals
        pytest.skip("pexpect.spawn needs a POSIX pseudo-terminal")
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update(TERM="xterm-256color", COLUMNS="120")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "piquet", "play", "--seed", "3"],
        cwd=str(ROOT),
        env=env,
        encoding="utf-8",
        timeout=15,
        dimensions=(50, 120),
    )
    child.expect(r"Your hand: ([^\r\n]+)\r\n")
    hand = child.match.group(1)
    child.sendline("quit")
    child.sendline("n")
    child.expect(pexpect.EOF)
    red = re.findall(r"\x1b\[1;31m([^\x1b]+)\x1b\[0m", hand)
    plain = _plain(hand).split()
    assert red and all(card[-1] in "HD" for card in red)
    assert sorted(red) == sorted(card for card in plain if card[-1] in "HD")


@pytest.mark.cli
def test_help_lists_the_best_call_first_and_tab_completes_and_up_recalls() -> None:
    """Through a real terminal: a partial word and TAB complete it, Up recalls the last
    line, and the first action 'help' numbers in the declarations is the best call."""
    child = _spawn("--seed", "3", "--bot", "random", "--no-explain")
    child.expect(r"Your hand: ([^\r\n]+)\r\n")
    hand = _plain(child.match.group(1)).split()
    ranks = [card[:-1] for card in hand]
    single = next(card for card in hand if ranks.count(card[:-1]) == 1)
    child.expect_exact("Your move>")
    child.send("she\t")  # TAB completes a word of play's own
    child.send("\r")
    child.expect_exact("Score sheet")
    child.expect_exact("Your move>")
    child.send("\x1b[A\r")  # Up recalls the last line: the sheet again
    child.expect_exact("Score sheet")
    child.expect_exact("Your move>")
    child.send(f"disc\t{single[:-1]}\t\r")  # the verb, then a card from its rank
    child.expect_exact(f"A discards one: {single}.")
    child.expect(r"Your hand: ([^\r\n]+)\r\n")
    held = pq.cards(_plain(child.match.group(1)))
    longest = max(len([c for c in held if c.suit is suit]) for suit in pq.Suit)
    child.expect_exact("Your move>")  # the declarations
    child.sendline("help")
    child.expect(r"\s+1  call point ([^\r\n\"]+?)\s+\"")
    first = pq.cards(child.match.group(1))
    child.expect_exact("Your move>")
    child.sendline("quit")
    child.expect_exact("Save the game? [y/N]")
    child.sendline("n")
    child.expect(pexpect_eof())
    child.close()
    assert len(first) == longest  # the longest suit first, not "point of one"


def pexpect_eof() -> object:
    import pexpect

    return pexpect.EOF
