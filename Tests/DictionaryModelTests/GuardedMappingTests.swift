import DictionaryModel
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A mapped file truncated by another process: the read past its new end sees zeros and the
/// mapping says it faulted, instead of SIGBUS ending the process.
@Suite struct GuardedMappingTests {
    static let page = Int(sysconf(Int32(_SC_PAGESIZE)))

    static func file(pages: Int) throws -> String {
        let path = NSTemporaryDirectory() + "wordlink-mapping-\(UUID().uuidString)"
        var bytes = [UInt8](repeating: 0, count: pages * page)
        for i in bytes.indices { bytes[i] = UInt8(1 + i % 251) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aReadPastATruncatedEndSeesZerosAndTheMappingFaults() throws {
        let path = try Self.file(pages: 4)
        defer { unlink(path) }
        let (base, count) = try #require(GuardedMapping.map(path, minimum: 1))
        defer { GuardedMapping.unmap(base, count) }
        #expect(count == 4 * Self.page)
        #expect(base.load(fromByteOffset: 3 * Self.page + 7, as: UInt8.self) == UInt8(1 + (3 * Self.page + 7) % 251))
        #expect(!GuardedMapping.hasFaulted(base))

        #expect(truncate(path, off_t(Self.page)) == 0)
        // Within what is left: the file's bytes. Past it: zeros, where SIGBUS would have been.
        #expect(base.load(fromByteOffset: 5, as: UInt8.self) == 6)
        #expect(base.load(fromByteOffset: 2 * Self.page + 1, as: UInt8.self) == 0)
        #expect(base.load(fromByteOffset: 4 * Self.page - 1, as: UInt8.self) == 0)
        #expect(GuardedMapping.hasFaulted(base))
    }

    @Test func aFileTruncatedToNothingReadsAsZerosEverywhere() throws {
        let path = try Self.file(pages: 2)
        defer { unlink(path) }
        let (base, count) = try #require(GuardedMapping.map(path, minimum: 1))
        defer { GuardedMapping.unmap(base, count) }
        #expect(truncate(path, 0) == 0)
        let sum = (0..<count).reduce(0) { $0 + Int(base.load(fromByteOffset: $1, as: UInt8.self)) }
        #expect(sum == 0)
        #expect(GuardedMapping.hasFaulted(base))
    }

    @Test func anotherMappingIsNotMarkedByTheFaultOfOne() throws {
        let first = try Self.file(pages: 2), second = try Self.file(pages: 2)
        defer { unlink(first); unlink(second) }
        let a = try #require(GuardedMapping.map(first, minimum: 1))
        let b = try #require(GuardedMapping.map(second, minimum: 1))
        defer { GuardedMapping.unmap(a.base, a.count); GuardedMapping.unmap(b.base, b.count) }
        #expect(truncate(first, 0) == 0)
        #expect(a.base.load(fromByteOffset: Self.page, as: UInt8.self) == 0)
        #expect(b.base.load(fromByteOffset: Self.page, as: UInt8.self) == UInt8(1 + Self.page % 251))
        #expect(GuardedMapping.hasFaulted(a.base))
        #expect(!GuardedMapping.hasFaulted(b.base))
    }

    @Test func whatCannotBeMappedIsRefused() throws {
        #expect(GuardedMapping.map("/nonexistent/wordlink", minimum: 0) == nil)
        #expect(GuardedMapping.map("/dev/zero", minimum: 0) == nil)
        let path = try Self.file(pages: 1)
        defer { unlink(path) }
        #expect(GuardedMapping.map(path, minimum: Self.page + 1) == nil)
        #expect(GuardedMapping.map(path, minimum: 1, limit: Self.page) == nil)
    }
}
