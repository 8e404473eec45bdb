import Foundation

extension String {
    /// The text in Unicode Normalization Form C: files saved on macOS are often NFD,
    /// and 맛집 typed two ways must be one tag.
    public var nfc: String {
        isCertainlyNFC ? self : precomposedStringWithCanonicalMapping
    }

    /// The identity of a name that people type in different cases and forms: NFC, then case-folded.
    public var foldedIdentity: String {
        if utf8.allSatisfy({ $0 < 0x80 }) { return lowercased() }
        return nfc.folding(options: [.caseInsensitive, .widthInsensitive], locale: nil).nfc
    }

    /// A quick check that normalising to NFC cannot change the text, so the (slow) Foundation
    /// normalisation runs only when it might: no combining marks, no conjoining Hangul jamo, and
    /// none of the few characters NFC replaces on their own. When in doubt, it answers false.
    var isCertainlyNFC: Bool {
        if utf8.allSatisfy({ $0 < 0x80 }) { return true }
        for scalar in unicodeScalars where scalar.value >= 0x300 {
            let value = scalar.value
            // Precomposed Hangul syllables are NFC as they are (and most of a Korean text).
            if value >= 0xAC00, value <= 0xD7A3 { continue }
            if scalar.properties.canonicalCombiningClass != .notReordered { return false }
            switch value {
            case 0x0340...0x0344, 0x0374, 0x037E, 0x0387, 0x0958...0x095F, 0x09DC...0x09DF, 0x0A33, 0x0A36,
                0x0A59...0x0A5E, 0x0B5C...0x0B5D, 0x0F43...0x0FB9, 0x1160...0x11FF, 0x1F71...0x1FFD,
                0x2000...0x2001, 0x2126, 0x212A...0x212B, 0x2329...0x232A, 0x2ADC, 0xD7B0...0xD7FF,
                0xF900...0xFAFF, 0xFB1D...0xFB4E, 0x1D15E...0x1D1C0, 0x2F800...0x2FA1D:
                return false
            default:
                // Marks with combining class 0 (many Indic vowel signs) can still compose.
                switch scalar.properties.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark: return false
                default: continue
                }
            }
        }
        return true
    }

    /// Collapses every run of white space into one space and trims the ends.
    public var collapsingWhitespace: String {
        if isCollapsed { return self }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var pendingSpace = false
        for scalar in unicodeScalars {
            if scalar.isWhitespaceForCollapsing {
                pendingSpace = !bytes.isEmpty
                continue
            }
            if pendingSpace {
                bytes.append(0x20)
                pendingSpace = false
            }
            if scalar.isASCII {
                bytes.append(UInt8(truncatingIfNeeded: scalar.value))
            } else {
                bytes.append(contentsOf: UTF8.encode(scalar)!)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension String {
    /// Whether `collapsingWhitespace` would give the string back as it is: no white space at either
    /// end, and none inside but single spaces. Most titles and descriptions are, and this scan of
    /// their bytes costs less than copying them scalar by scalar.
    var isCollapsed: Bool {
        utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard let first = bytes.first, let last = bytes.last else { return true }
            if first == 0x20 || last == 0x20 { return false }
            let count = bytes.count
            var previousSpace = false
            var index = 0
            while index < count {
                let byte = bytes[index]
                let second = index + 1 < count ? bytes[index + 1] : 0
                let third = index + 2 < count ? bytes[index + 2] : 0
                switch byte {
                case 0x20:
                    if previousSpace { return false }
                    previousSpace = true
                    index += 1
                    continue
                case 0x09...0x0D: return false
                // The other white space, in UTF-8: U+0085 and U+00A0; U+1680; U+2000–U+200A, U+2028,
                // U+2029, U+202F and U+205F; U+3000.
                case 0xC2 where second == 0x85 || second == 0xA0: return false
                case 0xE1 where second == 0x9A && third == 0x80: return false
                case 0xE2 where second == 0x80 && (0x80...0x8A).contains(third): return false
                case 0xE2 where second == 0x80 && (third == 0xA8 || third == 0xA9 || third == 0xAF): return false
                case 0xE2 where second == 0x81 && third == 0x9F: return false
                case 0xE3 where second == 0x80 && third == 0x80: return false
                default: break
                }
                previousSpace = false
                index += 1
            }
            return true
        } ?? false
    }
}

extension Unicode.Scalar {
    /// White space, by value (the Unicode property lookup is slow in bulk).
    var isWhitespaceForCollapsing: Bool {
        switch value {
        // Unicode's White_Space property, which has not changed since Unicode 6.3.
        case 0x20, 0x09...0x0D, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}

extension String {
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` without the trip through NSString, which
    /// was 3.6% of a 100,000-link build (every link file's body is trimmed).
    public func trimmingWhitespaceAndNewlines() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !Self.isWhitespaceOrNewline($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !Self.isWhitespaceOrNewline($0) })!
        if first == scalars.startIndex, last == scalars.index(before: scalars.endIndex) { return self }
        return String(scalars[first...last])
    }

    /// Foundation's `.whitespacesAndNewlines`, listed (the test compares them on every BMP scalar).
    static func isWhitespaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}
