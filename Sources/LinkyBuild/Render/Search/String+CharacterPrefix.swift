extension String {
    /// `count > limit`, counting only as far as needed: `count` breaks a whole note into characters
    /// (most of the search index's time), this at most `limit + 1` of them.
    func hasMoreCharacters(than limit: Int) -> Bool { characterPrefix(ifLongerThan: limit) != nil }

    /// `prefix(limit)` when the string has more than `limit` characters, else nil.
    ///
    /// Breaking text into characters (grapheme clusters) is slow, and was still most of the time of
    /// cutting notes short. Most text is made of scalars that are each a character and never join
    /// their neighbours (see `standsAlone`), which are counted directly; the first other scalar met
    /// before the cut hands the work back to the standard library.
    func characterPrefix(ifLongerThan limit: Int) -> Substring? {
        guard utf8.count > limit else { return nil }
        // Scalars are read from the UTF-8 bytes (a Swift string's are valid): the scalar view's index
        // took most of the time of making the search index's entries.
        let counted: Counted? = utf8.withContiguousStorageIfAvailable { Self.count($0, upTo: limit) }
        switch counted {
        case .cut(let offset): return self[..<utf8.index(utf8.startIndex, offsetBy: offset)]
        case .whole: return nil
        case .joining, nil: break
        }
        guard let end = self.index(startIndex, offsetBy: limit, limitedBy: endIndex), end != endIndex else {
            return nil
        }
        return self[..<end]
    }

    private enum Counted {
        /// The first `limit` characters end at this byte offset.
        case cut(Int)
        /// There are no more than `limit` characters.
        case whole
        /// A scalar that may join a neighbour comes first: the standard library counts.
        case joining
    }

    /// Counts the scalars of `bytes` that stand alone, up to `limit` and the one after it.
    private static func count(_ bytes: UnsafeBufferPointer<UInt8>, upTo limit: Int) -> Counted {
        if limit < bytes.count, isPlainASCII(UnsafeBufferPointer(rebasing: bytes[...limit])) { return .cut(limit) }
        var offset = 0
        var counted = 0
        while offset < bytes.count {
            let lead = UInt32(bytes[offset])
            var scalar = lead
            var length = 1
            if lead >= 0xF0 {
                (scalar, length) = (lead & 0x07, 4)
            } else if lead >= 0xE0 {
                (scalar, length) = (lead & 0x0F, 3)
            } else if lead >= 0xC0 {
                (scalar, length) = (lead & 0x1F, 2)
            }
            for next in stride(from: offset + 1, to: offset + length, by: 1) {
                scalar = scalar << 6 | UInt32(bytes[next] & 0x3F)
            }
            // The scalar after the cut is looked at too: one that joined the last character would move it.
            guard standsAlone(scalar) else { return .joining }
            if counted == limit { return .cut(offset) }
            counted += 1
            offset += length
        }
        return .whole
    }

    /// Whether every byte is ASCII but the carriage return (each a character of its own), eight at a time:
    /// most notes begin so, and are cut at once.
    private static func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let (ones, highs): (UInt64, UInt64) = (0x0101_0101_0101_0101, 0x8080_8080_8080_8080)
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            let carriageReturns = word ^ (ones &* 0x0D)
            // A byte with its high bit set, or a zero byte in `carriageReturns` (a CR in `word`).
            if word & highs != 0 || (carriageReturns &- ones) & ~carriageReturns & highs != 0 { return false }
            offset += 8
        }
        return bytes[offset...].allSatisfy { $0 < 0x80 && $0 != 0x0D }
    }

    /// Whether a scalar is a character of its own whatever stands around it: no grapheme-cluster rule
    /// (UAX #29) joins it to a neighbour. ASCII but the carriage return (CR LF is one character), Latin
    /// up to the combining marks at U+0300, the general punctuation without its joiners and controls,
    /// the CJK ideographs and the precomposed Hangul syllables (which join only conjoining jamo).
    static func standsAlone(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x00..<0x0D, 0x0E..<0x0300: true
        case 0x2010...0x2027, 0x2030...0x205E: true
        case 0x4E00...0x9FFF: true
        case 0xAC00...0xD7A3: true
        default: false
        }
    }
}
