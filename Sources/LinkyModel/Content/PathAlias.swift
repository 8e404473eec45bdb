import Foundation

/// An address a page used to have, written in a link's front matter, an `_index.md` or a list file's
/// front matter, or `tags.yml`: the build writes a redirect page there, so old bookmarks still arrive.
///
/// Written with a leading `/` it is a path from the site's root (`/tags/c-2/`); without one it is an
/// old name in the same place: a link's old slug in its category, a category's old folder name among
/// its siblings, a tag's old spelling (in `tags.yml`, an alias is also a spelling of the tag).
public struct PathAlias: Sendable, Hashable {
    /// As written.
    public var written: String
    public var location: SourceLocation

    public init(_ written: String, at location: SourceLocation) {
        self.written = written
        self.location = location
    }

    /// Whether it is a path from the site root rather than an old name.
    public var isPath: Bool { written.hasPrefix("/") }

    /// The output file a path alias names: `/tags/c-2/` → `tags/c-2/index.html`, `/old.html` →
    /// `old.html`. Nil when it names the root or leaves the output (`..`, NUL, back slashes).
    public var outputPath: String? {
        guard isPath else { return nil }
        var text = written
        if let cut = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = String(text[..<cut]) }
        var components: [String] = []
        for raw in text.split(separator: "/", omittingEmptySubsequences: true) {
            let component = (String(raw).removingPercentEncoding ?? String(raw)).nfc
            guard !component.isEmpty, component != ".", component != "..", !component.contains("\0"),
                !component.contains("\\"), !component.contains("/"), component.utf8.count <= 255
            else { return nil }
            components.append(component)
        }
        if components.last == "index.html" { components.removeLast() }
        guard !components.isEmpty else { return nil }
        if let last = components.last, last.hasSuffix(".html") || last.hasSuffix(".htm") {
            return components.joined(separator: "/")
        }
        return components.joined(separator: "/") + "/index.html"
    }
}
