import Foundation
import LinkyModel

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
        // Settings written for another tool's format are never read: say so rather than ignore them.
        for name in ["linky.toml", "linky.json", "config.toml"]
        where FileManager.default.fileExists(atPath: siteFolder.appending(path: name).path) {
            guard name != "config.toml" || config == nil else { continue }
            let message =
                config == nil
                ? "\(name) is not read: linky-site's settings are YAML, in linky.yml"
                : "\(name) is not read: the settings are in \(config!.path)"
            let hint = "write the settings as YAML in linky.yml (`title: My links`); see the README's linky.yml table"
            diagnostics.append(
                config == nil && name != "config.toml"
                    ? .error(.invalidConfig, at: SourceLocation(path: name), message, hint: hint)
                    : .warning(.invalidConfig, at: SourceLocation(path: name), message, hint: hint))
        }
        return (config, tags, diagnostics)
    }

    /// Reads `metadata.json`, what `linky-site fetch` learned from the pages; empty when there is none.
    public func loadMetadataCache() -> (cache: MetadataCache, diagnostics: [Diagnostic]) {
        committedFile(
            MetadataCache.fileName, empty: MetadataCache(), severity: .error, load: MetadataCache.load,
            says: "the metadata cache cannot be read", runs: "linky-site fetch")
    }

    /// Reads `projects.json`, what `fetch` read of the repositories the links point at; empty when there
    /// is none. A damaged file is a warning: the site builds without project data.
    public func loadProjects() -> (data: ProjectData, diagnostics: [Diagnostic]) {
        committedFile(
            ProjectData.fileName, empty: ProjectData(), severity: .warning, load: ProjectData.load,
            says: "the project data cannot be read, so no card shows stars or updates",
            runs: "linky-site fetch --projects-only")
    }

    /// Reads `link-status.json`, what `check --links` found; empty when there is none.
    public func loadLinkHealth() -> (file: LinkHealthFile, diagnostics: [Diagnostic]) {
        committedFile(
            LinkHealthFile.fileName, empty: LinkHealthFile(), severity: .warning, load: LinkHealthFile.load,
            says: "the link status file cannot be read, so no link is marked dead or moved",
            runs: "linky-site check --links")
    }

    /// A file a command writes beside `linky.yml` for the site to commit (`name`), read with `load`: one
    /// that cannot be read is `empty` and a diagnostic of `severity` at it that `says` why and how to make
    /// it again (restore it from git, or delete it and run the command that `runs`).
    private func committedFile<File>(
        _ name: String, empty: File, severity: Diagnostic.Severity, load: (URL) throws -> File, says: String,
        runs: String
    ) -> (File, [Diagnostic]) {
        do {
            return (try load(siteFolder), [])
        } catch {
            var diagnostic = Diagnostic.warning(
                .invalidMetadataCache, at: SourceLocation(path: name), "\(says): \(error)",
                hint: "restore it from git (`git checkout -- \(name)`) or delete it and run `\(runs)`")
            diagnostic.severity = severity
            return (empty, [diagnostic])
        }
    }

    /// Reads `pictures/index.json`, the link cards' pictures `fetch` made; empty when there is none.
    /// An entry whose files are not all in `pictures/` is left out with a warning (its links show
    /// their drawn initial): the build never copies a file that is not there.
    public func loadPictureIndex() -> (index: PictureIndex, diagnostics: [Diagnostic]) {
        let indexPath = "\(PictureIndex.folderName)/\(PictureIndex.fileName)"
        let hint =
            "restore `\(PictureIndex.folderName)/` from git, or run `linky-site fetch` to make the pictures again"
        var index: PictureIndex
        do {
            index = try PictureIndex.load(fromSiteFolder: siteFolder)
        } catch {
            return (
                PictureIndex(),
                [
                    .warning(
                        .invalidPictureCache, at: SourceLocation(path: indexPath),
                        "the picture cache cannot be read, so cards show no pictures: \(error)", hint: hint)
                ]
            )
        }
        guard !index.entries.isEmpty else { return (index, []) }
        let folder = siteFolder.appending(path: PictureIndex.folderName).path
        var missing: [(address: String, file: String)] = []
        var refused: [String: Diagnostic] = [:]
        for (address, entry) in index.entries {
            var usable = true
            for file in entry.files {
                var status = stat()
                guard lstat(folder + "/" + file.name, &status) == 0 else {
                    missing.append((address, file.name))
                    usable = false
                    break
                }
                guard (status.st_mode & S_IFMT) != S_IFREG else { continue }
                // `fetch` writes every picture as a file of its own: anything else was put there by
                // hand, and a symbolic link would publish what it points to (`~/.ssh/id_rsa`). The
                // copy opens each picture without following links, whatever this check saw.
                usable = false
                let path = "\(PictureIndex.folderName)/\(file.name)"
                let isLink = (status.st_mode & S_IFMT) == S_IFLNK
                refused[path] = .warning(
                    isLink ? .outsideSite : .unreadableFile, at: SourceLocation(path: path),
                    "this picture is \(RegularFile.kind(of: status.st_mode)), not a file `fetch` made, so it is not published; the links of \(address) show no picture",
                    hint: "delete it and run `linky-site fetch` to make the picture again")
            }
            if !usable { index.entries[address] = nil }
        }
        let refusals = refused.keys.sorted().map { refused[$0]! }
        guard let first = missing.min(by: { $0.file < $1.file }) else { return (index, refusals) }
        let others =
            missing.count > 1 ? " (and \(missing.count - 1) other picture\(missing.count == 2 ? "" : "s"))" : ""
        return (
            index,
            [
                .warning(
                    .invalidPictureCache, at: SourceLocation(path: indexPath),
                    "\(PictureIndex.folderName)/\(first.file), made from \(first.address), is missing\(others); those links show no picture",
                    hint: hint)
            ] + refusals
        )
    }

    /// Reads every Markdown file below `contentDir` and lists `static/`.
    public func loadContent(
        contentDir: String
    ) async -> (files: [SourceFile], folders: [String], staticFiles: [String], diagnostics: [Diagnostic]) {
        let loaded = await readContent(listContent(contentDir: contentDir))
        return (loaded.readFiles, loaded.folders, loaded.staticFiles, loaded.diagnostics)
    }

    /// The content folder's Markdown files and folders and the files of `static/`, each sorted.
    struct ContentListing: Sendable {
        var paths: [String] = []
        var folders: [String] = []
        var staticFiles: [String] = []
        var diagnostics: [Diagnostic] = []
    }

    /// One content file, as loading left it.
    enum ContentSource: Sendable {
        /// Read: its text, with its stamp when the build asked for stamps.
        case read(SourceFile, FileStamp?)
        /// Not read: the build already has its parse under this stamp (see `readContent`).
        case unchanged(path: String, FileStamp)
    }

    /// The listing with its files read, in its order.
    struct LoadedContent: Sendable {
        var sources: [ContentSource] = []
        var folders: [String] = []
        var staticFiles: [String] = []
        var diagnostics: [Diagnostic] = []

        /// The files read (the others are `unchanged`).
        var readFiles: [SourceFile] { sources.readFiles }
    }

    /// Lists the content folder (Markdown files) and `static/` (every file).
    func listContent(contentDir: String) -> ContentListing {
        var listing = ContentListing()
        let contentURL = siteFolder.appending(path: contentDir)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: contentURL.path, isDirectory: &isFolder), isFolder.boolValue else {
            listing.diagnostics.append(
                .error(
                    .missingContentFolder, at: SourceLocation(path: contentDir),
                    "the content folder \"\(contentDir)\" does not exist",
                    hint: "create it and put one Markdown file per link in it, or set `content_dir` in linky.yml"))
            return listing
        }
        let realSiteFolder = FileIO.realPath(siteFolder.path) ?? siteFolder.path
        var walk = FolderWalk(root: siteFolder)
        // Content is published as links and searched: nothing from outside the site may become it.
        walk.confinedTo = realSiteFolder
        walk.outsideSeverity = .error
        walk.outsideConsequence = "read"
        walk.visit(relative: contentDir, keep: { $0.hasSuffix(".md") || $0.hasSuffix(".markdown") })
        listing.diagnostics += walk.diagnostics
        listing.paths = walk.files.sorted()
        listing.folders = walk.folders.sorted()

        var staticWalk = FolderWalk(root: siteFolder.appending(path: "static"))
        staticWalk.includeHidden = true
        staticWalk.confinedTo = realSiteFolder
        staticWalk.visit(relative: "", keep: { _ in true })
        listing.diagnostics += staticWalk.diagnostics.map { diagnostic in
            var copy = diagnostic
            let path = copy.location?.path ?? ""
            copy.location?.path = "static/" + path
            return copy
        }
        listing.staticFiles = staticWalk.files.sorted()
        return listing
    }

    /// Reads the listed content files, in parallel. With `stamping`, each file is stamped (before it is
    /// read, so a change meanwhile gives it a newer stamp); a file for which `unchanged` says the build
    /// already has its parse under its stamp is not read.
    func readContent(
        _ listing: ContentListing, stamping: Bool = false,
        unchanged: (@Sendable (_ path: String, FileStamp) -> Bool)? = nil
    ) async -> LoadedContent {
        let folder = siteFolder.path
        let paths = listing.paths
        let results = await ReaderThreads.map(paths.count) { index -> Result<ContentSource, Diagnostic> in
            let path = paths[index]
            guard stamping || unchanged != nil else { return read(path).map { .read($0, nil) } }
            let stamp = FileStamp.of(folder + "/" + path)
            if let stamp, let unchanged, unchanged(path, stamp) { return .success(.unchanged(path: path, stamp)) }
            return read(path).map { .read($0, stamp) }
        }
        var loaded = LoadedContent(
            folders: listing.folders, staticFiles: listing.staticFiles, diagnostics: listing.diagnostics)
        for result in results {
            switch result {
            case .success(let source): loaded.sources.append(source)
            case .failure(let diagnostic): loaded.diagnostics.append(diagnostic)
            }
        }
        return loaded
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
        case .failure(.notAFile(let kind)):
            return .failure(
                .error(
                    .unreadableFile, at: SourceLocation(path: relative),
                    "this is \(kind), not a regular file, so it is not read",
                    hint: "remove it from the site, or replace it with a text file"))
        case .failure(.tooLarge):
            let limit = ContentLimits.shown(ContentLimits.maximumFileBytes)
            return .failure(
                .error(
                    .fileTooLarge, at: SourceLocation(path: relative),
                    "the file is larger than \(limit), the most a source file may be, so it is not read",
                    hint: "split it into several files (a list file per section), or move it out of the site"))
        case .failure(let failure):  // symbolic links are followed and the bytes are not decoded here
            return .failure(
                .error(
                    .unreadableFile, at: SourceLocation(path: relative), "the file cannot be read: \(failure.reason)",
                    hint: "replace it with a text file"))
        }
        switch TextDecoding.decode(data) {
        case .success(let text):
            if let line = ContentLimits.oversizedBlock(in: text) {
                let limit = ContentLimits.shown(ContentLimits.maximumBlockBytes)
                return .failure(
                    .error(
                        .fileTooLarge, at: SourceLocation(path: relative, line: line),
                        "the paragraph that starts here is longer than \(limit), the most one may be, so the file is not read",
                        hint: "break it into paragraphs with blank lines, or into list items"))
            }
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

extension SiteLoader {
    func readIfPresent(_ relative: String, _ diagnostics: inout [Diagnostic]) -> SourceFile? {
        guard FileManager.default.fileExists(atPath: siteFolder.appending(path: relative).path) else { return nil }
        switch read(relative) {
        case .success(let file): return file
        case .failure(let diagnostic):
            diagnostics.append(diagnostic)
            return nil
        }
    }

    /// A regular file's bytes, at most `limit` of them (see `RegularFile.read`).
    static func contents(of path: String, limit: Int) -> Result<Data, RegularFile.Failure> {
        RegularFile.read(path, limit: limit)
    }
}

extension [SiteLoader.ContentSource] {
    /// The files read, in order (the others are `unchanged`).
    var readFiles: [SourceFile] {
        compactMap { source -> SourceFile? in
            if case .read(let file, _) = source { file } else { nil }
        }
    }
}
