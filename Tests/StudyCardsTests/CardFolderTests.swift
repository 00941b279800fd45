import StudyCards
import Testing

@Suite struct CardFolderTests {
    static let userDirs = """
        # This file is written by xdg-user-dirs-update
        XDG_DESKTOP_DIR="$HOME/Desktop"
        XDG_DOCUMENTS_DIR="$HOME/Dokumente"
        """

    @Test func theDocumentsFolderOfUserDirs() {
        let folder = CardFolder.documents(environment: ["HOME": "/home/ann"], readFile: { $0 == "/home/ann/.config/user-dirs.dirs" ? Self.userDirs : nil },
                                          isFolder: { $0 == "/home/ann/Dokumente" })
        #expect(folder == "/home/ann/Dokumente")
        let configured = CardFolder.documents(environment: ["HOME": "/home/ann", "XDG_CONFIG_HOME": "/cfg"],
                                              readFile: { $0 == "/cfg/user-dirs.dirs" ? "XDG_DOCUMENTS_DIR=\"/srv/docs\"" : nil },
                                              isFolder: { _ in true })
        #expect(configured == "/srv/docs")
    }

    @Test func elseTheHomeFolder() {
        // The documents folder does not exist, or is turned off (set to the home folder), or is not set.
        #expect(CardFolder.documents(environment: ["HOME": "/home/ann"], readFile: { _ in Self.userDirs }, isFolder: { _ in false }) == "/home/ann")
        #expect(CardFolder.documents(environment: ["HOME": "/home/ann"], readFile: { _ in "XDG_DOCUMENTS_DIR=\"$HOME/\"" },
                                     isFolder: { _ in true }) == "/home/ann")
        #expect(CardFolder.documents(environment: ["HOME": "/home/ann"], readFile: { _ in nil }, isFolder: { _ in true }) == "/home/ann")
        #expect(CardFolder.documents(environment: ["HOME": "relative"], readFile: { _ in nil }, isFolder: { _ in true }) == nil)
        #expect(CardFolder.documents(environment: ["XDG_DOCUMENTS_DIR": "/d", "HOME": "/h"], readFile: { _ in nil }, isFolder: { $0 == "/d" }) == "/d")
    }

    @Test func theFileNameSaysWhatAndWhen() {
        #expect(CardFolder.fileName(from: .history, format: .anki, time: 1_796_256_000) == "wordlink-history-cards-2026-12-03.txt")
        #expect(CardFolder.fileName(from: .bookmarks, format: .csv, time: 1_796_256_000) == "wordlink-bookmarks-cards-2026-12-03.csv")
    }
}
