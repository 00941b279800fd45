/// The `--help` texts of `search` and `links-to`.
enum SearchHelp {
    static func search(_ data: LibraryLocation) -> String {
        """
        Usage: wordlink search QUERY [--format text|json] [--limit N] [--data DIR]... [-d ID]...

        Searches the definitions, glosses, examples and notes of every open dictionary and
        prints the senses that match, best first (BM25): each with its headword, sense
        number, dictionary and entry id, and a snippet with the matched words in [ ] (a
        bracket or backslash of the text itself is written \\[, \\] or \\\\). A text that
        several entries share (a WordNet synset's gloss under each of its words) is shown
        once, with the other headwords after "also under". When the query is a headword
        (wolf, "wolf spider"; not a prefix*), that entry's senses come first, in the
        dictionary's order, before the senses that only mention it; an entry it names by
        one of its forms (chien: CHIEN, CHIENNE) comes next, with its senses that say it.

        The query: words in any order (all must occur); "a phrase" (those words in that
        order); prefix* (any word that starts so). Case and accents do not matter: crepes
        finds crêpes. AND, OR, NOT and punctuation are ordinary words. Several arguments
        are one query.

        Options:
          --format text|json  text (default), or {"query", "results": [{"dictionary",
                              "entryId", "headword", "sense", "snippet", "score",
                              "alsoUnder"}]}
          --limit N           at most N results (default 20)

        Exits with status 1 when nothing matches. The search index is built with the lookup
        index in $XDG_CACHE_HOME/wordlink (else ~/.cache/wordlink) the first time a folder
        is searched or shown, and follows changes to the entry files (only a changed file
        is indexed again).

        \(data.helpLine)

        """
    }

    static func linksTo(_ data: LibraryLocation) -> String {
        """
        Usage: wordlink links-to WORD [--format text|json] [--data DIR]... [-d ID]...

        Lists, for each entry WORD names (looked up as 'wordlink define' does), every
        link in every open dictionary that resolves to it, with the linking entry's
        headword, the sense the link stands in, its dictionary and its entry id: what the
        "Linked from" section at the end of the entry's page shows.

        Options:
          --format text|json  text (default), or {"word", "entries": [{"dictionary", "id"}],
                              "links": [{"dictionary", "entryId", "headword", "sense",
                              "text", "to"}]}

        Exits with status 1 when WORD names no entry.

        \(data.helpLine)

        """
    }
}
