import Foundation

/// An IPv4 or IPv6 address, and whether it belongs to the public internet.
///
/// Requests that content causes (a link, its redirects, its pictures) go only to public addresses:
/// a site folder from a stranger must not make `fetch` read a router's admin page, a service on the
/// machine, or a cloud's metadata service (169.254.169.254) and commit what it says.
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// Why an address is not on the public internet.
    public enum Restriction: String, Sendable, Equatable, CaseIterable {
        case unspecified
        case loopback
        /// 10/8, 172.16/12, 192.168/16.
        case privateNetwork
        /// 100.64/10, carrier-grade NAT.
        case sharedAddressSpace
        /// 169.254/16, fe80::/10.
        case linkLocal
        case multicast
        case broadcast
        /// fc00::/7 (and the deprecated site-local fec0::/10).
        case uniqueLocal
        /// 192.0.2/24, 198.51.100/24, 203.0.113/24, 2001:db8::/32, 3fff::/20.
        case documentation
        /// 198.18/15, 2001:2::/48.
        case benchmarking
        /// Everything else that is not public unicast: 0/8, 192.0.0/24, 240/4, IPv6 outside 2000::/3, …
        case reserved

        /// The kind of address, as a sentence names it (`a loopback address`).
        public var phrase: String {
            switch self {
            case .unspecified: "an unspecified address"
            case .loopback: "a loopback address"
            case .privateNetwork: "a private network address"
            case .sharedAddressSpace: "a carrier-grade NAT address"
            case .linkLocal: "a link-local address"
            case .multicast: "a multicast address"
            case .broadcast: "the broadcast address"
            case .uniqueLocal: "a unique local address"
            case .documentation: "an address reserved for documentation"
            case .benchmarking: "an address reserved for benchmarks"
            case .reserved: "a reserved address"
            }
        }
    }

    /// 4 bytes for IPv4, 16 for IPv6, in network order.
    public let bytes: [UInt8]

    /// An IPv4 address from its 4 bytes.
    public init(v4 a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) {
        bytes = [a, b, c, d]
    }

    /// An address from 4 or 16 bytes; nil for any other count.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// An address written in the standard way (`192.0.2.1`, `2001:db8::1`, `::ffff:127.0.0.1`);
    /// nil for anything else. The numeric forms URLs allow (`2130706433`, `0x7f.1`) are host names
    /// here: the resolver reads them, and what it returns is checked.
    public init?(_ text: String) {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
            return
        }
        return nil
    }

    public var isV4: Bool { bytes.count == 4 }

    /// The standard text form (`127.0.0.1`, `::1`).
    public var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written = bytes.withUnsafeBytes { raw in
            inet_ntop(isV4 ? AF_INET : AF_INET6, raw.baseAddress, &buffer, socklen_t(buffer.count))
        }
        guard written != nil else { return bytes.map(String.init).joined(separator: ".") }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Why the address is not public, or nil when it is. An IPv6 address that carries an IPv4 one
    /// (IPv4-mapped or -compatible, NAT64, 6to4, Teredo) is as restricted as the address it carries.
    public var restriction: Restriction? {
        isV4 ? Self.restriction(v4: bytes) : v6Restriction
    }

    /// The IPv4 address an IPv6 one carries and would reach, if it carries one.
    public var carriedV4: IPAddress? {
        guard !isV4 else { return nil }
        let zeros = bytes[0..<10].allSatisfy { $0 == 0 }
        // ::ffff:a.b.c.d (IPv4-mapped) and ::a.b.c.d (IPv4-compatible, deprecated; not :: or ::1).
        if zeros, (bytes[10] == 0xFF && bytes[11] == 0xFF) || (bytes[10] == 0 && bytes[11] == 0) {
            if bytes[10] == 0, bytes[12..<15].allSatisfy({ $0 == 0 }), bytes[15] <= 1 { return nil }
            return IPAddress(bytes: Array(bytes[12..<16]))
        }
        // ::ffff:0:a.b.c.d (IPv4-translated, RFC 2765).
        if bytes[0..<8].allSatisfy({ $0 == 0 }), bytes[8] == 0xFF, bytes[9] == 0xFF, bytes[10] == 0, bytes[11] == 0 {
            return IPAddress(bytes: Array(bytes[12..<16]))
        }
        // 64:ff9b::/96, NAT64's well-known prefix.
        if bytes[0..<12] == [0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0] {
            return IPAddress(bytes: Array(bytes[12..<16]))
        }
        // 2002:AABB:CCDD::/48, 6to4.
        if bytes[0] == 0x20, bytes[1] == 0x02 { return IPAddress(bytes: Array(bytes[2..<6])) }
        // 2001:0000::/32, Teredo: the client's address, inverted, in the last four bytes.
        if bytes[0..<4] == [0x20, 0x01, 0x00, 0x00] { return IPAddress(bytes: bytes[12..<16].map { ~$0 }) }
        return nil
    }
}

// MARK: - Private

private extension IPAddress {
    static func restriction(v4 bytes: [UInt8]) -> Restriction? {
        let (a, b, c) = (bytes[0], bytes[1], bytes[2])
        switch (a, b, c) {
        case (0, 0, 0) where bytes[3] == 0: return .unspecified
        case (0, _, _): return .reserved
        case (10, _, _): return .privateNetwork
        case (100, 64...127, _): return .sharedAddressSpace
        case (127, _, _): return .loopback
        case (169, 254, _): return .linkLocal
        case (172, 16...31, _): return .privateNetwork
        case (192, 0, 0): return .reserved
        case (192, 0, 2): return .documentation
        case (192, 88, 99): return .reserved  // 6to4 relay anycast, deprecated
        case (192, 168, _): return .privateNetwork
        case (198, 18...19, _): return .benchmarking
        case (198, 51, 100): return .documentation
        case (203, 0, 113): return .documentation
        case (224...239, _, _): return .multicast
        case (255, 255, 255) where bytes[3] == 255: return .broadcast
        case (240...255, _, _): return .reserved
        default: return nil
        }
    }

    var v6Restriction: Restriction? {
        if bytes.allSatisfy({ $0 == 0 }) { return .unspecified }
        if bytes[0..<15].allSatisfy({ $0 == 0 }), bytes[15] == 1 { return .loopback }
        if let carried = carriedV4 { return carried.restriction }
        if bytes[0] == 0xFF { return .multicast }
        if bytes[0] == 0xFE, bytes[1] & 0xC0 == 0x80 { return .linkLocal }
        if bytes[0] == 0xFE, bytes[1] & 0xC0 == 0xC0 { return .uniqueLocal }  // site-local, deprecated
        if bytes[0] & 0xFE == 0xFC { return .uniqueLocal }
        // Only 2000::/3 is global unicast; the rest (64:ff9b:1::/48, 100::/64, 5f00::/16, …) is not.
        guard bytes[0] & 0xE0 == 0x20 else { return .reserved }
        if bytes[0..<4] == [0x20, 0x01, 0x0D, 0xB8] { return .documentation }
        if bytes[0] == 0x3F, bytes[1] & 0xF0 == 0xF0 { return .documentation }  // 3fff::/20
        if bytes[0..<6] == [0x20, 0x01, 0x00, 0x02, 0x00, 0x00] { return .benchmarking }
        // 2001::/23 is for protocol assignments (ORCHID, AMT, …), none of them a web server.
        if bytes[0] == 0x20, bytes[1] == 0x01, bytes[2] & 0xFE == 0 { return .reserved }
        return nil
    }
}
