/* The deal of a kept placement (deal_parts): the pack in the order that deals each
 * player his hand and leaves the stock, with what the engine keeps of it, as
 * engine/deal.py's arranged makes them. In Python, listing the hands' cards, ordering
 * them by packets and summing the stock's bits were a sixth of a sample with automatic
 * declarations (37,000 instructions); here they are a few loops over 32 cards.
 *
 * A part of _csample.c, which includes it once, after _csample_stock.h (borrow_cards). */
#ifndef PIQUET__CSAMPLE_DEAL_H
#define PIQUET__CSAMPLE_DEAL_H

#define CARDS_DEALT 24

/* deal_parts(elder, dealer, stock, order, cards, pack) -> (pack, stock_bits, prefix)
 *
 * elder, dealer: the masks of the hands dealt; stock: its cards, top first (a tuple);
 * order: for each of the pack's first 24 places, which of the dealt cards lies there
 * (the elder's twelve in a card set's order, then the dealer's: engine/deal.py's
 * dealt_places); cards: CARD_BY_INDEX; pack: the mask of the ruleset's pack. The pack
 * in order (a tuple of cards), each stock card's bit index, and the masks of the top i
 * stock cards for i from 0. ValueError, as arranged's, unless the hands are twelve
 * cards each and with the stock make the pack, no card twice. */
static PyObject *deal_parts(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError, "deal_parts takes 6 arguments");
        return NULL;
    }
    PyObject *stock = args[2], *order = args[3], *cards = args[4];
    if (!PyTuple_Check(stock) || !PyTuple_Check(order) || !PyTuple_Check(cards) ||
        PyTuple_GET_SIZE(order) != CARDS_DEALT) {
        PyErr_SetString(PyExc_TypeError, "deal_parts: stock, order (24 places), cards tuples");
        return NULL;
    }
    uint64_t elder = as_mask(args[0]);
    uint64_t dealer = as_mask(args[1]);
    uint64_t pack_mask = as_mask(args[5]);
    if (PyErr_Occurred()) return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(stock), known = PyTuple_GET_SIZE(cards);
    if (n > SLOTS - CARDS_DEALT) {
        PyErr_SetString(PyExc_ValueError,
                        "arranged: twelve cards each and the rest of the ruleset's pack");
        return NULL;
    }
    int bits[SLOTS];
    uint64_t stock_mask = 0;
    Py_ssize_t distinct = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        /* one object per card (piquet.cards.Card): found by identity */
        PyObject *card = PyTuple_GET_ITEM(stock, i);
        int bit = -1;
        for (Py_ssize_t b = 0; b < known && b < SLOTS; b++) {
            if (PyTuple_GET_ITEM(cards, b) == card) {
                bit = (int)b;
                break;
            }
        }
        if (bit < 0) {
            PyErr_SetString(PyExc_ValueError, "deal_parts: a stock item that is no card");
            return NULL;
        }
        bits[i] = bit;
        distinct += !(stock_mask >> bit & 1);
        stock_mask |= 1ULL << bit;
    }
    if (popcount64(elder) != CARDS_DEALT / 2 || popcount64(dealer) != CARDS_DEALT / 2 ||
        (elder | dealer | stock_mask) != pack_mask || distinct != n ||
        CARDS_DEALT + n != popcount64(pack_mask)) {
        PyErr_SetString(PyExc_ValueError,
                        "arranged: twelve cards each and the rest of the ruleset's pack");
        return NULL;
    }
    PyObject *dealt[CARDS_DEALT];
    const char *no_card = "deal_parts: a hand's bit that is no card";
    if (borrow_cards(elder, cards, dealt, NULL, no_card) < 0 ||
        borrow_cards(dealer, cards, dealt + CARDS_DEALT / 2, NULL, no_card) < 0)
        return NULL;
    PyObject *pack = PyTuple_New(CARDS_DEALT + n);
    PyObject *indices = PyTuple_New(n);
    PyObject *prefix = PyTuple_New(n + 1);
    if (pack == NULL || indices == NULL || prefix == NULL) goto fail;
    for (Py_ssize_t place = 0; place < CARDS_DEALT; place++) {
        Py_ssize_t at = PyLong_AsSsize_t(PyTuple_GET_ITEM(order, place));
        if (at < 0 || at >= CARDS_DEALT) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "deal_parts: an order's place out of 0..23");
            goto fail;
        }
        Py_INCREF(dealt[at]);
        PyTuple_SET_ITEM(pack, place, dealt[at]);
    }
    uint64_t top = 0;
    PyObject *zero = PyLong_FromLong(0);
    if (zero == NULL) goto fail;
    PyTuple_SET_ITEM(prefix, 0, zero);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *card = PyTuple_GET_ITEM(stock, i);
        Py_INCREF(card);
        PyTuple_SET_ITEM(pack, CARDS_DEALT + i, card);
        top |= 1ULL << bits[i];
        PyObject *index = PyLong_FromLong(bits[i]);
        PyObject *mask = PyLong_FromUnsignedLongLong(top);
        if (index == NULL || mask == NULL) {
            Py_XDECREF(index);
            Py_XDECREF(mask);
            goto fail;
        }
        PyTuple_SET_ITEM(indices, i, index);
        PyTuple_SET_ITEM(prefix, i + 1, mask);
    }
    PyObject *result = PyTuple_Pack(3, pack, indices, prefix);
    Py_DECREF(pack);
    Py_DECREF(indices);
    Py_DECREF(prefix);
    return result;
fail:
    Py_XDECREF(pack);
    Py_XDECREF(indices);
    Py_XDECREF(prefix);
    return NULL;
}

#endif
