/// A file's bytes exactly as written, with the lines and the front matter the build finds in them.
///
/// The build reads a decoded copy (no BOM, `\n` line endings, NFC); an edit in place needs the
/// original bytes, so the same structure is found again here, on the bytes: lines end at LF, CRLF
/// or CR (as `TextDecoding` normalises them), and the front matter runs from a first line that is
/// exactly `---` to the next line that is exactly `---` or `...` (trailing spaces and tabs allowed),
/// as `FrontMatter.split` finds it.
struct SourceBytes: Sendable {
    /// The front matter's YAML and the body, as byte ranges of the file.
    struct Parts: Sendable {
        /// The YAML lines (their line endings included), or nil when the file has no front matter.
        var yaml: Range<Int>?
        var body: Range<Int>
        /// The file line of the body's first line.
        var bodyFirstLine: Int
    }

    let path: String
    let bytes: [UInt8]
    /// 3 after a UTF-8 BOM, else 0.
    let start: Int
    /// Line n (1-based) is `lines[n - 1]`: its bytes without the line ending.
    let lines: [Range<Int>]

    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var lines: [Range<Int>] = []
        var lineStart = start
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A:
                lines.append(lineStart..<index)
                index += 1
                lineStart = index
            case 0x0D:
                lines.append(lineStart..<index)
                index += index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
                lineStart = index
            default:
                index += 1
            }
        }
        lines.append(lineStart..<bytes.count)
        self.lines = lines
    }

    /// Where line `number` starts, or the end of the file past the last line.
    func lineStart(_ number: Int) -> Int {
        number - 1 < lines.count ? lines[number - 1].lowerBound : bytes.count
    }

    /// The 1-based line that holds byte `offset`.
    func line(of offset: Int) -> Int {
        var low = 0
        var high = lines.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lines[middle].lowerBound <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The front matter and body; nil when the opening `---` is never closed.
    func parts() -> Parts? {
        guard isDelimiter(lines[0], "---") else {
            return Parts(yaml: nil, body: start..<bytes.count, bodyFirstLine: 1)
        }
        for index in lines.indices.dropFirst()
        where isDelimiter(lines[index], "---") || isDelimiter(lines[index], "...") {
            let bodyStart = index + 1 < lines.count ? lines[index + 1].lowerBound : bytes.count
            return Parts(
                yaml: lineStart(2)..<lines[index].lowerBound, body: bodyStart..<bytes.count, bodyFirstLine: index + 2)
        }
        return nil
    }
}

// MARK: - Helpers

private extension SourceBytes {
    func isDelimiter(_ line: Range<Int>, _ marker: String) -> Bool {
        var end = line.upperBound
        while end > line.lowerBound, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return bytes[line.lowerBound..<end].elementsEqual(marker.utf8)
    }
}
