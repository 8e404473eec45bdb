import ArgumentParser
import Foundation

/// The site folder a command works on, as it was typed: checked the same way by every command, and
/// the prefix that turns a site-relative path into one relative to the current folder.
struct SiteFolder {
    /// As typed: `.`, `my-links`, `../sites/links/`.
    let path: String

    var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    /// Put before site-relative paths (`links/a.md`) so they are relative to the current folder:
    /// nothing for `.`, else the path with one `/` after it.
    var prefix: String { path == "." ? "" : (path.hasSuffix("/") ? path : path + "/") }

    /// The folder, once it is known to be one, after finishing or undoing a `tags rename`, `tags
    /// merge`, `import`, `add` or `fetch --write` that a killed process left half-done.
    ///
    /// - Throws: `ExitCode(66)` when there is no such folder, after saying so.
    static func open(_ path: String) throws -> SiteFolder {
        let folder = SiteFolder(path: path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.url.path, isDirectory: &isFolder), isFolder.boolValue
        else {
            Terminal.error(
                "linky-site: error: the site folder \"\(path)\" does not exist\n  hint: pass the folder that holds linky.yml and links/, or make one with `linky-site new DIR`\n"
            )
            throw ExitCode(66)
        }
        try InterruptedChange.recover(site: path)
        return folder
    }
}
