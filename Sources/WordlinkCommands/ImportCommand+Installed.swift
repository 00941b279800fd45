import DictionaryModel
#if canImport(Glibc)
import Glibc
#endif
import DictionaryImport

extension ImportCommand {
    /// `import --installed [--dry-run]`: every dictionary installed where Debian's packages
    /// and the usual readers put them (`InstalledDictionaries`), each into the library folder
    /// of its id, one line each: imported, unchanged (its source's fingerprint is the one its
    /// import recorded), or failed with the reason. With `dryRun`, nothing is written: the
    /// lines say what would be done. Exit status 1 when any failed; the others are imported.
    static func runInstalled(dryRun: Bool) -> Int32 {
        var environment = LibraryLocation.processEnvironment()
        for name in [InstalledDictionaries.pathsVariable, "STARDICT_DATA_DIR"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        guard let library = LibraryLocation.libraryFolder(environment: environment) else {
            Terminal.error("no library folder to import into: neither $XDG_DATA_HOME nor $HOME is set.")
            return 1
        }
        let paths = InstalledDictionaries.searchPaths(environment: environment)
        let found = InstalledDictionaries.find(in: paths)
        if found.isEmpty {
            Terminal.write("No dictionaries are installed in " + paths.joined(separator: ", ") + ".\n")
            return 0
        }
        enum Outcome: Sendable { case imported, unchanged, failed }
        // Two at a time (`ImportQueue`), each line in the order the dictionaries were found.
        let line = SharedProgressLine()
        let outcomes = ImportQueue.run(count: found.count, work: { i -> (Outcome, String) in
            let dictionary = found[i]
            let destination = library + "/" + dictionary.id
            let fingerprint = dictionary.fingerprint
            let recorded = SourceFingerprint.recorded(in: destination)
            if recorded == fingerprint {
                return (.unchanged, "\(dictionary.id): unchanged (\(dictionary.path))\n")
            }
            // The same files, imported by an earlier revision of the importer.
            let because = recorded.map(SourceFingerprint.files(of:)) == SourceFingerprint.of(dictionary.files)
                ? "; the \(dictionary.formatName) importer changed since its import" : ""
            if dryRun {
                return (.imported, "\(dictionary.id): would be imported from \(dictionary.path)"
                        + (because.isEmpty ? "" : " (" + because.dropFirst(2) + ")") + "\n")
            }
            let progress: (ProgressStep) -> Void = { line.update($0) }
            do throws(DictionaryModelError) {
                try makeDirectories(library)
                let summary = try importFound(dictionary, to: destination, fingerprint: fingerprint, progress: progress)
                prepare(destination, progress: progress)
                let entries = CheckCommand.count(summary.entryCount, "entry", "entries")
                return (.imported, "\(dictionary.id): imported from \(dictionary.path) (\(entries)\(because))\n")
            } catch {
                return (.failed, "\(dictionary.id): failed: \(error.message)\n")
            }
        }, report: { _, result in
            line.clear()
            Terminal.write(result.1)
        }).map(\.0)
        let counted = (imported: outcomes.filter { $0 == .imported }.count, unchanged: outcomes.filter { $0 == .unchanged }.count,
                       failed: outcomes.filter { $0 == .failed }.count)
        let total = CheckCommand.count(found.count, "dictionary", "dictionaries")
        let verb = dryRun ? "to import" : "imported"
        Terminal.write("\(total): \(counted.imported) \(verb), \(counted.unchanged) unchanged, \(counted.failed) failed.\n")
        return counted.failed > 0 ? 1 : 0
    }

    /// Imports one dictionary found (by `import SOURCE…` or `--installed`) by its kind, under
    /// its id, recording its sources' `fingerprint` in its `source` (what `--installed` reads
    /// to leave an unchanged one alone).
    static func importFound(_ dictionary: InstalledDictionaries.Found, to destination: String,
                            fingerprint: String? = nil, progress: @escaping (ProgressStep) -> Void) throws(DictionaryModelError) -> ImportSummary {
        let provenance = [("fingerprint", fingerprint ?? dictionary.fingerprint)]
        switch dictionary.kind {
        case .format(let found):
            return try ImportSources.run(found, to: destination, id: dictionary.id, progress: progress)
        case .dictd(let index, let dict):
            var importer = DictdImporter(index: index, dict: dict, to: destination, progress: progress)
            importer.provenance = provenance
            return try importer.run()
        case .wordnet(let folder):
            var importer = WordNetImporter(from: folder, to: destination, progress: progress)
            importer.provenance = provenance
            return try importer.run()
        }
    }
}
