/* The full search, which follows the scores while the pique is open or a race's target
 * near (the pure solver's _search.py), handing over to the fast search.
 *
 * A part of _csolve.c, which includes it once: the parts make one translation unit,
 * so the compiler inlines across them as it did when they were one file (the split
 * left the compiled code the same, instruction for instruction). */
#ifndef PIQUET__CSOLVE_FULL_H
#define PIQUET__CSOLVE_FULL_H

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

/* The full table's slot for a position (the hands, who leads, A's tricks, the pique and,
 * with a target, the scores); `*found` when it holds this position, written by this
 * search. */
static inline FullEntry *full_probe(const SearchObject *s, uint64_t ha, uint64_t hb, int leader,
                                    int tricks_a, const Score *st, int pts0, int pts1,
                                    int *found) {
    uint64_t h = (ha * 0x9E3779B97F4A7C15ULL) ^ (hb * 0xBF58476D1CE4E5B9ULL) ^
                 ((uint64_t)(leader | tricks_a << 1 | st->open << 5 | st->count << 6) << 40) ^
                 ((uint64_t)(uint32_t)pts0 * 0x94D049BB133111EBULL) ^
                 ((uint64_t)(uint32_t)pts1 << 20);
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    FullEntry *slot = &full_tt[h >> (64 - FULL_BITS)];
    *found = slot->tag == s->tag && slot->hand_a == ha && slot->hand_b == hb &&
             slot->leader == leader && slot->tricks_a == tricks_a && slot->open == st->open &&
             slot->count == st->count && slot->pts[0] == pts0 && slot->pts[1] == pts1;
    return slot;
}

/* A search's bounds and best lead kept in the position's slot (a new position takes the
 * slot over). */
static inline void full_remember(FullEntry *slot, const SearchObject *s, uint64_t ha, uint64_t hb,
                                 int leader, int tricks_a, const Score *st, int pts0, int pts1,
                                 int low, int high, int best_move) {
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
}

/* The best of the leads `moves` for the leader (A the most, B the least), each searched
 * in the window (alpha, beta), which the best so far narrows; its card in *best_move. */
static inline int best_lead(SearchObject *s, uint64_t ha, uint64_t hb, int leader,
                            const uint8_t *moves, int n, int tricks_a, const Score *st, int alpha,
                            int beta, int *best_move) {
    int best = leader == 0 ? -INF : INF;
    *best_move = moves[0];
    for (int m = 0; m < n; m++) {
        int value = full_after_lead(s, ha, hb, leader, moves[m], tricks_a, st, alpha, beta);
        if (s->failed) return 0;
        if (leader == 0 ? value > best : value < best) {
            best = value;
            *best_move = moves[m];
            if (leader == 0 ? best > alpha : best < beta) { /* the window narrows */
                if (leader == 0)
                    alpha = best;
                else
                    beta = best;
                if (alpha >= beta) break;
            }
        }
    }
    return best;
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
    int found;
    FullEntry *slot = full_probe(s, ha, hb, leader, tricks_a, st, pts0, pts1, &found);
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
    int best_move;
    int best = best_lead(s, ha, hb, leader, moves, n, tricks_a, st, alpha, beta, &best_move);
    if (s->failed) return 0;
    if (best <= alpha)
        high = best < high ? best : high;
    else if (best >= beta)
        low = best > low ? best : low;
    else
        low = high = best;
    full_remember(slot, s, ha, hb, leader, tricks_a, st, pts0, pts1, low, high, best_move);
    return best;
}

#endif
