"""The documentation of the protocol cannot rot: its transcript of a deal is what the
code sends and receives today, and the page names every message type the code uses."""

from __future__ import annotations

import json
from pathlib import Path

from piquet.protocol.transcript import deal_transcript

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_the_documented_transcript_is_what_the_code_says() -> None:
    written = (DOCS / "protocol-transcript.txt").read_text(encoding="utf-8").splitlines()
    assert written == deal_transcript(), (
        "the protocol changed: run python -m piquet.protocol.transcript "
        "> docs/protocol-transcript.txt"
    )


def test_the_transcript_is_a_whole_session_of_well_formed_lines() -> None:
    lines = (DOCS / "protocol-transcript.txt").read_text(encoding="utf-8").splitlines()
    kinds = []
    for line in lines:
        side, _, text = line.partition(" ")
        assert side in (">", "<")
        kinds.append(json.loads(text)["type"])
    assert kinds[:4] == ["hello", "ready", "new_game", "new_deal"]
    assert kinds[-2:] == ["game_over", "quit"]
    assert kinds.count("decide") == kinds.count("action") > 10
    assert "event" in kinds


def test_the_specification_names_every_message_type() -> None:
    page = (DOCS / "protocol.rst").read_text(encoding="utf-8")
    assert "piquet-protocol 1" in page
    for kind in ("hello", "new_game", "new_deal", "decide", "event", "game_over", "ping",
                 "quit", "ready", "action", "pong", "log", "error"):  # fmt: skip
        assert f"``{kind}``\n" in page, kind
    assert "protocol\n" in (DOCS / "index.rst").read_text(encoding="utf-8")
