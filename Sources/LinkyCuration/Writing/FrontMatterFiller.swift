import Foundation
import Yams

/// `fetch --write`: adds keys a link file lacks (`title`, `description`, `image`) as new lines at the
/// end of its front matter. Every existing byte stays; a key the file has, even empty, is left alone.
public enum FrontMatterFiller {
    /// The text with the missing keys added and their names, or nil when the file has all of them
    /// (or no front matter).
    public static func filling(
        _ text: String, with values: [(key: String, value: String)]
    ) -> (
        text: String, added: [String]
    )? {
        let newline = text.contains("\r\n") ? "\r\n" : "\n"
        var body = Substring(text)
        let bom = body.hasPrefix("\u{FEFF}")
        if bom { body = body.dropFirst() }
        var lines = body.components(separatedBy: newline)
        guard lines.first?.trimmingCharacters(in: .whitespaces) == "---" else { return nil }
        guard
            let close = lines.indices.dropFirst().first(where: {
                let line = lines[$0].trimmingCharacters(in: .whitespaces)
                return line == "---" || line == "..."
            })
        else { return nil }
        let present = Set(
            lines[1..<close].compactMap { line -> String? in
                guard let first = line.first, !first.isWhitespace, first != "#", let colon = line.firstIndex(of: ":")
                else { return nil }
                return line[..<colon].trimmingCharacters(in: .whitespaces).trimmingCharacters(
                    in: CharacterSet(charactersIn: "\"'"))
            })
        let added = values.filter { !present.contains($0.key) && !$0.value.isEmpty }
        guard !added.isEmpty else { return nil }
        let newLines = added.map { "\($0.key): \(scalar($0.value))" }
        lines.insert(contentsOf: newLines, at: close)
        return ((bom ? "\u{FEFF}" : "") + lines.joined(separator: newline), added.map(\.key))
    }

    /// One YAML scalar on one line, quoted when it has to be (Yams decides, as for new link files).
    static func scalar(_ value: String) -> String {
        let node = LinkFileWriter.stringNode(value.collapsingWhitespace)
        let yaml = FrontMatterYAML.serialize(node, what: "a string scalar")
        return yaml.trimmingCharacters(in: .newlines).replacingOccurrences(of: "\n...", with: "")
    }
}
