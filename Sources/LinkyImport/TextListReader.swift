import Foundation
import LinkyModel

/// Reads a plain list of addresses, one a line (what `pbpaste > links.txt` or a shell history
/// gives): blank lines and lines starting with `#` are skipped, a line's first word is its address
/// and the rest, if any, its title. A link without a title takes the page's from `metadata.json`
/// when a fetch has read it, else one made from its address (`fetch --write` can fill it in later).
public enum TextListReader {
    public static func read(_ data: Data, path: String) throws(ImportReadFailure) -> ImportedBookmarks {
        guard let text = String(data: data, encoding: .utf8) else {
            throw .notInFormat(path: path, line: nil, message: "the file is not UTF-8 text", hint: "save it as UTF-8")
        }
        var entries: [ImportedBookmarks.Entry] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            let parts = trimmed.split(maxSplits: 1, whereSeparator: \.isWhitespace)
            entries.append(
                ImportedBookmarks.Entry(
                    line: index + 1, url: String(parts[0]),
                    title: parts.count > 1 ? String(parts[1]).collapsingWhitespace : ""))
        }
        return ImportedBookmarks(entries: entries)
    }
}
