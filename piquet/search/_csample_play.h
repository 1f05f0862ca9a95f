/* The random play of a deal (play_usual, play_value): the random numbers in blocks, the
 * cards played, the points entered.
 *
 * A part of _csample.c, which includes it once: the parts make one translation unit,
 * so the compiler inlines across them as it did when they were one file (the split
 * left the compiled code the same, instruction for instruction). */
#ifndef PIQUET__CSAMPLE_PLAY_H
#define PIQUET__CSAMPLE_PLAY_H

typedef struct {
    PyObject *getrandbits;
    uint32_t words[MAX_WORDS];
    int count; /* words in the block */
    int next;  /* the next word to use */
} Stream;

/* Fetch a block of `count` 32-bit outputs (count >= 1). */
static int stream_fill(Stream *s, int count) {
    if (count > MAX_WORDS) count = MAX_WORDS;
    PyObject *bits = PyLong_FromLong(32 * count);
    if (bits == NULL) return -1;
    PyObject *got = PyObject_CallOneArg(s->getrandbits, bits); /* no format to parse */
    Py_DECREF(bits);
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
        uint32_t field = (uint32_t)(cards >> (suit * SUIT_SHIFT)) & SUIT_BITS;
        int here = popcount64(field);
        if (pick < here) {
            for (;; pick--) { /* high to low: drop the highest until the pick-th */
                int bit = msb64(field);
                if (pick == 0) return suit * SUIT_SHIFT + bit;
                field &= ~(1u << bit);
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
    /* both hands at once as 16 little-endian bytes: no intermediate ints */
    unsigned char bytes[16];
    if (!PyLong_Check(hands)) {
        PyErr_SetString(PyExc_TypeError, "the hands must be an int");
        return -1;
    }
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t done = PyLong_AsNativeBytes(
        hands, bytes, 16, Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER);
    if (done < 0) return -1;
    if (done > 16) {
        PyErr_SetString(PyExc_OverflowError, "the hands do not fit 128 bits");
        return -1;
    }
#else
    if (_PyLong_AsByteArray((PyLongObject *)hands, bytes, 16, 1, 0) < 0) return -1;
#endif
    uint64_t words[2] = {0, 0};
    for (int i = 15; i >= 0; i--) words[i / 8] = words[i / 8] << 8 | bytes[i];
    *lo = words[0];
    *hi = words[1];
    return 0;
}

/* The random play of one deal's cards while more than `keep` are left, drawing from
 * `stream` as the engine's _play_out does; each card played is linked onto `*history`
 * (a new reference, the old one moved into the node) when `history` is not NULL. The
 * state's fields are updated in place; `*winning` is the card that won the last trick
 * finished. 0, or -1 with an exception set. */
typedef struct {
    uint64_t hand[2];
    long lead, player, tricks;
    long points[2];
    int winning;
    /* the race for pique while it is open (engine/ledger.py: play_entry, _follow_race) */
    int open, elder, entered[2];
    long counted[2], threshold, pique;
} Play;

/* An entry of `points` for `player`, the race followed: the elder's play counts toward
 * pique (`counts`: a card led, a trick, the last trick; not the cards nor capot) until
 * the opponent has an entry too. */
static void enter(Play *p, int player, long points, int counts) {
    p->points[player] += points;
    if (!p->open || points <= 0) return;
    if (p->entered[1 - player]) {
        p->open = 0; /* both have entries: settled, with no bonus */
        return;
    }
    if (counts && player == p->elder) {
        p->counted[player] += points;
        if (p->counted[player] >= p->threshold) {
            p->open = 0;
            p->points[player] += p->pique;
            return;
        }
    }
    p->entered[player] = 1;
}

static int play_cards(Play *p, const int16_t *lead_points, const int16_t *follow,
                      PyObject *plays, PyObject **history, Stream *stream, int keep) {
    int left = popcount64(p->hand[0]) + popcount64(p->hand[1]);
    while (left > keep) {
        long player = p->player;
        uint64_t choices = p->hand[player];
        if (p->lead >= 0) {
            uint64_t suit = choices & ((uint64_t)SUIT_BITS << (p->lead & SUIT_BASE));
            if (suit) choices = suit;
        }
        int n = popcount64(choices);
        if (n == 0) {
            PyErr_SetString(PyExc_ValueError, "the play: the player to move holds no card");
            return -1;
        }
        int bits = bit_length((uint64_t)n);
        int pick;
        do {  /* every card left draws at least once: a block never draws too far */
            if (stream->next == stream->count && stream_fill(stream, left - keep) < 0) return -1;
            pick = (int)(stream->words[stream->next++] >> (32 - bits));
        } while (pick >= n);
        int index = nth_card(choices, pick);
        if (history != NULL) {
            PyObject *node = PyTuple_New(2);
            if (node == NULL) return -1;
            PyObject *play = PyTuple_GET_ITEM(plays, index);
            Py_INCREF(play);
            PyTuple_SET_ITEM(node, 0, *history); /* the reference moves to the node */
            PyTuple_SET_ITEM(node, 1, play);
            *history = node;
        }
        p->hand[player] &= ~((uint64_t)1 << index);
        left--;
        if (p->lead < 0) {
            enter(p, (int)player, lead_points[player * SLOTS + index], 1);
            p->lead = index;
            p->player = 1 - player;
            continue;
        }
        const int16_t *cell = follow + 4 * (player * SLOTS * SLOTS + p->lead * SLOTS + index);
        int winner = cell[0];
        if (winner < 0) {
            PyErr_SetString(PyExc_ValueError, "the play: no such trick in the tables");
            return -1;
        }
        enter(p, winner, cell[1], 1);
        p->tricks += cell[2];
        p->winning = winner == player ? index : (int)p->lead;
        p->lead = -1;
        p->player = winner;
    }
    return 0;
}

/* The state's fields (hands, lead, to_move, tricks) of `args` into `p`, its points
 * zeroed and the race closed; 0, or -1 with an exception set. */
static int read_fields(PyObject *const *args, Play *p) {
    if (split_hands(args[0], &p->hand[0], &p->hand[1]) < 0) return -1;
    if ((p->hand[0] | p->hand[1]) & ~CARD_BITS) {
        PyErr_SetString(PyExc_ValueError, "the play: the hands hold bits that are no card");
        return -1;
    }
    long *fields[3] = {&p->lead, &p->player, &p->tricks};
    for (int i = 0; i < 3; i++) {
        *fields[i] = PyLong_AsLong(args[1 + i]);
        if (*fields[i] == -1 && PyErr_Occurred()) return -1;
    }
    if (p->player != 0 && p->player != 1) {
        PyErr_SetString(PyExc_ValueError, "the play: the player to move is 0 or 1");
        return -1;
    }
    if (p->lead < -1 || p->lead >= SLOTS) {
        PyErr_SetString(PyExc_ValueError, "the play: the card led is -1 or a card index");
        return -1;
    }
    p->points[0] = p->points[1] = 0;
    p->winning = -1;
    p->open = 0;
    return 0;
}

/* The tables (lead_points, follow) and the state's fields (hands, lead, to_move,
 * tricks) of arguments 0 to 5 into `p` and the buffers; 0, or -1 with an exception
 * set and the buffers released. */
static int read_play(PyObject *const *args, Py_buffer *leadbuf, Py_buffer *followbuf, Play *p) {
    if (PyObject_GetBuffer(args[0], leadbuf, PyBUF_SIMPLE) < 0) return -1;
    if (PyObject_GetBuffer(args[1], followbuf, PyBUF_SIMPLE) < 0) {
        PyBuffer_Release(leadbuf);
        return -1;
    }
    if (leadbuf->len != 2 * SLOTS * 2 || followbuf->len != 2 * SLOTS * SLOTS * 8) {
        PyErr_SetString(PyExc_ValueError, "the play: tables of the wrong size");
        goto fail;
    }
    if (read_fields(args + 2, p) < 0) goto fail;
    return 0;
fail:
    PyBuffer_Release(leadbuf);
    PyBuffer_Release(followbuf);
    return -1;
}

/* play_usual(lead_points, follow, hands, lead, to_move, tricks, history, plays,
 *            getrandbits) -> (hands, lead, to_move, points_a, points_b, history, tricks)
 *
 * lead_points: bytes of 2 * 64 int16, the points a card led scores for its leader (by
 * leader, card); follow: bytes of 2 * 4096 records of four int16, by follower, lead * 64
 * + follow: the winner (0, 1, or -1 for no such trick), the winner's points, what the
 * trick adds to the count of tricks, and 0. Stops before the deal's last card. */
static PyObject *play_usual(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 9) {
        PyErr_SetString(PyExc_TypeError, "play_usual takes 9 arguments");
        return NULL;
    }
    Py_buffer leadbuf, followbuf;
    Play p;
    if (read_play(args, &leadbuf, &followbuf, &p) < 0) return NULL;
    PyObject *result = NULL;
    PyObject *plays = args[7];
    PyObject *history = args[6];
    Py_INCREF(history);
    if (!PyTuple_Check(plays) || PyTuple_GET_SIZE(plays) < SLOTS) {
        PyErr_SetString(PyExc_TypeError, "play_usual: plays must be a tuple of 64");
        goto done;
    }
    Stream stream;
    stream.getrandbits = args[8];
    stream.count = stream.next = 0;
    if (play_cards(&p, (const int16_t *)leadbuf.buf, (const int16_t *)followbuf.buf, plays,
                   &history, &stream, 1) < 0)
        goto done;
    PyObject *hands = hands_int(p.hand[0], p.hand[1]);
    if (hands == NULL) goto done;
    result = Py_BuildValue("(NllllOl)", hands, p.lead, p.player, p.points[0], p.points[1],
                           history, p.tricks);
done:
    Py_XDECREF(history);
    PyBuffer_Release(&leadbuf);
    PyBuffer_Release(&followbuf);
    return result;
}

/* play_value(tables, hands, lead, to_move, tricks, scores, getrandbits, race, dealer)
 *            -> the deal's score of the player to move less his opponent's at the deal's
 *            end, the rest of the play random
 *
 * The random play of every card left, as play_usual plays them and the engine then the
 * last, keeping no history, and the end of the play. tables: bytes of int16, play_usual's
 * lead_points (2 * 64) and follow (2 * 4096 * 4), then the end of the play: the last
 * trick's points by the index of its winning card (64), the cards' points (0 when they
 * are not scored after the last trick), capot's, the shift of B's count in the count of
 * tricks, the race's threshold and pique, and the bits of one score in the packed
 * scores. The cards go to the side with more than six tricks, capot to the side with
 * all twelve (engine/play.py: _the_cards). scores: the state's packed scores, the
 * deal's points of A and B in their low two fields (engine/parts.py: pack_scores).
 * race: None when the race for pique is settled, else ((counted_a, counted_b),
 * (entered_a, entered_b)): the elder's play (the dealer's opponent's) counts toward
 * pique, scored as it reaches the threshold while the younger has no entry. One bytes object and the state's own fields, so that the caller
 * builds no tuple and unpacks no field: the Python around the call (the race's tuple,
 * the scores read apart) was two fifths of its time. */
#define CLOSING_AT (2 * SLOTS + 2 * SLOTS * SLOTS * 4)
#define VALUE_TABLES_LEN (2 * (CLOSING_AT + SLOTS + 6))

static int read_race(PyObject *race, long dealer, const int16_t *closing, Play *p) {
    if (race == Py_None) return 0;
    if (!PyTuple_Check(race) || PyTuple_GET_SIZE(race) != 2) goto wrong;
    PyObject *counted = PyTuple_GET_ITEM(race, 0), *entered = PyTuple_GET_ITEM(race, 1);
    if (!PyTuple_Check(counted) || PyTuple_GET_SIZE(counted) != 2 || !PyTuple_Check(entered) ||
        PyTuple_GET_SIZE(entered) != 2)
        goto wrong;
    for (int side = 0; side < 2; side++) {
        p->counted[side] = PyLong_AsLong(PyTuple_GET_ITEM(counted, side));
        if (p->counted[side] == -1 && PyErr_Occurred()) return -1;
        p->entered[side] = PyObject_IsTrue(PyTuple_GET_ITEM(entered, side));
        if (p->entered[side] < 0) return -1;
    }
    p->elder = (int)(1 - dealer);
    p->threshold = closing[SLOTS + 3];
    p->pique = closing[SLOTS + 4];
    p->open = 1;
    return 0;
wrong:
    PyErr_SetString(PyExc_TypeError, "play_value: the race is None or two pairs");
    return -1;
}

static PyObject *play_value(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 9) {
        PyErr_SetString(PyExc_TypeError, "play_value takes 9 arguments");
        return NULL;
    }
    if (!PyBytes_Check(args[0]) || PyBytes_GET_SIZE(args[0]) != VALUE_TABLES_LEN) {
        PyErr_SetString(PyExc_ValueError, "play_value: the tables are bytes of the wrong size");
        return NULL;
    }
    const int16_t *lead_points = (const int16_t *)PyBytes_AS_STRING(args[0]);
    const int16_t *follow = lead_points + 2 * SLOTS;
    const int16_t *closing = lead_points + CLOSING_AT;
    Play p;
    if (read_fields(args + 1, &p) < 0) return NULL;
    unsigned long long scores = PyLong_AsUnsignedLongLongMask(args[5]); /* the deal's fields */
    if (scores == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
    long dealer = PyLong_AsLong(args[8]);
    if (dealer == -1 && PyErr_Occurred()) return NULL;
    if (dealer != 0 && dealer != 1) {
        PyErr_SetString(PyExc_ValueError, "play_value: the dealer is 0 or 1");
        return NULL;
    }
    if (read_race(args[7], dealer, closing, &p) < 0) return NULL;
    long mover = p.player;
    Stream stream;
    stream.getrandbits = args[6];
    stream.count = stream.next = 0;
    if (play_cards(&p, lead_points, follow, NULL, NULL, &stream, 0) < 0) return NULL;
    if (p.winning < 0) {
        PyErr_SetString(PyExc_ValueError, "play_value: no card left to play");
        return NULL;
    }
    enter(&p, (int)p.player, closing[p.winning], 1); /* the last trick's winner */
    long won_by_a = p.tricks & ((1L << closing[SLOTS + 2]) - 1);
    if (won_by_a != 6) {
        int side = won_by_a > 6 ? 0 : 1;
        enter(&p, side, won_by_a == 0 || won_by_a == 12 ? closing[SLOTS + 1] : closing[SLOTS],
              0);
    }
    int bits = closing[SLOTS + 5];
    unsigned long long field = (1ULL << bits) - 1;
    long now[2] = {(long)(scores & field), (long)(scores >> bits & field)};
    return PyLong_FromLong(now[mover] - now[1 - mover] + p.points[mover] - p.points[1 - mover]);
}

#endif
