/* piquet.search._csolve: the play-phase solver's search, compiled.
 *
 * The C twin of the pure solver's search (piquet/search/_search.py, _fast.py,
 * _fast_tables.py, _moves.py): the full search, which follows the scores while the pique
 * is open or a race's target near, and the fast negamax over tricks once neither
 * matters; the same moves in the same order, the same equivalent cards, the same bounds,
 * the same transposition-table keys. The MTD(f) driver and the valuing of each play stay
 * in Python (piquet/search/solver.py), calling Search.root and Search.root_move.
 *
 * It knows no ruleset: Python compiles a ruleset's tables once (``Tables``, see
 * piquet/search/_native_solve.py: the points of every pair of cards and who wins it, the
 * lead and last-trick points, the cards and capot by tricks won, the cards at the
 * seventh trick, the classes of trick counts, the pique's threshold and bonus, and what
 * bounds the rest of a deal) and the kernel reads them. From those it makes every suit's
 * entry (its code, sure tricks, counters, leads, answers and throws) at once, and each
 * cell of the bounds when first met, as the pure search does (the tests compare them
 * cell by cell). A house ruleset thus needs no new native code.
 *
 * The transposition tables (one for the fast search, one for the full) are fixed-size
 * tables of the module, entries tagged with the number of the search that wrote them: a
 * new ``Search`` (one a solve) sees empty tables without clearing them, as the pure
 * solver starts each solve with empty dicts. A slot holds one position; a new position
 * takes it over (the tables keep bounds only, so losing one costs time, never a value).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define INF 1000000
#define SUIT_BITS 0x1FFu
#define PAIRS (1u << 18)
#define MAX_ENTRIES 19683 /* 3 ** 9: each card of a suit is the leader's, the follower's or gone */
#define COUNTS 13 /* counters a hand holds: 0 to 12 */
#define BOUND_CELLS (169 * COUNTS * COUNTS * 16)
#define UNSET INT32_MIN
#define TT_BITS 14
#define TT_SIZE (1u << TT_BITS)

#include "_cbits.h"

/* One suit as the fast search sees it, by the leader's nine bits << 9 | the follower's
 * (cards as bits within the suit: add the suit's base to play them). */
typedef struct {
    uint64_t code;      /* suit code << 24 | leader's counters << 16 | follower's << 8 | sure */
    uint8_t groups[3];  /* the leads: so many masters, lowest cards, others */
    uint8_t has_answers; /* whether the follower holds the suit */
    uint8_t leads[9];
    uint8_t n_answers[9];
    uint8_t n_throws;   /* throws[0]: his lowest; then the others */
    uint8_t throws[9];
    uint8_t answers[9][9]; /* last: the rest fits one cache line */
} SuitEntry;

typedef struct {
    uint64_t key[4];
    uint32_t tag;
    int32_t trick_class;
    int32_t low, high;
    int32_t first; /* the best lead found, a card index */
} TTEntry;

static TTEntry *tt = NULL;
static uint32_t tt_tag = 0;

typedef struct {
    PyObject_HEAD
    int32_t net[64 * 64];
    uint8_t follower_wins[64 * 64];
    int32_t end[13];
    int32_t last_points[64];
    int32_t trick_class[169];
    int32_t seventh;
    int32_t *lower;  /* BOUND_CELLS, UNSET until asked */
    int32_t *upper;
    int16_t *index;  /* PAIRS: the entry of each pair (-1: the hands overlap) */
    SuitEntry *entries;
    /* what bounds the rest of a deal (the pure solver's _Shape) */
    int32_t kept_min, kept_max, lost_min, lost_max, last_min, last_max;
    int32_t counters;  /* 2: a trick's points are its counters; 1: at most them; 0: neither */
    int32_t most_sums[169], least_sums[169]; /* the pure solver's _trick_sums */
    /* the full search's scoring (the pure solver's PlayRules) */
    int32_t lead_points[64];
    int32_t trick_points[64 * 64]; /* by lead << 6 | follow: the points to the winner */
    int32_t cards, capot, cards_toward_pique, threshold, pique, classes;
    int32_t per_trick, last_most; /* the most one trick brings, and the last trick */
} TablesObject;

typedef struct {
    PyObject_HEAD
    TablesObject *tables;
    PyObject *rules; /* the pure solver's PlayRules, for the solver's own use */
    uint32_t tag;
    long long nodes;
    int failed;
    /* the deal so far: the elder, the pique, A's tricks, a race's target and the scores */
    int elder, pique_open, elder_count, tricks_a, has_target, target, scores[2];
} SearchObject;

/* ------------------------------------------------------------------ tables */

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
    /* every suit: 3 ** 9 pairs of the leader's and the follower's cards */
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

/* ------------------------------------------------------------------ search */

static int last_trick(TablesObject *t, uint64_t mine, uint64_t theirs, int won) {
    int lead = msb64(mine), follow = msb64(theirs);
    int index = lead << 6 | follow;
    if (t->follower_wins[index]) {
        int count = 12 - won;
        int value = t->net[index] - t->last_points[follow] - t->end[count];
        return count == 7 ? value - t->seventh : value;
    }
    int count = won + 1;
    int value = t->net[index] + t->last_points[lead] + t->end[count];
    return count == 7 ? value + t->seventh : value;
}

static int two_tricks(TablesObject *t, uint64_t mine, uint64_t theirs, int won) {
    int high = msb64(mine);
    int low = msb64(mine ^ (1ULL << high));
    int their_high = msb64(theirs);
    int their_low = msb64(theirs ^ (1ULL << their_high));
    int other = 10 - won;
    int best = -INF;
    int leads[2][2] = {{high, low}, {low, high}};
    for (int l = 0; l < 2; l++) {
        int lead = leads[l][0], keep = leads[l][1];
        int base = lead & 48;
        int follows_high = (their_high & 48) == base;
        int follows_low = (their_low & 48) == base;
        int answers[2][2];
        int n;
        if (follows_high != follows_low) {
            n = 1;
            answers[0][0] = follows_high ? their_high : their_low;
            answers[0][1] = follows_high ? their_low : their_high;
        } else {
            n = 2;
            answers[0][0] = their_high;
            answers[0][1] = their_low;
            answers[1][0] = their_low;
            answers[1][1] = their_high;
        }
        int worst = INF;
        for (int a = 0; a < n; a++) {
            int card = answers[a][0], rest = answers[a][1];
            int index = lead << 6 | card;
            int value;
            if (t->follower_wins[index]) {
                int count = other + 1;
                value = t->net[index] - last_trick(t, 1ULL << rest, 1ULL << keep, count);
                if (count == 7) value -= t->seventh;
            } else {
                int count = won + 1;
                value = t->net[index] + last_trick(t, 1ULL << keep, 1ULL << rest, count);
                if (count == 7) value += t->seventh;
            }
            if (value < worst) worst = value;
        }
        if (worst > best) best = worst;
    }
    return best;
}

static inline void sort4(uint64_t *k) {
    uint64_t x;
#define SWAP(i, j) if (k[i] > k[j]) { x = k[i]; k[i] = k[j]; k[j] = x; }
    SWAP(0, 1) SWAP(2, 3) SWAP(0, 2) SWAP(1, 3) SWAP(1, 2)
#undef SWAP
}

static inline uint32_t hash_key(const uint64_t *k, int32_t trick_class) {
    uint64_t h = (uint64_t)trick_class * 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < 4; i++) {
        h ^= k[i] + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
        h *= 0xBF58476D1CE4E5B9ULL;
    }
    return (uint32_t)(h >> (64 - TT_BITS));
}

static int fast(SearchObject *s, uint64_t mine, uint64_t theirs, int won, int beta) {
    TablesObject *t = s->tables;
    s->nodes++;
    int left = popcount64(mine);
    if (left == 2) return two_tricks(t, mine, theirs, won);
    SuitEntry *e[4];
    for (int suit = 0; suit < 4; suit++) {
        int shift = 16 * suit;
        uint32_t pair = (uint32_t)((mine >> shift & SUIT_BITS) << 9 | (theirs >> shift & SUIT_BITS));
        e[suit] = suit_entry(s, pair);
        if (e[suit] == NULL) return 0;
    }
    uint64_t total = e[0]->code + e[1]->code + e[2]->code + e[3]->code;
    int at = won * 13 + left;
    int32_t b = bound(s, 1, at, total, (int)((total & 0xFF) >> 4));
    if (s->failed) return 0;
    if (b < beta) return b;
    b = bound(s, 0, at, total, (int)(total & 15));
    if (s->failed) return 0;
    if (b >= beta) return b;
    uint64_t key[4] = {e[0]->code, e[1]->code, e[2]->code, e[3]->code};
    sort4(key);
    int32_t trick_class = t->trick_class[at];
    TTEntry *slot = &tt[hash_key(key, trick_class)];
    int found = slot->tag == s->tag && slot->trick_class == trick_class &&
                slot->key[0] == key[0] && slot->key[1] == key[1] && slot->key[2] == key[2] &&
                slot->key[3] == key[3];
    int first = -1;
    int low = -INF, high = INF;
    if (found) {
        low = slot->low;
        high = slot->high;
        if (low >= beta) return low;
        if (high < beta) return high;
        first = slot->first;
    }
    /* the moves: the masters of every suit, then the lowest cards, then the others; each a
     * (suit, lead's place in its entry) */
    uint8_t move_suit[12], move_at[12];
    int n = 0;
    for (int g = 0; g < 3; g++) {
        for (int suit = 0; suit < 4; suit++) {
            int from = g == 0 ? 0 : g == 1 ? e[suit]->groups[0] : e[suit]->groups[0] + e[suit]->groups[1];
            for (int i = 0; i < e[suit]->groups[g]; i++) {
                move_suit[n] = (uint8_t)suit;
                move_at[n] = (uint8_t)(from + i);
                n++;
            }
        }
    }
    if (first >= 0) {
        for (int m = 1; m < n; m++) {
            if (16 * move_suit[m] + e[move_suit[m]]->leads[move_at[m]] == first) {
                uint8_t fs = move_suit[m], fa = move_at[m];
                memmove(move_suit + 1, move_suit, m);
                memmove(move_at + 1, move_at, m);
                move_suit[0] = fs;
                move_at[0] = fa;
                break;
            }
        }
    }
    uint8_t discards[12];
    int n_discards = -1;
    int other = 12 - left - won;
    int best = -INF;
    int best_move = 16 * move_suit[0] + e[move_suit[0]]->leads[move_at[0]];
    for (int m = 0; m < n; m++) {
        SuitEntry *se = e[move_suit[m]];
        int base = 16 * move_suit[m];
        int lead = base + se->leads[move_at[m]];
        uint64_t rest = mine ^ (1ULL << lead);
        const uint8_t *answers;
        int n_answers, answer_base;
        if (se->has_answers) {
            answers = se->answers[move_at[m]];
            n_answers = se->n_answers[move_at[m]];
            answer_base = base;
        } else {
            if (n_discards < 0) {
                n_discards = 0;
                for (int suit = 0; suit < 4; suit++)
                    if (e[suit]->n_throws) discards[n_discards++] = (uint8_t)(16 * suit + e[suit]->throws[0]);
                for (int suit = 0; suit < 4; suit++)
                    for (int i = 1; i < e[suit]->n_throws; i++)
                        discards[n_discards++] = (uint8_t)(16 * suit + e[suit]->throws[i]);
            }
            answers = discards;
            n_answers = n_discards;
            answer_base = 0;
        }
        int worst = INF;
        int row = lead << 6;
        for (int a = 0; a < n_answers; a++) {
            int card = answer_base + answers[a];
            int index = row | card;
            int value, points;
            uint64_t after = theirs ^ (1ULL << card);
            if (t->follower_wins[index]) {
                int count = other + 1;
                points = count == 7 ? t->net[index] - t->seventh : t->net[index];
                if (left == 3)
                    value = points - two_tricks(t, after, rest, count);
                else
                    value = points - fast(s, after, rest, count, points - beta + 1);
            } else {
                int count = won + 1;
                points = count == 7 ? t->net[index] + t->seventh : t->net[index];
                if (left == 3)
                    value = points + two_tricks(t, rest, after, count);
                else
                    value = points + fast(s, rest, after, count, beta - points);
            }
            if (s->failed) return 0;
            if (value < worst) {
                worst = value;
                if (value < beta) break;
            }
        }
        if (worst > best) {
            best = worst;
            best_move = lead;
            if (best >= beta) break;
        }
    }
    /* fail-soft: at least best if it reached beta, else at most best */
    if (best >= beta)
        low = best;
    else
        high = best;
    memcpy(slot->key, key, sizeof key);
    slot->tag = s->tag;
    slot->trick_class = trick_class;
    slot->low = low;
    slot->high = high;
    slot->first = best_move;
    return best;
}

/* ------------------------------------------------------------------ the full search */
/* The pure solver's Search (piquet/search/_search.py) line for line: from player A's
 * side, following the scores while the pique is open or a race's target near, handing
 * over to fast() once neither matters. */

typedef struct {
    int open, count; /* the pique still open, the elder's count toward it */
    int pts[2];      /* A's and B's points since the search began */
} Score;

typedef struct {
    uint64_t hand_a, hand_b;
    uint32_t tag;
    int16_t leader, tricks_a, open, count;
    int32_t pts[2];
    int32_t low, high, first;
} FullEntry;

#define FULL_BITS 14
#define FULL_SIZE (1u << FULL_BITS)
static FullEntry *full_tt = NULL;

static int enter(SearchObject *s, int player, int points, int play_class, Score *st) {
    TablesObject *t = s->tables;
    if (points <= 0) return 0;
    st->pts[player] += points;
    int bonus = 0;
    if (st->open) {
        if (player != s->elder) {
            st->open = 0;
            st->count = 0;
        } else if (play_class) {
            st->count += points;
            if (st->count >= t->threshold) {
                bonus = t->pique;
                st->open = 0;
                st->count = 0;
            }
        }
    }
    if (s->has_target && s->scores[player] + st->pts[player] >= s->target) return 1;
    if (bonus) {
        st->pts[player] += bonus;
        if (s->has_target && s->scores[player] + st->pts[player] >= s->target) return 1;
    }
    return 0;
}

static int trick_end(SearchObject *s, int winner, int lead, int follow, int won, int tricks_a,
                     int left, Score *st) {
    TablesObject *t = s->tables;
    if (enter(s, winner, t->trick_points[lead << 6 | follow], 1, st)) return 1;
    int won_by = winner == 0 ? tricks_a : 12 - left - tricks_a;
    if (t->cards_toward_pique && won_by == 7 && enter(s, winner, t->cards, 1, st)) return 1;
    if (left) return 0;
    if (enter(s, winner, t->last_points[won ? follow : lead], 1, st)) return 1;
    for (int p = 0; p < 2; p++) {
        int count = p == 0 ? tricks_a : 12 - tricks_a;
        if (count == 12) {
            int already = t->cards_toward_pique ? t->cards : 0;
            if (enter(s, p, t->capot - already, 0, st)) return 1;
        } else if (count > 6 && !t->cards_toward_pique && enter(s, p, t->cards, 0, st)) {
            return 1;
        }
    }
    return 1;
}

/* the pure solver's answer_order: the lowest card that wins, the lowest, the others */
static int answer_order(unsigned mine, unsigned in_play, int base, int classes, int table,
                        uint8_t *out) {
    uint8_t cards[9];
    int k = representatives(mine, in_play, classes, table, cards), m = 0, winner = -1;
    for (int i = 0; i < k; i++)
        if (cards[i] > table) winner = cards[i];
    if (winner >= 0) out[m++] = (uint8_t)(base + winner);
    if (cards[k - 1] != winner) out[m++] = (uint8_t)(base + cards[k - 1]);
    for (int i = 0; i < k; i++)
        if (cards[i] != winner && cards[i] != cards[k - 1]) out[m++] = (uint8_t)(base + cards[i]);
    return m;
}

/* the pure solver's all_representatives: one card per run, suit by suit, high to low */
static int all_representatives(uint64_t hand, uint64_t in_play, int classes, uint8_t *out) {
    int n = 0;
    for (int suit = 0; suit < 4; suit++) {
        uint8_t cards[9];
        int k = representatives((unsigned)(hand >> 16 * suit & SUIT_BITS),
                                (unsigned)(in_play >> 16 * suit & SUIT_BITS), classes, -1, cards);
        for (int i = 0; i < k; i++) out[n++] = (uint8_t)(16 * suit + cards[i]);
    }
    return n;
}

/* the pure solver's lead_order: every suit's master, then lowest card, then the others */
static int lead_order(SearchObject *s, uint64_t hand, uint64_t in_play, uint8_t *out) {
    int n = 0;
    SuitEntry *e[4];
    for (int suit = 0; suit < 4; suit++) {
        unsigned mine = (unsigned)(hand >> 16 * suit & SUIT_BITS);
        unsigned theirs = (unsigned)(in_play >> 16 * suit & SUIT_BITS) & ~mine;
        e[suit] = &s->tables->entries[s->tables->index[mine << 9 | theirs]];
    }
    for (int g = 0; g < 3; g++)
        for (int suit = 0; suit < 4; suit++) {
            int from = g == 0 ? 0 : g == 1 ? e[suit]->groups[0] : e[suit]->groups[0] + e[suit]->groups[1];
            for (int i = 0; i < e[suit]->groups[g]; i++) out[n++] = (uint8_t)(16 * suit + e[suit]->leads[from + i]);
        }
    return n;
}

static int full_trick(SearchObject *s, uint64_t ha, uint64_t hb, int leader, int tricks_a,
                      const Score *st, int alpha, int beta);

static int diff(const Score *st) { return st->pts[0] - st->pts[1]; }

static int full_last(SearchObject *s, uint64_t ha, uint64_t hb, int leader, int tricks_a,
                     const Score *st) {
    TablesObject *t = s->tables;
    s->nodes++;
    Score after = *st;
    int before = diff(&after);
    int lead = msb64(leader == 0 ? ha : hb), follow = msb64(leader == 0 ? hb : ha);
    if (!enter(s, leader, t->lead_points[lead], 1, &after)) {
        int won = (follow & 48) == (lead & 48) && follow > lead;
        int winner = won ? 1 - leader : leader;
        trick_end(s, winner, lead, follow, won, tricks_a + (winner == 0), 0, &after);
    }
    return diff(&after) - before;
}

static int full_after_follow(SearchObject *s, uint64_t ha, uint64_t hb, int follower, int lead,
                             int card, int tricks_a, const Score *st, int alpha, int beta) {
    TablesObject *t = s->tables;
    if (follower == 0)
        ha ^= 1ULL << card;
    else
        hb ^= 1ULL << card;
    int won = (card & 48) == (lead & 48) && card > lead;
    int winner = won ? follower : 1 - follower;
    if (winner == 0) tricks_a++;
    int left = popcount64(ha);
    if (!st->open && !s->has_target && left) {
        int points = t->trick_points[lead << 6 | card];
        if (t->cards_toward_pique && t->cards) {
            int won_by = winner == 0 ? tricks_a : 12 - left - tricks_a;
            if (won_by == 7) points += t->cards;
        }
        int gained = winner == 0 ? points : -points;
        if (left == 1) return gained + full_last(s, ha, hb, winner, tricks_a, st);
        return gained + full_trick(s, ha, hb, winner, tricks_a, st, alpha - gained, beta - gained);
    }
    Score after = *st;
    int before = diff(&after);
    int stop = trick_end(s, winner, lead, card, won, tricks_a, left, &after);
    int gained = diff(&after) - before;
    if (stop) return gained;
    if (left == 1) return gained + full_last(s, ha, hb, winner, tricks_a, &after);
    return gained + full_trick(s, ha, hb, winner, tricks_a, &after, alpha - gained, beta - gained);
}

static int full_answer(SearchObject *s, uint64_t ha, uint64_t hb, int follower, int lead,
                       int tricks_a, const Score *st, int alpha, int beta) {
    uint64_t hand = follower ? hb : ha;
    int base = lead & 48;
    unsigned suit = (unsigned)(hand >> base & SUIT_BITS);
    uint64_t in_play = ha | hb;
    uint8_t answers[12];
    int n = suit ? answer_order(suit, (unsigned)(in_play >> base & SUIT_BITS), base,
                                s->tables->classes, lead - base, answers)
                 : all_representatives(hand, in_play, s->tables->classes, answers);
    int best;
    if (follower == 0) {
        best = -INF;
        for (int i = 0; i < n; i++) {
            int value = full_after_follow(s, ha, hb, 0, lead, answers[i], tricks_a, st, alpha, beta);
            if (s->failed) return 0;
            if (value > best) {
                best = value;
                if (best > alpha) {
                    alpha = best;
                    if (alpha >= beta) break;
                }
            }
        }
    } else {
        best = INF;
        for (int i = 0; i < n; i++) {
            int value = full_after_follow(s, ha, hb, 1, lead, answers[i], tricks_a, st, alpha, beta);
            if (s->failed) return 0;
            if (value < best) {
                best = value;
                if (best < beta) {
                    beta = best;
                    if (alpha >= beta) break;
                }
            }
        }
    }
    return best;
}

static int full_after_lead(SearchObject *s, uint64_t ha, uint64_t hb, int leader, int lead,
                           int tricks_a, const Score *st, int alpha, int beta) {
    TablesObject *t = s->tables;
    if (leader == 0)
        ha ^= 1ULL << lead;
    else
        hb ^= 1ULL << lead;
    if (!st->open && !s->has_target) {
        int points = t->lead_points[lead];
        int gained = leader == 0 ? points : -points;
        return gained + full_answer(s, ha, hb, 1 - leader, lead, tricks_a, st, alpha - gained,
                                    beta - gained);
    }
    Score after = *st;
    int before = diff(&after);
    if (enter(s, leader, t->lead_points[lead], 1, &after)) return diff(&after) - before;
    int gained = diff(&after) - before;
    return gained + full_answer(s, ha, hb, 1 - leader, lead, tricks_a, &after, alpha - gained,
                                beta - gained);
}

static int no_pique(SearchObject *s, uint64_t ha, const Score *st) {
    TablesObject *t = s->tables;
    int most = popcount64(ha) * t->per_trick + t->last_most;
    if (t->cards_toward_pique) most += t->cards;
    return st->count + most < t->threshold;
}

static int out_of_reach(SearchObject *s, uint64_t ha, int tricks_a, const Score *st) {
    TablesObject *t = s->tables;
    int left = popcount64(ha);
    int tricks_b = 12 - left - tricks_a;
    for (int player = 0; player < 2; player++) {
        int others = player == 0 ? tricks_b : tricks_a;
        int most = left * t->per_trick + t->last_most + (others == 0 ? t->capot : t->cards);
        if (s->scores[player] + st->pts[player] + most >= s->target) return 0;
    }
    return 1;
}

static int full_trick(SearchObject *s, uint64_t ha, uint64_t hb, int leader, int tricks_a,
                      const Score *st, int alpha, int beta) {
    if (popcount64(ha) > 1 && (!st->open || no_pique(s, ha, st)) &&
        (!s->has_target || out_of_reach(s, ha, tricks_a, st))) {
        if (leader == 0) return fast(s, ha, hb, tricks_a, beta);
        int left = popcount64(ha);
        /* every search is a zero-window test (alpha = beta - 1): B's is at -alpha */
        return -fast(s, hb, ha, 12 - left - tricks_a, -alpha);
    }
    s->nodes++;
    int pts0 = s->has_target ? st->pts[0] : 0, pts1 = s->has_target ? st->pts[1] : 0;
    uint64_t h = (ha * 0x9E3779B97F4A7C15ULL) ^ (hb * 0xBF58476D1CE4E5B9ULL) ^
                 ((uint64_t)(leader | tricks_a << 1 | st->open << 5 | st->count << 6) << 40) ^
                 ((uint64_t)(uint32_t)pts0 * 0x94D049BB133111EBULL) ^ ((uint64_t)(uint32_t)pts1 << 20);
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    FullEntry *slot = &full_tt[h >> (64 - FULL_BITS)];
    int found = slot->tag == s->tag && slot->hand_a == ha && slot->hand_b == hb &&
                slot->leader == leader && slot->tricks_a == tricks_a && slot->open == st->open &&
                slot->count == st->count && slot->pts[0] == pts0 && slot->pts[1] == pts1;
    int first = -1, low = -INF, high = INF;
    if (found) {
        low = slot->low;
        high = slot->high;
        first = slot->first;
        if (low >= beta) return low;
        if (high <= alpha) return high;
        if (low == high) return low;
        if (low > alpha) alpha = low;
        if (high < beta) beta = high;
    }
    uint8_t moves[12];
    int n = lead_order(s, leader == 0 ? ha : hb, ha | hb, moves);
    if (first >= 0) {
        for (int m = 0; m < n; m++) {
            if (moves[m] == first) {
                memmove(moves + 1, moves, m);
                moves[0] = (uint8_t)first;
                break;
            }
        }
    }
    int start_alpha = alpha, start_beta = beta;
    int best_move = moves[0], best;
    if (leader == 0) {
        best = -INF;
        for (int m = 0; m < n; m++) {
            int value = full_after_lead(s, ha, hb, 0, moves[m], tricks_a, st, alpha, beta);
            if (s->failed) return 0;
            if (value > best) {
                best = value;
                best_move = moves[m];
                if (best > alpha) {
                    alpha = best;
                    if (alpha >= beta) break;
                }
            }
        }
    } else {
        best = INF;
        for (int m = 0; m < n; m++) {
            int value = full_after_lead(s, ha, hb, 1, moves[m], tricks_a, st, alpha, beta);
            if (s->failed) return 0;
            if (value < best) {
                best = value;
                best_move = moves[m];
                if (best < beta) {
                    beta = best;
                    if (alpha >= beta) break;
                }
            }
        }
    }
    if (best <= start_alpha)
        high = best < high ? best : high;
    else if (best >= start_beta)
        low = best > low ? best : low;
    else
        low = high = best;
    slot->hand_a = ha;
    slot->hand_b = hb;
    slot->tag = s->tag;
    slot->leader = (int16_t)leader;
    slot->tricks_a = (int16_t)tricks_a;
    slot->open = (int16_t)st->open;
    slot->count = (int16_t)st->count;
    slot->pts[0] = pts0;
    slot->pts[1] = pts1;
    slot->low = low;
    slot->high = high;
    slot->first = best_move;
    return best;
}

/* ------------------------------------------------------------------ Search */

static void Search_dealloc(SearchObject *self) {
    Py_XDECREF(self->tables);
    Py_XDECREF(self->rules);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A new number for the transposition tables: an empty table for this search. */
static void new_tag(SearchObject *self) {
    /* tag 0 marks a slot never written */
    if (++tt_tag == 0) {
        memset(tt, 0, sizeof(TTEntry) * TT_SIZE);
        memset(full_tt, 0, sizeof(FullEntry) * FULL_SIZE);
        tt_tag = 1;
    }
    self->tag = tt_tag;
}

static int Search_init(SearchObject *self, PyObject *args, PyObject *kwds) {
    static char *names[] = {"tables", "rules", "elder", "pique_open", "elder_count",
                            "tricks_a", "target", "scores", NULL};
    PyObject *tables, *rules = Py_None, *target = Py_None;
    int elder = 0, pique_open = 0, elder_count = 0, tricks_a = 0, score_a = 0, score_b = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!|$OipiiO(ii)", names, &TablesType, &tables,
                                     &rules, &elder, &pique_open, &elder_count, &tricks_a,
                                     &target, &score_a, &score_b))
        return -1;
    if (((TablesObject *)tables)->entries == NULL) {
        PyErr_SetString(PyExc_ValueError, "Search: the Tables were never filled (Tables(...))");
        return -1;
    }
    if (elder < 0 || elder > 1 || tricks_a < 0 || tricks_a > 12 || elder_count < 0) {
        PyErr_SetString(PyExc_ValueError,
                        "Search: elder is 0 or 1, tricks_a 0 to 12, elder_count at least 0");
        return -1;
    }
    self->has_target = target != Py_None;
    self->target = 0;
    if (self->has_target) {
        long value = PyLong_AsLong(target);
        if (value == -1 && PyErr_Occurred()) return -1;
        self->target = (int)value;
    }
    if (tt == NULL) {
        tt = PyMem_Calloc(TT_SIZE, sizeof(TTEntry));
        full_tt = PyMem_Calloc(FULL_SIZE, sizeof(FullEntry));
        if (tt == NULL || full_tt == NULL) {
            PyMem_Free(tt);
            PyMem_Free(full_tt);
            tt = NULL;
            full_tt = NULL;
            PyErr_NoMemory();
            return -1;
        }
    }
    new_tag(self);
    Py_INCREF(tables);
    Py_XSETREF(self->tables, (TablesObject *)tables);
    Py_INCREF(rules);
    Py_XSETREF(self->rules, rules);
    self->elder = elder;
    self->pique_open = pique_open;
    self->elder_count = elder_count;
    self->tricks_a = tricks_a;
    self->scores[0] = score_a;
    self->scores[1] = score_b;
    self->nodes = 0;
    self->failed = 0;
    return 0;
}

/* Before a search: the table still this search's, or a new (empty) one. */
static void own_table(SearchObject *self) {
    if (self->tag != tt_tag) new_tag(self);
    self->failed = 0;
}

static int hands_ok(uint64_t a, uint64_t b, int extra) {
    int na = popcount64(a), nb = popcount64(b);
    return !(a & b) && na <= 12 && nb <= 12 && na + nb + extra >= 2 && (na - nb <= 1 && nb - na <= 1);
}

static PyObject *Search_fast(SearchObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "fast(mine, theirs, won, beta): four numbers");
        return NULL;
    }
    uint64_t mine = PyLong_AsUnsignedLongLong(args[0]);
    uint64_t theirs = PyLong_AsUnsignedLongLong(args[1]);
    long won = PyLong_AsLong(args[2]);
    long beta = PyLong_AsLong(args[3]);
    if (PyErr_Occurred()) return NULL;
    if (mine & theirs || popcount64(mine) != popcount64(theirs) || popcount64(mine) < 2 ||
        popcount64(mine) > 12 || won < 0 || won + popcount64(mine) > 12) {
        PyErr_SetString(PyExc_ValueError,
                         "fast: two disjoint hands of 2 to 12 cards each, and the tricks won");
        return NULL;
    }
    own_table(self);
    int value = fast(self, mine, theirs, (int)won, (int)beta);
    if (self->failed) return NULL;
    return PyLong_FromLong(value);
}

/* root(hands, mover, lead, sign, alpha, beta) and root_move(hands, mover, lead, card, sign,
 * alpha, beta), as the pure Search's: the value from the mover's side in the window. */
static PyObject *search_root(SearchObject *self, PyObject *args, int with_move) {
    unsigned long long hand_a, hand_b;
    int mover, lead, card = -1, sign, alpha, beta;
    int ok = with_move ? PyArg_ParseTuple(args, "(KK)iiiiii", &hand_a, &hand_b, &mover, &lead,
                                          &card, &sign, &alpha, &beta)
                       : PyArg_ParseTuple(args, "(KK)iiiii", &hand_a, &hand_b, &mover, &lead,
                                          &sign, &alpha, &beta);
    if (!ok) return NULL;
    uint64_t mover_hand = mover == 0 ? hand_a : hand_b;
    int most = popcount64(hand_a) > popcount64(hand_b) ? popcount64(hand_a) : popcount64(hand_b);
    if (mover < 0 || mover > 1 || (sign != 1 && sign != -1) || lead < -1 || lead > 63 ||
        (lead >= 0 && ((hand_a | hand_b) >> lead & 1)) || !hands_ok(hand_a, hand_b, lead >= 0) ||
        self->tricks_a + most > 12 ||
        (with_move && (card < 0 || card > 63 || !(mover_hand >> card & 1)))) {
        PyErr_SetString(PyExc_ValueError,
                        "root: two disjoint hands (no more cards than the tricks left), the mover "
                        "(0 or 1) and his card, the card led (-1 for none), the sign (1 or -1)");
        return NULL;
    }
    own_table(self);
    Score st = {self->pique_open, self->elder_count, {0, 0}};
    int low = sign > 0 ? alpha : -beta, high = sign > 0 ? beta : -alpha, value;
    if (!with_move)
        value = lead < 0 ? full_trick(self, hand_a, hand_b, mover, self->tricks_a, &st, low, high)
                         : full_answer(self, hand_a, hand_b, mover, lead, self->tricks_a, &st, low,
                                       high);
    else
        value = lead < 0 ? full_after_lead(self, hand_a, hand_b, mover, card, self->tricks_a, &st,
                                           low, high)
                         : full_after_follow(self, hand_a, hand_b, mover, lead, card,
                                             self->tricks_a, &st, low, high);
    if (self->failed) return NULL;
    return PyLong_FromLong(sign * value);
}

static PyObject *Search_root(SearchObject *self, PyObject *args) { return search_root(self, args, 0); }

static PyObject *Search_root_move(SearchObject *self, PyObject *args) {
    return search_root(self, args, 1);
}

static PyObject *Search_zero(SearchObject *self, PyObject *Py_UNUSED(ignored)) {
    (void)self;
    return PyLong_FromLong(0);
}

static PyObject *Search_get_nodes(SearchObject *self, void *Py_UNUSED(closure)) {
    return PyLong_FromLongLong(self->nodes);
}

static PyObject *Search_get_rules(SearchObject *self, void *Py_UNUSED(closure)) {
    Py_INCREF(self->rules);
    return self->rules;
}

static PyGetSetDef Search_getset[] = {
    {"nodes", (getter)Search_get_nodes, NULL, "The positions searched so far.", NULL},
    {"rules", (getter)Search_get_rules, NULL, "The ruleset's PlayRules (as given).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef Search_methods[] = {
    {"fast", (PyCFunction)(void (*)(void))Search_fast, METH_FASTCALL,
     "fast(mine, theirs, won, beta): the fail-soft test of the pure solver's fast search."},
    {"fast_nodes", (PyCFunction)Search_zero, METH_NOARGS,
     "0: nodes counts the fast search's positions too (the pure Search counts apart)."},
    {"root", (PyCFunction)Search_root, METH_VARARGS,
     "root(hands, mover, lead, sign, alpha, beta): as the pure Search's."},
    {"root_move", (PyCFunction)Search_root_move, METH_VARARGS,
     "root_move(hands, mover, lead, card, sign, alpha, beta): as the pure Search's."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "piquet.search._csolve.Search",
    .tp_basicsize = sizeof(SearchObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Search_init,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_methods = Search_methods,
    .tp_getset = Search_getset,
    .tp_doc = "One solve's fast search over a ruleset's Tables (its own transposition table).",
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_csolve",
    "The play-phase solver's fast search in C (see piquet.search.native).", -1, NULL,
};

PyMODINIT_FUNC PyInit__csolve(void) {
    if (PyType_Ready(&TablesType) < 0 || PyType_Ready(&SearchType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    Py_INCREF(&TablesType);
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(m, "Tables", (PyObject *)&TablesType) < 0 ||
        PyModule_AddObject(m, "Search", (PyObject *)&SearchType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
