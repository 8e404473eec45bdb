import Foundation
import LinkyModel

/// The output as a rebuild finds it, looked at while the site resolves: every file there, for
/// `OutputUpdate` to find those to remove, with its stamp, and nil for each file the last build wrote
/// that is gone; nothing when it cannot be listed (each page's file is then looked at by its path).
/// Taken after any interrupted update was finished, before anything is written.
struct OutputLook: Sendable {
    var stamps: [PathKey: FileStamp?] = [:]
    var existing: [String]?

    init(output: URL, previous: BuildState) {
        guard FileManager.default.fileExists(atPath: output.appending(path: OutputWriter.marker).path) else { return }
        guard let found = try? OutputUpdate.filesBelow(output, stamping: true, unstamped: [PictureIndex.folderName])
        else { return }
        existing = found.paths
        stamps = found.stamps.mapValues { $0 }
        // A page the last build wrote that is gone (or is no longer a regular file).
        for (path, page) in previous.pages where page.fingerprint != nil && page.stamp != nil && stamps[path] == nil {
            stamps[path] = .some(nil)
        }
    }
}
