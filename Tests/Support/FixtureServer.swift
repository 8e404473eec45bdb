import Foundation

/// The fixture web server (`Tests/Fixtures/network/server.py`) on 127.0.0.1 and a free port,
/// started for one test and stopped when it ends. No test touches the internet.
public final class FixtureServer: Sendable {
    public let port: Int
    private let process: Process

    public init() throws {
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
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// The requests the server saw since the last call, as "METHOD path".
    public func log() throws -> [String] {
        // Through Python: Foundation on Linux cannot read http:// addresses without URLSession.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1]).read().decode())",
            url("/_log"),
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONDecoder().decode([String].self, from: data)
    }

    deinit {
        // Not `waitUntilExit`: from a test's thread it can spin forever waiting for a run loop.
        kill(process.processIdentifier, SIGKILL)
    }
}
