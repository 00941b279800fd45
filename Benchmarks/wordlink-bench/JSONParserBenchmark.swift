import DictionaryModel
#if canImport(Glibc)
import Glibc
#endif

/// Times `JSONParser` and entry decoding on one file: MB/s, best of five runs.
enum JSONParserBenchmark {
    static func run(path: String) {
        guard let file = fopen(path, "rb") else {
            print("cannot open \(path)")
            return
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        fclose(file)
        let megabytes = Double(bytes.count) / 1_000_000
        var best = Double.infinity
        var bestDecode = Double.infinity
        var entries = 0
        for _ in 0..<5 {
            let start = now()
            guard let value = try? JSONParser.parse(bytes) else {
                print("not valid JSON")
                return
            }
            let parsed = now()
            entries = (value.arrayValue ?? [value]).compactMap { try? Entry(json: $0) }.count
            let decoded = now()
            best = min(best, parsed - start)
            bestDecode = min(bestDecode, decoded - start)
        }
        print(String(format: "parse: %.1f MB in %.1f ms = %.0f MB/s", megabytes, best * 1000, megabytes / best))
        print(String(format: "parse + decode %d entries: %.1f ms = %.0f MB/s", entries, bestDecode * 1000, megabytes / bestDecode))
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
