#!/usr/bin/env python3
"""A piquet-protocol bot that plays correctly, then commits one fault (standard library
only, like examples/protocol/random_bot.py).

    faulty_bot.py --fault slow|silent|crash|illegal|garbage --after N

It plays a random legal action (seeded by hello) at its first N decisions of each
program run, and at the next one:

- slow: answers, but only after twice its time limit;
- silent: says nothing more (it reads on);
- crash: writes its last words on standard error and exits with status 3;
- illegal: answers "count 3", an action in the notation but not a legal one;
- garbage: writes a line that is not JSON, and no answer.

On standard error it says when it starts (with its process id), each game it is told
of, and its fault: what a runner keeps per game.
"""

import argparse
import json
import os
import random
import sys
import time

FAULTS = ("slow", "silent", "crash", "illegal", "garbage")


def say(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def note(text):
    sys.stderr.write(f"faulty_bot pid {os.getpid()}: {text}\n")
    sys.stderr.flush()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--fault", choices=FAULTS, required=True)
    parser.add_argument("--after", type=int, default=0, help="correct decisions first")
    args = parser.parse_args()
    rng = random.Random()
    decisions = 0
    silent = False
    note(f"started, fault {args.fault} after {args.after} decisions")
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if silent and kind != "quit":
            continue
        if kind == "hello":
            rng = random.Random((message.get("options") or {}).get("seed"))
            say({"type": "ready", "name": f"faulty {args.fault}", "author": "tests", "protocol": 1})
        elif kind == "new_game":
            note(f"game {message['game']}")
        elif kind == "ping":
            say({"type": "pong", "id": message.get("id")})
        elif kind == "quit":
            break
        elif kind == "decide":
            decisions += 1
            if decisions <= args.after:
                say({"type": "action", "id": message["id"], "action": rng.choice(message["legal"])})
                continue
            note(f"decision {decisions}: {args.fault}")
            if args.fault == "slow":
                time.sleep(2 * message["time_limit_ms"] / 1000)
                say({"type": "action", "id": message["id"], "action": message["legal"][0]})
            elif args.fault == "silent":
                silent = True
            elif args.fault == "crash":
                note("out of ideas, exiting")
                sys.exit(3)
            elif args.fault == "illegal":
                say({"type": "action", "id": message["id"], "action": "count 3"})
            else:
                sys.stdout.write("I think I will play the ace\n")
                sys.stdout.flush()


if __name__ == "__main__":
    main()
