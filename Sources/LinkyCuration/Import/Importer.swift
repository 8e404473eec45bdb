import Foundation
import LinkyBuild
import LinkyImport
import LinkyModel

/// What `linky-site import` is asked to do.
public struct ImportOptions: Sendable {
    public var siteFolder: URL
    /// The folder under the content folder to import into (`reading/imported`); nil for `imported`.
    public var category: String?
    /// Report what would be written, write nothing.
    public var dryRun = false

    public static let defaultCategory = "imported"

    public init(siteFolder: URL, category: String? = nil, dryRun: Bool = false) {
        self.siteFolder = siteFolder
        self.category = category
        self.dryRun = dryRun
    }
}

/// Turns what a reader found into link files in a site: checks every URL, skips what the site (or
/// the import itself) already has, and writes one file per new link with `LinkFileWriter` — each
/// file atomically, never over an existing one — in folders named after the import's folders.
public struct Importer: Sendable {
    public let options: ImportOptions

    /// Most tags one link may have (the build refuses more).
    static let maximumTags = 100

    public init(options: ImportOptions) {
        self.options = options
    }

    /// Reads `data` in `format` and imports it; `path` is how problems name the import file.
    public func run(_ data: Data, format: ImportFormat, path: String) async throws(ImportFailure) -> ImportReport {
        let categoryPath = try Self.categoryComponents(options.category ?? ImportOptions.defaultCategory)
        let site = await loadSite()
        let bookmarks: ImportedBookmarks
        do {
            bookmarks = try format.read(data, path: path, allowedSchemes: site.config.allowedSchemes)
        } catch {
            throw .unreadable(error)
        }
        return await write(bookmarks, path: path, into: categoryPath, site: site)
    }

    /// Imports entries already read (by a reader or by a test).
    public func run(_ bookmarks: ImportedBookmarks, path: String) async throws(ImportFailure) -> ImportReport {
        let categoryPath = try Self.categoryComponents(options.category ?? ImportOptions.defaultCategory)
        return await write(bookmarks, path: path, into: categoryPath, site: await loadSite())
    }
}

// MARK: - The site

extension Importer {
    /// What the import needs of the site: its settings and the URLs it already has.
    struct ExistingSite {
        var config: SiteConfig
        /// `comparisonKey` → where the link is (`links/reading/foo.md`, or a list file's line).
        var links: [String: SourceLocation]
        var errorCount: Int
        /// `metadata.json`: the title a page gave, for an entry without one (a plain list of addresses).
        var metadata = MetadataCache()
    }

    func loadSite() async -> ExistingSite {
        var build = BuildOptions(siteFolder: options.siteFolder)
        build.writeOutput = false
        build.includeDrafts = true
        let report = await SiteBuilder().build(build)
        var links: [String: SourceLocation] = [:]
        for link in report.site?.links ?? [] where links[link.url.comparisonKey] == nil {
            links[link.url.comparisonKey] = link.source
        }
        // A site without its content folder yet is one the import starts.
        let errors = report.diagnostics.filter { $0.severity == .error && $0.code != .missingContentFolder }
        var site = ExistingSite(config: report.site?.config ?? SiteConfig(), links: links, errorCount: errors.count)
        site.metadata = (try? MetadataCache.load(fromSiteFolder: options.siteFolder)) ?? MetadataCache()
        return site
    }

    /// `reading/imported` → `["reading", "imported"]`, refusing names the build would skip or that
    /// leave the content folder.
    static func categoryComponents(_ category: String) throws(ImportFailure) -> [String] {
        do {
            return try CategoryPath.components(category)
        } catch {
            throw .invalidCategory(category, reason: error.reason)
        }
    }
}

// MARK: - Checking and writing

extension Importer {
    /// An entry that passed every check, with where it goes.
    struct Accepted {
        var link: NewLink
        var line: Int?
        var folders: [String]
        /// Its place in the entries checked.
        var index = 0
    }

    func write(
        _ bookmarks: ImportedBookmarks, path: String, into categoryPath: [String], site: ExistingSite
    ) async -> ImportReport {
        let root = [site.config.contentDir] + categoryPath
        var report = ImportReport(folder: root.joined(separator: "/"))
        report.dryRun = options.dryRun
        report.siteErrorCount = site.errorCount
        for problem in bookmarks.problems {
            if problem.severity == .error { report.invalid.append(problem) } else { report.warnings.append(problem) }
        }
        let accepted = check(bookmarks.entries, path: path, site: site, into: &report)
        let folders = ImportFolderPlan(accepted.map(\.folders), descriptions: bookmarks.folders, root: root)

        // Every file is named first, then all are written in one transaction: a failure or a kill
        // leaves the site as it was (`SiteTransaction`), and running the import again starts afresh.
        var changes: [SiteTransaction.Change] = []
        for file in await newFiles(accepted, in: folders) {
            changes.append(.init(path: file.path, kind: .create, bytes: file.bytes))
            report.files.append(
                .init(path: file.path, line: file.entry.line, url: file.entry.link.url, title: file.entry.link.title))
        }
        changes += indexFiles(folders, used: accepted.map(\.folders), into: &report)
        if !options.dryRun {
            do {
                try SiteTransaction.commit(changes, in: options.siteFolder)
            } catch {
                report.writeFailure = Self.writeFailure(error)
                report.files = []
                report.indexFiles = []
            }
        }

        let used = Set(accepted.prefix(report.files.count).flatMap { $0.link.extra.map(\.key) })
        report.undeclaredExtraKeys = used.subtracting(site.config.extraKeys).sorted()
        return report
    }

    /// A new file for each accepted entry, in order: its folder's path, a name no file has (nor one named
    /// before it), and its text. The texts are made on every core: YAML through Yams is most of an
    /// import's own time (a third of the CPU of a 10,000-bookmark sync, measured with perf).
    func newFiles(
        _ accepted: [Accepted], in folders: ImportFolderPlan
    ) async -> [(entry: Accepted, path: String, bytes: [UInt8])] {
        let texts = await Self.texts(of: accepted.map(\.link))
        var taken: Set<String> = []
        return zip(accepted, texts).map { entry, bytes in
            let path = LinkFileWriter.availablePath(
                for: LinkFileWriter.fileName(for: entry.link), in: folders.relativePath(of: entry.folders),
                siteFolder: options.siteFolder, taken: &taken)
            return (entry, path, bytes)
        }
    }

    /// Each link's file text, on every core.
    static func texts(of links: [NewLink]) async -> [[UInt8]] {
        await ParallelChunks.map(links.count, minimum: 64, perCore: 4) { range in
            range.map { Array(LinkFileWriter.text(for: links[$0]).utf8) }
        }
    }

    /// An import's files could not be written (`LINKY194`): the transaction wrote none of them.
    static func writeFailure(_ error: SiteTransaction.Failure) -> Diagnostic {
        .error(
            .importWriteFailed, at: SourceLocation(path: error.path),
            "the import stopped, and nothing was written: \(error.reason)",
            hint: "\(error.hint), then run the import again")
    }

    /// Checks every entry in file order: a usable URL, not in the site, not earlier in the import.
    func check(
        _ entries: [ImportedBookmarks.Entry], path: String, site: ExistingSite, into report: inout ImportReport
    ) -> [Accepted] {
        var seen: [String: Int?] = [:]
        var accepted: [Accepted] = []
        for (index, entry) in entries.enumerated() {
            let location = SourceLocation(path: path, line: entry.line)
            let name = entry.title.isEmpty ? "" : " \"\(Self.shortened(entry.title, to: 60))\""
            guard let raw = entry.url else {
                report.invalid.append(
                    .error(
                        .importMissingURL, at: location, "the bookmark\(name) has no URL, so it is skipped",
                        hint: "a bookmark needs an http:// or https:// address"))
                continue
            }
            let url: LinkURL
            do {
                url = try LinkURL(parsing: raw, allowedSchemes: site.config.allowedSchemes)
            } catch {
                report.invalid.append(
                    .error(
                        .importInvalidURL, at: location,
                        "the bookmark\(name) has the address \"\(Self.shortened(raw, to: 80))\", which is not a usable URL (\(error.message)), so it is skipped",
                        hint: Self.hint(for: error, raw: raw)))
                continue
            }
            let key = url.comparisonKey
            if let existing = site.links[key] {
                // A link file is its path; a list file's item is its line.
                let place = (existing.line ?? 1) > 1 ? existing.description : existing.path
                report.duplicates.append(
                    .warning(
                        .importDuplicate, at: location, "\(url.displayString) is already in \(place), so it is skipped",
                        hint: "nothing to do; edit \(existing.path) to change the link"))
                continue
            }
            if let earlier = seen[key] {
                let whereEarlier = earlier.map { "on line \($0)" } ?? "earlier"
                report.duplicates.append(
                    .warning(
                        .importDuplicate, at: location,
                        "\(url.displayString) appears \(whereEarlier) of the import file, so it is skipped",
                        hint: "nothing to do: the first one is imported"))
                continue
            }
            seen[key] = entry.line
            var tags = Self.distinct(entry.tags)
            if tags.count > Self.maximumTags {
                report.warnings.append(
                    .warning(
                        .invalidTags, at: location,
                        "the bookmark has \(tags.count) tags; only the first \(Self.maximumTags) are imported",
                        hint: "linky-site allows at most \(Self.maximumTags) tags per link"))
                tags = Array(tags.prefix(Self.maximumTags))
            }
            // NFC, as the build reads it: an export made on macOS may be decomposed (NFD).
            let given = entry.title.collapsingWhitespace.nfc
            let title = given.isEmpty ? (site.metadata[url]?.title?.collapsingWhitespace.nfc ?? "") : given
            let link = NewLink(
                url: url, title: title.isEmpty ? url.fallbackTitle : title, tags: tags.map(\.nfc),
                date: entry.date, description: entry.description?.nfc, favorite: entry.favorite, draft: entry.draft,
                note: entry.note?.nfc,
                extra: entry.extra.map { (key: $0.key, value: $0.value.nfc) })
            accepted.append(Accepted(link: link, line: entry.line, folders: entry.folders.map(\.nfc), index: index))
        }
        return accepted
    }

    /// `_index.md` (title, description) for each imported folder that received links, unless it has one.
    func indexFiles(
        _ folders: ImportFolderPlan, used: [[String]], into report: inout ImportReport
    ) -> [SiteTransaction.Change] {
        var paths: Set<[String]> = []
        for folder in used where !folder.isEmpty {
            for length in 1...folder.count { paths.insert(Array(folder.prefix(length))) }
        }
        var changes: [SiteTransaction.Change] = []
        for names in paths.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            let relative = folders.relativePath(of: names) + "/" + CategoryIndexFile.name
            guard !FileManager.default.fileExists(atPath: options.siteFolder.appending(path: relative).path) else {
                continue
            }
            let text = CategoryIndexFile.text(title: names.last!, description: folders.description(of: names))
            changes.append(.init(path: relative, kind: .create, bytes: Array(text.utf8)))
            report.indexFiles.append(relative)
        }
        return changes
    }
}

// MARK: - Helpers

private extension Importer {
    /// Tags once each, whatever their case or Unicode form, spelled as first written.
    static func distinct(_ tags: [String]) -> [String] {
        var seen: Set<String> = []
        var result: [String] = []
        for tag in tags {
            let name = tag.collapsingWhitespace
            guard !name.isEmpty, seen.insert(name.foldedIdentity).inserted else { continue }
            result.append(name)
        }
        return result
    }

    static func shortened(_ text: String, to length: Int) -> String {
        text.count > length ? String(text.prefix(length - 1)) + "…" : text
    }

    static func hint(for error: LinkURLError, raw: String) -> String {
        let lowered = raw.lowercased()
        if lowered.hasPrefix("javascript:") { return "bookmarklets are scripts, not links; they cannot be imported" }
        if lowered.hasPrefix("place:") { return "Firefox smart bookmarks are saved searches, not links" }
        return error.hint
    }
}
