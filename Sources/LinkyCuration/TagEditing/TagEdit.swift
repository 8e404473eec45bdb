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
    /// A file could not be written; nothing was changed (`SiteTransaction` writes all or nothing).
    case writeFailed(path: String, reason: String)
}
