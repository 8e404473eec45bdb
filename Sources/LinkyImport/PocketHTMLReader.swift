import Foundation
import LinkyHTML
import LinkyModel

/// Reads Pocket's older HTML export (`ril_export.html`): `<h1>Unread</h1>` and `<h1>Read Archive</h1>`,
/// each over a `<ul>` of `<li><a href="…" time_added="…" tags="a,b">Title</a></li>`. Unread links keep
/// `toread: "true"`; `time_added` (Unix seconds) gives the day; `tags` are comma-separated.
public enum PocketHTMLReader {
    /// Whether `text` looks like Pocket's export rather than a Netscape bookmark file.
    static func recognises(_ text: String) -> Bool {
        text.contains("time_added=") && !text.localizedCaseInsensitiveContains("<DT>")
    }

    public static func read(_ bytes: [UInt8], path: String) throws(ImportReadFailure) -> ImportedBookmarks {
        let text = String(decoding: bytes, as: UTF8.self)
        let document = HTMLDocument.parse(text)
        // The line of each `<a` in the text, in order, as the anchors come in the document.
        var lines: [Int] = []
        var line = 1
        var rest = text[...]
        while let range = rest.range(of: "<a ", options: .caseInsensitive) {
            line += rest[..<range.lowerBound].filter(\.isNewline).count
            lines.append(line)
            rest = rest[range.upperBound...]
        }
        var entries: [ImportedBookmarks.Entry] = []
        var problems: [Diagnostic] = []
        var unread = false
        var anchor = 0
        func walk(_ node: HTMLNode) {
            switch node.name?.lowercased() {
            case "h1":
                unread = node.textContent.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() == "unread"
            case "a":
                let line = anchor < lines.count ? lines[anchor] : nil
                var entry = ImportedBookmarks.Entry(
                    line: line,
                    url: node.attribute("href").flatMap { $0.isEmpty ? nil : $0 },
                    title: node.textContent.collapsingWhitespace,
                    tags: CSVBookmarkReader.split(node.attribute("tags"), by: ","),
                    date: BookmarkTimestamp.day(
                        node.attribute("time_added"), field: "time_added", at: SourceLocation(path: path, line: line),
                        problems: &problems))
                if unread { entry.extra.append(.init(key: "toread", value: "true")) }
                entries.append(entry)
                anchor += 1
                return
            default: break
            }
            for child in node.children { walk(child) }
        }
        walk(document)
        guard !entries.isEmpty else {
            throw .notInFormat(
                path: path, line: nil, message: "the file has no links (<a href>) of a Pocket export",
                hint: "use Pocket's export as it is downloaded")
        }
        return ImportedBookmarks(entries: entries, problems: problems)
    }
}
