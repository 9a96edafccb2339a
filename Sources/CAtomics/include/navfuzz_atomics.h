// Relaxed atomics for the engine's workers: the visited table's slots and the work counters.
// A C header rather than the Synchronization module, which needs iOS 18 / macOS 15; these
// inline functions compile to the same instructions on every platform NavFuzz builds for.
#ifndef NAVFUZZ_ATOMICS_H
#define NAVFUZZ_ATOMICS_H

#include <stdint.h>

static inline uint32_t navfuzz_load_u32(const uint32_t *slot) { return __atomic_load_n(slot, __ATOMIC_RELAXED); }
static inline void navfuzz_store_u32(uint32_t *slot, uint32_t value) { __atomic_store_n(slot, value, __ATOMIC_RELAXED); }
/// Adds `value` and returns what was there before.
static inline intptr_t navfuzz_fetch_add(intptr_t *counter, intptr_t value) {
    return __atomic_fetch_add(counter, value, __ATOMIC_RELAXED);
}

#endif
