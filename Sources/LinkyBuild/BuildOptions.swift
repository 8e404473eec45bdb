import Foundation
import LinkyModel

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
    /// Start from what the last build into this output left beside it (a `BuildCache`): unchanged
    /// files are not parsed again, unchanged pages not rendered again, and the state is left for the
    /// next build. Off (`--no-cache`), everything is made anew and nothing is left beside the output.
    public var reuseState = true
    /// The layers of incremental work in use; each can be turned off, to measure what it saves
    /// (`LINKY_CACHE_OFF=parses,pages,compare,parts,words`, see Benchmarks/README.md).
    public var cacheLayers = CacheLayers.fromEnvironment
    /// How large a file may grow before planning splits it (`SiteConfig.fileLimits`): the tests lower it.
    var limits = FileLimits()

    public init(siteFolder: URL, outputFolder: URL? = nil, baseURL: String? = nil) {
        self.siteFolder = siteFolder
        self.outputFolder = outputFolder
        self.baseURL = baseURL
    }
}

/// The layers of incremental work a build that writes can use. Each must show in Benchmarks/README.md
/// what it saves, measured with it off.
public struct CacheLayers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Unchanged content files are not read or parsed: their parses come from the last build.
    public static let parses = CacheLayers(rawValue: 1)
    /// Unchanged pages are not rendered: their fingerprints are the ones their files were written with.
    public static let pages = CacheLayers(rawValue: 2)
    /// A rendered file whose bytes the output already has is not written.
    public static let compare = CacheLayers(rawValue: 4)
    /// Each link's part of the files made from every link (`links.json`, the search index, the print
    /// page) is copied from the last build's file when it would be the same.
    public static let parts = CacheLayers(rawValue: 8)
    /// The search word table is patched from the last build's: only the changed links' words are found.
    public static let words = CacheLayers(rawValue: 16)

    public static let all: CacheLayers = [.parses, .pages, .compare, .parts, .words]

    /// Every layer but those `LINKY_CACHE_OFF` names (comma-separated).
    public static var fromEnvironment: CacheLayers {
        guard let off = ProcessInfo.processInfo.environment["LINKY_CACHE_OFF"] else { return .all }
        let names: [String: CacheLayers] = [
            "parses": .parses, "pages": .pages, "compare": .compare, "parts": .parts, "words": .words,
        ]
        var layers = CacheLayers.all
        for name in off.split(separator: ",") { layers.subtract(names[String(name)] ?? []) }
        return layers
    }
}
