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
 *
 * The parts, included below as one translation unit: _csolve_types.h (the records),
 * _csolve_tables.h (a ruleset's tables, the suits' entries, the bounds), _csolve_fast.h
 * (the fast search), _csolve_full.h (the full search); this file, the Search type that
 * Python calls and the module.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "_cbits.h"
#include "_csolve_types.h"
#include "_csolve_tables.h"
#include "_csolve_fast.h"
#include "_csolve_full.h"

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

