import LinkyImport
import LinkyModel

/// What an import did (or, with `dryRun`, would do).
public struct ImportReport: Sendable {
    /// A link file written.
    public struct File: Sendable, Equatable {
        /// Relative to the site folder: `links/imported/tools/swift-org.md`.
        public var path: String
        /// The entry's line in the import file.
        public var line: Int?
        public var url: LinkURL
        public var title: String
    }

    /// The folder imported into, relative to the site folder: `links/imported`.
    public var folder: String
    /// Link files, in the import file's order.
    public var files: [File] = []
    /// Category `_index.md` files written for imported folders (titles as the import named them).
    public var indexFiles: [String] = []
    /// Entries skipped because their URL is already in the site or earlier in the import (`LINKY192`).
    public var duplicates: [Diagnostic] = []
    /// Entries skipped because they have no usable URL (`LINKY190`, `LINKY191`).
    public var invalid: [Diagnostic] = []
    /// Entries imported with a change (more than 100 tags).
    public var warnings: [Diagnostic] = []
    /// The write that failed (`LINKY194`); the import stopped there, and the files before it are written.
    public var writeFailure: Diagnostic?
    /// Errors in the site's own files: links in those files could not be compared with the import.
    public var siteErrorCount = 0
    /// `extra` keys the new files use that linky.yml's `extra_keys` does not list (the build warns about them).
    public var undeclaredExtraKeys: [String] = []
    /// True when nothing was written.
    public var dryRun = false

    /// Every problem, in the import file's order.
    public var diagnostics: [Diagnostic] {
        (invalid + duplicates + warnings).sorted() + (writeFailure.map { [$0] } ?? [])
    }
}

/// Why an import could not start.
public enum ImportFailure: Error, Equatable {
    /// `--category` is not a usable folder name.
    case invalidCategory(String, reason: String)
    /// The import file is not in the format asked for.
    case unreadable(ImportReadFailure)
}
