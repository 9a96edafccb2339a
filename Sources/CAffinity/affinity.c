// Thread pinning for lock-step drivers: Swift's Glibc module does not export the GNU calls.
#if defined(__linux__)
#define _GNU_SOURCE
#include <sched.h>
#include <string.h>
#endif
#include "affinity.h"

int navfuzz_pin_thread_to_current_cpu(navfuzz_cpu_mask *saved) {
#if defined(__linux__)
    _Static_assert(sizeof(cpu_set_t) <= sizeof(navfuzz_cpu_mask), "cpu_set_t does not fit");
    cpu_set_t old;
    if (sched_getaffinity(0, sizeof old, &old) != 0) return -1;
    int cpu = sched_getcpu();
    if (cpu < 0 || cpu >= CPU_SETSIZE) return -1;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    if (sched_setaffinity(0, sizeof one, &one) != 0) return -1;
    memset(saved, 0, sizeof *saved);
    memcpy(saved, &old, sizeof old);
    return cpu;
#else
    (void)saved;
    return -1;
#endif
}

void navfuzz_restore_thread_affinity(const navfuzz_cpu_mask *saved) {
#if defined(__linux__)
    cpu_set_t old;
    memcpy(&old, saved, sizeof old);
    sched_setaffinity(0, sizeof old, &old);
#else
    (void)saved;
#endif
}
