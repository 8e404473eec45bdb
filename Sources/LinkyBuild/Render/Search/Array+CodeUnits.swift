extension [UInt16] {
    /// `self < other` as JavaScript compares strings: by UTF-16 code unit.
    static func codeUnitsPrecede(_ lhs: [UInt16], _ rhs: [UInt16]) -> Bool {
        lhs.lexicographicallyPrecedes(rhs)
    }

    func hasPrefix(_ prefix: [UInt16]) -> Bool {
        count >= prefix.count && self[0..<prefix.count].elementsEqual(prefix)
    }

    var string: String { String(decoding: self, as: UTF16.self) }
}
