import Foundation
import LinkyMarkdown
import LinkyModel

/// Parses a list file: an awesome-list style Markdown file where each top-level list item that starts
/// with a link is a link, and headings open sub-categories.
struct ListFileParser: Sendable {
    let path: String
    let config: SiteConfig

    /// Front-matter keys that suggest the author meant a link file and forgot `url`.
    static let linkOnlyKeys: Set<String> = ["tags", "date", "favorite", "draft", "image"]
    /// Front-matter keys of a list file that apply to each of its items.
    static let listKeys: Set<String> = ["tags", "draft"]

    func parse(
        _ mapping: YAMLMapping, frontMatter: FrontMatter, key: [String], fileName: String,
        into result: inout ParsedContent
    ) {
        let outline = MarkdownOutline(parsing: frontMatter.body)
        let lineOffset = frontMatter.bodyFirstLine - 1
        var root = CategoryDefinition(
            key: key, source: SourceLocation(path: path, line: 1), keepsSourceOrder: true, isListFile: true)
        ContentFileParser.readCategoryFields(mapping, into: &root, diagnostics: &result.diagnostics)
        for entry in mapping.entries
        where !ContentFileParser.categoryKeys.contains(entry.key) && !Self.listKeys.contains(entry.key) {
            result.diagnostics.append(
                .warning(
                    .unknownKey, at: mapping.location(of: entry),
                    "`\(entry.key)` is not a list-file setting and is ignored",
                    hint: "a list file's front matter knows title, description, order, icon, aliases, tags and draft"))
        }
        // `tags:` and `draft:` of the front matter apply to every item of the file.
        var fileTags: [(name: String, line: Int?)] = []
        if let entry = mapping["tags"],
            let names = result.diagnostics.take(mapping.stringList(entry, code: .invalidTags))
        {
            fileTags = names.map { ($0, entry.line) }
        }
        let fileDraft = mapping["draft"].flatMap { result.diagnostics.take(mapping.bool($0)) } ?? false

        let candidates = outline.blocks.contains { block in
            if case .item(let item) = block, let destination = item.linkDestination, !item.linkIsImage,
                Self.hasScheme(destination)
            {
                return true
            }
            return false
        }
        guard candidates else {
            if mapping.entries.contains(where: { Self.linkOnlyKeys.contains($0.key) }) || frontMatter.yaml != nil {
                result.diagnostics.append(
                    .error(
                        .missingURL, at: SourceLocation(path: path, line: 1), "the link has no url",
                        hint:
                            "add `url: https://…` to the front matter (or, for a list file, add items like `- [Title](https://…) - description`)"
                    ))
            } else {
                result.diagnostics.append(
                    .warning(
                        .emptyListFile, at: SourceLocation(path: path, line: 1),
                        "the file has no front matter and no list items with links, so it adds nothing",
                        hint: "give it front matter with `url:` and `title:`, or list items like `- [Title](https://…)`"
                    ))
            }
            return
        }

        var sections: [CategoryDefinition] = []
        var stack: [(level: Int, key: [String])] = []
        var currentKey = key
        var titleTaken = root.title != nil
        var seenItem = false
        var order = 0
        var introBlocks: [String: [String]] = [:]
        for block in outline.blocks {
            switch block {
            case .heading(let level, let text, let line):
                if level == 1, !seenItem, stack.isEmpty, !titleTaken {
                    root.title = text
                    titleTaken = true
                    continue
                }
                let name = text.isEmpty ? "Section" : text
                while let top = stack.last, top.level >= level { stack.removeLast() }
                let parentKey = stack.last?.key ?? key
                currentKey = parentKey + [name]
                stack.append((level, currentKey))
                if !sections.contains(where: { $0.key == currentKey }) {
                    sections.append(
                        CategoryDefinition(
                            key: currentKey, title: name, source: SourceLocation(path: path, line: line + lineOffset),
                            keepsSourceOrder: true, isListFile: true, isSection: true))
                }
            case .item(let item):
                seenItem = true
                if var link = parseItem(item, key: currentKey, lineOffset: lineOffset, order: order, into: &result) {
                    link.tags += fileTags
                    link.draft = link.draft || fileDraft
                    result.links.append(link)
                    order += 1
                }
            case .other(let markdown, _, let isDecoration):
                if !isDecoration { introBlocks["\(currentKey)", default: []].append(markdown) }
            }
        }
        if let intro = introBlocks["\(key)"] { root.intro = ContentFileParser.note(intro.joined(separator: "\n\n")) }
        if root.title == nil { root.title = fileName }
        for index in sections.indices {
            if let intro = introBlocks["\(sections[index].key)"] {
                sections[index].intro = ContentFileParser.note(intro.joined(separator: "\n\n"))
            }
        }
        result.categories.append(root)
        result.categories += sections
    }
}

// MARK: - Items

private extension ListFileParser {
    func parseItem(
        _ item: MarkdownOutline.ListItem, key: [String], lineOffset: Int, order: Int, into result: inout ParsedContent
    ) -> ParsedLink? {
        guard let destination = item.linkDestination, !item.linkIsImage else { return nil }
        let location = SourceLocation(path: path, line: item.line + lineOffset)
        // Anchors (`#contents`) and relative links are a list's own navigation, not links to collect.
        guard Self.hasScheme(destination) else { return nil }
        let url: LinkURL
        do {
            url = try LinkURL(parsing: destination, allowedSchemes: config.allowedSchemes)
        } catch {
            result.diagnostics.append(
                .warning(
                    .listItemInvalidURL, at: location,
                    "the item's link \"\(destination)\" is not a usable URL (\(error.message)), so the item is skipped",
                    hint: error.hint))
            return nil
        }
        var (description, tags) = Self.descriptionAndTags(item.trailingWords)
        if tags.count > ContentFileParser.maximumTags {
            result.diagnostics.append(
                .warning(
                    .invalidTags, at: location,
                    "the item has \(tags.count) #tags; only the first \(ContentFileParser.maximumTags) are kept",
                    hint: "keep the tags that help find the link"))
            tags = Array(tags.prefix(ContentFileParser.maximumTags))
        }
        if description?.isEmpty == true { description = nil }
        let title = (item.linkText ?? "").collapsingWhitespace
        let note = item.nestedMarkdown.trimmingWhitespaceAndNewlines()
        return ParsedLink(
            source: location, categoryKey: key, slugName: title.isEmpty ? url.displayHost : title, url: url,
            urlSource: location,
            title: title.isEmpty ? url.displayHost : title, description: description,
            tags: tags.map { ($0, location.line) }, date: nil, image: nil, favorite: false, draft: false,
            note: note.isEmpty ? nil : ContentFileParser.note(note), extra: [:], sourceOrder: order)
    }

    static func hasScheme(_ destination: String) -> Bool {
        guard let colon = destination.firstIndex(of: ":") else { return false }
        let scheme = destination[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// `- Fresh pasta. #italian #seoul` → ("Fresh pasta.", ["italian", "seoul"]): the separator after the
    /// link is dropped and `#word`s become tags — only words written as plain text: `` `#define` ``,
    /// `[#x](…)`, `\#x` and `&#35;x` stay in the description.
    static func descriptionAndTags(_ trailing: [MarkdownOutline.Word]) -> (String?, [String]) {
        var tags: [String] = []
        var words: [String] = []
        for word in trailing {
            if let name = ListFileTagWord.tagName(in: word) {
                tags.append(String(name))
                continue
            }
            words.append(word.text)
        }
        var description = words.joined(separator: " ")
        let separators: Set<Character> = ["-", "–", "—", ":", "|", "·"]
        while let first = description.first, separators.contains(first) || first.isWhitespace {
            description.removeFirst()
        }
        return (description.isEmpty ? nil : description, tags)
    }
}
