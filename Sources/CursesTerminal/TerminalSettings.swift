#if canImport(Glibc)
import Glibc
#endif

/// A terminal's settings (`termios`) in storage of their full size.
///
/// Swift sees glibc's `struct termios` as 57 bytes, while `tcgetattr` writes and `tcsetattr`
/// reads its whole 60-byte stride: a `termios` variable is overrun by three bytes (found by
/// the address sanitizer). The settings therefore live in a buffer of the C size.
final class TerminalSettings {
    static let byteCount = max(MemoryLayout<termios>.stride, 64)
    let pointer: UnsafeMutablePointer<termios>

    private init() {
        let raw = UnsafeMutableRawPointer.allocate(byteCount: Self.byteCount, alignment: MemoryLayout<termios>.alignment)
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: Self.byteCount)
        pointer = raw.bindMemory(to: termios.self, capacity: 1)
    }

    /// Zeroed settings, to be filled by `tcgetattr` later.
    static func blank() -> TerminalSettings { TerminalSettings() }

    /// The settings of terminal `fd` now, or nil when it is not a terminal.
    convenience init?(of fd: Int32) {
        self.init()
        guard tcgetattr(fd, pointer) == 0 else { return nil }
    }

    deinit { UnsafeMutableRawPointer(pointer).deallocate() }

    /// A copy with `change` made to it.
    func changed(_ change: (inout termios) -> Void) -> TerminalSettings {
        let copy = TerminalSettings()
        UnsafeMutableRawPointer(copy.pointer).copyMemory(from: pointer, byteCount: Self.byteCount)
        change(&copy.pointer.pointee)
        return copy
    }

    /// Applies the settings to terminal `fd` (`TCSANOW`, or `TCSAFLUSH` to drop pending input).
    @discardableResult
    func apply(to fd: Int32, when: Int32 = TCSANOW) -> Bool { tcsetattr(fd, when, pointer) == 0 }
}
