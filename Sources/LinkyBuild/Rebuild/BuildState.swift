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
///   Written after the output is complete, with the output's other files (static copies, the PDF)
///   and the stamp of its marker file, touched after the build's last change to the output: a folder
///   of the output changed before that (its status-change time is earlier) is as the build left it,
///   so the next build need not list it.
///
/// Neither decides what the output contains, only what need not be done again. Another program, other
/// settings (`linky.yml`, `metadata.json`, flags) or a damaged file drop them, and the build runs as if
/// they were not there. Each is written to a temporary file renamed into place; a build killed before
/// that leaves the previous one, which the checks above keep safe.
struct BuildState: Sendable {
    static let magic = Array("linky-site build state\n".utf8)
    static let formatVersion = 4

    /// The output's real path: pages are only ever skipped for the output they were written to.
    var output: String
    var pages: [String: Page] = [:]
    /// The output's files that are not planned paths: the files planned ones make besides their own
    /// (the search index's script, the search shards), static files, the PDF.
    var others: [String] = []
    /// The stamp of the output's marker file (`OutputWriter.marker`) just after the build's last change
    /// to the output; nil when a change may have failed (`OutputUpdate.Counts.marker`).
    var marker: FileStamp?

    struct Page: Sendable, Equatable {
        /// Nil for a file that is always rendered (listed for `MovedPaths`, which needs every path).
        var fingerprint: Fingerprint?
        /// Nil when the file's stamp is not known: it is rendered again.
        var stamp: FileStamp?
    }

    static func location(of output: URL) -> URL { sibling(of: output, "linky-state") }

    /// `.NAME.SUFFIX` beside the output, like the journal of an update.
    static func sibling(of output: URL, _ suffix: String) -> URL {
        output.deletingLastPathComponent().appending(path: ".\(output.lastPathComponent).\(suffix)")
    }

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
                    state.pages[path] = Page(fingerprint: fingerprint, stamp: stamp)
                }
                state.others = try reader.array { (r: inout ByteReader) throws(ByteReader.Malformed) in try r.string() }
                state.marker = try reader.optional { (r: inout ByteReader) throws(ByteReader.Malformed) in
                    try r.stamp()
                }
                guard reader.isAtEnd else { return nil }
                return state
            } catch {
                return nil
            }
        }
    }

    /// Replaces the state beside `output` with one of `pages`, in their order, `others` and `marker`,
    /// for the output at the real path `outputPath`; a failure only costs the next build its head start.
    static func write(
        _ outputPath: String, _ pages: [(path: String, page: Page)], others: [String] = [], marker: FileStamp? = nil,
        beside output: URL
    ) {
        var writer = ByteWriter(capacity: pages.count * 96 + 256)
        writer.append(Self.magic)
        writer.int(Self.formatVersion)
        writer.fingerprint(ProgramIdentity.current)
        writer.string(outputPath)
        writer.int(pages.count)
        for (path, page) in pages {
            writer.string(path)
            writer.optional(page.fingerprint) { $0.fingerprint($1) }
            writer.optional(page.stamp) { $0.stamp($1) }
        }
        writer.array(others) { $0.string($1) }
        writer.optional(marker) { $0.stamp($1) }
        Self.replace(Self.location(of: output), with: writer.bytes, beside: output)
    }

    /// Writes `bytes` to a temporary file and renames it to `destination`.
    static func replace(_ destination: URL, with bytes: [UInt8], beside output: URL) {
        let temporary = temporaryPath(destination, beside: output)
        do {
            _ = try bytes.withUnsafeBytes { try OutputWriter.writeFile(temporary, $0) }
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
        sibling(of: output, "linky-tmp-\(destination.lastPathComponent)-\(ProcessInfo.processInfo.processIdentifier)")
            .path
    }
}

/// A file written through one buffer of about a megabyte, emptied into the file each time it fills: a
/// 100,000-link parse store is 300 MB, which a buffer of its own would add to the build's memory.
struct ChunkedFile {
    static let chunk = 1 << 20

    /// What is not yet in the file: append to it, then call `flushIfFull` where the file may be cut.
    var writer = ByteWriter(capacity: ChunkedFile.chunk + ChunkedFile.chunk / 4)
    private let path: String
    private let descriptor: Int32
    private var failed = false

    init?(_ path: String) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        self.path = path
    }

    /// Writes the buffer out once it holds a chunk.
    mutating func flushIfFull() {
        if writer.bytes.count >= Self.chunk { flush() }
    }

    private mutating func flush() {
        do {
            try writer.bytes.withUnsafeBytes { try OutputWriter.writeAll(descriptor, $0, path: path) }
        } catch {
            failed = true
        }
        writer.removeAll()
    }

    /// Writes what is left and closes the file; false when anything could not be written.
    consuming func close() -> Bool {
        flush()
        return Glibc.close(descriptor) == 0 && !failed
    }
}

/// The parses of the last build (`.NAME.linky-parses`, see `BuildState`), read once and kept as
/// bytes: a parse is decoded only for a file found unchanged.
struct ParseStore: Sendable {
    static let magic = Array("linky-site parses\n".utf8)

    /// The program and every input a parse depends on besides the file itself.
    let key: Fingerprint
    private let data: MappedFile
    /// Each file's stamp and where its parse is in `data` (its last record: later ones replace earlier).
    private let entries: [String: (stamp: FileStamp, range: Range<Int>)]
    /// How many records the file holds, replaced ones included.
    let records: Int
    /// The file ends in an incomplete record (a build was killed while appending): appending after it
    /// would lose what follows, so the next store is written anew.
    let isDamaged: Bool

    var count: Int { entries.count }
    var byteCount: Int { data.count }

    static func location(of output: URL) -> URL { BuildState.sibling(of: output, "linky-parses") }

    /// The stored parse of `path`, when the file still has the stamp it had.
    func parse(of path: String, stamp: FileStamp) -> ParsedContent? {
        guard let entry = entries[path], entry.stamp == stamp else { return nil }
        return data.withUnsafeBytes { bytes in
            var reader = ByteReader(UnsafeRawBufferPointer(rebasing: bytes[entry.range]))
            guard let parsed = try? ParsedContent(reading: &reader), reader.isAtEnd else { return nil }
            return parsed
        }
    }

    /// Whether the store holds `path` under `stamp` already.
    func holds(_ path: String, stamp: FileStamp) -> Bool { entries[path]?.stamp == stamp }

    /// The store beside `output` made with `key`, or nil when there is none usable.
    ///
    /// After the header come records, each a length and then a path, a stamp and a parse. A build
    /// appends the records of the files it parsed; a record cut short by a kill ends the reading.
    static func read(beside output: URL, key: Fingerprint) -> ParseStore? {
        guard let data = MappedFile(location(of: output).path) else { return nil }
        var records = 0
        var damaged = false
        let entries = data.withUnsafeBytes { buffer -> [String: (stamp: FileStamp, range: Range<Int>)]? in
            var reader = ByteReader(buffer)
            do {
                guard Array(try reader.raw(magic.count)) == magic, try reader.int() == BuildState.formatVersion,
                    try reader.fingerprint() == key
                else { return nil }
            } catch {
                return nil
            }
            var entries: [String: (stamp: FileStamp, range: Range<Int>)] = [:]
            entries.reserveCapacity(buffer.count / 2048)
            while !reader.isAtEnd {
                do {
                    let length = try reader.count()
                    var record = ByteReader(try reader.raw(length))
                    let path = try record.string()
                    let stamp = try record.stamp()
                    let parseStart = reader.offset - length + record.offset
                    entries[path] = (stamp, parseStart..<reader.offset)
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
        guard let entry = entries[path] else { return }
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

/// A file's inode, size and times: what tells, without reading it, that a file is the one seen before.
struct FileStamp: Hashable, Sendable {
    var inode: UInt64
    var size: Int64
    /// Modification and status-change times, in nanoseconds.
    var modified: Int64
    var changed: Int64

    /// The stamp of the file at `path` (symbolic links followed), nil when there is none.
    static func of(_ path: String) -> FileStamp? {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileStamp(status)
    }

    /// An output file's stamp leaves out the change time, which moving the file into place changes.
    static func ofOutput(_ path: String) -> FileStamp? { of(path)?.withoutChangeTime }

    init(_ status: stat) {
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        changed = Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
    }

    init(inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    var withoutChangeTime: FileStamp {
        var copy = self
        copy.changed = 0
        return copy
    }

    /// Last touched a second or more before `instant`: a later change gives it a later time.
    func isSettled(before instant: Int64) -> Bool {
        max(modified, changed) < instant - 1_000_000_000
    }

    /// Now, in the nanoseconds of file times.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}

extension ByteWriter {
    mutating func stamp(_ stamp: FileStamp) {
        uint64(stamp.inode)
        int64(stamp.size)
        int64(stamp.modified)
        int64(stamp.changed)
    }
}

extension ByteReader {
    mutating func stamp() throws(Malformed) -> FileStamp {
        FileStamp(inode: try uint64(), size: try int64(), modified: try int64(), changed: try int64())
    }
}

/// This program, as far as a state file is concerned: another binary (a new version, a rebuilt one)
/// may parse and render differently, so it drops what an earlier one stored.
enum ProgramIdentity {
    static let current: Fingerprint = {
        var writer = ByteWriter()
        writer.int(BuildState.formatVersion)
        if let stamp = FileStamp.of("/proc/self/exe") ?? CommandLine.arguments.first.flatMap(FileStamp.of) {
            writer.stamp(stamp)
        } else {
            // Nothing to recognise the program by: a key no state matches.
            writer.int64(FileStamp.now())
        }
        return Fingerprint(writer.bytes)
    }()
}

/// The parses a build read, for the next build's `ParseStore`.
enum StoredParses {
    /// Brings the store beside `output` up to date: the records of the files parsed are appended to it,
    /// or — when it was made with another key, is damaged, or holds more replaced records than live
    /// ones — it is written anew from the records kept and those made. A file read without a stamp (it
    /// vanished meanwhile), or changed less than a second before `started`, is not stored.
    static func write(
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
        let location = ParseStore.location(of: output)
        if let previous, !previous.isDamaged, previous.records + fresh.count <= 2 * sources.count + 64 {
            // Appended in one write; nothing to append, nothing written.
            guard !fresh.isEmpty else { return }
            var writer = ByteWriter(capacity: fresh.count * 4096)
            for entry in fresh {
                ParseStore.appendRecord(entry.path, entry.stamp, to: &writer) { entry.parse.write(to: &$0) }
            }
            let descriptor = open(location.path, O_WRONLY | O_APPEND | O_CLOEXEC)
            guard descriptor >= 0 else { return }
            defer { close(descriptor) }
            // A failed append leaves a record cut short, which the next build reads as damage.
            try? writer.bytes.withUnsafeBytes { try OutputWriter.writeAll(descriptor, $0, path: location.path) }
            return
        }
        BuildState.replace(location, beside: output) { file in
            file.writer.append(ParseStore.magic)
            file.writer.int(BuildState.formatVersion)
            file.writer.fingerprint(key)
            for source in sources {
                guard case .reused(let path, _, _) = source else { continue }
                previous?.appendStored(path, to: &file.writer)
                file.flushIfFull()
            }
            for entry in fresh {
                ParseStore.appendRecord(entry.path, entry.stamp, to: &file.writer) { entry.parse.write(to: &$0) }
                file.flushIfFull()
            }
        }
    }
}

/// What `prepare` hands the rest of a build that writes: the last build's state and this one's parses
/// being written.
struct StateInProgress: Sendable {
    /// What the last build into the output left, when it can be used.
    var previous: BuildState?
    var parseKey: Fingerprint
    var started: Int64
    var parsesWritten: Task<Void, Never>?
    /// The output as this build found it, looked at while the site resolves.
    var outputLook: Task<OutputLook, Never>?

    init(previous: BuildState?, parseKey: Fingerprint, started: Int64) {
        self.previous = previous
        self.parseKey = parseKey
        self.started = started
    }
}

/// The output as a rebuild finds it, looked at while the site resolves: the stamp of each file the
/// last build wrote (nil when it is gone), and every file there, for `OutputUpdate` to find those to
/// remove. Taken after any interrupted update was finished, before anything is written.
struct OutputLook: Sendable {
    var stamps: [String: FileStamp?] = [:]
    var existing: [String]?

    init(output: URL, previous: BuildState) {
        guard FileManager.default.fileExists(atPath: output.appending(path: OutputWriter.marker).path) else { return }
        let root = output.path
        stamps.reserveCapacity(previous.pages.count)
        for (path, page) in previous.pages where page.fingerprint != nil && page.stamp != nil {
            stamps[path] = FileStamp.ofOutput(root + "/" + path)
        }
        existing = try? OutputUpdate.filesBelow(output, known: KnownFolders(previous, output: output))
    }
}

/// The output's folders as the last build left them, when it can be told which are still so: those
/// whose status-change time is earlier than that of the marker file, which the build touched after its
/// last change to the output. Any later change to a folder's entries (a file added, removed or renamed
/// there, by anyone) gives it a time no earlier than the marker's, so such a folder is listed again;
/// a change within the clock's tick gives it the marker's time, which is not earlier either.
struct KnownFolders: Sendable {
    /// Per folder (a path relative to the output, "" for the output itself): its files, as paths relative
    /// to the output, and its subfolders.
    private var folders: [PathKey: (files: [String], subfolders: [String])] = [:]
    /// The marker's status-change time, in nanoseconds.
    let settledBefore: Int64

    /// Nil unless the marker still has the stamp `previous` recorded and the clock has not gone back
    /// since: otherwise the whole output is listed.
    init?(_ previous: BuildState, output: URL) {
        let marker = output.appending(path: OutputWriter.marker).path
        guard let recorded = previous.marker, FileStamp.of(marker) == recorded, FileStamp.now() >= recorded.changed
        else { return nil }
        self.init(
            files: Array(previous.pages.keys) + previous.others + [OutputWriter.marker], settledBefore: recorded.changed
        )
    }

    /// The folders that hold `files`, paths relative to the output.
    init(files: [String], settledBefore: Int64) {
        self.settledBefore = settledBefore
        folders.reserveCapacity(files.count)
        folders[PathKey("")] = ([], [])
        for path in files { add(path) }
    }

    private mutating func add(_ path: String) {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else {
            folders[PathKey("")]!.files.append(path)
            return
        }
        let folder = path[..<slash]
        if folders[PathKey(folder)] == nil {
            // A new folder: it, and the folders above it it is the first to need.
            var child = folder
            folders[PathKey(child)] = ([], [])
            while true {
                let parent = child.utf8.lastIndex(of: UInt8(ascii: "/")).map { child[..<$0] } ?? ""
                let known = folders[PathKey(parent)] != nil
                folders[PathKey(parent), default: ([], [])].subfolders.append(String(child))
                if known { break }
                child = parent
            }
        }
        folders[PathKey(folder)]!.files.append(path)
    }

    /// The files and subfolders of the folder `relative` (at `path`) when it is as the last build left it.
    func unchanged(_ relative: String, at path: String) -> (files: [String], subfolders: [String])? {
        guard let entry = folders[PathKey(relative[...])] else { return nil }
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR,
            FileStamp(status).changed < settledBefore
        else { return nil }
        return entry
    }
}

/// A path hashed and compared by its UTF-8 bytes. A `String` key is normalized for each hash, which
/// thousands of paths the program wrote itself do not need.
struct PathKey: Hashable, Sendable {
    var path: Substring

    init(_ path: Substring) { self.path = path }

    static func == (lhs: PathKey, rhs: PathKey) -> Bool { lhs.path.utf8.elementsEqual(rhs.path.utf8) }

    func hash(into hasher: inout Hasher) {
        var path = path
        path.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// A file mapped into memory, read-only, for as long as the value lives: the state files are read where
/// the page cache holds them, not copied (reading a 30 MB parse store into new memory was a tenth of a
/// rebuild).
final class MappedFile: Sendable {
    /// The mapping's address (an integer, so the class is `Sendable`: the bytes are never written).
    private let address: Int
    let count: Int

    init?(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        count = Int(status.st_size)
        guard count > 0 else {
            address = 0
            return
        }
        // The state files are only ever replaced by a rename or appended to, never rewritten in place,
        // so the mapped bytes stay as they were read.
        let mapped = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let mapped, mapped != MAP_FAILED else { return nil }
        address = Int(bitPattern: mapped)
    }

    deinit {
        if let base = UnsafeMutableRawPointer(bitPattern: address) { munmap(base, count) }
    }

    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: address), count: count))
    }
}
