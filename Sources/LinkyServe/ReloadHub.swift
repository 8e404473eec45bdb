import Foundation
import Synchronization

/// Fans reload events out to every open `/__linky/events` stream.
final class ReloadHub: Sendable {
    private struct State {
        var next = 0
        var clients: [Int: AsyncStream<String>.Continuation] = [:]
        var closed = false
    }

    private let state = Mutex(State())

    /// A stream of server-sent-event texts for one client; it ends when the hub closes.
    func subscribe() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let id: Int? = state.withLock { state in
            guard !state.closed else { return nil }
            state.next += 1
            state.clients[state.next] = continuation
            return state.next
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.clients.removeValue(forKey: id) }
        }
        return stream
    }

    var clientCount: Int { state.withLock { $0.clients.count } }

    /// Sends `event` with a JSON `data` line to every client.
    func send(event: String, data: String) {
        let text = "event: \(event)\ndata: \(data)\n\n"
        for client in state.withLock({ Array($0.clients.values) }) { client.yield(text) }
    }

    /// Ends every stream, so the server can shut down without waiting for browsers.
    func close() {
        let clients = state.withLock { state in
            state.closed = true
            defer { state.clients = [:] }
            return Array(state.clients.values)
        }
        for client in clients { client.finish() }
    }
}
