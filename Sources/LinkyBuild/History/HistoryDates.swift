import Foundation
import LinkyModel

/// When each address landed in each content file, read from the site's git history (`GitHistory`):
/// the first commit of the branch's first-parent history whose version of the file holds it, a file's
/// renames followed. A line edited later or moved within the file keeps its first date; an address
/// taken out of a file and not put back is remembered as removed, on the day it went.
///
/// Keyed by the commit walked to, so the next build reads only the commits after it (see
/// `HistoryStore`); a fold over the commits in order, so walking them in two goes gives what one gives.
struct HistoryDates: Sendable, Equatable {
    /// A commit's date: the instant, and the committer's offset from UTC (the day is theirs).
    struct Stamp: Sendable, Hashable, Comparable {
        var instant: Int64
        var offset: Int32

        /// The day as the committer saw it, at its exact instant.
        var date: LinkDate {
            let local = LinkDate.day(ofInstant: instant + Int64(offset))
            return LinkDate(year: local.year, month: local.month, day: local.day, instant: instant, hasTime: true)
        }

        static func < (a: Stamp, b: Stamp) -> Bool { (a.instant, a.offset) < (b.instant, b.offset) }
    }

    /// One address in one file.
    struct Entry: Sendable, Equatable {
        /// The commit it first landed in.
        var landed: Stamp?
        /// It was already there at a shallow clone's first commit, so the day it landed cannot be proved.
        var undatable = false
        /// How many lines of the file hold it now.
        var lines: Int32
        /// When the last line holding it went, while none holds it.
        var removed: Stamp?
        /// The list item's title as it last read, for a removed link (`- [Title](…)` only).
        var title: String?
    }

    /// The commit walked to.
    var head: String
    /// Whether the repository was a shallow clone: its first commit's addresses are undated.
    var shallow = false
    /// The date of a shallow clone's first commit: links older than it have no date.
    var boundary: Stamp?
    /// Entries by file (relative to the site folder, NFC) and normalised address.
    var files: [String: [String: Entry]] = [:]

    init(head: String) { self.head = head }

    /// The day `address` landed in `path`: nil when history does not say.
    func landed(_ address: String, in path: String) -> Stamp? {
        files[path]?[address]?.landed
    }

    /// Addresses taken out of their file since `since` and not put back, each with the day and its
    /// title as it last read, in file and address order.
    func removals() -> [(path: String, address: String, title: String, when: Stamp)] {
        var found: [(path: String, address: String, title: String, when: Stamp)] = []
        for path in files.keys.sorted() {
            for (address, entry) in files[path]!.sorted(by: { $0.key < $1.key }) where entry.lines == 0 {
                guard let when = entry.removed, let title = entry.title, entry.landed != nil else { continue }
                found.append((path, address, title, when))
            }
        }
        return found
    }
}

// MARK: - Stored form

extension HistoryDates {
    func write(into writer: inout ByteWriter) {
        writer.string(head)
        writer.bool(shallow)
        writer.optional(boundary) { $0.stampOfHistory($1) }
        let paths = files.keys.sorted()
        writer.int(paths.count)
        for path in paths {
            writer.string(path)
            let entries = files[path]!.sorted { $0.key < $1.key }
            writer.int(entries.count)
            for (address, entry) in entries {
                writer.string(address)
                writer.optional(entry.landed) { $0.stampOfHistory($1) }
                writer.bool(entry.undatable)
                writer.int(Int(entry.lines))
                writer.optional(entry.removed) { $0.stampOfHistory($1) }
                writer.optionalString(entry.title)
            }
        }
    }

    init(from reader: inout ByteReader) throws(ByteReader.Malformed) {
        self.init(head: try reader.string())
        shallow = try reader.bool()
        boundary = try reader.optional { (r: inout ByteReader) throws(ByteReader.Malformed) in try r.stampOfHistory() }
        for _ in 0..<(try reader.count()) {
            let path = try reader.string()
            var entries: [String: Entry] = [:]
            let count = try reader.count()
            entries.reserveCapacity(count)
            for _ in 0..<count {
                let address = try reader.string()
                let landed = try reader.optional { (r: inout ByteReader) throws(ByteReader.Malformed) in
                    try r.stampOfHistory()
                }
                let undatable = try reader.bool()
                let lines = try reader.int()
                guard (0...Int(Int32.max)).contains(lines) else { throw ByteReader.Malformed() }
                let removed = try reader.optional { (r: inout ByteReader) throws(ByteReader.Malformed) in
                    try r.stampOfHistory()
                }
                entries[address] = Entry(
                    landed: landed, undatable: undatable, lines: Int32(lines), removed: removed,
                    title: try reader.optionalString())
            }
            files[path] = entries
        }
    }
}

extension ByteWriter {
    fileprivate mutating func stampOfHistory(_ stamp: HistoryDates.Stamp) {
        int64(stamp.instant)
        int(Int(stamp.offset))
    }
}

extension ByteReader {
    fileprivate mutating func stampOfHistory() throws(Malformed) -> HistoryDates.Stamp {
        let instant = try int64()
        let offset = try int()
        guard abs(offset) < 86_400 else { throw Malformed() }
        return HistoryDates.Stamp(instant: instant, offset: Int32(offset))
    }
}
