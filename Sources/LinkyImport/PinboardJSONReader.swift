import Foundation
import LinkyModel

/// Reads Pinboard's JSON export (Settings → Backup → JSON, or `/v1/posts/all?format=json`): an array
/// of `{"href", "description", "extended", "meta", "hash", "time", "shared", "toread", "tags"}`.
///
/// `description` is the title and `extended` the description (Pinboard's names are the other way
/// round); `time` gives the date; `shared: "no"` makes a draft; `toread: "yes"` keeps
/// `toread: "true"`; `tags` are separated by spaces. `meta` and `hash` are Pinboard's own and dropped.
public enum PinboardJSONReader {
    public static func read(_ data: Data, path: String) throws(ImportReadFailure) -> ImportedBookmarks {
        let parsed = try JSONBookmarkReader.parsed(
            data, path: path,
            hint: "use Pinboard's JSON export as it is downloaded, or pick the format with --from netscape|markdown")
        guard let posts = parsed as? [Any] else {
            throw .notInFormat(
                path: path, line: 1, message: "the JSON is not a list of bookmarks (Pinboard exports an array)",
                hint: "use Pinboard's JSON export as it is downloaded")
        }
        return read(posts: posts, data: data, path: path)
    }

    /// The bookmarks of an export already parsed: `posts` from `data`, whose lines locate them.
    static func read(posts: [Any], data: Data, path: String) -> ImportedBookmarks {
        let lines = Self.elementLines(in: data)
        var entries: [ImportedBookmarks.Entry] = []
        var problems: [Diagnostic] = []
        for (index, element) in posts.enumerated() {
            let line = index < lines.count ? lines[index] : nil
            guard let post = element as? [String: Any] else {
                problems.append(
                    .error(
                        .importMissingURL, at: SourceLocation(path: path, line: line),
                        "entry \(index + 1) is not a bookmark object, so it is skipped",
                        hint: "each entry should look like {\"href\": \"https://…\", \"description\": \"Title\", …}"))
                continue
            }
            func text(_ key: String) -> String? {
                switch post[key] {
                case let value as String: value
                case let value as NSNumber: value.stringValue
                default: nil
                }
            }
            func flag(_ key: String) -> Bool? {
                switch post[key] {
                case let value as String: ["yes", "true", "1"].contains(value.lowercased())
                case let value as Bool: value
                default: nil
                }
            }
            var extra: [ImportedBookmarks.Entry.Extra] = []
            if flag("toread") == true { extra.append(.init(key: "toread", value: "true")) }
            let tags = (text("tags") ?? "").split(whereSeparator: { $0.isWhitespace }).map(String.init)
            entries.append(
                ImportedBookmarks.Entry(
                    line: line, url: text("href").flatMap { $0.isEmpty ? nil : $0 },
                    title: (text("description") ?? "").collapsingWhitespace, tags: tags,
                    date: BookmarkTimestamp.day(
                        text("time"), field: "time", at: SourceLocation(path: path, line: line), problems: &problems),
                    description: text("extended").map(\.collapsingWhitespace).flatMap { $0.isEmpty ? nil : $0 },
                    draft: flag("shared") == false, extra: extra))
        }
        return ImportedBookmarks(entries: entries, problems: problems)
    }
}

// MARK: - Private

private extension PinboardJSONReader {
    /// The line each element of the top-level array starts on. JSONSerialization keeps no positions,
    /// so the bytes are scanned: strings skipped, brackets counted.
    static func elementLines(in data: Data) -> [Int] {
        var lines: [Int] = []
        var line = 1
        var depth = 0
        var inString = false
        var escaped = false
        var expectingElement = false
        for byte in data {
            if byte == UInt8(ascii: "\n") { line += 1 }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                if depth == 1 && expectingElement { lines.append(line) }
                depth += 1
                expectingElement = depth == 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                expectingElement = false
            case UInt8(ascii: ","):
                expectingElement = depth == 1
            default:
                if depth == 1 && expectingElement { lines.append(line) }
                if byte == UInt8(ascii: "\"") { inString = true }
                expectingElement = false
            }
        }
        return lines
    }
}
