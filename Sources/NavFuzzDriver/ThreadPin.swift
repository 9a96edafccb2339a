import CAffinity
@_spi(Engine) import NavFuzzKit

/// Keeps the calling thread on the CPU it runs on until `release()`. Processes it starts
/// meanwhile inherit the pin: a lock-step driver then shares the harness's core. The two never
/// run at the same time, and waking a process on another core costs far more than the step
/// itself on virtual machines (see BENCHMARKS.md). Linux only; elsewhere nothing is pinned.
final class ThreadPin {
    private var saved = navfuzz_cpu_mask()
    /// The CPU the thread is pinned to.
    let cpu: Int

    /// Nil where threads cannot be pinned.
    static func toCurrentCPU() -> ThreadPin? {
        let pin = ThreadPin()
        return pin.cpu >= 0 ? pin : nil
    }

    private init() {
        cpu = Int(navfuzz_pin_thread_to_current_cpu(&saved))
    }

    /// Gives the thread back the CPUs it had. Call it from the thread that pinned.
    func release() {
        navfuzz_restore_thread_affinity(&saved)
    }
}
