/* A dialogue's key (dialogue_key): with declarations played, what a replay of a
 * placement's dialogue reads of the opponent's cards, as search/_dialogues.py's _keyed
 * makes it, the same tuples. In Python the key was a fifth of a warm sample's
 * instructions (40,000 a key on the bench's Rubicon positions): most of it went on the
 * point's claims, ten or eleven a hand, each looked up and found not read. Here the
 * claims are walked in C; the rarer reads (his answers, the deciding cards, whether a
 * call was good against the cards) call the engine's Python as _keyed does.
 *
 * A part of _csample.c, which includes it once. */
#ifndef PIQUET__CSAMPLE_KEY_H
#define PIQUET__CSAMPLE_KEY_H

/* The fields of a category's spec (search/_reads.py's key_spec). */
enum {
    SPEC_CATEGORY,   /* the Category */
    SPEC_READS,      /* whether his claims are read (opening words read, or shown) */
    SPEC_SUIT_LISTS, /* a per-suit table's claims by each suit's nine bits, or None */
    SPEC_CLAIMS,     /* the table's claims(hand), for a suit list's entry not made yet */
    SPEC_READ_AS,    /* ReadAs: how each claim is read (a dict filling itself) */
    SPEC_ANSWER,     /* his answers' reads (CategoryReads.answer), or None */
    SPEC_DECIDING,   /* the table's deciding_cards where he won or reckoned, or None */
    SPEC_GOOD,       /* his call answered "good", or 0 */
    SPEC_TABLE,      /* the CategoryTable */
    SPEC_BY_SUIT,    /* the table's deciding cards by each suit's nine bits, or None */
    SPEC_BY_RANK,    /* (fewest suits, ranks) whose cards decide, or None */
    SPEC_JUDGED,     /* how each of his answers is judged, by its claim (a dict filling
                        itself), where it is read so, or None */
    SPEC_BY_RANKS,   /* a rank table's claims: (claims by rank and suits, fewest suits,
                        ranks that make any), or None */
    SPEC_GOODS,      /* whether his call answered "good" was good against the cards, by
                        the cards deciding their combinations (a dict, filled here) */
    SPEC_ANSWERS,    /* whether each claim is one of his answers, where they are read
                        (a dict filling itself), or None */
    SPEC_EXTRAS,     /* where he won with a call shown: by the deciding cards, what his
                        further combinations do, unrestricted and after a "good" (a
                        dict filling itself: _reads._extras_reads), or None */
    SPEC_FIELDS
};

/* The ranks (nine bits) held in at least `fewest` of the hand's suits (at least one),
 * as engine/rank_tables.py's _ranks_held. */
static uint64_t ranks_held(uint64_t hand, long fewest) {
    uint64_t held = 0;
    for (int rank = 0; rank < 9 && fewest <= 4; rank++) {
        long times = 0;
        for (int suit = 0; suit < 4; suit++) times += hand >> (suit * SUIT_SHIFT + rank) & 1;
        if (times >= fewest && times > 0) held |= 1ULL << rank;
    }
    return held;
}

/* A row of a hand's claims (a tuple of claim masks) seen by a walk (walk_claims): 0
 * to go on, 1 to stop the walk, or -1 with an exception set. */
typedef int (*claims_visitor)(PyObject *row, void *seen);

/* -1, with a TypeError saying a table's row is no tuple of claims. */
static int not_claims(void) {
    PyErr_SetString(PyExc_TypeError, "a dialogue's key: a table's row is not a tuple of claims");
    return -1;
}

/* Each row of the claims of `hand` in one category, in the table's order, to `visit`:
 * by the suit lists where each suit's entry is made, by the rank table's rows, else by
 * the table's claims(hand) at once. 0, 1 where `visit` stopped it, or -1 with an
 * exception set. */
static int walk_claims(PyObject *spec, PyObject *hand_object, uint64_t hand,
                       claims_visitor visit, void *seen) {
    PyObject *lists = PyTuple_GET_ITEM(spec, SPEC_SUIT_LISTS);
    if (lists != Py_None) {
        PyObject *suits[4];
        int whole = 1;
        for (int suit = 0; suit < 4; suit++) {
            PyObject *row = PyTuple_GET_ITEM(lists, suit);
            suits[suit] = PyList_GET_ITEM(row, (hand >> (suit * SUIT_SHIFT)) & SUIT_BITS);
            if (suits[suit] == Py_None) whole = 0;
            else if (!PyTuple_Check(suits[suit])) return not_claims();
        }
        if (whole) {
            for (int suit = 0; suit < 4; suit++) {
                int went = visit(suits[suit], seen);
                if (went) return went;
            }
            return 0;
        }
    }
    PyObject *by_ranks = PyTuple_GET_ITEM(spec, SPEC_BY_RANKS);
    if (by_ranks != Py_None) { /* each rank's claims, from the highest rank down */
        PyObject *rows = PyTuple_GET_ITEM(by_ranks, 0);
        long fewest = PyLong_AsLong(PyTuple_GET_ITEM(by_ranks, 1));
        uint64_t ranks = as_mask(PyTuple_GET_ITEM(by_ranks, 2));
        if (PyErr_Occurred()) return -1;
        ranks &= ranks_held(hand, fewest);
        for (int rank = 8; rank >= 0; rank--) {
            if (!(ranks >> rank & 1)) continue;
            int suits = 0;
            for (int suit = 0; suit < 4; suit++)
                suits |= (int)(hand >> (suit * SUIT_SHIFT + rank) & 1) << suit;
            PyObject *claims = PyTuple_GET_ITEM(PyTuple_GET_ITEM(rows, rank), suits);
            if (!PyTuple_Check(claims)) return not_claims();
            int went = visit(claims, seen);
            if (went) return went;
        }
        return 0;
    }
    PyObject *found = PyObject_CallOneArg(PyTuple_GET_ITEM(spec, SPEC_CLAIMS), hand_object);
    if (found == NULL) return -1;
    PyObject *row = PySequence_Tuple(found);
    Py_DECREF(found);
    if (row == NULL) return -1;
    int result = visit(row, seen);
    Py_DECREF(row);
    return result;
}

/* What a claim is in a dict filling itself (ReadAs and the like): a borrowed
 * reference when it was there, else a new one in *owned; NULL with an exception set. */
static PyObject *looked_up(PyObject *memo, PyObject *claim, PyObject **owned) {
    *owned = NULL;
    PyObject *found = PyDict_GetItemWithError(memo, claim); /* borrowed */
    if (found == NULL && !PyErr_Occurred())
        found = *owned = PyObject_GetItem(memo, claim); /* its __missing__ */
    return found;
}

/* A walk reading how his claims are read. */
typedef struct {
    PyObject *read_as, *not_heard, *category;
    PyObject *relevant; /* how each claim read and a candidate is read */
    PyObject *claims;   /* (category, claim) of those read by less than their cards */
} Reading;

static int read_row(PyObject *row, void *seen) {
    Reading *reading = seen;
    Py_ssize_t n = PyTuple_GET_SIZE(row);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *claim = PyTuple_GET_ITEM(row, i), *owned;
        PyObject *how = looked_up(reading->read_as, claim, &owned);
        if (how == NULL) return -1;
        int failed = 0;
        if (how != Py_None && how != reading->not_heard) {
            failed = PyList_Append(reading->relevant, how);
            if (!failed && PyTuple_CheckExact(how)) { /* by the words heard and a key */
                PyObject *pair = PyTuple_Pack(2, reading->category, claim);
                failed = pair == NULL || PyList_Append(reading->claims, pair);
                Py_XDECREF(pair);
            }
        }
        Py_XDECREF(owned);
        if (failed) return -1;
    }
    return 0;
}

/* A walk gathering his answers: the claims whose entry in `answers_as` is True. */
typedef struct {
    PyObject *answers_as, *found;
} Answering;

static int answer_row(PyObject *row, void *seen) {
    Answering *answering = seen;
    Py_ssize_t n = PyTuple_GET_SIZE(row);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *claim = PyTuple_GET_ITEM(row, i), *owned;
        PyObject *answers = looked_up(answering->answers_as, claim, &owned);
        if (answers == NULL) return -1;
        int failed = answers == Py_True && PyList_Append(answering->found, claim);
        Py_XDECREF(owned);
        if (failed) return -1;
    }
    return 0;
}

/* His answers read in one category, as _keyed reads them (search/_reads.py's answered,
 * each claim's verdict remembered: in Python they were a quarter of a key's time): by
 * their claims where the deciding cards are read, else by how each is judged (their
 * claims to `claims`). A new reference, or NULL with an exception set. */
static PyObject *key_answers(PyObject *spec, PyObject *hand_object, uint64_t hand,
                             PyObject *claims) {
    Answering answering = {PyTuple_GET_ITEM(spec, SPEC_ANSWERS), PyList_New(0)};
    if (answering.found == NULL) return NULL;
    PyObject *answers = NULL;
    if (walk_claims(spec, hand_object, hand, answer_row, &answering) == 0)
        answers = PyList_AsTuple(answering.found);
    Py_DECREF(answering.found);
    PyObject *judged = PyTuple_GET_ITEM(spec, SPEC_JUDGED);
    if (answers == NULL || judged == Py_None) return answers;
    PyObject *category = PyTuple_GET_ITEM(spec, SPEC_CATEGORY);
    Py_ssize_t n = PyTuple_GET_SIZE(answers);
    PyObject *judgements = PyTuple_New(n);
    for (Py_ssize_t i = 0; judgements != NULL && i < n; i++) {
        PyObject *claim = PyTuple_GET_ITEM(answers, i);
        PyObject *pair = PyTuple_Pack(2, category, claim);
        PyObject *judgement = NULL;
        if (pair != NULL && !PyList_Append(claims, pair))
            judgement = PyObject_GetItem(judged, claim); /* its __missing__ judges */
        Py_XDECREF(pair);
        if (judgement == NULL) {
            Py_CLEAR(judgements);
            break;
        }
        PyTuple_SET_ITEM(judgements, i, judgement);
    }
    Py_DECREF(answers);
    return judgements;
}

/* The cards of `cards` that decide their combinations in one category (the table's
 * deciding_cards) into *out, by its suits' or its ranks' tables: 1, or 0 where the
 * table has neither, or -1 with an exception set. */
static int deciding_mask(PyObject *spec, uint64_t cards, uint64_t *out) {
    PyObject *by_suit = PyTuple_GET_ITEM(spec, SPEC_BY_SUIT);
    PyObject *by_rank = PyTuple_GET_ITEM(spec, SPEC_BY_RANK);
    if (by_suit != Py_None) {
        uint64_t found = 0;
        for (int suit = 0; suit < 4; suit++) {
            PyObject *row = PyTuple_GET_ITEM(by_suit, suit);
            PyObject *part = PyList_GET_ITEM(row, (cards >> (suit * SUIT_SHIFT)) & SUIT_BITS);
            found |= as_mask(part);
        }
        if (PyErr_Occurred()) return -1;
        *out = found;
        return 1;
    }
    if (by_rank != Py_None) {
        long fewest = PyLong_AsLong(PyTuple_GET_ITEM(by_rank, 0));
        uint64_t ranks = as_mask(PyTuple_GET_ITEM(by_rank, 1));
        if (PyErr_Occurred()) return -1;
        uint64_t unit = 1ULL | 1ULL << SUIT_SHIFT | 1ULL << (2 * SUIT_SHIFT) | 1ULL << (3 * SUIT_SHIFT);
        *out = cards & (ranks_held(cards, fewest) & ranks) * unit;
        return 1;
    }
    return 0;
}

/* The cards of `hand` deciding his combinations in one category where they are read
 * (the table's deciding_cards: by its suits' or its ranks' tables where it has them),
 * else -1. A new reference, or NULL with an exception set. */
static PyObject *key_deciding(PyObject *spec, PyObject *hand_object, uint64_t hand) {
    PyObject *deciding_fn = PyTuple_GET_ITEM(spec, SPEC_DECIDING);
    if (deciding_fn == Py_None) return PyLong_FromLong(-1);
    uint64_t cards;
    int made = deciding_mask(spec, hand, &cards);
    if (made < 0) return NULL;
    if (made) return PyLong_FromUnsignedLongLong(cards);
    return PyObject_CallOneArg(deciding_fn, hand_object);
}

/* Whether his call answered "good" (`claim`) was good against `unseen`, the cards he
 * neither holds nor discarded (engine/declared_scores.py's good_against_the_cards),
 * remembered by the cards of `unseen` deciding their combinations: the combinations
 * are theirs (in Python, a tenth of a key's time). A new reference, or NULL. */
static PyObject *key_good(PyObject *spec, PyObject *claim, uint64_t unseen, PyObject *good_fn) {
    uint64_t deciding = unseen;
    if (deciding_mask(spec, unseen, &deciding) < 0) return NULL;
    PyObject *cards = PyLong_FromUnsignedLongLong(deciding);
    if (cards == NULL) return NULL;
    PyObject *goods = PyTuple_GET_ITEM(spec, SPEC_GOODS);
    PyObject *good = PyDict_GetItemWithError(goods, cards); /* borrowed */
    if (good != NULL) {
        Py_DECREF(cards);
        return Py_NewRef(good);
    }
    if (PyErr_Occurred()) {
        Py_DECREF(cards);
        return NULL;
    }
    PyObject *call[3] = {PyTuple_GET_ITEM(spec, SPEC_TABLE), cards, claim};
    good = PyObject_Vectorcall(good_fn, call, 3, NULL);
    if (good != NULL && PyDict_SetItem(goods, cards, good)) Py_CLEAR(good);
    Py_DECREF(cards);
    return good;
}

/* *deciding (his deciding cards, a reference owned) replaced by what his further
 * combinations do where he won with a call shown (_reads.reckons_as_heard, remembered
 * by those cards in `extras`): the restricted verdict where his call answered "good"
 * was not good against the cards (`good` is False). 0, or -1 with an exception set. */
static int deciding_read_as(PyObject *extras, PyObject *good, PyObject **deciding) {
    PyObject *both = PyObject_GetItem(extras, *deciding); /* its __missing__ fills it */
    if (both == NULL) return -1;
    if (!PyTuple_Check(both) || PyTuple_GET_SIZE(both) != 2) {
        Py_DECREF(both);
        PyErr_SetString(PyExc_TypeError, "a dialogue's key: an extras entry is malformed");
        return -1;
    }
    Py_SETREF(*deciding, Py_NewRef(PyTuple_GET_ITEM(both, good == Py_False)));
    Py_DECREF(both);
    return 0;
}

/* One category's part of the key: (how his claims are read, his answers, the deciding
 * cards or -1, whether his call answered "good" was good against the cards or None). */
static PyObject *key_part(PyObject *spec, PyObject *hand_object, uint64_t hand,
                          uint64_t unseen, PyObject *const *fns, PyObject *claims) {
    PyObject *not_heard = fns[0], *good_fn = fns[1];
    PyObject *relevant = PyList_New(0), *read = NULL, *answers = NULL, *deciding = NULL,
             *good = NULL, *part = NULL;
    if (relevant == NULL) return NULL;
    Reading reading = {PyTuple_GET_ITEM(spec, SPEC_READ_AS), not_heard,
                       PyTuple_GET_ITEM(spec, SPEC_CATEGORY), relevant, claims};
    if (PyTuple_GET_ITEM(spec, SPEC_READS) == Py_True &&
        walk_claims(spec, hand_object, hand, read_row, &reading) < 0)
        goto done;
    read = PyList_AsTuple(relevant);
    if (read == NULL) goto done;
    if (PyTuple_GET_ITEM(spec, SPEC_ANSWER) != Py_None) {
        answers = key_answers(spec, hand_object, hand, claims);
    } else {
        answers = PyTuple_New(0);
    }
    if (answers == NULL) goto done;
    deciding = key_deciding(spec, hand_object, hand);
    if (deciding == NULL) goto done;
    PyObject *claim = PyTuple_GET_ITEM(spec, SPEC_GOOD);
    int any = PyObject_IsTrue(claim);
    if (any < 0) goto done;
    if (any) {
        good = key_good(spec, claim, unseen, good_fn);
    } else {
        good = Py_NewRef(Py_None);
    }
    if (good == NULL) goto done;
    PyObject *extras = PyTuple_GET_ITEM(spec, SPEC_EXTRAS);
    if (extras != Py_None && deciding_read_as(extras, good, &deciding) < 0) goto done;
    part = PyTuple_Pack(4, read, answers, deciding, good);
done:
    Py_DECREF(relevant);
    Py_XDECREF(read);
    Py_XDECREF(answers);
    Py_XDECREF(deciding);
    Py_XDECREF(good);
    return part;
}

/* A walk looking for a claim read and a candidate: stops at the first. */
typedef struct {
    PyObject *read_as, *not_heard;
} Opening;

static int opening_row(PyObject *row, void *seen) {
    Opening *opening = seen;
    Py_ssize_t n = PyTuple_GET_SIZE(row);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *owned;
        PyObject *how = looked_up(opening->read_as, PyTuple_GET_ITEM(row, i), &owned);
        if (how == NULL) return -1;
        int found = how != Py_None && how != opening->not_heard;
        Py_XDECREF(owned);
        if (found) return 1;
    }
    return 0;
}

/* Whether a spec's rank claims are None or nine ranks of sixteen tuples each. */
static int by_ranks_fit(PyObject *by_ranks) {
    if (by_ranks == Py_None) return 1;
    if (!PyTuple_Check(by_ranks) || PyTuple_GET_SIZE(by_ranks) != 3) return 0;
    PyObject *rows = PyTuple_GET_ITEM(by_ranks, 0);
    if (!PyTuple_Check(rows) || PyTuple_GET_SIZE(rows) != 9) return 0;
    for (int rank = 0; rank < 9; rank++) {
        PyObject *row = PyTuple_GET_ITEM(rows, rank);
        if (!PyTuple_Check(row) || PyTuple_GET_SIZE(row) != 16) return 0;
    }
    return 1;
}

/* Whether a spec's suit table is None or four lists, one entry for each nine bits. */
static int suit_rows_fit(PyObject *rows) {
    if (rows == Py_None) return 1;
    if (!PyTuple_Check(rows) || PyTuple_GET_SIZE(rows) != 4) return 0;
    for (int suit = 0; suit < 4; suit++) {
        PyObject *row = PyTuple_GET_ITEM(rows, suit);
        if (!PyList_Check(row) || PyList_GET_SIZE(row) <= SUIT_BITS) return 0;
    }
    return 1;
}

/* Whether `specs` is a tuple of well-formed specs (search/_reads.py's _spec); 0 with a
 * TypeError set where not. The rows a walk visits are checked as it visits them. */
static int specs_fit(PyObject *specs) {
    if (!PyTuple_Check(specs)) {
        PyErr_SetString(PyExc_TypeError, "a dialogue's key: specs must be a tuple");
        return 0;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(specs);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *spec = PyTuple_GET_ITEM(specs, i);
        if (!PyTuple_Check(spec) || PyTuple_GET_SIZE(spec) != SPEC_FIELDS ||
            !PyDict_Check(PyTuple_GET_ITEM(spec, SPEC_READ_AS))) {
            PyErr_SetString(PyExc_TypeError, "a dialogue's key: a category's spec is malformed");
            return 0;
        }
        if (!suit_rows_fit(PyTuple_GET_ITEM(spec, SPEC_SUIT_LISTS))) {
            PyErr_SetString(PyExc_TypeError, "a dialogue's key: a suit table is malformed");
            return 0;
        }
        if (!suit_rows_fit(PyTuple_GET_ITEM(spec, SPEC_BY_SUIT))) {
            PyErr_SetString(PyExc_TypeError, "a dialogue's key: a deciding table is malformed");
            return 0;
        }
        PyObject *by_rank = PyTuple_GET_ITEM(spec, SPEC_BY_RANK);
        if (by_rank != Py_None && !(PyTuple_Check(by_rank) && PyTuple_GET_SIZE(by_rank) == 2)) {
            PyErr_SetString(PyExc_TypeError, "a dialogue's key: a rank table is malformed");
            return 0;
        }
        PyObject *answers = PyTuple_GET_ITEM(spec, SPEC_ANSWERS);
        if ((answers == Py_None) != (PyTuple_GET_ITEM(spec, SPEC_ANSWER) == Py_None) ||
            (answers != Py_None && !PyDict_Check(answers)) ||
            !PyDict_Check(PyTuple_GET_ITEM(spec, SPEC_GOODS)) ||
            (PyTuple_GET_ITEM(spec, SPEC_EXTRAS) != Py_None &&
             (!PyDict_Check(PyTuple_GET_ITEM(spec, SPEC_EXTRAS)) ||
              PyTuple_GET_ITEM(spec, SPEC_DECIDING) == Py_None)) ||
            !by_ranks_fit(PyTuple_GET_ITEM(spec, SPEC_BY_RANKS))) {
            PyErr_SetString(PyExc_TypeError, "a dialogue's key: a rank table is malformed");
            return 0;
        }
    }
    return 1;
}

/* opens_as_heard(specs, hand, not_heard) -> bool
 *
 * search/_reads.py's opens_as_heard: whether `hand` holds, in each category of `specs`
 * (those he opened with a call not shown), a claim read and a candidate (in Python, 7,200
 * instructions a draw on the bench's Rubicon positions). */
static PyObject *opens_as_heard(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "opens_as_heard takes 3 arguments");
        return NULL;
    }
    PyObject *specs = args[0];
    if (!specs_fit(specs)) return NULL;
    uint64_t hand = as_mask(args[1]);
    if (PyErr_Occurred()) return NULL;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(specs); i++) {
        PyObject *spec = PyTuple_GET_ITEM(specs, i);
        Opening opening = {PyTuple_GET_ITEM(spec, SPEC_READ_AS), args[2]};
        int found = walk_claims(spec, args[1], hand, opening_row, &opening);
        if (found < 0) return NULL;
        if (!found) Py_RETURN_FALSE;
    }
    Py_RETURN_TRUE;
}

/* dialogue_key(specs, own, observer_a, elder_a, courts, dealt, hand, discard, pack,
 *              not_heard, good_against_the_cards)
 *     -> (key, claims) | None
 *
 * specs: each category's spec (the fields above) that reads any of his cards; own:
 * the observer's dealt hand; observer_a, elder_a: whether the observer, the elder, is
 * A; courts: the mask of the court cards (a hand without any is a carte blanche);
 * dealt, hand, discard: the opponent's dealt hand, his hand after the exchange (his
 * plays too) and his discard; pack: the pack's mask; the rest, _reads' NOT_HEARD and
 * functions. None where the elder holds a carte blanche (his count comes first). */
static PyObject *dialogue_key(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 11) {
        PyErr_SetString(PyExc_TypeError, "dialogue_key takes 11 arguments");
        return NULL;
    }
    PyObject *specs = args[0];
    if (!specs_fit(specs)) return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(specs);
    int observer_a = PyObject_IsTrue(args[2]), elder_a = PyObject_IsTrue(args[3]);
    if (observer_a < 0 || elder_a < 0) return NULL;
    uint64_t own = as_mask(args[1]);
    uint64_t courts = as_mask(args[4]);
    uint64_t dealt = as_mask(args[5]);
    uint64_t hand = as_mask(args[6]);
    uint64_t discard = as_mask(args[7]);
    uint64_t pack = as_mask(args[8]);
    if (PyErr_Occurred()) return NULL;
    uint64_t a = observer_a ? own : dealt, b = observer_a ? dealt : own;
    uint64_t a_blanche = a & courts ? 0 : a, b_blanche = b & courts ? 0 : b;
    if (elder_a ? a_blanche : b_blanche) Py_RETURN_NONE; /* an elder's count comes first */
    PyObject *key = PyTuple_New(n + 1), *claims = PyList_New(0), *result = NULL;
    if (key == NULL || claims == NULL) goto done;
    PyObject *blanches = Py_BuildValue("(KK)", (unsigned long long)a_blanche,
                                       (unsigned long long)b_blanche);
    if (blanches == NULL) goto done;
    PyTuple_SET_ITEM(key, 0, blanches);
    uint64_t unseen = pack & ~hand & ~discard;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *part = key_part(PyTuple_GET_ITEM(specs, i), args[6], hand, unseen,
                                  args + 9, claims);
        if (part == NULL) goto done;
        PyTuple_SET_ITEM(key, i + 1, part);
    }
    PyObject *claimed = PyList_AsTuple(claims);
    if (claimed == NULL) goto done;
    result = PyTuple_Pack(2, key, claimed);
    Py_DECREF(claimed);
done:
    Py_XDECREF(key);
    Py_XDECREF(claims);
    return result;
}

#endif /* PIQUET__CSAMPLE_KEY_H */
