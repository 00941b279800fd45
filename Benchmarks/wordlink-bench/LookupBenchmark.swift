import DictionaryModel
#if canImport(Glibc)
import Glibc
#endif
import DictionaryIndex

/// Times building the lookup index and suggesting for typos over `count` random headwords.
enum LookupBenchmark {
    static func run(count: Int) {
        var generator = SystemRandomNumberGenerator()
        let letters = Array("abcdefghijklmnopqrstuvwxyzé")
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for i in 0..<count {
            let length = Int.random(in: 3...12, using: &generator)
            let word = String((0..<length).map { _ in letters.randomElement(using: &generator)! })
            entries.append(Entry(id: "\(word)~\(i)", headword: word))
        }
        var start = JSONParserBenchmark.now()
        let lookup = Lookup(entries: entries)
        let built = JSONParserBenchmark.now() - start
        start = JSONParserBenchmark.now()
        _ = lookup.suggestions(for: "warmup")
        let tables = JSONParserBenchmark.now() - start
        let queries = (0..<50).map { _ in entries.randomElement(using: &generator)!.headword + "x" }
        start = JSONParserBenchmark.now()
        for query in queries { _ = lookup.suggestions(for: query) }
        let perQuery = (JSONParserBenchmark.now() - start) / Double(queries.count)
        start = JSONParserBenchmark.now()
        for query in queries { _ = lookup.completions(for: String(query.prefix(3))) }
        let perCompletion = (JSONParserBenchmark.now() - start) / Double(queries.count)
        print("\(count) headwords: index \(Int(built * 1000)) ms, suggestion tables \(Int(tables * 1000)) ms, "
              + "suggestions \(String(format: "%.1f", perQuery * 1000)) ms/query, completions \(String(format: "%.1f", perCompletion * 1000)) ms/query")
    }
}
