/* The compiled kernel of the sampler and the random rollout (piquet.search._csample).
 *
 * The pure-Python code stays the reference: this module draws the very same random
 * numbers from the same random.Random, in the same order, and gives the same results.
 *
 * play_usual: the random play of a deal, card after card, as engine/play.py's _play_out
 * does while the race is settled and the ruleset's play is "usual" (RulesTables.usual);
 * it stops before the deal's last card, which the engine plays itself (the end of the
 * deal goes through the ledger). The random numbers come in blocks from
 * rng.getrandbits(32 * k): CPython's Mersenne Twister gives getrandbits(32 * k) as k
 * consecutive 32-bit outputs, least significant first, and getrandbits(b) for b <= 32 as
 * one output shifted right by 32 - b; every card draws at least one output, so a block
 * as long as the cards left never draws beyond what the pure path draws.
 *
 * draw_places: the placement of hidden cards of sampling.draw_groups (the groups of
 * cards, their splits between the opponent's hand, his discard and the stock), calling
 * rng.getrandbits exactly as random.Random.randrange, sample and shuffle call it.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define SLOTS 64
#define SUIT_SHIFT 16
#define SUIT_BASE 48
#define SUIT_BITS 0x1FF
#define MAX_WORDS 64

typedef struct {
    PyObject *getrandbits;
    uint32_t words[MAX_WORDS];
    int count; /* words in the block */
    int next;  /* the next word to use */
} Stream;

static int bit_length(uint64_t n) {
    int bits = 0;
    while (n) {
        bits++;
        n >>= 1;
    }
    return bits;
}

/* Fetch a block of `count` 32-bit outputs (count >= 1). */
static int stream_fill(Stream *s, int count) {
    if (count > MAX_WORDS) count = MAX_WORDS;
    PyObject *got = PyObject_CallFunction(s->getrandbits, "i", 32 * count);
    if (got == NULL) return -1;
    if (!PyLong_Check(got)) {
        Py_DECREF(got);
        PyErr_SetString(PyExc_TypeError, "getrandbits did not return an int");
        return -1;
    }
    unsigned char bytes[4 * MAX_WORDS];
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t done = PyLong_AsNativeBytes(
        got, bytes, 4 * count, Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER);
    Py_DECREF(got);
    if (done < 0) return -1;
#else
    int failed = _PyLong_AsByteArray((PyLongObject *)got, bytes, 4 * count, 1, 0);
    Py_DECREF(got);
    if (failed) return -1;
#endif
    for (int i = 0; i < count; i++) {
        s->words[i] = (uint32_t)bytes[4 * i] | (uint32_t)bytes[4 * i + 1] << 8 |
                      (uint32_t)bytes[4 * i + 2] << 16 | (uint32_t)bytes[4 * i + 3] << 24;
    }
    s->count = count;
    s->next = 0;
    return 0;
}

/* The pick-th card, in the engine's canonical order (suits in turn, high to low), of a
 * hand's cards `cards`. */
static int nth_card(uint64_t cards, int pick) {
    for (int suit = 0; suit < 4; suit++) {
        unsigned field = (unsigned)(cards >> (suit * SUIT_SHIFT)) & SUIT_BITS;
        int here = __builtin_popcount(field);
        if (pick < here) {
            for (int b = 8; b >= 0; b--) {
                if (field >> b & 1) {
                    if (pick == 0) return suit * SUIT_SHIFT + b;
                    pick--;
                }
            }
        }
        pick -= here;
    }
    return -1;
}

static PyObject *hands_int(uint64_t lo, uint64_t hi) {
    PyObject *low = PyLong_FromUnsignedLongLong(lo);
    PyObject *high = PyLong_FromUnsignedLongLong(hi);
    PyObject *shift = PyLong_FromLong(64);
    PyObject *out = NULL, *up = NULL;
    if (low && high && shift) {
        up = PyNumber_Lshift(high, shift);
        if (up) out = PyNumber_Or(up, low);
    }
    Py_XDECREF(low);
    Py_XDECREF(high);
    Py_XDECREF(shift);
    Py_XDECREF(up);
    return out;
}

static int split_hands(PyObject *hands, uint64_t *lo, uint64_t *hi) {
    *lo = PyLong_AsUnsignedLongLongMask(hands);
    if (*lo == (uint64_t)-1 && PyErr_Occurred()) return -1;
    PyObject *shift = PyLong_FromLong(64);
    if (shift == NULL) return -1;
    PyObject *up = PyNumber_Rshift(hands, shift);
    Py_DECREF(shift);
    if (up == NULL) return -1;
    *hi = PyLong_AsUnsignedLongLongMask(up);
    Py_DECREF(up);
    if (*hi == (uint64_t)-1 && PyErr_Occurred()) return -1;
    return 0;
}

/* play_usual(lead_points, follow, hands, lead, to_move, tricks, history, plays,
 *            getrandbits) -> (hands, lead, to_move, points_a, points_b, history, tricks)
 *
 * lead_points: bytes of 2 * 64 int16, the points a card led scores for its leader (by
 * leader, card); follow: bytes of 2 * 4096 records of four int16, by follower, lead * 64
 * + follow: the winner (0, 1, or -1 for no such trick), the winner's points, what the
 * trick adds to the count of tricks, and 0. */
static PyObject *play_usual(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 9) {
        PyErr_SetString(PyExc_TypeError, "play_usual takes 9 arguments");
        return NULL;
    }
    Py_buffer leadbuf, followbuf;
    if (PyObject_GetBuffer(args[0], &leadbuf, PyBUF_SIMPLE) < 0) return NULL;
    if (PyObject_GetBuffer(args[1], &followbuf, PyBUF_SIMPLE) < 0) {
        PyBuffer_Release(&leadbuf);
        return NULL;
    }
    PyObject *result = NULL;
    PyObject *history = NULL;
    if (leadbuf.len != 2 * SLOTS * 2 || followbuf.len != 2 * SLOTS * SLOTS * 8) {
        PyErr_SetString(PyExc_ValueError, "play_usual: tables of the wrong size");
        goto done;
    }
    const int16_t *lead_points = (const int16_t *)leadbuf.buf;
    const int16_t *follow = (const int16_t *)followbuf.buf;
    uint64_t hand[2];
    if (split_hands(args[2], &hand[0], &hand[1]) < 0) goto done;
    long lead = PyLong_AsLong(args[3]);
    long player = PyLong_AsLong(args[4]);
    long tricks = PyLong_AsLong(args[5]);
    if (PyErr_Occurred()) goto done;
    if (player != 0 && player != 1) {
        PyErr_SetString(PyExc_ValueError, "play_usual: the player to move is 0 or 1");
        goto done;
    }
    PyObject *plays = args[7];
    if (!PyTuple_Check(plays) || PyTuple_GET_SIZE(plays) < SLOTS) {
        PyErr_SetString(PyExc_TypeError, "play_usual: plays must be a tuple of 64");
        goto done;
    }
    history = args[6];
    Py_INCREF(history);
    Stream stream;
    stream.getrandbits = args[8];
    stream.count = stream.next = 0;
    long points[2] = {0, 0};
    int left = __builtin_popcountll(hand[0]) + __builtin_popcountll(hand[1]);
    while (left > 1) {
        uint64_t mine = hand[player];
        uint64_t choices = mine;
        if (lead >= 0) {
            uint64_t suit = mine & ((uint64_t)SUIT_BITS << (lead & SUIT_BASE));
            if (suit) choices = suit;
        }
        int n = __builtin_popcountll(choices);
        if (n == 0) {
            PyErr_SetString(PyExc_ValueError, "play_usual: the player to move holds no card");
            goto done;
        }
        int bits = bit_length((uint64_t)n);
        int pick;
        do {
            if (stream.next == stream.count && stream_fill(&stream, left - 1) < 0) goto done;
            pick = (int)(stream.words[stream.next++] >> (32 - bits));
        } while (pick >= n);
        int index = nth_card(choices, pick);
        PyObject *node = PyTuple_New(2);
        if (node == NULL) goto done;
        PyObject *play = PyTuple_GET_ITEM(plays, index);
        Py_INCREF(play);
        PyTuple_SET_ITEM(node, 0, history);  /* the reference moves to the node */
        PyTuple_SET_ITEM(node, 1, play);
        history = node;
        hand[player] &= ~((uint64_t)1 << index);
        left--;
        if (lead < 0) {
            points[player] += lead_points[player * SLOTS + index];
            lead = index;
            player = 1 - player;
            continue;
        }
        const int16_t *cell = follow + 4 * (player * SLOTS * SLOTS + lead * SLOTS + index);
        int winner = cell[0];
        if (winner < 0) {
            PyErr_SetString(PyExc_ValueError, "play_usual: no such trick in the tables");
            goto done;
        }
        points[winner] += cell[1];
        tricks += cell[2];
        lead = -1;
        player = winner;
    }
    PyObject *hands = hands_int(hand[0], hand[1]);
    if (hands == NULL) goto done;
    result = Py_BuildValue("(NllllOl)", hands, lead, player, points[0], points[1], history, tricks);
done:
    Py_XDECREF(history);
    PyBuffer_Release(&leadbuf);
    PyBuffer_Release(&followbuf);
    return result;
}

static PyMethodDef methods[] = {
    {"play_usual", (PyCFunction)(void (*)(void))play_usual, METH_FASTCALL,
     "The random play of a deal but its last card, as the engine's rollout plays it."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "piquet.search._csample",
    "The compiled kernel of the sampler and the random rollout.", -1, methods,
};

PyMODINIT_FUNC PyInit__csample(void) { return PyModule_Create(&module); }
