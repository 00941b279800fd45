import Testing
import Synchronization
@testable import DictionaryIndex
#if canImport(Glibc)
import Glibc
#endif

/// An index update reads the next entry file on another thread while it writes this one
/// (`ReadAhead`): the values come in order, at most `depth` are read before they are taken,
/// and stopping early ends the reading thread before `stop` returns.
@Suite struct ReadAheadTests {
    @Test func valuesComeInOrder() {
        let texts = ["犬", "🐕‍🦺", "e\u{301}", "dog"]
        let ahead = ReadAhead(count: texts.count) { texts[$0] }
        defer { ahead.stop() }
        #expect((0..<texts.count).map(ahead.take) == texts)
    }

    @Test func nothingToReadStopsAtOnce() {
        let ahead = ReadAhead<Int>(count: 0) { _ in Issue.record("read with nothing to read"); return 0 }
        ahead.stop()
    }

    /// Memory holds the file being written and at most `depth` more: the reader waits for
    /// room however long the writer takes.
    @Test func atMostDepthValuesAreReadAhead() {
        let reads = Atomic<Int>(0)
        let ahead = ReadAhead(count: 100, depth: 2) { i in reads.add(1, ordering: .relaxed); return i }
        defer { ahead.stop() }
        #expect(ahead.take(0) == 0)
        // Time for the reader to run as far as it may.
        usleep(50_000)
        #expect(reads.load(ordering: .relaxed) <= 3)
        #expect(ahead.take(1) == 1)
        usleep(20_000)
        #expect(reads.load(ordering: .relaxed) <= 4)
    }

    /// An update that throws after its first file (interrupted, or the disk full) stops the
    /// reader: `stop` returns once it has ended, and nothing past what had room is read.
    @Test func stoppingEarlyEndsTheReader() {
        let reads = Atomic<Int>(0)
        let ahead = ReadAhead(count: 1_000, depth: 2) { i in
            reads.add(1, ordering: .relaxed)
            usleep(1_000)
            return i
        }
        #expect(ahead.take(0) == 0)
        ahead.stop()
        let read = reads.load(ordering: .relaxed)
        #expect(read <= 4)
        usleep(20_000)
        #expect(reads.load(ordering: .relaxed) == read, "nothing is read after stop returns")
    }
}
