import Foundation
import LinkyModel

/// `.NAME.linky-history` beside the output: the dates the last build read from the site's git history
/// (`HistoryDates`), under the commit it read to, so the next build walks only the commits after it.
/// Another program, another site folder or a damaged file drop it: the history is then read whole,
/// which gives the same dates.
enum HistoryStore {
    static let magic = Array("linky-site history dates\n".utf8)
    static let formatVersion = 1

    static func location(of output: URL) -> URL { OutputWriter.sibling(of: output, "linky-history") }

    /// The dates stored beside `output` for the site in `siteFolder`, or nil.
    static func read(beside output: URL, siteFolder: URL) -> HistoryDates? {
        guard let data = MappedFile(location(of: output).path) else { return nil }
        return data.withUnsafeBytes { buffer -> HistoryDates? in
            var reader = ByteReader(buffer)
            do {
                guard Array(try reader.raw(magic.count)) == magic, try reader.int() == formatVersion,
                    try reader.fingerprint() == ProgramIdentity.current,
                    try reader.string() == siteFolder.standardizedFileURL.path
                else { return nil }
                let dates = try HistoryDates(from: &reader)
                guard reader.offset == buffer.count else { return nil }
                return dates
            } catch {
                return nil
            }
        }
    }

    /// Stores `dates` beside `output` (through a temporary file renamed into place).
    static func write(_ dates: HistoryDates, beside output: URL, siteFolder: URL) {
        var writer = ByteWriter(capacity: 1 << 16)
        writer.append(magic)
        writer.int(formatVersion)
        writer.fingerprint(ProgramIdentity.current)
        writer.string(siteFolder.standardizedFileURL.path)
        dates.write(into: &writer)
        BuildState.replace(location(of: output), with: writer.bytes, beside: output)
    }
}
