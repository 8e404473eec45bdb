import Foundation
import LinkyModel

#if canImport(Glibc)
    import Glibc
#endif

/// The parses a build read, for the next build's `ParseStore`.
extension ParseStore {
    /// Brings the store beside `output` up to date: the records of the files parsed are appended to it,
    /// or — when it was made with another key, is damaged, or holds more replaced records than live
    /// ones — it is written anew from the records kept and those made. A file read without a stamp (it
    /// vanished meanwhile), or changed less than a second before `started`, is not stored.
    static func update(
        _ sources: [SiteLoader.ContentSource], _ parses: [ParsedContent], previous: ParseStore?, key: Fingerprint,
        started: Int64, beside output: URL
    ) {
        var fresh: [(path: String, stamp: FileStamp, parse: ParsedContent)] = []
        for (source, parse) in zip(sources, parses) {
            guard case .read(let file, let stamp?) = source, stamp.isSettled(before: started),
                previous?.holds(file.path, stamp: stamp) != true
            else { continue }
            fresh.append((file.path, stamp, parse))
        }
        let location = Self.location(of: output)
        if let previous, !previous.isDamaged, previous.records + fresh.count <= 2 * sources.count + 64 {
            // Appended in one write; nothing to append, nothing written.
            guard !fresh.isEmpty else { return }
            var writer = ByteWriter(capacity: fresh.count * 4096)
            for entry in fresh {
                appendRecord(entry.path, entry.stamp, to: &writer) { entry.parse.write(to: &$0) }
            }
            let descriptor = open(location.path, O_WRONLY | O_APPEND | O_CLOEXEC)
            guard descriptor >= 0 else { return }
            defer { close(descriptor) }
            // A failed append leaves a record cut short, which the next build reads as damage.
            try? writer.bytes.withUnsafeBytes { try FileIO.writeAll(descriptor, $0, path: location.path) }
            return
        }
        BuildState.replace(location, beside: output) { file in
            file.writer.append(magic)
            file.writer.int(BuildState.formatVersion)
            file.writer.fingerprint(key)
            for source in sources {
                guard case .unchanged(let path, _) = source else { continue }
                previous?.appendStored(path, to: &file.writer)
                file.flushIfFull()
            }
            for entry in fresh {
                appendRecord(entry.path, entry.stamp, to: &file.writer) { entry.parse.write(to: &$0) }
                file.flushIfFull()
            }
        }
    }
}
