import Yams

/// Turns the line and column Yams gives a node into a byte offset of the file. libyaml ends lines
/// at LF, CRLF, CR and the YAML 1.1 breaks NEL, LS and PS, and counts columns in Unicode scalars.
struct YAMLPositions: Sendable {
    let bytes: [UInt8]
    let range: Range<Int>
    private let lineStarts: [Int]

    /// Positions in the YAML text that `range` of `bytes` holds.
    init(bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        self.range = range
        var starts = [range.lowerBound]
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            var length = 0
            if byte == 0x0D {
                length = index + 1 < range.upperBound && bytes[index + 1] == 0x0A ? 2 : 1
            } else if byte == 0x0A {
                length = 1
            } else if byte == 0xC2, index + 1 < range.upperBound, bytes[index + 1] == 0x85 {
                length = 2
            } else if byte == 0xE2, index + 2 < range.upperBound, bytes[index + 1] == 0x80,
                bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
            {
                length = 3
            }
            if length > 0 {
                index += length
                starts.append(index)
            } else {
                index += 1
            }
        }
        lineStarts = starts
    }

    /// The file offset of `mark`, or nil when it is outside the text.
    func offset(of mark: Mark?) -> Int? {
        guard let mark, mark.line >= 1, mark.line <= lineStarts.count, mark.column >= 1 else { return nil }
        var index = lineStarts[mark.line - 1]
        for _ in 1..<mark.column {
            guard index < range.upperBound else { return nil }
            let byte = bytes[index]
            index += byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
        }
        return min(index, range.upperBound)
    }
}
