/// A request's path as a path inside the site, or why it is refused.
///
/// Only plain segments survive: `..`, `.` and empty segments (`//etc`), encoded slashes and
/// backslashes, NUL bytes and undecodable escapes are refused before any lookup, whether written
/// plainly or percent-encoded (`%2e%2e`).
enum RequestPath: Equatable {
    /// Segments relative to the site root, NFC; `isFolder` when the path ended with `/`.
    case path(segments: [String], isFolder: Bool)
    case refused

    init(_ raw: String) {
        guard raw.hasPrefix("/") else {
            self = .refused
            return
        }
        let lowered = raw.lowercased()
        // An encoded `/` or `\` would let one segment reach into another folder.
        guard !lowered.contains("%2f"), !lowered.contains("%5c"), !lowered.contains("%00"), !raw.contains("\\") else {
            self = .refused
            return
        }
        let parts = raw.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        var segments: [String] = []
        for (index, part) in parts.enumerated() {
            if part.isEmpty {
                // Only a trailing slash may leave an empty segment.
                guard index == parts.count - 1 else {
                    self = .refused
                    return
                }
                continue
            }
            guard let decoded = String(part).removingPercentEncoding, decoded != "..", decoded != ".",
                !decoded.contains("/"), !decoded.contains("\\"), !decoded.contains("\0")
            else {
                self = .refused
                return
            }
            segments.append(decoded.precomposedStringWithCanonicalMapping)
        }
        self = .path(segments: segments, isFolder: raw.hasSuffix("/"))
    }
}
