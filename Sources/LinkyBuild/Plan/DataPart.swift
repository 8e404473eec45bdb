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
        size: (Int) -> Int
    ) -> [PlannedFile] {
        let parts = split(
            planning.site.links.count, partBytes: planning.site.config.fileLimits.dataPartBytes, size: size)
        guard parts.count > 1 else { return [PlannedFile(path: path, kind: kind(.whole))] }
        return [PlannedFile(path: path, kind: kind(.index(parts: parts.count)))]
            + parts.enumerated().map { offset, links in
                PlannedFile(
                    path: partPath(offset + 1),
                    kind: kind(.part(number: offset + 1, first: links.lowerBound, end: links.upperBound)))
            }
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
