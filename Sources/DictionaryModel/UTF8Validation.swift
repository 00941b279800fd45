import CUnistring

/// UTF-8 checked by libunistring's `u8_check` (well-formed as Unicode defines it: no overlong
/// forms, no surrogates, nothing past U+10FFFF), then made a `String`: a C library's
/// check of the bytes, where the standard library's `String(validating:as:)` is far slower
/// on short strings.
public enum UTF8Validation {
    /// Whether `bytes` are well-formed UTF-8.
    public static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return true }
        return u8_check(base.assumingMemoryBound(to: UInt8.self), bytes.count) == nil
    }

    /// `bytes` as a string when they are well-formed UTF-8; nil otherwise.
    public static func string(_ bytes: UnsafeRawBufferPointer) -> String? {
        isValid(bytes) ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// `bytes` as a string when they are well-formed UTF-8; nil otherwise.
    public static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        string(UnsafeRawBufferPointer(bytes))
    }
}
