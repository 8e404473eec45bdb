import Foundation

/// The fixture web server (`Tests/Fixtures/network/server.py`) on 127.0.0.1 and a free port, for
/// the `check --links` runs; a trimmed copy of LinkyNetworkTests' (test targets cannot share files).
final class FixtureServer: Sendable {
    let port: Int
    private let process: Process

    init() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appending(path: "../Fixtures/network/server.py").standardizedFileURL
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
        self.process = process
    }

    /// An address on the server.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    deinit {
        // Not `waitUntilExit`: from a test's thread it can spin forever waiting for a run loop.
        kill(process.processIdentifier, SIGKILL)
    }
}
