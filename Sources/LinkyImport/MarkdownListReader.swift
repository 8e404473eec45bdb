import Foundation
import LinkyBuild
import LinkyModel

/// Reads an awesome list (a Markdown file of `- [Title](https://…) - description #tag` items under
/// `##` headings) with the build's own list-file parser: each heading is a folder, nested as the
/// headings nest; an item's `#tags` are tags and the lines under it its note. The `# Title`, badges,
/// tables of contents and sections without links are left out.
public enum MarkdownListReader {
    public static func read(
        _ data: Data, path: String, allowedSchemes: Set<String> = ["http", "https"]
    ) throws(ImportReadFailure) -> ImportedBookmarks {
        let list = ListFile.read(data, path: path, allowedSchemes: allowedSchemes)
        // Not UTF-8, or nested past what the reader walks: nothing of it is read, and that is said.
        if let unreadable = list.diagnostics.first(where: { [.invalidEncoding, .nestedTooDeep].contains($0.code) }) {
            throw .notInFormat(
                path: path, line: unreadable.location?.line, message: unreadable.message,
                hint: unreadable.hint ?? "save the file as UTF-8")
        }
        if list.entries.isEmpty, !list.diagnostics.contains(where: { $0.code == .listItemInvalidURL }) {
            throw .notInFormat(
                path: path, line: nil, message: "the file has no list items with links",
                hint:
                    "an awesome list has items like `- [Title](https://…) - description`; for other files use --from netscape|pinboard"
            )
        }
        // A link file has no place for a list item's other links or its parent: they join its note, as
        // Markdown the build shows, so nothing of the list is lost.
        let entries = list.entries.map { item in
            var note = item.note.map { [$0] } ?? []
            if let parent = item.related {
                note.append("Related to [\(list.entries[parent].title)](\(list.entries[parent].url.absoluteString)).")
            }
            if !item.secondaryLinks.isEmpty {
                note.append(
                    item.secondaryLinks.map { "- [\($0.title)](\($0.url.absoluteString))" }.joined(separator: "\n"))
            }
            return ImportedBookmarks.Entry(
                line: item.line, folders: item.sections, url: item.url.absoluteString, title: item.title,
                tags: item.tags, description: item.description,
                note: note.isEmpty ? nil : note.joined(separator: "\n\n"))
        }
        // Broken items are the import's invalid entries; the parser's other remarks (a front-matter key
        // it does not know, a file without links) are about list files in a site, not about an import.
        let problems = list.diagnostics.compactMap { diagnostic -> Diagnostic? in
            switch diagnostic.code {
            case .listItemInvalidURL:
                .error(.importInvalidURL, at: diagnostic.location, diagnostic.message, hint: diagnostic.hint)
            case .invalidTags: diagnostic
            default: nil
            }
        }
        return ImportedBookmarks(entries: entries, problems: problems)
    }
}
