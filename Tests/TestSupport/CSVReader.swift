/// A strict RFC 4180 reader for the tests: records end in CRLF outside quotes, a quoted field
/// may hold anything, `""` inside quotes is one quote.
public enum CSVReader {
    /// The records of `text`; nil when it does not end with a whole record (an open quote, a
    /// field after the last CRLF) or a quote stands inside an unquoted field.
    public static func records(_ text: String) -> [[String]]? {
        var records: [[String]] = [], record: [String] = [], field = ""
        var inQuotes = false, wasQuoted = false
        var scalars = Array(text.unicodeScalars)[...]
        while let c = scalars.popFirst() {
            if inQuotes {
                if c == "\"" {
                    if scalars.first == "\"" {
                        scalars.removeFirst()
                        field.unicodeScalars.append("\"")
                    } else {
                        inQuotes = false
                    }
                } else {
                    field.unicodeScalars.append(c)
                }
            } else if c == "\"" {
                guard field.isEmpty, !wasQuoted else { return nil }
                inQuotes = true
                wasQuoted = true
            } else if c == "," {
                record.append(field)
                field = ""
                wasQuoted = false
            } else if c == "\r" && scalars.first == "\n" {
                scalars.removeFirst()
                record.append(field)
                records.append(record)
                field = ""
                record = []
                wasQuoted = false
            } else {
                guard !wasQuoted else { return nil }
                field.unicodeScalars.append(c)
            }
        }
        guard !inQuotes, field.isEmpty, record.isEmpty else { return nil }
        return records
    }
}
