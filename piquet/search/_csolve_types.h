/* The solver kernel's sizes and records: a suit's entry, the tables of a ruleset, a search.
 *
 * A part of _csolve.c, which includes it once: the parts make one translation unit,
 * so the compiler inlines across them as it did when they were one file (the split
 * left the compiled code the same, instruction for instruction). */
#ifndef PIQUET__CSOLVE_TYPES_H
#define PIQUET__CSOLVE_TYPES_H

#define INF 1000000
#define SUIT_BITS 0x1FFu
#define PAIRS (1u << 18)
#define MAX_ENTRIES 19683 /* 3 ** 9: each card of a suit is the leader's, the follower's or gone */
#define COUNTS 13 /* counters a hand holds: 0 to 12 */
#define BOUND_CELLS (169 * COUNTS * COUNTS * 16)
#define UNSET INT32_MIN
#define TT_BITS 14
#define TT_SIZE (1u << TT_BITS)

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

#endif
