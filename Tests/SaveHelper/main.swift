// A child process for DictionaryEditingTests: saves that the test lets fail (a file size limit)
// or kills (SIGKILL at random moments), which a test process cannot do to itself — and must
// not fork() for, being multi-threaded. Not a product; only the tests run it.
//
//   wordlink-save-helper once FOLDER ID FILE SIZE-LIMIT DEFINITION
//       sets RLIMIT_FSIZE, opens the entry and saves DEFINITION as its first definition;
//       prints "saved" or the error, exits 0 or 1.
//   wordlink-save-helper loop FOLDER ID FILE
//       saves forever, each round a definition of a different length; prints "ready" once
//       the first save is done.
#if canImport(Glibc)
import Glibc
#endif
import DictionaryEditing
import DictionaryModel

let arguments = CommandLine.arguments
guard arguments.count >= 5 else {
    print("usage: wordlink-save-helper once|loop FOLDER ID FILE [SIZE-LIMIT DEFINITION]")
    exit(2)
}
let (mode, folder, id, file) = (arguments[1], arguments[2], arguments[3], arguments[4])

func save(_ definition: String) throws(EditingError) {
    let entry = try EntryFileEditor.open(entryID: id, in: folder, file: file)
    var document = entry.document
    document.senses[0].definition = definition
    _ = try EntryFileEditor.save(document, over: entry)
}

switch mode {
case "once":
    guard arguments.count == 7, let limit = Int(arguments[5]) else { exit(2) }
    // The write that crosses the limit fails with EFBIG instead of killing the process.
    signal(SIGXFSZ, SIG_IGN)
    var rlimit = rlimit(rlim_cur: rlim_t(limit), rlim_max: rlim_t(limit))
    setrlimit(Int32(RLIMIT_FSIZE.rawValue), &rlimit)
    do {
        try save(arguments[6])
        print("saved")
        exit(0)
    } catch {
        print(error.description)
        exit(1)
    }
case "loop":
    var round = 0
    while true {
        round += 1
        let definition = "round \(round) " + String(repeating: "犬🐕", count: (round * 37) % 500)
        do {
            try save(definition)
        } catch {
            print(error.description)
            exit(1)
        }
        if round == 1 {
            print("ready")
            fflush(nil)
        }
    }
default:
    exit(2)
}
