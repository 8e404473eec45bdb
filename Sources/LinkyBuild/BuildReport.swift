import Foundation
import LinkyModel

/// What a build did.
public struct BuildReport: Sendable {
    public enum Outcome: Sendable, Equatable {
        /// The output was written (or, for a check, would have been).
        case success
        /// Content problems (or warnings under `--strict`): nothing was written.
        case contentErrors
        /// The output could not be written (or was refused, or another build is writing it);
        /// `outputLeft` says what is there.
        case outputFailed
        /// A program the build was asked to use (WeasyPrint for `--pdf`) is not installed.
        case toolMissing
    }

    public var outcome: Outcome
    /// Every problem found, sorted by file and line.
    public var diagnostics: [Diagnostic]
    public var outputFolder: URL
    public var linkCount = 0
    public var fileCount = 0
    /// What writing did: a rebuild into an existing output writes only the files whose bytes changed.
    public var filesWritten = 0
    public var filesUnchanged = 0
    public var filesRemoved = 0
    /// The output's files, bytes and largest file, after a build that wrote it.
    public var output: OutputMeasure?
    /// Content files parsed; the others' parses came from the last build's state (`BuildState`).
    public var filesParsed = 0
    /// Planned files not rendered, because the last build wrote them as this one would.
    public var filesSkipped = 0
    /// Whether an existing output was updated in place (rather than written anew and swapped in).
    public var updatedInPlace = false
    /// Whether the build first finished an update of the output that a killed build had committed.
    public var finishedInterruptedUpdate = false
    /// What a failed build left where its output goes; nil after a success, and for a build that did
    /// not write (`check`) or was refused because another build is writing the output.
    public var outputLeft: OutputLeft?
    public var site: Site?
    /// `tags.yml` entries that no link uses (directly or as a parent), in file order.
    public var unusedTagDefinitions: [(name: String, location: SourceLocation)] = []
    /// Link files with a URL but no title, in the files or the metadata cache (`fetch` fills them).
    public var untitledLinks: [(url: LinkURL, location: SourceLocation)] = []
    /// What the build worked with besides the site: every file's parse and the last build's state.
    /// It goes when the report goes; a caller that ends the process right after the build leaves both
    /// unfreed (`linky-site build` does), since freeing a large site's parses one by one is work done
    /// for nothing.
    var workingSet: (any Sendable)?
}

extension BuildReport {
    /// What a failed build left where its output goes.
    public enum OutputLeft: Sendable, Equatable {
        /// There is no output, and the build left nothing beside it either.
        case nothing
        /// The previous output is as it was.
        case previousOutput
        /// An update stopped part-way and could not be undone (the output is not writable, say): the
        /// next build finishes or undoes it before anything else.
        case unfinishedUpdate

        /// Says it in a few words, for the end of a message.
        public var phrase: String {
            switch self {
            case .nothing: "nothing was written"
            case .previousOutput: "the previous output is unchanged"
            case .unfinishedUpdate: "the output is partly updated, and the next build finishes or undoes the update"
            }
        }
    }
}
