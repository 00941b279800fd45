// `wordlink-bench json FILE`: JSON parser throughput. Other benchmarks come later.
let arguments = CommandLine.arguments
if arguments.count == 3, arguments[1] == "json" {
    JSONParserBenchmark.run(path: arguments[2])
} else {
    print("bench")
}
