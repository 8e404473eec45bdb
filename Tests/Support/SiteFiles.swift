import Foundation

/// Writes a site's files for a test: each relative path in `files` with its text, folders made as
/// needed, into `folder`.
public func writeSiteFiles(_ files: [String: String], into folder: URL) throws {
    for (path, text) in files {
        let url = folder.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}
