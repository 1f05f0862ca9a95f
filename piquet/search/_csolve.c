/* piquet.search._csolve: the play-phase solver's fast search, compiled.
 *
 * The C twin of the pure solver's fast search (the negamax over tricks that runs once
 * no pique is open and no race's target is near): the same moves in the same order, the
 * same bounds, the same transposition-table key, the same fail-soft values. It knows no
 * ruleset: Python compiles a ruleset's tables once (``Tables``: the trick points, who
 * wins each pair of cards, the last trick, the cards and capot by tricks won, the cards
 * at the seventh trick, the classes of trick counts) and the kernel reads them. Two
 * things stay in Python and are asked for once each, then kept in the tables: a suit's
 * entry (its code, leads, answers and throws, from the pure solver's own function) and
 * a cell of the bounds (from the pure solver's own bound tables). A house ruleset thus
 * needs no new native code.
 *
 * The transposition table is one fixed-size table of the module, entries tagged with the
 * number of the search that wrote them: a new ``Search`` (one a solve) sees an empty
 * table without clearing it, as the pure solver starts each solve with an empty dict.
 * A slot holds one position; a new position takes it over (the table keeps bounds only,
 * so losing one costs time, never a value).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define INF 1000000
#define SUIT_BITS 0x1FFu
#define PAIRS (1u << 18)
#define MAX_ENTRIES 19683 /* 3 ** 9: each card of a suit is the leader's, the follower's or gone */
#define COUNTS 16
#define BOUND_CELLS (169 * COUNTS * COUNTS * 16)
#define UNSET INT32_MIN
#define TT_BITS 20
#define TT_SIZE (1u << TT_BITS)

#if defined(_MSC_VER)
#include <intrin.h>
static inline int popcount64(uint64_t x) { return (int)__popcnt64(x); }
static inline int msb64(uint64_t x) {
    unsigned long i;
    _BitScanReverse64(&i, x);
    return (int)i;
}
#else
static inline int popcount64(uint64_t x) { return __builtin_popcountll(x); }
static inline int msb64(uint64_t x) { return 63 - __builtin_clzll(x); }
#endif

/* One suit as the fast search sees it, by the leader's nine bits << 9 | the follower's
 * (cards as bits within the suit: add the suit's base to play them). */
typedef struct {
    uint64_t code;      /* suit code << 24 | leader's counters << 16 | follower's << 8 | sure */
    uint8_t groups[3];  /* the leads: so many masters, lowest cards, others */
    uint8_t has_answers; /* whether the follower holds the suit */
    uint8_t leads[9];
    uint8_t n_answers[9];
    uint8_t answers[9][9];
    uint8_t n_throws;   /* throws[0]: his lowest; then the others */
    uint8_t throws[9];
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
    int32_t *index;  /* PAIRS: the entry of each pair, -1 until asked */
    SuitEntry *entries;
    int n_entries;
    PyObject *lower_map; /* key -> bound (the pure solver's _Bounds) */
    PyObject *upper_map;
    PyObject *suit_entry; /* pair -> (code, groups, throws) (the pure solver's _suit_entry) */
} TablesObject;

typedef struct {
    PyObject_HEAD
    TablesObject *tables;
    uint32_t tag;
    long long nodes;
    int failed;
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
    Py_XDECREF(self->lower_map);
    Py_XDECREF(self->upper_map);
    Py_XDECREF(self->suit_entry);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Tables_init(TablesObject *self, PyObject *args, PyObject *kwds) {
    static char *names[] = {"net", "follower_wins", "end", "last_points", "trick_class",
                            "seventh", "lower", "upper", "suit_entry", NULL};
    PyObject *net, *wins, *end, *last, *classes, *lower, *upper, *suit_entry;
    int seventh;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOOOiOOO", names, &net, &wins, &end, &last,
                                     &classes, &seventh, &lower, &upper, &suit_entry))
        return -1;
    int32_t flags[64 * 64];
    if (read_ints(net, self->net, 64 * 64, "net") < 0 ||
        read_ints(wins, flags, 64 * 64, "follower_wins") < 0 ||
        read_ints(end, self->end, 13, "end") < 0 ||
        read_ints(last, self->last_points, 64, "last_points") < 0 ||
        read_ints(classes, self->trick_class, 169, "trick_class") < 0)
        return -1;
    for (int i = 0; i < 64 * 64; i++) self->follower_wins[i] = flags[i] != 0;
    self->seventh = seventh;
    self->lower = PyMem_Malloc(sizeof(int32_t) * BOUND_CELLS);
    self->upper = PyMem_Malloc(sizeof(int32_t) * BOUND_CELLS);
    self->index = PyMem_Malloc(sizeof(int32_t) * PAIRS);
    self->entries = PyMem_Malloc(sizeof(SuitEntry) * MAX_ENTRIES);
    if (!self->lower || !self->upper || !self->index || !self->entries) {
        PyErr_NoMemory();
        return -1;
    }
    for (int i = 0; i < BOUND_CELLS; i++) self->lower[i] = self->upper[i] = UNSET;
    memset(self->index, 0xFF, sizeof(int32_t) * PAIRS);
    self->n_entries = 0;
    Py_INCREF(lower);
    Py_INCREF(upper);
    Py_INCREF(suit_entry);
    self->lower_map = lower;
    self->upper_map = upper;
    self->suit_entry = suit_entry;
    return 0;
}

static PyTypeObject TablesType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "piquet.search._csolve.Tables",
    .tp_basicsize = sizeof(TablesObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Tables_init,
    .tp_dealloc = (destructor)Tables_dealloc,
    .tp_doc = "A ruleset's tables for the fast search (made once per ruleset).",
};

/* A small list of card bits from Python (each 0..8). */
static int read_bits(PyObject *seq, uint8_t *out, int most) {
    PyObject *fast = PySequence_Fast(seq, "suit entry: a tuple");
    if (fast == NULL) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > most) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "suit entry: too many cards");
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v < 0 || v > 8) {
            Py_DECREF(fast);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "suit entry: not a card");
            return -1;
        }
        out[i] = (uint8_t)v;
    }
    Py_DECREF(fast);
    return (int)n;
}

/* Convert the pure solver's entry (code, (masters, lowest, others), throws), each lead a
 * (card, answers or None), into a SuitEntry. */
static int convert_entry(PyObject *found, SuitEntry *e) {
    PyObject *code, *groups, *throws;
    if (!PyArg_ParseTuple(found, "OOO", &code, &groups, &throws)) return -1;
    e->code = PyLong_AsUnsignedLongLong(code);
    if (e->code == (uint64_t)-1 && PyErr_Occurred()) return -1;
    int count = 0;
    e->has_answers = 0;
    for (int g = 0; g < 3; g++) {
        PyObject *group = PySequence_GetItem(groups, g);
        if (group == NULL) return -1;
        Py_ssize_t n = PySequence_Size(group);
        if (n < 0 || count + n > 9) {
            Py_DECREF(group);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "suit entry: too many leads");
            return -1;
        }
        e->groups[g] = (uint8_t)n;
        for (Py_ssize_t i = 0; i < n; i++, count++) {
            PyObject *move = PySequence_GetItem(group, i);
            PyObject *lead, *answers;
            if (move == NULL || !PyArg_ParseTuple(move, "OO", &lead, &answers)) {
                Py_XDECREF(move);
                Py_DECREF(group);
                return -1;
            }
            long card = PyLong_AsLong(lead);
            int k = 0;
            if (answers != Py_None) {
                e->has_answers = 1;
                k = read_bits(answers, e->answers[count], 9);
            }
            Py_DECREF(move);
            if (k < 0 || card < 0 || card > 8) {
                Py_DECREF(group);
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "suit entry: not a card");
                return -1;
            }
            e->leads[count] = (uint8_t)card;
            e->n_answers[count] = (uint8_t)k;
        }
        Py_DECREF(group);
    }
    int k = read_bits(throws, e->throws, 9);
    if (k < 0) return -1;
    e->n_throws = (uint8_t)k;
    return 0;
}

static SuitEntry *suit_entry(SearchObject *s, uint32_t pair) {
    TablesObject *t = s->tables;
    int32_t at = t->index[pair];
    if (at >= 0) return &t->entries[at];
    if (t->n_entries >= MAX_ENTRIES) {
        PyErr_SetString(PyExc_RuntimeError, "suit entries: more than 3**9 (the hands overlap)");
        s->failed = 1;
        return NULL;
    }
    PyObject *found = PyObject_CallFunction(t->suit_entry, "I", pair);
    SuitEntry *e = &t->entries[t->n_entries];
    if (found == NULL || convert_entry(found, e) < 0) {
        Py_XDECREF(found);
        s->failed = 1;
        return NULL;
    }
    Py_DECREF(found);
    t->index[pair] = t->n_entries++;
    return e;
}

static int32_t bound(SearchObject *s, int most, int at, uint64_t total, int sure) {
    TablesObject *t = s->tables;
    int mine = (int)(total >> 16 & 0xFF), theirs = (int)(total >> 8 & 0xFF);
    if (mine >= COUNTS || theirs >= COUNTS || sure >= 16) {
        PyErr_SetString(PyExc_RuntimeError, "bounds: counts out of range (the hands overlap)");
        s->failed = 1;
        return 0;
    }
    int cell = ((at * COUNTS + mine) * COUNTS + theirs) * 16 + sure;
    int32_t *cells = most ? t->upper : t->lower;
    if (cells[cell] != UNSET) return cells[cell];
    long long key = (long long)at << 24 | (long long)(total & 0xFFFF00) | sure;
    PyObject *k = PyLong_FromLongLong(key);
    PyObject *v = k ? PyObject_GetItem(most ? t->upper_map : t->lower_map, k) : NULL;
    Py_XDECREF(k);
    long value = v ? PyLong_AsLong(v) : -1;
    Py_XDECREF(v);
    if (v == NULL || (value == -1 && PyErr_Occurred())) {
        s->failed = 1;
        return 0;
    }
    cells[cell] = (int32_t)value;
    return (int32_t)value;
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

/* ------------------------------------------------------------------ Search */

static void Search_dealloc(SearchObject *self) {
    Py_XDECREF(self->tables);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Search_init(SearchObject *self, PyObject *args, PyObject *kwds) {
    static char *names[] = {"tables", NULL};
    PyObject *tables;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!", names, &TablesType, &tables)) return -1;
    if (tt == NULL) {
        tt = PyMem_Calloc(TT_SIZE, sizeof(TTEntry));
        if (tt == NULL) {
            PyErr_NoMemory();
            return -1;
        }
    }
    /* tag 0 marks a slot never written */
    if (++tt_tag == 0) {
        memset(tt, 0, sizeof(TTEntry) * TT_SIZE);
        tt_tag = 1;
    }
    Py_INCREF(tables);
    Py_XSETREF(self->tables, (TablesObject *)tables);
    self->tag = tt_tag;
    self->nodes = 0;
    self->failed = 0;
    return 0;
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
    if (self->tag != tt_tag) {
        /* another search wrote the table since: take a new number (an empty table) */
        if (++tt_tag == 0) {
            memset(tt, 0, sizeof(TTEntry) * TT_SIZE);
            tt_tag = 1;
        }
        self->tag = tt_tag;
    }
    self->failed = 0;
    int value = fast(self, mine, theirs, (int)won, (int)beta);
    if (self->failed) return NULL;
    return PyLong_FromLong(value);
}

static PyObject *Search_nodes(SearchObject *self, PyObject *Py_UNUSED(ignored)) {
    return PyLong_FromLongLong(self->nodes);
}

static PyMethodDef Search_methods[] = {
    {"fast", (PyCFunction)(void (*)(void))Search_fast, METH_FASTCALL,
     "fast(mine, theirs, won, beta): the fail-soft test of the pure solver's fast search."},
    {"nodes", (PyCFunction)Search_nodes, METH_NOARGS, "The positions searched so far."},
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
