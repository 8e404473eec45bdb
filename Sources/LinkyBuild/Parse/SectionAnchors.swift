import Foundation
import LinkyModel

/// The in-page anchors of a list file, as GitHub makes them from its headings (`## Web Frameworks`
/// → `#web-frameworks`), and the anchors its items and paragraphs point at: one that matches no
/// heading is a broken link of the list (a warning), one that does is rewritten to the heading's
/// page when pages are made.
struct SectionAnchors {
    /// Anchors every README page has (`#readme`, the top), beside its headings'.
    static let builtIn: Set<String> = ["readme", "top", ""]

    private(set) var headings: Set<String> = []
    /// The anchor of the heading added last.
    private(set) var lastAnchor = ""
    private var counts: [String: Int] = [:]
    private var references: [(anchor: String, line: Int)] = []

    mutating func addHeading(_ text: String) {
        let base = Self.anchor(of: text)
        let count = counts[base, default: 0]
        counts[base] = count + 1
        lastAnchor = count == 0 ? base : "\(base)-\(count)"
        headings.insert(lastAnchor)
    }

    /// Anchors written in HTML (`<a id="csharp"></a>`, `<span id="x">`): GitHub keeps them as they are.
    mutating func addDefined(_ ids: [String]) {
        for id in ids { headings.insert(id.lowercased()) }
    }

    mutating func addReference(_ anchor: String, line: Int) {
        references.append((anchor, line))
    }

    /// The `](#anchor)` destinations of a block of Markdown, each at its line.
    mutating func addReferences(in markdown: String, firstLine: Int) {
        guard markdown.contains("](#") else { return }
        for (offset, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            while let start = rest.range(of: "](#") {
                let after = rest[start.upperBound...]
                let end = after.firstIndex { $0 == ")" || $0 == " " } ?? after.endIndex
                addReference(String(after[..<end]), line: firstLine + offset)
                rest = after[end...]
            }
        }
    }

    func reportBroken(path: String, into diagnostics: inout [Diagnostic]) {
        var reported: Set<String> = []
        for reference in references {
            let anchor = (reference.anchor.removingPercentEncoding ?? reference.anchor).lowercased()
            guard !headings.contains(anchor), !Self.builtIn.contains(anchor), reported.insert(anchor).inserted
            else { continue }
            diagnostics.append(
                .warning(
                    .brokenAnchor, at: SourceLocation(path: path, line: reference.line),
                    "the in-page link `#\(reference.anchor)` points at no heading of the file",
                    hint: "correct it to the heading's anchor (`## Web Frameworks` is `#web-frameworks`) or remove it"))
        }
    }

    /// GitHub's anchor of a heading: lower-cased, without punctuation but `-` and `_`, spaces as `-`.
    static func anchor(of heading: String) -> String {
        var anchor = ""
        for scalar in heading.lowercased().unicodeScalars {
            if scalar == " " {
                anchor.append("-")
            } else if scalar == "-" || scalar == "_" || scalar.properties.isAlphabetic
                || scalar.properties.numericType != nil || scalar.properties.generalCategory == .nonspacingMark
            {
                anchor.unicodeScalars.append(scalar)
            }
        }
        return anchor
    }
}
