import Foundation

/// A validated link URL: the stored form is an ASCII URI (IRI → URI), with a separate key for duplicate detection.
///
/// Two values are equal when their `absoluteString`s are equal; use `comparisonKey` to find links
/// that point at the same page despite cosmetic differences (scheme, tracking parameters, fragment…).
public struct LinkURL: Hashable, Sendable, Comparable, CustomStringConvertible {

    // MARK: - Properties

    /// ASCII URI for `href`s and feeds: lower-cased scheme and host, punycode host, default port
    /// dropped, non-ASCII and unsafe characters percent-encoded as UTF-8, empty path as `/`.
    public let absoluteString: String
    /// The same URL for humans: Unicode host and readable percent-decoded path, query and fragment.
    public let displayString: String
    /// The lower-cased scheme, e.g. `https`.
    public let scheme: String
    /// The ASCII (punycode) lower-cased host; IPv6 literals keep their brackets. Empty when there is none (e.g. `mailto:`).
    public let host: String
    /// The Unicode host without a leading `www.`, for showing the domain next to a link.
    public let displayHost: String
    /// A key that is equal for URLs that almost certainly point at the same resource.
    public let comparisonKey: String

    public var description: String { absoluteString }

    /// A URL this program parsed before, from its parts (the rebuild state keeps parses between builds).
    package init(
        storedParts absoluteString: String, displayString: String, scheme: String, host: String, displayHost: String,
        comparisonKey: String
    ) {
        self.absoluteString = absoluteString
        self.displayString = displayString
        self.scheme = scheme
        self.host = host
        self.displayHost = displayHost
        self.comparisonKey = comparisonKey
    }

    // MARK: - Parsing

    /// Parses and normalises a URL typed or pasted by a user.
    ///
    /// - Parameters:
    ///   - raw: the text; surrounding whitespace and `<…>` wrapping are ignored.
    ///   - allowedSchemes: schemes accepted besides the always-refused unsafe ones (`javascript`, `data`, …).
    /// - Throws: `LinkURLError` describing the first problem found.
    public init(parsing raw: String, allowedSchemes: Set<String> = ["http", "https"]) throws(LinkURLError) {
        // Most addresses start and end with a visible ASCII character: nothing to trim (Foundation's
        // trimming was a large part of parsing a big site).
        let visible: (UInt8?) -> Bool = { $0.map { $0 > 0x20 && $0 < 0x7F } ?? false }
        var trimmed =
            visible(raw.utf8.first) && visible(raw.utf8.last)
            ? raw : raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("<") && trimmed.hasSuffix(">") && trimmed.count >= 2 {
            trimmed = String(trimmed.dropFirst().dropLast()).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard !trimmed.isEmpty else { throw .empty }

        // NFC first so that decomposed input (e.g. jamo from macOS file names) encodes identically.
        let text = trimmed.nfc
        try Self.rejectObfuscatedUnsafeScheme(text)
        guard !text.unicodeScalars.contains(where: Self.isForbiddenScalar) else {
            throw .containsWhitespaceOrControl
        }

        let (scheme, rest) = try Self.splitScheme(text, raw: trimmed)
        if Self.unsafeSchemes.contains(scheme) {
            throw .unsafeScheme(scheme)
        }
        guard Set(allowedSchemes.map { $0.lowercased() }).contains(scheme) else {
            throw .unsupportedScheme(scheme)
        }
        self.scheme = scheme

        guard let afterSlashes = Self.authorityStart(scheme: scheme, rest: rest) else {
            // Opaque URI such as mailto: or tel: — nothing to split, only encode.
            guard !rest.isEmpty else { throw .malformed("there is nothing after \"\(scheme):\"") }
            let encoded = Self.percentEncoded(Substring(rest))
            absoluteString = scheme + ":" + encoded
            displayString = scheme + ":" + Self.displayDecoded(encoded)
            host = ""
            displayHost = ""
            comparisonKey = absoluteString
            return
        }

        // Split on scalars, not Characters: "#" followed by a combining mark is one Character.
        let authorityEnd = afterSlashes.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterSlashes.endIndex
        let authority = afterSlashes[..<authorityEnd]
        guard !authority.contains("\\") else {
            // "https://good.example\@evil.example" is read differently by browsers and parsers.
            throw .malformed("a backslash appears in the host part")
        }

        var userinfo: String?
        var hostPort = authority
        if let at = authority.lastIndex(of: "@") {
            userinfo = Self.percentEncoded(Substring(authority[..<at]), alsoEncoding: [UInt8(ascii: "@")])
            hostPort = authority[authority.index(after: at)...]
        }
        let (asciiHost, port) = try Self.parseHostAndPort(hostPort, scheme: scheme)
        host = asciiHost

        var remainder = afterSlashes[authorityEnd...]
        var fragment: String?
        if let hash = remainder.firstIndex(of: "#") {
            fragment = Self.percentEncoded(Substring(remainder[remainder.index(after: hash)...]))
            remainder = remainder[..<hash]
        }
        var query: String?
        if let question = remainder.firstIndex(of: "?") {
            query = Self.percentEncoded(Substring(remainder[remainder.index(after: question)...]))
            remainder = remainder[..<question]
        }
        let path = remainder.isEmpty ? "/" : Self.percentEncoded(Substring(remainder))

        let unicodeHost = Punycode.toUnicode(host: asciiHost)
        displayHost = unicodeHost.hasPrefix("www.") ? String(unicodeHost.dropFirst(4)) : unicodeHost

        let userPart = userinfo.map { $0 + "@" } ?? ""
        let portPart = port.map { ":\($0)" } ?? ""
        absoluteString =
            scheme + "://" + userPart + asciiHost + portPart + path
            + (query.map { "?" + $0 } ?? "") + (fragment.map { "#" + $0 } ?? "")
        displayString =
            scheme + "://" + userPart + unicodeHost + portPart + Self.displayDecoded(path)
            + (query.map { "?" + Self.displayDecoded($0) } ?? "")
            + (fragment.map { "#" + Self.displayDecoded($0) } ?? "")

        var keyPath = Self.normalizedEscapes(path)
        if keyPath.count > 1 && keyPath.hasSuffix("/") {
            keyPath.removeLast()
        }
        let keyQuery = query.flatMap { Self.withoutTrackingParameters(Self.normalizedEscapes($0)) }
        let keyScheme = Self.webSchemes.contains(scheme) ? "//" : scheme + "://"
        comparisonKey = keyScheme + userPart + asciiHost + portPart + keyPath + (keyQuery.map { "?" + $0 } ?? "")
    }

    // MARK: - Comparable & Hashable

    public static func < (a: LinkURL, b: LinkURL) -> Bool {
        a.absoluteString < b.absoluteString
    }

    public static func == (a: LinkURL, b: LinkURL) -> Bool {
        a.absoluteString == b.absoluteString
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(absoluteString)
    }
}

// MARK: - Errors

/// Why a string could not be accepted as a `LinkURL`.
public enum LinkURLError: Error, Equatable, Sendable {
    case empty
    case containsWhitespaceOrControl
    case missingScheme(String)
    case unsafeScheme(String)
    case unsupportedScheme(String)
    case missingHost
    case invalidHost(String)
    case invalidPort(String)
    case malformed(String)

    /// One sentence saying what is wrong.
    public var message: String {
        switch self {
        case .empty:
            "the URL is empty"
        case .containsWhitespaceOrControl:
            "the URL contains a tab, line break or invisible control character"
        case .missingScheme(let text):
            "\"\(text)\" has no scheme such as https://"
        case .unsafeScheme(let scheme):
            "the URL scheme \"\(scheme)\" is not allowed"
        case .unsupportedScheme(let scheme):
            "the URL scheme \"\(scheme)\" is not supported here"
        case .missingHost:
            "the URL has no host name"
        case .invalidHost(let host):
            "the host name \"\(host)\" is not valid"
        case .invalidPort(let port):
            "the port \"\(port)\" is not a number between 0 and 65535"
        case .malformed(let detail):
            "the URL is malformed: \(detail)"
        }
    }

    /// What the user can do about it.
    public var hint: String {
        switch self {
        case .empty:
            "enter a full address such as https://example.com/"
        case .containsWhitespaceOrControl:
            "retype the address or copy it again from the browser's address bar"
        case .missingScheme(let text):
            "add https:// in front, e.g. \"https://\(text.drop { $0 == "/" })\""
        case .unsafeScheme, .unsupportedScheme:
            "use an http:// or https:// address"
        case .missingHost:
            "add a domain after the scheme, e.g. https://example.com/"
        case .invalidHost:
            "check the domain for typos, spaces or stray punctuation"
        case .invalidPort:
            "fix or remove the \":port\" after the host name"
        case .malformed:
            "copy the address again from the browser's address bar"
        }
    }
}

// MARK: - Helpers

private extension LinkURL {
    static let unsafeSchemes: Set<String> = ["javascript", "vbscript", "data", "file", "blob", "about"]
    /// Schemes with an authority even when the slashes are missing or doubled, as in browsers.
    static let specialSchemes: Set<String> = ["http", "https", "ftp", "ws", "wss"]
    static let webSchemes: Set<String> = ["http", "https"]
    static let defaultPorts: [String: Int] = ["http": 80, "https": 443, "ftp": 21, "ws": 80, "wss": 443]
    static let trackingParameters: Set<String> = [
        "fbclid", "gclid", "dclid", "msclkid", "mc_cid", "mc_eid", "igshid", "ref_src",
    ]
    /// Printable ASCII that is still not allowed literally in a URI (RFC 3986 excludes them).
    static let unsafeBytes: Set<UInt8> = Set(" \"<>`{}|\\^".utf8)
    /// Characters kept encoded in `displayString` because decoding them would change the URL's structure.
    static let structuralScalars: Set<Unicode.Scalar> = ["/", "?", "#", "%", "&", "=", "+", ";"]
    static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// URL structure is split on scalars because a delimiter plus a combining mark is a single `Character`.
    typealias Scalars = Substring.UnicodeScalarView

    // MARK: Validation

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

    // MARK: Percent-encoding

    static func percentEncoded(_ text: some StringProtocol, alsoEncoding extra: Set<UInt8> = []) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                output += [byte, hexDigits[Int(high)], hexDigits[Int(low)]]
                index += 3
                continue
            }
            if byte >= 0x7F || byte < 0x20 || byte == UInt8(ascii: "%") || unsafeBytes.contains(byte)
                || extra.contains(byte)
            {
                output += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
            } else {
                output.append(byte)
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes escapes of unreserved characters and upper-cases the rest (RFC 3986 §6.2.2).
    static func normalizedEscapes(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if let value = escapedByte(bytes, at: index) {
                if isUnreserved(value) {
                    output.append(value)
                } else {
                    output += [UInt8(ascii: "%"), hexDigits[Int(value >> 4)], hexDigits[Int(value & 0xF)]]
                }
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Percent-decodes whole UTF-8 sequences that are safe to show; anything else stays escaped.
    static func displayDecoded(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var output = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            guard let lead = escapedByte(bytes, at: index) else {
                output.append(Unicode.Scalar(bytes[index]))
                index += 1
                continue
            }
            let length = utf8Length(lead: lead)
            var sequence = [lead]
            var next = index + 3
            while sequence.count < length, let byte = escapedByte(bytes, at: next) {
                sequence.append(byte)
                next += 3
            }
            if sequence.count == length, let decoded = String(validating: sequence, as: UTF8.self),
                let scalar = decoded.unicodeScalars.first, isDisplayable(scalar)
            {
                output.append(scalar)
                index = next
            } else {
                output.append(contentsOf: text.unicodeScalars.dropFirst(index).prefix(3))
                index += 3
            }
        }
        return String(output)
    }

    static func isDisplayable(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return
            !(properties.generalCategory == .control || properties.generalCategory == .format
            || properties.isWhitespace || structuralScalars.contains(scalar))
    }

    static func utf8Length(lead: UInt8) -> Int {
        switch lead {
        case 0x00...0x7F: 1
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
    }

    static func escapedByte(_ bytes: [UInt8], at index: Int) -> UInt8? {
        guard index + 2 < bytes.count, bytes[index] == UInt8(ascii: "%"),
            let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
        else { return nil }
        return high << 4 | low
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    // MARK: Duplicate detection

    /// Drops analytics parameters that never change the page; `nil` when nothing is left.
    static func withoutTrackingParameters(_ query: String) -> String? {
        let kept = query.split(separator: "&").filter { parameter in
            let name = (parameter.split(separator: "=", maxSplits: 1).first ?? "").lowercased()
            return !(name.hasPrefix("utm_") || trackingParameters.contains(name))
        }
        return kept.isEmpty ? nil : kept.joined(separator: "&")
    }
}
