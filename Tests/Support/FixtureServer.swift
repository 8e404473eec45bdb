import Foundation

/// The fixture web server (`Tests/Fixtures/network/server.py`) on 127.0.0.1 and a free port,
/// started for one test and stopped when it ends. No test touches the internet.
public final class FixtureServer: Sendable {
    public let port: Int
    /// The address it listens on: 127.0.0.1 unless asked otherwise.
    public let host: String
    private let process: Process

    /// Starts the server on `host` (127.0.0.2 stands in for a private address, such as a cloud's
    /// metadata service, in the tests of requests refused as not public).
    public convenience init(host: String = "127.0.0.1") throws {
        try self.init(script: "network/server.py", arguments: ["0", host], host: host)
    }

    /// Another server of `Tests/Fixtures` (`script`, relative to it) that prints its port first, such as
    /// `projects/github_server.py`.
    public init(script name: String, arguments: [String], host: String = "127.0.0.1") throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appending(path: "../Fixtures/\(name)").standardizedFileURL
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + arguments
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
        self.host = host
        self.process = process
    }

    /// The local GitHub of the project data tests (`Tests/Fixtures/projects/github_server.py`), set up
    /// with `config` (its repositories, moved ones, a rate limit, a token: see the script).
    public static func github(_ config: [String: Any]) throws -> FixtureServer {
        let file = FileManager.default.temporaryDirectory.appending(path: "github-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: config).write(to: file)
        return try FixtureServer(script: "projects/github_server.py", arguments: [file.path])
    }

    /// A local GitLab and Forgejo/Gitea (`projects/forge_server.py`) configured by `config`.
    public static func forges(_ config: [String: Any]) throws -> FixtureServer {
        let file = FileManager.default.temporaryDirectory.appending(path: "forges-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: config).write(to: file)
        return try FixtureServer(script: "projects/forge_server.py", arguments: [file.path])
    }

    /// A local bookmark service (`services/bookmark_server.py`): linkding, Shaarli, Pinboard, Raindrop.io,
    /// Karakeep, Linkwarden or GitHub's stars, as `config["service"]` says, answering in its API's shapes.
    public static func bookmarks(_ config: [String: Any]) throws -> FixtureServer {
        let file = FileManager.default.temporaryDirectory.appending(path: "bookmarks-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: config).write(to: file)
        return try FixtureServer(script: "services/bookmark_server.py", arguments: [file.path])
    }

    /// POSTs `json` to `path` of this server (the bookmark server's `/_bookmarks`), through python3's
    /// urllib as the server itself runs on python3; the answer's body.
    @discardableResult
    public func post(_ path: String, json: Any) throws -> String {
        let body = try JSONSerialization.data(withJSONObject: json)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import sys, urllib.request; print(urllib.request.urlopen(urllib.request.Request(sys.argv[1], data=sys.stdin.buffer.read(), headers={'Content-Type': 'application/json'})).read().decode())",
            "http://\(host):\(port)\(path)",
        ]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(body)
        try input.fileHandleForWriting.close()
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        while process.isRunning { usleep(2_000) }
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        return String(decoding: answer, as: UTF8.self)
    }

    /// A port on 127.0.0.1 where nothing listens: bound to find a free one, then closed again.
    public static func closedPort() throws -> Int {
        #if os(Linux)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let found = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard found else { throw POSIXError(.EADDRNOTAVAIL) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// An address on the server.
    public func url(_ path: String) -> String { "http://\(host):\(port)\(path)" }

    /// The most requests to `/slow` the server answered at once since the last call.
    public func mostAtOnce() throws -> Int {
        try JSONDecoder().decode(Int.self, from: fetch("/_most"))
    }

    /// The requests the server saw since the last call, as "METHOD path".
    public func log() throws -> [String] {
        try JSONDecoder().decode([String].self, from: fetch("/_log"))
    }

    /// The body at `path`, read through Python.
    private func fetch(_ path: String) throws -> Data {
        // Through Python: Foundation on Linux cannot read http:// addresses without URLSession.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1]).read().decode())",
            url(path),
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        // Python has closed its output, so it is ending. Not `waitUntilExit`: from a test's thread
        // it spins on a run loop with nothing in it.
        while process.isRunning { usleep(2_000) }
        return data
    }

    deinit {
        // Not `waitUntilExit`: from a test's thread it can spin forever waiting for a run loop.
        kill(process.processIdentifier, SIGKILL)
    }
}
