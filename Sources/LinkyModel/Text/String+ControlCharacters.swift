extension Unicode.Scalar {
    /// C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F): characters a terminal obeys
    /// (ESC starts a colour or a title change, BEL rings) rather than shows.
    public var isControlCharacter: Bool {
        value <= 0x1F || (0x7F...0x9F).contains(value)
    }

    /// Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder
    /// what follows them on a line, so a terminal line can be made to read as something else.
    public var isBidirectionalControl: Bool {
        (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}

extension String {
    /// The text without control characters (C0, DEL, C1), as a title or description a page gives is
    /// stored: tabs, line breaks and the other white-space controls become spaces (collapse them
    /// after), every other control character goes. Bidirectional controls stay: titles in Arabic or
    /// Hebrew use them; terminals get them escaped (`linky-site`'s `TerminalText`), pages isolate them.
    public var droppingControlCharacters: String {
        guard unicodeScalars.contains(where: \.isControlCharacter) else { return self }
        var kept = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x09...0x0D, 0x85: kept.append(" ")
            case _ where scalar.isControlCharacter: continue
            default: kept.append(scalar)
            }
        }
        return String(kept)
    }
}
