import Foundation
import LinkyModel

/// The parses the preview behind `serve` keeps between updates, by path and stamp: a file that keeps
/// its stamp is not read or parsed again. As in the build's `ParseStore`, a file changed less than a
/// second before it was read is not kept, so a file saved twice within the clock's tick is read again.
struct ParseMemory: ParseReuse {
    private var entries: [String: (stamp: FileStamp, parse: ParsedContent)] = [:]

    init() {}

    /// The parses of `sources` (as `SiteBuilder.prepare` loaded them) that may be reused.
    init(_ sources: [SiteLoader.ContentSource], _ parses: [ParsedContent], settledBefore started: Int64) {
        entries.reserveCapacity(sources.count)
        for (source, parse) in zip(sources, parses) {
            switch source {
            case .read(let file, let stamp?) where stamp.isSettled(before: started): entries[file.path] = (stamp, parse)
            case .unchanged(let path, let stamp): entries[path] = (stamp, parse)
            case .read: continue
            }
        }
    }

    func holds(_ path: String, stamp: FileStamp) -> Bool { entries[path]?.stamp == stamp }

    func parse(of path: String, stamp: FileStamp) -> ParsedContent? {
        guard let entry = entries[path], entry.stamp == stamp else { return nil }
        return entry.parse
    }
}
