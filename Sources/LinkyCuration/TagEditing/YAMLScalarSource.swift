import LinkyBuild
import Yams

/// Where one YAML scalar is written in a file, and how each byte of its value was spelled there, so
/// a part of the value can be replaced without touching anything around it.
///
/// Yams gives each node the line and column where it starts; the scalar's extent and its escapes are
/// read from the bytes here, and the result is trusted only when it decodes to exactly the value
/// Yams read. Plain, single-quoted and double-quoted scalars on one line are understood; anything
/// else (block scalars, scalars folded over several lines) is left alone.
struct YAMLScalarSource: Sendable, Equatable {
    enum Style: Sendable, Equatable {
        case plain, singleQuoted, doubleQuoted
    }

    var style: Style
    /// The whole scalar in the file, quotes included.
    var token: Range<Int>
    /// The value, as UTF-8.
    var value: [UInt8]
    /// For each byte of `value`, the file bytes it was read from (an escape such as `\u00e9` or `''`
    /// is the source of every byte it stands for).
    var sources: [Range<Int>]

    /// Reads the scalar that a node starting at `offset` holds (after any `&anchor` or `!tag`); nil
    /// unless it is a one-line plain or quoted scalar whose decoded text is exactly `expected`.
    static func read(
        _ bytes: [UInt8], at offset: Int, limit: Int, style: Node.Scalar.Style, expected: String
    ) -> YAMLScalarSource? {
        let index = skippingProperties(bytes, offset, limit)
        guard index < limit else { return nil }
        let result: YAMLScalarSource?
        switch style {
        case .plain: result = readPlain(bytes, at: index, limit: limit, expected: expected)
        case .singleQuoted: result = readSingleQuoted(bytes, at: index, limit: limit)
        case .doubleQuoted: result = readDoubleQuoted(bytes, at: index, limit: limit)
        default: result = nil
        }
        guard let result, result.value.elementsEqual(expected.utf8) else { return nil }
        return result
    }

    /// Where a node's content starts: after its `&anchor` and `!tag`, which a node's mark includes.
    static func skippingProperties(_ bytes: [UInt8], _ offset: Int, _ limit: Int) -> Int {
        var index = offset
        while index < limit, bytes[index] == UInt8(ascii: "&") || bytes[index] == UInt8(ascii: "!") {
            while index < limit, !isSpaceOrBreak(bytes[index]) { index += 1 }
            while index < limit, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        }
        return index
    }

    /// The file bytes that `valueRange` (bytes of `value`) was read from.
    func fileRange(of valueRange: Range<Int>) -> Range<Int> {
        guard !valueRange.isEmpty else {
            let at =
                valueRange.lowerBound < sources.count ? sources[valueRange.lowerBound].lowerBound : token.upperBound
            return at..<at
        }
        return sources[valueRange.lowerBound].lowerBound..<sources[valueRange.upperBound - 1].upperBound
    }

    /// `text` as it is written inside this scalar's quotes; nil when this is a plain scalar and
    /// `text` needs quoting.
    func written(_ text: String) -> String? {
        switch style {
        case .plain: Self.canBePlain(text) || text.isEmpty ? text : nil
        case .singleQuoted: text.replacingOccurrences(of: "'", with: "''")
        case .doubleQuoted: Self.escapedForDoubleQuotes(text)
        }
    }
}

// MARK: - Writing

extension YAMLScalarSource {
    /// Whether `text` reads back as itself when written as a plain scalar anywhere a tag name goes
    /// (a block or flow list item, a mapping key or value). Deliberately narrow: letters and digits
    /// of any script, `-`, `_`, `.`, `+`, `/` and single inner spaces, not read as a number, boolean or
    /// null; everything else is quoted.
    static func canBePlain(_ text: String) -> Bool {
        // `100`, `true`, `null`: YAML would read a number, a boolean or null, which the build refuses.
        guard YAMLCoreSchema.nonTextKind(ofPlain: text) == nil else { return false }
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        guard first.isASCII ? (first.properties.isAlphabetic || ("0"..."9").contains(first) || first == "_") : true,
            last != " "
        else { return false }
        var previousWasSpace = false
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                let allowed =
                    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                    || "-_.+/ ".unicodeScalars.contains(scalar)
                guard allowed, !(scalar == " " && previousWasSpace) else { return false }
                previousWasSpace = scalar == " "
                continue
            }
            previousWasSpace = false
            let value = scalar.value
            guard value >= 0xA0, value != 0xFEFF, value != 0x2028, value != 0x2029, !scalar.properties.isWhitespace
            else { return false }
        }
        return true
    }

    /// `text` as the inside of a double-quoted scalar.
    static func escapedForDoubleQuotes(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            default:
                let value = scalar.value
                if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
                    || value == 0xFEFF
                {
                    let hex = String(value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}

// MARK: - Reading

private extension YAMLScalarSource {
    static func isSpaceOrBreak(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// A line break inside a scalar: LF, CR, or one of the breaks YAML 1.1 adds (NEL, LS, PS).
    static func breakLength(_ bytes: [UInt8], _ index: Int, limit: Int) -> Int? {
        let byte = bytes[index]
        if byte == 0x0A || byte == 0x0D { return 1 }
        if byte == 0xC2, index + 1 < limit, bytes[index + 1] == 0x85 { return 2 }
        if byte == 0xE2, index + 2 < limit, bytes[index + 1] == 0x80,
            bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
        {
            return 3
        }
        return nil
    }

    static func readPlain(_ bytes: [UInt8], at index: Int, limit: Int, expected: String) -> YAMLScalarSource? {
        let count = expected.utf8.count
        guard index + count <= limit, bytes[index..<(index + count)].elementsEqual(expected.utf8) else { return nil }
        return YAMLScalarSource(
            style: .plain, token: index..<(index + count), value: Array(expected.utf8),
            sources: (index..<(index + count)).map { $0..<($0 + 1) })
    }

    static func readSingleQuoted(_ bytes: [UInt8], at start: Int, limit: Int) -> YAMLScalarSource? {
        guard bytes[start] == UInt8(ascii: "'") else { return nil }
        var value: [UInt8] = []
        var sources: [Range<Int>] = []
        var index = start + 1
        while index < limit {
            if bytes[index] == UInt8(ascii: "'") {
                guard index + 1 < limit, bytes[index + 1] == UInt8(ascii: "'") else {
                    return YAMLScalarSource(
                        style: .singleQuoted, token: start..<(index + 1), value: value, sources: sources)
                }
                value.append(UInt8(ascii: "'"))
                sources.append(index..<(index + 2))
                index += 2
                continue
            }
            guard breakLength(bytes, index, limit: limit) == nil else { return nil }
            value.append(bytes[index])
            sources.append(index..<(index + 1))
            index += 1
        }
        return nil
    }

    static func readDoubleQuoted(_ bytes: [UInt8], at start: Int, limit: Int) -> YAMLScalarSource? {
        guard bytes[start] == UInt8(ascii: "\"") else { return nil }
        var value: [UInt8] = []
        var sources: [Range<Int>] = []
        var index = start + 1
        while index < limit {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                return YAMLScalarSource(
                    style: .doubleQuoted, token: start..<(index + 1), value: value, sources: sources)
            }
            guard breakLength(bytes, index, limit: limit) == nil else { return nil }
            guard byte == UInt8(ascii: "\\") else {
                value.append(byte)
                sources.append(index..<(index + 1))
                index += 1
                continue
            }
            guard index + 1 < limit, let (scalar, length) = escape(bytes, at: index + 1, limit: limit) else {
                return nil
            }
            let range = index..<(index + 1 + length)
            for unit in String(Character(scalar)).utf8 {
                value.append(unit)
                sources.append(range)
            }
            index = range.upperBound
        }
        return nil
    }

    /// The character a double-quoted escape stands for (`index` is just after the backslash), and
    /// how many bytes follow the backslash.
    static func escape(_ bytes: [UInt8], at index: Int, limit: Int) -> (Unicode.Scalar, Int)? {
        let simple: [UInt8: UInt32] = [
            UInt8(ascii: "0"): 0, UInt8(ascii: "a"): 7, UInt8(ascii: "b"): 8, UInt8(ascii: "t"): 9, 0x09: 9,
            UInt8(ascii: "n"): 10, UInt8(ascii: "v"): 11, UInt8(ascii: "f"): 12, UInt8(ascii: "r"): 13,
            UInt8(ascii: "e"): 27, UInt8(ascii: " "): 32, UInt8(ascii: "\""): 34, UInt8(ascii: "/"): 47,
            UInt8(ascii: "\\"): 92, UInt8(ascii: "N"): 0x85, UInt8(ascii: "_"): 0xA0, UInt8(ascii: "L"): 0x2028,
            UInt8(ascii: "P"): 0x2029,
        ]
        let letter = bytes[index]
        if let value = simple[letter] { return Unicode.Scalar(value).map { ($0, 1) } }
        let digits: Int
        switch letter {
        case UInt8(ascii: "x"): digits = 2
        case UInt8(ascii: "u"): digits = 4
        case UInt8(ascii: "U"): digits = 8
        default: return nil
        }
        guard index + digits < limit,
            let value = UInt32(String(decoding: bytes[(index + 1)...(index + digits)], as: UTF8.self), radix: 16),
            let scalar = Unicode.Scalar(value)
        else { return nil }
        return (scalar, 1 + digits)
    }
}
