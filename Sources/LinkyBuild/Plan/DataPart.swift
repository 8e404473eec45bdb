import LinkyModel

/// One file of a data file made from every link (`links.json`, the search index and its script), which
/// a large collection splits: the index names the parts, and each part holds a run of the links, in
/// order (formats in docs/formats.md).
enum DataPart: Hashable, Sendable {
    /// The file of every link, as a small collection has it (format version 1).
    case whole
    /// The file without its links, naming the `parts` files that hold them (format version 2).
    case index(parts: Int)
    /// A part (from 1): the links `first ..< end`.
    case part(number: Int, first: Int, end: Int)

    /// The files of a data file at `path` whose parts go to `partPath(number)`: the whole file when
    /// every link's entry fits in `limits.dataPartBytes` (`size` estimates an entry's bytes), else the
    /// index and its parts, each of as many links as fit.
    static func plan<Kind: PageKind>(
        _ planning: PagePlanning, path: String, partPath: (Int) -> String, kind: (DataPart) -> Kind,
        overhead: Int, size: (Int) -> Int
    ) -> [PlannedFile] {
        let site = planning.site
        let limit = site.config.fileLimits.dataPartBytes
        // Most sites are far below the limit: their links are not weighed one by one.
        guard mayPass(limit, site, overhead: overhead) else { return [PlannedFile(path: path, kind: kind(.whole))] }
        let parts = split(site.links.count, partBytes: limit, size: size)
        guard parts.count > 1 else { return [PlannedFile(path: path, kind: kind(.whole))] }
        return [PlannedFile(path: path, kind: kind(.index(parts: parts.count)))]
            + parts.enumerated().map { offset, links in
                PlannedFile(
                    path: partPath(offset + 1),
                    kind: kind(.part(number: offset + 1, first: links.lowerBound, end: links.upperBound)))
            }
    }

    /// Whether a file of every link could pass `limit` bytes: `Site.textBytes` and a quarter more
    /// (escapes, the notes' HTML) and `overhead` bytes a link (its entry's keys and markup). Above what
    /// the files weigh on real and generated sites (the 10,000 generated links: 7 MB of words, a 12.8
    /// MiB `links.json`); were a file to pass the limit unweighed, the limit is a quarter under 25 MiB.
    static func mayPass(_ limit: Int, _ site: Site, overhead: Int) -> Bool {
        site.textBytes * 5 / 4 + site.links.count * overhead > limit
    }

    /// The links of each part, in order: one range of every link when their entries fit in one.
    static func split(_ count: Int, partBytes: Int, size: (Int) -> Int) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var first = 0
        var bytes = 0
        for id in 0..<count {
            let entry = size(id)
            if bytes + entry > partBytes, id > first {
                parts.append(first..<id)
                first = id
                bytes = 0
            }
            bytes += entry
        }
        parts.append(first..<count)
        return parts
    }
}
