import Foundation
import LinkyModel

#if canImport(Glibc)
    import Glibc
#endif

/// The parses of the last build (`.NAME.linky-parses`, see `BuildState`), read once and kept as
/// bytes: a parse is decoded only for a file found unchanged.
struct ParseStore: Sendable {
    static let magic = Array("linky-site parses\n".utf8)

    /// The program and every input a parse depends on besides the file itself.
    let key: Fingerprint
    private let data: MappedFile
    /// Each file's stamp and where its parse is in `data` (its last record: later ones replace earlier).
    private let entries: [PathKey: (stamp: FileStamp, range: Range<Int>)]
    /// How many records the file holds, replaced ones included.
    let records: Int
    /// The file ends in an incomplete record (a build was killed while appending): appending after it
    /// would lose what follows, so the next store is written anew.
    let isDamaged: Bool

    var count: Int { entries.count }
    var byteCount: Int { data.count }

    static func location(of output: URL) -> URL { OutputWriter.sibling(of: output, "linky-parses") }

    /// The stored parse of `path`, when the file still has the stamp it had.
    func parse(of path: String, stamp: FileStamp) -> ParsedContent? {
        guard let entry = entries[PathKey(path)], entry.stamp == stamp else { return nil }
        return data.withUnsafeBytes { bytes in
            var reader = ByteReader(UnsafeRawBufferPointer(rebasing: bytes[entry.range]))
            guard let parsed = try? ParsedContent(reading: &reader), reader.isAtEnd else { return nil }
            return parsed
        }
    }

    /// Whether the store holds `path` under `stamp` already.
    func holds(_ path: String, stamp: FileStamp) -> Bool { entries[PathKey(path)]?.stamp == stamp }

    /// The store beside `output` made with `key`, or nil when there is none usable.
    ///
    /// After the header come records, each a length and then a path, a stamp and a parse. A build
    /// appends the records of the files it parsed; a record cut short by a kill ends the reading.
    static func read(beside output: URL, key: Fingerprint) -> ParseStore? {
        guard let data = MappedFile(location(of: output).path) else { return nil }
        var records = 0
        var damaged = false
        let entries = data.withUnsafeBytes { buffer -> [PathKey: (stamp: FileStamp, range: Range<Int>)]? in
            var reader = ByteReader(buffer)
            do {
                guard Array(try reader.raw(magic.count)) == magic, try reader.int() == BuildState.formatVersion,
                    try reader.fingerprint() == key
                else { return nil }
            } catch {
                return nil
            }
            var entries: [PathKey: (stamp: FileStamp, range: Range<Int>)] = [:]
            entries.reserveCapacity(buffer.count / 2048)
            while !reader.isAtEnd {
                do {
                    let length = try reader.count()
                    var record = ByteReader(try reader.raw(length))
                    let path = try record.string()
                    let stamp = try record.stamp()
                    let parseStart = reader.offset - length + record.offset
                    entries[PathKey(path)] = (stamp, parseStart..<reader.offset)
                    records += 1
                } catch {
                    damaged = true
                    break
                }
            }
            return entries
        }
        guard let entries else { return nil }
        return ParseStore(key: key, data: data, entries: entries, records: records, isDamaged: damaged)
    }

    /// A record: its length, then the path, the stamp and the parse.
    static func appendRecord(
        _ path: String, _ stamp: FileStamp, to writer: inout ByteWriter, parse: (inout ByteWriter) -> Void
    ) {
        let lengthAt = writer.placeholder()
        let start = writer.bytes.count
        writer.string(path)
        writer.stamp(stamp)
        parse(&writer)
        writer.patch(lengthAt, writer.bytes.count - start)
    }

    /// Appends the record of `path` as stored, to carry it into a store written anew.
    func appendStored(_ path: String, to writer: inout ByteWriter) {
        guard let entry = entries[PathKey(path)] else { return }
        data.withUnsafeBytes { bytes in
            Self.appendRecord(path, entry.stamp, to: &writer) {
                $0.append(UnsafeRawBufferPointer(rebasing: bytes[entry.range]))
            }
        }
    }

    /// The program, the settings a parse reads and `metadata.json`'s bytes.
    static func key(config: SiteConfig, siteFolder: URL) -> Fingerprint {
        var writer = ByteWriter(capacity: 4096)
        writer.fingerprint(ProgramIdentity.current)
        writer.siteConfig(config)
        let metadata = FileManager.default.contents(atPath: siteFolder.appending(path: MetadataCache.fileName).path)
        writer.optional(metadata) { writer, data in
            writer.int(data.count)
            writer.append(Array(data))
        }
        return Fingerprint(writer.bytes)
    }
}
