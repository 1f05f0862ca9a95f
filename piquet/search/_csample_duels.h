/* The duels of automatic declarations (auto_duels): who wins the point, the sequences
 * and the sets between two hands, and each hand's best combination, as the engine's
 * category tables resolve them (engine/suit_tables.py, engine/rank_tables.py: the duel
 * methods). The sampler asks it of every placement it proposes with automatic
 * declarations, to check them against the words heard (search/_replay.py).
 *
 * Python packs each ruleset's tables once (search/_duels.py: duel_table): for each
 * category, a code for every suit's nine bits (a category made suit by suit: the point,
 * sequences in one suit) or for every rank's four suits (one made rank by rank: the
 * sets), and the mask of the best combination behind each code. A code is the rank of
 * its best combination's key among all of the category's keys, above where it was found,
 * so that the greatest code is the hand's best combination, and of equal keys the one
 * the engine takes first. A hand's best is the greatest code of its suits (or ranks).
 *
 * A part of _csample.c, which includes it once: the parts make one translation unit. */
#ifndef PIQUET__CSAMPLE_DUELS_H
#define PIQUET__CSAMPLE_DUELS_H

#define BY_SUIT 1   /* 4 x 512 codes (suit << 9 | bits), then 2,048 masks by the code's slot */
#define BY_RANK 2   /* 9 x 16 codes (rank << 4 | suits), then 144 masks by the same index */
#define SUIT_SLOT_BITS 11 /* a suit's code: key rank << 11 | (3 - suit) << 9 | bits */
#define RANK_SLOT_BITS 8  /* a rank's code: key rank << 8 | rank << 4 | suits */
#define BY_SUIT_LEN (2 * 2048)
#define BY_RANK_LEN (2 * 144)
#define DUEL_HEADER 6 /* three kinds, then three offsets, in int64 words */

/* The rank of `hand`'s best combination in one category's block (0: none), and the
 * combination's mask; -1 when a code points outside the block (a table not made by
 * duel_table). */
static int64_t best_code(const int64_t *block, int64_t kind, uint64_t hand, uint64_t *mask) {
    int64_t best = 0;
    if (kind == BY_SUIT) {
        for (int suit = 0; suit < 4; suit++) {
            int64_t code = block[suit << 9 | (int)(hand >> (suit * SUIT_SHIFT) & SUIT_BITS)];
            if (code > best) best = code;
        }
        *mask = best ? (uint64_t)block[2048 + (best & ((1 << SUIT_SLOT_BITS) - 1))] : 0;
        return best >> SUIT_SLOT_BITS;
    }
    for (int rank = 0; rank < 9; rank++) {
        int suits = 0; /* which suits hold the rank: a bit a suit */
        for (int suit = 0; suit < 4; suit++)
            suits |= (int)(hand >> (suit * SUIT_SHIFT + rank) & 1) << suit;
        int64_t code = block[rank << 4 | suits];
        if (code > best) best = code;
    }
    int64_t slot = best & ((1 << RANK_SLOT_BITS) - 1);
    if (slot >= 144) return -1;
    *mask = best ? (uint64_t)block[144 + slot] : 0;
    return best >> RANK_SLOT_BITS;
}

/* The table's words, checked: NULL (an exception set) when it is not one that
 * duel_table made. */
static const int64_t *duel_words(PyObject *table) {
    if (!PyBytes_Check(table) || PyBytes_GET_SIZE(table) % 8) {
        PyErr_SetString(PyExc_TypeError, "auto_duels: the table must be duel_table's bytes");
        return NULL;
    }
    const int64_t *words = (const int64_t *)PyBytes_AS_STRING(table);
    Py_ssize_t n = PyBytes_GET_SIZE(table) / 8;
    if (n < DUEL_HEADER) goto bad;
    for (int c = 0; c < 3; c++) {
        int64_t kind = words[c], at = words[3 + c];
        int64_t len = kind == BY_SUIT ? BY_SUIT_LEN : kind == BY_RANK ? BY_RANK_LEN : -1;
        if (len < 0 || at < DUEL_HEADER || at > n - len) goto bad;
    }
    return words;
bad:
    PyErr_SetString(PyExc_ValueError, "auto_duels: a table of the wrong shape");
    return NULL;
}

/* The duels of two hands (auto_duels's tuple, new), or NULL with an exception set. */
static PyObject *duels_of(const int64_t *words, uint64_t elder, uint64_t younger) {
    PyObject *out = PyTuple_New(9);
    if (out == NULL) return NULL;
    for (int c = 0; c < 3; c++) {
        const int64_t *block = words + words[3 + c];
        uint64_t mask_e, mask_y;
        int64_t rank_e = best_code(block, words[c], elder, &mask_e);
        int64_t rank_y = best_code(block, words[c], younger, &mask_y);
        if (rank_e < 0 || rank_y < 0) {
            PyErr_SetString(PyExc_ValueError, "auto_duels: a table of the wrong shape");
            Py_DECREF(out);
            return NULL;
        }
        long winner = rank_e == rank_y ? 0 : rank_e > rank_y ? 1 : 2;
        PyObject *fields[3] = {PyLong_FromLong(winner), PyLong_FromUnsignedLongLong(mask_e),
                               PyLong_FromUnsignedLongLong(mask_y)};
        for (int f = 0; f < 3; f++) {
            if (fields[f] == NULL) {
                for (int g = 0; g < 3; g++) Py_XDECREF(fields[g]);
                Py_DECREF(out);
                return NULL;
            }
        }
        for (int f = 0; f < 3; f++) PyTuple_SET_ITEM(out, 3 * c + f, fields[f]);
    }
    return out;
}

/* auto_duels(table, elder_hand, younger_hand): for the point, the sequences and the sets
 * in turn, who wins (0 nobody, 1 the elder, 2 the younger), the elder's best
 * combination's mask and the younger's (0: none): the first three fields of each duel
 * of engine/combination_tables.py's duels. */
static PyObject *auto_duels(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "auto_duels takes 3 arguments");
        return NULL;
    }
    const int64_t *words = duel_words(args[0]);
    if (words == NULL) return NULL;
    uint64_t hands[2];
    for (int i = 0; i < 2; i++) {
        hands[i] = as_mask(args[1 + i]);
        if (hands[i] == (uint64_t)-1 && PyErr_Occurred()) return NULL;
        if (hands[i] & ~CARD_BITS) {
            PyErr_SetString(PyExc_ValueError, "auto_duels: a hand holds bits that are no card");
            return NULL;
        }
    }
    return duels_of(words, hands[0], hands[1]);
}

#endif
