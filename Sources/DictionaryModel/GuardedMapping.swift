#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Synchronization

/// Files mapped read-only into memory, guarded against another process shrinking them.
///
/// A read of a mapped page that lies past the end of its file (another process truncated it:
/// a hostile `truncate`, a disk tool, a writer that rewrites in place) raises SIGBUS, which
/// would end the browser. Every mapping made here is registered; the SIGBUS handler puts a
/// page of zeros in place of the missing one, marks the mapping as *faulted* and returns, so
/// the read goes on and sees zeros. Readers bounds-check everything they read, and ask
/// `hasFaulted` before they trust an answer: a faulted mapping is treated as damaged (the
/// index is rebuilt, a table written again), never as data.
///
/// A SIGBUS at any other address goes to the handler that was there before (the signal's
/// default action ends the process, as it would have). The terminal front end, which installs
/// its own handlers later, asks `repair(_:)` first (`TerminalRestore`).
///
/// This is the one place the project maps files; the library index that replaces the mapped
/// formats reads through SQLite, which needs none of this.
public enum GuardedMapping {
    /// How many mappings can be registered at once; a mapping made beyond that is refused
    /// (`map` returns nil and the caller reads or rebuilds instead).
    static let capacity = 256

    /// Three words a slot: the mapping's first address (0: free), its end, and its fault flag.
    /// Written under `lock` by `map` and `unmap`; read with atomic loads by the handler.
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UInt> = {
        let pointer = UnsafeMutablePointer<UInt>.allocate(capacity: capacity * 3)
        pointer.initialize(repeating: 0, count: capacity * 3)
        return pointer
    }()

    private static let pageSize = UInt(sysconf(Int32(_SC_PAGESIZE)))
    /// Whether the handler is installed; guards `map` and `unmap` too.
    private static let installed = Mutex(false)
    /// The SIGBUS action there before the guard's.
    nonisolated(unsafe) private static let previous: UnsafeMutablePointer<sigaction> = {
        let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: 1)
        pointer.initialize(to: sigaction())
        return pointer
    }()

    /// `path` mapped read-only and registered, with its size; nil when it cannot be opened or
    /// mapped, is not a regular file, is shorter than `minimum` or not shorter than `limit`
    /// bytes, or every slot is taken.
    public static func map(_ path: String, minimum: Int, limit: Int = Int.max) -> (base: UnsafeRawPointer, count: Int)? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
              info.st_size >= minimum, info.st_size < limit, info.st_size > 0 else { return nil }
        let size = Int(info.st_size)
        guard let memory = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), memory != MAP_FAILED else { return nil }
        guard register(UInt(bitPattern: memory), size) else {
            munmap(memory, size)
            return nil
        }
        return (UnsafeRawPointer(memory), size)
    }

    /// Unregisters and unmaps a mapping `map` made.
    public static func unmap(_ base: UnsafeRawPointer, _ count: Int) {
        let start = UInt(bitPattern: base)
        installed.withLock { _ in
            for slot in 0..<capacity where CLinux_atomic_load(slots + 3 * slot) == start {
                CLinux_atomic_store(slots + 3 * slot, 0)
                CLinux_atomic_store(slots + 3 * slot + 2, 0)
                break
            }
        }
        munmap(UnsafeMutableRawPointer(mutating: base), count)
    }

    /// Whether a page of the mapping that starts at `base` was found missing (its file shrank)
    /// and read as zeros.
    public static func hasFaulted(_ base: UnsafeRawPointer) -> Bool {
        let start = UInt(bitPattern: base)
        for slot in 0..<capacity where CLinux_atomic_load(slots + 3 * slot) == start {
            return CLinux_atomic_load(slots + 3 * slot + 2) != 0
        }
        return false
    }

    private static func register(_ start: UInt, _ count: Int) -> Bool {
        installed.withLock { isInstalled in
            if !isInstalled { isInstalled = install() }
            for slot in 0..<capacity where CLinux_atomic_load(slots + 3 * slot) == 0 {
                CLinux_atomic_store(slots + 3 * slot + 2, 0)
                CLinux_atomic_store(slots + 3 * slot + 1, start + UInt(count))
                CLinux_atomic_store(slots + 3 * slot, start)
                return true
            }
            return false
        }
    }

    private static func install() -> Bool {
        _ = pageSize
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_SIGINFO | SA_NODEFER
        return sigaction(SIGBUS, &action, previous) == 0
    }

    /// For a SIGBUS handler: when the fault lies in a registered mapping, puts a page of zeros
    /// where the missing page was, marks the mapping faulted and returns true (the faulting
    /// read then goes on); false for any other fault. Only async-signal-safe calls.
    public static func repair(_ info: UnsafeMutablePointer<siginfo_t>) -> Bool {
        let address = UInt(bitPattern: CLinux_fault_address(info))
        guard address != 0 else { return false }
        for slot in 0..<capacity {
            let start = CLinux_atomic_load(slots + 3 * slot)
            guard start != 0, address >= start, address < CLinux_atomic_load(slots + 3 * slot + 1) else { continue }
            let page = address & ~(pageSize - 1)
            let zeros = mmap(UnsafeMutableRawPointer(bitPattern: page), Int(pageSize), PROT_READ,
                             MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
            guard zeros != MAP_FAILED else { return false }
            CLinux_atomic_store(slots + 3 * slot + 2, 1)
            return true
        }
        return false
    }

    /// The guard's SIGBUS handler: a fault in a registered mapping is repaired; any other puts
    /// back the action that was there before and lets it run (a fault from a read happens
    /// again as the handler returns; a signal sent by a process is raised again).
    private static let handler: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = { sig, info, _ in
        if let info, repair(info) { return }
        sigaction(SIGBUS, previous, nil)
        if let info, info.pointee.si_code <= 0 { raise(sig) }
    }
}
