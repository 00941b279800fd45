#if canImport(Glibc)
import Glibc
#endif
import WordlinkCommands

// The executable: the arguments in, the exit status out; everything else is WordlinkCommands.
exit(WordlinkCommandLine.run(Array(CommandLine.arguments.dropFirst())))
