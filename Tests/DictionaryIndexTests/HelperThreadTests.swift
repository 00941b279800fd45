import Testing
import Glibc
import CLinux
@testable import DictionaryIndex

/// `HelperThread`: a helper starts on another processor than the thread that starts it (so it
/// does not take that thread's processor while another is idle), then may run anywhere.
@Suite struct HelperThreadTests {
    private static func processors(_ mask: CLinux_processor_mask) -> [Int] {
        var mask = mask
        return withUnsafeBytes(of: &mask.bits) { bytes in
            (0..<1024).filter { cpu in bytes.load(fromByteOffset: cpu / 64 * 8, as: UInt64.self) >> UInt64(cpu % 64) & 1 == 1 }
        }
    }

    private static func mask(_ cpus: [Int]) -> CLinux_processor_mask {
        var mask = CLinux_processor_mask()
        withUnsafeMutableBytes(of: &mask.bits) { bytes in
            for cpu in cpus {
                let word = bytes.load(fromByteOffset: cpu / 64 * 8, as: UInt64.self) | 1 << UInt64(cpu % 64)
                bytes.storeBytes(of: word, toByteOffset: cpu / 64 * 8, as: UInt64.self)
            }
        }
        return mask
    }

    /// The thread's own processors.
    private static func threadProcessors() -> [Int] {
        var mask = CLinux_processor_mask()
        _ = withUnsafeMutableBytes(of: &mask.bits) { sched_getaffinity(0, 128, $0.baseAddress) }
        return processors(mask)
    }

    @Test func theHelperMaskIsAnotherProcessorCountingRound() {
        // Held on its processor for the test: the mask asks which one the thread is on, and
        // on a loaded machine it moved between the test's question and the mask's.
        var saved = CLinux_processor_mask()
        _ = withUnsafeMutableBytes(of: &saved.bits) { sched_getaffinity(0, 128, $0.baseAddress) }
        defer { _ = CLinux_set_thread_mask(&saved) }
        var pinned = Self.mask([Int(sched_getcpu())])
        _ = CLinux_set_thread_mask(&pinned)
        let current = Int(sched_getcpu())
        let others = [0, 1, 2, 3, 70, 1000].filter { $0 != current }
        let all = Self.mask(others + [current])
        for index in 0..<(2 * others.count) {
            var helper = CLinux_processor_mask()
            #expect(CLinux_helper_mask(all, Int32(index), &helper))
            #expect(Self.processors(helper) == [others[index % others.count]])
        }
        // Only the caller's own processor (or none): no other to ask for.
        var helper = CLinux_processor_mask()
        #expect(!CLinux_helper_mask(Self.mask([current]), 0, &helper))
        #expect(!CLinux_helper_mask(Self.mask([]), 0, &helper))
    }

    @Test func aHelperRunsOnceAndCanBeJoined() throws {
        let ran = Box()
        let thread = try #require(HelperThread.start { ran.add("犬 👩‍👩‍👧 é") })
        pthread_join(thread, nil)
        #expect(ran.values == ["犬 👩‍👩‍👧 é"])
    }

    @Test func aHelperStartsOnAnotherProcessorThenMayRunOnAny() throws {
        let process = Self.processors(HelperThread.processMask)
        try #require(process.count > 1, "one processor: a helper has nowhere else to start")
        // The calling thread held to the process's first processor while it starts helpers.
        let own = CLinux_process_mask()
        var first = Self.mask([process[0]])
        #expect(CLinux_set_thread_mask(&first) == 0)
        defer { var own = own; _ = CLinux_set_thread_mask(&own) }
        // Kept where it started: the kernel holds it to the processor it was given, the next
        // one of the process's, counting round from the caller's.
        for index in 0..<3 {
            let placed = Box()
            let held = try #require(HelperThread.start(index: index, widening: false) {
                placed.add("\(Self.threadProcessors())")
            })
            pthread_join(held, nil)
            let others = Array(process.dropFirst())
            #expect(placed.values == ["\([others[index % others.count]])"])
        }
        // Widened once it runs: every processor of the process.
        let widened = Box()
        let free = try #require(HelperThread.start { widened.add("\(Self.threadProcessors())") })
        pthread_join(free, nil)
        #expect(widened.values == ["\(process)"])
    }
}

private final class Box: @unchecked Sendable {
    private let lock = Lock()
    private var items: [String] = []
    func add(_ value: String) { lock.locked { items.append(value) } }
    var values: [String] { lock.locked { items } }
}
