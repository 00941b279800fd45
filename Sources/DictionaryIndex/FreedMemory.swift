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
