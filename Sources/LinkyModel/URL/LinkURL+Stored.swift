extension LinkURL {
    /// An address linky-site wrote itself (the metadata cache, a fetched page's image or icon),
    /// checked like any in a link file: nil when it is missing or not usable. Such an address only
    /// ever adds a picture or an icon, so one a hand edit broke costs that, never the build.
    public init?(stored raw: String?) {
        guard let raw, !raw.isEmpty else { return nil }
        do {
            self = try LinkURL(parsing: raw)
        } catch {
            return nil
        }
    }

    /// A title for a link that has none, neither from its author nor from its page: the address as a
    /// person reads it, without scheme, `www.` or trailing slash (`example.com/a/b`).
    public var fallbackTitle: String {
        var text = displayString
        for prefix in ["https://", "http://"] where text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
        if text.hasPrefix("www.") { text.removeFirst(4) }
        while text.hasSuffix("/") { text.removeLast() }
        return text.isEmpty ? displayHost : text
    }

    /// The `user:password` (or `user`) written before the host, percent-encoded as stored; nil for
    /// none. A link's address is published as it is written, so what it holds is published with it.
    public var userInfo: String? {
        guard let schemeEnd = absoluteString.range(of: "://") else { return nil }
        let rest = absoluteString[schemeEnd.upperBound...]
        let authority = rest[..<(rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex)]
        guard let at = authority.lastIndex(of: "@") else { return nil }
        return String(authority[..<at])
    }
}
