/// The `--help` texts; each names the dictionaries that would be opened, and why.
enum Help {
    static let version = "wordlink 0.1.0"

    static func text(topic: String?, library data: LibraryLocation) -> String? {
        switch topic {
        case nil: return program(data)
        case "define": return define(data)
        case "check": return check(data)
        case "dictionaries": return dictionaries(data)
        case "doctor": return doctor
        case "history": return history
        case "export": return export(data)
        case "config": return config
        case "search": return SearchHelp.search(data)
        case "links-to": return SearchHelp.linksTo(data)
        case "import", "import wordnet", "import dictd": return ImportHelp.text(topic: topic ?? "import")
        default: return nil
        }
    }

    static func program(_ data: LibraryLocation) -> String {
        """
        wordlink: a dictionary browser for the terminal.

        Usage:
          wordlink [WORD] [--data DIR]... [-d ID]... [-g NAME] [--theme auto|dark|light|monochrome] [--new]
                                           browse the dictionaries, opened on WORD (WORD#SENSE:
                                           at that sense, as dog#2), else where the last
                                           session left off (--new: the start page; with
                                           several dictionaries, a list of them, each a link to
                                           its index); ? inside shows every key and mouse action
          wordlink define WORD [options]   print the page for WORD and exit
          wordlink search QUERY [options]  full-text search of every dictionary's senses
          wordlink links-to WORD [options] the entries that link to WORD's entries
          wordlink check [--data DIR]...   validate data folders
          wordlink dictionaries            list the open dictionaries
          wordlink history [--format text|json|csv] [--clear]
                                           what was looked up: when, how often, found or not
          wordlink export anki|csv [--from history|bookmarks] [--since DATE] [-o FILE]
                                           study cards of the words looked up, with their
                                           definitions, for Anki or as CSV
          wordlink config [--path|--default|--write|--check]
                                           the config file: theme, keys, the library's order
          wordlink import SOURCE...        convert dictionaries (StarDict, DSL, XDXF, Wiktionary;
                                           a file or a folder) into data folders of the library
          wordlink import --installed [--dry-run]
                                           convert every dictionary installed on the system
          wordlink import wordnet|dictd [options]
                                           convert WordNet or a dictd dictionary
          wordlink doctor                  check that this terminal draws characters where
                                           wordlink expects them (and clicks land right)
          wordlink --version               print the version

        Options:
          --data DIR     a data folder to open; give it several times for several, looked
                         up together in that order (default: the folders of $WORDLINK_DATA,
                         separated by ':'; else every dictionary in the library,
                         $XDG_DATA_HOME/wordlink or ~/.local/share/wordlink, by title,
                         where 'wordlink import' writes; else the one that ships with
                         the program)
          -d ID, --dictionary ID
                         only the open dictionaries with this id (repeatable)
          -g NAME, --group NAME
                         only the dictionaries of the config file's group NAME
                         (group.NAME = ID ID..., such as "English"); in the browser,
                         over the group the last session had chosen ('D')
          --theme T      the browser's colours: auto (the default: light on a terminal
                         whose background is light, asked with OSC 11; else dark),
                         dark, light, or monochrome (also $WORDLINK_THEME and the
                         config file; a non-empty NO_COLOR means monochrome)
          --new          open the start page, not where the last session left off
          -h, --help     this help; 'wordlink COMMAND --help' for a command's

        In the browser: click a link (or Tab to it and press Enter) to follow it (a link to
        one sense opens the page at that sense); Backspace or Alt-Left goes back to the
        same place; ':' looks up a word (typos forgiven); '/'
        finds in the page; 'f' labels every visible link; drag, double-click or 'v' selects
        and 'y' copies; 'd' (or Enter, with no link focused) looks up the selected words,
        so any word on a page can be looked up; 's' searches the text of every dictionary;
        'i' shows where each entry and sense comes from; '?' lists every key; 'q' quits. Ctrl-Z suspends. Pasting opens
        the lookup prompt with the pasted text (in a prompt, inserts it). The browser needs
        a terminal that can move its cursor (not TERM=dumb) and a UTF-8 locale; 'wordlink
        define' works anywhere. In a prompt or a mode, Ctrl-C cancels it. Text from the data
        is shown (and copied) with controls as placeholders such as ^[, in every command's
        output too.

        Editing: 'e' edits the entry at the top of the window (or the focused link's) as
        markup, restyled as you type: a typed [[link]] shows resolved or red at once. 'e' on a
        red link writes the entry it names; 'E' a new one. Ctrl-S saves (only that entry's
        bytes change, atomically; a file changed on disk is not overwritten without asking),
        Ctrl-Z/Ctrl-Y undo and redo word by word, Ctrl-N/Ctrl-O/Ctrl-E/Ctrl-T add a sense, a
        sub-sense, an example, a note, Ctrl-K removes a field, Esc leaves (asking first when
        there are unsaved changes). An imported dictionary is not edited in place: 'e' writes
        your own note on the entry, kept in $XDG_DATA_HOME/wordlink/notes and shown on its
        page. Unsaved text is copied to $XDG_STATE_HOME/wordlink/unsaved-edit as you type;
        after a hang-up or a crash the next start opens the page asked for and offers it,
        with its time: 'r' resumes it, 's' shows it, 'd' discards it (after 'y'), Esc
        leaves it for later. It is kept until saved or discarded.

        History: every lookup and page visit (browser and define) is kept, as it happens, in
        $XDG_STATE_HOME/wordlink/history.sqlite (else ~/.local/state/wordlink; define
        appends to history.pending beside it, taken in at the next open), safe with
        several wordlink processes at once; so are bookmarks and where the browser is. 'r'
        in the browser shows the history ('X' there clears it, after asking y/n; 'A' there
        writes its words as Anki cards, as 'wordlink export anki' does), 'm' bookmarks the
        page, 'M' lists the bookmarks ('A' there writes them as cards).
        Opened without a word the browser comes back to the last session's page, at the same
        text (anchored on the entry at the top and the character in it), with the same back and
        forward pages. A damaged store is set aside, renamed
        history.sqlite.corrupt-DATE, with a warning, and a new one begun.

        The first use of a data folder indexes it in the library index,
        $XDG_CACHE_HOME/wordlink/library.sqlite (else ~/.cache/wordlink), with a progress
        line on a terminal: lookup, full-text search and backlinks for every dictionary in one
        file. Later starts read only the entries a page shows, and the index follows changes
        to the entry files by itself; a small dictionary (2,000 entries at most) whose
        folder is deleted leaves it over the next commands, one a command, a larger one at the
        next import. Ctrl-C stops an update (at the command line, or on the browser's status
        line, which then quits): the index keeps what it had. A damaged index, or one of
        another version, is made again from the folders, with a note on standard error, and
        the files older versions cached beside it are removed. An entry file that cannot be
        read (a truncated shard) is named, with what to do, after a miss and beside a page its
        dictionary is not on.

        A dictionary with a language and no lookup rules of its own is looked up through
        Hunspell (hunspell-fr, hunspell-de-de...): a form leads to its base words, and a miss
        is offered Hunspell's spellings, in the browser's lookup prompt as you type too;
        'wordlink doctor' says which languages lack one. A language's Hunspell dictionary
        is opened only for a word whose affixes, taken off by its rules, could leave a root
        that is a headword or form there (the rules and roots are kept in the cache folder,
        hunspell.sqlite, made once for each version of the dictionary).

        With several dictionaries open a word is looked up in all of them: the page shows
        each one's entries under a heading that names it, a link resolves in its own
        dictionary first (the status line says when it leads into another), and the
        lookup prompt completes over all of them. A page two or more answered begins with a
        navigator naming each with its entries (WordNet 3.0 2 · gcide 3; a title wider
        than 30 columns by its id), each a link to its section; '}' and '{' move between
        the sections, 'z' (or a click on a heading) folds the section at the top to its
        heading or unfolds it, and 'D' chooses a group of dictionaries (group.NAME in the
        config file) or all of them, opening the word again there; the title bar names
        the group and the next session starts in it.

        \(data.helpLine)

        """
    }

    static func define(_ data: LibraryLocation) -> String {
        """
        Usage: wordlink define WORD [--width N] [--format text|ansi|json] [--sources] [--data DIR]... [-d ID]... [-g NAME]

        Prints the page the browser shows for WORD, laid out by the same layout engine.
        WORD is looked up in every open dictionary as an entry id, else as a headword or
        form (case and width insensitive) followed by every entry the dictionary's lookup
        rules lead to (attending: the noun, then the verb attend). When nothing has WORD,
        its underscores stand for spaces, as wn writes words (zygomatic_bone). A dictionary with a
        language and no lookup rules uses Hunspell's morphology of that language instead
        (hunspell-fr, hunspell-de-de...; DICPATH, then /usr/share/hunspell): a form that is
        not a headword leads to its base words, and the page says so ("chevaux: masculine
        plural of cheval"). When nothing matches, prints up to five nearest headwords on
        standard error (Hunspell's spellings that lead somewhere first; a query of one
        character is near only the words that keep it) and exits with 1.
        WORD#SENSE (dog~n#02084071, dog#1) prints the page a link to that sense opens:
        its relations whole, where the page of WORD folds long ones to "… and N more"; a
        sense no entry of WORD has (dog#99) prints WORD's page, with a note that says so.

        Options:
          --width N       columns to lay the page out for (default: as the browser would
                          in this terminal, its width less the browser's two margin
                          columns; 80 when standard output is not a terminal); the
                          browser in a window N+2 columns wide shows the same rows
          --format F      text: the rows as plain text (the default)
                          ansi: the rows with the browser's styles as SGR sequences
                          json: the page as data: query, entries, width, lines, links
                          (entries and resolved links name their dictionary's id; the
                          navigator's links have state "anchor" and anchorRow, the row
                          of the dictionary's heading)
          --sources       also show where each entry and sense comes from (its source,
                          such as [Webster 1913] or a WordNet sense key) on a line of
                          its own, as the browser's i does
          --data DIR      a data folder (repeatable; see 'wordlink --help')
          -d ID           only the dictionaries with this id (repeatable)
          -g NAME         only the dictionaries of the config file's group NAME
          -h, --help      this help

        \(data.helpLine)

        """
    }

    static func check(_ data: LibraryLocation) -> String {
        """
        Usage: wordlink check [--data DIR]... [-d ID]... [-g NAME]

        Validates each open data folder: files that are not valid JSON, invalid entries and
        duplicate ids are errors; links that lead nowhere are warnings. Each is printed with
        its file, line and column, then a summary line (with several folders, each after a
        line naming it). Exits with status 1 when there are errors, 0 otherwise. On a
        terminal, a line on standard error says how far it has got.

        Options:
          --data DIR      a data folder (repeatable; see 'wordlink --help')
          -d ID           only the dictionaries with this id (repeatable)
          -g NAME         only the dictionaries of the config file's group NAME
          -h, --help      this help

        \(data.helpLine)

        """
    }

    static func dictionaries(_ data: LibraryLocation) -> String {
        """
        Usage: wordlink dictionaries [--format text|json] [--data DIR]... [-d ID]... [-g NAME]

        Lists the dictionaries a command would open, in library order: id, title, number
        of entries, languages (en, or en → de for a bilingual one: monolingual dictionaries
        come first, those in the reader's language before the others, as do the pairs from
        or into it; see library.language in 'wordlink config --help'), folder, licence, and
        whether it is an import. Two dictionaries may share an id; both are opened, told
        apart by their folder.

        Options:
          --format F      text (the default) or json
          --data DIR      a data folder (repeatable; see 'wordlink --help')
          -d ID           only the dictionaries with this id (repeatable)
          -g NAME         only the dictionaries of the config file's group NAME
          -h, --help      this help

        \(data.helpLine)

        """
    }

    static let history = """
        Usage: wordlink history [--format text|json|csv] [--clear]

        Prints what was looked up, in the browser and with define, most recent first: each
        word (the query as typed, or a link's destination) with when it was last looked up,
        how often, and what it found (or that it found nothing). A word looked up in
        several cases (dog, Dog, DOG) is one word, written as it was looked up most often;
        so it is on the history page and on study cards. Kept in
        $XDG_STATE_HOME/wordlink/history.sqlite (else ~/.local/state/wordlink), written as
        each lookup happens.

        Options:
          --format F      text (the default); csv: word,count,first,last,found,title with a
                          header line, times in UTC (ISO 8601); json: {"words": [...],
                          "visits": [...]}, every visit oldest first with its time, query,
                          kind (query or link), dictionary, sense, found, title and origin
          --clear         forget every lookup (bookmarks and the last session are kept)
          -h, --help      this help

        """

    static func export(_ data: LibraryLocation) -> String {
        """
        Usage: wordlink export anki|csv [--from history|bookmarks] [--since YYYY-MM-DD] [-o FILE] [--data DIR]... [-d ID]... [-g NAME]

        Writes study cards: one a word, the word on the front and its definition on the
        back, the first open dictionary's senses that have it, numbered as its page shows
        them, then your notes on it ("Your notes", written with e in the browser on an
        imported entry). From the history, the words looked up and found (in the browser and with
        define), most looked up first; or from the bookmarks, newest first. A word no open
        dictionary has now is left out. Exits with status 1 when there is no card to write.

          anki    Anki's text import, tab-separated with its file headers (#separator:tab,
                  #html:true, #notetype:Basic, #deck:wordlink, #columns, #tags column):
                  Front and Back in simple HTML (<b>, <i>, <ol>, <br>), then the tags
                  wordlink::history (or ::bookmarks), dictionary::ID, lookups::N and
                  date::YYYY-MM-DD (the last lookup, UTC). In Anki: File, Import.
          csv     RFC 4180 CSV with a header row, records ending in CRLF:
                  word,definition,html,dictionary,lookups,date (definition as plain text,
                  one line a sense; html as Anki's Back)

        Text from the data is escaped for its format: a tab, line break, quote or <script>
        in a definition stays inside its field as text, and control characters are shown
        as placeholders such as ^[, as on the screen. Files are UTF-8.

        Options:
          --from S        history (the default) or bookmarks
          --since DATE    only words looked up (or bookmarked) on DATE (YYYY-MM-DD, UTC)
                          or later
          -o FILE, --output FILE
                          write to FILE, replacing it atomically (a temporary file beside
                          it, renamed over it); without it, or with -, standard output
          --data DIR      a data folder (repeatable; see 'wordlink --help')
          -d ID           only the dictionaries with this id (repeatable)
          -g NAME         only the dictionaries of the config file's group NAME
          -h, --help      this help

        \(data.helpLine)

        """
    }

    static let config = """
        Usage: wordlink config [--path | --default | --write | --check]

        The config file is $XDG_CONFIG_HOME/wordlink/config (else ~/.config/wordlink/config):
        lines of 'key = value', '#' starting a comment. A bad line is reported on standard
        error with the file, its line number and the key, and the rest still applies.

          theme = auto|dark|light|monochrome
                                           the browser's colours (auto, the default:
                                           light on a light background; --theme and
                                           $WORDLINK_THEME come first)
          library.order = ID ID...         these dictionaries of the library first, in
                                           this order; the others follow by title
          library.off = ID ID...           these dictionaries of the library stay closed
          library.language = CODE          the reader's language (en, fr, cs...): its
                                           monolingual dictionaries first, and the pairs
                                           from or into it first among the pairs; else
                                           the locale's ($LC_ALL, $LC_MESSAGES, $LANG),
                                           else the language of most monolingual ones
          group.NAME = ID ID...            a named set of dictionaries, opened alone
                                           with -g NAME or chosen with D in the browser
          key.COMMAND = KEY KEY...         the keys of a browser command, replacing its
                                           own (Tab, Enter, Backspace, Alt-Left/Right, :, /,
                                           ?, q and Ctrl-C stay fixed); a key is one
                                           character, Ctrl-X, or Tab, Enter, Esc, Space, Up,
                                           Down, PgUp, PgDn, Home, End, Alt-Left...

        Options:
          --path          print the file's path (the default)
          --default       print the commented default, every setting and key listed
          --write         write the commented default there, unless a file is there already
          --check         list the file's problems; status 1 when there are any
          -h, --help      this help

        """

    static let doctor = """
        Usage: wordlink doctor [--data DIR]... [-d ID]... [-g NAME]

        Prints a sample of hard text (CJK, combining marks, Indic clusters, emoji with
        skin tones, ZWJ sequences and flags, control and bidi characters as wordlink shows
        them) and asks the terminal where its cursor went after each, comparing that with
        the cells wordlink's layout gives them. Exits with status 1 when any disagree: text
        after such a character is drawn away from where wordlink expects it, so clicks
        there can land on the wrong word. A terminal that does not answer the cursor
        position request (ESC [ 6 n) within a second is reported as such, with status 1.

        Then, for each open dictionary with a language and no lookup rules of its own
        (dictionary.json), the Hunspell dictionary that gives its morphology (DICPATH,
        then /usr/share/hunspell), or that there is none and which Debian package brings
        one (hunspell-fr, hunspell-de-de, ...). Lookups work without it.

        """
}
