/* The search of games.engine.doubledummy, compiled: "can team 0 take at least `target` of
 * the tricks left?" The rules of play are those of games.engine.bits (follow suit, spades
 * trump, a spade led only once broken or from a hand of spades alone); card i is suit
 * i / 13 up to 38, spades from 39 (the Jokers 52 and 53 above the ace), as in
 * games.engine.bits, and a hand is a 54-bit mask. Which seats form a side is the
 * Table's: two partnerships, or in Solo one seat against the three others.
 *
 * Why C: the analysis of a game searches tens of millions of nodes; pure Python took about
 * 1,000 s a game where a player should wait at most 20 s.
 *
 * The memory is two hash tables. Bounds on team 0's tricks from a trick boundary are kept
 * by class (Ginsberg's partition search, as DDS does): every search also returns the cards
 * whose holders its answer depended on (the winners of tricks won by rank, the cards cashed
 * by a quick-trick bound, upward closed in each suit), and its bound holds for every
 * position with the same leader, spades broken or not, suit lengths in each hand and
 * holders of those cards, whichever small cards the hands hold. (Keeping in each class the
 * card that decided there last, to try it first, searched 1-2% more nodes: the lead weights
 * and the last deciding lead order better.) Inside a trick a small direct-mapped table
 * holds only the card that decided (small, because it is read at most nodes: a cache miss
 * costs more than a node). A full table overwrites: that only costs time, never an
 * answer. In Solo a class finding its bucket full goes to a second bucket (store). */
/* A full bucket gives up the class whose search took the fewest nodes (kept as the bits
 * of their number), not one at random: its table overflowing, one deal of
 * bench/doubledummy.py searched 56 million nodes instead of 14 (under a poorer move
 * order; under today's the bench searches 3% fewer). */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#if defined(__BMI2__) || defined(__AVX2__)
#include <immintrin.h>
#endif

typedef uint64_t u64;

#define SPADES 3
/* Spades are 15 bits (39..53: the Jokers, cards 52 and 53, rank above the ace), the other
 * suits 13; in the standard deck the top two spade bits are never set, so one layout
 * serves both decks. */
#define SUIT_WIDTH(s) ((s) == SPADES ? 15 : 13)
#define SUIT_MASK(s) (((1ULL << SUIT_WIDTH(s)) - 1) << (13 * (s)))
#define SPADE_MASK SUIT_MASK(SPADES)
#define NON_SPADES ((1ULL << 39) - 1)
#define FIRST_SPADE 39
#define CARDS 54

static inline int suit_of(int c) { return c >= FIRST_SPADE ? SPADES : c / 13; }
static inline int rank_of(int c) { return c - 13 * suit_of(c); }
static inline int ctz(u64 m) { return __builtin_ctzll(m); }
static inline int top_card(u64 m) { return 63 - __builtin_clzll(m); }
static inline int count(u64 m) { return __builtin_popcountll(m); }
static inline u64 above(int c) { return SUIT_MASK(suit_of(c)) & ~((2ULL << c) - 1); }
static inline u64 below(int c) { return SUIT_MASK(suit_of(c)) & ((1ULL << c) - 1); }

/* A card's power in a trick led with suit `led`: spades trump, a third suit never wins. */
static inline int strength(int led, int c) {
    int suit = suit_of(c);
    return suit == SPADES ? 100 + c : suit == led ? c : -1;
}

/* The place in `cards` (the first `length` of a trick) of the card winning so far, and
 * its power in `top`. */
static int winning(const int *cards, int length, int *top) {
    int led = suit_of(cards[0]), best = 0;
    *top = strength(led, cards[0]);
    for (int i = 1; i < length; i++) {
        int power = strength(led, cards[i]);
        if (power > *top) best = i, *top = power;
    }
    return best;
}

/* The seat that wins the complete trick `cards` led by `leader`. */
static int winner(const int *cards, int leader) {
    int top;
    return (leader + winning(cards, 4, &top)) & 3;
}

static inline u64 legal_mask(u64 hand, int led, int broken) {
    if (led >= 0) {
        u64 follow = hand & SUIT_MASK(led);
        return follow ? follow : hand;
    }
    if (!broken && (hand & NON_SPADES)) return hand & NON_SPADES;
    return hand;
}

/* A bound that holds for every position of a class (partition search): same leader, same
 * spades broken, same length of each suit in each hand, and the same hands holding the top
 * cards of each suit that the search found relevant (the rest are small cards, which of
 * them a hand holds changing nothing). `len`: four bits a hand and suit; (a, b): who holds
 * which card, packed as by boundary_key; (ma, mb): the bits of (a, b) that must agree. */
typedef struct {
    u64 len, a, b, ma, mb;
    uint8_t lead; /* leader * 2 + broken */
} Class;

/* Beside each class, in arrays of their own that a lookup reads 32 at a time (AVX2): the
 * bounds on team 0's tricks (low, high), a check of the class's key (tag, 0 if empty) and
 * the bits of the nodes its search took (work: a full bucket keeps the biggest). A lookup
 * reads a class only where the tag matches and the bounds decide its target: reading every
 * class of the key, one cache miss each, was the costliest step of the search. */
typedef struct {
    Class *classes; /* BUCKETS * WAYS of them */
    uint16_t *tags;
    uint8_t *work;
    int8_t *low, *high;
    uint8_t *cleared;   /* by bucket: the generation that last cleared its checks */
    uint8_t generation; /* this table's: a bucket of another is empty, cleared when used */
} Memory;

typedef struct {
    PyObject_HEAD
    Memory m;
    uint64_t *killers; /* inside tricks: a check and the deciding card, KILLERS of them */
    long long nodes;   /* searched, all searches together (for benchmarks) */
    int leads[16][4];  /* by tricks left and leader: the lead that decided last, or -1 */
    /* The sides: `maxi` the seats (bits) that want the count high, the others low;
     * `counted` the seats whose tricks count. Partnerships: team 0 (seats 0 and 2) both.
     * Solo (one seat against three): seat 0 both (a caller turns the seats to put the
     * seat it asks about there). A Nil (`nil`, its seat, else -1): only its tricks count,
     * the seats not on its side wanting it to win one (in Solo every other seat). The
     * bounds by sure tricks count a side's tricks, not a seat's: not used for a Nil. */
    uint8_t maxi, counted, solo;
    int nil;
} Table;

/* The killers (8 KB) stay in the fastest cache. The classes: 2^13 buckets of 128 (48 MB).
 * Every class with the same lengths, leader and holders of the top cards shares a bucket,
 * and there are many, so buckets are wide: on full deals 16 ways searched 3.4 times the
 * nodes of 128, and 256 were no faster (bench/doubledummy.py). */
#define KILLERS (1ULL << 10)
#define BUCKETS (1ULL << 13)
#define WAYS 128
_Static_assert(WAYS == 128, "matching() reads 128 checks a bucket");

static inline u64 slot_of_hash(u64 a, u64 b, uint32_t c) {
    u64 h = a * 0x9E3779B97F4A7C15ULL ^ (b + c) * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 29;
    return h * 0x165667B19E3779F9ULL;
}

/* The bits of `bits` at the places where `rest` is set, packed low. */
static inline u64 pack(u64 bits, u64 rest) {
#ifdef __BMI2__
    return _pext_u64(bits, rest);
#else
    u64 packed = 0;
    for (int place = 0; rest; place++, rest &= rest - 1)
        packed |= (bits >> ctz(rest) & 1) << place;
    return packed;
#endif
}

/* The key of a trick boundary: per suit, the number of cards left and which hand holds
 * each (two bits: hands 1 and 3, hands 2 and 3), packed by the cards left so that only
 * relative ranks count. */
static void boundary_key(const u64 *hands, u64 *a, u64 *b) {
    u64 all = hands[0] | hands[1] | hands[2] | hands[3];
    u64 key[2] = {0, 0};
    for (int suit = 0; suit < 4; suit++) {
        int shift = 13 * suit;
        u64 rest = all >> shift & (SUIT_MASK(suit) >> shift);
        u64 odd = pack((hands[1] | hands[3]) >> shift, rest);
        u64 high = pack((hands[2] | hands[3]) >> shift, rest);
        u64 part = (u64)count(rest) | odd << 4 | high << (4 + SUIT_WIDTH(suit));
        key[suit >> 1] |= part << (30 * (suit & 1));
    }
    *a = key[0], *b = key[1];
}

#ifdef __BMI2__
static inline u64 unpack(u64 packed, u64 rest) { return _pdep_u64(packed, rest); }
#else
static inline u64 unpack(u64 packed, u64 rest) {
    u64 bits = 0;
    for (; rest; rest &= rest - 1, packed >>= 1)
        if (packed & 1) bits |= rest & -rest;
    return bits;
}
#endif

/* Each hand's length in each suit, four bits apiece. */
static inline u64 lengths_key(const u64 *hands) {
    u64 key = 0;
    for (int seat = 0; seat < 4; seat++)
        for (int suit = 0; suit < 4; suit++)
            key |= (u64)count(hands[seat] & SUIT_MASK(suit)) << (16 * seat + 4 * suit);
    return key;
}

/* The relevant cards `rel` made upward closed among `ref`: in each suit where some card
 * is relevant, every card of `ref` above the lowest of them is too. */
static inline u64 closed(u64 rel, u64 ref) {
    u64 out = 0;
    for (int suit = 0; suit < 4; suit++) {
        u64 mine = rel & SUIT_MASK(suit);
        if (mine) out |= ref & SUIT_MASK(suit) & ~((mine & -mine) - 1);
    }
    return out;
}

/* The bits of a boundary key (boundary_key's layout) that hold the relevant cards `rel`
 * of the cards left `all`, and back. */
static void rel_mask(u64 rel, u64 all, u64 *ma, u64 *mb) {
    u64 key[2] = {0, 0};
    for (int suit = 0; suit < 4; suit++) {
        int shift = 13 * suit;
        u64 m = pack(rel >> shift, all >> shift & (SUIT_MASK(suit) >> shift));
        key[suit >> 1] |= (m << 4 | m << (4 + SUIT_WIDTH(suit))) << (30 * (suit & 1));
    }
    *ma = key[0], *mb = key[1];
}

static u64 rel_of_mask(u64 ma, u64 mb, u64 all) {
    u64 rel = 0;
    for (int suit = 0; suit < 4; suit++) {
        u64 width = SUIT_MASK(suit) >> (13 * suit);
        u64 m = ((suit >> 1 ? mb : ma) >> (30 * (suit & 1)) >> 4) & width;
        rel |= unpack(m, all >> (13 * suit) & width) << (13 * suit);
    }
    return rel;
}

/* The bucket of a class: hashed by the lengths, the leader and the holder of each suit's
 * top card (relevant in a suit with any relevant card; the others are few enough to keep
 * each bucket short). Hashing the second card's holder too took 7% off the nodes of
 * bench/doubledummy.py but added 25% to bench/analysis.py, whose one table per hand
 * serves many positions: classes must stay findable from positions unlike theirs. So
 * only the `overflow` bucket (Solo's, see store) hashes it. Its place, and in *tag a check
 * kept beside each entry (never 0) so that a search reads only the entries of its own
 * key. */
static inline u64 bucket_of(u64 len, uint32_t lead, u64 a, u64 b, int overflow,
                            uint16_t *tag) {
    u64 tops = 0, seconds = 0;
    for (int suit = 0; suit < 4; suit++) {
        u64 field = (suit >> 1 ? b : a) >> (30 * (suit & 1));
        int c = (int)(field & 15);
        if (c)
            tops |= ((field >> (3 + c) & 1) | (field >> (3 + SUIT_WIDTH(suit) + c) & 1) << 1)
                    << (2 * suit);
        if (c > 1)
            seconds |= ((field >> (2 + c) & 1) | (field >> (2 + SUIT_WIDTH(suit) + c) & 1) << 1)
                       << (2 * suit);
    }
    u64 h = (len ^ (u64)lead << 59 ^ tops << 50) * 0x9E3779B97F4A7C15ULL;
    if (overflow) h ^= (seconds + 1) * 0xD6E8FEB86659FD93ULL;
    h ^= h >> 31;
    h *= 0xC2B2AE3D27D4EB4FULL;
    *tag = (uint16_t)(h >> 8) | 1;
    return ((h >> 40) & (BUCKETS - 1)) * WAYS;
}

/* The ways of a bucket whose check is `tag`, as two 64-bit masks (ways 0-63, 64-127):
 * a bucket is read at most boundaries, and comparing its 128 checks 32 at a time (AVX2)
 * rather than one by one took about a tenth off the search's time. */
static inline void matching(const uint16_t *tags, uint16_t tag, u64 *found) {
#ifdef __AVX2__
    __m256i want = _mm256_set1_epi16((short)tag);
    for (int half = 0; half < 2; half++) {
        u64 bits = 0;
        for (int k = 0; k < 2; k++) {
            const __m256i *p = (const __m256i *)(tags + 64 * half + 32 * k);
            __m256i x = _mm256_cmpeq_epi16(_mm256_loadu_si256(p), want);
            __m256i y = _mm256_cmpeq_epi16(_mm256_loadu_si256(p + 1), want);
            /* Sixteen-bit lanes to bytes (packs works per 128-bit lane: reorder). */
            __m256i packed = _mm256_permute4x64_epi64(_mm256_packs_epi16(x, y), 0xD8);
            bits |= (u64)(uint32_t)_mm256_movemask_epi8(packed) << (32 * k);
        }
        found[half] = bits;
    }
#else
    found[0] = found[1] = 0;
    for (int i = 0; i < WAYS; i++)
        if (tags[i] == tag) found[i >> 6] |= 1ULL << (i & 63);
#endif
}

/* The ways of a bucket whose bounds decide "team 0 takes `target`" (low >= target or
 * high < target), as matching() gives them. */
static inline void deciding(const int8_t *low, const int8_t *high, int target, u64 *out) {
#ifdef __AVX2__
    __m256i below_target = _mm256_set1_epi8((char)(target - 1));
    __m256i want = _mm256_set1_epi8((char)target);
    for (int half = 0; half < 2; half++) {
        u64 bits = 0;
        for (int k = 0; k < 2; k++) {
            int at = 64 * half + 32 * k;
            __m256i made = _mm256_cmpgt_epi8(_mm256_loadu_si256((const __m256i *)(low + at)),
                                             below_target);
            __m256i failed = _mm256_cmpgt_epi8(
                want, _mm256_loadu_si256((const __m256i *)(high + at)));
            bits |= (u64)(uint32_t)_mm256_movemask_epi8(_mm256_or_si256(made, failed)) << (32 * k);
        }
        out[half] = bits;
    }
#else
    out[0] = out[1] = 0;
    for (int i = 0; i < WAYS; i++)
        if (low[i] >= target || high[i] < target) out[i >> 6] |= 1ULL << (i & 63);
#endif
}

/* Does the class hold the position (same lengths and leader, the same holders of its
 * relevant cards)? */
static inline int holds(const Class *e, u64 len, uint32_t lead, u64 a, u64 b) {
    return e->lead == lead && e->len == len && !((a ^ e->a) & e->ma) && !((b ^ e->b) & e->mb);
}

/* A bound of the table deciding "team 0 takes `target`" for the position: 1 or 0, its
 * relevant cards in *rel; -1 if none decides. */

static inline int lookup_in(const Table *t, u64 first, uint16_t tag, u64 len, uint32_t lead, u64 a,
                     u64 b, u64 all, int target, u64 *rel) {
    if (t->m.cleared[first / WAYS] != t->m.generation) return -1;
    u64 found[2], decides[2];
    matching(&t->m.tags[first], tag, found);
    deciding(&t->m.low[first], &t->m.high[first], target, decides);
    for (int half = 0; half < 2; half++)
        for (u64 ways = found[half] & decides[half]; ways; ways &= ways - 1) {
            u64 i = first + 64 * half + ctz(ways);
            const Class *e = &t->m.classes[i];
            if (!holds(e, len, lead, a, b)) continue;
            *rel = rel_of_mask(e->ma, e->mb, all);
            return t->m.low[i] >= target;
        }
    return -1;
}

static int lookup(const Table *t, u64 len, uint32_t lead, u64 a, u64 b, u64 all, int target,
                  u64 *rel) {
    uint16_t tag;
    u64 first = bucket_of(len, lead, a, b, 0, &tag);
    int known = lookup_in(t, first, tag, len, lead, a, b, all, target, rel);
    if (known >= 0 || !t->solo) return known;
    first = bucket_of(len, lead, a, b, 1, &tag);
    return lookup_in(t, first, tag, len, lead, a, b, all, target, rel);
}

/* The way of bucket `first` holding the class (a, b already masked), else a new one: the
 * first empty way, else (unless `full`, then -1) the one whose search took fewest nodes. */
static inline long long way_of(Table *t, u64 first, uint16_t tag, u64 len, uint32_t lead, u64 a,
                        u64 b, u64 ma, u64 mb, int target, int work, int full) {
    uint16_t *tags = &t->m.tags[first];
    uint8_t *spent = &t->m.work[first];
    if (t->m.cleared[first / WAYS] != t->m.generation) {
        memset(tags, 0, WAYS * sizeof(uint16_t));
        t->m.cleared[first / WAYS] = t->m.generation;
    }
    u64 found[2];
    matching(tags, tag, found);
    for (int half = 0; half < 2; half++)
        for (u64 ways = found[half]; ways; ways &= ways - 1) {
            u64 i = first + 64 * half + ctz(ways);
            const Class *x = &t->m.classes[i];
            if (x->lead == lead && x->len == len && x->a == a && x->b == b && x->ma == ma &&
                x->mb == mb) {
                if (t->m.work[i] < work) t->m.work[i] = (uint8_t)work;
                return (long long)i;
            }
        }
    int way = (int)((a ^ b ^ ma ^ (u64)target) % WAYS);
    u64 empty[2];
    matching(tags, 0, empty);
    if (empty[0] | empty[1]) {
        way = empty[0] ? ctz(empty[0]) : 64 + ctz(empty[1]);
    } else {
        if (full) return -1;
        uint8_t least = 255;
        for (int k = 0; k < WAYS; k++) least = spent[k] < least ? spent[k] : least;
        for (int k = 0; least < spent[way] && k < WAYS; k++)
            if (spent[k] == least) way = k;
    }
    tags[way] = tag, spent[way] = (uint8_t)work;
    u64 i = first + way;
    Class *e = &t->m.classes[i];
    e->len = len, e->lead = (uint8_t)lead, e->a = a, e->b = b, e->ma = ma, e->mb = mb;
    t->m.low[i] = 0, t->m.high[i] = 13;
    return (long long)i;
}

/* Remember that with these relevant cards team 0 takes at least `target` (`result` 1) or
 * fewer (0). In Solo a class finding its bucket full goes to its overflow bucket (there
 * the weakest class gives way): Solo's proofs that the seat alone takes a trick try
 * every card of the three, and their classes overfilled the buckets of their keys (nearly
 * every store gave a class up; a table four times bigger changed nothing, as the same
 * keys share a bucket). Bench/doubledummy.py's Solo searched half the nodes with it and a
 * Solo game's analysis 1% fewer; Classic's deals 1% fewer but in no less time, so only
 * Solo has one. */
static void store(Table *t, u64 len, uint32_t lead, u64 a, u64 b, u64 all, u64 rel, int target,
                  int result, int work) {
    u64 ma, mb;
    rel_mask(rel, all, &ma, &mb);
    uint16_t tag;
    u64 first = bucket_of(len, lead, a, b, 0, &tag);
    long long i = way_of(t, first, tag, len, lead, a & ma, b & mb, ma, mb, target, work,
                         t->solo);
    if (i < 0) {
        first = bucket_of(len, lead, a, b, 1, &tag);
        i = way_of(t, first, tag, len, lead, a & ma, b & mb, ma, mb, target, work, 0);
    }
    if (result) {
        if (target > t->m.low[i]) t->m.low[i] = (int8_t)target;
    } else if (target - 1 < t->m.high[i]) {
        t->m.high[i] = (int8_t)(target - 1);
    }
}

/* Tricks the team takes with its spades whatever happens, counted for one of its hands:
 * each spade of that hand is played to a trick of its own, and such a trick goes to the
 * team unless an opponent plays a higher spade to it, each opponent's spade to one trick.
 * So the hand takes at least its spades less the most of them that the opponents' spades
 * can be matched above (matched greedily from the top, which is optimal). No lead is
 * needed (every card is played in the end), so unbroken spades change nothing.
 * Partition search: the spades from the top down to the highest cut at which the count
 * still reaches `need`, the spades below the cut placed worst for the hand (every
 * opponent's spade above all of the hand's), are relevant; if `need` is not reached,
 * the exact count and every spade. */
static int hand_spades(u64 hand, u64 theirs, u64 everyone, int need, u64 *rel) {
    int length = count(hand), against = count(theirs);
    int mine = length, avail = 0, beaten = 0; /* mine, against: still below the cut */
    int value = length - (mine < against ? mine : against);
    /* Reached already, or out of reach (then any true bound serves). */
    if (value >= need || !theirs || length < need) {
        *rel = 0;
        return value;
    }
    u64 rest = everyone;
    while (rest) {
        int card = top_card(rest);
        u64 bit = 1ULL << card;
        rest ^= bit;
        if (hand & bit) {
            mine--;
            if (avail) avail--, beaten++;
        } else if (theirs & bit) {
            against--, avail++;
        }
        int worst = avail + against;
        value = length - beaten - (mine < worst ? mine : worst);
        if (value >= need) break;
    }
    *rel = everyone & ~rest; /* the spades above the cut, the cut included */
    return value;
}

/* The side's sure spade tricks (hand_spades, the best of its hands): `seats` its seats
 * as bits (the tricks of any hand of the side count for it). */
static int sure_spades(const u64 *hands, int seats, int need, u64 *rel) {
    u64 theirs = 0, everyone = 0;
    for (int p = 0; p < 4; p++) {
        everyone |= hands[p] & SPADE_MASK;
        if (!(seats >> p & 1)) theirs |= hands[p] & SPADE_MASK;
    }
    int best = -1;
    for (int p = 0; p < 4; p++) {
        if (!(seats >> p & 1)) continue;
        u64 rel_p;
        int value = hand_spades(hands[p] & SPADE_MASK, theirs, everyone, need, &rel_p);
        /* Both reaching `need`: the one with fewer relevant cards. */
        if (best < 0 ||
            (best >= need && value >= need ? count(rel_p) < count(*rel) : value > best)) {
            best = value;
            *rel = rel_p;
        }
    }
    return best;
}

/* Tricks the leader can cash at once from the top of its own hand. A top card of a plain
 * suit counts while each opponent either still follows to it or holds no spade to ruff
 * it; top spades count if they may be led. */
static int quick_tricks(const u64 *hands, int leader, int broken, int solo, u64 *rel) {
    u64 mine = hands[leader];
    u64 left = hands[(leader + 1) & 3], right = hands[(leader + 3) & 3];
    u64 partner = hands[leader ^ 2];
    u64 everyone = mine | left | right | partner;
    /* Solo: the hand opposite may ruff too (an opponent, or a third hand of the side
     * that, holding only spades, must ruff and so takes the lead): taken as a third
     * opponent, the count stays a sure one. */
    u64 across = solo ? partner : 0;
    int sure = 0, drawn = 0;
    *rel = 0;
    /* Spades first: once they have drawn every spade of the opponents, no top card of
     * another suit can be ruffed. */
    for (int i = 0; i < 4; i++) {
        int suit = (i + SPADES) & 3;
        u64 mask = SUIT_MASK(suit);
        u64 own = mine & mask;
        if (!own) continue;
        u64 rest = everyone & mask;
        int top = 0;
        while (rest) {
            int card = top_card(rest);
            if (!(own >> card & 1)) break;
            top++;
            rest ^= 1ULL << card;
        }
        if (!top) continue;
        /* Once the top cards have drawn every other hand's cards of the suit, the rest of
         * the suit wins by length (DDS's length winners), unruffed once no opponent has
         * a spade. Those count by the lengths alone: the top cards stay the relevant. */
        int others = count(left & mask), longest = count(right & mask);
        if (others > longest) longest = others;
        if (count(partner & mask) > longest) longest = count(partner & mask);
        int cashed = top;
        if (suit == SPADES) {
            if (!(broken || !(mine & NON_SPADES))) continue;
            drawn = top >= count(left & SPADE_MASK) && top >= count(right & SPADE_MASK) &&
                    top >= count(across & SPADE_MASK);
            if (top >= longest) cashed = count(own);
        } else if (!drawn && ((left | right | across) & SPADE_MASK)) {
            if ((left & SPADE_MASK) && count(left & mask) < top) top = count(left & mask);
            if ((right & SPADE_MASK) && count(right & mask) < top) top = count(right & mask);
            if ((across & SPADE_MASK) && count(across & mask) < top) top = count(across & mask);
            cashed = top;
        } else if (top >= longest) {
            cashed = count(own);
        }
        sure += cashed;
        /* The top cards cashed are the relevant ones. */
        rest = everyone & mask;
        for (int k = 0; k < top; k++) {
            int card = top_card(rest);
            *rel |= 1ULL << card;
            rest ^= 1ULL << card;
        }
    }
    return sure;
}

/* Tricks the leader's side can cash at once: the leader's own top cards, or its
 * partner's once a low card led to the partner's top card puts the partner on lead, or
 * both, the leader's first. */
static int side_quick_tricks(const u64 *hands, int leader, int broken, int solo, u64 *rel) {
    int sure = quick_tricks(hands, leader, broken, solo, rel);
    /* Solo: no entry to a partner is counted (seat 0 has none, and a hand of the three
     * that ruffs would take the lead from the one entered). */
    if (solo) return sure;
    int partner = leader ^ 2;
    u64 theirs = hands[partner];
    if (!theirs) return sure;
    u64 mine = hands[leader];
    u64 left = hands[(leader + 1) & 3], right = hands[(leader + 3) & 3];
    u64 everyone = mine | left | right | theirs;
    u64 may_lead = (broken || !(mine & NON_SPADES)) ? mine : mine & NON_SPADES;
    for (int suit = 0; suit < 4; suit++) {
        u64 mask = SUIT_MASK(suit);
        u64 rest = everyone & mask;
        if (!(may_lead & mask) || !(theirs >> top_card(rest) & 1)) continue;
        /* An entry to the partner, unless an opponent ruffs the first round. */
        if (suit != SPADES && ((!(left & mask) && (left & SPADE_MASK)) ||
                               (!(right & mask) && (right & SPADE_MASK))))
            continue;
        u64 theirs_rel;
        int partners = quick_tricks(hands, partner, broken, 0, &theirs_rel);
        u64 entry = 1ULL << top_card(rest);
        /* The leader's own first, while the partner can spare a card that counts for
         * nothing to each of them: the leader cashes no card of the entry's suit (its
         * top is the partner's), an opponent with a spade follows to each (else that suit
         * counted nothing), and one without cannot ruff the partner's later, so neither
         * the entry nor the partner's count changes. */
        if (sure && count(theirs) - partners >= sure) {
            *rel |= theirs_rel | entry;
            return sure + partners;
        }
        if (partners <= sure) return sure;
        *rel = theirs_rel | entry;
        return partners;
    }
    return sure;
}

/* `cards` into `out`, highest weight first; ties in the order given. Returns n. */
static inline int order_by_weight(const int *cards, const int *weight, int n, int *out) {
    int order[13];
    for (int i = 0; i < n; i++) {
        int j = i;
        while (j > 0 && weight[order[j - 1]] < weight[i]) order[j] = order[j - 1], j--;
        order[j] = i;
    }
    for (int i = 0; i < n; i++) out[i] = cards[order[i]];
    return n;
}

/* The leads ordered by DDS's weights (Moves.cpp, WeightAllocTrump0, spades trump):
 * `cards` the lowest card of each group of the leader's cards that play alike; `last`
 * the lead that decided last with as many tricks left (DDS's bestMove), or -1. */
static int lead_weights(const u64 *hands, int seat, const int *cards, int n, int last,
                        int *out) {
    int lho = (seat + 1) & 3, rho = (seat + 3) & 3, pd = seat ^ 2;
    u64 everyone = hands[0] | hands[1] | hands[2] | hands[3];
    int tricks = count(hands[seat]);
    int len[4][4], best[4][3];
    for (int h = 0; h < 4; h++)
        for (int suit = 0; suit < 4; suit++) len[h][suit] = count(hands[h] & SUIT_MASK(suit));
    for (int suit = 0; suit < 4; suit++) {
        u64 rest = everyone & SUIT_MASK(suit);
        for (int k = 0; k < 3; k++) {
            best[suit][k] = -1;
            if (!rest) continue;
            int c = top_card(rest);
            rest ^= 1ULL << c;
            for (int h = 0; h < 4; h++)
                if (hands[h] >> c & 1) best[suit][k] = h;
        }
    }
#define TR SPADES
    int weight[13];
    for (int i = 0; i < n; i++) {
        int card = cards[i], suit = suit_of(card);
        u64 mask = SUIT_MASK(suit);
        int countLH = (len[lho][suit] == 0 ? tricks : len[lho][suit]) << 2;
        int countRH = (len[rho][suit] == 0 ? tricks : len[rho][suit]) << 2;
        int suitWeightD = -(((countLH + countRH) << 5) / 13);
        /* The group's top card (DDS's representative), whether the group has two, and
         * DDS's relative rank of it (1 for the top card of the suit left). */
        int top = card;
        while ((above(top) & everyone) && (hands[seat] >> ctz(above(top) & everyone) & 1))
            top = ctz(above(top) & everyone);
        int sequence = top != card;
        int rRank = count(everyone & above(top)) + 1;
        int isWinner = rRank == 1;
        int suitBonus = 0, winMove = 0;
        u64 pdT = hands[pd] & SPADE_MASK, lhT = hands[lho] & SPADE_MASK,
            rhT = hands[rho] & SPADE_MASK;
        if (suit != TR && ((len[lho][suit] == 0 && lhT) || (len[rho][suit] == 0 && rhT)))
            suitBonus = -12;
        if (suit != TR && len[pd][suit] == 0 && pdT && len[rho][suit] > 0) suitBonus += 17;
        if (best[suit][0] == rho || best[suit][1] == rho) {
            if (len[rho][suit] != 1) suitBonus += -12;
        } else if (best[suit][0] == lho && best[suit][1] == pd) {
            if (len[pd][suit] != 1) suitBonus += 27;
        }
        if (suit != TR && len[seat][suit] == 1 && len[seat][TR] > 0 && len[pd][suit] > 1 &&
            best[suit][0] == pd)
            suitBonus += 19;
        int delta = suitBonus + suitWeightD;
        if (isWinner) {
            if (suit != TR) {
                if (len[pd][suit] != 0 || !pdT) {
                    if ((len[lho][suit] != 0 || !lhT) && (len[rho][suit] != 0 || !rhT))
                        winMove = 1;
                } else if ((len[lho][suit] != 0 || pdT > lhT) &&
                           (len[rho][suit] != 0 || pdT > rhT))
                    winMove = 1;
            } else
                winMove = 1;
        } else if ((hands[pd] & mask) > ((hands[lho] | hands[rho]) & mask)) {
            if (suit != TR) {
                if ((len[lho][suit] != 0 || !lhT) && (len[rho][suit] != 0 || !rhT)) winMove = 1;
            } else
                winMove = 1;
        } else if (suit != TR) {
            if (len[pd][suit] == 0 && pdT) {
                if (len[lho][suit] == 0 && lhT && len[rho][suit] == 0 && rhT) {
                    if (pdT > (lhT | rhT)) winMove = 1;
                } else if (len[lho][suit] == 0 && lhT) {
                    if (pdT > lhT) winMove = 1;
                } else if (len[rho][suit] == 0 && rhT) {
                    if (pdT > rhT) winMove = 1;
                } else
                    winMove = 1;
            }
        }
        int w;
        if (winMove) {
            if ((len[lho][suit] == 1 && best[suit][0] == lho) ||
                (len[rho][suit] == 1 && best[suit][0] == rho))
                w = delta + 35 + rRank;
            else if (best[suit][0] == seat) {
                if (best[suit][1] == pd)
                    w = delta + 48 + rRank;
                else if (isWinner)
                    w = delta + 31;
                else
                    w = delta - 3 + rRank;
            } else if (best[suit][0] == pd) {
                w = best[suit][1] == seat ? delta + 42 + rRank : delta + 28 + rRank;
            } else if (sequence && rRank == 2)
                w = delta + 40;
            else if (sequence)
                w = delta + 22 + rRank;
            else
                w = delta + 11 + rRank;
        } else {
            if (best[suit][1] == pd && best[suit][2] == pd)
                delta += 20;
            else if ((best[suit][1] == seat && best[suit][2] == pd && len[pd][suit] > 1) ||
                     (best[suit][1] == pd && best[suit][2] == seat && len[pd][suit] > 1))
                delta += 13;
            if ((len[lho][suit] == 1 && best[suit][0] == lho) ||
                (len[rho][suit] == 1 && best[suit][0] == rho))
                w = delta + rRank + 2;
            else if (best[suit][0] == seat) {
                if (best[suit][1] == pd)
                    w = delta + 33 + rRank;
                else if (isWinner)
                    w = delta + 38;
                else
                    w = delta - 14 + rRank;
            } else if (best[suit][0] == pd)
                w = delta + 34 + rRank;
            else if (sequence && rRank == 2)
                w = delta + 35;
            else
                w = delta + 17 - (rank_of(top) + 2);
        }
        /* The last deciding lead, if of this group (2% fewer nodes on bench/doubledummy.py). */
        if (last >= card && last <= top && (hands[seat] >> last & 1)) w += winMove ? 55 : 18;
        weight[i] = w;
    }
#undef TR
    return order_by_weight(cards, weight, n, out);
}

/* Solo's leads (DDS's weights assume a partner opposite): `lone` the seat alone. A lead
 * that cashes a top card nobody can ruff first, one into a ruff of the other side last. */
static int solo_lead_weights(const u64 *hands, int seat, int lone, const int *cards, int n,
                             int last, int *out) {
    u64 everyone = hands[0] | hands[1] | hands[2] | hands[3];
    int weight[13];
    for (int i = 0; i < n; i++) {
        int card = cards[i], suit = suit_of(card);
        u64 mask = SUIT_MASK(suit);
        int top = card;
        while ((above(top) & everyone) && (hands[seat] >> ctz(above(top) & everyone) & 1))
            top = ctz(above(top) & everyone);
        int rRank = count(everyone & above(top)) + 1;
        int boss = top_card(everyone & mask), holder = 0;
        for (int h = 0; h < 4; h++)
            if (hands[h] >> boss & 1) holder = h;
        /* Ruffed by the other side: a seat of it void in the suit, holding a spade. */
        int ruffed = 0;
        for (int h = 0; h < 4 && suit != SPADES; h++)
            if (h != seat && (h == lone) != (seat == lone) && !(hands[h] & mask) &&
                (hands[h] & SPADE_MASK))
                ruffed = 1;
        int w;
        if (ruffed)
            w = -40 - rank_of(card);
        else if (rRank == 1)
            w = 50;
        else if (seat != lone && holder != lone)
            w = 30 - rank_of(card); /* the three: a low card to their top card */
        else
            w = -rank_of(card) - 4 * rRank;
        /* The last deciding lead (less than DDS's 55: 5% fewer Solo nodes). */
        if (last >= card && last <= top && (hands[seat] >> last & 1)) w += 20;
        weight[i] = w;
    }
    return order_by_weight(cards, weight, n, out);
}

/* Are seats p and q on one side (`maxi`: the seats of the side wanting the count high)? */
static inline int same_side(int maxi, int p, int q) { return !((maxi >> p ^ maxi >> q) & 1); }

/* The lowest card of each group of `legal` cards that play alike: cards of one suit with
 * no other card of `ref` (the cards at the trick's start) between them. Found by packing
 * the cards to their places in `ref` (a legal card starts a group unless the next lower
 * card of its suit is legal too), not card by card. */
static inline u64 group_lows(u64 legal, u64 ref) {
    u64 suit_lows = 0;
    for (int suit = 0; suit < 4; suit++) {
        u64 cards = ref & SUIT_MASK(suit);
        suit_lows |= cards & -cards;
    }
    u64 in = pack(legal, ref);
    return unpack(in & ~(in << 1 & ~pack(suit_lows, ref)), ref);
}

/* One card of each group of the seat's legal cards that play alike (touching once the
 * cards already played are left out), the likeliest good ones first. `last`: for a lead,
 * the lead that decided last with as many tricks left, or -1. */
static int ordered_moves(const u64 *hands, int leader, const int *trick, int length,
                         int broken, int seat, u64 hand, u64 ref, int last, int maxi,
                         int lone, int *out) {
    int led = length ? suit_of(trick[0]) : -1;
    int cards[13] = {0}, n = 0;
    for (u64 lows = group_lows(legal_mask(hand, led, broken), ref); lows; lows &= lows - 1)
        cards[n++] = ctz(lows);
    if (n == 1 || length) {
        int first = 0; /* the card to try first, the others after it from low to high */
        if (n > 1) {
            int top, best = winning(trick, length, &top);
            /* The best an opponent still to play can do: its top card of the suit led,
             * or a ruff (then nothing is sure). */
            int later = -1, ruff = 0;
            for (int k = length + 1; k < 4; k++) {
                int p = (leader + k) & 3;
                if (same_side(maxi, p, seat)) continue;
                u64 theirs = hands[p] & SUIT_MASK(led);
                if (theirs) {
                    int power = strength(led, top_card(theirs));
                    if (power > later) later = power;
                } else if (led != SPADES && (hands[p] & SPADE_MASK)) {
                    ruff = 1;
                }
            }
            int need = top > later ? top : later, pick = -1;
            if (!same_side(maxi, (leader + best) & 3, seat)) {
                /* Opponents winning: the cheapest card that wins the trick for sure, else
                 * the cheapest that beats them so far. */
                /* Second hand: the partner (last) wins the trick for sure: play low. */
                if (length == 1 && !ruff && same_side(maxi, (leader + 3) & 3, seat)) {
                    u64 partners = hands[(leader + 3) & 3] & SUIT_MASK(led);
                    if (partners && strength(led, top_card(partners)) > need) pick = 0;
                }
                if (!ruff)
                    for (int i = 0; i < n && pick < 0; i++)
                        if (strength(led, cards[i]) > need) pick = i;
                /* Third hand that cannot win for sure: force out the last hand's top card
                 * (beat its second; DDS's RankForcesAce). */
                if (length == 2 && !ruff && pick < 0) {
                    u64 last = hands[(leader + 3) & 3] & SUIT_MASK(led);
                    if (last) {
                        last ^= 1ULL << top_card(last);
                        int floor = last ? strength(led, top_card(last)) : -1;
                        if (floor < top) floor = top;
                        for (int i = 0; i < n && pick < 0; i++)
                            if (strength(led, cards[i]) > floor) pick = i;
                    }
                }
                for (int i = 0; i < n && pick < 0; i++)
                    if (strength(led, cards[i]) > top) pick = i;
            } else if (!ruff && later > top) {
                /* Partner winning but to be beaten: overtake for sure if we can. */
                for (int i = 0; i < n && pick < 0; i++)
                    if (strength(led, cards[i]) > later) pick = i;
            }
            if (pick >= 0) first = pick;
        }
        int m = 0;
        out[m++] = cards[first];
        if (length && !(hand & SUIT_MASK(led))) {
            /* Discarding: the lowest ranks first, trumps last (measured: a few percent
             * fewer nodes than by suit). */
            int level[13];
            for (int i = 0; i < n; i++) {
                if (i == first) continue;
                int key = (cards[i] >= FIRST_SPADE) * 15 + rank_of(cards[i]), j = m++;
                for (; j > 1 && level[j - 1] > key; j--)
                    out[j] = out[j - 1], level[j] = level[j - 1];
                out[j] = cards[i], level[j] = key;
            }
            return n;
        }
        for (int i = 0; i < n; i++)
            if (i != first) out[m++] = cards[i];
        return n;
    }
    if (lone >= 0) return solo_lead_weights(hands, seat, lone, cards, n, last, out);
    return lead_weights(hands, seat, cards, n, last, out);
}

/* A card as its suit and its place among the cards `ref` holds of that suit, and back:
 * positions with one key differ only in cards already played, so a card remembered for
 * one is remembered by its relative rank. */
static inline int relative(int card, u64 ref) {
    return suit_of(card) << 4 | count(ref & below(card));
}

static inline int absolute(int code, u64 ref) {
    u64 suit = ref & SUIT_MASK(code >> 4);
    for (int k = code & 15; k > 0 && suit; k--) suit &= suit - 1;
    return suit ? ctz(suit) : -1;
}

typedef struct {
    Table *table;
    u64 hands[4];
    int trick[4];
} Search;

static int ge(Search *s, int leader, int length, int broken, int target, u64 ka, u64 kb,
              u64 *rel);

/* The winning card of a complete trick as a bit if it won by its rank (it beat a card of
 * its own suit), else 0: then which small cards the others played did not matter. */
static inline u64 rank_win(const int *cards) {
    int top, best = winning(cards, 4, &top);
    int suit = suit_of(cards[best]);
    for (int i = 0; i < 4; i++)
        if (i != best && suit_of(cards[i]) == suit) return 1ULL << cards[best];
    return 0;
}

/* Inside a trick: does the side of `seat` win it whatever the others play (its best card,
 * played or to play, beats the best the other side has for it)? Then its card in *rel:
 * the holders of the cards above it decide the same way, and lengths, which say who can
 * ruff, always count. DDS's QuickTricksSecondHand, for any seat: a side needing one trick
 * more need not search this one. */
static inline int sure_trick(const Search *s, int leader, int length, int seat, u64 ref, u64 *rel) {
    int maxi = s->table->maxi, led = suit_of(s->trick[0]), top;
    int best = winning(s->trick, length, &top), card = s->trick[best];
    int ours = same_side(maxi, (leader + best) & 3, seat) ? top : -1;
    int theirs = ours < 0 ? top : -1;
    for (int k = length; k < 4; k++) {
        int p = (leader + k) & 3;
        u64 follow = s->hands[p] & SUIT_MASK(led), spades = s->hands[p] & SPADE_MASK;
        if (!follow && !spades) continue;
        int c = top_card(follow ? follow : spades), power = strength(led, c);
        if (!same_side(maxi, p, seat)) {
            if (power > theirs) theirs = power;
        } else if (power > ours) {
            ours = power, card = c;
        }
    }
    if (ours <= theirs) return 0;
    *rel = closed(1ULL << card, ref);
    return 1;
}

/* The node of the seat to play: team 0's side wants some card to reach the target, the
 * other side some card to keep team 0 from it. `ref`: the cards at the trick's start.
 * *rel: the cards whose holders the answer depends on (partition search): the deciding
 * card's when one decides, all cards' when none does. */
static int search_moves(Search *s, int leader, int length, int broken, int target, u64 ka,
                        u64 kb, uint32_t node, u64 ref, u64 *rel) {
    int seat = (leader + length) & 3;
    u64 hand = s->hands[seat];
    int maximizing = s->table->maxi >> seat & 1;
    int moves[13];
    int *last = length ? NULL : &s->table->leads[count(hand)][seat];
    int n = ordered_moves(s->hands, leader, s->trick, length, broken, seat, hand, ref,
                          last ? *last : -1, s->table->maxi,
                          s->table->solo && s->table->nil < 0 ? 0 : -1, moves);
    s->table->nodes++;
    /* Inside a trick, the card that settled this node before (in another search) likely
     * will again: kept in the small killers table. */
    int remembered = -1;
    u64 *killer = NULL, check = 0;
    if (n > 1 && length) {
        u64 h = slot_of_hash(ka, kb, node);
        killer = &s->table->killers[h & (KILLERS - 1)];
        check = h >> 8 << 8;
        if ((*killer & ~0xFFULL) == check) remembered = absolute((int)(*killer & 0xFF), ref);
    }
    if (remembered >= 0 && moves[0] != remembered) {
        for (int i = 1; i < n; i++)
            if (moves[i] == remembered) {
                for (int j = i; j > 0; j--) moves[j] = moves[j - 1];
                moves[0] = remembered;
                break;
            }
    }
    u64 all_rel = 0;
    /* Cards proven to play like one already searched (DDS's "lowest win"): when a card
     * failed and the answer depended on no card of its suit as low as it, every card of
     * that suit in this hand below the lowest card that mattered leads to a position of
     * the same class, hence to the same answer. */
    u64 skip = 0;
    for (int i = 0; i < n; i++) {
        int card = moves[i];
        if (skip >> card & 1) continue;
        int result;
        u64 child_rel;
        s->hands[seat] = hand & ~(1ULL << card);
        int now_broken = broken || card >= FIRST_SPADE;
        s->trick[length] = card;
        if (length == 3) {
            int w = winner(s->trick, leader), done[4] = {s->trick[0], s->trick[1], s->trick[2], card};
            int counted = s->table->counted >> w & 1;
            result = ge(s, w, 0, now_broken, target - counted, 0, 0, &child_rel);
            child_rel = closed(child_rel | rank_win(done), ref);
            /* The tricks searched after this one wrote over its cards. */
            for (int j = 0; j < 3; j++) s->trick[j] = done[j];
        } else {
            result = ge(s, leader, length + 1, now_broken, target, ka, kb, &child_rel);
        }
        s->hands[seat] = hand;
        if (result == maximizing) {
            if (killer && remembered != card) *killer = check | (u64)relative(card, ref);
            if (last) *last = card;
            *rel = child_rel;
            return result;
        }
        all_rel |= child_rel;
        u64 suit = SUIT_MASK(suit_of(card)), suit_rel = child_rel & suit;
        u64 under = suit_rel ? (suit_rel & -suit_rel) - 1 : ~0ULL; /* below the lowest */
        if ((1ULL << card) <= under) skip |= hand & suit & under;
    }
    /* Every card tried: a group of cards that play alike (only one of them searched) is
     * relevant whole if any of it is, so that a position of the class holds it whole. */
    u64 legal = legal_mask(hand, length ? suit_of(s->trick[0]) : -1, broken);
    for (u64 lows = group_lows(legal, ref), later; lows; lows = later) {
        /* A group: the legal cards from its lowest up to the next group's lowest. */
        later = lows & (lows - 1);
        u64 group = legal & ~((lows & -lows) - 1) & (later ? (later & -later) - 1 : ~0ULL);
        if ((group & all_rel) && (group & (group - 1))) all_rel |= group;
    }
    *rel = closed(all_rel, ref);
    return !maximizing;
}

/* Can team 0 take at least `target` of the tricks left? Inside a trick, (ka, kb) is the
 * key of the boundary it started from. *rel: the cards whose holders the answer depends
 * on, upward closed in each suit; lengths, leader and spades broken always count. */
static int ge(Search *s, int leader, int length, int broken, int target, u64 ka, u64 kb,
              u64 *rel) {
    int seat = (leader + length) & 3;
    int n = count(s->hands[seat]);
    *rel = 0;
    if (target <= 0) return 1;
    if (target > n) return 0;
    uint32_t lead_code = (uint32_t)(leader * 2 + broken);
    u64 ref = s->hands[0] | s->hands[1] | s->hands[2] | s->hands[3];
    if (length) {
        for (int i = 0; i < length; i++) ref |= 1ULL << s->trick[i];
        uint32_t node = lead_code | (uint32_t)length << 3;
        for (int i = 0; i < length; i++)
            node |= (uint32_t)relative(s->trick[i], ref) << (5 + 6 * i);
        /* The side to play needing one trick more, if this one is sure. */
        int maximizing = s->table->maxi >> seat & 1;
        if (s->table->nil < 0 && (maximizing ? target == 1 : target == n) &&
            sure_trick(s, leader, length, seat, ref, rel))
            return maximizing;
        /* The other side needing one trick more (or, won by the side to play, none), if
         * this one is sure for it. */
        if (s->table->nil < 0 && (maximizing ? target == n : target == 1)) {
            int other = 0;
            while (same_side(s->table->maxi, other, seat)) other++;
            if (sure_trick(s, leader, length, other, ref, rel)) return !maximizing;
        }
        return search_moves(s, leader, length, broken, target, ka, kb, node, ref, rel);
    }
    if (n == 1) {
        int last[4];
        for (int i = 0; i < 4; i++) last[i] = top_card(s->hands[(leader + i) & 3]);
        *rel = closed(rank_win(last), ref);
        return s->table->counted >> winner(last, leader) & 1;
    }
    boundary_key(s->hands, &ka, &kb);
    u64 len = lengths_key(s->hands);
    u64 low_rel = 0, high_rel = 0, quick_rel;
    int low = 0, high = n; /* a Nil's search has no bounds: they count a side's tricks */
    if (s->table->nil < 0) {
        int maxi = s->table->maxi;
        low = sure_spades(s->hands, maxi, target, &low_rel);
        high = n - sure_spades(s->hands, maxi ^ 15, n - target + 1, &high_rel);
        int sure = side_quick_tricks(s->hands, leader, broken, s->table->solo, &quick_rel);
        if (!(maxi >> leader & 1)) {
            if (n - sure < high) high = n - sure, high_rel = quick_rel;
        } else if (sure > low) {
            low = sure, low_rel = quick_rel;
        }
    }
    /* Decided by the bounds: not stored when they cost less to compute than to keep. */
    if (low >= target) {
        *rel = low_rel;
        return 1;
    }
    if (high < target) {
        *rel = high_rel;
        return 0;
    }
    /* The table after the bounds: they cost less than its cache misses. */
    int known = lookup(s->table, len, lead_code, ka, kb, ref, target, rel);
    if (known >= 0) return known;
    long long before = s->table->nodes;
    int result = search_moves(s, leader, 0, broken, target, ka, kb, lead_code, ref, rel);
    /* The work the entry saves: the bits of the nodes searched under it. */
    long long work = s->table->nodes - before;
    store(s->table, len, lead_code, ka, kb, ref, *rel, target, result,
          64 - __builtin_clzll((u64)work | 1));
    return result;
}

/* Table.ge(hands, leader, trick, broken, target) -> bool */
static PyObject *Table_ge(Table *self, PyObject *args) {
    unsigned long long h0, h1, h2, h3;
    int leader, broken, target;
    PyObject *trick;
    if (!PyArg_ParseTuple(args, "(KKKK)iO!pi", &h0, &h1, &h2, &h3, &leader, &PyTuple_Type,
                          &trick, &broken, &target))
        return NULL;
    Py_ssize_t length = PyTuple_GET_SIZE(trick);
    Search s = {.table = self, .hands = {h0, h1, h2, h3}};
    u64 seen = 0;
    int valid = leader >= 0 && leader <= 3 && length <= 3;
    for (int seat = 0; valid && seat < 4; seat++) {
        valid = !(s.hands[seat] >> CARDS) && !(s.hands[seat] & seen);
        seen |= s.hands[seat];
    }
    for (Py_ssize_t i = 0; valid && i < length; i++) {
        long card = PyLong_AsLong(PyTuple_GET_ITEM(trick, i));
        if (card == -1 && PyErr_Occurred()) return NULL;
        valid = card >= 0 && card < CARDS && !(seen >> card & 1);
        seen |= 1ULL << (valid ? card : 0);
        s.trick[i] = (int)card;
    }
    /* Every seat holds as many cards as the seat to act, less one if it played already. */
    int turn = valid ? (leader + (int)length) & 3 : 0;
    for (int i = 0; valid && i < 4; i++)
        valid = count(s.hands[(leader + i) & 3]) + (i < length) == count(s.hands[turn]);
    if (!valid) {
        PyErr_SetString(PyExc_ValueError, "not a position of play");
        return NULL;
    }
    u64 ka = 0, kb = 0;
    if (length) {
        /* The boundary the trick started from: its cards back in their hands. */
        u64 start[4] = {h0, h1, h2, h3};
        for (Py_ssize_t i = 0; i < length; i++) start[(leader + i) & 3] |= 1ULL << s.trick[i];
        boundary_key(start, &ka, &kb);
    }
    u64 rel;
    return PyBool_FromLong(ge(&s, leader, (int)length, broken, target, ka, kb, &rel));
}

/* Zeroed memory for `size` bytes of a table, in huge pages where the kernel has them: a
 * search reads its buckets at random, and with 4 KB pages the address lookups cost it
 * 3-10% of its time (A/B on bench/doubledummy.py's positions). NULL if none is left. */
static void *table_memory(size_t size) {
    void *memory = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) return NULL;
#ifdef MADV_HUGEPAGE
    madvise(memory, size, MADV_HUGEPAGE);
#endif
    return memory;
}

static void free_table_memory(void *memory, size_t size) {
    if (memory) munmap(memory, size);
}

static void free_memory(Memory *m) {
    free_table_memory(m->classes, BUCKETS * WAYS * sizeof(Class));
    free_table_memory(m->tags, BUCKETS * WAYS * sizeof(uint16_t));
    free_table_memory(m->work, BUCKETS * WAYS);
    free_table_memory(m->low, BUCKETS * WAYS);
    free_table_memory(m->high, BUCKETS * WAYS);
    free_table_memory(m->cleared, BUCKETS);
    m->classes = NULL;
}

static int new_memory(Memory *m) {
    m->classes = table_memory(BUCKETS * WAYS * sizeof(Class));
    m->tags = table_memory(BUCKETS * WAYS * sizeof(uint16_t));
    m->work = table_memory(BUCKETS * WAYS);
    m->low = table_memory(BUCKETS * WAYS);
    m->high = table_memory(BUCKETS * WAYS);
    m->cleared = table_memory(BUCKETS);
    m->generation = 1;
    if (m->classes && m->tags && m->work && m->low && m->high && m->cleared) return 1;
    free_memory(m);
    return 0;
}

/* The memory of the last Table freed, kept for the next, which empties it by taking the
 * next generation (each bucket is cleared when first used): a new table costs nothing
 * however big, where fresh pages cost the kernel's zeroing as they are touched (the bots
 * solve hundreds of small positions a decision, each with a new table: 717 us a solve of
 * 2-7 cards, against 189 us reusing the memory cleared whole, and less once cleared by
 * bucket). */
static Memory spare;

static PyObject *Table_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"nil", "solo", NULL};
    int nil = -1, solo = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|$ip", keywords, &nil, &solo)) return NULL;
    if (solo ? nil < -1 || nil > 3 : nil != -1 && nil != 1 && nil != 3) {
        PyErr_SetString(PyExc_ValueError,
                        "nil: -1, or a seat (of team 1, 1 or 3, unless solo)");
        return NULL;
    }
    Table *self = (Table *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    self->nil = nil;
    self->solo = (uint8_t)solo;
    if (nil >= 0) {
        self->counted = (uint8_t)(1 << nil);
        self->maxi = solo ? (uint8_t)(15 & ~(1 << nil)) : 5;
    } else {
        self->counted = self->maxi = solo ? 1 : 5;
    }
    if (spare.classes) {
        self->m = spare;
        spare.classes = NULL;
        if (++self->m.generation == 0) {
            /* Generations wrapped round: every bucket is of an older one. */
            memset(self->m.cleared, 0, BUCKETS);
            self->m.generation = 1;
        }
    } else if (!new_memory(&self->m)) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    self->killers = calloc(KILLERS, sizeof(uint64_t));
    for (int i = 0; i < 16; i++)
        for (int j = 0; j < 4; j++) self->leads[i][j] = -1;
    if (!self->killers) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    return (PyObject *)self;
}

static void Table_dealloc(Table *self) {
    if (!spare.classes && self->m.classes)
        spare = self->m;
    else if (self->m.classes)
        free_memory(&self->m);
    free(self->killers);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyMethodDef Table_methods[] = {
    {"ge", (PyCFunction)Table_ge, METH_VARARGS,
     "ge(hands, leader, trick, spades_broken, target) -> bool: can team 0 take at least "
     "target of the tricks left (the trick in progress included)? Of a Table(solo=True): "
     "can seat 0, alone against the three others? Of a Table(nil=seat): can the seats "
     "not on that seat's side (team 0; in solo, the three others) make it win at least "
     "target of them?"},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef Table_members[] = {
    {"nodes", Py_T_LONGLONG, offsetof(Table, nodes), Py_READONLY,
     "Nodes searched so far (for benchmarks)."},
    {NULL, 0, 0, 0, NULL},
};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "games.engine._doubledummy.Table",
    .tp_basicsize = sizeof(Table),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "What the searches of one deal have learnt (bounds and deciding cards).",
    .tp_new = Table_new,
    .tp_dealloc = (destructor)Table_dealloc,
    .tp_methods = Table_methods,
    .tp_members = Table_members,
};

static struct PyModuleDef module = {
    .m_base = PyModuleDef_HEAD_INIT,
    .m_name = "_doubledummy",
    .m_doc = "The compiled search of games.engine.doubledummy.",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__doubledummy(void) {
    if (PyType_Ready(&TableType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&TableType);
    if (PyModule_AddObject(m, "Table", (PyObject *)&TableType) < 0) {
        Py_DECREF(&TableType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
