/* Counting bits and finding the highest, for the kernel's modules (_csolve, _csample).
 *
 * GCC compiles __builtin_popcountll on x86-64 to a call into libgcc unless the target has
 * the popcnt instruction (-mpopcnt, which a wheel for every x86-64 machine cannot
 * assume), and MSVC's __popcnt64 is that instruction, unchecked; the few shifts and
 * masks below are inline instead, and made _csample's play_value 9% quicker (perf put
 * the call at 9% of its time; in the solver it was under 1%). Where counting is an
 * instruction of the baseline (AArch64) or of the target (__POPCNT__), the builtin. */
#ifndef PIQUET_CBITS_H
#define PIQUET_CBITS_H

#include <stdint.h>

#if defined(__POPCNT__) || (defined(__GNUC__) && defined(__aarch64__))
static inline int popcount64(uint64_t x) { return __builtin_popcountll(x); }
#else
static inline int popcount64(uint64_t x) {
    x -= x >> 1 & 0x5555555555555555ULL;
    x = (x & 0x3333333333333333ULL) + (x >> 2 & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
#endif

#if defined(_MSC_VER)
#include <intrin.h>
static inline int msb64(uint64_t x) { /* x > 0; x64 and ARM64 (the wheels skip win32) */
    unsigned long i;
    _BitScanReverse64(&i, x);
    return (int)i;
}
#else
static inline int msb64(uint64_t x) { return 63 - __builtin_clzll(x); } /* x > 0 */
#endif

/* The bits needed to write n: 0 for 0 (int.bit_length). */
static inline int bit_length(uint64_t n) { return n ? msb64(n) + 1 : 0; }

#endif
