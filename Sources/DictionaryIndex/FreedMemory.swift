import CLinux

private let releaseLock = Lock()

/// Hands the heap's freed memory back to the system (glibc's `malloc_trim`), one call at a
/// time. glibc sets its heap up on the first call, marking it ready before it is: a second
/// first call at the same moment walks bins that are still zero and crashes. In a normal
/// process the first `malloc` has set the heap up long before; under the address sanitizer,
/// whose allocator leaves glibc's heap untouched, the first trim is that first call, and two
/// index builds finishing at once in the test process crashed it.
public func releaseFreedMemory() {
    #if canImport(Glibc)
    releaseLock.locked { _ = CLinux_malloc_trim(0) }
    #endif
}

/// How much a heap grows by at a time, beyond what an allocation needs: 4 MiB of address
/// space (no page is touched until used), where glibc's default is 128 KiB.
public let heapGrowth = 4 << 20

/// Has every heap of the process grow `heapGrowth` at a time (glibc's `M_TOP_PAD`); called
/// once, first thing. A thread's heap (glibc gives each new thread an arena of its own) grew
/// 128 KiB at a time, each growth an `mprotect`, which holds the process's memory map for
/// writing: the other threads' page faults waited for it (`search` over the library made 92
/// of them, and its threads slept in the kernel's `rwsem_down_read_slowpath` under
/// `perf sched`); now 5. The price: a heap keeps up to that much freed memory when trimmed,
/// and blocks of 128 KiB or more always get a mapping of their own (glibc no longer raises
/// that threshold as large blocks are freed).
public func configureHeapGrowth() {
    #if canImport(Glibc)
    _ = CLinux_malloc_set_top_pad(Int32(heapGrowth))
    #endif
}
