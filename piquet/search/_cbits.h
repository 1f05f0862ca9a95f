/* Counting bits and finding the highest, for the kernel's modules (_csolve, _csample).
 *
 * GCC and Clang compile __builtin_popcountll to a call into their runtime library
 * unless the target has the popcnt instruction (-mpopcnt, which a wheel for every x86-64
 * machine cannot assume); the few shifts and masks below are inline instead, and made
 * _csample's play_value 9% quicker (perf put the call at 9% of its time; in the solver
 * it was under 1%). MSVC's intrinsics are the instructions themselves (x64 only: the
 * wheels skip win32). */
#ifndef PIQUET_CBITS_H
#define PIQUET_CBITS_H

#include <stdint.h>

#if defined(_MSC_VER)
#include <intrin.h>
static inline int popcount64(uint64_t x) { return (int)__popcnt64(x); }
static inline int msb64(uint64_t x) { /* x > 0 */
    unsigned long i;
    _BitScanReverse64(&i, x);
    return (int)i;
}
#else
#if defined(__POPCNT__)
static inline int popcount64(uint64_t x) { return __builtin_popcountll(x); }
#else
static inline int popcount64(uint64_t x) {
    x -= x >> 1 & 0x5555555555555555ULL;
    x = (x & 0x3333333333333333ULL) + (x >> 2 & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
#endif
static inline int msb64(uint64_t x) { return 63 - __builtin_clzll(x); } /* x > 0 */
#endif

/* The bits needed to write n: 0 for 0 (int.bit_length). */
static inline int bit_length(uint64_t n) { return n ? msb64(n) + 1 : 0; }

#endif
