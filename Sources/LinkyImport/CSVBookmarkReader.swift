import CSV
import Foundation
import LinkyModel

/// Reads the CSV exports of read-it-later apps, parsed by CSV.swift, the app known by its header row:
///
/// - **Pocket** (`title,url,time_added,cursor,tags,status`): `tags` separated by `|`, `time_added` in
///   Unix seconds, `status` `unread` kept as `toread: "true"`.
/// - **Raindrop.io** (`id,title,note,excerpt,url,folder,tags,created,cover,highlights,favorite`):
///   `folder` (`Parent/Child`) a category, `tags` comma-separated, `excerpt` the description, `note`
///   and `highlights` the note, `favorite` kept.
/// - **Instapaper** (`URL,Title,Selection,Folder[,Timestamp][,Tags]`, the older export without
///   `Timestamp` too): `Folder` a category but for
///   `Unread` (kept as `toread`), `Archive` and `Starred` (a favourite); `Selection` the description;
///   `Tags` a JSON list or comma-separated.
/// - Anything else with a `url` column, `linky-site export --format csv`'s among them: `title`,
///   `description`, `category` (a path), `tags` (comma-separated), `date`, `favorite`, `note`.
///
/// Columns are matched by name, in any case and order; a row without a usable address is reported at
/// its line, and the rest are read.
public enum CSVBookmarkReader {
    enum Dialect: String {
        case pocket = "Pocket", raindrop = "Raindrop.io", instapaper = "Instapaper", plain = "CSV"
    }

    public static func read(_ data: Data, path: String) throws(ImportReadFailure) -> ImportedBookmarks {
        guard let text = String(data: data, encoding: .utf8) else {
            throw .notInFormat(
                path: path, line: nil, message: "the file is not UTF-8 text", hint: "save the CSV as UTF-8")
        }
        let reader: CSVReader
        do {
            reader = try CSVReader(
                string: text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text, hasHeaderRow: true)
        } catch {
            throw .notInFormat(
                path: path, line: 1, message: "the file is not CSV (\(error))",
                hint: "use the app's CSV export as it is downloaded")
        }
        let header = (reader.headerRow ?? []).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard header.contains("url") else {
            throw .notInFormat(
                path: path, line: 1,
                message: "the CSV has no `url` column (its header is \(header.joined(separator: ",")))",
                hint: "export from Pocket, Raindrop.io or Instapaper, or give the file a header row with `url`")
        }
        let dialect: Dialect =
            header.contains("time_added")
            ? .pocket
            : header.contains("excerpt") && header.contains("folder")
                ? .raindrop
                // Instapaper's older export has no `Timestamp`: `URL,Title,Selection,Folder`.
                : header.contains("selection") && header.contains("folder") ? .instapaper : .plain
        let column = Dictionary(header.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var entries: [ImportedBookmarks.Entry] = []
        var problems: [Diagnostic] = []
        // The line each row starts on: one for the header, then each row's own lines (a quoted field may
        // hold new lines).
        var line = 2 + (reader.headerRow ?? []).reduce(0) { $0 + $1.filter(\.isNewline).count }
        while let row = reader.next() {
            let rowLine = line
            line += 1 + row.reduce(0) { $0 + $1.filter(\.isNewline).count }
            func field(_ name: String) -> String? {
                guard let index = column[name], index < row.count else { return nil }
                let value = row[index].trimmingCharacters(in: .whitespacesAndNewlines)
                return value.isEmpty ? nil : value
            }
            if row.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
            entries.append(
                entry(field, dialect: dialect, at: SourceLocation(path: path, line: rowLine), problems: &problems))
        }
        if let error = reader.error {
            throw .notInFormat(
                path: path, line: line, message: "the CSV cannot be read past this line (\(error))",
                hint: "check the quotes of the row there")
        }
        return ImportedBookmarks(entries: entries, problems: problems)
    }

    static func entry(
        _ field: (String) -> String?, dialect: Dialect, at location: SourceLocation, problems: inout [Diagnostic]
    ) -> ImportedBookmarks.Entry {
        var entry = ImportedBookmarks.Entry(line: location.line, url: field("url"), title: field("title") ?? "")
        switch dialect {
        case .pocket:
            entry.tags = split(field("tags"), by: "|")
            entry.date = BookmarkTimestamp.day(
                field("time_added"), field: "time_added", at: location, problems: &problems)
            if field("status")?.lowercased() == "unread" { entry.extra.append(.init(key: "toread", value: "true")) }
        case .raindrop:
            entry.folders = (field("folder") ?? "").split(separator: "/").map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty && $0 != "Unsorted" }
            entry.tags = split(field("tags"), by: ",")
            entry.description = field("excerpt")
            // ISO 8601 in Raindrop's own export; Unix seconds in older ones and in its API's CSV.
            entry.date = BookmarkTimestamp.day(field("created"), field: "created", at: location, problems: &problems)
            entry.note =
                [field("note"), field("highlights").map(highlights)].compactMap { $0 }
                .joined(separator: "\n\n").nilIfEmpty
            entry.favorite = field("favorite").map(isTrue) ?? false
        case .instapaper:
            // Unread, Starred and Archive are states of Instapaper's, not folders of the user's.
            switch field("folder") {
            case let folder? where folder.lowercased() == "unread":
                entry.extra.append(.init(key: "toread", value: "true"))
            case let folder? where folder.lowercased() == "starred": entry.favorite = true
            case let folder? where folder.lowercased() == "archive": break
            case nil: break
            case let folder?: entry.folders = [folder]
            }
            entry.description = field("selection")
            entry.date = BookmarkTimestamp.day(
                field("timestamp"), field: "timestamp", at: location, problems: &problems)
            entry.tags = field("tags").map(jsonOrCommaList) ?? []
        case .plain:
            entry.description = field("description")
            entry.folders = (field("category") ?? field("folder") ?? "").split(separator: "/").map(String.init)
            entry.tags = split(field("tags"), by: ",")
            entry.date = BookmarkTimestamp.day(field("date"), field: "date", at: location, problems: &problems)
            entry.note = field("note")
            entry.favorite = field("favorite").map(isTrue) ?? false
        }
        return entry
    }

    static func split(_ text: String?, by separator: Character) -> [String] {
        (text ?? "").split(separator: separator).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    /// Instapaper's `Tags`: `["a","b"]`, or `a, b`.
    static func jsonOrCommaList(_ text: String) -> [String] {
        if text.hasPrefix("["), let list = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any] {
            return list.compactMap { ($0 as? String) ?? (($0 as? [String: Any])?["name"] as? String) }
        }
        return split(text, by: ",")
    }

    /// Raindrop's `highlights`: `Highlight:text` items, one a line, as a Markdown quote each.
    static func highlights(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map {
            var line = String($0)
            if line.hasPrefix("Highlight:") { line = String(line.dropFirst("Highlight:".count)) }
            return "> " + line.trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n>\n")
    }

    static func isTrue(_ text: String) -> Bool { ["true", "yes", "1"].contains(text.lowercased()) }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
