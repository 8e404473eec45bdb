import Foundation
import LinkyModel
import LinkyTheme

/// Everything load → parse → resolve → plan produced: where writing a build and serving a preview
/// both start.
struct PreparedBuild: Sendable {
    var report: BuildReport
    var siteFolder: URL
    var theme: Theme
    /// Nil when the content has errors.
    var site: Site?
    var plan: [PlannedFile]
    /// Files of `static/`, relative to it.
    var staticFiles: [String]
    /// Every content file as read, sorted by path, and what each parsed to (same order). A build that
    /// reused parses from its state has only the files it read, and clears both before rendering.
    var contentFiles: [SourceFile]
    var parsedFiles: [ParsedContent]
    /// Every diagnostic except the content files' own parse diagnostics.
    var otherDiagnostics: [Diagnostic]
    var metadata: MetadataCache
    /// What resolving the parsed files again needs (an incremental update that moves a link).
    var folders: [String] = []
    var tagDefinitions: [TagDefinition] = []
    /// What the resolve and plan stages reported: an update that changes them rebuilds everything.
    var shapeDiagnostics: [Diagnostic] = []
    /// For a build that writes: the last build's state and the start of this one's.
    var state: StateInProgress?
    /// For a build that writes: its lock on the output, let go when the build ends.
    var lock: OutputLock?
}
