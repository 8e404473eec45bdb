import Foundation
import LinkyModel

/// Every change a tag edit makes, computed in full before anything is written.
public struct TagEditPlan: Sendable {
    /// One file's new content.
    public struct FileChange: Sendable, Equatable {
        /// Relative to the site folder.
        public var path: String
        public var before: [UInt8]
        public var after: [UInt8]
        /// Links in the file whose tags change (0 for `tags.yml`).
        public var linksChanged: Int
        /// The file does not exist yet (a `tags.yml` made to keep a renamed tag's old address).
        public var creates = false
    }

    public var siteFolder: URL
    /// Sorted by path.
    public var changes: [FileChange]
    /// Things the user should know that are not errors (e.g. an entry left naming itself).
    public var notes: [String]

    public var linksChanged: Int { changes.reduce(0) { $0 + $1.linksChanged } }

    /// A unified diff of every change (`git diff` style, 3 lines of context); paths are shown as
    /// `a/` and `b/` + `pathPrefix` + the path in the site.
    public func unifiedDiff(pathPrefix: String = "") -> String {
        changes.map {
            UnifiedDiff.render(path: pathPrefix + $0.path, before: $0.before, after: $0.after, isNew: $0.creates)
        }
        .joined()
    }

    /// Writes every changed file, all or nothing, even if the process is killed (`SiteTransaction`).
    /// A file that no longer holds the bytes the plan was made from is not overwritten: nothing is.
    public func apply() throws(TagEditFailure) {
        var changed: [TagEditProblem] = []
        for change in changes {
            if change.creates {
                if FileManager.default.fileExists(atPath: siteFolder.appending(path: change.path).path) {
                    changed.append(
                        TagEditProblem(
                            location: SourceLocation(path: change.path),
                            message: "the file was made after linky-site looked for it, so it is not overwritten",
                            hint: "run the command again"))
                }
                continue
            }
            let current: Data
            do {
                current = try RegularFile.data(at: siteFolder.appending(path: change.path))
            } catch {
                throw .writeFailed(path: change.path, reason: error.systemReason)
            }
            if !current.elementsEqual(change.before) {
                changed.append(
                    TagEditProblem(
                        location: SourceLocation(path: change.path),
                        message: "the file changed after linky-site read it, so it is not overwritten",
                        hint: "run the command again"))
            }
        }
        guard changed.isEmpty else { throw .refused(changed) }
        do {
            try SiteTransaction.commit(
                changes.map {
                    SiteTransaction.Change(path: $0.path, kind: $0.creates ? .create : .replace, bytes: $0.after)
                }, in: siteFolder)
        } catch {
            throw .writeFailed(path: error.path, reason: error.reason)
        }
    }
}
