import Foundation
import LinkyModel
import LinkyTheme

/// Everything load → parse → resolve → plan produced (`SiteBuilder.prepare`): where rendering into
/// memory starts (`serve`'s preview).
struct PreparedBuild: Sendable {
    var report: BuildReport
    var siteFolder: URL
    var theme: Theme
    /// Nil when the content has errors.
    var site: Site?
    var plan: [PlannedFile]
    /// Files of `static/`, relative to it.
    var staticFiles: [String]
    /// Every content file as loaded, sorted by path, and what each parsed to (same order).
    var sources: [SiteLoader.ContentSource]
    var parses: [ParsedContent]
    /// What git history said (`dates_from_history`), for the next preparation to start from.
    var history: HistoryDates?
}
