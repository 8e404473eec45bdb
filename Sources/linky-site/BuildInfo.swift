import CLinkyBuildInfo

/// What `linky-site --version` prints: the release version and the commit the binary was built from.
///
/// A build from source says `dev (commit unknown)`; `scripts/release` links in the real values.
enum BuildInfo {
    /// The release version ("1.4.0"), or "dev".
    static var version: String { String(cString: linky_build_version()) }

    /// The commit hash, or "unknown".
    static var commit: String { String(cString: linky_build_commit()) }

    /// The line `--version` prints, e.g. `linky-site 1.4.0 (commit 5f3c…)`.
    static var versionLine: String { "linky-site \(version) (commit \(commit))" }
}
