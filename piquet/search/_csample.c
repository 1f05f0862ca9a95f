/* The compiled kernel of the sampler and the random rollout (piquet.search._csample).
 *
 * The pure-Python code stays the reference: this module draws the very same random
 * numbers from the same random.Random, in the same order, and gives the same results.
 *
 * play_usual: the random play of a deal, card after card, as engine/play.py's _play_out
 * does while the race is settled and the ruleset's play is "usual" (RulesTables.usual);
 * it stops before the deal's last card, which the engine plays itself (the end of the
 * deal goes through the ledger). The random numbers come in blocks from
 * rng.getrandbits(32 * k): CPython's Mersenne Twister gives getrandbits(32 * k) as k
 * consecutive 32-bit outputs, least significant first, and getrandbits(b) for b <= 32 as
 * one output shifted right by 32 - b; every card draws at least one output, so a block
 * as long as the cards left never draws beyond what the pure path draws.
 *
 * play_value: the same play to the deal's very last card, keeping no history: what a
 * search's random rollout needs to value a deal (search/playout.py: rollout_value).
 *
 * draw_places: the placement of hidden cards of sampling.draw_groups (the groups of
 * cards, their splits between the opponent's hand, his discard and the stock), calling
 * rng.getrandbits exactly as random.Random.randrange, sample and shuffle call it.
 *
 * auto_duels: the duels of automatic declarations between two hands (who wins each
 * category, and each hand's best), from a ruleset's tables packed by search/_duels.py.
 *
 * stock_order: the cards the opponent took and the stock's order of a kept placement,
 * as search/_replay.py's _opponent_taken and _stock draw them with sample and shuffle.
 *
 * propose: one proposal, draw_places's placement made masks and its duels looked up
 * among those the plan has checked (search/_replay.py's _proposal).
 *
 * deal_parts: the pack of a kept placement's deal, in order, and what the engine keeps
 * of its stock, as engine/deal.py's arranged makes them.
 *
 * redealt: a state dealt again put together from its parts, as engine/redeal.py's
 * _built puts it.
 *
 * shuffled_places: the order a replay tries the opponent's possible words in, shuffled
 * as random.shuffle shuffles it (search/_steps.py's Choice.order).
 *
 * dialogue_key: with declarations played, what a replay of a placement's dialogue reads
 * of the opponent's cards (search/_dialogues.py's _keyed), the same tuples.
 *
 * opens_as_heard: whether the opponent's hand holds a claim saying the words heard of
 * each call he opened with unshown (search/_reads.py's opens_as_heard).
 *
 * played_draw: with declarations played, a draw to its deal and dialogue key in one
 * call (search/_replay.py's draw_state): the functions above, in turn.
 *
 * The parts, included below as one translation unit: _csample_play.h (the random play),
 * _csample_mt.h (random.Random's generator drawn from in place), _csample_place.h (the
 * placement), _csample_duels.h (the duels), _csample_stock.h (the stock's order),
 * _csample_witness.h (a placement drawn from the witnesses), _csample_propose.h (a
 * proposal), _csample_deal.h (the deal), _csample_redeal.h (a
 * state dealt again), _csample_key.h (a dialogue's key) and _csample_draw.h (a draw
 * with declarations played); this file, the module.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "_cbits.h"

#define SLOTS 64
#define SUIT_SHIFT 16
#define SUIT_BASE 48
#define SUIT_BITS 0x1FF
#define MAX_WORDS 64
#define CARD_BITS 0x01FF01FF01FF01FFULL /* a hand's bits that are cards: nine a suit */

/* PyLong_AsUnsignedLongLong's value and errors, quicker for the masks the kernel reads:
 * CPython 3.10 and 3.11 convert any int past one 30-bit digit byte by byte (some 200
 * instructions), and a card mask of the upper suits has two: reading them so took a
 * sample with declarations played from 191,800 to 186,500 instructions (callgrind,
 * the search bench's Rubicon positions). An int of at most two digits is read from
 * them here; any other, and every int from 3.12 on (another layout), the API's way. */
#if PY_VERSION_HEX < 0x030B0000
#include <longintrepr.h> /* 3.11 on: in Python.h */
#endif
#if PY_VERSION_HEX < 0x030C0000 && PYLONG_BITS_IN_DIGIT == 30
static inline unsigned long long as_mask(PyObject *value) {
    if (PyLong_CheckExact(value)) {
        Py_ssize_t digits = Py_SIZE(value);
        const digit *d = ((PyLongObject *)value)->ob_digit;
        if (digits == 0) return 0;
        if (digits == 1) return d[0];
        if (digits == 2) return (unsigned long long)d[1] << PyLong_SHIFT | d[0];
    }
    return PyLong_AsUnsignedLongLong(value);
}
#else
#define as_mask PyLong_AsUnsignedLongLong
#endif

#include "_csample_play.h"
#include "_csample_mt.h"
#include "_csample_place.h"
#include "_csample_duels.h"
#include "_csample_stock.h"
#include "_csample_witness.h"
#include "_csample_propose.h"
#include "_csample_deal.h"
#include "_csample_redeal.h"
#include "_csample_key.h"
#include "_csample_draw.h"

static PyMethodDef methods[] = {
    {"play_usual", (PyCFunction)(void (*)(void))play_usual, METH_FASTCALL,
     "The random play of a deal but its last card, as the engine's rollout plays it."},
    {"play_value", (PyCFunction)(void (*)(void))play_value, METH_FASTCALL,
     "The random play of every card left: the mover's points less his opponent's."},
    {"draw_places", (PyCFunction)(void (*)(void))draw_places, METH_FASTCALL,
     "One placement of the hidden cards by a sampling plan's groups."},
    {"auto_duels", (PyCFunction)(void (*)(void))auto_duels, METH_FASTCALL,
     "The duels of automatic declarations between two hands: who wins, both bests."},
    {"propose", (PyCFunction)(void (*)(void))propose, METH_FASTCALL,
     "One proposal: the hidden cards placed, as masks, and their duels looked up."},
    {"stock_order", (PyCFunction)(void (*)(void))stock_order, METH_FASTCALL,
     "The cards the opponent took and the stock in order, once a placement is kept."},
    {"deal_parts", (PyCFunction)(void (*)(void))deal_parts, METH_FASTCALL,
     "The pack in order, the stock's bits and its prefix masks, of a kept placement."},
    {"shuffled_places", (PyCFunction)(void (*)(void))shuffled_places, METH_FASTCALL,
     "list(range(n)) shuffled as random.Random.shuffle does, from the same numbers."},
    {"redealt", (PyCFunction)(void (*)(void))redealt, METH_FASTCALL,
     "A state dealt again, put together from its shape and the new deal's parts."},
    {"played_draw", (PyCFunction)(void (*)(void))played_draw, METH_FASTCALL,
     "A draw with declarations played, to its deal and dialogue key, in one call."},
    {"dialogue_key", (PyCFunction)(void (*)(void))dialogue_key, METH_FASTCALL,
     "A dialogue's key: what a replay of a placement's dialogue reads of his cards."},
    {"opens_as_heard", (PyCFunction)(void (*)(void))opens_as_heard, METH_FASTCALL,
     "Whether a hand holds, in each category he opened unshown, a claim saying it."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "piquet.search._csample",
    "The compiled kernel of the sampler and the random rollout.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__csample(void) { return PyModule_Create(&module); }

