import Foundation
import LinkyModel
import LinkyTheme

/// The incremental work of a build that writes, beside the pipeline: the stages are handed it and
/// ask it three things — is this file's parse stored (`ParseReuse`)? which planned pages are as the
/// last build wrote them (`select`)? — and it records what the build did, for the next one. A build
/// without it (`--no-cache`, `check`, `serve`) makes everything and leaves nothing beside the output.
///
/// It reads and writes three files beside the output, described in `BuildState`, `ParseStore` and
/// `PictureIndexStore`.
/// Neither decides what the output contains, only what need not be done again.
struct BuildCache: Sendable {
    let output: URL
    /// What the last build into the output left, when it can be used.
    let previous: BuildState?
    /// The program, the settings and `metadata.json`: what every stored parse depends on.
    let parseKey: Fingerprint
    /// When the build began, in the nanoseconds of file times: a file changed after is not stored.
    let started: Int64
    /// The layers in use (all but when one is measured).
    let layers: CacheLayers
    /// The last build's parses, once read (`readParses`).
    private(set) var parses: ParseStore?
    private var parsesWritten: Task<Void, Never>?
    private var look: Task<OutputLook, Never>?

    /// The cache of the output at `output`, with the last build's state read.
    init(beside output: URL, config: SiteConfig, siteFolder: URL, layers: CacheLayers = .all) {
        self.output = output
        self.layers = layers
        parseKey = ParseStore.key(config: config, siteFolder: siteFolder)
        started = FileStamp.now()
        previous = BuildState.read(beside: output)
    }

    // MARK: - Load and parse

    /// Reads the last build's parses (mapped, decoded only for the files found unchanged).
    mutating func readParses() {
        guard layers.contains(.parses) else { return }
        parses = ParseStore.read(beside: output, key: parseKey)
    }

    /// Stores the parses of the files this build read, for the next build, while the build goes on:
    /// a parse is true of its file whatever becomes of the build.
    mutating func keepParses(_ sources: [SiteLoader.ContentSource], _ parsed: [ParsedContent]) {
        guard layers.contains(.parses) else { return }
        let (previous, key, started, output) = (parses, parseKey, started, output)
        parsesWritten = Task {
            ParseStore.update(sources, parsed, previous: previous, key: key, started: started, beside: output)
        }
    }

    /// `pictures/index.json`, from the copy the last build kept when neither it nor `pictures/` has
    /// changed (`PictureIndexStore`); else read, and kept for the next build when all is well.
    func loadPictures(_ loader: SiteLoader) -> (index: PictureIndex, diagnostics: [Diagnostic]) {
        guard layers.contains(.parses),
            let key = PictureIndexStore.key(siteFolder: loader.siteFolder, started: started)
        else { return loader.loadPictureIndex() }
        if let stored = PictureIndexStore.read(beside: output, key: key) { return (stored, []) }
        let loaded = loader.loadPictureIndex()
        if loaded.diagnostics.isEmpty { PictureIndexStore.write(loaded.index, key: key, beside: output) }
        return loaded
    }

    // MARK: - Plan and render

    /// Starts looking at the output as the last build left it (the stamps of its pages, the files
    /// there), while the site resolves.
    mutating func lookAtOutput() {
        guard let previous else { return }
        let output = output
        look = Task { OutputLook(output: output, previous: previous) }
    }

    /// The output as the last build left it, for `MovedPaths`.
    var previousOutput: MovedPaths.PreviousOutput? {
        guard let previous else { return nil }
        return MovedPaths.PreviousOutput(
            paths: previous.pages, linksJSONStamp: previous.pages[PathKey("links.json")]?.stamp)
    }

    /// Which planned files to render: those whose fingerprint or file changed since the last build.
    /// An output written anew (`inPlace` false: there is none yet, or the PDF needs a new folder)
    /// renders every file.
    func select(_ plan: [PlannedFile], fingerprints: PageFingerprints, inPlace: Bool) async -> RebuildPlan {
        let reuse = inPlace && layers.contains(.pages)
        return await RebuildPlan(
            plan: plan, fingerprints: fingerprints, previous: reuse ? previous : nil, output: output,
            look: reuse ? await look?.value : nil)
    }

    /// The last build's parts of the files made from every link, for an output updated in place.
    /// `keys`: this build's part keys (`PageFingerprints.partKeys`).
    func previousParts(keys: [Fingerprint], inPlace: Bool) -> PreviousLinkParts? {
        guard inPlace, layers.contains(.parts), let previous, previous.output == FileIO.realPath(output) else {
            return nil
        }
        return PreviousLinkParts(previous: previous, keys: keys, output: output)
    }

    /// The last build's search word table, for the shards to patch, and where they leave this build's
    /// for `record`. Content, not output: it serves an output written anew too.
    func searchWords() -> SearchWordStore? {
        guard layers.contains(.words) else { return nil }
        return SearchWordStore(previous: previous?.searchWords)
    }

    /// Every file of the output as found before writing, when looked at; nil lists it anew.
    func existingFiles() async -> [String]? { await look?.value.existing }

    /// The stamps (sizes) of the files the output has now, as the look found them.
    func existingStamps() async -> [PathKey: FileStamp?]? { await look?.value.stamps }

    // MARK: - Write

    /// Leaves the state for the next build (see `RebuildPlan.writeState`), with the parts of the files
    /// it stored under each link's part key. A page it skipped (an archive year no edit touched) keeps
    /// the parts the last build recorded for it, while each of their links has the key it had: the
    /// same link at the same place. `keys`: this build's part keys (`PageFingerprints.partKeys`).
    /// `words`: the search word tables the shards made (`searchWords()`).
    func record(
        _ rebuild: RebuildPlan, made: [PathKey: FileStamp], parts: [String: [LinkPart]], keys: [Fingerprint],
        words: SearchWordStore?
    ) {
        let searchWords = words?.made
        guard layers.contains(.parts) else { return rebuild.writeState(made: made, searchWords: searchWords) }
        var kept = parts.filter { made[PathKey($0.key)] != nil }
        if let previous {
            for (path, old) in previous.parts where kept[path] == nil && rebuild.kept[PathKey(path)] != nil {
                let unchanged = old.allSatisfy {
                    $0.link < keys.count && $0.link < previous.linkKeys.count
                        && keys[$0.link] == previous.linkKeys[$0.link]
                }
                if unchanged { kept[path] = old }
            }
        }
        rebuild.writeState(made: made, linkKeys: kept.isEmpty ? [] : keys, parts: kept, searchWords: searchWords)
    }

    /// Waits for the parses to be stored.
    func finish() async {
        await parsesWritten?.value
        _ = await look?.value
    }
}

/// Parses a build already has, by file and stamp: the last build's `ParseStore`, or the parses a
/// preview (`serve`) keeps in memory.
protocol ParseReuse: Sendable {
    /// Whether it holds the parse of `path` under `stamp` (the file need not be read).
    func holds(_ path: String, stamp: FileStamp) -> Bool
    /// The parse of `path` under `stamp`; nil when it has none, or cannot decode it (the file is read).
    func parse(of path: String, stamp: FileStamp) -> ParsedContent?
}

extension ParseStore: ParseReuse {}
