/* A state dealt again (redealt): engine/redeal.py's _built, the state a template's
 * actions reach with another deal, put together from its parts: three records, the
 * state's nine fields and its history, forty-odd nodes. In Python its bytecode and its
 * records made with tuple.__new__ were a third of such a redeal's instructions.
 *
 * A part of _csample.c, which includes it once. */
#ifndef PIQUET__CSAMPLE_REDEAL_H
#define PIQUET__CSAMPLE_REDEAL_H

/* The fields of a redeal's shape (engine/redeal.py's Shape), made once a template. */
enum {
    SHAPE_STATE,        /* the State class */
    SHAPE_CONTEXT,      /* the Context record's class */
    SHAPE_HEAD,         /* the context's first four fields */
    SHAPE_RESULT,       /* its result */
    SHAPE_EXCHANGE,     /* the ExchangeState record's class */
    SHAPE_EXCH_HEAD,    /* the exchange's fields before the discards */
    SHAPE_EXCH_TAIL,    /* and after them */
    SHAPE_DECLARATIONS, /* the Declarations record's class */
    SHAPE_WORD,         /* the declarations' last field (the word answered) */
    SHAPE_KEPT,         /* the template's fields kept, as SHAPE_SLOTS names them */
    SHAPE_SLOTS,        /* the State's slots: the context, the hands, the events, the
                           history, then those of SHAPE_KEPT */
    SHAPE_HISTORY,      /* the start's history */
    SHAPE_ACTIONS,      /* the template's actions since the start, oldest first */
    SHAPE_EXCHANGE_AT,  /* where the player's exchange lies among them */
    SHAPE_FIELDS
};

/* The slots set from the deal's parts, before the kept ones (SHAPE_SLOTS). */
enum { SLOT_CTX, SLOT_HANDS, SLOT_EVENTS, SLOT_HISTORY, SLOTS_MADE };

/* -1, with a TypeError naming what of a redeal's shape or parts is malformed. */
static int malformed(const char *what) {
    PyErr_Format(PyExc_TypeError, "redealt: %s", what);
    return -1;
}

/* A record (a tuple subclass) of `n` fields: the fields of `head` then those of
 * `rest`, as tuple.__new__(cls, (*head, *rest)) makes it, with no tuple in between.
 * A new reference, or NULL with an exception set. */
static PyObject *record(PyObject *cls, PyObject *head, PyObject *const *rest, Py_ssize_t more) {
    if (!PyType_Check(cls) ||
        !PyType_FastSubclass((PyTypeObject *)cls, Py_TPFLAGS_TUPLE_SUBCLASS) ||
        !PyTuple_Check(head)) {
        malformed("a record's class or fields");
        return NULL;
    }
    Py_ssize_t first = PyTuple_GET_SIZE(head);
    PyObject *made = ((PyTypeObject *)cls)->tp_alloc((PyTypeObject *)cls, first + more);
    if (made == NULL) return NULL;
    for (Py_ssize_t i = 0; i < first; i++)
        PyTuple_SET_ITEM(made, i, Py_NewRef(PyTuple_GET_ITEM(head, i)));
    for (Py_ssize_t i = 0; i < more; i++) PyTuple_SET_ITEM(made, first + i, Py_NewRef(rest[i]));
    return made;
}

/* A slot of `state` set through its descriptor, as object.__setattr__ past a frozen
 * class's own would: 0, or -1 with an exception set. */
static int set_slot(PyObject *slot, PyObject *state, PyObject *value) {
    descrsetfunc set = Py_TYPE(slot)->tp_descr_set;
    if (set == NULL) return malformed("a State slot without a setter");
    return set(slot, state, value);
}

/* The start's history with the template's actions linked on, the deal first, the
 * player's exchange at its place and each (place, call) of `calls` at its own. A new
 * reference, or NULL with an exception set. */
static PyObject *history_of(PyObject *const *shape, PyObject *deal, PyObject *exchange,
                            PyObject *calls) {
    PyObject *actions = shape[SHAPE_ACTIONS];
    Py_ssize_t exchange_at = PyLong_AsSsize_t(shape[SHAPE_EXCHANGE_AT]);
    if (exchange_at == -1 && PyErr_Occurred()) return NULL;
    if (!PyTuple_Check(actions) || !PyTuple_Check(calls) || exchange_at < 1 ||
        exchange_at >= PyTuple_GET_SIZE(actions)) {
        malformed("the actions, the exchange's place or the calls");
        return NULL;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(actions), replaced = PyTuple_GET_SIZE(calls);
    PyObject *history = Py_NewRef(shape[SHAPE_HISTORY]);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *action = i == 0 ? deal : i == exchange_at ? exchange : PyTuple_GET_ITEM(actions, i);
        for (Py_ssize_t c = 0; c < replaced; c++) { /* a few calls, if any */
            PyObject *pair = PyTuple_GET_ITEM(calls, c);
            if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
                Py_DECREF(history);
                malformed("a call replaced is not a (place, call) pair");
                return NULL;
            }
            Py_ssize_t at = PyLong_AsSsize_t(PyTuple_GET_ITEM(pair, 0));
            if (at == -1 && PyErr_Occurred()) {
                Py_DECREF(history);
                return NULL;
            }
            if (at == i) action = PyTuple_GET_ITEM(pair, 1);
        }
        PyObject *node = PyTuple_New(2);
        if (node == NULL) {
            Py_DECREF(history);
            return NULL;
        }
        PyTuple_SET_ITEM(node, 0, history); /* the reference moves into the node */
        PyTuple_SET_ITEM(node, 1, Py_NewRef(action));
        history = node;
    }
    return history;
}

/* redealt(shape, deal, setup, discards, hands, exchange, decl_head, auto, events, calls)
 *
 * The state engine/redeal.py's _built makes of the same arguments, the same records:
 * shape, a Shape; deal, the new Deal; setup, its Setup; discards, both players'
 * discards; hands, the state's hands; exchange, the player's Exchange; decl_head, the
 * declarations' first seven fields; auto, their resolution (None with declarations
 * played); events, the ledger; calls, the (place, call) pairs replacing the template's.
 * A TypeError where the shape or parts are malformed. */
static PyObject *redealt(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 10 || !PyTuple_Check(args[0]) || PyTuple_GET_SIZE(args[0]) != SHAPE_FIELDS) {
        PyErr_SetString(PyExc_TypeError, "redealt takes a Shape and 9 parts");
        return NULL;
    }
    PyObject *const *shape = &PyTuple_GET_ITEM(args[0], 0);
    PyObject *deal = args[1], *setup = args[2], *discards = args[3], *hands = args[4];
    PyObject *exchange = args[5], *decl_head = args[6], *auto_ = args[7], *events = args[8];
    PyObject *kept = shape[SHAPE_KEPT], *slots = shape[SHAPE_SLOTS], *state_cls = shape[SHAPE_STATE];
    if (!PyTuple_Check(kept) || !PyTuple_Check(slots) ||
        PyTuple_GET_SIZE(slots) != SLOTS_MADE + PyTuple_GET_SIZE(kept) || !PyType_Check(state_cls)) {
        malformed("the State's class, slots or kept fields");
        return NULL;
    }
    PyObject *heard = PyList_New(0); /* a fresh box for the words said, as _built's */
    if (heard == NULL) return NULL;
    PyObject *decl_rest[3] = {heard, auto_, shape[SHAPE_WORD]};
    PyObject *declarations = record(shape[SHAPE_DECLARATIONS], decl_head, decl_rest, 3);
    Py_DECREF(heard);
    PyObject *exch = NULL, *context = NULL, *history = NULL, *state = NULL;
    PyObject *tail = shape[SHAPE_EXCH_TAIL];
    if (declarations != NULL && (!PyTuple_Check(tail) || PyTuple_GET_SIZE(tail) > 7)) {
        malformed("the exchange's fields");
    } else if (declarations != NULL) { /* its head, the discards, then its tail */
        PyObject *exch_rest[8] = {discards};
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(tail); i++)
            exch_rest[1 + i] = PyTuple_GET_ITEM(tail, i);
        exch = record(shape[SHAPE_EXCHANGE], shape[SHAPE_EXCH_HEAD], exch_rest,
                      1 + PyTuple_GET_SIZE(tail));
    }
    if (exch != NULL) {
        PyObject *context_rest[4] = {setup, shape[SHAPE_RESULT], exch, declarations};
        context = record(shape[SHAPE_CONTEXT], shape[SHAPE_HEAD], context_rest, 4);
    }
    if (context != NULL) history = history_of(shape, deal, exchange, args[9]);
    if (history != NULL) state = ((PyTypeObject *)state_cls)->tp_alloc((PyTypeObject *)state_cls, 0);
    if (state != NULL) {
        PyObject *made[SLOTS_MADE] = {context, hands, events, history};
        for (Py_ssize_t i = 0; state != NULL && i < PyTuple_GET_SIZE(slots); i++) {
            PyObject *value = i < SLOTS_MADE ? made[i] : PyTuple_GET_ITEM(kept, i - SLOTS_MADE);
            if (set_slot(PyTuple_GET_ITEM(slots, i), state, value) < 0) Py_CLEAR(state);
        }
    }
    Py_XDECREF(declarations);
    Py_XDECREF(exch);
    Py_XDECREF(context);
    Py_XDECREF(history);
    return state;
}

#endif
