import Foundation
import LinkyModel

#if canImport(Glibc)
    import Glibc
#endif

/// `pictures/index.json` as the last build read it, kept beside the output (`.NAME.linky-pictures`)
/// under the stamps of the index and of the `pictures/` folder: a rebuild whose pictures did not
/// change reads it in a few milliseconds instead of decoding the JSON (a sixth of a second at 10,000
/// pictures). Only an index whose files were all there is kept; anything odd and the JSON is read.
enum PictureIndexStore {
    static let magic = Array("linky-pictures\n".utf8)
    static let formatVersion = 1

    static func location(of output: URL) -> URL { OutputWriter.sibling(of: output, "linky-pictures") }

    /// What the stored index depends on: the program, and the stamps of `pictures/index.json` and of the
    /// folder (a file added or removed changes its time). Nil when either is missing or changed after
    /// `started` (it may be changing still).
    static func key(siteFolder: URL, started: Int64) -> Fingerprint? {
        let folder = siteFolder.appending(path: PictureIndex.folderName).path
        guard let index = FileStamp.of(folder + "/" + PictureIndex.fileName) else { return nil }
        var status = stat()
        guard stat(folder, &status) == 0 else { return nil }
        let folderStamp = FileStamp(status)
        guard max(index.modified, index.changed, folderStamp.modified, folderStamp.changed) < started else {
            return nil
        }
        var writer = ByteWriter(capacity: 128)
        writer.fingerprint(ProgramIdentity.current)
        writer.stamp(index)
        writer.stamp(folderStamp)
        return Fingerprint(writer.bytes)
    }

    static func read(beside output: URL, key: Fingerprint) -> PictureIndex? {
        guard let data = MappedFile(location(of: output).path) else { return nil }
        return data.withUnsafeBytes { buffer -> PictureIndex? in
            var reader = ByteReader(buffer)
            do {
                guard Array(try reader.raw(magic.count)) == magic, try reader.int() == formatVersion,
                    try reader.fingerprint() == key
                else { return nil }
                let count = try reader.count()
                var entries: [String: PictureIndex.Entry] = [:]
                entries.reserveCapacity(count)
                for _ in 0..<count {
                    let address = try reader.string()
                    guard let kind = PictureIndex.Kind(rawValue: try reader.string()) else { return nil }
                    let sha256 = try reader.string()
                    let width = try reader.int()
                    let height = try reader.int()
                    let files = try reader.array { (r: inout ByteReader) throws(ByteReader.Malformed) in
                        PictureIndex.File(
                            name: try r.string(), width: try r.int(), height: try r.int(), bytes: try r.int())
                    }
                    entries[address] = PictureIndex.Entry(
                        kind: kind, sha256: sha256, width: width, height: height, files: files,
                        fetched: try reader.string())
                }
                guard reader.isAtEnd else { return nil }
                return PictureIndex(entries: entries)
            } catch {
                return nil
            }
        }
    }

    /// Replaces the stored index; a failure only costs the next build the JSON's decoding.
    static func write(_ index: PictureIndex, key: Fingerprint, beside output: URL) {
        var writer = ByteWriter(capacity: index.entries.count * 160 + 64)
        writer.append(magic)
        writer.int(formatVersion)
        writer.fingerprint(key)
        writer.int(index.entries.count)
        for (address, entry) in index.entries {
            writer.string(address)
            writer.string(entry.kind.rawValue)
            writer.string(entry.sha256)
            writer.int(entry.width)
            writer.int(entry.height)
            writer.array(entry.files) { writer, file in
                writer.string(file.name)
                writer.int(file.width)
                writer.int(file.height)
                writer.int(file.bytes)
            }
            writer.string(entry.fetched)
        }
        BuildState.replace(location(of: output), with: writer.bytes, beside: output)
    }

    /// Removes the stored index (the site has no pictures any more).
    static func remove(beside output: URL) {
        unlink(location(of: output).path)
    }
}
