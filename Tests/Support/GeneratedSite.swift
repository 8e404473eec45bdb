import Foundation

/// A site written by `Benchmarks/generate.py` into a temporary folder of its own, for tests that
/// compare whole builds of a realistic collection; `remove()` deletes it.
public struct GeneratedSite: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let status: Int32
        public var description: String { "Benchmarks/generate.py exited with \(status)" }
    }

    public let folder: URL

    public init(links: Int) throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "linky-generated-\(UUID().uuidString)")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appending(path: "../../Benchmarks/generate.py").standardizedFileURL
        let generator = Process()
        generator.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        generator.arguments = ["python3", script.path, String(links), folder.path]
        generator.standardOutput = FileHandle.nullDevice
        try generator.run()
        // Not `waitUntilExit`: from a test's thread it can spin forever waiting for a run loop.
        while generator.isRunning { usleep(2_000) }
        guard generator.terminationStatus == 0 else {
            try? FileManager.default.removeItem(at: folder)
            throw Failure(status: generator.terminationStatus)
        }
    }

    public func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
