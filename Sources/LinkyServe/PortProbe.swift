import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Whether the server's address can be listened on, asked before the first build (seconds on a
/// large site) so a port in use is said at once. The probe binds a socket as the server will (with
/// `SO_REUSEADDR`, which NIO sets) and closes it; a port taken between the probe and the server is
/// still reported by the server.
enum PortProbe {
    /// Nil when every address `host` names can be bound on `port`, else why not.
    static func failure(host: String, port: Int) -> PreviewServer.Failure? {
        guard port != 0 else { return nil }
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &list)
        guard resolved == 0, let first = list else {
            let reason = resolved == 0 ? "no address" : String(cString: gai_strerror(resolved))
            return .cannotListen(host: host, port: port, reason: "the address cannot be resolved: \(reason)")
        }
        defer { freeaddrinfo(list) }
        // NIO binds the first address the name resolves to.
        let socket = Glibc.socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
        guard socket >= 0 else { return nil }
        defer { close(socket) }
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        guard bind(socket, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
            let code = errno
            if code == EADDRINUSE { return .portInUse(host: host, port: port) }
            return .cannotListen(host: host, port: port, reason: String(cString: strerror(code)))
        }
        // A bound port can still be taken by a listener that set SO_REUSEADDR: listening says.
        guard listen(socket, 1) == 0 else {
            let code = errno
            if code == EADDRINUSE { return .portInUse(host: host, port: port) }
            return nil
        }
        return nil
    }
}
