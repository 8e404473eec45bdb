import LinkyModel
import Testing

/// `Slug.make` is the one function every file name made from a title goes through (issue 40: a title
/// starting with `❤️` made the file name `\u{FE0F}-love.md`, which stopped a whole import).
@Suite struct SlugFileNameTests {
    /// No name starts with a mark, a variation selector, a joiner or a direction mark, or is empty.
    static func isSafeName(_ slug: String) -> Bool {
        guard let first = slug.unicodeScalars.first else { return false }
        let category = first.properties.generalCategory
        return ![.nonspacingMark, .spacingMark, .enclosingMark, .format].contains(category)
            && !first.properties.isDefaultIgnorableCodePoint && first != "-" && !slug.hasSuffix("-")
            && !slug.unicodeScalars.contains("/") && slug.utf8.count <= Slug.maximumUTF8Length
    }

    @Test(arguments: [
        // Presentation selectors after an emoji, at the start and inside.
        ("❤️ Love", "love"),
        ("⚙️ Math Breakdown", "math-breakdown"),
        ("Math ⚙️ Breakdown", "math-breakdown"),
        ("☺︎ text style", "text-style"),
        // ZWJ sequences and skin tones.
        ("👩‍💻 Coding", "coding"),
        ("👨‍👩‍👧 Family", "family"),
        ("👍🏽 Good", "good"),
        ("🏳️‍🌈 Pride", "pride"),
        // Combining marks: with no letter before them, and decomposed letters (NFC first).
        ("\u{301}Accent", "accent"),
        ("\u{301} Accent", "accent"),
        ("Cafe\u{301}", "café"),
        ("e\u{301}te\u{301}", "été"),
        ("- \u{20DD} Enclosed", "enclosed"),
        // Direction marks and embeddings at the start and end of a title.
        ("\u{200F}שלום\u{200F}", "שלום"),
        ("\u{200E}Hello\u{200E}", "hello"),
        ("\u{202B}مرحبا بالعالم\u{202C}", "مرحبا-بالعالم"),
        ("\u{2067}سلام\u{2069} world", "سلام-world"),
        ("\u{FEFF}BOM title", "bom-title"),
        // Scripts that need their marks keep them.
        ("हिन्दी", "हिन्दी"),
        ("맛집 리스트", "맛집-리스트"),
    ])
    func titles(title: String, expected: String) {
        let slug = Slug.make(title)
        #expect(slug == expected)
        #expect(Self.isSafeName(slug), "\(slug.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test(arguments: ["❤️", "\u{FE0F}", "\u{200D}", "\u{301}", "\u{200F}\u{200E}", "👩‍💻", "", " \u{FE0F} "])
    func nothingButMarksFallsBack(title: String) {
        #expect(Slug.make(title, fallback: "link") == "link")
    }

    @Test func joinersInsideAWordDoNotSplitIt() {
        // A zero-width joiner or non-joiner inside a Persian or Indic word is invisible: no `-`.
        #expect(Slug.make("می\u{200C}خواهم") == "میخواهم")
        #expect(Slug.make("क्\u{200D}ष") == "क्ष")
    }
}

/// Paths split on the byte `/`: a `/` followed by a mark is one `Character` but still a separator.
@Suite struct PathTextTests {
    @Test func splitsOnBytesNotCharacters() {
        let path = "links/imported/\u{FE0F}-love.md"
        #expect(PathText.components(path) == ["links", "imported", "\u{FE0F}-love.md"])
        #expect(PathText.lastComponent(path) == "\u{FE0F}-love.md")
        #expect(PathText.parent(path) == "links/imported")
        #expect(PathText.components("a/..\u{301}/b") == ["a", "..\u{301}", "b"])
        #expect(PathText.components("a//\u{301}b/") == ["a", "\u{301}b"])
    }

    @Test func parentsAsNSStringMadeThem() {
        #expect(PathText.parent("/site/a.md") == "/site")
        #expect(PathText.parent("/a.md") == "/")
        #expect(PathText.parent("a.md") == "")
        #expect(PathText.parent("a/b/") == "a")
        #expect(PathText.lastComponent("a/b/") == "b")
    }
}
