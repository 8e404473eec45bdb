import Foundation

/// Checking a URL's parts as they are split: its characters, scheme, authority, host and port.
extension LinkURL {
    static let unsafeSchemes: Set<String> = ["javascript", "vbscript", "data", "file", "blob", "about"]
    /// Schemes with an authority even when the slashes are missing or doubled, as in browsers.
    static let specialSchemes: Set<String> = ["http", "https", "ftp", "ws", "wss"]
    static let webSchemes: Set<String> = ["http", "https"]
    static let defaultPorts: [String: Int] = ["http": 80, "https": 443, "ftp": 21, "ws": 80, "wss": 443]

    /// URL structure is split on scalars because a delimiter plus a combining mark is a single `Character`.
    typealias Scalars = Substring.UnicodeScalarView

    static func isForbiddenScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == " " { return false }  // pasted URLs often have raw spaces; they get %20
        // ASCII without a property lookup (these were most of parsing a URL): controls, which
        // include ASCII's other whitespace; ASCII has no bidi controls.
        if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
        let properties = scalar.properties
        return properties.generalCategory == .control || properties.isWhitespace || properties.isBidiControl
    }

    /// Refuses `java\tscript:` and friends before the control-character check, so the
    /// error names the real problem.
    static func rejectObfuscatedUnsafeScheme(_ text: String) throws(LinkURLError) {
        guard let colon = text.unicodeScalars.firstIndex(of: ":") else { return }
        let candidate = text.unicodeScalars[..<colon].filter {
            // ASCII: no format characters; controls and whitespace are at most 0x20, and 0x7F.
            $0.isASCII
                ? $0.value > 0x20 && $0.value != 0x7F
                : !($0.properties.generalCategory == .control || $0.properties.generalCategory == .format
                    || $0.properties.isWhitespace)
        }
        let cleaned = String(String.UnicodeScalarView(candidate)).lowercased()
        if unsafeSchemes.contains(cleaned) {
            throw .unsafeScheme(cleaned)
        }
    }

    static func splitScheme(_ text: String, raw: String) throws(LinkURLError) -> (String, Scalars) {
        let scalars = Substring(text).unicodeScalars
        guard let colon = scalars.firstIndex(of: ":") else { throw .missingScheme(raw) }
        let candidate = scalars[..<colon]
        let rest = scalars[scalars.index(after: colon)...]
        guard let first = candidate.first, first.isASCII, first.properties.isAlphabetic,
            candidate.allSatisfy({
                $0.isASCII
                    && ($0.properties.isAlphabetic
                        || isDigit($0) || $0 == "+" || $0 == "." || $0 == "-")
            })
        else { throw .missingScheme(raw) }
        // "localhost:8080/x" and "example.com:8080" are host:port, not a scheme.
        let digits = rest.prefix(while: isDigit)
        if !digits.isEmpty && (digits.endIndex == rest.endIndex || "/?#".unicodeScalars.contains(rest[digits.endIndex]))
        {
            throw .missingScheme(raw)
        }
        return (String(Substring(candidate)).lowercased(), rest)
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    /// The text after `scheme:` and its slashes when the URL has an authority, `nil` for opaque URIs.
    static func authorityStart(scheme: String, rest: Scalars) -> Scalars? {
        if specialSchemes.contains(scheme) {
            return rest.drop { $0 == "/" }
        }
        return rest.starts(with: "//".unicodeScalars) ? rest.dropFirst(2) : nil
    }

    static func parseHostAndPort(_ hostPort: Scalars, scheme: String) throws(LinkURLError) -> (String, Int?) {
        var hostText = hostPort
        var portText: Scalars?
        if hostPort.first == "[" {
            guard let close = hostPort.firstIndex(of: "]") else { throw .invalidHost(String(Substring(hostPort))) }
            hostText = hostPort[...close]
            let after = hostPort[hostPort.index(after: close)...]
            if !after.isEmpty {
                guard after.first == ":" else { throw .invalidHost(String(Substring(hostPort))) }
                portText = after.dropFirst()
            }
        } else if let colon = hostPort.firstIndex(of: ":") {
            hostText = hostPort[..<colon]
            portText = hostPort[hostPort.index(after: colon)...]
        }

        var port: Int?
        if let portText, !portText.isEmpty {
            let digits = String(Substring(portText))
            guard portText.allSatisfy(isDigit), let value = Int(digits), value <= 65535
            else { throw .invalidPort(digits) }
            port = value == defaultPorts[scheme] ? nil : value
        }

        if hostText.isEmpty {
            if specialSchemes.contains(scheme) { throw .missingHost }
            return ("", port)
        }
        let hostString = String(Substring(hostText))
        if hostText.first == "[" {
            let literal = String(Substring(hostText.dropFirst().dropLast())).lowercased()
            guard isPlausibleIPv6(literal) else { throw .invalidHost(hostString) }
            return ("[" + literal + "]", port)
        }
        guard !hostText.contains("%"), let ascii = Punycode.toASCII(host: hostString) else {
            throw .invalidHost(hostString)
        }
        return (ascii, port)
    }

    /// Loose check: hex groups of up to four digits, at most one `::`, optional dotted IPv4 tail.
    static func isPlausibleIPv6(_ literal: String) -> Bool {
        guard literal.contains(":"), !literal.contains(":::"),
            literal.components(separatedBy: "::").count <= 2
        else { return false }
        var groups = literal.split(separator: ":", omittingEmptySubsequences: true)
        if let last = groups.last, last.contains(".") {
            let octets = last.split(separator: ".", omittingEmptySubsequences: false)
            guard octets.count == 4,
                octets.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCII) && Int($0) != nil })
            else { return false }
            groups.removeLast()
        }
        return groups.count <= 8 && groups.allSatisfy { $0.count <= 4 && $0.allSatisfy { $0.isASCII && $0.isHexDigit } }
    }
}
