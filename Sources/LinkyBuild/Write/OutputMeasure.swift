import Foundation
import LinkyModel

/// The size of an output: what `build` reports at its end, and what `host:` checks (`HostFit`). The
/// files the site has, without linky-site's marker file (`OutputWriter.marker`, 57 bytes), so that its
/// count is the summary's.
public struct OutputMeasure: Sendable, Hashable {
    /// Regular files.
    public private(set) var files = 0
    /// All files' bytes.
    public private(set) var bytes: Int64 = 0
    /// The largest file and its bytes (the first in byte order of its path among equals).
    public var largest: (path: String, bytes: Int64)? {
        largestPath.map { ($0, largestBytes) }
    }

    private var largestPath: String?
    private var largestBytes: Int64 = 0
    /// Each file and its bytes, for what only an output that does not fit needs (`folders`,
    /// `byFolder`): counting is all a build that fits pays for (a rebuild measures 10,000 files).
    private var entries: [(path: String, bytes: Int64)] = []

    public init() {}

    /// Counts the file at `path` (relative to the output) of `bytes` bytes.
    mutating func add(_ path: String, bytes: Int64) {
        files += 1
        self.bytes += bytes
        if bytes > largestBytes
            || (bytes == largestBytes && largestPath.map { path.utf8.lexicographicallyPrecedes($0.utf8) } ?? true)
        {
            largestPath = path
            largestBytes = bytes
        }
        entries.append((path, bytes))
    }

    /// Folders below the output's own.
    public var folders: Int {
        // Byte-hashed: a Hangul folder's name is not normalised at each look-up.
        var names = Set<PathKey>()
        for entry in entries {
            var end = entry.path.lastIndex(of: "/")
            while let slash = end {
                let folder = String(entry.path[..<slash])
                guard names.insert(PathKey(folder)).inserted else { break }
                end = folder.lastIndex(of: "/")
            }
        }
        return names.count
    }

    /// Bytes and files by the first folder of their path (`tags`, `l`; "" for the files at the top),
    /// for the hint of an output that does not fit.
    public var byFolder: [String: (files: Int, bytes: Int64)] {
        var totals: [String: (files: Int, bytes: Int64)] = [:]
        for entry in entries {
            let top = entry.path.firstIndex(of: "/").map { String(entry.path[..<$0]) } ?? ""
            totals[top, default: (0, 0)].files += 1
            totals[top, default: (0, 0)].bytes += entry.bytes
        }
        return totals
    }

    /// `20,000`: a count with its thousands grouped, as every summary of the command line writes them.
    public static func grouped(_ number: Int) -> String {
        var digits = Array(String(number))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }

    /// `812 bytes`, `3.2 KiB`, `25.0 MiB`, `1.07 GiB`.
    public static func size(_ bytes: Int64) -> String {
        let value = Double(bytes)
        if bytes < 1 << 10 { return "\(bytes) byte\(bytes == 1 ? "" : "s")" }
        if bytes < 1 << 20 { return String(format: "%.1f KiB", value / 1024) }
        if bytes < 1 << 30 { return String(format: "%.1f MiB", value / 1_048_576) }
        return String(format: "%.2f GiB", value / 1_073_741_824)
    }

    /// The files below `folder` as they are on disk (each regular file's size; symbolic links followed).
    static func of(_ folder: URL) throws -> OutputMeasure {
        let (paths, stamps) = try OutputUpdate.filesBelow(folder, stamping: true)
        var measure = OutputMeasure()
        for path in paths where path != OutputWriter.marker {
            measure.add(path, bytes: stamps[PathKey(path)]?.size ?? 0)
        }
        return measure
    }

    public static func == (left: OutputMeasure, right: OutputMeasure) -> Bool {
        left.files == right.files && left.bytes == right.bytes && left.largestPath == right.largestPath
            && left.largestBytes == right.largestBytes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(files)
        hasher.combine(bytes)
        hasher.combine(largestPath)
    }
}

/// Whether an output fits the host of `host:` in linky.yml: an error for each limit it passes, at the
/// `host:` line, saying by how much and what to turn off.
struct HostFit {
    let config: SiteConfig

    func problems(_ measure: OutputMeasure) -> [Diagnostic] {
        let host = config.host
        let limits = host.limits
        let location = config.hostLocation ?? SourceLocation(path: "linky.yml")
        var problems: [Diagnostic] = []
        if let most = limits.siteBytes, measure.bytes > most {
            let (size, limit) = Self.sizes(measure.bytes, most)
            problems.append(
                .error(
                    .outputTooLargeForHost, at: location,
                    "the site is \(size), more than the \(limit) \(host.name) publishes",
                    hint: hint(measure, by: \.bytes)))
        }
        let folders = limits.countsFolders ? measure.folders : 0
        let entries = measure.files + folders
        if let most = limits.files, entries > most {
            let what =
                limits.countsFolders
                ? "\(Self.count(measure.files)) files and \(Self.count(folders)) folders"
                : "\(Self.count(measure.files)) files"
            problems.append(
                .error(
                    .outputTooLargeForHost, at: location,
                    "the site has \(what), more than the \(Self.count(most)) \(host.name) takes",
                    hint: hint(measure, by: \.files)))
        }
        if let most = limits.fileBytes, let largest = measure.largest, largest.bytes > most {
            let (size, limit) = Self.sizes(largest.bytes, most)
            problems.append(
                .error(
                    .outputTooLargeForHost, at: location,
                    "\(largest.path) is \(size), more than the \(limit) a file \(host.name) takes",
                    hint: fileHint(largest.path)))
        }
        return problems
    }

    /// Names the folders that weigh most and the settings that leave them out.
    private func hint(
        _ measure: OutputMeasure, by weight: KeyPath<(files: Int, bytes: Int64), some Comparable>
    )
        -> String
    {
        let heaviest = measure.byFolder.sorted {
            ($0.value[keyPath: weight], $1.key) > ($1.value[keyPath: weight], $0.key)
        }.prefix(3)
        let shown = heaviest.map { folder, total in
            "\(folder.isEmpty ? "the top folder" : folder + "/") \(Self.count(total.files)) files, \(Self.size(total.bytes))"
        }
        let off = heaviest.compactMap { Self.setting(for: $0.key) }
        let also = [
            config.sectionFeeds ? "`section_feeds: false` (each tag's and category's feeds)" : nil
        ].compactMap { $0 }
        var settings: [String] = []
        for setting in off + also where !settings.contains(setting) { settings.append(setting) }
        return "most is in \(shown.joined(separator: "; "))"
            + (settings.isEmpty ? "" : "; to leave some out, set \(settings.joined(separator: ", "))")
            + "; or set `host:` to a host that takes it (docs/hosts.md lists each host's limits)"
    }

    private func fileHint(_ path: String) -> String {
        if let setting = Self.setting(for: path.split(separator: "/").first.map(String.init) ?? "") {
            return "set \(setting), or set `host:` to a host that takes it (docs/hosts.md)"
        }
        return
            "make it smaller (a file of static/ is copied as it is), or set `host:` to a host that takes it (docs/hosts.md)"
    }

    /// The setting that leaves out a folder of the output, where there is one.
    private static func setting(for folder: String) -> String? {
        switch folder {
        case "l": "`link_pages: none` (each link's own page; the notes stay in the feeds, the data and search)"
        case "sites": "`sites: false` (the pages of each website)"
        case "print": "`print: false` (the printable page)"
        case "search-index": "`search_index: false` (the whole search index for tools; the search page keeps its own)"
        case "new": "`new_page: false` (the weekly new page)"
        case "broken": "`broken_links_page: false`"
        case "pictures": "`images: remote` or `images: none` (the cards' pictures)"
        default: nil
        }
    }

    /// A size and a limit, with their bytes when the two would read the same (1.00 GiB and 1.00 GiB).
    static func sizes(_ size: Int64, _ limit: Int64) -> (String, String) {
        let (shown, most) = (Self.size(size), Self.size(limit))
        guard shown == most else { return (shown, most) }
        return ("\(shown) (\(count(Int(size))) bytes)", "\(most) (\(count(Int(limit))) bytes)")
    }

    static func size(_ bytes: Int64) -> String { OutputMeasure.size(bytes) }

    static func count(_ number: Int) -> String { OutputMeasure.grouped(number) }
}
