// `wordlink-bench json FILE`: JSON parser throughput; `wordlink-bench lookup [N]`: the lookup
// index and suggestions over N random headwords. Other benchmarks come later.
let arguments = CommandLine.arguments
if arguments.count == 3, arguments[1] == "json" {
    JSONParserBenchmark.run(path: arguments[2])
} else if arguments.count >= 2, arguments[1] == "lookup" {
    LookupBenchmark.run(count: arguments.count > 2 ? Int(arguments[2]) ?? 150_000 : 150_000)
} else {
    print("bench")
}
