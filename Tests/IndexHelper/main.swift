// A child process for DictionaryIndexTests: what must hold in a fresh process, before anything
// else has run in it, which a test process (long since started, its tests side by side) cannot
// show. Not a product; only the tests run it.
//
//   wordlink-index-helper release-memory THREADS
//       as its first work, starts THREADS threads that hand freed memory back
//       (`releaseFreedMemory`) at the same moment; exits 0 when they all return.
#if canImport(Glibc)
import Glibc
#endif
import DictionaryIndex

let arguments = CommandLine.arguments
guard arguments.count == 3, arguments[1] == "release-memory", let count = Int(arguments[2]), count > 0 else {
    print("usage: wordlink-index-helper release-memory THREADS")
    exit(2)
}

// Every thread waits at the barrier, so that the calls start together. Not top-level code:
// that is the main actor's, and the threads are not.
nonisolated func releaseTogether(threads count: Int) {
    let barrier = UnsafeMutablePointer<pthread_barrier_t>.allocate(capacity: 1)
    pthread_barrier_init(barrier, nil, UInt32(count))
    var threads: [pthread_t] = []
    for _ in 0..<count {
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { barrier in
            pthread_barrier_wait(barrier!.assumingMemoryBound(to: pthread_barrier_t.self))
            releaseFreedMemory()
            return nil
        }, barrier)
        // The threads started wait at the barrier for ever: end the process.
        guard started == 0 else { print("could not start a thread: \(String(cString: strerror(started)))"); exit(1) }
        threads.append(thread)
    }
    for thread in threads { pthread_join(thread, nil) }
    pthread_barrier_destroy(barrier)
    barrier.deallocate()
}

releaseTogether(threads: count)
exit(0)
