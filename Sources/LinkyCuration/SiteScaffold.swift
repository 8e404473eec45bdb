import Foundation

/// `new DIR`: a small working site to start from — config, three categories (one of them a list
/// file), a dozen links in English and Korean, tags with aliases, and a GitHub Actions workflow.
public struct SiteScaffold: Sendable {
    public enum Failure: Error, Equatable {
        /// The folder exists and is not empty: nothing is written into it.
        case folderNotEmpty(String)
    }

    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// Writes the site; refuses a folder that already has files, so nothing is ever overwritten.
    /// Returns the paths written, relative to the folder.
    public func create(title: String? = nil) throws -> [String] {
        let manager = FileManager.default
        if let existing = try? manager.contentsOfDirectory(atPath: folder.path), !existing.isEmpty {
            throw Failure.folderNotEmpty(folder.path)
        }
        var written: [String] = []
        for (path, text) in Self.files.sorted(by: { $0.key < $1.key }) {
            var contents = text
            if path == "linky.yml", let title {
                contents = contents.replacingOccurrences(
                    of: "title: My Links", with: "title: \(Self.yamlQuoted(title))")
            }
            let destination = folder.appending(path: path)
            try manager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: destination, options: .atomic)
            written.append(path)
        }
        return written
    }

    /// A YAML double-quoted scalar (JSON string escaping is valid YAML).
    static func yamlQuoted(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
