import Foundation
import LinkyBuild
import LinkyImages
import LinkyModel
import LinkyNetwork

/// The pictures step of `linky-site fetch`, after the pages are read: each link's preview picture (its
/// file's `image:`, else the page's) and its site's icon that `pictures/` does not hold yet are
/// downloaded, checked and made into a card's small files (`PictureStore`); pictures no link uses any
/// more are dropped. `build` then copies the files the pages use and never downloads.
public struct PictureFetch: Sendable {
    public struct Options: Sendable {
        public var siteFolder: URL
        /// The day written as `fetched`, `YYYY-MM-DD`.
        public var today: String
        /// Pictures downloaded at once.
        public var concurrency = 8
        /// Pictures downloaded at once from one host (`fetch --per-host`, as for pages).
        public var perHost = 2
        /// Pictures decoded and made at once: one per core, at most four (each may take 160 MB).
        public var decoders = min(4, max(1, ProcessInfo.processInfo.activeProcessorCount))
        /// The most one picture may take to download.
        public var timeout: Duration = .seconds(20)
        public var limits = ImageLimits.standard
        /// Only the pictures of these links (`LinkURL.comparisonKey`), as `add` asks; nil for every
        /// link. With a few links, nothing is pruned: the other links' pictures are not looked at.
        public var onlyLinks: Set<String>?
        /// Download pictures from loopback, private and other non-public addresses too (`--allow-private`).
        public var allowPrivateAddresses = false

        public init(siteFolder: URL, today: String) {
            self.siteFolder = siteFolder
            self.today = today
        }
    }

    /// What the step did.
    public struct Report: Sendable {
        /// Pictures downloaded and stored now.
        public var stored: Int
        /// Pictures already in `pictures/`, used as they are.
        public var kept: Int
        /// Files of `pictures/` no link uses any more, removed.
        public var removed: [String]
        /// Pictures that could not be used, each at the first place its link is written.
        public var warnings: [Diagnostic]
    }

    public let options: Options

    public init(options: Options) {
        self.options = options
    }

    /// A picture the site's cards use: where it is, what for, and where its links are written.
    struct Source {
        var url: String
        var kind: PictureIndex.Kind
        var uses: [SourceLocation]
        /// The file of the site's `static/` that the address publishes (it starts with `base_url`):
        /// read from there, not downloaded. A curator's own picture works before the site is online.
        var staticFile: URL?

        /// The host the picture is downloaded from, as the per-host limit counts it.
        var host: String { URL(string: url)?.host()?.lowercased() ?? url }
    }

    /// The file of `static/` published at `address`, when the address is the site's own (below
    /// `baseURL`) and the file is there, inside `static/`.
    static func staticFile(_ address: String, baseURL: String?, siteFolder: URL) -> URL? {
        guard let baseURL, address.hasPrefix(baseURL) else { return nil }
        var relative = String(address.dropFirst(baseURL.count))
        if let end = relative.firstIndex(where: { $0 == "?" || $0 == "#" }) { relative = String(relative[..<end]) }
        guard let decoded = relative.removingPercentEncoding, !decoded.isEmpty else { return nil }
        let parts = decoded.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else { return nil }
        let folder = siteFolder.appending(path: "static")
        let file = folder.appending(path: decoded)
        let root = folder.resolvingSymlinksInPath().path
        var isFolder: ObjCBool = false
        guard file.resolvingSymlinksInPath().path.hasPrefix(root + "/"),
            FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), !isFolder.boolValue
        else { return nil }
        return file
    }

    /// Reads the site (with `metadata.json` as it is now) for the pictures its links use.
    func sources() async throws(MetadataFetch.Failure) -> [Source] {
        let report = try await MetadataFetch.readSite(options.siteFolder)
        let baseURL = report.site?.config.baseURL
        var sources: [String: Source] = [:]
        var order: [String] = []
        for link in report.site?.links ?? [] where options.onlyLinks?.contains(link.url.comparisonKey) ?? true {
            for (url, kind) in [(link.image, PictureIndex.Kind.preview), (link.favicon, .icon)] {
                guard let url = url?.absoluteString else { continue }
                if sources[url] == nil {
                    order.append(url)
                    sources[url] = Source(
                        url: url, kind: kind, uses: [],
                        staticFile: Self.staticFile(url, baseURL: baseURL, siteFolder: options.siteFolder))
                }
                sources[url]?.uses.append(link.source)
            }
        }
        return order.map { sources[$0]! }
    }

    /// The site's `pictures/`, with the options' limits.
    var store: PictureStore {
        var store = PictureStore(siteFolder: options.siteFolder)
        store.limits = options.limits
        return store
    }

    /// What `plan` found: the pictures the site uses, those `pictures/` holds and those to download.
    public struct Plan: Sendable {
        var sources: [Source]
        var old: PictureIndex
        var kept: PictureIndex
        var missing: [Source]

        /// How many pictures are to be downloaded.
        public var downloads: Int { missing.count }
    }

    /// Reads the site (with `metadata.json` as it is now) and `pictures/index.json`: which pictures
    /// the links use, and which of them `pictures/` does not hold yet.
    public func plan() async throws(MetadataFetch.Failure) -> Plan {
        let sources = try await sources()
        let old: PictureIndex
        do {
            old = try PictureIndex.load(fromSiteFolder: options.siteFolder)
        } catch {
            throw .unreadableCache(reason: "\(PictureIndex.folderName)/\(PictureIndex.fileName): \(error)")
        }
        // Looking at a few links, the others' entries stay as they are.
        var kept = options.onlyLinks == nil ? PictureIndex() : old
        var missing: [Source] = []
        for source in sources {
            if let entry = old.entries[source.url], entry.kind == source.kind,
                entry.files.allSatisfy({ store.holds($0.name) })
            {
                kept.entries[source.url] = entry
            } else {
                missing.append(source)
            }
        }
        return Plan(sources: sources, old: old, kept: kept, missing: missing)
    }

    /// Downloads what is missing, saves `pictures/index.json` when it changed and prunes the folder.
    ///
    /// - Parameter progress: called as each download is done, from any task.
    public func run(
        _ plan: Plan, progress: @escaping @Sendable () -> Void = {}
    ) async throws(MetadataFetch.Failure)
        -> Report
    {
        let (old, missing, store) = (plan.old, plan.missing, store)
        var index = plan.kept
        var clientOptions = WebClient.Options()
        clientOptions.timeout = options.timeout
        // One byte more than allowed tells a picture that is too large from one just at the limit.
        clientOptions.maximumBodyBytes = options.limits.maxBytes + 1
        clientOptions.allowPrivateAddresses = options.allowPrivateAddresses
        let client = WebClient(options: clientOptions)
        let results = await download(missing, client: client, store: store, progress: progress)
        await client.shutdown()
        var warnings: [Diagnostic] = []
        for (source, result) in zip(missing, results) {
            switch result {
            case .success(let entry): index.entries[source.url] = entry
            case .failure(let reason):
                let what = source.kind == .preview ? "preview picture" : "icon"
                warnings.append(
                    reason.refused
                        ? .warning(
                            .privateAddress, at: source.uses.first, "\(what) \(source.url): \(reason)",
                            hint: WebClient.Failure.privateAddressHint)
                        : .warning(.unusablePicture, at: source.uses.first, "\(what) \(source.url): \(reason)"))
            }
        }
        if index != old || !store.holds(PictureIndex.fileName) {
            do {
                try store.save(index)
            } catch {
                throw .cacheNotWritten(reason: error.description)
            }
        }
        let removed = options.onlyLinks == nil ? store.prune(keeping: index) : []
        return Report(
            stored: results.filter { if case .success = $0 { true } else { false } }.count,
            kept: plan.sources.count - missing.count, removed: removed, warnings: warnings)
    }

    /// Each source downloaded (`options.concurrency` at a time, `options.perHost` from one host) and stored; results in `sources`'
    /// order. Pictures are decoded and made `options.decoders` at a time (one per core, at most four),
    /// as their downloads arrive: a decoded picture may take 160 MB (at the 40-million-pixel limit),
    /// so eight at once would not fit a small machine; downloads go on meanwhile, and stop while more
    /// downloaded pictures wait than there are downloads in flight.
    private func download(
        _ sources: [Source], client: WebClient, store: PictureStore, progress: @escaping @Sendable () -> Void
    ) async -> [Result<PictureIndex.Entry, Problem>] {
        enum Step: Sendable {
            case downloaded(Int, Result<[UInt8], Problem>)
            case stored(Int, Result<PictureIndex.Entry, Problem>)
        }
        var results = [Result<PictureIndex.Entry, Problem>?](repeating: nil, count: sources.count)
        let (today, limit) = (options.today, options.limits.maxBytes)
        let downloads = max(1, options.concurrency)
        let decoders = max(1, options.decoders)
        await withTaskGroup(of: Step.self) { group in
            // Downloads not started yet, in order; a host at its limit waits while others' start.
            var pending = Array(sources.indices)
            var perHost: [String: Int] = [:]
            let hostLimit = max(1, options.perHost)
            var downloading = 0
            var decoding = 0
            var waiting: [(Int, [UInt8])] = []
            func startDownloads() {
                while downloading < downloads, waiting.count < downloads {
                    guard
                        let slot = pending.firstIndex(where: {
                            sources[$0].staticFile != nil || perHost[sources[$0].host, default: 0] < hostLimit
                        })
                    else { return }
                    let position = pending.remove(at: slot)
                    let source = sources[position]
                    if source.staticFile == nil { perHost[source.host, default: 0] += 1 }
                    downloading += 1
                    group.addTask {
                        if let file = source.staticFile {
                            return .downloaded(position, Self.bytes(of: file, limit: limit))
                        }
                        return .downloaded(position, await Self.bytes(of: source, client: client))
                    }
                }
            }
            func startDecodes() {
                while decoding < decoders, !waiting.isEmpty {
                    let (position, bytes) = waiting.removeFirst()
                    let kind = sources[position].kind
                    decoding += 1
                    group.addTask {
                        do throws(PictureStore.Failure) {
                            return .stored(position, .success(try store.store(bytes, kind: kind, fetched: today)))
                        } catch {
                            return .stored(position, .failure(Problem(description: error.description)))
                        }
                    }
                }
            }
            startDownloads()
            while let step = await group.next() {
                switch step {
                case .downloaded(let position, .success(let bytes)):
                    downloading -= 1
                    if sources[position].staticFile == nil { perHost[sources[position].host, default: 1] -= 1 }
                    waiting.append((position, bytes))
                case .downloaded(let position, .failure(let problem)):
                    downloading -= 1
                    if sources[position].staticFile == nil { perHost[sources[position].host, default: 1] -= 1 }
                    results[position] = .failure(problem)
                    progress()
                case .stored(let position, let result):
                    decoding -= 1
                    results[position] = result
                    progress()
                }
                startDecodes()
                startDownloads()
            }
        }
        return results.map { $0! }
    }

    /// Why a picture was not used, in words.
    struct Problem: Error, CustomStringConvertible {
        var description: String
        /// Not downloaded: the address is not public.
        var refused = false
    }

    /// The bytes of a file of `static/` (one byte more than `limit` at most: the store refuses those).
    private static func bytes(of file: URL, limit: Int) -> Result<[UInt8], Problem> {
        do {
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            return .success([UInt8](try handle.read(upToCount: limit + 1) ?? Data()))
        } catch {
            return .failure(Problem(description: "cannot read \(file.path): \(error.systemReason)"))
        }
    }

    /// The bytes at a picture's address (at most `maximumBodyBytes`), or why there are none.
    private static func bytes(of source: Source, client: WebClient) async -> Result<[UInt8], Problem> {
        let response: WebClient.Response
        do {
            response = try await client.request(
                source.url, readBody: true, accept: "image/webp,image/png,image/jpeg,image/gif,image/*;q=0.8")
        } catch {
            if case .privateAddress = error { return .failure(Problem(description: error.description, refused: true)) }
            return .failure(Problem(description: error.description))
        }
        guard (200..<300).contains(response.status) else {
            return .failure(Problem(description: "the server answered \(response.status)"))
        }
        return .success(response.body)
    }
}
