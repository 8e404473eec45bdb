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
        let scalars = unicodeScalars
        var index = scalars.startIndex
        var counted = 0
        // The scalar after the cut is looked at too: one that joined the last character would move it.
        while index != scalars.endIndex, Self.standsAlone(scalars[index].value) {
            if counted == limit { return self[..<index] }
            counted += 1
            scalars.formIndex(after: &index)
        }
        if index == scalars.endIndex { return nil }
        guard let end = self.index(startIndex, offsetBy: limit, limitedBy: endIndex), end != endIndex else {
            return nil
        }
        return self[..<end]
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
