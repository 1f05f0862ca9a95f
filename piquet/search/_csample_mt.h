/* random.Random's own generator, drawn from in place (mt_below).
 *
 * The kernel draws the very numbers the pure path draws: getrandbits(k) of the caller's
 * random.Random. Called back through Python, each of them took about 480 instructions,
 * a twentieth of a sample with declarations played (12,800 of 217,500 instructions on
 * the bench's Rubicon positions, at fifty a plan). CPython's random.Random is a
 * Mersenne Twister whose state lies in the object (Modules/_randommodule.c: an index
 * and 624 words after the object's head), and getrandbits(k), for 0 < k <= 32, is its
 * next 32-bit output shifted right by 32 - k. So where the caller's getrandbits is that
 * C method, the kernel steps the same state itself, the same way, and the generator
 * goes on from where the kernel left it.
 *
 * That layout is CPython's, not a promised API: it is checked once a process
 * (mt_check), by stepping a copy of a fresh generator's state through two of its
 * regenerations and comparing every output with its own getrandbits for every k from 1
 * to 32. Where anything differs (another Python, another layout) or getrandbits is
 * another callable (a subclass's, SystemRandom's), every number is drawn through
 * getrandbits as before.
 *
 * A part of _csample.c, which includes it once. */
#ifndef PIQUET__CSAMPLE_MT_H
#define PIQUET__CSAMPLE_MT_H

#define MT_N 624
#define MT_M 397

/* The generator's fields as CPython's RandomObject lays them out. */
typedef struct {
    PyObject_HEAD
    int index;
    uint32_t state[MT_N];
} MTGenerator;

/* The next 32-bit output (CPython's genrand_uint32), the state regenerated every N. */
static uint32_t mt_next(MTGenerator *g) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t *mt = g->state, y;
    if (g->index >= MT_N) {
        int kk;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        y = (mt[MT_N - 1] & 0x80000000U) | (mt[0] & 0x7fffffffU);
        mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 0x1U];
        g->index = 0;
    }
    y = mt[g->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

/* The C function of random.Random.getrandbits where its generator's layout checked out,
 * else NULL; mt_checked once the check ran. */
static PyCFunction mt_getrandbits = NULL;
static int mt_checked = 0;

/* Whether a generator's copy `copy` gives every output of getrandbits(k) for k 1 to 32, through
 * two regenerations of the state: 0 no, 1 yes, -1 with an exception set. */
static int mt_same(PyObject *getrandbits, MTGenerator *copy) {
    for (int i = 0; i < 3 * MT_N; i++) {
        int k = 1 + i % 32;
        PyObject *bits = PyLong_FromLong(k);
        if (bits == NULL) return -1;
        PyObject *got = PyObject_CallOneArg(getrandbits, bits);
        Py_DECREF(bits);
        if (got == NULL) return -1;
        unsigned long value = PyLong_AsUnsignedLong(got);
        Py_DECREF(got);
        if (value == (unsigned long)-1 && PyErr_Occurred()) return -1;
        if (value != (unsigned long)(mt_next(copy) >> (32 - k))) return 0;
    }
    return 1;
}

/* Check random.Random's layout on a generator of its own (see the top). 0, or -1 with an
 * exception set (then the check is made again at the next draw). */
static int mt_check(void) {
    PyObject *random = PyImport_ImportModule("random");
    if (random == NULL) return -1;
    PyObject *made = PyObject_CallMethod(random, "Random", "i", 20261203);
    Py_DECREF(random);
    if (made == NULL) return -1;
    PyObject *getrandbits = PyObject_GetAttrString(made, "getrandbits");
    int same = 0;
    PyTypeObject *base = Py_TYPE(made)->tp_base; /* _random.Random */
    if (getrandbits != NULL && PyCFunction_Check(getrandbits) &&
        PyCFunction_GET_SELF(getrandbits) == made && base != NULL &&
        base->tp_basicsize >= (Py_ssize_t)sizeof(MTGenerator)) {
        MTGenerator *copy = PyMem_Malloc(sizeof(MTGenerator));
        if (copy == NULL) {
            PyErr_NoMemory();
            same = -1;
        } else {
            memcpy(copy, made, sizeof(MTGenerator));
            same = copy->index >= 0 && copy->index <= MT_N ? mt_same(getrandbits, copy) : 0;
            PyMem_Free(copy);
        }
    }
    if (same == 1) mt_getrandbits = PyCFunction_GET_FUNCTION(getrandbits);
    Py_XDECREF(getrandbits);
    Py_DECREF(made);
    if (same < 0 || PyErr_Occurred()) return -1;
    mt_checked = 1;
    return 0;
}

/* The generator behind `getrandbits` where it is random.Random's own method and the
 * layout checked out, else NULL (with an exception set only where the check failed). */
static MTGenerator *mt_of(PyObject *getrandbits) {
    if (!mt_checked && mt_check() < 0) return NULL;
    if (mt_getrandbits == NULL || !PyCFunction_Check(getrandbits) ||
        PyCFunction_GET_FUNCTION(getrandbits) != mt_getrandbits)
        return NULL;
    return (MTGenerator *)PyCFunction_GET_SELF(getrandbits);
}

/* random.Random._randbelow_with_getrandbits(n) for 1 <= n < 2**32, drawn from `g` in
 * place: getrandbits(k) until below n, k the bit length of n. */
static uint32_t mt_below(MTGenerator *g, uint64_t n) {
    int shift = 32 - bit_length(n);
    uint64_t r;
    do {
        r = mt_next(g) >> shift;
    } while (r >= n);
    return (uint32_t)r;
}

#endif
