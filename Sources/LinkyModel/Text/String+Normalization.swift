import Foundation

extension String {
    /// The text in Unicode Normalization Form C: files saved on macOS are often NFD,
    /// and 맛집 typed two ways must be one tag.
    public var nfc: String { precomposedStringWithCanonicalMapping }

    /// The identity of a name that people type in different cases and forms: NFC, then case-folded.
    public var foldedIdentity: String {
        nfc.folding(options: [.caseInsensitive, .widthInsensitive], locale: nil).nfc
    }

    /// Collapses every run of white space into one space and trims the ends.
    public var collapsingWhitespace: String {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in unicodeScalars {
            if scalar.isWhitespaceForCollapsing {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                result.append(" ")
                pendingSpace = false
            }
            result.append(scalar)
        }
        return String(result)
    }
}

extension Unicode.Scalar {
    /// White space, checked by byte for ASCII (the Unicode property lookup is slow in bulk).
    var isWhitespaceForCollapsing: Bool {
        if isASCII { return value == 0x20 || (0x09...0x0D).contains(value) }
        return properties.isWhitespace
    }
}
