import Testing
import SQLiteStore

/// A statement's values, a parameter pack of bindable types: each bound at its place, nil as
/// NULL, text whole in every script, and a second binding replacing the first.
@Suite struct SQLiteBindingTests {
    @Test func everyKindOfValueIsBoundAtItsPlace() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        let select = try database.prepare("SELECT ?1, ?2, ?3, ?4, ?5, ?6, typeof(?5), typeof(?6)")
        let noText: String? = nil
        let someNumber: Int64? = 42
        let text = "犬 🐕\u{200D}🦺 e\u{301}"
        select.bind(7, Int64(-3), text, 2.5, noText, someNumber)
        #expect(try select.step())
        #expect(select.integer(0) == 7)
        #expect(select.integer(1) == -3)
        #expect(select.text(2) == text)
        #expect(select.double(3) == 2.5)
        #expect(select.isNull(4))
        #expect(select.integer(5) == 42)
        #expect(select.text(6) == "null")
        #expect(select.text(7) == "integer")
        // Bound again: the earlier values are gone, a missing one is NULL.
        select.bind("only")
        #expect(try select.step())
        #expect(select.text(0) == "only")
        #expect(select.isNull(1))
    }
}
