import Foundation
import LinkyImport
import LinkyModel
import LinkyNetwork

/// What `linky-site import --from SERVICE` is asked to do with what it fetched.
public struct SyncOptions: Sendable {
    public var siteFolder: URL
    /// The folder under the content folder new files go to (`reading/linkding`); nil for `imported`.
    public var category: String?
    /// Delete the files of bookmarks gone from the source (unless edited here).
    public var prune = false
    public var dryRun = false
    /// When the run ended, for `sync.json`'s `synced`.
    public var now = Date()

    public init(siteFolder: URL, category: String? = nil, prune: Bool = false, dryRun: Bool = false) {
        self.siteFolder = siteFolder
        self.category = category
        self.prune = prune
        self.dryRun = dryRun
    }
}

/// The account a sync reads: it names the source's entry in `sync.json`.
public struct SyncSource: Sendable, Equatable {
    public var service: BookmarkService
    /// The API's address, without user or password.
    public var url: String
    public var user: String?
    public var tag: String?

    public init(service: BookmarkService, url: String, user: String? = nil, tag: String? = nil) {
        self.service = service
        var parts = URLComponents(string: url)
        parts?.user = nil
        parts?.password = nil
        var address = parts?.string ?? url
        while address.hasSuffix("/") { address.removeLast() }
        self.url = address
        self.user = user
        self.tag = tag
    }

    public var key: String { SyncRecord.key(service: service.rawValue, url: url, user: user, tag: tag) }
    /// The source for people: `linkding (links.example.org)`.
    public var name: String {
        let host = URLComponents(string: url)?.host ?? url
        return "\(service.name) (\(host)\(user.map { ", @\($0)" } ?? ""))"
    }

    /// How diagnostics locate a bookmark of the source: `--from linkding (links.example.org)`.
    public var label: String {
        let host = URLComponents(string: url)?.host ?? url
        return "--from \(service.rawValue) (\(host)\(user.map { ", @\($0)" } ?? ""))"
    }
}

/// What a sync did (or, with `dryRun`, would do).
public struct SyncReport: Sendable {
    public var source: SyncSource
    /// Where new files went, relative to the site folder: `links/imported`.
    public var folder: String
    /// Bookmarks read from the service (after `--tag`), and requests it took.
    public var fetched = 0
    public var requests = 0
    public var added: [ImportReport.File] = []
    public var updated: [ImportReport.File] = []
    /// Files deleted by `--prune`.
    public var pruned: [String] = []
    public var indexFiles: [String] = []
    /// Files already as the source has them, or edited here while the source did not change.
    public var kept = 0
    /// Files the curator deleted: those bookmarks are not imported again.
    public var deletedHere = 0
    /// Changed at the source and edited here: not overwritten (`LINKY195`).
    public var editedHere: [Diagnostic] = []
    /// Gone from the source (`LINKY196`).
    public var gone: [Diagnostic] = []
    public var duplicates: [Diagnostic] = []
    public var invalid: [Diagnostic] = []
    public var warnings: [Diagnostic] = []
    /// The fetch stopped early (`LINKY197`): nothing was taken for gone.
    public var stoppedEarly: Diagnostic?
    /// The service said nothing changed since the last sync (Pinboard's `posts/update`): nothing was read.
    public var unchanged = false
    public var writeFailure: Diagnostic?
    public var siteErrorCount = 0
    public var undeclaredExtraKeys: [String] = []
    public var dryRun = false

    /// Every problem: skipped entries, then the sync's own findings.
    public var diagnostics: [Diagnostic] {
        (invalid + duplicates + warnings).sorted() + editedHere + gone + (stoppedEarly.map { [$0] } ?? [])
            + (writeFailure.map { [$0] } ?? [])
    }
}

/// Why a sync could not start.
public enum SyncFailure: Error, Equatable {
    case invalidCategory(String, reason: String)
    case record(SyncRecordFailure)
}

/// Turns a service's bookmarks into link files, again and again: new bookmarks are imported as
/// `import FILE` imports them (checked, duplicates of the site skipped, folders from collections), a
/// bookmark the source changed rewrites the file the sync wrote — unless the curator edited that file
/// since — and a bookmark gone from the source is reported, or with `prune` its file deleted. Every
/// file and `sync.json` change together, in one `SiteTransaction`.
public struct ServiceSync: Sendable {
    public let options: SyncOptions

    public init(options: SyncOptions) {
        self.options = options
    }

    public func run(_ fetch: ServiceFetch, from source: SyncSource) async throws(SyncFailure) -> SyncReport {
        let categoryPath: [String]
        do {
            categoryPath = try Importer.categoryComponents(options.category ?? ImportOptions.defaultCategory)
        } catch {
            guard case .invalidCategory(let name, let reason) = error else { preconditionFailure("only a category") }
            throw .invalidCategory(name, reason: reason)
        }
        var record: SyncRecord
        do {
            record = try SyncRecord.load(from: options.siteFolder)
        } catch {
            throw .record(error)
        }
        let importer = Importer(
            options: ImportOptions(siteFolder: options.siteFolder, category: options.category, dryRun: options.dryRun))
        let site = await importer.loadSite()
        let root = [site.config.contentDir] + categoryPath
        var report = SyncReport(source: source, folder: root.joined(separator: "/"))
        report.dryRun = options.dryRun
        report.siteErrorCount = site.errorCount
        report.fetched = fetch.bookmarks.count
        report.requests = fetch.requests

        var state =
            record.sources[source.key]
            ?? SyncRecord.Source(service: source.service.rawValue, url: source.url, user: source.user, tag: source.tag)
        if fetch.unchanged {
            report.unchanged = true
            report.kept = state.links.values.filter { $0.deleted != true }.count
            report.deletedHere = state.links.count - report.kept
            return report
        }
        if fetch.stoppedEarly == nil { Self.followReadded(fetch.bookmarks, in: &state) }
        var problems: [Diagnostic] = []
        let entries = fetch.bookmarks.map { Self.entry(of: $0, source: source, problems: &problems) }
        report.warnings += problems
        var changes: [SiteTransaction.Change] = []

        // Bookmarks this source imported before: compared with their files.
        let knownIndexes = fetch.bookmarks.indices.filter { state.links[fetch.bookmarks[$0].id] != nil }
        var scratch = ImportReport(folder: report.folder)
        var bare = site
        bare.links = [:]
        let known = importer.check(knownIndexes.map { entries[$0] }, path: source.label, site: bare, into: &scratch)
        report.invalid += scratch.invalid
        report.warnings += scratch.warnings
        let knownTexts = await Importer.texts(of: known.map(\.link))
        for (accepted, bytes) in zip(known, knownTexts) {
            let bookmark = fetch.bookmarks[knownIndexes[accepted.index]]
            changes += update(bookmark.id, to: accepted.link, bytes: bytes, in: &state, site: site, report: &report)
        }

        // Bookmarks gone from the source; a fetch cut short cannot tell.
        if fetch.stoppedEarly == nil {
            changes += goneLinks(Set(fetch.bookmarks.map(\.id)), in: &state, source: source, report: &report)
        }

        // New bookmarks: checked against the site, written beside each other.
        let newIndexes = fetch.bookmarks.indices.filter { state.links[fetch.bookmarks[$0].id] == nil }
        var imported = ImportReport(folder: report.folder)
        let accepted = importer.check(newIndexes.map { entries[$0] }, path: source.label, site: site, into: &imported)
        report.invalid += imported.invalid
        report.duplicates += imported.duplicates
        report.warnings += imported.warnings
        let folders = ImportFolderPlan(
            accepted.map(\.folders), descriptions: [], root: root)
        for (entry, path, bytes) in await importer.newFiles(accepted, in: folders) {
            let bookmark = fetch.bookmarks[newIndexes[entry.index]]
            changes.append(.init(path: path, kind: .create, bytes: bytes))
            state.links[bookmark.id] = .init(
                path: path, url: entry.link.url.absoluteString, written: Self.digest(bytes))
            report.added.append(.init(path: path, line: nil, url: entry.link.url, title: entry.link.title))
        }
        var indexReport = ImportReport(folder: report.folder)
        changes += importer.indexFiles(folders, used: accepted.map(\.folders), into: &indexReport)
        report.indexFiles = indexReport.indexFiles

        if let reason = fetch.stoppedEarly {
            report.stoppedEarly = .warning(
                .syncStopped, at: SourceLocation(path: source.label),
                "the fetch stopped after \(fetch.bookmarks.count) bookmark\(fetch.bookmarks.count == 1 ? "" : "s"): \(reason); what was fetched is imported, and nothing is taken for gone",
                hint: "run the import again later (a scheduled workflow will); or give more --max-wait")
        }
        if fetch.stoppedEarly == nil { state.version = fetch.version }
        // `synced` moves only with a change, so a run that finds nothing new leaves sync.json as it was
        // (a scheduled sync commits nothing then).
        if fetch.stoppedEarly == nil, !changes.isEmpty || record.sources[source.key] != state {
            state.synced = ISO8601DateFormatter().string(from: options.now)
        }
        record.sources[source.key] = state
        changes += recordChange(record)
        commit(changes, report: &report)
        let used = Set(accepted.flatMap { $0.link.extra.map(\.key) } + known.flatMap { $0.link.extra.map(\.key) })
        report.undeclaredExtraKeys = used.subtracting(site.config.extraKeys).sorted()
        return report
    }
}

// MARK: - The steps

extension ServiceSync {
    /// A known bookmark: its file rewritten when the source changed it and the curator did not.
    func update(
        _ id: String, to link: NewLink, bytes: [UInt8], in state: inout SyncRecord.Source,
        site: Importer.ExistingSite, report: inout SyncReport
    ) -> [SiteTransaction.Change] {
        guard var entry = state.links[id] else { return [] }
        defer { state.links[id] = entry }
        if entry.deleted == true {
            report.deletedHere += 1
            return []
        }
        var current = read(entry.path)
        if current == nil {
            // Moved by the curator, unchanged: the file at its new place is still the sync's.
            if let moved = site.links[link.url.comparisonKey], (moved.line ?? 1) <= 1,
                let bytes = read(moved.path), Self.digest(bytes) == entry.written
            {
                entry.path = moved.path
                current = bytes
            } else {
                entry.deleted = true
                report.deletedHere += 1
                return []
            }
        }
        let wanted = Self.digest(bytes)
        let now = Self.digest(current ?? [])
        if now == wanted {
            entry.written = wanted
            report.kept += 1
            return []
        }
        if now == entry.written {
            entry.written = wanted
            report.updated.append(.init(path: entry.path, line: nil, url: link.url, title: link.title))
            return [.init(path: entry.path, kind: .replace, bytes: bytes)]
        }
        if wanted != entry.written {
            report.editedHere.append(
                .warning(
                    .syncEditedHere, at: SourceLocation(path: entry.path),
                    "\(report.source.service.name) changed this bookmark, but the file was edited here since the last import, so it is not overwritten",
                    hint:
                        "bring the change over by hand; or undo your edit (git checkout -- \(entry.path)) and run the import again to take \(report.source.service.name)'s version"
                ))
            return []
        }
        report.kept += 1
        return []
    }

    /// A bookmark deleted at the source and saved again (a new id, the same address) is the same link:
    /// its record moves to the new id, so its file is updated rather than pruned while the new one is
    /// skipped as its duplicate.
    static func followReadded(_ bookmarks: [ServiceBookmark], in state: inout SyncRecord.Source) {
        let present = Set(bookmarks.map(\.id))
        var gone: [String: String] = [:]
        for (id, link) in state.links where !present.contains(id) {
            if let url = try? LinkURL(parsing: link.url) { gone[url.comparisonKey] = id }
        }
        guard !gone.isEmpty else { return }
        for bookmark in bookmarks where state.links[bookmark.id] == nil {
            guard let url = try? LinkURL(parsing: bookmark.url), let old = gone.removeValue(forKey: url.comparisonKey)
            else { continue }
            state.links[bookmark.id] = state.links.removeValue(forKey: old)
        }
    }

    /// Bookmarks the source no longer has: reported; with `prune`, their files deleted unless edited here.
    func goneLinks(
        _ present: Set<String>, in state: inout SyncRecord.Source, source: SyncSource, report: inout SyncReport
    ) -> [SiteTransaction.Change] {
        var changes: [SiteTransaction.Change] = []
        let why = source.tag.map { "deleted, or no longer tagged \($0)" } ?? "deleted"
        for id in state.links.keys.sorted() where !present.contains(id) {
            guard let entry = state.links[id] else { continue }
            guard entry.deleted != true, let bytes = read(entry.path) else {
                state.links[id] = nil
                continue
            }
            let location = SourceLocation(path: entry.path)
            if !options.prune {
                report.gone.append(
                    .warning(
                        .syncGone, at: location, "\(entry.url) is no longer in \(source.service.name) (\(why))",
                        hint: "delete the file if it should go, or run the import with --prune to delete such files"))
                continue
            }
            state.links[id] = nil
            if Self.digest(bytes) == entry.written {
                changes.append(.init(path: entry.path, kind: .remove, bytes: []))
                report.pruned.append(entry.path)
            } else {
                report.gone.append(
                    .warning(
                        .syncGone, at: location,
                        "\(entry.url) is no longer in \(source.service.name) (\(why)), but the file was edited here, so --prune keeps it; it is no longer synced",
                        hint: "delete the file if it should go"))
            }
        }
        return changes
    }

    /// `sync.json`'s change, when its bytes change.
    func recordChange(_ record: SyncRecord) -> [SiteTransaction.Change] {
        let bytes = record.encoded()
        let existing = read(SyncRecord.fileName)
        guard existing != bytes else { return [] }
        return [.init(path: SyncRecord.fileName, kind: existing == nil ? .create : .replace, bytes: bytes)]
    }

    func commit(_ changes: [SiteTransaction.Change], report: inout SyncReport) {
        guard !options.dryRun, !changes.isEmpty else { return }
        do {
            try SiteTransaction.commit(changes, in: options.siteFolder)
        } catch {
            report.writeFailure = Importer.writeFailure(error)
            report.added = []
            report.updated = []
            report.pruned = []
            report.indexFiles = []
        }
    }

    func read(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: options.siteFolder.appending(path: path).path).map { Array($0) }
    }

    /// The first 16 hex digits of the SHA-256 of `bytes`.
    static func digest(_ bytes: [UInt8]) -> String {
        String(PictureStore.sha256(bytes).prefix(16))
    }

    /// A service's bookmark as an import entry: its day, flags as extra keys (`toread`, `archived`),
    /// a private one as a draft.
    static func entry(
        of bookmark: ServiceBookmark, source: SyncSource, problems: inout [Diagnostic]
    ) -> ImportedBookmarks.Entry {
        let location = SourceLocation(path: source.label)
        var extra: [ImportedBookmarks.Entry.Extra] = []
        if bookmark.unread { extra.append(.init(key: "toread", value: "true")) }
        if bookmark.archived { extra.append(.init(key: "archived", value: "true")) }
        var entry = ImportedBookmarks.Entry(
            line: nil, folders: bookmark.folders, url: bookmark.url, title: bookmark.title, tags: bookmark.tags,
            date: BookmarkTimestamp.day(bookmark.created, field: "date", at: location, problems: &problems),
            description: bookmark.description, note: bookmark.note, draft: bookmark.isPrivate, extra: extra)
        entry.favorite = bookmark.favorite
        return entry
    }
}
