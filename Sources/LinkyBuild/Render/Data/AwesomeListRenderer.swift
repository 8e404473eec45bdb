import Foundation
import LinkyModel

/// `export --format awesome`: the collection as an awesome list's README, the Markdown GitHub shows —
/// the site's title and description, a table of contents, a section per category (`##`, `###`… as
/// they nest) with its description, and an item per link: `- [Title](https://…) - Description. #tag`.
/// Built as a list file, it gives back the same links, categories, descriptions and tags (a test
/// builds both examples and a generated site that way).
struct AwesomeListRenderer {
    let site: Site

    func render() -> [UInt8] {
        var text = "# \(Self.escaped(site.config.title))\n\n"
        if !site.config.description.isEmpty { text += "\(Self.escaped(site.config.description))\n\n" }
        let root = site.categories[0]
        if !root.links.isEmpty { text += items(root.links) + "\n" }
        var anchors = SectionAnchors()
        var contents: [String] = []
        var sections: [String] = []
        func section(_ id: Int, level: Int) {
            let category = site.categories[id]
            let title = Self.escaped(category.title)
            anchors.addHeading(category.title)
            // The anchor GitHub gives this heading: its base, numbered when an earlier one had it.
            let anchor = anchors.lastAnchor
            contents.append(String(repeating: "  ", count: level - 2) + "- [\(title)](#\(anchor))")
            var body = "\(String(repeating: "#", count: min(level, 6))) \(title)\n\n"
            if let description = category.description, !description.isEmpty {
                body += "\(Self.escaped(description))\n\n"
            }
            if !category.links.isEmpty { body += items(category.links) + "\n" }
            sections.append(body)
            for child in category.children { section(child, level: level + 1) }
        }
        // The contents' own heading comes first, so the sections' anchors are numbered after it.
        anchors.addHeading("Contents")
        for id in site.rootCategories { section(id, level: 2) }
        if !contents.isEmpty { text += "## Contents\n\n" + contents.joined(separator: "\n") + "\n\n" }
        text += sections.joined()
        return Array(text.utf8)
    }

    /// The list items of `ids`, one line each.
    private func items(_ ids: [Int]) -> String {
        ids.map { item($0) + "\n" }.joined()
    }

    private func item(_ id: Int) -> String {
        var line = "- [\(Self.escaped(site.links[id].title))](\(Self.destination(site.links[id].url.absoluteString)))"
        if let description = site.links[id].description, !description.isEmpty {
            line += " - \(Self.escaped(description))"
        }
        let secondary = site.links[id].secondaryLinks.map {
            "[\(Self.escaped($0.title))](\(Self.destination($0.url.absoluteString)))"
        }
        if !secondary.isEmpty { line += " (\(secondary.joined(separator: ", ")))" }
        let tags = site.links[id].tags.compactMap { Self.tagWord(site.tags[$0].name) }
        if !tags.isEmpty { line += " " + tags.joined(separator: " ") }
        return line
    }

    /// A tag as a list item's `#word`: its name, or with spaces as hyphens when a name has spaces
    /// (`기술 블로그` → `#기술-블로그`, which tags.yml can make an alias of it); nil when neither reads back.
    static func tagWord(_ name: String) -> String? {
        if ListFileTagWord.canWrite(name) { return "#" + name }
        let hyphenated = name.split(whereSeparator: \.isWhitespace).joined(separator: "-")
        return ListFileTagWord.canWrite(hyphenated) ? "#" + hyphenated : nil
    }

    /// The tags an export writes other than by their name, and how (`기술 블로그` → `기술-블로그`), and
    /// those it cannot write at all (nil).
    static func respelledTags(_ site: Site) -> [(name: String, written: String?)] {
        site.tags.compactMap { tag in
            guard !tag.links.isEmpty, !ListFileTagWord.canWrite(tag.name) else { return nil }
            return (tag.name, tagWord(tag.name).map { String($0.dropFirst()) })
        }
    }

    /// Text as Markdown shows it literally: the characters that would start emphasis, code, a link
    /// or HTML are escaped, bare addresses kept from autolinking, and new lines become spaces (an
    /// item is one line).
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.collapsingWhitespace {
            if "\\`*_[]<>|".contains(character) { result.append("\\") }
            result.append(character)
        }
        // A bare address in the text would be read back as a link of its own (GFM's autolinks):
        // an escaped `:` or `.` keeps it text.
        return result.replacingOccurrences(of: "://", with: "\\://").replacingOccurrences(of: "www.", with: "www\\.")
    }

    /// A link destination: in angle brackets when it has spaces or brackets that would end it.
    static func destination(_ url: String) -> String {
        url.contains(where: { $0 == " " || $0 == "(" || $0 == ")" || $0 == "<" || $0 == ">" }) ? "<\(url)>" : url
    }
}
