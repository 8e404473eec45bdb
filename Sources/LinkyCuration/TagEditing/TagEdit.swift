import Foundation
import LinkyModel

/// What `tags rename` and `tags merge` are asked to do.
public enum TagEdit: Sendable, Equatable {
    /// Every spelling of `old` (any case or Unicode form) becomes `new`, in link files, list files and
    /// `tags.yml` (its entry's key, and `parent:` values that name it).
    case rename(String, to: String)
    /// Every spelling of each source tag becomes `target`; a link that would then carry `target`
    /// twice keeps one.
    case merge([String], into: String)
}

/// Why a tag edit was refused, where, and what to do about it.
public struct TagEditProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file and line, when the problem is in one.
    public var location: SourceLocation?
    /// What is wrong, one sentence without a final period.
    public var message: String
    /// What to do about it.
    public var hint: String?

    public init(location: SourceLocation? = nil, message: String, hint: String? = nil) {
        self.location = location
        self.message = message
        self.hint = hint
    }

    public var description: String {
        (location.map { "\($0): " } ?? "") + "error: \(message)" + (hint.map { "\n  hint: \($0)" } ?? "")
    }
}

/// Why nothing was changed.
public enum TagEditFailure: Error, Sendable, Equatable {
    /// The site has content errors (the diagnostics, errors only): tags are edited only in a site that builds.
    case siteHasErrors([Diagnostic])
    /// The request itself is unusable (an empty name, say): a usage error.
    case invalidRequest(TagEditProblem)
    /// The request cannot be carried out on this site: every reason found, in file order.
    case refused([TagEditProblem])
    /// A file could not be written; `written` lists the files already replaced (empty unless the
    /// failure came while moving the finished files into place).
    case writeFailed(path: String, reason: String, written: [String])
}

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
        changes.map { UnifiedDiff.render(path: pathPrefix + $0.path, before: $0.before, after: $0.after) }
            .joined()
    }

    /// Writes every changed file: each is first written in full to a temporary file beside it and
    /// flushed to disk, and only when all of them are ready are they renamed over the originals.
    /// A file that no longer holds the bytes the plan was made from is not overwritten: nothing is.
    public func apply() throws(TagEditFailure) {
        var changed: [TagEditProblem] = []
        for change in changes {
            let current: Data
            do {
                current = try Data(contentsOf: siteFolder.appending(path: change.path))
            } catch {
                throw .writeFailed(path: change.path, reason: error.localizedDescription, written: [])
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
        try AtomicFileWriter.replace(changes.map { (siteFolder.appending(path: $0.path), $0.path, $0.after) })
    }
}
