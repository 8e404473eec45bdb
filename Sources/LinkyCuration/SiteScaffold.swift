import Foundation
import LinkyModel

/// `new DIR`: a small working site to start from — config, three categories (one of them a list
/// file), a dozen links in English and Korean, tags with aliases, and a GitHub Actions workflow.
public struct SiteScaffold: Sendable {
    public enum Failure: Error, Equatable {
        /// The folder exists and is not empty: nothing is written into it.
        case folderNotEmpty(String)
        /// `new --force --list-from FILE`: FILE cannot be read.
        case unreadable(String)
    }

    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// Writes the site; refuses a folder that already has files, so nothing is ever overwritten.
    /// `release` is the linky-site version writing it: its workflow then pins the action to that
    /// release's tag; without one (a build from source) it follows the latest release.
    /// Returns the paths written, relative to the folder.
    public func create(title: String? = nil, release: String? = nil) throws -> [String] {
        let manager = FileManager.default
        if let existing = try? manager.contentsOfDirectory(atPath: folder.path), !existing.isEmpty {
            throw Failure.folderNotEmpty(folder.path)
        }
        var written: [String] = []
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        let site = try ConfinedFolder(folder)
        for path in Self.files.keys.sorted() {
            try site.write(Data(Self.scaffoldText(path, title: title, release: release).utf8), to: path)
            written.append(path)
        }
        return written
    }

    /// A scaffold file's text with the site's title and the release its workflow pins.
    static func scaffoldText(_ path: String, title: String?, release: String?) -> String {
        var contents = files[path] ?? ""
        if path == "linky.yml", let title {
            contents = contents.replacingOccurrences(of: "title: My Links", with: "title: \(yamlQuoted(title))")
        }
        if path == ".github/workflows/pages.yml", let release {
            contents = contents.replacingOccurrences(
                of: "linky-site/linky-site@main\n        with:\n          version: latest\n",
                with: "linky-site/linky-site@v\(release)\n        with:\n")
        }
        return contents
    }

    /// A YAML double-quoted scalar (JSON string escaping is valid YAML).
    static func yamlQuoted(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let data = (try? encoder.encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
