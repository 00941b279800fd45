import TerminalText
import DictionaryModel
import DictionaryIndex
import PageFormatting

/// A page laid out for a width and drawn into a cell grid: its rows as text and every link
/// with the cells it covers. What `wordlink define` prints in each format.
public struct RenderedPage {
    /// One link of the page, in reading order.
    public struct Link: Hashable, Sendable {
        public var link: WordLink
        /// The link's whole text as written on the page.
        public var text: String
        /// The UTF-8 range of the link in the page's text.
        public var range: Range<Int>
        /// One rectangle (one row high) per row the link covers.
        public var cells: [CellRect]

        /// The entries the link leads to: one, or several homographs; empty when unresolved
        /// or external.
        public var entryIDs: [String]

        /// The entry the link resolves to (the first of several homographs), else nil.
        public var entryID: String? { entryIDs.first }
        /// The id of the dictionary the link leads into (nil when unresolved, or without a library).
        public var dictionary: String?
    }

    public let width: Int
    public let text: StyledText
    public let layoutManager: LayoutManager
    /// How many rows the page has.
    public let rowCount: Int
    /// The whole page drawn: one grid row per layout row. Drawn on first use and kept (only
    /// `define --format ansi` needs it; a grid holds about 30 bytes a cell, so `lines` draws
    /// a band of rows at a time instead).
    public var grid: CellGrid { fullGrid.grid(self) }
    private let fullGrid = GridBox()
    /// Tells which entries a link to several homographs leads to, and in which dictionary.
    private let library: Library?
    /// Where the navigator's links lead (`WordLink.State.anchor`): each dictionary's key and
    /// the offset of its section's heading on the page.
    public var anchors: [String: Int] = [:]

    /// An entry of the page, for the document's `entries`.
    public struct EntryItem: Hashable, Sendable {
        public var id: String
        public var headword: String
        /// The id of its dictionary (nil when the page was made without a library).
        public var dictionary: String?

        public init(id: String, headword: String, dictionary: String? = nil) {
            self.id = id
            self.headword = headword
            self.dictionary = dictionary
        }
    }

    private final class GridBox {
        private var drawn: CellGrid?

        func grid(_ page: RenderedPage) -> CellGrid {
            if let drawn { return drawn }
            let grid = page.draw(rows: 0..<page.rowCount)
            drawn = grid
            return grid
        }
    }

    /// Rows per band that `lines` draws at a time.
    static let bandRows = 256

    /// Lays `text` out at `width` (at least 1) and draws it. `library` tells which entries a
    /// link to several homographs leads to, and the dictionary of each link; without it a
    /// link knows only its destination.
    public init(text: StyledText, width: Int, lookup: any EntryLookup, info: DictionaryInfo = DictionaryInfo(id: "", title: "")) {
        self.init(text: text, width: width, library: Library(single: lookup, info: info))
    }

    public init(text: StyledText, width: Int, library: Library? = nil) {
        let width = max(1, width)
        self.width = width
        self.text = text
        self.library = library
        let layoutManager = LayoutManager(text: text, width: width)
        self.layoutManager = layoutManager
        rowCount = layoutManager.numberOfRows
    }

    /// The page's rows `rows` drawn into a grid of their own (its row 0 is `rows.lowerBound`).
    public func draw(rows: Range<Int>) -> CellGrid {
        var grid = CellGrid(columns: width, rows: rows.count)
        grid.draw(layoutManager, in: CellRect(column: 0, row: 0, columns: width, rows: rows.count), firstRow: rows.lowerBound)
        return grid
    }

    /// Row `row` as `CellGrid.lines` gives it once drawn, gathered straight from the placed
    /// cells (drawing into a grid makes a cell, with a string, for every column): nil when the
    /// row has anything a grid would settle otherwise (a cell of width 0 or over 2, cells
    /// out of order or past the edge), which is then drawn. The tests compare the two.
    func plainLine(_ row: Int, buffer bytes: inout [UInt8]) -> String? {
        bytes.removeAll(keepingCapacity: true)
        if layoutManager.appendPlainText(ofRow: row, to: &bytes) { return String(decoding: bytes, as: UTF8.self) }
        return cellByCellLine(row, buffer: &bytes)
    }

    /// `plainLine` the long way, cell by cell (the tests compare the two).
    func cellByCellLine(_ row: Int, buffer bytes: inout [UInt8]) -> String? {
        bytes.removeAll(keepingCapacity: true)
        var column = 0
        var end = 0
        var usual = true
        layoutManager.forEachPlacedCell(inRow: row) { cellColumn, _, cell in
            guard usual, cell.width == 1 || cell.width == 2, cellColumn >= column, cellColumn + cell.width <= width else {
                usual = false
                return
            }
            while column < cellColumn {
                bytes.append(0x20)
                column += 1
            }
            var isSpace = true
            for byte in cell.text.utf8 {
                bytes.append(byte)
                if byte != 0x20 { isSpace = false }
            }
            if !isSpace { end = bytes.count }
            column += cell.width
        }
        return usual ? String(decoding: bytes[..<end], as: UTF8.self) : nil
    }

    /// Every link with its cells and entries, worked out when asked for (the text format
    /// does not need them): each access computes them again.
    public var links: [Link] {
        text.wordLinks.map { item in
            var ids: [String] = []
            var dictionary: String?
            if item.link.state == .anchor {
                dictionary = library.flatMap { library in item.link.dictionary.flatMap(library.member(forKey:)).map { library.members[$0].info.id } }
            } else if item.link.state == .resolved, let destination = item.link.destination {
                let member = library.flatMap { library in item.link.dictionary.flatMap(library.member(forKey:)) ?? 0 }
                let lookup = member.map { library!.members[$0].lookup }
                dictionary = member.map { library!.members[$0].info.id }.flatMap { $0.isEmpty ? nil : $0 }
                if let lookup, lookup.entryNumber(forID: destination) == nil {
                    ids = lookup.lookUp(linkTarget: destination).entryNumbers.map(lookup.id(ofEntryAt:))
                } else {
                    ids = [destination]
                }
            }
            return Link(link: item.link, text: text.substring(item.range), range: item.range,
                        cells: layoutManager.cellRects(for: item.range), entryIDs: ids, dictionary: dictionary)
        }
    }

    /// The rows as text, trailing spaces removed; a page that ends with a newline has no
    /// empty last row.
    public var lines: [String] {
        var lines: [String] = []
        lines.reserveCapacity(rowCount)
        var bytes: [UInt8] = []
        var band = 0
        while band < rowCount {
            let rows = band..<min(band + Self.bandRows, rowCount)
            var direct: [String] = []
            direct.reserveCapacity(rows.count)
            for row in rows {
                guard let line = plainLine(row, buffer: &bytes) else { break }
                direct.append(line)
            }
            lines += direct.count == rows.count ? direct : draw(rows: rows).lines
            band += Self.bandRows
        }
        if text.string.hasSuffix("\n"), lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The page as the JSON document of `define --format json`: `query`, `entries`,
    /// `width`, `lines`, and `links` with `target`, `entryId`, `text`, `cells`, plus
    /// `external: true` for URLs, and `state`, `sense` and `ordinal` for scripts (a link of the
    /// navigator has `state` `anchor`, `target` `#` and its dictionary's key, the dictionary's
    /// id in `dictionary`, and `anchorRow`, the row of `lines` its heading is on); a link to
    /// several homographs also has `entryIds` (all of them) and `destination` (the query
    /// that shows them together), its `entryId` being the first.
    public func json(query: String, entries: [EntryItem]) -> JSONValue {
        let linkValues: [JSONValue] = links.map { link in
            var members: [JSONValue.Member] = [
                .init(key: "target", value: .string(link.link.target)),
                .init(key: "entryId", value: .string(link.entryID)),
                .init(key: "text", value: .string(link.text)),
                .init(key: "cells", value: JSONValue(.array(link.cells.map { rect in
                    .object(["row": JSONValue(integerLiteral: rect.minRow), "column": JSONValue(integerLiteral: rect.minColumn),
                             "width": JSONValue(integerLiteral: rect.size.columns)])
                }))),
            ]
            if link.link.state == .external { members.append(.init(key: "external", value: true)) }
            if let dictionary = link.dictionary { members.append(.init(key: "dictionary", value: .string(dictionary))) }
            members.append(.init(key: "state", value: .string(link.link.state.rawValue)))
            if let sense = link.link.sense { members.append(.init(key: "sense", value: .string(sense))) }
            // A navigator's link: the row of `lines` it scrolls to (its dictionary's heading).
            if link.link.state == .anchor, let key = link.link.dictionary, let offset = anchors[key] {
                members.append(.init(key: "anchorRow", value: JSONValue(integerLiteral: layoutManager.row(forCharacterAt: offset))))
            }
            if link.entryIDs.count > 1 {
                members.append(.init(key: "entryIds", value: JSONValue(.array(link.entryIDs.map { .string($0) }))))
                members.append(.init(key: "destination", value: .string(link.link.destination)))
            }
            members.append(.init(key: "ordinal", value: JSONValue(integerLiteral: link.link.ordinal)))
            return JSONValue(.object(members))
        }
        return .object([
            "query": .string(query),
            "entries": JSONValue(.array(entries.map { entry in
                var members: [JSONValue.Member] = [.init(key: "id", value: .string(entry.id)), .init(key: "headword", value: .string(entry.headword))]
                if let dictionary = entry.dictionary { members.append(.init(key: "dictionary", value: .string(dictionary))) }
                return JSONValue(.object(members))
            })),
            "width": JSONValue(integerLiteral: width),
            "lines": JSONValue(.array(lines.map { .string($0) })),
            "links": JSONValue(.array(linkValues)),
        ])
    }
}
