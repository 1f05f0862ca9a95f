#!/usr/bin/env node
// A piquet bot for Node.js, no packages needed: it speaks piquet-protocol 1 (JSON
// lines on standard input and output) and plays a random legal action.
//
// Run it in a match:   python -m piquet match --a exec:"node random_bot.js" --b greedy
// Check it conforms:   python -m piquet protocol-check node random_bot.js
//
// Every message is one JSON object on one line, with a "type"; a bot answers "hello"
// with "ready", "decide" with "action" (the same "id", one of the "legal" texts),
// "ping" with "pong", and stops at "quit". Other messages (new_game, new_deal, event,
// game_over) only inform it. Lines it cannot read are answered with an "error" message.
"use strict";

const readline = require("readline");

function say(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

// A small seeded generator (mulberry32), so that a seed in hello replays a game.
function generator(seed) {
  let a = seed >>> 0;
  return function () {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let random = Math.random;
const input = readline.createInterface({ input: process.stdin, terminal: false });

input.on("line", (line) => {
  if (!line.trim()) return;
  let message;
  try {
    message = JSON.parse(line);
    if (typeof message !== "object" || message === null || typeof message.type !== "string") {
      throw new Error("no type");
    }
  } catch (error) {
    say({ type: "error", message: "cannot read: " + line.slice(0, 60) });
    return;
  }
  switch (message.type) {
    case "hello": {
      const seed = (message.options || {}).seed;
      random = typeof seed === "number" ? generator(seed % 4294967296) : Math.random;
      say({ type: "ready", name: "random_bot.js", author: "piquet", protocol: 1 });
      break;
    }
    case "decide": {
      // message.observation holds what the bot may know (hand, spoken, tricks...)
      const legal = message.legal;
      say({ type: "action", id: message.id, action: legal[Math.floor(random() * legal.length)] });
      break;
    }
    case "ping":
      say({ type: "pong", id: message.id });
      break;
    case "quit":
      input.close();
      break;
    default:
      break; // new_game, new_deal, event, game_over, error: nothing to answer
  }
});

input.on("close", () => process.exit(0));
