/* A placement drawn from the witnesses (witness_place): search/_witnesses.py's
 * Witnesses.draw, the same random numbers. A witness picked in proportion to its size,
 * a placement of its groups (place_groups), and the placement kept with probability
 * 1/m, m the witnesses holding it (Karp and Luby). In Python a draw was some 40,000
 * instructions, and a witness's plan drew two or three a proposal.
 *
 * A part of _csample.c, which includes it once, after _csample_place.h (place_groups,
 * randbelow) and before _csample_propose.h, whose proposals draw from it. */
#ifndef PIQUET__CSAMPLE_WITNESS_H
#define PIQUET__CSAMPLE_WITNESS_H

static int mask_of_cards(PyObject *list, uint64_t *mask); /* _csample_propose.h */

/* -1, with a TypeError naming what of the witnesses' arguments is malformed. */
static int witness_malformed(const char *what) {
    PyErr_Format(PyExc_TypeError, "a draw from the witnesses: %s", what);
    return -1;
}

/* The fields of the witnesses' arguments (search/_witnesses.py's Witnesses.kernel_args). */
enum {
    WITNESS_CUMULATIVE, /* the witnesses' sizes summed, in order (a tuple of ints) */
    WITNESS_TOTAL,      /* the last of them */
    WITNESS_PLACINGS,   /* each witness's draw_places arguments but the random's */
    WITNESS_FORCED,     /* the cards each puts in his hand (masks) */
    WITNESS_POINTS,     /* the points each asks: (suit shift, which point claim) pairs */
    WITNESS_HELD_MEMO,  /* PointHeld's memo: (claim, holding) -> bool */
    WITNESS_HELD,       /* PointHeld itself, for a holding not in its memo yet */
    WITNESS_KNOWN,      /* the cards known to be in his hand */
    WITNESS_FIELDS
};

/* Whether a suit's holding makes the point claim `req` (PointHeld's answer, from its
 * memo or by calling it): 1, 0, or -1 with an exception set. */
static int point_held(PyObject *const *witnessing, PyObject *req, uint64_t holding) {
    PyObject *holding_object = PyLong_FromUnsignedLongLong(holding);
    if (holding_object == NULL) return -1;
    PyObject *key = PyTuple_Pack(2, req, holding_object);
    Py_DECREF(holding_object);
    if (key == NULL) return -1;
    PyObject *found = PyDict_GetItemWithError(witnessing[WITNESS_HELD_MEMO], key); /* borrowed */
    int held;
    if (found != NULL) {
        held = PyObject_IsTrue(found);
    } else if (PyErr_Occurred()) {
        held = -1;
    } else {
        PyObject *argv[2] = {req, PyTuple_GET_ITEM(key, 1)};
        PyObject *made = PyObject_Vectorcall(witnessing[WITNESS_HELD], argv, 2, NULL);
        held = made == NULL ? -1 : PyObject_IsTrue(made);
        Py_XDECREF(made);
    }
    Py_DECREF(key);
    return held;
}

/* How many witnesses hold his hand `hand`: those whose cards it holds and whose points
 * each suit of it makes. The count, or -1 with an exception set. */
static Py_ssize_t witnesses_holding(PyObject *const *witnessing, uint64_t hand) {
    PyObject *forced = witnessing[WITNESS_FORCED], *points = witnessing[WITNESS_POINTS];
    Py_ssize_t covering = 0;
    for (Py_ssize_t w = 0; w < PyTuple_GET_SIZE(forced); w++) {
        uint64_t cards = as_mask(PyTuple_GET_ITEM(forced, w));
        if (cards == (uint64_t)-1 && PyErr_Occurred()) return -1;
        if ((hand & cards) != cards) continue;
        PyObject *asked = PyTuple_GET_ITEM(points, w);
        if (!PyTuple_Check(asked)) return witness_malformed("a witness's points are not a tuple");
        int holds = 1;
        for (Py_ssize_t p = 0; holds == 1 && p < PyTuple_GET_SIZE(asked); p++) {
            PyObject *pair = PyTuple_GET_ITEM(asked, p);
            if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2)
                return witness_malformed("a witness's point is not a (shift, claim) pair");
            long shift = PyLong_AsLong(PyTuple_GET_ITEM(pair, 0));
            if (shift == -1 && PyErr_Occurred()) return -1;
            if (shift < 0 || shift > 48) return witness_malformed("a witness's point has no suit's shift");
            holds = point_held(witnessing, PyTuple_GET_ITEM(pair, 1),
                               hand & ((uint64_t)SUIT_BITS << shift));
        }
        if (holds < 0) return -1;
        covering += holds;
    }
    return covering;
}

/* One draw from the witnesses into the lists `hand`, `discard` and `stock` (empty):
 * 1 when kept (his hand's mask, the known cards with it, in *held), 0 when dropped
 * (drawn again, as Witnesses.draw's None), -1 with an exception set. */
static int witness_place(PyObject *witnessing_tuple, PyObject *getrandbits, PyObject *pyrandbelow,
                         PyObject *hand, PyObject *discard, PyObject *stock, uint64_t *held) {
    if (!PyTuple_Check(witnessing_tuple) || PyTuple_GET_SIZE(witnessing_tuple) != WITNESS_FIELDS)
        return witness_malformed("the witnesses' arguments");
    PyObject *const *witnessing = &PyTuple_GET_ITEM(witnessing_tuple, 0);
    PyObject *cumulative = witnessing[WITNESS_CUMULATIVE], *placings = witnessing[WITNESS_PLACINGS];
    if (!PyTuple_Check(cumulative) || !PyTuple_Check(placings) ||
        !PyTuple_Check(witnessing[WITNESS_FORCED]) || !PyTuple_Check(witnessing[WITNESS_POINTS]) ||
        !PyDict_Check(witnessing[WITNESS_HELD_MEMO]) ||
        PyTuple_GET_SIZE(placings) != PyTuple_GET_SIZE(cumulative) ||
        PyTuple_GET_SIZE(witnessing[WITNESS_FORCED]) != PyTuple_GET_SIZE(cumulative) ||
        PyTuple_GET_SIZE(witnessing[WITNESS_POINTS]) != PyTuple_GET_SIZE(cumulative))
        return witness_malformed("the witnesses' sizes, placings, cards, points or memo");
    uint64_t known = as_mask(witnessing[WITNESS_KNOWN]);
    if (known == (uint64_t)-1 && PyErr_Occurred()) return -1;
    PyObject *r = randbelow(getrandbits, pyrandbelow, witnessing[WITNESS_TOTAL]);
    if (r == NULL) return -1;
    Py_ssize_t k = 0, n = PyTuple_GET_SIZE(cumulative); /* bisect_right */
    while (k < n) {
        int above = PyObject_RichCompareBool(PyTuple_GET_ITEM(cumulative, k), r, Py_GT);
        if (above < 0) {
            Py_DECREF(r);
            return -1;
        }
        if (above) break;
        k++;
    }
    Py_DECREF(r);
    if (k == n) return witness_malformed("a draw past the witnesses' total");
    PyObject *placing = PyTuple_GET_ITEM(placings, k);
    if (!PyTuple_Check(placing) || PyTuple_GET_SIZE(placing) != 5)
        return witness_malformed("a witness's placing");
    PyObject *argv[7];
    for (int i = 0; i < 5; i++) argv[i] = PyTuple_GET_ITEM(placing, i);
    argv[5] = getrandbits;
    argv[6] = pyrandbelow;
    uint64_t placed;
    if (place_groups(argv, hand, discard, stock) < 0 || mask_of_cards(hand, &placed) < 0)
        return -1;
    *held = known | placed;
    Py_ssize_t covering = witnesses_holding(witnessing, *held);
    if (covering < 0) return -1;
    if (covering == 1) return 1;
    Py_ssize_t drawn = randbelow_small(getrandbits, pyrandbelow, covering);
    return drawn < 0 ? -1 : drawn == 0;
}

#endif
