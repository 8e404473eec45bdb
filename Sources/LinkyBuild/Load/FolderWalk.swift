import Foundation
import LinkyModel

#if canImport(Glibc)
    import Glibc
#endif

/// A recursive listing of a folder that follows symbolic links once (a link loop is reported, not walked
/// forever) and skips hidden and `_`-prefixed names, except `_index.md`.
struct FolderWalk {
    let root: URL
    var includeHidden = false
    /// When set, entries whose real path (symbolic links followed) is outside this folder are
    /// skipped with a warning: static files are published as they are, and a link to `/etc/passwd`
    /// must not publish it.
    var confinedTo: String?
    private(set) var files: [String] = []
    private(set) var folders: [String] = []
    private(set) var diagnostics: [Diagnostic] = []
    private var visitedRealPaths: Set<String> = []

    init(root: URL) {
        self.root = root
    }

    /// Walks `relative` (below `root`; "" for the root itself), keeping files whose name passes `keep`.
    mutating func visit(relative: String, keep: (String) -> Bool) {
        let url = relative.isEmpty ? root : root.appending(path: relative)
        let realPath = url.resolvingSymlinksInPath().path
        guard visitedRealPaths.insert(realPath).inserted else {
            diagnostics.append(
                .warning(
                    .unreadableFile, at: SourceLocation(path: relative),
                    "the folder leads back to a folder already read (a symbolic link loop), so it is skipped",
                    hint: "remove the symbolic link"))
            return
        }
        let entries: [(name: String, kind: UInt8)]
        do {
            entries = try Self.entries(of: url.path).sorted { $0.name < $1.name }
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
        for (name, kind) in entries {
            if !includeHidden, name.hasPrefix(".") || (name.hasPrefix("_") && name != "_index.md") { continue }
            let child = relative.isEmpty ? name : relative + "/" + name
            // A plain file or folder needs no further look (a 10,000-file walk spent most of its time in
            // a stat and a URL per entry); a symbolic link, or a file system that does not say, does.
            if confinedTo == nil, kind == UInt8(DT_REG) || kind == UInt8(DT_DIR) {
                if kind == UInt8(DT_DIR) {
                    visit(relative: child, keep: keep)
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
            if let boundary = confinedTo {
                let real = childURL.resolvingSymlinksInPath().path
                guard real == boundary || real.hasPrefix(boundary + "/") else {
                    diagnostics.append(
                        .warning(
                            .unreadableFile, at: SourceLocation(path: child),
                            "the symbolic link leads outside the site folder, so it is not published",
                            hint: "copy the file into the site instead of linking to it"))
                    continue
                }
            }
            if isFolder.boolValue {
                visit(relative: child, keep: keep)
            } else if keep(name) {
                files.append(child)
            }
        }
    }

    /// The names in a folder with their type as the directory says it (`DT_UNKNOWN` when it does not).
    private static func entries(of path: String) throws -> [(name: String, kind: UInt8)] {
        guard let directory = opendir(path) else { throw OutputWriter.posixError("read \(path)") }
        defer { closedir(directory) }
        var entries: [(name: String, kind: UInt8)] = []
        while let entry = readdir(directory) {
            let name = OutputWriter.entryName(entry)
            if name == "." || name == ".." { continue }
            entries.append((name, OutputWriter.entryType(entry)))
        }
        return entries
    }
}
