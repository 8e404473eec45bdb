import AsyncHTTPClient
import Foundation
import LinkyBuild
import LinkyModel
import LinkyServe
import NIOCore
import NIOHTTP1
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A site in a temporary folder and a preview server for it on 127.0.0.1, on a free port.
final class ServerHarness: Sendable {
    let folder: URL
    let port: Int
    private let task: Task<Void, Error>

    static let http = HTTPClient(eventLoopGroupProvider: .singleton)

    struct Reply: Sendable {
        var status: Int
        var headers: [(String, String)]
        var body: String

        func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }
    }

    static func site(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "linky-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (path, text) in files { try write(folder, path, text) }
        return folder
    }

    static func write(_ folder: URL, _ path: String, _ text: String) throws {
        let url = folder.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    init(
        _ files: [String: String], port: Int = 0, drafts: Bool = false, idleTimeout: Duration = .seconds(15)
    ) async throws {
        folder = try Self.site(files)
        var build = BuildOptions(siteFolder: folder)
        build.includeDrafts = drafts
        var options = PreviewServer.Options(build: build)
        options.port = port
        options.handlesSignals = false
        options.idleTimeout = idleTimeout
        let (ready, readyContinuation) = AsyncStream<Int>.makeStream()
        task = Task {
            try await PreviewServer(options: options).run { event in
                switch event {
                case .listening(_, let port): readyContinuation.yield(port)
                case .rebuilt, .built: break
                }
            }
        }
        var port = 0
        for await value in ready {
            port = value
            break
        }
        self.port = port
    }

    func stop() async {
        task.cancel()
        _ = try? await task.value
        try? FileManager.default.removeItem(at: folder)
    }

    func write(_ path: String, _ text: String) throws { try Self.write(folder, path, text) }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    func get(_ path: String, method: HTTPMethod = .GET, headers: [(String, String)] = []) async throws -> Reply {
        var request = HTTPClientRequest(url: url(path))
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        let response = try await Self.http.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 64 * 1024 * 1024)
        return Reply(
            status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) },
            body: String(buffer: body))
    }

    /// The status line of a request sent exactly as written (no client normalising the path), with
    /// `host` as its `Host:`.
    func rawStatus(_ target: String, host: String = "127.0.0.1") async throws -> Int {
        let port = port
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try Self.rawRequest(port: port, target: target, host: host) })
            }.start()
        }
    }

    private static func rawRequest(port: Int, target: String, host: String) throws -> Int {
        let connection = try RawConnection(port: port)
        // The connection closes its socket when it goes: keep it until the reading below is done.
        defer { withExtendedLifetime(connection) {} }
        let socket = connection.socket
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        connection.send("GET \(target) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += buffer[0..<count]
            if received.count > 12 { break }
        }
        let text = String(decoding: received, as: UTF8.self)
        let parts = text.split(separator: " ")
        guard parts.count > 1, let status = Int(parts[1]) else { throw RawError.response(text) }
        return status
    }

    enum RawError: Error {
        case socket, connect
        case response(String)
    }

    /// Opens `/__linky/events`; `next()` waits for the next `reload` event's data.
    func events() async throws -> EventStream {
        var request = HTTPClientRequest(url: url("/__linky/events"))
        request.method = .GET
        let response = try await Self.http.execute(request, timeout: .seconds(120))
        return EventStream(iterator: response.body.makeAsyncIterator())
    }

    struct EventStream {
        var iterator: HTTPClientResponse.Body.AsyncIterator
        var pending = ""

        /// The data of the next event named `reload`, waiting at most `seconds`.
        mutating func next() async throws -> String? {
            while true {
                if let end = pending.range(of: "\n\n") {
                    let event = String(pending[..<end.lowerBound])
                    pending.removeSubrange(..<end.upperBound)
                    // The whole-collection files follow an incremental update in an event of their own.
                    if event.contains("event: reload"), !event.contains("\"kind\":\"deferred\"") {
                        return event.split(separator: "\n").first { $0.hasPrefix("data: ") }.map {
                            String($0.dropFirst(6))
                        }
                    }
                    continue
                }
                guard let buffer = try await iterator.next() else { return nil }
                pending += String(buffer: buffer)
            }
        }
    }
}

/// A short site with every page type.
enum Fixture {
    static func link(
        _ title: String, url: String, tags: [String] = [], date: String = "2024-05-01", note: String? = "A note."
    ) -> String {
        var text = "---\nurl: \(url)\ntitle: \(title)\n"
        if !tags.isEmpty { text += "tags: [\(tags.joined(separator: ", "))]\n" }
        text += "date: \(date)\n---\n"
        if let note { text += note + "\n" }
        return text
    }

    static let files: [String: String] = [
        "linky.yml": "title: Test links\nbase_url: https://example.com/\npage_size: 2\n",
        "links/reading/swift.md": link("Swift concurrency", url: "https://example.com/swift", tags: ["swift"]),
        "links/reading/rust.md": link("Rust book", url: "https://example.com/rust", tags: ["rust"], date: "2023-02-01"),
        "links/reading/go.md": link(
            "Go tour", url: "https://example.com/go", tags: ["go", "swift"], date: "2022-03-01"),
        "links/맛집/을지로.md": link("을지로 노포", url: "https://example.kr/a", tags: ["맛집"], date: "2021-01-01"),
        "static/robots.txt": "User-agent: *\n",
        "static/images/big.bin": String(repeating: "0123456789", count: 10_000),
    ]
}
