import Foundation
import LinkyModel

/// Adds a link to a list file as one more item — `- [Title](url) - description #tag` — at the end of
/// the wanted section (the part before the first heading, or the part under a `##`/`###` heading),
/// keeping every other byte.
enum ListFileAppender {
    /// The text with `item` added at the end of `section`.
    static func inserting(
        _ item: String, into text: String, section: [String], file: String
    ) throws(LinkAddition.Failure)
        -> String
    {
        let newline = text.contains("\r\n") ? "\r\n" : "\n"
        var lines = text.components(separatedBy: newline)
        let endsWithNewline = lines.last == ""
        if endsWithNewline { lines.removeLast() }
        let headings = headings(in: lines)

        // Where the section starts and ends (end = the line before which the item goes).
        var end = headings.first?.line ?? lines.count
        var level = 1
        var searchFrom = 0
        for name in section {
            guard
                let heading = headings.first(where: {
                    $0.line >= searchFrom && $0.level > level && Slug.make($0.text) == Slug.make(name)
                })
            else {
                throw .invalidCategory(
                    ([file] + section).joined(separator: "/"), reason: "\(file) has no heading \"\(name)\" there")
            }
            level = heading.level
            searchFrom = heading.line + 1
            // The section's own links end at the next heading of any level: below a subheading they would
            // belong to the subcategory.
            end = headings.first { $0.line > heading.line }?.line ?? lines.count
        }

        // After the section's last non-blank line: directly below a list item, else after a blank line.
        var last = end - 1
        while last >= 0, lines[last].trimmingCharacters(in: .whitespaces).isEmpty { last -= 1 }
        var insertion: [String] = []
        let previous = last >= 0 ? lines[last] : ""
        let continuesList =
            previous.hasPrefix("- ") || previous.hasPrefix("* ") || previous.hasPrefix("+ ")
            || (previous.first?.isWhitespace == true && last > 0)
        if last >= 0 && !continuesList { insertion.append("") }
        insertion.append(item)
        // Blank lines between the section's end and the next heading stay, after the item; with none, one is added.
        if end < lines.count && last + 1 == end { insertion.append("") }
        lines.insert(contentsOf: insertion, at: last + 1)
        return lines.joined(separator: newline) + newline
    }

    /// The Markdown list item, with `[`, `]` and `(`/`)` escaped where they would end the link early.
    static func item(for link: NewLink) -> String {
        let title = link.title.collapsingWhitespace.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
        let url = LinkFileWriter.readable(link.url).replacingOccurrences(of: "(", with: "%28")
            .replacingOccurrences(of: ")", with: "%29").replacingOccurrences(of: " ", with: "%20")
        var line = "- [\(title)](\(url))"
        if let description = link.description?.collapsingWhitespace, !description.isEmpty {
            line += " - " + description
        }
        if !link.tags.isEmpty { line += " " + link.tags.map { "#" + $0 }.joined(separator: " ") }
        return line
    }
}

// MARK: - Private

private extension ListFileAppender {
    struct Heading {
        var line: Int
        var level: Int
        var text: String
    }

    /// ATX headings of level 2 and deeper, outside front matter and fenced code.
    static func headings(in lines: [String]) -> [Heading] {
        var headings: [Heading] = []
        var index = 0
        if lines.first?.trimmingCharacters(in: .whitespaces) == "---" {
            index = 1
            while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "---" { index += 1 }
            index += 1
        }
        var fence: String?
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
            } else if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = String(trimmed.prefix(3))
            } else if line.hasPrefix("##") {
                let level = line.prefix { $0 == "#" }.count
                let rest = line.dropFirst(level)
                if level <= 6, rest.first == " " {
                    let text = rest.trimmingCharacters(in: .whitespaces)
                    headings.append(Heading(line: index, level: level, text: text))
                }
            }
            index += 1
        }
        return headings
    }
}
