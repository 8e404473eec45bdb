import Foundation

/// What a build is asked to do.
public struct BuildOptions: Sendable {
    public var siteFolder: URL
    /// Where to write; nil means the config's `output_dir` inside the site folder.
    public var outputFolder: URL?
    /// Overrides `base_url` from linky.yml.
    public var baseURL: String?
    public var includeDrafts = false
    /// Warnings fail the build (and so leave the output untouched).
    public var strict = false
    /// False for `check`: everything but writing.
    public var writeOutput = true
    /// Warn about a missing `base_url` even when not writing, as `check` does so that it reports
    /// exactly what `build` would (commands that only read the site leave it off).
    public var reportMissingBaseURL = false
    /// Also write `print.pdf` with WeasyPrint.
    public var pdf = false
    /// Start from what the last build into this output left beside it (`BuildState`): unchanged files
    /// are not parsed again, unchanged pages not rendered again. Off, everything is made anew (the
    /// state is still written for the next build).
    public var reuseState = true

    public init(siteFolder: URL, outputFolder: URL? = nil, baseURL: String? = nil) {
        self.siteFolder = siteFolder
        self.outputFolder = outputFolder
        self.baseURL = baseURL
    }
}
