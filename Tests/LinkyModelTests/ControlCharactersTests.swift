import LinkyModel
import Testing

/// What a fetched title keeps: no control character a terminal or an editor would obey.
@Suite struct ControlCharactersTests {
    @Test(arguments: [
        ("Plain title", "Plain title"), ("Evil\u{1B}]0;pwned\u{07} title", "Evil]0;pwned title"),
        ("Bell\u{07}\u{07}", "Bell"), ("C1\u{9B}31m red", "C131m red"), ("DEL\u{7F}", "DEL"), ("NUL\u{0}", "NUL"),
        ("Tab\tand\nline", "Tab and line"), ("next\u{85}line", "next line"), ("맛집\u{1B}[2J", "맛집[2J"),
        // Bidirectional controls stay in what is stored (right-to-left titles use them); terminals escape them.
        ("שלום \u{2067}abc\u{2069}", "שלום \u{2067}abc\u{2069}"),
    ])
    func controlCharactersAreDropped(_ text: String, _ expected: String) {
        #expect(text.droppingControlCharacters.collapsingWhitespace == expected)
        let kept = expected.unicodeScalars.contains { $0.isControlCharacter }
        #expect(!kept)
    }

    @Test func theRangesAreC0DelAndC1AndTheBidirectionalControls() {
        let controls = (0...0x10FF).compactMap(Unicode.Scalar.init).filter(\.isControlCharacter).map(\.value)
        #expect(controls == Array(0...0x1F) + Array(0x7F...0x9F))
        let bidi = (0x2000...0x20FF).compactMap(Unicode.Scalar.init).filter(\.isBidirectionalControl).map(\.value)
        #expect(bidi == Array(0x202A...0x202E) + Array(0x2066...0x2069))
    }
}
