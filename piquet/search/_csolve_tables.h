/* A ruleset's tables (the Tables type): every suit's entry and the bounds of the rest of a
 * deal, made from what Python compiled (piquet/search/_native_solve.py).
 *
 * A part of _csolve.c, which includes it once: the parts make one translation unit,
 * so the compiler inlines across them as it did when they were one file (the split
 * left the compiled code the same, instruction for instruction). */
#ifndef PIQUET__CSOLVE_TABLES_H
#define PIQUET__CSOLVE_TABLES_H

static int read_ints(PyObject *seq, int32_t *out, Py_ssize_t n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (fast == NULL) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        PyErr_Format(PyExc_ValueError, "Tables: %s needs %zd numbers, not %zd", what, n,
                     PySequence_Fast_GET_SIZE(fast));
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (int32_t)v;
    }
    Py_DECREF(fast);
    return 0;
}

static void Tables_dealloc(TablesObject *self) {
    PyMem_Free(self->lower);
    PyMem_Free(self->upper);
    PyMem_Free(self->index);
    PyMem_Free(self->entries);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* ---- one suit (the pure solver's _representatives, _suit_leads, _answers, _suit_code,
 * _sure_tricks, _suit_entry), cards as bits within the suit */

#define COUNTERS9 0x1F0u /* A K Q J 10 */

/* The highest card of each run of mine that no other card in play (or the card on the
 * table, -1 for none) interrupts and, with classes, of one scoring class; high to low. */
static int representatives(unsigned mine, unsigned in_play, int classes, int table, uint8_t *out) {
    unsigned others = (in_play & ~mine) | (table >= 0 ? 1u << table : 0u);
    int n = 0, previous_mine = 0, previous_class = -1;
    for (int b = 8; b >= 0; b--) {
        if (mine >> b & 1) {
            int card_class = classes ? (int)(COUNTERS9 >> b & 1) : 0;
            if (!(previous_mine && card_class == previous_class)) out[n++] = (uint8_t)b;
            previous_mine = 1;
            previous_class = card_class;
        } else if (others >> b & 1) {
            previous_mine = 0;
        }
    }
    return n;
}

static int sure_tricks(unsigned mine, unsigned theirs) {
    int count = 0;
    for (int b = 8; b >= 0; b--) {
        if (mine >> b & 1)
            count++;
        else if (theirs >> b & 1)
            break;
    }
    if (popcount64(theirs) <= count) return popcount64(mine);
    if (!mine) return count;
    int masters = 0;
    for (int b = 8; b >= 0; b--) {
        if (theirs >> b & 1)
            masters++;
        else if (mine >> b & 1)
            break;
    }
    int held = popcount64(mine);
    return count + 16 * (masters < held ? masters : held);
}

static uint64_t suit_code(int classes, unsigned mine, unsigned theirs) {
    uint64_t code = 1;
    unsigned both = mine | theirs;
    for (int b = 8; b >= 0; b--)
        if (both >> b & 1)
            code = code * 4 + (theirs >> b & 1 ? 2 : 0) + (classes ? (COUNTERS9 >> b & 1) : 0);
    return code;
}

static void fill_entry(SuitEntry *e, unsigned mine, unsigned theirs, int classes, int counted) {
    unsigned in_play = mine | theirs;
    memset(e, 0, sizeof *e);
    e->code = suit_code(classes, mine, theirs) << 24 | (uint64_t)sure_tricks(mine, theirs);
    if (counted)
        e->code |= (uint64_t)popcount64(mine & COUNTERS9) << 16 |
                   (uint64_t)popcount64(theirs & COUNTERS9) << 8;
    e->has_answers = theirs != 0;
    if (mine) {
        /* the leads: the master, the lowest card, the others */
        uint8_t cards[9];
        int n = representatives(mine, in_play, classes, -1, cards), from = 0, at = 0;
        if (bit_length(mine) == bit_length(in_play)) {
            e->leads[at++] = cards[0];
            e->groups[0] = 1;
            from = 1;
        }
        if (from < n) {
            e->leads[at++] = cards[n - 1];
            e->groups[1] = 1;
            for (int i = from; i < n - 1; i++) e->leads[at++] = cards[i];
            e->groups[2] = (uint8_t)(n - 1 - from);
        }
        /* the answers to each lead: the lowest card that wins, the lowest, the others */
        for (int l = 0; theirs && l < at; l++) {
            int lead = e->leads[l];
            uint8_t found[9], *out = e->answers[l];
            int k = representatives(theirs, in_play, classes, lead, found), m = 0;
            int winner = -1;
            for (int i = 0; i < k; i++)
                if (found[i] > lead) winner = found[i];
            if (winner >= 0) out[m++] = (uint8_t)winner;
            if (found[k - 1] != winner) out[m++] = found[k - 1];
            for (int i = 0; i < k; i++)
                if (found[i] != winner && found[i] != found[k - 1]) out[m++] = found[i];
            e->n_answers[l] = (uint8_t)m;
        }
    }
    /* the follower's throws: his lowest, then the others, low to high */
    uint8_t cards[9];
    int n = representatives(theirs, in_play, classes, -1, cards);
    for (int i = 0; i < n; i++) e->throws[i] = cards[n - 1 - i];
    e->n_throws = (uint8_t)n;
}

/* ---- the bounds (the pure solver's _trick_sums and _Bounds) */

static int32_t pick(int most, int32_t a, int32_t b) { return most ? (a > b ? a : b) : (a < b ? a : b); }

static void trick_sums(TablesObject *t) {
    for (int most = 1; most >= 0; most--) {
        int32_t mine_won = most ? t->kept_max : t->kept_min;
        int32_t mine_lost = most ? t->lost_max : t->lost_min;
        int32_t theirs_won = most ? -t->lost_min : -t->lost_max;
        int32_t theirs_lost = most ? -t->kept_min : -t->kept_max;
        int32_t last_won = most ? t->last_max : t->last_min;
        int32_t last_lost = most ? -t->last_min : -t->last_max;
        /* by (tricks, x, whether he leads): the best sum, or absent */
        int32_t best[13][13][2];
        uint8_t has[13][13][2];
        memset(has, 0, sizeof has);
        best[0][0][0] = best[0][0][1] = 0;
        has[0][0][0] = has[0][0][1] = 1;
        for (int tricks = 1; tricks < 13; tricks++) {
            int end = tricks == 1;
            for (int x = 0; x <= tricks; x++) {
                for (int leads = 1; leads >= 0; leads--) {
                    int any = 0;
                    int32_t value = 0;
                    if (x && has[tricks - 1][x - 1][1]) {
                        int32_t option = (leads ? mine_won : theirs_won) + (end ? last_won : 0) +
                                         best[tricks - 1][x - 1][1];
                        value = option;
                        any = 1;
                    }
                    if (x < tricks && has[tricks - 1][x][0]) {
                        int32_t option = (leads ? mine_lost : theirs_lost) + (end ? last_lost : 0) +
                                         best[tricks - 1][x][0];
                        value = any ? pick(most, value, option) : option;
                        any = 1;
                    }
                    if (any) {
                        best[tricks][x][leads] = value;
                        has[tricks][x][leads] = 1;
                    }
                }
            }
        }
        int32_t *out = most ? t->most_sums : t->least_sums;
        for (int tricks = 0; tricks < 13; tricks++)
            for (int x = 0; x < 13; x++)
                out[tricks * 13 + x] = has[tricks][x][1] ? best[tricks][x][1] : 0;
    }
}

static int imin(int a, int b) { return a < b ? a : b; }
static int imax(int a, int b) { return a > b ? a : b; }

/* Fill the 16 cells (one a count of sure tricks) of (at, mine, theirs). */
static void fill_bounds(TablesObject *t, int most, int at, int mine, int theirs) {
    int won = at / 13, left = at % 13;
    int other = 12 - left - won;
    int sevenths = (won < 7 && 7 <= won + left) || (other < 7 && 7 <= other + left) ? t->seventh : 0;
    int counters = mine + theirs;
    int exact = t->counters == 2;
    int32_t values[16];
    if (most) {
        int32_t found[13];
        for (int x = 0; x <= left; x++) {
            int last = x ? t->last_max : -t->last_min;
            int points = t->most_sums[left * 13 + x];
            if (exact)
                points = imin(points, 2 * (imin(x, mine) + imin(x, theirs)) - counters + last);
            else if (t->counters)
                points = imin(points, counters + last);
            found[x] = points + t->end[won + x] + sevenths;
        }
        for (int sure = 0; sure < 16; sure++) {
            int upto = left - imin(sure, left);
            int32_t value = found[0];
            for (int x = 1; x <= upto; x++) value = imax(value, found[x]);
            values[sure] = value;
        }
    } else {
        int32_t floors[13];
        for (int x = 0; x <= left; x++) {
            int last = x == left ? t->last_min : -t->last_max;
            if (exact) {
                int taken = imax(0, mine - (left - x)) + imax(0, theirs - (left - x));
                floors[x] = 2 * taken - counters + last;
            } else if (t->counters) {
                floors[x] = -counters + last;
            } else {
                floors[x] = -INF;
            }
        }
        int n = 0;
        for (int sure = 0; sure <= imin(left, 15); sure++, n++) {
            int32_t value = INF;
            for (int x = sure; x <= left; x++) {
                int rest = sure < left ? t->least_sums[(left - sure) * 13 + x - sure] : t->last_min;
                int v = imax(sure * t->kept_min + rest, floors[x]) + t->end[won + x] - sevenths;
                if (x == sure || v < value) value = v;
            }
            values[n] = value;
        }
        for (; n < 16; n++) values[n] = values[n - 1];
    }
    int32_t *cells = (most ? t->upper : t->lower) + ((at * COUNTS + mine) * COUNTS + theirs) * 16;
    memcpy(cells, values, sizeof values);
}

/* The tables made from what was read: the bounds' cells (unset until asked) and every
 * suit's entry, one for each of the 3 ** 9 pairs of the leader's and the follower's
 * cards of a suit. 0, or -1 with an exception set. */
static int make_entries(TablesObject *self, int classes, int counted) {
    PyMem_Free(self->lower);
    PyMem_Free(self->upper);
    PyMem_Free(self->index);
    PyMem_Free(self->entries);
    self->lower = PyMem_Malloc(sizeof(int32_t) * BOUND_CELLS);
    self->upper = PyMem_Malloc(sizeof(int32_t) * BOUND_CELLS);
    self->index = PyMem_Malloc(sizeof(int16_t) * PAIRS);
    self->entries = PyMem_Malloc(sizeof(SuitEntry) * MAX_ENTRIES);
    if (!self->lower || !self->upper || !self->index || !self->entries) {
        PyErr_NoMemory();
        return -1;
    }
    for (int i = 0; i < BOUND_CELLS; i++) self->lower[i] = self->upper[i] = UNSET;
    trick_sums(self);
    int n = 0;
    for (uint32_t pair = 0; pair < PAIRS; pair++) {
        unsigned mine = pair >> 9, theirs = pair & SUIT_BITS;
        if (mine & theirs) {
            self->index[pair] = -1;
            continue;
        }
        fill_entry(&self->entries[n], mine, theirs, classes, counted);
        self->index[pair] = (int16_t)n++;
    }
    return 0;
}

static int Tables_init(TablesObject *self, PyObject *args, PyObject *kwds) {
    static char *names[] = {"net", "follower_wins", "end", "last_points", "trick_class",
                            "seventh", "kept", "lost", "last", "counters", "classes", "counted",
                            "lead_points", "trick_points", "cards", "capot",
                            "cards_toward_pique", "threshold", "pique", "per_trick", "last_most",
                            NULL};
    PyObject *net, *wins, *end, *last, *classes_of, *kept, *lost, *last_range, *lead, *trick;
    int seventh, counters, classes, counted, toward;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOOOiOOOippOOiipiiii", names, &net, &wins, &end,
                                     &last, &classes_of, &seventh, &kept, &lost, &last_range,
                                     &counters, &classes, &counted, &lead, &trick, &self->cards,
                                     &self->capot, &toward, &self->threshold, &self->pique,
                                     &self->per_trick, &self->last_most))
        return -1;
    self->cards_toward_pique = toward;
    self->classes = classes;
    if (read_ints(lead, self->lead_points, 64, "lead_points") < 0 ||
        read_ints(trick, self->trick_points, 64 * 64, "trick_points") < 0)
        return -1;

    int32_t flags[64 * 64], two[2];
    if (read_ints(net, self->net, 64 * 64, "net") < 0 ||
        read_ints(wins, flags, 64 * 64, "follower_wins") < 0 ||
        read_ints(end, self->end, 13, "end") < 0 ||
        read_ints(last, self->last_points, 64, "last_points") < 0 ||
        read_ints(classes_of, self->trick_class, 169, "trick_class") < 0)
        return -1;
    if (read_ints(kept, two, 2, "kept (least, most)") < 0) return -1;
    self->kept_min = two[0];
    self->kept_max = two[1];
    if (read_ints(lost, two, 2, "lost (least, most)") < 0) return -1;
    self->lost_min = two[0];
    self->lost_max = two[1];
    if (counters < 0 || counters > 2) {
        PyErr_SetString(PyExc_ValueError, "Tables: counters is 0, 1 or 2");
        return -1;
    }
    self->counters = counters;
    for (int i = 0; i < 64 * 64; i++) self->follower_wins[i] = flags[i] != 0;
    if (read_ints(last_range, two, 2, "last (least, most)") < 0) return -1;
    self->last_min = two[0];
    self->last_max = two[1];
    self->seventh = seventh;
    return make_entries(self, classes, counted);
}

static PyObject *Tables_bound(TablesObject *self, PyObject *args) {
    int most;
    long long key;
    if (!PyArg_ParseTuple(args, "pL", &most, &key)) return NULL;
    int at = (int)(key >> 24), mine = (int)(key >> 16 & 0xFF), theirs = (int)(key >> 8 & 0xFF);
    int sure = (int)(key & 0xFF);
    if (at < 0 || at >= 169 || at % 13 + at / 13 > 12 || mine >= COUNTS || theirs >= COUNTS ||
        sure >= 16) {
        PyErr_Format(PyExc_ValueError, "bound: no cell %lld", key);
        return NULL;
    }
    int cell = ((at * COUNTS + mine) * COUNTS + theirs) * 16;
    int32_t *cells = most ? self->upper : self->lower;
    if (cells[cell] == UNSET) fill_bounds(self, most, at, mine, theirs);
    return PyLong_FromLong(cells[cell + sure]);
}

static PyObject *bits_tuple(const uint8_t *bits, int n) {
    PyObject *out = PyTuple_New(n);
    if (out == NULL) return NULL;
    for (int i = 0; i < n; i++) PyTuple_SET_ITEM(out, i, PyLong_FromLong(bits[i]));
    return out;
}

/* A suit's entry as the pure solver's _suit_entry gives it (for the tests). */
static PyObject *Tables_suit_entry(TablesObject *self, PyObject *arg) {
    long pair = PyLong_AsLong(arg);
    if (pair == -1 && PyErr_Occurred()) return NULL;
    if (pair < 0 || pair >= (long)PAIRS || self->index[pair] < 0) {
        PyErr_Format(PyExc_ValueError, "suit_entry: no pair %ld", pair);
        return NULL;
    }
    SuitEntry *e = &self->entries[self->index[pair]];
    PyObject *groups = PyTuple_New(3);
    if (groups == NULL) return NULL;
    int at = 0;
    for (int g = 0; g < 3; g++) {
        PyObject *group = PyTuple_New(e->groups[g]);
        if (group == NULL) {
            Py_DECREF(groups);
            return NULL;
        }
        for (int i = 0; i < e->groups[g]; i++, at++) {
            PyObject *answers = e->has_answers ? bits_tuple(e->answers[at], e->n_answers[at])
                                               : (Py_INCREF(Py_None), Py_None);
            PyTuple_SET_ITEM(group, i, Py_BuildValue("(lN)", (long)e->leads[at], answers));
        }
        PyTuple_SET_ITEM(groups, g, group);
    }
    return Py_BuildValue("(KNN)", (unsigned long long)e->code, groups,
                         bits_tuple(e->throws, e->n_throws));
}

static PyMethodDef Tables_methods[] = {
    {"bound", (PyCFunction)Tables_bound, METH_VARARGS,
     "bound(most, key): a cell of the bounds, as the pure solver's _Bounds[key]."},
    {"suit_entry", (PyCFunction)Tables_suit_entry, METH_O,
     "suit_entry(pair): a suit's entry, as the pure solver's _suit_entry gives it."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject TablesType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "piquet.search._csolve.Tables",
    .tp_basicsize = sizeof(TablesObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Tables_init,
    .tp_dealloc = (destructor)Tables_dealloc,
    .tp_methods = Tables_methods,
    .tp_doc = "A ruleset's tables for the fast search (made once per ruleset).",
};

static SuitEntry *suit_entry(SearchObject *s, uint32_t pair) {
    int at = s->tables->index[pair];
    if (at < 0) {
        PyErr_SetString(PyExc_ValueError, "fast: the hands overlap");
        s->failed = 1;
        return NULL;
    }
    return &s->tables->entries[at];
}

static int32_t bound(SearchObject *s, int most, int at, uint64_t total, int sure) {
    TablesObject *t = s->tables;
    int mine = (int)(total >> 16 & 0xFF), theirs = (int)(total >> 8 & 0xFF);
    if (mine >= COUNTS || theirs >= COUNTS || sure >= 16) {
        PyErr_SetString(PyExc_RuntimeError, "bounds: counts out of range (the hands overlap)");
        s->failed = 1;
        return 0;
    }
    int cell = ((at * COUNTS + mine) * COUNTS + theirs) * 16;
    int32_t *cells = most ? t->upper : t->lower;
    if (cells[cell] == UNSET) fill_bounds(t, most, at, mine, theirs);
    return cells[cell + sure];
}

#endif
