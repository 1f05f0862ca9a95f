/* The placement of hidden cards (draw_places): the groups of a sampling plan drawn, with
 * random.Random's own ways of drawing.
 *
 * A part of _csample.c, which includes it once: the parts make one translation unit,
 * so the compiler inlines across them as it did when they were one file (the split
 * left the compiled code the same, instruction for instruction). */
#ifndef PIQUET__CSAMPLE_PLACE_H
#define PIQUET__CSAMPLE_PLACE_H

/* random.Random._randbelow_with_getrandbits(n), n >= 1: getrandbits(k) until below n,
 * k the bit length of n. Calls the generator's own getrandbits, as the pure path does;
 * n past 63 bits goes to the generator's own randrange(n), which is _randbelow(n) for n
 * >= 1. A new reference, or NULL. */
static PyObject *randbelow(PyObject *getrandbits, PyObject *pyrandbelow, PyObject *n) {
    int overflow = 0;
    long long small = PyLong_AsLongLongAndOverflow(n, &overflow);
    if (small == -1 && PyErr_Occurred()) return NULL;
    if (overflow || small <= 0) return PyObject_CallOneArg(pyrandbelow, n);
    uint64_t limit = (uint64_t)small;
    PyObject *bits = PyLong_FromLong(bit_length(limit));
    if (bits == NULL) return NULL;
    for (;;) {
        PyObject *r = PyObject_CallOneArg(getrandbits, bits);
        if (r == NULL) break;
        unsigned long long value = PyLong_AsUnsignedLongLong(r);
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

static int extend(PyObject *list, PyObject *seq, Py_ssize_t from, Py_ssize_t to) {
    for (Py_ssize_t k = from; k < to; k++) {
        if (PyList_Append(list, PySequence_Fast_GET_ITEM(seq, k)) < 0) return -1;
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
    PyObject *groups = args[0], *options = args[3], *fill = args[4];
    PyObject *getrandbits = args[5], *pyrandbelow = args[6];
    if (!PyTuple_Check(groups) || !PyDict_Check(options)) {
        PyErr_SetString(PyExc_TypeError, "draw_places: groups a tuple, options a dict");
        return NULL;
    }
    long h = PyLong_AsLong(args[1]), x = PyLong_AsLong(args[2]);
    if (PyErr_Occurred()) return NULL;
    PyObject *hand = PyList_New(0), *discard = PyList_New(0), *stock = PyList_New(0);
    PyObject *result = NULL;
    if (!hand || !discard || !stock) goto done;
    for (Py_ssize_t g = 0; g < PyTuple_GET_SIZE(groups); g++) {
        PyObject *group = PyTuple_GET_ITEM(groups, g);
        PyObject *cards = PyTuple_GetItem(group, 0);
        PyObject *fits = PyTuple_GetItem(group, 3);
        if (cards == NULL || fits == NULL || !PyTuple_Check(cards)) goto done;
        Py_ssize_t n = PyTuple_GET_SIZE(cards);
        PyObject *key = Py_BuildValue("(nll)", g, h, x);
        if (key == NULL) goto done;
        PyObject *found = PyDict_GetItemWithError(options, key); /* borrowed */
        Py_XINCREF(found);
        if (found == NULL && !PyErr_Occurred()) found = PyObject_Call(fill, key, NULL);
        Py_DECREF(key);
        if (found == NULL) goto done;
        PyObject *cumulative = PyTuple_GetItem(found, 0);
        PyObject *splits = PyTuple_GetItem(found, 1);
        if (cumulative == NULL || splits == NULL || !PyList_Check(cumulative) ||
            !PyList_Check(splits) || PyList_GET_SIZE(splits) < 1) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "draw_places: options of the wrong shape");
            Py_DECREF(found);
            goto done;
        }
        Py_ssize_t chosen = 0, count = PyList_GET_SIZE(splits);
        if (count > 1) {
            PyObject *r = randbelow(getrandbits, pyrandbelow,
                                    PyList_GET_ITEM(cumulative, count - 1));
            if (r == NULL) {
                Py_DECREF(found);
                goto done;
            }
            /* bisect_right: the first whose cumulative count is above r */
            Py_ssize_t lo = 0, hi = count;
            while (lo < hi) {
                Py_ssize_t mid = (lo + hi) / 2;
                int below = PyObject_RichCompareBool(r, PyList_GET_ITEM(cumulative, mid), Py_LT);
                if (below < 0) {
                    Py_DECREF(r);
                    Py_DECREF(found);
                    goto done;
                }
                if (below) hi = mid;
                else lo = mid + 1;
            }
            Py_DECREF(r);
            chosen = lo;
        }
        long i, j;
        if (!PyArg_ParseTuple(PyList_GET_ITEM(splits, chosen), "ll", &i, &j)) {
            Py_DECREF(found);
            goto done;
        }
        Py_DECREF(found);
        if (fits != Py_None) {
            PyObject *subsets = PySequence_GetItem(fits, i);
            if (subsets == NULL) goto done;
            Py_ssize_t ways = PySequence_Size(subsets);
            Py_ssize_t pick = 0;
            if (ways > 1) pick = randbelow_small(getrandbits, pyrandbelow, ways);
            PyObject *held = pick < 0 ? NULL : PySequence_GetItem(subsets, pick);
            Py_DECREF(subsets);
            if (held == NULL) goto done;
            PyObject *heldfast = PySequence_Fast(held, "a subset must be a sequence");
            Py_DECREF(held);
            if (heldfast == NULL) goto done;
            PyObject *rest = PyList_New(0);
            int bad = rest == NULL ||
                      extend(hand, heldfast, 0, PySequence_Fast_GET_SIZE(heldfast)) < 0;
            for (Py_ssize_t k = 0; !bad && k < n; k++) {
                PyObject *card = PyTuple_GET_ITEM(cards, k);
                int in = PySequence_Contains(heldfast, card);
                if (in < 0 || (!in && PyList_Append(rest, card) < 0)) bad = 1;
            }
            Py_DECREF(heldfast);
            if (!bad) bad = shuffle(getrandbits, pyrandbelow, rest) < 0;
            if (!bad) bad = extend(discard, rest, 0, j) < 0;
            if (!bad) bad = extend(stock, rest, j, PyList_GET_SIZE(rest)) < 0;
            Py_XDECREF(rest);
            if (bad) goto done;
        } else if (i == n) {
            if (extend(hand, cards, 0, n) < 0) goto done;
        } else if (i + j == 0) {
            if (extend(stock, cards, 0, n) < 0) goto done;
        } else {
            /* random.Random.sample(cards, n): the pool's way, as n <= its set size */
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
            if (bad) goto done;
        }
        h -= i;
        x -= j;
    }
    result = PyTuple_Pack(3, hand, discard, stock);
done:
    Py_XDECREF(hand);
    Py_XDECREF(discard);
    Py_XDECREF(stock);
    return result;
}

#endif
