import Foundation

/// The output as a rebuild finds it, looked at while the site resolves: the stamp of each file the
/// last build wrote (nil when it is gone), and every file there, for `OutputUpdate` to find those to
/// remove. Taken after any interrupted update was finished, before anything is written.
struct OutputLook: Sendable {
    var stamps: [String: FileStamp?] = [:]
    var existing: [String]?

    init(output: URL, previous: BuildState) {
        guard FileManager.default.fileExists(atPath: output.appending(path: OutputWriter.marker).path) else { return }
        let root = output.path
        stamps.reserveCapacity(previous.pages.count)
        for (path, page) in previous.pages where page.fingerprint != nil && page.stamp != nil {
            stamps[path] = FileStamp.ofOutput(root + "/" + path)
        }
        existing = try? OutputUpdate.filesBelow(output)
    }
}
