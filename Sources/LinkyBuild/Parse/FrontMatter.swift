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

    static func split(_ text: String) -> Result<FrontMatter, Failure> {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, first.trimmingTrailingSpaces == "---" else {
            return .success(FrontMatter(yaml: nil, yamlFirstLine: 1, body: text, bodyFirstLine: 1))
        }
        lines.removeFirst()
        guard
            let closing = lines.firstIndex(where: {
                $0.trimmingTrailingSpaces == "---" || $0.trimmingTrailingSpaces == "..."
            })
        else { return .failure(.unterminated) }
        let yaml = lines[..<closing].joined(separator: "\n")
        let body = lines[(closing + 1)...].joined(separator: "\n")
        return .success(FrontMatter(yaml: yaml, yamlFirstLine: 2, body: body, bodyFirstLine: closing + 3))
    }
}

extension Substring {
    var trimmingTrailingSpaces: Substring {
        var copy = self
        while let last = copy.last, last == " " || last == "\t" { copy.removeLast() }
        return copy
    }
}
