import Foundation
import NIOPosix

/// Looks host names up with the system's resolver (`getaddrinfo`, as the HTTP client itself would),
/// on NIO's thread pool so a slow lookup never holds one of Swift's few cooperative threads.
///
/// `getaddrinfo` also reads the numeric forms URLs allow and `inet_pton` does not (`2130706433`,
/// `0x7f.1`, `017700000001`): what they mean is what it returns, and that is what gets checked.
enum HostResolver {
    /// Every address `host` resolves to, in the resolver's order of preference.
    static func addresses(of host: String, port: Int) async throws(WebClient.Failure) -> [IPAddress] {
        let outcome: Result<[IPAddress], WebClient.Failure>
        do {
            outcome = try await NIOThreadPool.singleton.runIfActive { lookUp(host, port: port) }
        } catch {
            outcome = .failure(.connection("the host name could not be looked up: \(error)"))
        }
        return try outcome.get()
    }
}

// MARK: - Private

private extension HostResolver {
    static func lookUp(_ host: String, port: Int) -> Result<[IPAddress], WebClient.Failure> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if os(Linux)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        hints.ai_protocol = Int32(IPPROTO_TCP)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0 else {
            if status == EAI_NONAME || status == EAI_NODATA_OR_NONAME {
                return .failure(.connection("the host name does not resolve"))
            }
            return .failure(
                .connection("the host name could not be looked up: \(String(cString: gai_strerror(status)))"))
        }
        defer { freeaddrinfo(list) }
        var addresses: [IPAddress] = []
        var entry = list
        while let current = entry?.pointee {
            entry = current.ai_next
            guard let socketAddress = current.ai_addr else { continue }
            switch Int32(current.ai_family) {
            case AF_INET:
                let v4 = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                if let address = withUnsafeBytes(of: v4, { IPAddress(bytes: Array($0)) }) { addresses.append(address) }
            case AF_INET6:
                let v6 = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                if let address = withUnsafeBytes(of: v6, { IPAddress(bytes: Array($0)) }) { addresses.append(address) }
            default:
                continue
            }
        }
        guard !addresses.isEmpty else { return .failure(.connection("the host name does not resolve")) }
        return .success(addresses)
    }

    /// glibc's `EAI_NODATA` ("no address for this name"), which Foundation does not export; elsewhere `EAI_NONAME`.
    static var EAI_NODATA_OR_NONAME: Int32 {
        #if os(Linux)
            -5
        #else
            EAI_NONAME
        #endif
    }
}
