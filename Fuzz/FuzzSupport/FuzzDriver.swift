import CLibFuzzer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The body of the one fuzz target this program runs; set once, before any input.
nonisolated(unsafe) private var currentTarget: (([UInt8]) -> Void)?

/// Runs a fuzz target: under libFuzzer when the program was linked with it (`make fuzz`),
/// otherwise over the files and folders named on the command line, so that a crash file can
/// be replayed by a plain build, in a debugger, without the fuzzer.
///
/// A target checks its properties with `fuzzCheck`; a failure, like any crash, stops the
/// program, and libFuzzer then writes the input that caused it.
public enum FuzzDriver {
    public static func run(_ target: @escaping ([UInt8]) -> Void) -> Never {
        currentTarget = target
        let callback: CLibFuzzer_TestOneInput = { data, size in
            let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
            currentTarget!(bytes)
            return 0
        }
        if let driver = CLibFuzzer_driver() {
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            exit(driver(&argc, &argv, callback))
        }
        let paths = CommandLine.arguments.dropFirst().filter { !$0.hasPrefix("-") }
        guard !paths.isEmpty else {
            printError("usage: \(CommandLine.arguments[0]) FILE-OR-FOLDER...\n"
                + "built without libFuzzer: runs the target once on each file (make fuzz builds it with libFuzzer)\n")
            exit(2)
        }
        var count = 0
        for path in paths {
            for file in files(at: path) {
                guard let bytes = readFile(file) else {
                    printError("cannot read \(file)\n")
                    exit(2)
                }
                printError("running \(file) (\(bytes.count) bytes)\n")
                target(bytes)
                count += 1
            }
        }
        printError("ran \(count) input\(count == 1 ? "" : "s"), no failure\n")
        exit(0)
    }
}

/// Stops the program when a property of the target does not hold.
public func fuzzCheck(_ condition: Bool, _ message: @autoclosure () -> String,
                      file: StaticString = #fileID, line: UInt = #line) {
    if !condition { fatalError(message(), file: file, line: line) }
}

func printError(_ text: String) {
    var text = text
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

/// `path` itself, or the regular files in it (sorted) when it is a folder.
func files(at path: String) -> [String] {
    guard let directory = opendir(path) else { return [path] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
        }
        if name != "." && name != ".." { names.append(path + "/" + name) }
    }
    return names.sorted()
}

func readFile(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let read = fread(&buffer, 1, buffer.count, file)
        if read > 0 { bytes.append(contentsOf: buffer[0..<read]) }
        if read < buffer.count { break }
    }
    return ferror(file) == 0 ? bytes : nil
}

/// Whether `offset` is a UTF-8 offset of `string` that falls on a Unicode scalar boundary.
public func isScalarBoundary(_ offset: Int, in string: String) -> Bool {
    let utf8 = string.utf8
    guard offset >= 0, offset <= utf8.count else { return false }
    let index = utf8.index(utf8.startIndex, offsetBy: offset)
    return index.samePosition(in: string.unicodeScalars) != nil
}
