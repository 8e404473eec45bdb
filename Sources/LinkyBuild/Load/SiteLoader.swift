import Foundation
import LinkyModel
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The load stage: finds and reads every file a build needs, in parallel, without interpreting it.
public struct SiteLoader: Sendable {
    public let siteFolder: URL

    public init(siteFolder: URL) {
        self.siteFolder = siteFolder.standardizedFileURL
    }

    /// Reads `linky.yml` (or `linky.yaml`) and `tags.yml`, each when present.
    public func loadSettings() -> (config: SourceFile?, tags: SourceFile?, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let config = ["linky.yml", "linky.yaml"].lazy.compactMap { readIfPresent($0, &diagnostics) }.first
        let tags = ["tags.yml", "tags.yaml"].lazy.compactMap { readIfPresent($0, &diagnostics) }.first
        return (config, tags, diagnostics)
    }

    /// Reads `metadata.json`, what `linky-site fetch` learned from the pages; empty when there is none.
    public func loadMetadataCache() -> (cache: MetadataCache, diagnostics: [Diagnostic]) {
        do {
            return (try MetadataCache.load(fromSiteFolder: siteFolder), [])
        } catch {
            return (
                MetadataCache(),
                [
                    .error(
                        .invalidMetadataCache, at: SourceLocation(path: MetadataCache.fileName),
                        "the metadata cache cannot be read: \(error)",
                        hint:
                            "restore it from git (`git checkout -- metadata.json`) or delete it and run `linky-site fetch`"
                    )
                ]
            )
        }
    }

    /// Reads every Markdown file below `contentDir` and lists `static/`.
    public func loadContent(
        contentDir: String
    ) async -> (files: [SourceFile], folders: [String], staticFiles: [String], diagnostics: [Diagnostic]) {
        let loaded = await loadContent(contentDir: contentDir, stamping: false, reusing: nil)
        let files = loaded.sources.compactMap { source -> SourceFile? in
            if case .read(let file, _) = source { file } else { nil }
        }
        return (files, loaded.folders, loaded.staticFiles, loaded.diagnostics)
    }

    /// One content file: read, or its parse taken from the last build's state because its stamp says
    /// it did not change.
    enum ContentSource: Sendable {
        case read(SourceFile, FileStamp?)
        case reused(path: String, ParsedContent, FileStamp)
    }

    /// `loadContent(contentDir:)`, where each file `store` holds an unchanged parse of is not read.
    /// With `stamping`, each file read is stamped too, for the state this build leaves. The store is
    /// awaited once the content folder is listed: it is read meanwhile.
    func loadContent(
        contentDir: String, stamping: Bool, reusing storeRead: Task<ParseStore?, Never>?
    ) async -> (sources: [ContentSource], folders: [String], staticFiles: [String], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let contentURL = siteFolder.appending(path: contentDir)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: contentURL.path, isDirectory: &isFolder), isFolder.boolValue else {
            diagnostics.append(
                .error(
                    .missingContentFolder, at: SourceLocation(path: contentDir),
                    "the content folder \"\(contentDir)\" does not exist",
                    hint: "create it and put one Markdown file per link in it, or set `content_dir` in linky.yml"))
            return ([], [], [], diagnostics)
        }
        let realSiteFolder = FolderWalk.realPath(siteFolder.path) ?? siteFolder.path
        var walk = FolderWalk(root: siteFolder)
        // Content is published as links and searched: nothing from outside the site may become it.
        walk.confinedTo = realSiteFolder
        walk.outsideSeverity = .error
        walk.outsideConsequence = "read"
        walk.visit(relative: contentDir, keep: { $0.hasSuffix(".md") || $0.hasSuffix(".markdown") })
        diagnostics += walk.diagnostics
        let paths = walk.files.sorted()
        let store = await storeRead?.value
        let (files, readDiagnostics) = await readInParallel(paths, stamping: stamping, reusing: store)
        diagnostics += readDiagnostics

        var staticWalk = FolderWalk(root: siteFolder.appending(path: "static"))
        staticWalk.includeHidden = true
        staticWalk.confinedTo = realSiteFolder
        staticWalk.visit(relative: "", keep: { _ in true })
        diagnostics += staticWalk.diagnostics.map { diagnostic in
            var copy = diagnostic
            let path = copy.location?.path ?? ""
            copy.location?.path = "static/" + path
            return copy
        }
        return (files, walk.folders.sorted(), staticWalk.files.sorted(), diagnostics)
    }

    /// Reads and decodes one file; problems become diagnostics naming it.
    func read(_ relative: String) -> Result<SourceFile, Diagnostic> {
        let data: Data
        switch Self.contents(of: siteFolder.appending(path: relative).path, limit: ContentLimits.maximumFileBytes) {
        case .success(let bytes):
            data = bytes
        case .failure(.system(let code)):
            return .failure(
                .error(
                    .unreadableFile, at: SourceLocation(path: relative),
                    "the file cannot be read (\(String(cString: strerror(code))))",
                    hint: "check that it exists and that you may read it"))
        case .failure(.notAFile):
            return .failure(
                .error(
                    .unreadableFile, at: SourceLocation(path: relative),
                    "this is not a regular file (a device, socket or pipe), so it is not read",
                    hint: "remove it from the site, or replace it with a text file"))
        case .failure(.tooLarge):
            let limit = ContentLimits.shown(ContentLimits.maximumFileBytes)
            return .failure(
                .error(
                    .fileTooLarge, at: SourceLocation(path: relative),
                    "the file is larger than \(limit), the most a source file may be, so it is not read",
                    hint: "split it into several files (a list file per section), or move it out of the site"))
        }
        switch TextDecoding.decode(data) {
        case .success(let text):
            return .success(SourceFile(path: relative, text: text))
        case .failure(.invalidUTF8(let line)):
            return .failure(
                .error(
                    .invalidEncoding, at: SourceLocation(path: relative, line: line), "the file is not valid UTF-8",
                    hint: "save it as UTF-8 (most editors have an \"encoding\" choice when saving)"))
        case .failure(.binary(let line)):
            return .failure(
                .error(
                    .invalidEncoding, at: SourceLocation(path: relative, line: line),
                    "the file contains NUL bytes: it is binary, not text",
                    hint: "remove it from the content folder, or save it as UTF-8 text"))
        }
    }
}

// MARK: - Helpers

private extension SiteLoader {
    func readIfPresent(_ relative: String, _ diagnostics: inout [Diagnostic]) -> SourceFile? {
        guard FileManager.default.fileExists(atPath: siteFolder.appending(path: relative).path) else { return nil }
        switch read(relative) {
        case .success(let file): return file
        case .failure(let diagnostic):
            diagnostics.append(diagnostic)
            return nil
        }
    }

    /// Reads files on threads of its own; results keep the order of `paths`.
    ///
    /// Reading is mostly waiting for the disk when the files are not in the page cache (a fresh
    /// checkout, or a large collection the kernel has evicted): the concurrency pool has one thread
    /// per core, so it kept two reads in flight and left the cores idle. Sixteen threads keep sixteen.
    func readInParallel(
        _ paths: [String], stamping: Bool, reusing store: ParseStore?
    ) async -> ([ContentSource], [Diagnostic]) {
        let folder = siteFolder.path
        let results = await ReaderThreads.map(paths.count) { index -> Result<ContentSource, Diagnostic> in
            let path = paths[index]
            guard stamping || store != nil else { return read(path).map { .read($0, nil) } }
            // Stamped before reading: a change while it is read gives the file a newer stamp than this.
            let stamp = FileStamp.of(folder + "/" + path)
            if let stamp, let parsed = store?.parse(of: path, stamp: stamp) {
                return .success(.reused(path: path, parsed, stamp))
            }
            return read(path).map { .read($0, stamp) }
        }
        var sources: [ContentSource] = []
        var diagnostics: [Diagnostic] = []
        for result in results {
            switch result {
            case .success(let source): sources.append(source)
            case .failure(let diagnostic): diagnostics.append(diagnostic)
            }
        }
        return (sources, diagnostics)
    }

    enum ReadFailure: Error {
        case system(Int32)
        case notAFile
        case tooLarge
    }

    /// A regular file's bytes, at most `limit` of them: the size is checked before reading, and the
    /// read stops after `limit` bytes, so a file that grows meanwhile is refused too, never read whole.
    static func contents(of path: String, limit: Int) -> Result<Data, ReadFailure> {
        // Not blocking: a pipe in the content folder must not hang the build (regular files ignore it).
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(.system(errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.system(errno)) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { return .failure(.notAFile) }
        guard Int(status.st_size) <= limit else { return .failure(.tooLarge) }
        var data = Data(count: Int(status.st_size) + 1)
        var filled = 0
        while true {
            if filled == data.count {
                guard data.count <= limit else { return .failure(.tooLarge) }
                data.count = min(data.count * 2, limit + 1)
            }
            let count = data.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.system(errno))
            }
            filled += count
        }
        guard filled <= limit else { return .failure(.tooLarge) }
        data.count = filled
        return .success(data)
    }
}

/// `read(2)`, named apart from `SiteLoader.read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
    #else
        Darwin.read(descriptor, buffer, count)
    #endif
}

/// Runs blocking work (file reads) on threads of its own, off the concurrency pool.
enum ReaderThreads {
    static let count = 16

    /// `work(0)…work(count - 1)`, in that order, computed on up to `ReaderThreads.count` threads.
    static func map<T: Sendable>(_ count: Int, _ work: @escaping @Sendable (Int) -> T) async -> [T] {
        guard count > 0 else { return [] }
        let threads = min(Self.count, count)
        // Indices are taken 16 at a time: few lock turns, and neighbours (files of one folder) together.
        let next = Mutex(0)
        // Each thread's results with their indices; put in order once all are in.
        let collected = Mutex<(threads: Int, results: [(Int, T)])>((0, []))
        let results = await withCheckedContinuation { (continuation: CheckedContinuation<[(Int, T)], Never>) in
            for _ in 0..<threads {
                let thread = Thread {
                    var local: [(Int, T)] = []
                    while true {
                        let start = next.withLock { next -> Int in
                            defer { next += 16 }
                            return next
                        }
                        guard start < count else { break }
                        for index in start..<min(start + 16, count) { local.append((index, work(index))) }
                    }
                    let all = collected.withLock { collected -> [(Int, T)]? in
                        collected.results += local
                        collected.threads += 1
                        return collected.threads == threads ? collected.results : nil
                    }
                    if let all { continuation.resume(returning: all) }
                }
                thread.stackSize = 1 << 20
                thread.start()
            }
        }
        var ordered = [T?](repeating: nil, count: count)
        for (index, value) in results { ordered[index] = value }
        return ordered.map { $0! }
    }
}
