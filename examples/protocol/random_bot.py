#!/usr/bin/env python3
"""A piquet bot in plain Python, standard library only: it speaks piquet-protocol 1
(JSON lines on standard input and output) and plays a random legal action.

Run it in a match:      python -m piquet match --a exec:"python3 random_bot.py" --b greedy
Check it conforms:      python -m piquet protocol-check python3 random_bot.py

Every message is one JSON object on one line, with a "type"; a bot answers "hello"
with "ready", "decide" with "action" (the same "id", one of the "legal" texts), "ping"
with "pong", and stops at "quit". Other messages (new_game, new_deal, event,
game_over) only inform it. Lines it cannot read are answered with an "error" message.
"""

import json
import random
import sys


def say(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()  # one line, at once: the runner is waiting for it


def main():
    rng = random.Random()
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
            kind = message["type"]
        except (ValueError, KeyError, TypeError):
            say({"type": "error", "message": "cannot read: " + line[:60]})
            continue
        if kind == "hello":
            seed = (message.get("options") or {}).get("seed")
            rng = random.Random(seed)
            say({"type": "ready", "name": "random_bot.py", "author": "piquet", "protocol": 1})
        elif kind == "decide":
            # message["observation"] holds what the bot may know (hand, spoken, tricks...)
            say({"type": "action", "id": message["id"], "action": rng.choice(message["legal"])})
        elif kind == "ping":
            say({"type": "pong", "id": message.get("id")})
        elif kind == "quit":
            break


if __name__ == "__main__":
    main()
