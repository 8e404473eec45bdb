/// A Markdown file split at its front matter: the first line is exactly `---`, the YAML runs to the
/// next line that is exactly `---` (or `...`). Found line by line, never by splitting on `---`.
struct FrontMatter: Sendable, Equatable {
    /// The YAML text, or nil when the file has no front matter.
    var yaml: String?
    /// The file's line number of the YAML's first line.
    var yamlFirstLine: Int
    var body: String
    /// The file's line number of the body's first line.
    var bodyFirstLine: Int

    enum Failure: Error, Equatable {
        /// The opening `---` has no closing line.
        case unterminated
    }

    /// Works on the UTF-8 bytes: the text's line endings are `\n` only (`TextDecoding`), so a line
    /// ends at each 0x0A byte, exactly where `Character`s would split it.
    static func split(_ text: String) -> Result<FrontMatter, Failure> {
        let bytes = text.utf8
        let end = bytes.endIndex
        let firstEnd = bytes.firstIndex(of: 0x0A) ?? end
        guard isDelimiter(bytes[bytes.startIndex..<firstEnd], allowingDots: false) else {
            return .success(FrontMatter(yaml: nil, yamlFirstLine: 1, body: text, bodyFirstLine: 1))
        }
        guard firstEnd < end else { return .failure(.unterminated) }
        let yamlStart = bytes.index(after: firstEnd)
        var lineStart = yamlStart
        var line = 2
        while lineStart < end {
            let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? end
            if isDelimiter(bytes[lineStart..<lineEnd], allowingDots: true) {
                let yamlEnd = lineStart == yamlStart ? yamlStart : bytes.index(before: lineStart)
                let body = lineEnd == end ? "" : String(text[bytes.index(after: lineEnd)...])
                return .success(
                    FrontMatter(
                        yaml: String(text[yamlStart..<yamlEnd]), yamlFirstLine: 2, body: body, bodyFirstLine: line + 1))
            }
            guard lineEnd < end else { break }
            lineStart = bytes.index(after: lineEnd)
            line += 1
        }
        return .failure(.unterminated)
    }

    /// `---` (or `...` for a closing line), with trailing spaces and tabs.
    private static func isDelimiter(_ line: Substring.UTF8View, allowingDots: Bool) -> Bool {
        var line = line
        while let last = line.last, last == 0x20 || last == 0x09 { line.removeLast() }
        guard line.count == 3, let first = line.first else { return false }
        return line.allSatisfy { $0 == first } && (first == 0x2D || (allowingDots && first == 0x2E))
    }
}

extension Substring {
    var trimmingTrailingSpaces: Substring {
        var copy = self
        while let last = copy.last, last == " " || last == "\t" { copy.removeLast() }
        return copy
    }
}
