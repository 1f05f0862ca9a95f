/* One proposal of the sampler (propose): the hidden cards placed (place_groups), the
 * opponent's hand and discard made masks, and, with automatic declarations, the duels
 * of his hand and the observer's looked up among those whose words the plan has
 * checked. In Python a proposal made the placement's lists, two masks, the duels and
 * the look-up in four calls; there are 2.6 proposals to a sample.
 *
 * A part of _csample.c, which includes it once, after _csample_place.h (place_groups)
 * and _csample_duels.h (duel_words, best_code). */
#ifndef PIQUET__CSAMPLE_PROPOSE_H
#define PIQUET__CSAMPLE_PROPOSE_H

/* The bits of the card objects, by their addresses: the cards of
 * piquet.cards.CARD_BY_INDEX, made once a process and kept by that tuple (a reference
 * to it is kept here too). Looking a card up so costs a few instructions; reading its
 * mask attribute cost as much as the Python it replaced. */
#define CARD_SLOTS 128
static PyObject *card_slot_key[CARD_SLOTS];
static int card_slot_bit[CARD_SLOTS];
static PyObject *card_slots_of = NULL;

static inline size_t card_slot(PyObject *card) {
    return ((uintptr_t)card >> 4) * 0x9E3779B97F4A7C15ULL >> 57; /* 7 bits */
}

/* Fill the slots from `cards` (CARD_BY_INDEX: the card of each bit, None elsewhere),
 * once. 0, or -1 with an exception set. */
static int fill_card_slots(PyObject *cards) {
    if (cards == card_slots_of) return 0;
    if (!PyTuple_Check(cards) || PyTuple_GET_SIZE(cards) > 64) {
        PyErr_SetString(PyExc_TypeError, "propose: cards must be CARD_BY_INDEX");
        return -1;
    }
    memset(card_slot_key, 0, sizeof card_slot_key);
    for (Py_ssize_t bit = 0; bit < PyTuple_GET_SIZE(cards); bit++) {
        PyObject *card = PyTuple_GET_ITEM(cards, bit);
        if (card == Py_None) continue;
        size_t at = card_slot(card);
        while (card_slot_key[at] != NULL) at = (at + 1) % CARD_SLOTS;
        card_slot_key[at] = card;
        card_slot_bit[at] = (int)bit;
    }
    Py_INCREF(cards);
    Py_XDECREF(card_slots_of);
    card_slots_of = cards;
    return 0;
}

/* The mask of a list of cards; -1 (an exception set) when one is not a card of the
 * slots. */
static int mask_of_cards(PyObject *list, uint64_t *mask) {
    uint64_t out = 0;
    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(list); k++) {
        PyObject *card = PyList_GET_ITEM(list, k);
        size_t at = card_slot(card);
        while (card_slot_key[at] != card) {
            if (card_slot_key[at] == NULL) {
                PyErr_SetString(PyExc_ValueError, "propose: a group holds what is no card");
                return -1;
            }
            at = (at + 1) % CARD_SLOTS;
        }
        out |= 1ULL << card_slot_bit[at];
    }
    *mask = out;
    return 0;
}

/* One proposal: the placement (of the plain groups, or with `witnessing` not None drawn
 * from the witnesses: witness_place) made masks and, with a duel table (`words`), its
 * duels looked up in `heard`. 1 with *out a new (hand, discard, stock, duels, checked) tuple
 * (duels None without a table; checked: whether their words were checked and are the
 * words heard), 0 when `heard` rejects it, -1 with an exception set. */
static int propose_once(PyObject *const *args, const int64_t *words, PyObject *heard,
                        uint64_t known, uint64_t own, int elder, PyObject *witnessing,
                        PyObject **out) {
    PyObject *hand = PyList_New(0), *discard = PyList_New(0), *stock = PyList_New(0);
    PyObject *duels = NULL;
    int made = -1, checked = 0;
    uint64_t held, thrown;
    if (!hand || !discard || !stock) goto done;
    if (witnessing != Py_None) { /* drawn from the witnesses: dropped where they say so */
        int kept = witness_place(witnessing, args[5], args[6], hand, discard, stock, &held);
        if (kept <= 0) {
            made = kept;
            goto done;
        }
    } else if (place_groups(args, hand, discard, stock) < 0 || mask_of_cards(hand, &held) < 0) {
        goto done;
    }
    if (mask_of_cards(discard, &thrown) < 0) goto done;
    held |= known;
    if (words != NULL) {
        if ((held | own) & ~CARD_BITS) {
            PyErr_SetString(PyExc_ValueError, "propose: a hand holds bits that are no card");
            goto done;
        }
        duels = elder ? duels_of(words, own, held) : duels_of(words, held, own);
        if (duels == NULL) goto done;
        PyObject *found = PyDict_GetItemWithError(heard, duels); /* borrowed */
        if (found == NULL && PyErr_Occurred()) goto done;
        if (found != NULL) {
            int truth = PyObject_IsTrue(found);
            if (truth < 0) goto done;
            if (!truth) {
                made = 0;
                goto done;
            }
            checked = 1;
        }
    }
    *out = Py_BuildValue("(KKOOO)", (unsigned long long)held, (unsigned long long)thrown,
                         stock, duels != NULL ? duels : Py_None, checked ? Py_True : Py_False);
    made = *out == NULL ? -1 : 1;
done:
    Py_XDECREF(hand);
    Py_XDECREF(discard);
    Py_XDECREF(stock);
    Py_XDECREF(duels);
    return made;
}

/* propose(groups, hand_size, discard_size, options, fill, getrandbits, randrange, known,
 *         cards, table, own_held, observer_elder, heard, tries[, witnessing])
 *     -> ((hand, discard, stock, duels, checked), proposals) | None
 *
 * witnessing: None (the default) to draw from the plain groups, else the witnesses'
 * arguments (_csample_witness.h): a draw they drop is a proposal rejected.
 * The first seven arguments are draw_places's; known: the cards known to be in the
 * opponent's hand; cards: CARD_BY_INDEX. hand and discard: the masks of his hand after
 * the exchange (known and placed) and of his discard; stock: the cards placed in the
 * stock (a list). With a duel table (else None), the duels of his hand and the
 * observer's (own_held; who is elder by observer_elder), as search/_duels.py's
 * duel_fields gives them, looked up in `heard` (duels -> whether their words are the
 * words heard): proposed again when False, `checked` when True; when not there yet,
 * the caller checks their words (duels None without a table: the engine's words). At
 * most `tries` proposals are made, the last one kept counted in `proposals`; None when
 * all were rejected. Rejected proposals so cost no return to Python: each cost as
 * much again in the calls around the kernel's, and there are 1.7 of them a sample. */
static PyObject *propose(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 14 && nargs != 15) {
        PyErr_SetString(PyExc_TypeError, "propose takes 14 or 15 arguments");
        return NULL;
    }
    PyObject *witnessing = nargs == 15 ? args[14] : Py_None;
    PyObject *table = args[9], *heard = args[12];
    const int64_t *words = NULL;
    if (table != Py_None) {
        words = duel_words(table);
        if (words == NULL) return NULL;
        if (!PyDict_Check(heard)) {
            PyErr_SetString(PyExc_TypeError, "propose: heard must be a dict");
            return NULL;
        }
    }
    uint64_t known = as_mask(args[7]);
    uint64_t own = as_mask(args[10]);
    int elder = PyObject_IsTrue(args[11]);
    Py_ssize_t tries = PyLong_AsSsize_t(args[13]);
    if (PyErr_Occurred() || elder < 0 || fill_card_slots(args[8]) < 0) return NULL;
    if (tries < 1) {
        PyErr_SetString(PyExc_ValueError, "propose: tries must be at least 1");
        return NULL;
    }
    for (Py_ssize_t proposals = 1; proposals <= tries; proposals++) {
        /* a caller's Ctrl-C is heard here as between the pure path's proposals */
        if ((proposals & 1023) == 0 && PyErr_CheckSignals() < 0) return NULL;
        PyObject *made = NULL;
        int kept = propose_once(args, words, heard, known, own, elder, witnessing, &made);
        if (kept < 0) return NULL;
        if (kept) return Py_BuildValue("(Nn)", made, proposals);
    }
    Py_RETURN_NONE;
}

#endif
