/* The compiled kernel of the RL adapters' play-phase rows (piquet.search._cplay).
 *
 * piquet/adapters/_tensors.py stays the reference: this module writes, for a state of
 * the play, the same legal mask and the same observation tensor as its pure path, value
 * for value, straight into the numpy rows given (the buffer protocol), from the state's
 * packed fields:
 *
 * tensor: the observation tensor of one player. What stays put through the play of a
 * deal (the planes of the discard and the stock, the declarations, ...) is copied from
 * the base tensor the adapters made once per deal and player; the six planes a card
 * changes (the hand, the stock seen less the hand, the opponent's cards known and still
 * held, both players' cards played in finished tricks, the card led) and the scalars
 * (who moves, the scores, the opponent's hand size, the tricks won) are written from the
 * hands, the lead, the tricks and the scores, as _tensors.TensorMaker._fill writes them.
 *
 * mask: the legal ids of the player to move (a card of the suit led when he has one,
 * else any card of his hand, R-PL-1) as 0/1 bytes, the rest of the row zeroed.
 *
 * The layouts (the engine's card slots, the fields of the packed scores and tricks, the
 * encoding's planes and scalars) come from the Python glue, _tensors.py, which checks
 * them against the engine's and the encoding's own constants at import.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define SLOTS 64
#define SUIT_SHIFT 16
#define SUIT_BITS 0x1FFULL
#define CARDS 36
#define SCORE_BITS 20
#define SCORE_FIELD ((1ULL << SCORE_BITS) - 1)
#define TRICKS_B_SHIFT 4
#define TRICKS_A ((1ULL << TRICKS_B_SHIFT) - 1)
#define PLANES 6

/* the tensor's layout, set once by setup() */
static int planes[PLANES];    /* the dynamic planes, in _tensors._DYNAMIC_PLANES' order */
static int card_ids[SLOTS];   /* the encoding's id of the card in each slot, -1: none */
static Py_ssize_t at_to_move, at_scores, at_deal_scores, at_opp_hand, at_tricks_won;
static Py_ssize_t tensor_size, mask_size;
static int ready = 0;

static int u64(PyObject *n, uint64_t *out) {
    uint64_t v = PyLong_AsUnsignedLongLongMask(n);
    if (v == (uint64_t)-1 && PyErr_Occurred()) return -1;
    *out = v;
    return 0;
}

/* bits 64.. of a Python int (non-negative), as a uint64 */
static int high(PyObject *n, int shift, uint64_t *out) {
    PyObject *by = PyLong_FromLong(shift);
    if (by == NULL) return -1;
    PyObject *moved = PyNumber_Rshift(n, by);
    Py_DECREF(by);
    if (moved == NULL) return -1;
    int bad = u64(moved, out);
    Py_DECREF(moved);
    return bad;
}

static PyObject *setup(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 9) {
        PyErr_SetString(PyExc_TypeError, "setup: 9 arguments");
        return NULL;
    }
    Py_buffer ids;
    if (PyObject_GetBuffer(args[0], &ids, PyBUF_SIMPLE) < 0) return NULL;
    if (ids.len != SLOTS) {
        PyBuffer_Release(&ids);
        PyErr_SetString(PyExc_ValueError, "setup: 64 card ids, one a slot");
        return NULL;
    }
    for (int i = 0; i < SLOTS; i++) card_ids[i] = ((const signed char *)ids.buf)[i];
    PyBuffer_Release(&ids);
    PyObject *seq = PySequence_Fast(args[1], "setup: the dynamic planes");
    if (seq == NULL) return NULL;
    if (PySequence_Fast_GET_SIZE(seq) != PLANES) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "setup: six dynamic planes");
        return NULL;
    }
    for (int k = 0; k < PLANES; k++) planes[k] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, k));
    Py_DECREF(seq);
    at_to_move = PyLong_AsSsize_t(args[2]);
    at_scores = PyLong_AsSsize_t(args[3]);
    at_deal_scores = PyLong_AsSsize_t(args[4]);
    at_opp_hand = PyLong_AsSsize_t(args[5]);
    at_tricks_won = PyLong_AsSsize_t(args[6]);
    tensor_size = PyLong_AsSsize_t(args[7]);
    mask_size = PyLong_AsSsize_t(args[8]);
    if (PyErr_Occurred()) return NULL;
    ready = 1;
    Py_RETURN_NONE;
}

static int row(PyObject *obj, Py_buffer *view, Py_ssize_t itemsize, Py_ssize_t size, int writable) {
    int flags = PyBUF_C_CONTIGUOUS | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, view, flags) < 0) return -1;
    if (view->itemsize != itemsize || view->len != itemsize * size) {
        PyBuffer_Release(view);
        PyErr_Format(PyExc_ValueError, "a row of %zd items of %zd bytes expected", size, itemsize);
        return -1;
    }
    return 0;
}

static void plane(float *out, int at, uint64_t bits) {
    for (int i = 0; i < SLOTS; i++) {
        int id = card_ids[i];
        if (id >= 0) out[at + id] = (bits >> i & 1) ? 1.0f : 0.0f;
    }
}

static int popcount(uint64_t n) {
    int count = 0;
    for (; n; n &= n - 1) count++;
    return count;
}

static uint64_t hand_of(uint64_t low, uint64_t hi, long player) { return player ? hi : low; }

static void legal(unsigned char *m, uint64_t low, uint64_t hi, long lead, long to_move) {
    memset(m, 0, (size_t)mask_size);
    uint64_t hand = hand_of(low, hi, to_move);
    if (lead >= 0) {
        int shift = (int)(lead & ~(SUIT_SHIFT - 1));
        uint64_t suit = hand & SUIT_BITS << shift;
        if (suit) hand = suit;
    }
    for (int i = 0; i < SLOTS; i++)
        if ((hand >> i & 1) && card_ids[i] >= 0) m[card_ids[i]] = 1;
}

/* tensor(out, base, player, hands, lead, to_move, tricks, scores, mine0, theirs0, seen,
 * known[, mask]): with a 13th argument, the legal mask of the player to move into it too */
static PyObject *tensor(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if ((nargs != 12 && nargs != 13) || !ready) {
        PyErr_SetString(PyExc_TypeError, "tensor: 12 or 13 arguments, after setup()");
        return NULL;
    }
    long player = PyLong_AsLong(args[2]);
    long lead = PyLong_AsLong(args[4]);
    long to_move = PyLong_AsLong(args[5]);
    long tricks = PyLong_AsLong(args[6]);
    uint64_t low, hi, scores, total_b, mine0, theirs0, seen, known;
    if (PyErr_Occurred() || u64(args[3], &low) || high(args[3], 64, &hi) || u64(args[7], &scores)
        || high(args[7], 3 * SCORE_BITS, &total_b) || u64(args[8], &mine0)
        || u64(args[9], &theirs0) || u64(args[10], &seen) || u64(args[11], &known))
        return NULL;
    Py_buffer out, base;
    if (row(args[0], &out, sizeof(float), tensor_size, 1) < 0) return NULL;
    if (row(args[1], &base, sizeof(float), tensor_size, 0) < 0) {
        PyBuffer_Release(&out);
        return NULL;
    }
    float *t = (float *)out.buf;
    if (t != base.buf) memcpy(t, base.buf, (size_t)tensor_size * sizeof(float));
    PyBuffer_Release(&base);
    long other = 1 - player;
    uint64_t mine = hand_of(low, hi, player), theirs = hand_of(low, hi, other);
    uint64_t lead_mask = lead < 0 ? 0 : 1ULL << lead;
    plane(t, planes[0], mine);
    plane(t, planes[1], seen & ~mine);
    plane(t, planes[2], known & theirs);
    plane(t, planes[3], mine0 & ~mine & ~lead_mask);
    plane(t, planes[4], theirs0 & ~theirs & ~lead_mask);
    plane(t, planes[5], lead_mask);
    t[at_to_move] = to_move == player ? 1.0f : 0.0f;
    t[at_to_move + 1] = to_move == other ? 1.0f : 0.0f;
    uint64_t total[2] = {scores >> (2 * SCORE_BITS) & SCORE_FIELD, total_b};
    uint64_t deal[2] = {scores & SCORE_FIELD, scores >> SCORE_BITS & SCORE_FIELD};
    uint64_t won[2] = {(uint64_t)tricks & TRICKS_A, (uint64_t)tricks >> TRICKS_B_SHIFT};
    t[at_scores] = (float)((double)total[player] / 100.0);
    t[at_scores + 1] = (float)((double)total[other] / 100.0);
    t[at_deal_scores] = (float)((double)deal[player] / 100.0);
    t[at_deal_scores + 1] = (float)((double)deal[other] / 100.0);
    t[at_opp_hand] = (float)((double)popcount(theirs) / 12.0);
    t[at_tricks_won] = (float)((double)won[player] / 12.0);
    t[at_tricks_won + 1] = (float)((double)won[other] / 12.0);
    PyBuffer_Release(&out);
    if (nargs == 13) {
        Py_buffer m;
        if (row(args[12], &m, 1, mask_size, 1) < 0) return NULL;
        legal((unsigned char *)m.buf, low, hi, lead, to_move);
        PyBuffer_Release(&m);
    }
    Py_RETURN_NONE;
}

/* mask(out, hands, lead, to_move): the legal plays as 0/1 bytes */
static PyObject *mask(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 4 || !ready) {
        PyErr_SetString(PyExc_TypeError, "mask: 4 arguments, after setup()");
        return NULL;
    }
    long lead = PyLong_AsLong(args[2]);
    long to_move = PyLong_AsLong(args[3]);
    uint64_t low, hi;
    if (PyErr_Occurred() || u64(args[1], &low) || high(args[1], 64, &hi)) return NULL;
    Py_buffer out;
    if (row(args[0], &out, 1, mask_size, 1) < 0) return NULL;
    legal((unsigned char *)out.buf, low, hi, lead, to_move);
    PyBuffer_Release(&out);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"setup", (PyCFunction)(void (*)(void))setup, METH_FASTCALL,
     "The layout: card ids by slot, the dynamic planes, the scalars' places, the sizes."},
    {"tensor", (PyCFunction)(void (*)(void))tensor, METH_FASTCALL,
     "A player's observation tensor of a state of the play, into a float32 row."},
    {"mask", (PyCFunction)(void (*)(void))mask, METH_FASTCALL,
     "The legal mask of a state of the play, into a row of bytes."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "piquet.search._cplay",
    "The compiled kernel of the RL adapters' play-phase masks and tensors.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__cplay(void) { return PyModule_Create(&module); }
