/// Paths as the file system reads them: names separated by the byte `/`.
///
/// Swift's `String` splits by `Character`, and a `/` followed by a combining mark or a variation
/// selector (`/\u{FE0F}-love.md`) is one `Character` that is not `"/"`; so is Foundation's
/// `NSString` path API on Linux. These work on UTF-8 bytes instead, which is what `open` sees.
public enum PathText {
    /// The names of `path`, without empty ones: `a//b/` → `["a", "b"]`.
    public static func components(_ path: String) -> [String] {
        path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// The last name of `path`: `links/a/b.md` → `b.md`.
    public static func lastComponent(_ path: String) -> String {
        let bytes = Array(trimmingTrailingSlashes(path).utf8)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes[(slash + 1)...], as: UTF8.self)
    }

    /// `path` without its last name: `links/a/b.md` → `links/a`, `/b` → `/`, `b` → `` (as
    /// `NSString.deletingLastPathComponent`).
    public static func parent(_ path: String) -> String {
        let bytes = Array(trimmingTrailingSlashes(path).utf8)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        var end = slash
        while end > 0 && bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        return end == 0 ? "/" : String(decoding: bytes[..<end], as: UTF8.self)
    }

    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1 && bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
