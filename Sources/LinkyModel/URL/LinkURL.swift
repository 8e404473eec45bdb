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
    /// A key that is equal for URLs that almost certainly point at the same resource: scheme (http or
    /// https), host case, default port, trailing slash, `utm_*` parameters and a fragment that is not a
    /// route (`isRoute`) do not count.
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
        let keyQuery = query.flatMap { Self.comparisonQuery(Self.normalizedEscapes($0)) }
        let keyScheme = Self.webSchemes.contains(scheme) ? "//" : scheme + "://"
        let keyFragment = fragment.flatMap { Self.isRoute($0) ? "#" + Self.normalizedEscapes($0) : nil }
        comparisonKey =
            keyScheme + userPart + asciiHost + portPart + keyPath + (keyQuery.map { "?" + $0 } ?? "")
            + (keyFragment ?? "")
    }

    /// Whether a fragment names a page of a single-page app rather than a place on the page, and so
    /// is part of the address for finding duplicates: it starts with `!` (`#!topic/…`, the "hashbang"
    /// routes) or `/` (`#/settings`), or holds a `/` (`#inbox/FMfcg…`). A plain `#section` does not.
    public static func isRoute(_ fragment: String) -> Bool {
        fragment.hasPrefix("!") || fragment.hasPrefix("/") || fragment.contains("/")
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
