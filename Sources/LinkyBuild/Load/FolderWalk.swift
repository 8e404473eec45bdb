import Foundation
import LinkyModel

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
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
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
        for name in names {
            if !includeHidden, name.hasPrefix(".") || (name.hasPrefix("_") && name != "_index.md") { continue }
            let child = relative.isEmpty ? name : relative + "/" + name
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
}
