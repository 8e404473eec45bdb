import LinkyModel
import LinkyTheme

/// `links.json`: the whole collection as data (`CollectionDocument`), each link's entry a part. A
/// collection whose entries would pass `FileLimits.dataPartBytes` (about 100,000 links) is split, so that no file
/// passes the 25 MiB a static host takes: `links.json` becomes the index (format version 2: the site,
/// categories and tags, and the list of parts) and the links go to `links/1.json`, `links/2.json`, …, in
/// order (`DataPart`). Where the parts end is decided when planning, from each link's size as `estimate`
/// reckons it, so that each part is a file a rebuild can copy links' entries into.
struct LinksJSON: DataFileKind {
    static let path = "links.json"

    var file: DataPart

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        let site = planning.site
        return DataPart.plan(planning, path: path, partPath: partPath, kind: LinksJSON.init, overhead: 640) {
            estimate(site, $0)
        }
    }

    /// `links/<number>.json`.
    static func partPath(_ number: Int) -> String { "links/\(number).json" }

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
