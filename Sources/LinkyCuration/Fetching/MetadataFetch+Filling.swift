import Foundation
import LinkyModel

// MARK: - Filling link files

extension MetadataFetch {
    /// Adds the title, description and image the fetched pages gave to the link files that lack
    /// them (`FrontMatterFiller`: every other byte kept). List files are not rewritten: their items
    /// are Markdown, not front matter.
    ///
    /// Every file is filled in one `SiteTransaction`: a kill leaves all of them as they were, or all
    /// filled; a failure changes none.
    ///
    /// - Returns: the files written, in page order then path order.
    public func fill(_ report: MetadataFetchReport) throws(Failure) -> [MetadataFetchReport.FilledFile] {
        var changes: [SiteTransaction.Change] = []
        var filled: [MetadataFetchReport.FilledFile] = []
        for (uses, entry) in report.known {
            let values = [("title", entry.title), ("description", entry.description), ("image", entry.image)]
                .compactMap { key, value in value.map { (key: key, value: $0) } }
            for path in Set(uses.map(\.path)).sorted() where !report.listFiles.contains(path) {
                let text: String
                do {
                    text = try RegularFile.text(at: options.siteFolder.appending(path: path))
                } catch {
                    throw .unreadableFile(path: path, reason: error.systemReason)
                }
                guard let filledText = FrontMatterFiller.filling(text, with: values) else { continue }
                changes.append(.init(path: path, kind: .replace, bytes: Array(filledText.text.utf8)))
                filled.append(.init(path: path, added: filledText.added))
            }
        }
        do {
            try SiteTransaction.commit(changes, in: options.siteFolder)
        } catch {
            throw .filesNotWritten(path: error.path, reason: error.reason)
        }
        return filled
    }
}
