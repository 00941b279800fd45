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

/// Work a helper thread runs: `run()` does what there is to do, and may be called by several
/// threads at once (each takes its part) or after everything is done (it then returns).
protocol HelperJob: AnyObject, Sendable {
    func run()
}

/// The process's one shared helper thread, started first thing (`start()`, from `main`) so
/// that it is running by the time there is work for it: `BackgroundMap` and `concurrentMap`
/// hand it their work instead of starting threads of their own.
///
/// On the machines measured here a thread took 25–75 µs to make and 40–120 µs more before
/// it ran (its processor, idle, had to be woken), and `define dog` on the bench library made
/// two (the listing, then the page's pieces): its listing started 190–320 µs after it was
/// asked for. Started at launch, the helper's start overlaps the arguments and the library's
/// choice, and between jobs it keeps checking for the next for a few milliseconds (about
/// what a command takes) before it sleeps, so that its processor is not idle when the next
/// comes.
public enum SharedHelper {
    /// How long the helper keeps checking for the next job before it sleeps (nanoseconds).
    static let watchTime: Int64 = 5_000_000

    private final class Queue: @unchecked Sendable {
        let condition = Condition()
        var jobs: [any HelperJob] = []
        var head = 0
        var sleeping = false
        /// How many jobs it has run (for the tests).
        var ran = 0
    }

    nonisolated(unsafe) private static var queue: Queue?
    private static let startLock = Lock()

    /// Starts the helper, once; nothing on one processor, or when no thread can be started.
    /// Whether it runs.
    @discardableResult
    public static func start() -> Bool {
        startLock.locked {
            if queue != nil { return true }
            guard ConcurrentWork.processorCount > 1 else { return false }
            let started = Queue()
            guard let thread = HelperThread.start({ loop(started) }) else { return false }
            pthread_detach(thread)
            queue = started
            return true
        }
    }

    /// Whether the helper was started.
    public static var isRunning: Bool { startLock.locked { queue != nil } }

    /// Hands `job` to the helper, which runs it after those handed over before; false when
    /// there is no helper (the caller then starts a thread of its own, or does it all).
    static func submit(_ job: any HelperJob) -> Bool {
        guard let queue = startLock.locked({ queue }) else { return false }
        queue.condition.locked {
            queue.jobs.append(job)
            if queue.sleeping { queue.condition.broadcast() }
        }
        return true
    }

    /// How many jobs the helper has run so far (for the tests).
    static var jobsRun: Int {
        guard let queue = startLock.locked({ queue }) else { return 0 }
        return queue.condition.locked { queue.ran }
    }

    /// The helper's loop: the next job, checked for until `watchTime` has passed, then slept for.
    private static func loop(_ queue: Queue) {
        while true {
            var job: (any HelperJob)?
            let deadline = now() + watchTime
            while job == nil {
                job = queue.condition.locked {
                    if queue.head == queue.jobs.count, now() >= deadline {
                        queue.sleeping = true
                        while queue.head == queue.jobs.count { queue.condition.wait() }
                        queue.sleeping = false
                    }
                    guard queue.head < queue.jobs.count else { return nil }
                    let next = queue.jobs[queue.head]
                    queue.head += 1
                    if queue.head == queue.jobs.count {
                        queue.jobs.removeAll(keepingCapacity: true)
                        queue.head = 0
                    }
                    return next
                }
                if job == nil { sched_yield() }
            }
            job?.run()
            job = nil
            queue.condition.locked { queue.ran += 1 }
        }
    }

    /// The monotonic clock, in nanoseconds.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
