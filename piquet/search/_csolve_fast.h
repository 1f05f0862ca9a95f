/* The fast search: a negamax over tricks with its transposition table, once neither the
 * pique nor a race's target matters (the pure solver's _fast.py).
 *
 * A part of _csolve.c, which includes it once: the parts make one translation unit,
 * so the compiler inlines across them as it did when they were one file (the split
 * left the compiled code the same, instruction for instruction). */
#ifndef PIQUET__CSOLVE_FAST_H
#define PIQUET__CSOLVE_FAST_H

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

/* Each suit's entry for the leader's cards `mine` and the follower's `theirs`; -1 (the
 * search failed) when the hands overlap. */
static inline int suit_entries(SearchObject *s, uint64_t mine, uint64_t theirs,
                               SuitEntry **e) {
    for (int suit = 0; suit < 4; suit++) {
        int shift = 16 * suit;
        uint32_t pair = (uint32_t)((mine >> shift & SUIT_BITS) << 9 |
                                   (theirs >> shift & SUIT_BITS));
        e[suit] = suit_entry(s, pair);
        if (e[suit] == NULL) return -1;
    }
    return 0;
}

/* The position's key (its suits' codes, sorted) into `key`, and its slot of the table;
 * `*found` when the slot holds this position, written by this search. */
static inline TTEntry *probe(const SearchObject *s, SuitEntry *const *e, int32_t trick_class,
                             uint64_t *key, int *found) {
    for (int suit = 0; suit < 4; suit++) key[suit] = e[suit]->code;
    sort4(key);
    TTEntry *slot = &tt[hash_key(key, trick_class)];
    *found = slot->tag == s->tag && slot->trick_class == trick_class && slot->key[0] == key[0] &&
             slot->key[1] == key[1] && slot->key[2] == key[2] && slot->key[3] == key[3];
    return slot;
}

/* A search's bounds and best lead kept in the position's slot (a new position takes the
 * slot over). */
static inline void remember(TTEntry *slot, const uint64_t *key, uint32_t tag, int32_t trick_class,
                            int low, int high, int best_move) {
    memcpy(slot->key, key, 4 * sizeof *key);
    slot->tag = tag;
    slot->trick_class = trick_class;
    slot->low = low;
    slot->high = high;
    slot->first = best_move;
}

/* The leads to try, each a (suit, place of the lead in its suit's entry): the masters of
 * every suit, then the lowest cards, then the others; `first` (the table's best lead, a
 * card index, or -1) moved to the front. Their number. */
static inline int lead_moves(SuitEntry *const *e, int first, uint8_t *move_suit, uint8_t *move_at) {
    int n = 0;
    for (int g = 0; g < 3; g++) {
        for (int suit = 0; suit < 4; suit++) {
            int from = g == 0 ? 0 : e[suit]->groups[0] + (g == 2 ? e[suit]->groups[1] : 0);
            for (int i = 0; i < e[suit]->groups[g] && n < 12; i++) { /* 12 cards at most */
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
    return n;
}

/* The follower's throws, when he cannot follow: every suit's lowest card first, then
 * the others (card indices). Their number. */
static inline int throws_of(SuitEntry *const *e, uint8_t *discards) {
    int n = 0;
    for (int suit = 0; suit < 4; suit++)
        if (e[suit]->n_throws) discards[n++] = (uint8_t)(16 * suit + e[suit]->throws[0]);
    for (int suit = 0; suit < 4; suit++)
        for (int i = 1; i < e[suit]->n_throws; i++)
            discards[n++] = (uint8_t)(16 * suit + e[suit]->throws[i]);
    return n;
}

static int fast(SearchObject *s, uint64_t mine, uint64_t theirs, int won, int beta);

/* What leading `lead` is worth to the leader (`rest`: his hand after it): the least of
 * the follower's answers (`answers`, from `answer_base`), searched until one is below
 * beta. */
static inline int answered(SearchObject *s, uint64_t rest, uint64_t theirs, int lead,
                           const uint8_t *answers, int n_answers, int answer_base, int left,
                           int won, int beta) {
    TablesObject *t = s->tables;
    int other = 12 - left - won;
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
    return worst;
}

static int fast(SearchObject *s, uint64_t mine, uint64_t theirs, int won, int beta) {
    TablesObject *t = s->tables;
    s->nodes++;
    int left = popcount64(mine);
    if (left == 2) return two_tricks(t, mine, theirs, won);
    SuitEntry *e[4];
    if (suit_entries(s, mine, theirs, e) < 0) return 0;
    uint64_t total = e[0]->code + e[1]->code + e[2]->code + e[3]->code;
    int at = won * 13 + left;
    int32_t b = bound(s, 1, at, total, (int)((total & 0xFF) >> 4));
    if (s->failed) return 0;
    if (b < beta) return b;
    b = bound(s, 0, at, total, (int)(total & 15));
    if (s->failed) return 0;
    if (b >= beta) return b;
    uint64_t key[4];
    int32_t trick_class = t->trick_class[at];
    int found;
    TTEntry *slot = probe(s, e, trick_class, key, &found);
    int first = -1;
    int low = -INF, high = INF;
    if (found) {
        low = slot->low;
        high = slot->high;
        if (low >= beta) return low;
        if (high < beta) return high;
        first = slot->first;
    }
    uint8_t move_suit[12], move_at[12];
    int n = lead_moves(e, first, move_suit, move_at);
    uint8_t discards[12];
    int n_discards = -1; /* made when first needed */
    int best = -INF;
    int best_move = 16 * move_suit[0] + e[move_suit[0]]->leads[move_at[0]];
    for (int m = 0; m < n; m++) {
        SuitEntry *se = e[move_suit[m]];
        int base = 16 * move_suit[m];
        int lead = base + se->leads[move_at[m]];
        int worst;
        if (se->has_answers) {
            worst = answered(s, mine ^ (1ULL << lead), theirs, lead, se->answers[move_at[m]],
                             se->n_answers[move_at[m]], base, left, won, beta);
        } else {
            if (n_discards < 0) n_discards = throws_of(e, discards);
            worst = answered(s, mine ^ (1ULL << lead), theirs, lead, discards, n_discards, 0,
                             left, won, beta);
        }
        if (s->failed) return 0;
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
    remember(slot, key, s->tag, trick_class, low, high, best_move);
    return best;
}

#endif
