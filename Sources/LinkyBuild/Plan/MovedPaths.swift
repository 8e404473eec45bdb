import Foundation
import LinkyModel

/// Finds the pages of the previous output whose address this build would lose although the link,
/// tag or category is still there under another address: each is a warning naming both addresses
/// and the alias that keeps the old one working.
///
/// The previous output's `links.json` says what lived where (links by address, tags by identity,
/// categories by their trail of titles). Pages whose link, tag or category is gone are deliberate
/// removals and are not reported; neither are further pages of a list (`page/3/`), which come and go
/// with the number of links.
struct MovedPaths {
    let site: Site
    let plan: [PlannedFile]

    /// What the build knows of the previous output without reading it (the rebuild's state): every
    /// path it has, and the stamp its `links.json` had when written.
    struct PreviousOutput: Sendable {
        /// Every path of the previous output (the rebuild's state, not copied).
        var paths: [PathKey: BuildState.Page]
        var linksJSONStamp: FileStamp?
    }

    /// When `previous` lists the previous output (its `links.json` is the one that build wrote) and
    /// this build keeps every path it lists, nothing moved, and the previous `links.json` (seconds to
    /// decode at 100,000 links) is not read.
    func warnings(comparingWith output: URL, previous: PreviousOutput? = nil) -> [Diagnostic] {
        if let previous, let written = previous.linksJSONStamp,
            FileStamp.ofOutput(output.appending(path: "links.json").path) == written
        {
            // Counted from the plan's side, whose paths are distinct: no set of 9,000 paths is made
            // for a rebuild that moved nothing (it was 1% of a one-file rebuild's CPU).
            var planned = 0
            for file in plan where previous.paths[PathKey(file.path)] != nil { planned += 1 }
            if planned == previous.paths.count { return [] }
        }
        guard FileManager.default.fileExists(atPath: output.appending(path: OutputWriter.marker).path),
            let previous = PreviousCollection.read(output)
        else {
            // No previous output of ours, or one that cannot be read: there is nothing to compare with.
            return []
        }
        let kept = Set(plan.map(\.path))
        let paths = SitePaths(site: site)
        var diagnostics: [Diagnostic] = []
        func moved(_ old: String?, to new: String, at location: SourceLocation?, what: String, hint: String) {
            guard let old, !kept.contains(old), old != new else { return }
            diagnostics.append(
                .warning(
                    .pathMoved, at: location,
                    "the address of \(what) moved from \(Self.shown(old)) to \(Self.shown(new)): links to the old one now break",
                    hint: hint.replacingOccurrences(of: Self.old, with: "/" + Self.shown(old))))
        }

        // Categories first: a link page that moved only because its category did is reported with it.
        var movedFolders: [(old: String, new: String)] = []
        var oldCategoryPage: [[String]: String] = [:]
        let oldByID = Dictionary(previous.categories.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for category in previous.categories {
            var trail: [String] = []
            var current: PreviousCollection.Category? = category
            while let node = current, trail.count <= previous.categories.count {
                trail.insert(node.title, at: 0)
                current = node.parent.flatMap { oldByID[$0] }
            }
            oldCategoryPage[trail] = category.page
        }
        for category in site.categories where category.id != 0 {
            var trail: [String] = []
            var current: Int? = category.id
            while let id = current, id != 0 {
                trail.insert(site.categories[id].title, at: 0)
                current = site.categories[id].parent
            }
            let old = oldCategoryPage[trail]
            let new = paths.category(category.id)
            if let old, !kept.contains(old), old != new, let oldFolder = SitePaths.categoryFolder(ofPage: old),
                let newFolder = SitePaths.categoryFolder(ofPage: new)
            {
                // The folders its links' pages were and are in, below `l/` (with the `/`: `lang/`).
                movedFolders.append((oldFolder + "/", newFolder + "/"))
            }
            moved(
                old, to: new, at: category.source, what: "the category \"\(category.title)\"",
                hint:
                    "add `aliases: [\(Self.old)]` to the category's _index.md (or its list file's front matter): it keeps the addresses of the pages below it as redirects too"
            )
        }
        var oldLinkPage: [String: String] = [:]
        for link in previous.links ?? [] { if let page = link.page { oldLinkPage[link.url] = page } }
        for link in site.links where link.hasPage {
            let new = paths.link(link.id)
            if let old = oldLinkPage[link.url.absoluteString],
                movedFolders.contains(where: {
                    old.hasPrefix("l/" + $0.old) && new.hasPrefix("l/" + $0.new)
                        && old.dropFirst(2 + $0.old.count) == new.dropFirst(2 + $0.new.count)
                })
            {
                continue
            }
            moved(
                oldLinkPage[link.url.absoluteString], to: new, at: link.source,
                what: "the link \"\(link.title)\"",
                hint: link.urlSource != link.source
                    ? "add `aliases: [\(Self.old)]` to its front matter to keep the old address as a redirect"
                    : "keep the old address with `aliases: [\(Self.old)]` in a link file of its own, or rename it back")
        }

        var oldTagPage: [String: String] = [:]
        for tag in previous.tags { oldTagPage[Tag.identity(of: tag.name)] = tag.page }
        for tag in site.tags {
            moved(
                oldTagPage[tag.key], to: paths.tag(tag.id),
                at: tag.definedAt ?? tag.links.first.map { site.links[$0].source }, what: "the tag \"\(tag.name)\"",
                hint: tag.definedAt == nil
                    ? "add `\(TagsFileSyntax.key(tag.name)):` with `aliases: [\(Self.old)]` under it to tags.yml to keep the old address as a redirect"
                    : "add \(Self.old) to the tag's `aliases:` in tags.yml to keep the old address as a redirect")
        }

        return diagnostics
    }

    /// Stands for the old address in hints (no name holds it: control characters are refused).
    static let old = "\u{1}OLD"

    /// `tags/c/index.html` → `tags/c/`.
    static func shown(_ path: String) -> String {
        path.hasSuffix("/index.html") ? String(path.dropLast("index.html".count)) : path
    }
}

/// The parts of a previous output's `links.json` that say where things were.
private struct PreviousCollection: Decodable {
    struct Link: Decodable {
        var url: String
        var page: String?
    }
    struct Tag: Decodable {
        var name: String
        var page: String
    }
    struct Category: Decodable {
        var id: Int
        var title: String
        var parent: Int?
        var page: String
    }
    /// A part of a collection split in parts (version 2).
    struct Part: Decodable {
        var links: [Link]
    }
    var version: Int
    /// Absent from version 2, where `parts` name the files that hold them.
    var links: [Link]?
    var parts: [String]?
    var tags: [Tag]
    var categories: [Category]

    /// The previous output's `links.json`, with the links of its parts (version 2) gathered in `links`;
    /// nil when it, or one of its parts, is missing or of a version this build does not know.
    static func read(_ output: URL) -> PreviousCollection? {
        let decoder = JSONDecoder()
        guard let data = try? Data(contentsOf: output.appending(path: "links.json")),
            var collection = try? decoder.decode(PreviousCollection.self, from: data)
        else { return nil }
        switch collection.version {
        case 1 where collection.links != nil:
            return collection
        case 2:
            var links: [Link] = []
            for part in collection.parts ?? [] {
                // Only parts inside the output: `links/<n>.json`.
                guard !part.contains(".."), !part.hasPrefix("/"),
                    let data = try? Data(contentsOf: output.appending(path: part)),
                    let decoded = try? decoder.decode(Part.self, from: data)
                else { return nil }
                links += decoded.links
            }
            collection.links = links
            return collection
        default:
            return nil
        }
    }
}

/// How a hint writes a tag name as a `tags.yml` key.
enum TagsFileSyntax {
    /// Plain when YAML reads it back as the same string, else double-quoted.
    static func key(_ name: String) -> String {
        let plain = name.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" || $0 == " "
        }
        guard !plain || name.isEmpty || name.first == " " || name.last == " " else { return name }
        return "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
    }
}
