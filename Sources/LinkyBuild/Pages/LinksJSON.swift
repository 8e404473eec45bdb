import LinkyModel
import LinkyTheme

/// `links.json`: the whole collection as data (`CollectionDocument`), each link's entry a part. A
/// collection whose entries would pass `FileLimits.linkEntryBytes` (about 100,000 links) is split, so that no file
/// passes the 25 MiB a static host takes: `links.json` becomes the index (format version 2: the site,
/// categories and tags, and the list of parts) and the links go to `links/1.json`, `links/2.json`, …, in
/// order. Where the parts end is decided when planning, from each link's size as `estimate` reckons it.
struct LinksJSON: DataFileKind {
    static let path = "links.json"

    enum File: Hashable {
        /// `links.json` with every link (format version 1).
        case whole
        /// `links.json` without the links, naming the `parts` files that hold them (version 2).
        case index(parts: Int)
        /// `links/<number>.json`: the links `first ..< end`.
        case part(number: Int, first: Int, end: Int)
    }
    var file: File

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        let parts = split(planning.site, partBytes: planning.limits.linkEntryBytes)
        guard parts.count > 1 else { return [PlannedFile(path: path, kind: LinksJSON(file: .whole))] }
        return [PlannedFile(path: path, kind: LinksJSON(file: .index(parts: parts.count)))]
            + parts.enumerated().map { offset, links in
                PlannedFile(
                    path: partPath(offset + 1),
                    kind: LinksJSON(file: .part(number: offset + 1, first: links.lowerBound, end: links.upperBound)))
            }
    }

    /// `links/<number>.json`.
    static func partPath(_ number: Int) -> String { "links/\(number).json" }

    /// The links of each part, in order: one range of every link when they fit in one file.
    static func split(_ site: Site, partBytes: Int) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var first = 0
        var bytes = 0
        for id in site.links.indices {
            let size = estimate(site, id)
            if bytes + size > partBytes, id > first {
                parts.append(first..<id)
                first = id
                bytes = 0
            }
            bytes += size
        }
        parts.append(first..<site.links.count)
        return parts
    }

    /// About how many bytes `links[id]`'s entry takes (its text, and the keys and punctuation around it).
    static func estimate(_ site: Site, _ id: Int) -> Int {
        var bytes = 420 + site.links[id].url.absoluteString.utf8.count * 2 + site.links[id].title.utf8.count
        bytes += site.links[id].description?.utf8.count ?? 0
        // A note's line breaks and quotes are escaped: two bytes each.
        bytes += (site.links[id].note?.markdown.utf8.count ?? 0) * 9 / 8
        bytes += site.links[id].source.description.utf8.count
        for tag in site.links[id].tags { bytes += site.tags[tag].name.utf8.count + 10 }
        for link in site.links[id].secondaryLinks {
            bytes += link.title.utf8.count + link.url.absoluteString.utf8.count + 60
        }
        for label in site.links[id].labels { bytes += label.name.utf8.count + 10 }
        bytes += site.links[id].extra.count * 64
        if site.links[id].project != nil { bytes += 400 }
        return bytes
    }

    var inputs: PlannedFile.Inputs { .everyLink }

    func data(_ rendering: PageRendering, search: inout SearchFiles) throws -> [OutputFile] {
        switch file {
        case .whole: [CollectionDocument.file(rendering.context, path: rendering.path)]
        case .index(let parts):
            [CollectionDocument.index(rendering.context, path: rendering.path, parts: (1...parts).map(Self.partPath))]
        case .part(let number, let first, let end):
            [CollectionDocument.part(rendering.context, path: rendering.path, number: number, links: first..<end)]
        }
    }

    /// Always rendered.
    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {}

    var renderWeight: Int { 2 }
}
