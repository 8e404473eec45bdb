import LinkyModel

/// Where the name is inside a written tag value, byte for byte: the build trims white space, drops
/// a leading `#` and trims again (`Tag.cleanedName`), so `" #js "` is the name `js` at bytes 2..<4.
enum TagNameBytes {
    /// The piece without surrounding white space, and the name within it.
    static func ranges(in value: [UInt8], piece: Range<Int>) -> (trimmed: Range<Int>, name: Range<Int>) {
        let scalars = Array(String(decoding: value[piece], as: UTF8.self).unicodeScalars)
        var lower = 0
        var lowerOffset = piece.lowerBound
        func skip(_ test: (Unicode.Scalar) -> Bool) {
            while lower < scalars.count, test(scalars[lower]) {
                lowerOffset += UTF8.width(scalars[lower])
                lower += 1
            }
        }
        var upper = scalars.count
        var upperOffset = piece.upperBound
        while upper > lower, isWhitespace(scalars[upper - 1]) {
            upper -= 1
            upperOffset -= UTF8.width(scalars[upper])
        }
        skip(isWhitespace)
        let trimmedLower = lowerOffset
        skip { $0 == "#" }
        skip(isWhitespace)
        return (trimmedLower..<upperOffset, min(lowerOffset, upperOffset)..<upperOffset)
    }

    /// The names of a value the build reads as one tag (a list item, a key, a `parent:`).
    static func single(_ value: [UInt8]) -> (name: Range<Int>, written: WrittenTags.Name) {
        let (_, name) = ranges(in: value, piece: 0..<value.count)
        return (name, written(value, name: name, whole: 0..<value.count))
    }

    /// The pieces of a comma-separated value, split as the build splits it.
    static func pieces(_ value: [UInt8]) -> [(piece: WrittenTags.Piece, written: WrittenTags.Name)] {
        var result: [(WrittenTags.Piece, WrittenTags.Name)] = []
        var start = 0
        for index in 0...value.count where index == value.count || value[index] == UInt8(ascii: ",") {
            let (trimmed, name) = ranges(in: value, piece: start..<index)
            result.append((WrittenTags.Piece(trimmed: trimmed, name: name), written(value, name: name, whole: trimmed)))
            start = index + 1
        }
        return result
    }

    static func written(_ value: [UInt8], name: Range<Int>, whole: Range<Int>) -> WrittenTags.Name {
        WrittenTags.Name(
            spelling: String(decoding: value[name], as: UTF8.self),
            identity: Tag.identity(of: String(decoding: value[whole], as: UTF8.self)))
    }

    /// White space as `collapsingWhitespace` sees it.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }
}
