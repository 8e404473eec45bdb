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
    static let listKeys: Set<String> = ["tags", "draft", "source_url", "dates_from"]

    func parse(
        _ mapping: YAMLMapping, frontMatter: FrontMatter, key: [String], fileName: String,
        into result: inout ParsedContent
    ) {
        let lineOffset = frontMatter.bodyFirstLine - 1
        let outline: MarkdownOutline
        do {
            outline = try MarkdownOutline(parsing: frontMatter.body)
        } catch {
            result.diagnostics.append(
                ContentFileParser.nestedTooDeep(at: SourceLocation(path: path, line: error.line + lineOffset)))
            return
        }
        var root = CategoryDefinition(
            key: key, source: SourceLocation(path: path, line: 1), keepsSourceOrder: true, isListFile: true)
        ContentFileParser.readCategoryFields(mapping, into: &root, diagnostics: &result.diagnostics)
        for entry in mapping.entries
        where !ContentFileParser.categoryKeys.contains(entry.key) && !Self.listKeys.contains(entry.key) {
            result.diagnostics.append(
                .warning(
                    .unknownKey, at: mapping.location(of: entry),
                    "`\(entry.key)` is not a list-file setting and is ignored",
                    hint:
                        "a list file's front matter knows title, description, order, icon, aliases, tags, draft, source_url and dates_from"
                ))
        }
        // `tags:` and `draft:` of the front matter apply to every item of the file.
        var fileTags: [(name: String, line: Int?)] = []
        if let entry = mapping["tags"],
            let names = result.diagnostics.take(mapping.stringList(entry, code: .invalidTags))
        {
            fileTags = names.map { ($0, entry.line) }
        }
        let fileDraft = mapping["draft"].flatMap { result.diagnostics.take(mapping.bool($0)) } ?? false

        let sourceURL = fileSourceURL(mapping, diagnostics: &result.diagnostics)
        let datesFrom = datesFrom(mapping, diagnostics: &result.diagnostics)
        let hasCandidates = outline.blocks.contains { block in
            if case .item(let item) = block { return !item.links.isEmpty }
            if case .unreadLink = block { return true }
            return false
        }
        guard hasCandidates else {
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

        var reader = ListItemReader(parser: self, sourceURL: sourceURL, lineOffset: lineOffset)
        var sections: [CategoryDefinition] = []
        var stack: [(level: Int, key: [String])] = []
        var currentKey = key
        var titleTaken = root.title != nil
        var anchors = SectionAnchors()
        // `new --list-from` moves a README's `# Awesome Go` into the front matter: its table of
        // contents' `[Awesome Go](#awesome-go)` still leads to the top of the list.
        if let title = root.title { anchors.addDefined([SectionAnchors.anchor(of: title)]) }
        var seenItem = false
        var introBlocks: [String: [String]] = [:]
        // Sections that so far hold only in-page links (`## Index`, `### Contents`): a table of contents
        // is no section's parent.
        var contentsOnly: [[String]: Bool] = [:]
        var headingLine: Int?
        // Links in sections' paragraphs: shown in their intros, unless the section gets no page.
        var proseLinks: [[String]: [(destination: String, line: Int)]] = [:]
        for block in outline.blocks {
            switch block {
            case .heading(let level, let written, let line, let title):
                anchors.addHeading(written)
                headingLine = line
                // `## :trident: &nbsp;The Book…` is "🔱 The Book…" (its slug is made of the words).
                let text = EmojiShortcodes.replacing(in: title).collapsingWhitespace
                // The `# Title` before the first item is the list's own name (the front matter's wins).
                if level == 1, !seenItem, stack.isEmpty {
                    if !titleTaken { root.title = text }
                    titleTaken = true
                    continue
                }
                let shown = text.isEmpty ? "Section" : text
                // The section's key (and so its slug) is made of the words: `:trident:` is no part of it.
                let name = EmojiShortcodes.removing(in: title).collapsingWhitespace
                while let top = stack.last, top.level >= level || contentsOnly[top.key] == true { stack.removeLast() }
                let parentKey = stack.last?.key ?? key
                currentKey = parentKey + [name.isEmpty ? shown : name]
                stack.append((level, currentKey))
                reader.startSection()
                if !sections.contains(where: { $0.key == currentKey }) {
                    var section = CategoryDefinition(
                        key: currentKey, title: shown, source: SourceLocation(path: path, line: line + lineOffset),
                        keepsSourceOrder: true, isListFile: true, isSection: true)
                    section.anchors = [anchors.lastAnchor]
                    sections.append(section)
                }
            case .anchors(let ids, let line):
                anchors.addDefined(ids)
                // `### <a id="csharp"></a>C#`: the heading's own anchors lead to its page too.
                if line == headingLine, let index = sections.firstIndex(where: { $0.key == currentKey }) {
                    sections[index].anchors += ids
                }
            case .unreadLink(let destination, let line):
                reader.unread(destination, line: line + lineOffset, into: &result)
            case .proseLink(let destination, let line):
                proseLinks[currentKey, default: []].append((destination, line + lineOffset))
            case .item(let item):
                seenItem = true
                if item.links.isEmpty, !item.anchors.isEmpty {
                    if contentsOnly[currentKey] == nil { contentsOnly[currentKey] = true }
                } else if !item.links.isEmpty {
                    contentsOnly[currentKey] = false
                }
                reader.read(item, sectionKey: currentKey, into: &result)
                anchors.addDefined(item.definedAnchors)
                for anchor in item.anchors { anchors.addReference(anchor, line: item.line + lineOffset) }
            case .other(let markdown, let line, let isDecoration):
                if !isDecoration {
                    introBlocks["\(currentKey)", default: []].append(markdown)
                    anchors.addReferences(in: markdown, firstLine: line + lineOffset)
                }
            }
        }
        anchors.reportBroken(path: path, into: &result.diagnostics)
        for var link in reader.finishedLinks(diagnostics: &result.diagnostics) {
            link.tags += fileTags
            link.draft = link.draft || fileDraft
            result.links.append(link)
        }
        // A group (a plain-text item with links nested under it) is a sub-category once a link is in it.
        let usedKeys = Set(result.links.lazy.filter { $0.source.path == path }.map(\.categoryKey))
        for group in reader.groups
        where !sections.contains(where: { $0.key == group.key })
            && usedKeys.contains(where: { $0.starts(with: group.key) })
        {
            sections.append(group)
        }
        if let intro = introBlocks["\(key)"] {
            root.intro = ContentFileParser.note(
                intro.joined(separator: "\n\n"), at: root.source, into: &result.diagnostics)
        }
        if root.title == nil { root.title = fileName }
        for index in sections.indices {
            if let intro = introBlocks["\(sections[index].key)"] {
                sections[index].intro = ContentFileParser.note(
                    intro.joined(separator: "\n\n"), at: sections[index].source, into: &result.diagnostics)
            }
        }
        // A section without links gets no page, and so its paragraphs are shown nowhere: their links
        // are warned about, one by one.
        for (sectionKey, links) in proseLinks.sorted(by: { $0.value[0].line < $1.value[0].line })
        where sectionKey != key && !usedKeys.contains(where: { $0.starts(with: sectionKey) }) {
            let title = sections.first { $0.key == sectionKey }?.title ?? sectionKey.last ?? ""
            for link in links { reader.unshown(link.destination, line: link.line, section: title, into: &result) }
        }
        reader.reportSkipped(into: &result.diagnostics)
        result.listFiles.append(
            ListFileSummary(
                path: path, itemsRead: reader.itemsRead, linksMade: reader.linksMade,
                secondaryLinks: reader.secondaryCount, linksSkipped: reader.skipped.count, datesFrom: datesFrom))
        result.categories.append(root)
        result.categories += sections
    }

    /// The address relative links of this file resolve against: its front matter's `source_url`, else
    /// `linky.yml`'s followed by the file's path in the content folder.
    func fileSourceURL(_ mapping: YAMLMapping, diagnostics: inout [Diagnostic]) -> URL? {
        if let entry = mapping["source_url"], let raw = diagnostics.take(mapping.string(entry)) {
            if let url = Self.absoluteHTTPURL(raw) { return url }
            diagnostics.append(
                .warning(
                    .invalidFieldType, at: mapping.location(of: entry),
                    "`source_url` must be an http(s) address, such as the list's GitHub page",
                    hint: "write the address the file is published at, e.g. https://github.com/o/r/blob/main/README.md")
            )
            return nil
        }
        guard let base = config.sourceURL else { return nil }
        let prefix = config.contentDir.hasSuffix("/") ? config.contentDir : config.contentDir + "/"
        let inFolder = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
        let encoded = inFolder.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? inFolder
        return Self.absoluteHTTPURL(base + encoded)
    }

    /// `dates_from:`, the file (relative to the site folder) whose git history dates this file's items
    /// before its own does: the README an adopted list was copied from.
    func datesFrom(_ mapping: YAMLMapping, diagnostics: inout [Diagnostic]) -> String? {
        guard let entry = mapping["dates_from"], let raw = diagnostics.take(mapping.string(entry)) else { return nil }
        var path = raw.trimmingCharacters(in: .whitespaces).precomposedStringWithCanonicalMapping
        while path.hasPrefix("./") { path.removeFirst(2) }
        guard !path.isEmpty, !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else {
            diagnostics.append(
                .warning(
                    .invalidFieldType, at: mapping.location(of: entry),
                    "`dates_from` must name a file inside the site folder, relative to it",
                    hint: "write the path the list was copied from, e.g. `dates_from: README.md`"))
            return nil
        }
        return path
    }

    /// `raw` as an absolute http(s) URL, or nil.
    static func absoluteHTTPURL(_ raw: String) -> URL? {
        guard let url = URL(string: raw), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host?.isEmpty == false
        else { return nil }
        return url
    }
}

// MARK: - Items

extension ListFileParser {
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
