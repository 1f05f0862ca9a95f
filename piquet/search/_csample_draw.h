/* A draw with declarations played (played_draw): search/_replay.py's draw_state up to
 * the deal, in one call: the proposal (propose), the check of his opening calls
 * (opens_as_heard), the stock's order (stock_order), the deal's parts (deal_parts) and
 * the placement's dialogue key (dialogue_key), the same functions called in turn with
 * the same random numbers. In Python the calls around them were a quarter of a warm
 * sample (each a few arguments read off the plan, a tuple unpacked, a check).
 *
 * A part of _csample.c, which includes it once, after the parts it calls. */
#ifndef PIQUET__CSAMPLE_DRAW_H
#define PIQUET__CSAMPLE_DRAW_H

/* The call of one of this module's functions with `n` arguments. */
#define CALL_KERNEL(fn, argv, n) fn(NULL, (argv), (n))

/* The fields of the plan's arguments (search/_replay.py's _draw_args). */
enum {
    DRAW_PLACING,  /* propose's first five arguments (draw_places's but the random's) */
    DRAW_CHECKING, /* propose's six after the random's (known ... heard) */
    DRAW_OPENING,  /* the specs of the calls he opened unshown (opens_as_heard) */
    DRAW_STOCKING, /* (fixed, fixed_mask, own_taken, seen_rest, observer_elder, cards,
                      opponent_taken, dealt_known): stock_order's, as _propose reads them */
    DRAW_DEALING,  /* (places, pack_mask, own_dealt, stock_size): deal_parts' */
    DRAW_KEYING,   /* dialogue_key's arguments but the placement's, or None (replayed) */
    DRAW_NOT_HEARD,
    DRAW_FIELDS
};

static PyObject *played_drop(Py_ssize_t used) { return Py_BuildValue("(nO)", used, Py_None); }

/* The stock's order of a kept proposal: stock_order's result (a new reference: None
 * where his hand cannot hold what he took), or NULL with an exception set. */
static PyObject *played_stock(PyObject *stocking, uint64_t hand, PyObject *stock_cards,
                              PyObject *getrandbits, PyObject *randrange) {
    PyObject *fixed = PyTuple_GET_ITEM(stocking, 0);
    uint64_t fixed_mask = as_mask(PyTuple_GET_ITEM(stocking, 1));
    Py_ssize_t opponent_taken = PyLong_AsSsize_t(PyTuple_GET_ITEM(stocking, 6));
    uint64_t dealt_known = as_mask(PyTuple_GET_ITEM(stocking, 7));
    if (PyErr_Occurred()) return NULL;
    Py_ssize_t extra = opponent_taken ? opponent_taken - PyTuple_GET_SIZE(fixed) : -1;
    if (opponent_taken && extra < 0) Py_RETURN_NONE;
    PyObject *pool = PyLong_FromUnsignedLongLong(hand & ~fixed_mask & ~dealt_known);
    PyObject *extra_object = PyLong_FromSsize_t(extra);
    PyObject *result = NULL;
    if (pool != NULL && extra_object != NULL) {
        PyObject *argv[11] = {pool,
                              extra_object,
                              fixed,
                              PyTuple_GET_ITEM(stocking, 1),
                              PyTuple_GET_ITEM(stocking, 2),
                              PyTuple_GET_ITEM(stocking, 3),
                              stock_cards,
                              PyTuple_GET_ITEM(stocking, 4),
                              PyTuple_GET_ITEM(stocking, 5),
                              getrandbits,
                              randrange};
        result = CALL_KERNEL(stock_order, argv, 11);
    }
    Py_XDECREF(pool);
    Py_XDECREF(extra_object);
    return result;
}

/* The rest of a draw once the stock is ordered (`ordered`, stock_order's): the counts
 * checked, the deal's parts and the dialogue's key, as played_draw gives them (from
 * `used`, the proposals it took; `proposed`, propose's placement). A new reference, or
 * NULL with an exception set. */
static PyObject *played_dealt(PyObject *plan, Py_ssize_t used, PyObject *proposed,
                              PyObject *ordered) {
    PyObject *stocking = PyTuple_GET_ITEM(plan, DRAW_STOCKING);
    PyObject *dealing = PyTuple_GET_ITEM(plan, DRAW_DEALING);
    PyObject *keying = PyTuple_GET_ITEM(plan, DRAW_KEYING);
    PyObject *hand_object = PyTuple_GET_ITEM(proposed, 0);
    PyObject *discard_object = PyTuple_GET_ITEM(proposed, 1);
    uint64_t hand = as_mask(hand_object);
    uint64_t discard = as_mask(discard_object);
    PyObject *result = NULL, *parts = NULL, *keyed = NULL;
    PyObject *dealt_object = NULL, *elder_object = NULL, *dealer_object = NULL;
    uint64_t taken = as_mask(PyTuple_GET_ITEM(ordered, 0));
    PyObject *stock = PyTuple_GET_ITEM(ordered, 1);
    Py_ssize_t stock_size = PyLong_AsSsize_t(PyTuple_GET_ITEM(dealing, 3));
    if (PyErr_Occurred()) goto done;
    uint64_t dealt = (hand & ~taken) | discard;
    if (popcount64(dealt) != 12 || PyTuple_GET_SIZE(stock) != stock_size) {
        return played_drop(used);
    }
    int observer_elder = PyObject_IsTrue(PyTuple_GET_ITEM(stocking, 4));
    if (observer_elder < 0) goto done;
    dealt_object = PyLong_FromUnsignedLongLong(dealt);
    if (dealt_object == NULL) goto done;
    PyObject *own = PyTuple_GET_ITEM(dealing, 2);
    elder_object = Py_NewRef(observer_elder ? own : dealt_object);
    dealer_object = Py_NewRef(observer_elder ? dealt_object : own);
    PyObject *deal_argv[6] = {elder_object, dealer_object, stock, PyTuple_GET_ITEM(dealing, 0),
                              PyTuple_GET_ITEM(stocking, 5), PyTuple_GET_ITEM(dealing, 1)};
    parts = CALL_KERNEL(deal_parts, deal_argv, 6);
    if (parts == NULL) goto done;
    if (keying == Py_None) {
        keyed = Py_NewRef(Py_None);
    } else {
        PyObject *key_argv[11];
        for (int i = 0; i < 5; i++) key_argv[i] = PyTuple_GET_ITEM(keying, i);
        key_argv[5] = dealt_object;
        key_argv[6] = hand_object;
        key_argv[7] = discard_object;
        for (int i = 5; i < 8; i++) key_argv[i + 3] = PyTuple_GET_ITEM(keying, i);
        keyed = CALL_KERNEL(dialogue_key, key_argv, 11);
        if (keyed == NULL) goto done;
    }
    result = Py_BuildValue("(nOOOOOOOOO)", used, hand_object, discard_object, dealt_object,
                           elder_object, dealer_object, PyTuple_GET_ITEM(parts, 0),
                           PyTuple_GET_ITEM(parts, 1), PyTuple_GET_ITEM(parts, 2), keyed);
done:
    Py_XDECREF(parts);
    Py_XDECREF(keyed);
    Py_XDECREF(dealt_object);
    Py_XDECREF(elder_object);
    Py_XDECREF(dealer_object);
    return result;
}

/* played_draw(args, getrandbits, randrange, tries[, witnessing])
 *     -> None | (used, None) | (used, hand, discard, dealt, elder, dealer, pack, stock,
 *                              prefix, keyed)
 *
 * args: the plan's arguments (the fields above), made once a plan; getrandbits and
 * randrange: the random.Random's; tries: the proposals allowed; witnessing: None (the
 * default) for plain draws, else the witnesses drawn from (propose's). None when every proposal
 * was rejected; (used, None) when the placement proposed is dropped before it is dealt
 * (his opening calls, the stock, the counts, as draw_state drops it); else his hand
 * after the exchange, his discard and his dealt hand (masks), the elder's and the
 * dealer's dealt hands, deal_parts' pack, stock and prefix, and the placement's
 * dialogue key with its claims (dialogue_key's; None where it is replayed). */
static PyObject *played_draw(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs < 4 || nargs > 5 || !PyTuple_Check(args[0]) ||
        PyTuple_GET_SIZE(args[0]) != DRAW_FIELDS) {
        PyErr_SetString(PyExc_TypeError,
                        "played_draw(args, getrandbits, randrange, tries[, witnessing])");
        return NULL;
    }
    PyObject *plan = args[0];
    PyObject *placing = PyTuple_GET_ITEM(plan, DRAW_PLACING);
    PyObject *checking = PyTuple_GET_ITEM(plan, DRAW_CHECKING);
    PyObject *stocking = PyTuple_GET_ITEM(plan, DRAW_STOCKING);
    PyObject *dealing = PyTuple_GET_ITEM(plan, DRAW_DEALING);
    PyObject *keying = PyTuple_GET_ITEM(plan, DRAW_KEYING);
    if (!PyTuple_Check(placing) || PyTuple_GET_SIZE(placing) != 5 || !PyTuple_Check(checking) ||
        PyTuple_GET_SIZE(checking) != 6 || !PyTuple_Check(stocking) ||
        PyTuple_GET_SIZE(stocking) != 8 || !PyTuple_Check(dealing) ||
        PyTuple_GET_SIZE(dealing) != 4 || (keying != Py_None && !(PyTuple_Check(keying) &&
                                                                   PyTuple_GET_SIZE(keying) == 8))) {
        PyErr_SetString(PyExc_TypeError, "played_draw: the plan's arguments are malformed");
        return NULL;
    }
    PyObject *propose_argv[15];
    for (int i = 0; i < 5; i++) propose_argv[i] = PyTuple_GET_ITEM(placing, i);
    propose_argv[5] = args[1];
    propose_argv[6] = args[2];
    for (int i = 0; i < 6; i++) propose_argv[7 + i] = PyTuple_GET_ITEM(checking, i);
    propose_argv[13] = args[3];
    propose_argv[14] = nargs == 5 ? args[4] : Py_None;
    PyObject *made = CALL_KERNEL(propose, propose_argv, 15);
    if (made == NULL || made == Py_None) return made;
    PyObject *proposed = PyTuple_GET_ITEM(made, 0);
    Py_ssize_t used = PyLong_AsSsize_t(PyTuple_GET_ITEM(made, 1));
    PyObject *hand_object = PyTuple_GET_ITEM(proposed, 0);
    uint64_t hand = as_mask(hand_object);
    PyObject *result = NULL, *ordered = NULL;
    if (PyErr_Occurred()) goto done;
    PyObject *opening_argv[3] = {PyTuple_GET_ITEM(plan, DRAW_OPENING), hand_object,
                                 PyTuple_GET_ITEM(plan, DRAW_NOT_HEARD)};
    PyObject *heard = CALL_KERNEL(opens_as_heard, opening_argv, 3);
    if (heard == NULL) goto done;
    int opens = heard == Py_True;
    Py_DECREF(heard);
    if (!opens) {
        result = played_drop(used);
        goto done;
    }
    ordered = played_stock(stocking, hand, PyTuple_GET_ITEM(proposed, 2), args[1], args[2]);
    if (ordered == NULL) goto done;
    if (ordered == Py_None) {
        result = played_drop(used);
        goto done;
    }
    result = played_dealt(plan, used, proposed, ordered);
done:
    Py_DECREF(made);
    Py_XDECREF(ordered);
    return result;
}

#endif /* PIQUET__CSAMPLE_DRAW_H */
