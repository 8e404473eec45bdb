import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `serve` closes what would otherwise stay open forever: idle connections, connections that trickle
/// their headers, and HTTP/1.0 connections once answered.
@Suite struct ConnectionTimeoutTests {
    @Test func anIdleConnectionIsClosed() async throws {
        let server = try await ServerHarness(Fixture.files, idleTimeout: .seconds(1))
        defer { Task { await server.stop() } }
        let connection = try RawConnection(port: server.port)
        let started = ContinuousClock.now
        // Generous windows: the suite may share two cores with a build; an unclosed one never passes.
        #expect(await connection.readUntilClosed(within: 15) != nil)
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test func aConnectionThatTricklesItsHeadersIsClosed() async throws {
        let server = try await ServerHarness(Fixture.files, idleTimeout: .seconds(1))
        defer { Task { await server.stop() } }
        let connection = try RawConnection(port: server.port)
        connection.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        let started = ContinuousClock.now
        var closed = false
        // A header line every 300 ms: each read comes soon, the head never ends.
        for index in 0..<40 {
            try await Task.sleep(for: .milliseconds(300))
            if !connection.send("X-Slow-\(index): yes\r\n") || connection.isClosed() {
                closed = true
                break
            }
        }
        #expect(closed)
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test func aKeptAliveConnectionIsClosedOnceIdleAfterItsResponse() async throws {
        let server = try await ServerHarness(Fixture.files, idleTimeout: .seconds(1))
        defer { Task { await server.stop() } }
        let connection = try RawConnection(port: server.port)
        connection.send("GET /robots.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let reply = try #require(await connection.readUntilClosed(within: 15))
        #expect(reply.hasPrefix("HTTP/1.1 200"))
    }

    @Test func anHTTP10RequestWithoutKeepAliveIsClosedAfterItsResponse() async throws {
        // A long idle timeout: only the request's version may close the connection.
        let server = try await ServerHarness(Fixture.files, idleTimeout: .seconds(60))
        defer { Task { await server.stop() } }
        let connection = try RawConnection(port: server.port)
        connection.send("GET /robots.txt HTTP/1.0\r\n\r\n")
        let reply = try #require(await connection.readUntilClosed(within: 15))
        #expect(reply.contains("200"))
        #expect(reply.hasSuffix("User-agent: *\n"))
        let keptAlive = try RawConnection(port: server.port)
        keptAlive.send("GET /robots.txt HTTP/1.1\r\nHost: localhost\r\nConnection: Close\r\n\r\n")
        #expect(await keptAlive.readUntilClosed(within: 15)?.contains("200") == true)
    }
}

/// A TCP connection to 127.0.0.1, written and read as bytes.
final class RawConnection {
    let socket: Int32

    init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw ServerHarness.RawError.socket }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw ServerHarness.RawError.connect
        }
    }

    deinit { close(socket) }

    /// False when the peer has closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            == bytes.count
    }

    /// Everything the server sends until it closes the connection; nil if it is still open after `seconds`.
    ///
    /// It waits by sleeping, never in `poll`: a blocked thread of the concurrency pool (two on a
    /// two-core machine) is one the server in this same process cannot answer on.
    func readUntilClosed(within seconds: Int) async -> String? {
        let end = ContinuousClock.now + .seconds(seconds)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < end {
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 0) > 0 else {
                try? await Task.sleep(for: .milliseconds(50))
                continue
            }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return String(decoding: received, as: UTF8.self) }
            received += buffer[0..<count]
        }
        return nil
    }

    /// Whether the server has closed the connection (without waiting).
    func isClosed() -> Bool {
        var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 0) > 0 else { return false }
        var byte: UInt8 = 0
        return recv(socket, &byte, 1, Int32(MSG_PEEK)) <= 0
    }
}
