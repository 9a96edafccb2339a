#ifndef NAVFUZZ_AFFINITY_H
#define NAVFUZZ_AFFINITY_H

/// A thread's CPU mask, saved to be restored (large enough for Linux's cpu_set_t).
typedef struct { unsigned long long words[16]; } navfuzz_cpu_mask;

/// Pins the calling thread to the CPU it runs on, saving its previous mask in `saved`.
/// Returns that CPU's number, or -1 where threads cannot be pinned (macOS) or the call failed.
int navfuzz_pin_thread_to_current_cpu(navfuzz_cpu_mask *saved);

/// Gives the calling thread back the mask `navfuzz_pin_thread_to_current_cpu` saved.
void navfuzz_restore_thread_affinity(const navfuzz_cpu_mask *saved);

#endif
