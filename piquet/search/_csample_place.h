/* The placement of hidden cards (draw_places): the groups of a sampling plan drawn, with
 * random.Random's own ways of drawing.
 *
 * A part of _csample.c, which includes it once: the parts make one translation unit,
 * so the compiler inlines across them as it did when they were one file (the split
 * left the compiled code the same, instruction for instruction). */
#ifndef PIQUET__CSAMPLE_PLACE_H
#define PIQUET__CSAMPLE_PLACE_H

/* random.Random._randbelow_with_getrandbits(n), n >= 1: getrandbits(k) until below n,
 * k the bit length of n: the generator's own getrandbits, as the pure path calls it (or
 * its generator stepped in place, the same numbers: _csample_mt.h);
 * n past 63 bits goes to the generator's own randrange(n), which is _randbelow(n) for n
 * >= 1. A new reference, or NULL. */
static PyObject *randbelow(PyObject *getrandbits, PyObject *pyrandbelow, PyObject *n) {
    int overflow = 0;
    long long small = PyLong_AsLongLongAndOverflow(n, &overflow);
    if (small == -1 && PyErr_Occurred()) return NULL;
    if (overflow || small <= 0) return PyObject_CallOneArg(pyrandbelow, n);
    uint64_t limit = (uint64_t)small;
    if (limit <= UINT32_MAX) { /* the generator drawn from in place: _csample_mt.h */
        MTGenerator *generator = mt_of(getrandbits);
        if (generator != NULL) return PyLong_FromUnsignedLong(mt_below(generator, limit));
        if (PyErr_Occurred()) return NULL;
    }
    PyObject *bits = PyLong_FromLong(bit_length(limit));
    if (bits == NULL) return NULL;
    for (;;) {
        PyObject *r = PyObject_CallOneArg(getrandbits, bits);
        if (r == NULL) break;
        unsigned long long value = as_mask(r);
        if (value == (unsigned long long)-1 && PyErr_Occurred()) {
            Py_DECREF(r);
            break;
        }
        if (value < limit) {
            Py_DECREF(bits);
            return r;
        }
        Py_DECREF(r);
    }
    Py_DECREF(bits);
    return NULL;
}

static Py_ssize_t randbelow_small(PyObject *getrandbits, PyObject *pyrandbelow, Py_ssize_t n) {
    if (n >= 1 && (uint64_t)n <= UINT32_MAX) {
        MTGenerator *generator = mt_of(getrandbits);
        if (generator != NULL) return mt_below(generator, (uint64_t)n);
        if (PyErr_Occurred()) return -1;
    }
    PyObject *limit = PyLong_FromSsize_t(n);
    if (limit == NULL) return -1;
    PyObject *r = randbelow(getrandbits, pyrandbelow, limit);
    Py_DECREF(limit);
    if (r == NULL) return -1;
    Py_ssize_t value = PyLong_AsSsize_t(r);
    Py_DECREF(r);
    return value;
}

/* random.Random.shuffle of a list, in place. */
static int shuffle(PyObject *getrandbits, PyObject *pyrandbelow, PyObject *list) {
    Py_ssize_t size = PyList_GET_SIZE(list);
    for (Py_ssize_t i = size - 1; i >= 1; i--) {
        Py_ssize_t j = randbelow_small(getrandbits, pyrandbelow, i + 1);
        if (j < 0) return -1;
        PyObject *a = PyList_GET_ITEM(list, i);
        PyList_SET_ITEM(list, i, PyList_GET_ITEM(list, j));
        PyList_SET_ITEM(list, j, a);
    }
    return 0;
}

/* shuffled_places(n, getrandbits, randrange): list(range(n)) shuffled as
 * random.Random.shuffle shuffles it, drawing the same numbers (search/_steps.py's
 * Choice.order: the order a replay tries the opponent's possible words in). */
static PyObject *shuffled_places(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "shuffled_places(n, getrandbits, randrange)");
        return NULL;
    }
    Py_ssize_t n = PyLong_AsSsize_t(args[0]);
    if (n == -1 && PyErr_Occurred()) return NULL;
    if (n < 0) {
        PyErr_Format(PyExc_ValueError, "shuffled_places: n must be at least 0, not %zd", n);
        return NULL;
    }
    if (!PyCallable_Check(args[1]) || !PyCallable_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError,
                        "shuffled_places: getrandbits and randrange must be callables");
        return NULL;
    }
    PyObject *list = PyList_New(n);
    if (list == NULL) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *place = PyLong_FromSsize_t(i);
        if (place == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, place);
    }
    if (shuffle(args[1], args[2], list) < 0) {
        Py_DECREF(list);
        return NULL;
    }
    return list;
}

static int extend(PyObject *list, PyObject *seq, Py_ssize_t from, Py_ssize_t to) {
    for (Py_ssize_t k = from; k < to; k++) {
        if (PyList_Append(list, PySequence_Fast_GET_ITEM(seq, k)) < 0) return -1;
    }
    return 0;
}

/* Where a group's cards go: (i, j), so many to the opponent's hand and to his discard,
 * drawn by the plan's counts (`options[(g, h, x)]`, made by `fill` when missing: the
 * cumulative counts and the splits) as draw_groups draws it, of the group's `n` cards.
 * 0, or -1 with an exception set. */
static int draw_split(PyObject *options, PyObject *fill, Py_ssize_t g, long h, long x,
                      Py_ssize_t n, PyObject *getrandbits, PyObject *pyrandbelow, long *i,
                      long *j) {
    /* a tuple of the small ints packed by hand: Py_BuildValue parses its format at
     * every call, and with the split read below that was a third of a placement */
    PyObject *key = NULL, *gk = PyLong_FromSsize_t(g), *hk = PyLong_FromLong(h),
             *xk = PyLong_FromLong(x);
    if (gk && hk && xk) key = PyTuple_Pack(3, gk, hk, xk);
    Py_XDECREF(gk);
    Py_XDECREF(hk);
    Py_XDECREF(xk);
    if (key == NULL) return -1;
    PyObject *found = PyDict_GetItemWithError(options, key); /* borrowed */
    Py_XINCREF(found);
    if (found == NULL && !PyErr_Occurred()) found = PyObject_Call(fill, key, NULL);
    Py_DECREF(key);
    if (found == NULL) return -1;
    int failed = -1;
    PyObject *cumulative = PyTuple_GetItem(found, 0);
    PyObject *splits = PyTuple_GetItem(found, 1);
    if (cumulative == NULL || splits == NULL || !PyList_Check(cumulative) ||
        !PyList_Check(splits) || PyList_GET_SIZE(splits) < 1) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "draw_places: options of the wrong shape");
        goto done;
    }
    Py_ssize_t chosen = 0, count = PyList_GET_SIZE(splits);
    if (count > 1) {
        PyObject *r = randbelow(getrandbits, pyrandbelow, PyList_GET_ITEM(cumulative, count - 1));
        if (r == NULL) goto done;
        /* bisect_right: the first whose cumulative count is above r */
        Py_ssize_t lo = 0, hi = count;
        while (lo < hi) {
            Py_ssize_t mid = (lo + hi) / 2;
            int below = PyObject_RichCompareBool(r, PyList_GET_ITEM(cumulative, mid), Py_LT);
            if (below < 0) {
                Py_DECREF(r);
                goto done;
            }
            if (below) hi = mid;
            else lo = mid + 1;
        }
        Py_DECREF(r);
        chosen = lo;
    }
    PyObject *split = PyList_GET_ITEM(splits, chosen);
    if (!PyTuple_Check(split) || PyTuple_GET_SIZE(split) != 2) {
        PyErr_SetString(PyExc_ValueError, "draw_places: a split is two counts");
        goto done;
    }
    *i = PyLong_AsLong(PyTuple_GET_ITEM(split, 0));
    *j = PyLong_AsLong(PyTuple_GET_ITEM(split, 1));
    if (PyErr_Occurred()) goto done;
    if (*i < 0 || *j < 0 || *i + *j > n) { /* the cards placed are the group's */
        PyErr_Format(PyExc_ValueError,
                     "draw_places: a split of %ld and %ld cards of a group of %zd", *i, *j, n);
        goto done;
    }
    failed = 0;
done:
    Py_DECREF(found);
    return failed;
}

/* A group whose hand's share is one of so many fitting subsets (`fits[i]`): one drawn
 * for the hand, the rest shuffled, its first j to the discard, the others to the
 * stock. 0, or -1 with an exception set. */
static int place_fitted(PyObject *cards, PyObject *fits, long i, long j, PyObject *getrandbits,
                        PyObject *pyrandbelow, PyObject *hand, PyObject *discard,
                        PyObject *stock) {
    PyObject *subsets = PySequence_GetItem(fits, i);
    if (subsets == NULL) return -1;
    Py_ssize_t ways = PySequence_Size(subsets);
    Py_ssize_t pick = 0;
    if (ways > 1) pick = randbelow_small(getrandbits, pyrandbelow, ways);
    PyObject *held = pick < 0 ? NULL : PySequence_GetItem(subsets, pick);
    Py_DECREF(subsets);
    if (held == NULL) return -1;
    PyObject *heldfast = PySequence_Fast(held, "a subset must be a sequence");
    Py_DECREF(held);
    if (heldfast == NULL) return -1;
    PyObject *rest = PyList_New(0);
    int bad = rest == NULL || extend(hand, heldfast, 0, PySequence_Fast_GET_SIZE(heldfast)) < 0;
    /* by identity: there is one object per card (piquet.cards.Card), and its __eq__,
     * Python code, made the look-ups a fifth of a placement */
    Py_ssize_t held_size = PySequence_Fast_GET_SIZE(heldfast);
    PyObject **held_items = PySequence_Fast_ITEMS(heldfast);
    for (Py_ssize_t k = 0; !bad && k < PyTuple_GET_SIZE(cards); k++) {
        PyObject *card = PyTuple_GET_ITEM(cards, k);
        int in = 0;
        for (Py_ssize_t m = 0; m < held_size && !in; m++) in = held_items[m] == card;
        if (!in && PyList_Append(rest, card) < 0) bad = 1;
    }
    Py_DECREF(heldfast);
    if (!bad) bad = shuffle(getrandbits, pyrandbelow, rest) < 0;
    if (!bad) bad = extend(discard, rest, 0, j) < 0;
    if (!bad) bad = extend(stock, rest, j, PyList_GET_SIZE(rest)) < 0;
    Py_XDECREF(rest);
    return bad ? -1 : 0;
}

/* A group's cards in the order random.Random.sample(cards, n) draws them (the pool's
 * way, as n is at most its set size): the first i to the hand, the next j to the
 * discard, the rest to the stock. 0, or -1 with an exception set. */
static int place_sampled(PyObject *cards, long i, long j, PyObject *getrandbits,
                         PyObject *pyrandbelow, PyObject *hand, PyObject *discard,
                         PyObject *stock) {
    Py_ssize_t n = PyTuple_GET_SIZE(cards);
    PyObject *pool = PySequence_List(cards);
    PyObject *order = PyList_New(n);
    int bad = pool == NULL || order == NULL;
    for (Py_ssize_t k = 0; !bad && k < n; k++) {
        Py_ssize_t at = randbelow_small(getrandbits, pyrandbelow, n - k);
        if (at < 0) {
            bad = 1;
            break;
        }
        PyObject *card = PyList_GET_ITEM(pool, at);
        Py_INCREF(card);
        PyList_SET_ITEM(order, k, card);
        PyList_SET_ITEM(pool, at, PyList_GET_ITEM(pool, n - k - 1));
        PyList_SET_ITEM(pool, n - k - 1, card); /* the pool keeps one reference */
    }
    if (!bad) bad = extend(hand, order, 0, i) < 0;
    if (!bad) bad = extend(discard, order, i, i + j) < 0;
    if (!bad) bad = extend(stock, order, i + j, n) < 0;
    Py_XDECREF(pool);
    Py_XDECREF(order);
    return bad ? -1 : 0;
}

/* The groups placed in turn, their cards appended to hand, discard and stock (lists):
 * draw_places's work. 0, or -1 with an exception set. */
static int place_groups(PyObject *const *args, PyObject *hand, PyObject *discard,
                        PyObject *stock) {
    PyObject *groups = args[0], *options = args[3], *fill = args[4];
    PyObject *getrandbits = args[5], *pyrandbelow = args[6];
    if (!PyTuple_Check(groups) || !PyDict_Check(options)) {
        PyErr_SetString(PyExc_TypeError, "draw_places: groups a tuple, options a dict");
        return -1;
    }
    long h = PyLong_AsLong(args[1]), x = PyLong_AsLong(args[2]);
    if (PyErr_Occurred()) return -1;
    for (Py_ssize_t g = 0; g < PyTuple_GET_SIZE(groups); g++) {
        PyObject *group = PyTuple_GET_ITEM(groups, g);
        PyObject *cards = PyTuple_GetItem(group, 0);
        PyObject *fits = PyTuple_GetItem(group, 3);
        if (cards == NULL || fits == NULL || !PyTuple_Check(cards)) return -1;
        Py_ssize_t n = PyTuple_GET_SIZE(cards);
        long i, j;
        if (draw_split(options, fill, g, h, x, n, getrandbits, pyrandbelow, &i, &j) < 0)
            return -1;
        int placed = 0;
        if (fits != Py_None)
            placed = place_fitted(cards, fits, i, j, getrandbits, pyrandbelow, hand, discard,
                                  stock);
        else if (i == n)
            placed = extend(hand, cards, 0, n);
        else if (i + j == 0)
            placed = extend(stock, cards, 0, n);
        else
            placed = place_sampled(cards, i, j, getrandbits, pyrandbelow, hand, discard, stock);
        if (placed < 0) return -1;
        h -= i;
        x -= j;
    }
    return 0;
}

/* draw_places(groups, hand_size, discard_size, options, fill, getrandbits, randrange)
 *     -> (hand, discard, stock)
 *
 * groups: the plan's groups, (cards, allowed, most, fits); options: the plan's dict
 * (g, h, x) -> (cumulative, splits), which fill(g, h, x) makes when missing; the
 * random numbers drawn as draw_groups draws them with randrange, shuffle and sample. */
static PyObject *draw_places(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 7) {
        PyErr_SetString(PyExc_TypeError, "draw_places takes 7 arguments");
        return NULL;
    }
    PyObject *hand = PyList_New(0), *discard = PyList_New(0), *stock = PyList_New(0);
    PyObject *result = NULL;
    if (hand && discard && stock && place_groups(args, hand, discard, stock) == 0)
        result = PyTuple_Pack(3, hand, discard, stock);
    Py_XDECREF(hand);
    Py_XDECREF(discard);
    Py_XDECREF(stock);
    return result;
}

#endif
