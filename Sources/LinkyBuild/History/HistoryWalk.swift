import Foundation
import LinkyModel

/// Folds `git log --first-parent -p` output, oldest commit first, into `HistoryDates`: each line a
/// commit adds or removes moves its addresses' counts; an address's first added line dates it.
///
/// The log is read as `GitHistory.logArguments` asks for it: a header line per commit
/// (`\u{1}hash\0parents\0committer date`), then its diff against its first parent with no context
/// lines, `a/` and `b/` prefixes, renames detected and paths unquoted unless git must quote them.
struct HistoryWalk {
    var dates: HistoryDates
    private var scan = AddressScan()
    /// The commit being read.
    private var stamp: HistoryDates.Stamp?
    /// The commit is a shallow clone's first: what it holds was there before it.
    private var atBoundary = false
    /// The file whose diff is being read, and what its lines did so far.
    private var file: FileDiff?

    private struct FileDiff {
        var oldPath: String?
        var newPath: String?
        var inHunk = false
        var changes: [String: Change] = [:]
        var order: [String] = []
        var path: String? { newPath ?? oldPath }
    }

    private struct Change {
        var delta: Int32 = 0
        var added = false
        var addedTitle: String?
        var removedTitle: String?
    }

    init(continuing dates: HistoryDates) { self.dates = dates }

    /// Reads a whole log.
    mutating func read(_ log: Data) {
        log.withUnsafeBytes { buffer in
            let bytes = buffer.bindMemory(to: UInt8.self)
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                line(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                start = end + 1
            }
        }
        finishFile()
    }
}

// MARK: - Private

private extension HistoryWalk {
    mutating func line(_ line: UnsafeBufferPointer<UInt8>) {
        guard let first = line.first else { return }
        if first == 0x01 {
            finishFile()
            commit(String(decoding: line.dropFirst(), as: UTF8.self))
            return
        }
        if Self.starts(line, "diff --git ") {
            finishFile()
            file = FileDiff()
            return
        }
        // Taken out while it changes: a copy per line (of a whole new file's changes) made the walk quadratic.
        guard var current = file else { return }
        file = nil
        defer { file = current }
        if current.inHunk {
            switch first {
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                for found in scan.addresses(inUTF8: Array(line.dropFirst())) {
                    if current.changes[found.address] == nil { current.order.append(found.address) }
                    var change = current.changes[found.address, default: Change()]
                    if first == UInt8(ascii: "+") {
                        change.delta += 1
                        change.added = true
                        if found.title != nil { change.addedTitle = found.title }
                    } else {
                        change.delta -= 1
                        if found.title != nil { change.removedTitle = found.title }
                    }
                    current.changes[found.address] = change
                }
            default: return
            }
            return
        }
        if Self.starts(line, "@@") {
            current.inHunk = true
        } else if Self.starts(line, "--- ") {
            current.oldPath = Self.path(line.dropFirst(4), prefix: "a/")
        } else if Self.starts(line, "+++ ") {
            current.newPath = Self.path(line.dropFirst(4), prefix: "b/")
        } else if Self.starts(line, "rename from ") {
            current.oldPath = Self.path(line.dropFirst(12), prefix: nil)
        } else if Self.starts(line, "rename to ") {
            current.newPath = Self.path(line.dropFirst(10), prefix: nil)
            if let old = current.oldPath, let new = current.newPath, old != new,
                let entries = dates.files.removeValue(forKey: old)
            {
                dates.files[new] = entries
            }
        }
    }

    mutating func commit(_ header: String) {
        let fields = header.split(separator: "\0", omittingEmptySubsequences: false)
        guard fields.count == 3, let date = LinkDate(parsing: String(fields[2])) else {
            stamp = nil
            return
        }
        dates.head = String(fields[0])
        stamp = HistoryDates.Stamp(instant: date.instant, offset: Self.offset(fields[2]))
        atBoundary = dates.shallow && fields[1].isEmpty
        if atBoundary, dates.boundary == nil { dates.boundary = stamp }
    }

    mutating func finishFile() {
        guard let diff = file else { return }
        file = nil
        guard let path = diff.path, let stamp, !diff.changes.isEmpty else { return }
        // Taken out and put back: a copy of a list's thousands of entries per commit was most of the walk.
        var entries = dates.files.removeValue(forKey: path) ?? [:]
        for address in diff.order {
            let change = diff.changes[address]!
            var entry = entries[address] ?? HistoryDates.Entry(lines: 0)
            if change.added, entry.landed == nil, !entry.undatable {
                if atBoundary { entry.undatable = true } else { entry.landed = stamp }
            }
            let before = entry.lines
            entry.lines = max(0, entry.lines + change.delta)
            if entry.lines == 0 {
                if before > 0 || change.delta < 0 || change.removedTitle != nil {
                    entry.removed = stamp
                    entry.title = change.removedTitle ?? entry.title
                }
            } else {
                entry.removed = nil
                entry.title = change.addedTitle ?? entry.title
            }
            entries[address] = entry
        }
        dates.files[path] = entries
    }

    static func starts(_ line: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard line.count >= count else { return false }
        let start = prefix.utf8Start
        for index in 0..<count where line[index] != start[index] { return false }
        return true
    }

    /// A path of a diff header: nil for `/dev/null`; git's C quoting undone; NFC.
    static func path(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, prefix: String?) -> String? {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasSuffix("\t") { text.removeLast() }
        if text == "/dev/null" { return nil }
        if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = unquoted(text) }
        if let prefix, text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
        return text.precomposedStringWithCanonicalMapping
    }

    /// git's C-style quoting of a path (`"a\tb\303\251"`) undone.
    static func unquoted(_ quoted: String) -> String {
        var bytes: [UInt8] = []
        var input = Array(quoted.utf8.dropFirst().dropLast())[...]
        while let byte = input.popFirst() {
            guard byte == UInt8(ascii: "\\"), let next = input.popFirst() else {
                bytes.append(byte)
                continue
            }
            switch next {
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "a"): bytes.append(0x07)
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "v"): bytes.append(0x0B)
            case UInt8(ascii: "0")...UInt8(ascii: "3"):
                var value = Int(next - UInt8(ascii: "0"))
                for _ in 0..<2 {
                    guard let digit = input.first, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(digit) else {
                        break
                    }
                    value = value * 8 + Int(digit - UInt8(ascii: "0"))
                    input.removeFirst()
                }
                bytes.append(UInt8(value & 0xFF))
            default: bytes.append(next)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The committer's offset from UTC in `%cI` (`…+09:00`), in seconds.
    static func offset(_ date: Substring) -> Int32 {
        let scalars = Array(date.unicodeScalars)
        guard scalars.count >= 6 else { return 0 }
        let tail = scalars.suffix(6)
        let sign: Int32 = tail.first == "-" ? -1 : tail.first == "+" ? 1 : 0
        guard sign != 0 else { return 0 }
        let digits = tail.dropFirst().filter { $0 != ":" }.compactMap { Int32(String($0)) }
        guard digits.count == 4 else { return 0 }
        return sign * ((digits[0] * 10 + digits[1]) * 3600 + (digits[2] * 10 + digits[3]) * 60)
    }
}
