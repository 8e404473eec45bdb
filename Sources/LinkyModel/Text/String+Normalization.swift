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
        split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
