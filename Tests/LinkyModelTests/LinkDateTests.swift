import Testing

@testable import LinkyModel

@Suite struct LinkDateTests {
    @Test func parsesADay() throws {
        let date = try #require(LinkDate(parsing: "2024-05-01"))
        #expect(date.isoDay == "2024-05-01")
        #expect(date.instant == 1_714_521_600)
        #expect(!date.hasTime)
        #expect(date.rfc3339 == "2024-05-01T00:00:00Z")
    }

    @Test func keepsTheWrittenDayButUsesTheExactInstant() throws {
        let date = try #require(LinkDate(parsing: "2024-03-05T09:30:00+09:00"))
        #expect(date.isoDay == "2024-03-05")
        #expect(date.rfc3339 == "2024-03-05T00:30:00Z")
        #expect(date.hasTime)
        let late = try #require(LinkDate(parsing: "2024-05-01T23:30:00-05:00"))
        #expect(late.isoMonth == "2024-05")
        #expect(late.rfc3339 == "2024-05-02T04:30:00Z")
    }

    @Test(arguments: ["2024-02-29", "2024-12-31T23:59:59Z", "2024-01-01 08:00", "1999-12-31T10:00:00.123+01:00"])
    func acceptsValidForms(text: String) {
        #expect(LinkDate(parsing: text) != nil)
    }

    @Test(arguments: ["2023-02-29", "2024-13-01", "2024-1-1", "yesterday", "2024-05-01T25:00", "2024-05-01Tfoo", ""])
    func rejectsInvalidDates(text: String) {
        #expect(LinkDate(parsing: text) == nil)
    }

    @Test func ordersByInstant() throws {
        let early = try #require(LinkDate(parsing: "2020-01-01"))
        let late = try #require(LinkDate(parsing: "2020-01-02"))
        #expect(early < late)
        #expect(LinkDate.day(ofInstant: late.instant).isoDay == "2020-01-02")
    }
}
