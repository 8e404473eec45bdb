/// Which way a text reads: right to left for Arabic, Hebrew, Persian, Urdu… scripts.
public enum TextDirection: String, Sendable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    /// Languages written right to left, by primary subtag (`fa` of `fa-IR`).
    static let rightToLeftLanguages: Set<String> = [
        "ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ku-arab", "nqo", "ps", "sd", "syr", "ug", "ur", "yi",
    ]

    /// The direction of a language tag (`ar`, `he-IL`, `fa_IR`).
    public init(language: String) {
        let primary =
            language.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        self = Self.rightToLeftLanguages.contains(primary) ? .rightToLeft : .leftToRight
    }

    /// The direction of a text, as its first strongly directional letter says (the rule of HTML's
    /// `dir="auto"`); nil for a text without letters (digits, emoji, punctuation).
    public init?(text: String) {
        for scalar in text.unicodeScalars {
            if Self.isRightToLeft(scalar) {
                self = .rightToLeft
                return
            }
            if scalar.properties.isAlphabetic {
                self = .leftToRight
                return
            }
        }
        return nil
    }

    /// Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic and their presentation forms.
    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        default: return false
        }
    }
}
