import Foundation
import LinkyModel

#if canImport(Glibc)
    import Glibc
#endif

/// What a build leaves beside its output so the next build into it can skip work — two files, never
/// inside the output, so they are never published:
/// - `.NAME.linky-parses` (`ParseStore`): each content file's parse, under the file's stamp (size,
///   times, inode). A file whose stamp is the one stored is not read or parsed again. A parse is stored
///   only for a file left alone for a second before the build began, so a file saved twice within
///   the file system's clock tick cannot keep its first stamp. Written as soon as parsing is done, when
///   anything changed: a parse is true of its file whatever becomes of the build.
/// - `.NAME.linky-state` (`BuildState`): each output file's fingerprint (`PageFingerprints`) with the
///   stamp the file had when the build wrote it. A page whose fingerprint is the one stored and whose
///   file still has that stamp is not rendered again; a file edited or replaced by hand is made again.
///   With them, where each link's part is in the files made from every link, and each link's part key
///   (`PreviousLinkParts`), and the search word tables (words, initials' tails) with each link's key (`SearchWordStore`).
///   Written after the output is complete.
///
/// Neither decides what the output contains, only what need not be done again. Another program, other
/// settings (`linky.yml`, `metadata.json`, flags) or a damaged file drop them, and the build runs as if
/// they were not there. Each is written to a temporary file renamed into place; a build killed before
/// that leaves the previous one, which the checks above keep safe.
struct BuildState: Sendable {
    static let magic = Array("linky-site build state\n".utf8)
    static let formatVersion = 11

    /// The output's real path: pages are only ever skipped for the output they were written to.
    var output: String
    var pages: [PathKey: Page] = [:]
    /// Each link's part key (`PageFingerprints.partKeys`), by id.
    var linkKeys: [Fingerprint] = []
    /// Where each link's part is in the files that keep parts (`OutputFile.parts`), by path.
    var parts: [String: [LinkPart]] = [:]
    /// The search word tables with each link's key (`SearchWordStore`), decoded only when asked for.
    var searchWords: StoredSearchWords?

    struct Page: Sendable, Equatable {
        /// Nil for a file that is always rendered (listed for `MovedPaths`, which needs every path).
        var fingerprint: Fingerprint?
        /// Nil when the file's stamp is not known: it is rendered again.
        var stamp: FileStamp?
    }

    static func location(of output: URL) -> URL { OutputWriter.sibling(of: output, "linky-state") }

    /// The state beside `output`, or nil when there is none usable.
    static func read(beside output: URL) -> BuildState? {
        guard let data = MappedFile(location(of: output).path) else { return nil }
        return data.withUnsafeBytes { buffer -> BuildState? in
            var reader = ByteReader(buffer)
            do {
                guard Array(try reader.raw(magic.count)) == magic, try reader.int() == formatVersion,
                    try reader.fingerprint() == ProgramIdentity.current
                else { return nil }
                var state = BuildState(output: try reader.string())
                let count = try reader.count()
                state.pages.reserveCapacity(count)
                for _ in 0..<count {
                    let path = try reader.string()
                    let fingerprint = try reader.optional { (r: inout ByteReader) throws(ByteReader.Malformed) in
                        try r.fingerprint()
                    }
                    let stamp = try reader.optional { (r: inout ByteReader) throws(ByteReader.Malformed) in
                        try r.stamp()
                    }
                    state.pages[PathKey(path)] = Page(fingerprint: fingerprint, stamp: stamp)
                }
                state.linkKeys = try (0..<reader.count()).map { _ throws(ByteReader.Malformed) in
                    try reader.fingerprint()
                }
                for _ in 0..<(try reader.count()) {
                    let path = try reader.string()
                    state.parts[path] = try (0..<reader.count()).map { _ throws(ByteReader.Malformed) in
                        let link = try reader.int()
                        let start = try reader.int()
                        let end = try reader.int()
                        guard start <= end else { throw ByteReader.Malformed() }
                        return LinkPart(link: link, range: start..<end)
                    }
                }
                let wordsLength = try reader.count()
                let wordsStart = reader.offset
                _ = try reader.raw(wordsLength)
                if wordsLength > 0 {
                    state.searchWords = StoredSearchWords(file: data, range: wordsStart..<reader.offset)
                }
                guard reader.isAtEnd else { return nil }
                return state
            } catch {
                return nil
            }
        }
    }

    /// Replaces the state beside `output` with one of `pages`, in their order, and of the links' parts,
    /// for the output at the real path `outputPath`; a failure only costs the next build its head start.
    static func write(
        _ outputPath: String, _ pages: [(path: String, page: Page)], linkKeys: [Fingerprint] = [],
        parts: [String: [LinkPart]] = [:], searchWords: (tables: SearchWordTables, keys: [Fingerprint])? = nil,
        beside output: URL
    ) {
        // Through a buffer of a megabyte, not the whole state (15 MB at 10k links) in memory.
        Self.replace(Self.location(of: output), beside: output) { file in
            file.writer.append(Self.magic)
            file.writer.int(Self.formatVersion)
            file.writer.fingerprint(ProgramIdentity.current)
            file.writer.string(outputPath)
            file.writer.int(pages.count)
            for (path, page) in pages {
                file.writer.string(path)
                file.writer.optional(page.fingerprint) { $0.fingerprint($1) }
                file.writer.optional(page.stamp) { $0.stamp($1) }
                file.flushIfFull()
            }
            file.writer.int(linkKeys.count)
            for key in linkKeys { file.writer.fingerprint(key) }
            file.flushIfFull()
            file.writer.int(parts.count)
            for path in parts.keys.sorted() {
                file.writer.string(path)
                file.writer.int(parts[path]!.count)
                for part in parts[path]! {
                    file.writer.int(part.link)
                    file.writer.int(part.range.lowerBound)
                    file.writer.int(part.range.upperBound)
                }
                file.flushIfFull()
            }
            // The search words last, after their length: a state read is not slowed by decoding them.
            let wordsLength = file.placeholder()
            if let searchWords { StoredSearchWords.write(searchWords.tables, keys: searchWords.keys, to: &file) }
            file.patch(wordsLength, file.offset - wordsLength - 8)
        }
    }

    /// Writes `bytes` to a temporary file and renames it to `destination`.
    static func replace(_ destination: URL, with bytes: [UInt8], beside output: URL) {
        let temporary = temporaryPath(destination, beside: output)
        do {
            _ = try bytes.withUnsafeBytes { try FileIO.writeFile(temporary, $0) }
            if rename(temporary, destination.path) != 0 { unlink(temporary) }
        } catch {
            unlink(temporary)
        }
    }

    /// Has `write` fill a temporary file through a `ChunkedFile`, then renames it to `destination`.
    static func replace(_ destination: URL, beside output: URL, write: (inout ChunkedFile) -> Void) {
        let temporary = temporaryPath(destination, beside: output)
        guard var file = ChunkedFile(temporary) else { return }
        write(&file)
        if file.close(), rename(temporary, destination.path) == 0 { return }
        unlink(temporary)
    }

    /// Named like a build's temporary folder, so the next build removes it if this one is killed.
    private static func temporaryPath(_ destination: URL, beside output: URL) -> String {
        OutputWriter.sibling(
            of: output,
            "linky-tmp-\(destination.pathExtension.isEmpty ? "file" : destination.pathExtension)-\(ProcessInfo.processInfo.processIdentifier)"
        )
        .path
    }
}
