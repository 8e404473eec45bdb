import Foundation

/// The host names the preview answers to; any other `Host:` gets 403.
///
/// A web page cannot read a preview on 127.0.0.1 directly (another origin), but through DNS
/// rebinding it can: `attacker.example` first resolves to the attacker's server, then to 127.0.0.1,
/// and the browser, still on `attacker.example`, reads the preview as that origin. The request then
/// says `Host: attacker.example`, which is how it is told apart.
///
/// Answered: `localhost` and `*.localhost` (always loopback, RFC 6761), any IP address written as
/// one (the bound address, `127.0.0.1`, `[::1]`, a LAN address when bound to `0.0.0.0`: an address
/// is not a name an attacker controls), the name the server was asked to listen on (`--host`), and
/// the names given (`--allow-host`). With or without a port, in any case, with or without a final dot.
/// A request without a `Host:` (HTTP/1.0, from no browser) is answered.
public struct ServedHosts: Sendable, Equatable {
    /// Lower-case, without a final dot.
    public let names: Set<String>

    /// - Parameters:
    ///   - bound: the address or name the server listens on.
    ///   - allowed: further names to answer to.
    public init(bound: String, allowed: [String] = []) {
        names = Set(([bound] + allowed).map(Self.normalized).filter { !$0.isEmpty })
    }

    /// Whether a request with this `Host:` (its authority: name or address, and perhaps a port) is answered.
    public func allows(_ authority: String?) -> Bool {
        guard let authority else { return true }
        guard let host = Self.host(of: authority) else { return false }
        if host == "localhost" || host.hasSuffix(".localhost") { return true }
        if Self.isAddress(host) { return true }
        return names.contains(host)
    }
}

// MARK: - Private

private extension ServedHosts {
    /// The host of `name[:port]` or `[v6][:port]`, normalised; nil when it is not one.
    static func host(of authority: String) -> String? {
        let text = authority.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || (rest.first == ":" && rest.dropFirst().allSatisfy(\.isASCIIDigit)) else {
                return nil
            }
            return normalized(String(text[text.index(after: text.startIndex)..<close]))
        }
        var host = Substring(text)
        if let colon = text.lastIndex(of: ":") {
            guard text[text.index(after: colon)...].allSatisfy(\.isASCIIDigit) else { return nil }
            host = text[..<colon]
        }
        guard !host.isEmpty, !host.contains(":") else { return nil }
        return normalized(String(host))
    }

    static func normalized(_ name: String) -> String {
        var name = name.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        while name.hasSuffix(".") { name.removeLast() }
        return name
    }

    /// An IPv4 or IPv6 address in its standard form (not a name, not the numeric forms of `inet_aton`).
    static func isAddress(_ host: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
