/* The stock's order (stock_order): once a placement of the hidden cards is kept, the
 * cards the opponent took from the stock drawn from his hand, and every part of the
 * stock shuffled, as search/_replay.py's _opponent_taken and _stock draw them with
 * random.Random's sample and shuffle. In Python the two took a sixth of a sample with
 * automatic declarations (a dozen small lists and shuffles, about 7 us); here they
 * take the random numbers' own calls and little more.
 *
 * A part of _csample.c, which includes it once, after _csample_place.h (randbelow,
 * shuffle). */
#ifndef PIQUET__CSAMPLE_STOCK_H
#define PIQUET__CSAMPLE_STOCK_H

/* random.Random.sample's set size for k draws: a population up to it is drawn from a
 * pool (the only way taken here; a hand is twelve cards at most). */
static Py_ssize_t sample_set_size(Py_ssize_t k) {
    Py_ssize_t size = 21;
    if (k > 5) { /* 4 ** ceil(log(3k, 4)) */
        Py_ssize_t power = 1;
        while (power < 3 * k) power *= 4;
        size += power;
    }
    return size;
}

/* The cards of a mask in a card set's order (suits by their shift, each high to low),
 * borrowed from `cards` (CARD_BY_INDEX: the card of each bit) into `out`, and their
 * bits into `bits` (unless NULL); their number, or -1 with a ValueError saying
 * `no_card` when a bit is no card. */
static Py_ssize_t borrow_cards(uint64_t mask, PyObject *cards, PyObject **out, int *bits,
                               const char *no_card) {
    Py_ssize_t n = 0, known = PyTuple_GET_SIZE(cards);
    for (int suit = 0; suit < 4; suit++) {
        for (int rank = 8; rank >= 0; rank--) {
            int bit = suit * SUIT_SHIFT + rank;
            if (!(mask >> bit & 1)) continue;
            PyObject *card = bit < known ? PyTuple_GET_ITEM(cards, bit) : NULL;
            if (card == NULL || card == Py_None) {
                PyErr_SetString(PyExc_ValueError, no_card);
                return -1;
            }
            if (bits != NULL) bits[n] = bit;
            out[n++] = card;
        }
    }
    return n;
}

/* The same cards as a new list. */
static PyObject *cards_of_mask(uint64_t mask, PyObject *cards, int *bits) {
    PyObject *found[64];
    Py_ssize_t n = borrow_cards(mask, cards, found, bits, "stock_order: a pool bit that is no card");
    if (n < 0) return NULL;
    PyObject *list = PyList_New(n);
    if (list == NULL) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_INCREF(found[i]);
        PyList_SET_ITEM(list, i, found[i]);
    }
    return list;
}

/* stock_order(pool, extra, fixed, fixed_mask, own_taken, seen_rest, stock, observer_elder,
 *             cards, getrandbits, randrange) -> (taken_mask, stock tuple) | None
 *
 * pool: the mask of the opponent's cards he may have taken (his hand after the exchange
 * but what the observer saw him take or hold dealt); extra: how many of them he took
 * (-1: he took nothing, and no number is drawn); fixed and fixed_mask: the seen cards
 * he took; own_taken and seen_rest: the observer's cards taken and the seen ones nobody
 * took; stock: the hidden cards left in the stock (a list, shuffled in place); cards:
 * CARD_BY_INDEX. The cards he took, in the order he took them, are `fixed` shuffled
 * then `extra` of the pool (listed as a card set lists them) sampled and shuffled; the
 * stock is the elder's taken cards, the younger's, then the rest: the seen ones
 * shuffled and the hidden ones shuffled, and, when the observer is the younger, all of
 * them shuffled again. taken_mask: the cards he took. None when the pool holds fewer
 * than `extra` cards. */
static PyObject *stock_order(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 11) {
        PyErr_SetString(PyExc_TypeError, "stock_order takes 11 arguments");
        return NULL;
    }
    PyObject *fixed = args[2], *stock = args[6], *cards = args[8];
    PyObject *getrandbits = args[9], *pyrandbelow = args[10];
    if (!PyList_Check(stock) || !PyTuple_Check(fixed) || !PyTuple_Check(args[4]) ||
        !PyTuple_Check(args[5]) || !PyTuple_Check(cards)) {
        PyErr_SetString(PyExc_TypeError,
                        "stock_order: a stock list; fixed, own_taken, seen_rest, cards tuples");
        return NULL;
    }
    uint64_t pool_mask = as_mask(args[0]);
    Py_ssize_t extra = PyLong_AsSsize_t(args[1]);
    uint64_t taken_mask = as_mask(args[3]);
    int elder = PyObject_IsTrue(args[7]);
    if (PyErr_Occurred() || elder < 0) return NULL;
    if (pool_mask & ~CARD_BITS) {
        PyErr_SetString(PyExc_ValueError, "stock_order: a pool bit that is no card");
        return NULL;
    }
    Py_ssize_t n = popcount64(pool_mask);
    if (extra > n) Py_RETURN_NONE;
    if (extra >= 0 && n > sample_set_size(extra)) {
        PyErr_SetString(PyExc_ValueError, "stock_order: a pool larger than a hand");
        return NULL;
    }
    PyObject *taken = NULL, *pool = NULL, *drawn = NULL, *own = NULL, *rest = NULL;
    PyObject *order = NULL, *result = NULL;
    taken = extra >= 0 ? PySequence_List(fixed) : PyList_New(0);
    drawn = PyList_New(extra > 0 ? extra : 0);
    if (taken == NULL || drawn == NULL) goto done;
    if (extra >= 0) {
        /* random.Random.sample(pool, extra), the pool's way */
        int bits[64];
        pool = cards_of_mask(pool_mask, cards, bits);
        if (pool == NULL) goto done;
        for (Py_ssize_t i = 0; i < extra; i++) {
            Py_ssize_t at = randbelow_small(getrandbits, pyrandbelow, n - i);
            if (at < 0) goto done;
            PyObject *card = PyList_GET_ITEM(pool, at);
            taken_mask |= 1ULL << bits[at];
            bits[at] = bits[n - i - 1];
            Py_INCREF(card);
            PyList_SET_ITEM(drawn, i, card);
            PyObject *last = PyList_GET_ITEM(pool, n - i - 1);
            Py_INCREF(last);
            PyList_SetItem(pool, at, last); /* drops the pool's own reference to card */
        }
        if (shuffle(getrandbits, pyrandbelow, taken) < 0) goto done;
        if (shuffle(getrandbits, pyrandbelow, drawn) < 0) goto done;
        if (extend(taken, drawn, 0, PyList_GET_SIZE(drawn)) < 0) goto done;
    }
    own = PySequence_List(args[4]);
    rest = PySequence_List(args[5]);
    if (own == NULL || rest == NULL) goto done;
    if (shuffle(getrandbits, pyrandbelow, own) < 0) goto done;
    if (shuffle(getrandbits, pyrandbelow, rest) < 0) goto done;
    if (shuffle(getrandbits, pyrandbelow, stock) < 0) goto done;
    if (extend(rest, stock, 0, PyList_GET_SIZE(stock)) < 0) goto done;
    if (elder) {
        order = own;
        own = NULL;
        if (extend(order, taken, 0, PyList_GET_SIZE(taken)) < 0) goto done;
    } else {
        if (shuffle(getrandbits, pyrandbelow, rest) < 0) goto done;
        order = taken;
        taken = NULL;
        if (extend(order, own, 0, PyList_GET_SIZE(own)) < 0) goto done;
    }
    if (extend(order, rest, 0, PyList_GET_SIZE(rest)) < 0) goto done;
    PyObject *in_order = PyList_AsTuple(order);
    if (in_order == NULL) goto done;
    result = Py_BuildValue("(KN)", (unsigned long long)taken_mask, in_order);
done:
    Py_XDECREF(taken);
    Py_XDECREF(pool);
    Py_XDECREF(drawn);
    Py_XDECREF(own);
    Py_XDECREF(rest);
    Py_XDECREF(order);
    return result;
}

#endif
