// `make bench`: the figures the issues ask for, measured on a release build.
// Usage: wordlink-bench [text|all]
let which = CommandLine.arguments.dropFirst().first ?? "all"
if which == "all" || which == "text" { TextBenchmarks.run() }
if which == "profile-layout" { TextBenchmarks.profileLayout() }
