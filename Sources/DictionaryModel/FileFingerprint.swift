#if canImport(Glibc)
import Glibc
#endif

/// How an entry file looked when it was indexed: enough to tell, without reading it, that it
/// has not changed since.
public struct FileFingerprint: Hashable, Sendable {
    public var size: UInt64
    public var modificationSeconds: Int64
    public var modificationNanoseconds: Int64
    /// A hash of the content (`FileFingerprint.hash(_:)`), checked only when the times
    /// cannot be trusted (a file changed within a second or two of the index being built).
    public var contentHash: UInt64

    public init(size: UInt64, modificationSeconds: Int64, modificationNanoseconds: Int64, contentHash: UInt64) {
        self.size = size
        self.modificationSeconds = modificationSeconds
        self.modificationNanoseconds = modificationNanoseconds
        self.contentHash = contentHash
    }

    #if canImport(Glibc)
    /// The size and modification time of `info`, with no content hash.
    public init(stat info: stat) {
        self.init(size: UInt64(max(0, info.st_size)), modificationSeconds: Int64(info.st_mtim.tv_sec),
                  modificationNanoseconds: Int64(info.st_mtim.tv_nsec), contentHash: 0)
    }
    #endif

    /// Whether the size and modification time match (the content hash is not compared).
    public func hasSameStat(as other: FileFingerprint) -> Bool {
        size == other.size && modificationSeconds == other.modificationSeconds
            && modificationNanoseconds == other.modificationNanoseconds
    }

    /// A 64-bit hash of file content, eight bytes at a time (not cryptographic: it only has
    /// to notice an edit that kept the size and the modification time).
    public static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
        var i = 0
        while i + 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            hash = (hash ^ word) &* 0x0000_0100_0000_01B3
            hash ^= hash >> 29
            i += 8
        }
        while i < bytes.count {
            hash = (hash ^ UInt64(bytes[i])) &* 0x0000_0100_0000_01B3
            i += 1
        }
        return hash ^ (hash >> 32)
    }
}
