import Foundation
import LinkyBuild
import LinkyModel

/// `tags rename` and `tags merge`: rewrites tag names in place in a site's link files, list files and
/// `tags.yml`, changing no other byte of any file (line endings, BOM, comments, key order, quoting,
/// spacing and bodies stay as they are).
///
/// The site is built first (without writing anything, drafts included), so tags are matched by the
/// identity the site gives them — case-folded NFC, `tags.yml` aliases — and so a site with content
/// errors is refused. Every edit of every file is computed, then each edited file is read again and
/// must yield exactly the expected tags; only then is anything written, and then atomically.
public struct TagRewriter: Sendable {
    public let siteFolder: URL

    public init(siteFolder: URL) {
        self.siteFolder = siteFolder.standardizedFileURL
    }

    /// Computes every change `edit` makes; nothing is written (see `TagEditPlan.apply()`).
    public func plan(_ edit: TagEdit) async throws(TagEditFailure) -> TagEditPlan {
        var options = BuildOptions(siteFolder: siteFolder)
        options.writeOutput = false
        options.includeDrafts = true
        let report = await SiteBuilder().build(options)
        guard let site = report.site, !report.diagnostics.containsErrors else {
            throw .siteHasErrors(report.diagnostics.filter { $0.severity == .error })
        }
        let catalog: TagCatalog
        do {
            catalog = try readCatalog()
        } catch {
            throw .refused(error.problems)
        }
        let request = try ResolvedEdit(edit, site: site, catalog: catalog)

        var problems: [TagEditProblem] = []
        var changes: [TagEditPlan.FileChange] = []
        let linksByPath = Dictionary(grouping: site.links, by: \.source.path)
        for path in linksByPath.keys.sorted() {
            let linkTags = Dictionary(
                linksByPath[path]!.map { ($0.source.line ?? 1, Set($0.tags.map { site.tags[$0].key })) },
                uniquingKeysWith: { $0.union($1) })
            do {
                let file = try read(path)
                if let change = try ContentFileEdit(file: file, linkTags: linkTags, catalog: catalog).change(request) {
                    changes.append(change)
                }
            } catch {
                problems += error.problems
            }
        }
        if let file = catalog.file {
            do {
                if let change = try TagsFileEdit(catalog: catalog).change(request, file: file) {
                    changes.append(change)
                }
            } catch {
                problems += error.problems
            }
        }
        guard problems.isEmpty else {
            throw .refused(
                problems.sorted {
                    ($0.location ?? SourceLocation(path: "")) < ($1.location ?? SourceLocation(path: ""))
                })
        }
        var notes = request.notes
        keepOldAddresses(request, site: site, catalog: catalog, changes: &changes, notes: &notes)
        return TagEditPlan(siteFolder: siteFolder, changes: changes.sorted { $0.path < $1.path }, notes: notes)
    }
}

/// One or more problems that stop a file's edit.
struct TagEditProblems: Error {
    var problems: [TagEditProblem]

    init(_ problems: [TagEditProblem]) {
        self.problems = problems
    }
}

// MARK: - Old addresses

private extension TagRewriter {
    /// Adds `/tags/<old slug>/` of each renamed or merged tag whose address changes to the aliases of
    /// the tag's entry in `tags.yml`, so the build writes a redirect there (see `TagsFileAliases`).
    func keepOldAddresses(
        _ request: ResolvedEdit, site: Site, catalog: TagCatalog, changes: inout [TagEditPlan.FileChange],
        notes: inout [String]
    ) {
        // The tag's address after the edit: from the `slug:` of the entry it ends up with (its own, or
        // the one a source brings over), else what it has now, else its new name (a `title:` is only
        // what pages show).
        let entry =
            catalog.entry(request.newIdentity) ?? request.sources.sorted().lazy.compactMap { catalog.entry($0) }.first
        let newSlug =
            entry.flatMap(\.slug).map { Slug.make($0) }
            ?? site.tags.first { $0.key == request.newIdentity }?.slug ?? Slug.make(request.newName)
        // Every address that goes away: the sources', and the target's own when its address changes.
        let path = catalog.file?.path ?? "tags.yml"
        let index = changes.firstIndex { $0.path == path }
        let current = index.map { changes[$0].after } ?? catalog.file?.bytes
        // An address the entry lists already (renamed there and back) is not added twice.
        let listed = current.flatMap { TagsFileAliases.aliases(ofEntry: request.newIdentity, in: $0) } ?? []
        let paths = site.tags.filter { request.sources.contains($0.key) || $0.key == request.newIdentity }
            .map(\.slug).filter { $0 != newSlug }.sorted().map { "/tags/\($0)/" }.filter { !listed.contains($0) }
        guard !paths.isEmpty else { return }
        let shown = paths.joined(separator: ", ")
        guard
            let after = TagsFileAliases.adding(paths, toEntry: request.newIdentity, name: request.newName, in: current),
            let written = TagsFileAliases.aliases(ofEntry: request.newIdentity, in: after),
            paths.allSatisfy(written.contains)
        else {
            notes.append(
                "the old address \(shown) now leads nowhere: add `aliases: [\(shown)]` to \"\(request.newName)\" in \(path) to redirect it"
            )
            return
        }
        if let index {
            changes[index].after = after
        } else {
            changes.append(
                TagEditPlan.FileChange(
                    path: path, before: catalog.file?.bytes ?? [], after: after, linksChanged: 0,
                    creates: catalog.file == nil))
        }
        notes.append("\(path): \(shown) redirects to the tag's new address (an alias of \"\(request.newName)\")")
    }
}

// MARK: - Helpers

private extension TagRewriter {
    /// `tags.yml`, or `tags.yaml`, as the loader chooses.
    func readCatalog() throws(TagEditProblems) -> TagCatalog {
        for name in ["tags.yml", "tags.yaml"]
        where FileManager.default.fileExists(atPath: siteFolder.appending(path: name).path) {
            let file = try read(name)
            do {
                return try TagCatalog(file: file)
            } catch {
                throw TagEditProblems([error])
            }
        }
        return TagCatalog()
    }

    func read(_ path: String) throws(TagEditProblems) -> SourceBytes {
        do {
            return SourceBytes(path: path, bytes: [UInt8](try RegularFile.data(at: siteFolder.appending(path: path))))
        } catch {
            throw TagEditProblems([
                TagEditProblem(
                    location: SourceLocation(path: path),
                    message: "the file cannot be read (\(error.systemReason))",
                    hint: "check that it exists and that you may read it")
            ])
        }
    }
}
