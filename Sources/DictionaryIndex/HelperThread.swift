#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// A thread of our own beside the calling one, started on another processor.
///
/// On the machines measured here a new thread was often put on the processor of the thread
/// that made it and ran there first, while the other processor stayed idle: the calling
/// thread, which has the command's answer to work out, then waited 1 to 2 ms for it to be
/// moved (seen with `perf sched timehist` on `define dog` over the library: its main thread
/// preempted by the listing thread in about a third of the runs). So a helper is asked to
/// start on another processor of the process's mask than the caller's, and once running it
/// may run on any of them again (so a busy processor does not hold it).
enum HelperThread {
    /// The processors the process may run on, read once.
    static let processMask = CLinux_process_mask()

    /// Starts `run` on a new thread, on the `index`-th processor (counting round) other than
    /// the calling thread's; nil when no thread could be started. `widening` (for the tests):
    /// whether the thread may move to any processor once it runs.
    static func start(index: Int = 0, widening: Bool = true, _ run: @escaping () -> Void) -> pthread_t? {
        final class Start {
            let run: () -> Void
            let placed: Bool
            init(run: @escaping () -> Void, placed: Bool) {
                self.run = run
                self.placed = placed
            }
        }
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var helper = CLinux_processor_mask()
        let placed = CLinux_helper_mask(processMask, Int32(truncatingIfNeeded: index), &helper)
        if placed { _ = CLinux_set_attributes_mask(&attributes, &helper) }
        let context = Unmanaged.passRetained(Start(run: run, placed: placed && widening)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, &attributes, { context in
            let start = Unmanaged<Start>.fromOpaque(context!).takeRetainedValue()
            if start.placed {
                var all = HelperThread.processMask
                _ = CLinux_set_thread_mask(&all)
            }
            start.run()
            return nil
        }, context)
        guard started == 0 else {
            Unmanaged<Start>.fromOpaque(context).release()
            return nil
        }
        return thread
    }
}
