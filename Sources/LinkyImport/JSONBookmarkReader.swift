import Foundation
import LinkyModel

/// Reads a bookmark manager's JSON export, the manager known by the document's shape:
///
/// - **Pinboard**: an array of `{"href", …}` (`PinboardJSONReader`).
/// - **Omnivore** (`metadata_*.json` of its export): an array of `{"url", "title", "description",
///   "labels", "savedAt", "state", …}`; `labels` → tags, `state` other than `Archived` → `toread`.
/// - **Karakeep / Hoarder** (Settings → Import/Export → Export): `{"bookmarks": [{"createdAt"
///   (seconds), "title", "tags", "content": {"type": "link", "url", "title", "description"}, "note",
///   "archived", "favourited"}]}`; a bookmark that is not a link (a note, an image) is skipped.
/// - **Linkwarden** (Settings → Data → Export): `{"collections": [{"id", "name", "description",
///   "parentId", "links": [{"name", "url", "description", "tags": [{"name"}], "createdAt"}]}]}`;
///   collections (nested by `parentId`) → folders.
public enum JSONBookmarkReader {
    public static func read(_ data: Data, path: String) throws(ImportReadFailure) -> ImportedBookmarks {
        let parsed = try parsed(data, path: path, hint: "use the app's JSON export as it is downloaded")
        if let array = parsed as? [Any] {
            let objects = array.compactMap { $0 as? [String: Any] }
            if objects.contains(where: { $0["href"] != nil }) || objects.isEmpty {
                return PinboardJSONReader.read(posts: array, data: data, path: path)
            }
            return omnivore(objects, lines: lines(of: "\"url\"", in: data), path: path)
        }
        if let object = parsed as? [String: Any] {
            if let bookmarks = object["bookmarks"] as? [[String: Any]] {
                return karakeep(bookmarks, lines: lines(of: "\"content\"", in: data), path: path)
            }
            if let collections = object["collections"] as? [[String: Any]] {
                return linkwarden(collections, lines: lines(of: "\"url\"", in: data), path: path)
            }
        }
        throw .notInFormat(
            path: path, line: 1,
            message: "the JSON is none of the exports linky-site reads (Pinboard, Omnivore, Karakeep, Linkwarden)",
            hint: "use the app's JSON export as it is downloaded, or pick the format with --from")
    }

    static func omnivore(_ items: [[String: Any]], lines: [Int], path: String) -> ImportedBookmarks {
        var entries: [ImportedBookmarks.Entry] = []
        var problems: [Diagnostic] = []
        for (index, item) in items.enumerated() {
            let line = index < lines.count ? lines[index] : nil
            var entry = ImportedBookmarks.Entry(
                line: line, url: text(item["url"]), title: text(item["title"]) ?? "", tags: list(item["labels"]),
                date: date(item["savedAt"], field: "savedAt", at: SourceLocation(path: path, line: line), &problems),
                description: text(item["description"]))
            if let state = text(item["state"]), state != "Archived" {
                entry.extra.append(.init(key: "toread", value: "true"))
            }
            entries.append(entry)
        }
        return ImportedBookmarks(entries: entries, problems: problems)
    }

    static func karakeep(_ bookmarks: [[String: Any]], lines: [Int], path: String) -> ImportedBookmarks {
        var entries: [ImportedBookmarks.Entry] = []
        var problems: [Diagnostic] = []
        var line = 0
        for bookmark in bookmarks {
            guard let content = bookmark["content"] as? [String: Any] else { continue }
            defer { line += 1 }
            guard (content["type"] as? String ?? "link") == "link" else { continue }
            var entry = ImportedBookmarks.Entry(
                line: line < lines.count ? lines[line] : nil, url: text(content["url"]),
                title: text(bookmark["title"]) ?? text(content["title"]) ?? "", tags: list(bookmark["tags"]),
                description: text(content["description"]), note: text(bookmark["note"]))
            entry.date = date(
                bookmark["createdAt"], field: "createdAt", at: SourceLocation(path: path, line: entry.line), &problems)
            entry.favorite = bookmark["favourited"] as? Bool ?? false
            if bookmark["archived"] as? Bool == false { entry.extra.append(.init(key: "toread", value: "true")) }
            entries.append(entry)
        }
        return ImportedBookmarks(entries: entries, problems: problems)
    }

    static func linkwarden(_ collections: [[String: Any]], lines: [Int], path: String) -> ImportedBookmarks {
        let file = path
        var byID: [Int: [String: Any]] = [:]
        for collection in collections {
            if let id = (collection["id"] as? NSNumber)?.intValue { byID[id] = collection }
        }
        func folders(_ collection: [String: Any], depth: Int = 0) -> [String] {
            let name = text(collection["name"]).map { [$0] } ?? []
            guard depth < 32, let parent = (collection["parentId"] as? NSNumber)?.intValue, let above = byID[parent]
            else { return name }
            return folders(above, depth: depth + 1) + name
        }
        var entries: [ImportedBookmarks.Entry] = []
        var folderTexts: [ImportedBookmarks.Folder] = []
        var problems: [Diagnostic] = []
        var line = 0
        for collection in collections {
            let path = folders(collection).filter { $0 != "Unorganized" }
            if let description = text(collection["description"]), !path.isEmpty {
                folderTexts.append(.init(path: path, description: description))
            }
            for link in collection["links"] as? [[String: Any]] ?? [] {
                defer { line += 1 }
                let location = SourceLocation(path: file, line: line < lines.count ? lines[line] : nil)
                entries.append(
                    ImportedBookmarks.Entry(
                        line: location.line, folders: path, url: text(link["url"]),
                        title: text(link["name"]) ?? "",
                        tags: (link["tags"] as? [Any] ?? []).compactMap { text(($0 as? [String: Any])?["name"]) },
                        date: date(link["createdAt"], field: "createdAt", at: location, &problems),
                        description: text(link["description"])))
            }
        }
        return ImportedBookmarks(entries: entries, folders: folderTexts, problems: problems)
    }

    /// The document of a JSON export, or why it is not JSON (JSONSerialization's own reason).
    static func parsed(_ data: Data, path: String, hint: String) throws(ImportReadFailure) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let nsError = error as NSError
            let reason = (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
            throw .notInFormat(path: path, line: nil, message: "the file is not valid JSON (\(reason))", hint: hint)
        }
    }

    /// A date written as a number (Unix time) or as text, read by `BookmarkTimestamp`.
    static func date(
        _ value: Any?, field: String, at location: SourceLocation, _ problems: inout [Diagnostic]
    ) -> String? {
        let written = (value as? NSNumber).map(\.stringValue) ?? text(value)
        return BookmarkTimestamp.day(written, field: field, at: location, problems: &problems)
    }

    static func text(_ value: Any?) -> String? {
        guard let string = value as? String else { return nil }
        let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Tags as a list of names, or of `{"name": …}` objects.
    static func list(_ value: Any?) -> [String] {
        (value as? [Any] ?? []).compactMap { text($0) ?? text(($0 as? [String: Any])?["name"]) }
    }

    /// The lines where `key` occurs, in order: where each entry is (JSONSerialization keeps no
    /// positions). An entry has its key once; nested objects of other names do not count.
    static func lines(of key: String, in data: Data) -> [Int] {
        var lines: [Int] = []
        var line = 1
        let needle = Array(key.utf8)
        let bytes = [UInt8](data)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
            } else if bytes[index] == needle[0], index + needle.count <= bytes.count,
                Array(bytes[index..<index + needle.count]) == needle
            {
                lines.append(line)
                index += needle.count
                continue
            }
            index += 1
        }
        return lines
    }
}
