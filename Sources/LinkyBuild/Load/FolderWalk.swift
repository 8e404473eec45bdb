import Foundation
import LinkyModel

#if canImport(Glibc)
    import Glibc
#endif

/// A recursive listing of a folder that follows symbolic links once (a link loop is reported, not walked
/// forever) and skips hidden and `_`-prefixed names, except `_index.md`.
///
/// Folders are told apart by what they are on disk (device and inode), never by their names: two
/// names that differ only in Unicode form (`카테` typed on macOS and on Linux) are equal as Swift
/// strings, yet they are two folders, and both are read.
struct FolderWalk {
    let root: URL
    var includeHidden = false
    /// When set, entries whose real path (symbolic links followed) is outside this folder are
    /// skipped with a diagnostic of `outsideSeverity`: a link to `/etc` must publish nothing of it,
    /// and a link to `/` must not walk the disk.
    var confinedTo: String?
    /// How an entry that is skipped is reported: a symbolic link that leads outside `confinedTo`, a
    /// FIFO, socket or device (never opened: a FIFO would hang the build), a folder nested too deep.
    var outsideSeverity = Diagnostic.Severity.warning
    /// What is done with what the link leads to, for the message: "published", "read".
    var outsideConsequence = "published"
    private(set) var files: [String] = []
    private(set) var folders: [String] = []
    private(set) var diagnostics: [Diagnostic] = []
    private var visitedFolders: Set<FolderIdentity> = []

    init(root: URL) {
        self.root = root
    }

    /// Walks `relative` (below `root`; "" for the root itself), keeping files whose name passes `keep`.
    mutating func visit(relative: String, keep: (String) -> Bool) {
        let url = relative.isEmpty ? root : root.appending(path: relative)
        // The folder the walk starts in may itself be a symbolic link (`links -> /`).
        if let boundary = confinedTo, !isInside(url.path, boundary) {
            reportOutside(relative)
            return
        }
        walk(url: url, relative: relative, depth: 0, keep: keep)
    }

    /// The names in a folder with their type as the directory says it (`DT_UNKNOWN` when it does not);
    /// `name` is nil when the bytes of the name are not UTF-8, with the name as it can be shown.
    static func entries(of path: String) throws -> [(name: String?, shown: String, kind: UInt8)] {
        guard let directory = opendir(path) else { throw FileIO.posixError("read \(path)") }
        defer { closedir(directory) }
        var entries: [(name: String?, shown: String, kind: UInt8)] = []
        while let entry = readdir(directory) {
            let bytes = nameBytes(entry)
            if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
            let name = String(validating: bytes, as: UTF8.self)
            entries.append((name, name ?? shown(bytes), FileIO.entryType(entry)))
        }
        return entries
    }

    /// A name whose bytes are not UTF-8, shown with its other bytes as `\xFF`.
    static func shown(_ bytes: [UInt8]) -> String {
        var text = ""
        var rest = bytes[...]
        while !rest.isEmpty {
            // The longest valid UTF-8 run, then one byte that is not.
            var valid = rest.endIndex
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = rest.makeIterator()
            var offset = rest.startIndex
            scan: while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid(let encoded): offset += encoded.count
                case .emptyInput: break scan
                case .error:
                    valid = offset
                    break scan
                }
            }
            text += String(decoding: rest[..<valid], as: UTF8.self)
            guard valid < rest.endIndex else { break }
            text += "\\x" + String(rest[valid], radix: 16, uppercase: true).leftPadded(to: 2)
            rest = rest[(valid + 1)...]
        }
        return text
    }
}

// MARK: - Helpers

private extension FolderWalk {
    /// A folder as the file system knows it, whatever the path it was reached by.
    struct FolderIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    mutating func walk(url: URL, relative: String, depth: Int, keep: (String) -> Bool) {
        guard depth <= ContentLimits.maximumFolderDepth else {
            diagnostics.append(
                Diagnostic(
                    outsideSeverity, .nestedTooDeep, at: SourceLocation(path: relative),
                    "the folder is nested more than \(ContentLimits.maximumFolderDepth) folders deep, so nothing in it is \(outsideConsequence)",
                    hint:
                        "move its files into a folder higher up: categories nest at most \(ContentLimits.maximumFolderDepth) levels"
                ))
            return
        }
        var status = stat()
        if stat(url.path, &status) == 0 {
            let identity = FolderIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
            guard visitedFolders.insert(identity).inserted else {
                diagnostics.append(
                    .warning(
                        .unreadableFile, at: SourceLocation(path: relative),
                        "the folder leads back to a folder already read (a symbolic link loop), so it is skipped",
                        hint: "remove the symbolic link"))
                return
            }
        }
        let entries: [(name: String?, shown: String, kind: UInt8)]
        do {
            // Sorted by bytes: Swift's `<` holds two Unicode forms of one name equal, and the order of
            // equal names would be the directory's.
            entries = try Self.entries(of: url.path).sorted {
                $0.shown.utf8.lexicographicallyPrecedes($1.shown.utf8)
            }
        } catch {
            if FileManager.default.fileExists(atPath: url.path) {
                diagnostics.append(
                    .error(
                        .unreadableFile, at: SourceLocation(path: relative), "the folder cannot be read",
                        hint: "check its permissions"))
            }
            return
        }
        if !relative.isEmpty { folders.append(relative) }
        for (name, shown, kind) in entries {
            if !includeHidden, shown.hasPrefix(".") || (shown.hasPrefix("_") && shown != "_index.md") { continue }
            guard let name else {
                // Such a file cannot be named in a path this program handles; say so rather than lose it.
                if kind == UInt8(DT_DIR) || keep(shown) {
                    let child = relative.isEmpty ? shown : relative + "/" + shown
                    diagnostics.append(
                        .error(
                            .invalidEncoding, at: SourceLocation(path: child),
                            "the \(kind == UInt8(DT_DIR) ? "folder" : "file") name is not valid UTF-8, so it cannot be read",
                            hint:
                                "rename it in UTF-8 (`convmv -f latin1 -t utf-8 --notest NAME` converts Latin-1 names)"
                        ))
                }
                continue
            }
            let child = relative.isEmpty ? name : relative + "/" + name
            // A plain file or folder needs no further look (a 10,000-file walk spent most of its time in
            // a stat and a URL per entry), and is inside the boundary when its folder is; a symbolic
            // link, or a file system that does not say, needs a look.
            if kind == UInt8(DT_REG) || kind == UInt8(DT_DIR) {
                if kind == UInt8(DT_DIR) {
                    walk(url: url.appending(path: name), relative: child, depth: depth + 1, keep: keep)
                } else if keep(name) {
                    files.append(child)
                }
                continue
            }
            let childURL = url.appending(path: name)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: childURL.path, isDirectory: &isFolder) else {
                diagnostics.append(
                    .warning(
                        .unreadableFile, at: SourceLocation(path: child),
                        "the symbolic link points to nothing, so it is skipped", hint: "remove it or fix its target"))
                continue
            }
            if !isFolder.boolValue, !keep(name) { continue }
            if let boundary = confinedTo, !isInside(childURL.path, boundary) {
                reportOutside(child)
                continue
            }
            // A FIFO, socket or device (itself, or where a symbolic link leads): listed, it would be
            // opened by the copy of `static/`, and a FIFO's open waits for a writer forever.
            var target = stat()
            if !isFolder.boolValue, stat(childURL.path, &target) == 0, (target.st_mode & S_IFMT) != S_IFREG {
                diagnostics.append(
                    Diagnostic(
                        outsideSeverity, .unreadableFile, at: SourceLocation(path: child),
                        "this is \(RegularFile.kind(of: target.st_mode)), not a regular file, so it is not \(outsideConsequence)",
                        hint: "remove it from the site, or replace it with a regular file"))
                continue
            }
            if isFolder.boolValue {
                walk(url: childURL, relative: child, depth: depth + 1, keep: keep)
            } else {
                files.append(child)
            }
        }
    }

    /// Whether `path`, with every symbolic link followed, is `boundary` or below it.
    func isInside(_ path: String, _ boundary: String) -> Bool {
        guard let real = FileIO.realPath(path) else { return true }  // nothing there: reported elsewhere
        return real == boundary || real.hasPrefix(boundary.hasSuffix("/") ? boundary : boundary + "/")
    }

    mutating func reportOutside(_ relative: String) {
        diagnostics.append(
            Diagnostic(
                outsideSeverity, .outsideSite, at: SourceLocation(path: relative),
                "the symbolic link leads outside the site folder, so it is not \(outsideConsequence)",
                hint: "copy what it points to into the site instead of linking to it"))
    }

    /// The bytes of a directory entry's name, read in place.
    static func nameBytes(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        let start = (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: UInt8.self)
        return Array(
            UnsafeBufferPointer(
                start: start, count: strlen(UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self))))
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
