import Testing

@testable import LinkyModel

/// `collapsingWhitespace` gives a string without white space at its ends and with each run inside
/// made one space, whether it takes the scan that finds a string already so or the scalar loop.
@Suite struct CollapsingWhitespaceTests {
    /// Split on Unicode's White_Space, joined with single spaces.
    func reference(_ text: String) -> String {
        text.unicodeScalars.split(whereSeparator: { $0.properties.isWhitespace })
            .map { String(String.UnicodeScalarView($0)) }.joined(separator: " ")
    }

    @Test func itAgreesWithSplittingOnWhiteSpace() {
        // Every white space scalar, and neighbours that share their first UTF-8 bytes.
        let space = [
            " ", "  ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}", "\u{200A}",
            "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}",
        ]
        let text = [
            "a", "Z", "9", "한", "é", "\u{A9}", "\u{1681}", "\u{200B}", "\u{2019}", "\u{2010}", "\u{2030}", "\u{2060}",
            "\u{3001}", "漢", "👩‍👩‍👧",
        ]
        var generator = SystemRandomNumberGenerator()
        var collapsedAlready = 0
        for _ in 0..<20_000 {
            var value = ""
            for _ in 0..<Int.random(in: 0..<12, using: &generator) {
                let pool = Int.random(in: 0..<4, using: &generator) == 0 ? space : text
                value += pool.randomElement(using: &generator)!
            }
            #expect(value.collapsingWhitespace == reference(value), "\(Array(value.unicodeScalars))")
            #expect(value.isCollapsed == (value == reference(value)), "\(Array(value.unicodeScalars))")
            if value.isCollapsed { collapsedAlready += 1 }
        }
        // Both paths were taken many times.
        #expect(collapsedAlready > 2_000 && collapsedAlready < 18_000)
    }
}
