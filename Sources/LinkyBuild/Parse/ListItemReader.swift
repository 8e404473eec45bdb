import Foundation
import LinkyMarkdown
import LinkyModel

/// Turns a list file's items into links, one item at a time, keeping what nests under what: a link
/// nested under a link is its own link, related to it; a plain-text item with links nested under it
/// is a group (a sub-category); an item's other links stay on it as secondary links.
struct ListItemReader {
    /// What an item at some depth holds the items nested under it in.
    enum Context {
        /// A link (its index in `links`): nested links are related to it.
        case link(Int)
        /// A group: nested links are filed in this category.
        case group([String])
    }

    /// A link that could not be made, and why.
    struct Skipped {
        var line: Int
        var destination: String
        var isRelative: Bool
    }

    let parser: ListFileParser
    /// What relative links resolve against (`source_url`).
    let sourceURL: URL?
    /// The line of the file where the Markdown body starts, less one.
    let lineOffset: Int
    private(set) var links: [ParsedLink] = []
    /// Lines added to a link's note: nested items without links.
    private var noteLines: [Int: [String]] = [:]
    /// Groups met so far, in file order; the parser keeps those a link was filed in.
    private(set) var groups: [CategoryDefinition] = []
    private var stack: [(depth: Int, context: Context)] = []
    private(set) var itemsRead = 0
    private(set) var skipped: [Skipped] = []

    /// The values of the site's `facets:` (folded), which a code span keeps whole.
    private let facetValueKeys: Set<String>

    init(parser: ListFileParser, sourceURL: URL?, lineOffset: Int) {
        self.parser = parser
        self.sourceURL = sourceURL
        self.lineOffset = lineOffset
        facetValueKeys = parser.config.facets.isEmpty ? [] : ContentFileParser.facetValueKeys(parser.config)
    }

    var linksMade: Int { links.count }

    /// Secondary links kept on the links made.
    var secondaryCount: Int { links.reduce(0) { $0 + $1.secondaryLinks.count } }

    /// A heading closes every open item.
    mutating func startSection() { stack.removeAll() }

    mutating func read(_ item: MarkdownOutline.ListItem, sectionKey: [String], into result: inout ParsedContent) {
        while let top = stack.last, top.depth >= item.depth { stack.removeLast() }
        var key = sectionKey
        var parent: Int?
        switch stack.last?.context {
        case .link(let index):
            parent = index
            key = links[index].categoryKey
        case .group(let groupKey): key = groupKey
        case nil: break
        }
        let location = SourceLocation(path: parser.path, line: item.line + lineOffset)
        if !item.links.isEmpty {
            itemsRead += 1
            let made = makeLinks(item, key: key, parent: parent, location: location, into: &result)
            if let first = made.first { stack.append((item.depth, .link(first))) }
            return
        }
        let text = item.text.collapsingWhitespace
        guard !text.isEmpty else { return }
        if let parent {
            // A plain item under a link is part of its note; links under it are still related to the link.
            noteLines[parent, default: []].append("- " + text)
            stack.append((item.depth, .link(parent)))
            return
        }
        let (written, description) = Self.groupName(text)
        let name = EmojiShortcodes.removing(in: written)
        let groupKey = key + [name]
        if !groups.contains(where: { $0.key == groupKey }) {
            groups.append(
                CategoryDefinition(
                    key: groupKey, title: EmojiShortcodes.replacing(in: written),
                    description: description.map(EmojiShortcodes.replacing(in:)), source: location,
                    keepsSourceOrder: true,
                    isListFile: true, isSection: true))
        }
        stack.append((item.depth, .group(groupKey)))
    }

    /// The links, with their notes completed by the plain items nested under them.
    func finishedLinks(diagnostics: inout [Diagnostic]) -> [ParsedLink] {
        links.enumerated().map { index, link in
            guard let lines = noteLines[index] else { return link }
            var link = link
            let markdown = [link.note?.markdown ?? "", lines.joined(separator: "\n")]
                .filter { !$0.isEmpty }.joined(separator: "\n\n")
            do {
                link.note = try ContentFileParser.note(markdown)
            } catch {
                diagnostics.append(ContentFileParser.nestedTooDeep(at: link.source))
            }
            return link
        }
    }

    /// A link the outline found where no item can be made of it (an `<a href>` in prose, whose HTML the
    /// safe renderer drops): a located warning, counted among the skipped.
    mutating func unread(_ destination: String, line: Int, into result: inout ParsedContent) {
        guard !isOtherScheme(destination), !destination.isEmpty else { return }
        skipped.append(Skipped(line: line, destination: destination, isRelative: false))
        result.diagnostics.append(
            .warning(
                .listLinkUnread, at: SourceLocation(path: parser.path, line: line),
                "the link \"\(destination)\" is written in HTML inside a paragraph or a note, so it is not made a link",
                hint:
                    "write it as a list item (`- [Title](\(destination)) - description`) or as Markdown (`[text](\(destination))`)"
            ))
    }

    /// A link in the text of a section that has no links, and so no page: a located warning,
    /// counted among the skipped.
    mutating func unshown(_ destination: String, line: Int, section: String, into result: inout ParsedContent) {
        // Only web addresses: a Contributing section's `[guidelines](CONTRIBUTING.md)` is the repository's.
        let lowered = destination.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else { return }
        skipped.append(Skipped(line: line, destination: destination, isRelative: false))
        result.diagnostics.append(
            .warning(
                .listLinkUnread, at: SourceLocation(path: parser.path, line: line),
                "the link \"\(destination)\" is in the text of \"\(section)\", a section without list items, which gets no page, so it is shown nowhere",
                hint: "make it a list item (`- [Title](\(destination)) - description`) if it belongs to the list"))
    }

    /// One warning for the file's relative links that had nothing to resolve against.
    func reportSkipped(into diagnostics: inout [Diagnostic]) {
        let relative = skipped.filter(\.isRelative)
        guard let first = relative.first else { return }
        let shown = relative.prefix(5).map { "line \($0.line) `\($0.destination)`" }.joined(separator: ", ")
        let more = relative.count > 5 ? " and \(relative.count - 5) more" : ""
        diagnostics.append(
            .warning(
                .relativeListLink, at: SourceLocation(path: parser.path, line: first.line),
                "\(relative.count) relative link\(relative.count == 1 ? " was" : "s were") not made links (\(shown)\(more)): the file has no source_url to resolve them against",
                hint:
                    "add `source_url: https://…` to the file's front matter (the address it is published at, e.g. its GitHub page), or `source_url:` for the content folder to linky.yml"
            ))
    }
}

// MARK: - Making links

private extension ListItemReader {
    mutating func makeLinks(
        _ item: MarkdownOutline.ListItem, key: [String], parent: Int?, location: SourceLocation,
        into result: inout ParsedContent
    ) -> [Int] {
        let line = location.line ?? 1
        // Links in another scheme (`mailto:`) are not the list's links unless nothing else is.
        var candidates = item.links.filter { !isOtherScheme($0.destination) }
        if candidates.isEmpty { candidates = Array(item.links.prefix(1)) }
        var usable: [(link: MarkdownOutline.ItemLink, url: LinkURL)] = []
        for link in candidates {
            if let url = resolve(link.destination, line: line, reportInvalid: usable.isEmpty, into: &result) {
                usable.append((link, url))
            }
        }
        // A link wrapped around a picture (`[![Open-Source Software][OSS Icon]](…)`) is the item's link
        // only when no link written as text is usable; otherwise it is a secondary link named by its `alt`.
        guard let main = usable.first(where: { !$0.link.isImage }) ?? usable.first else { return [] }
        let nameLink = candidates.first { !$0.isImage } ?? candidates[0]
        var (description, tags) = ListFileParser.descriptionAndTags(item.trailingWords)
        description = description.map(EmojiShortcodes.replacing(in:)).flatMap(Self.cleanedDescription)
        if tags.count > ContentFileParser.maximumTags {
            result.diagnostics.append(
                .warning(
                    .invalidTags, at: location,
                    "the item has \(tags.count) #tags; only the first \(ContentFileParser.maximumTags) are kept",
                    hint: "keep the tags that help find the link"))
            tags = Array(tags.prefix(ContentFileParser.maximumTags))
        }
        let labels = ContentFileParser.labels(
            item.trailingLabels.flatMap { LinkLabel.names(inSpan: $0, knownValues: facetValueKeys) }, at: location,
            diagnostics: &result.diagnostics)
        let label = EmojiShortcodes.replacing(
            in: Self.cleanedLabel((item.links[0].isImage ? nameLink : item.links[0]).textBefore))
        let noteText = item.nestedMarkdown.trimmingWhitespaceAndNewlines()
        var note: Note?
        if !noteText.isEmpty {
            do {
                note = try ContentFileParser.note(noteText)
            } catch {
                // The file passed the check whole; its dedented blocks (an indented code block no
                // longer indented) can still nest deeper.
                result.diagnostics.append(ContentFileParser.nestedTooDeep(at: location))
            }
        }
        func make(_ url: LinkURL, title: String, description: String?, secondary: [SecondaryLink]) -> Int {
            // `:rocket: Launcher` is shown "🚀 Launcher", and its slug is made of the words.
            let slugName = title.isEmpty ? url.displayHost : EmojiShortcodes.removing(in: title)
            let title = title.isEmpty ? url.displayHost : EmojiShortcodes.replacing(in: title)
            links.append(
                ParsedLink(
                    source: location, categoryKey: key, slugName: slugName, url: url, urlSource: location, title: title,
                    description: description, tags: tags.map { ($0, line) }, date: nil, image: nil, favorite: false,
                    draft: false, note: note, extra: [:],
                    sourceOrder: links.count, secondaryLinks: secondary,
                    relatedOrder: parent.map { links[$0].sourceOrder }, labels: labels))
            return links.count - 1
        }
        // `Label: [a](…), [b](…)`: each link is a link of its own, described by the label.
        if Self.isLabelList(item), usable.count > 1 {
            // The words after the first link are the other links' names: the label describes them all.
            return usable.map {
                make(
                    $0.url, title: $0.link.text.collapsingWhitespace, description: label.isEmpty ? nil : label,
                    secondary: [])
            }
        }
        var nameText = nameLink.text.collapsingWhitespace
        // `- [![logo](…)](https://…)`: a picture's `alt` names the link unless it names nothing.
        if nameLink.isImage, Self.isGeneric(nameText) || Self.pictureWords.contains(nameText.lowercased()) {
            nameText = ""
        }
        let title =
            !item.startsWithLink && !label.isEmpty && Self.isGeneric(nameText)
            ? label : (nameText.isEmpty || Self.isGeneric(nameText)) && !label.isEmpty ? label : nameText
        var secondary: [SecondaryLink] = []
        for other in usable where other.url.comparisonKey != main.url.comparisonKey {
            let text = Self.cleanedLabel(other.link.text)
            secondary.append(SecondaryLink(title: text.isEmpty ? other.url.displayHost : text, url: other.url))
        }
        return [make(main.url, title: title, description: description, secondary: secondary)]
    }

    /// An item's link as a URL: absolute as written, or relative resolved against `source_url`.
    mutating func resolve(
        _ destination: String, line: Int, reportInvalid: Bool, into result: inout ParsedContent
    ) -> LinkURL? {
        var absolute = destination
        if !ListFileParser.hasScheme(destination), let written = Self.schemeless(destination, sourceURL: sourceURL) {
            absolute = written
        } else if !ListFileParser.hasScheme(destination) {
            let encoded =
                destination.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed.union(["%", "#"]))
                ?? destination
            guard let base = sourceURL, let url = URL(string: encoded, relativeTo: base)?.absoluteURL else {
                skipped.append(Skipped(line: line, destination: destination, isRelative: true))
                return nil
            }
            absolute = url.absoluteString
        }
        do {
            let url = try LinkURL(parsing: absolute, allowedSchemes: parser.config.allowedSchemes)
            let location = SourceLocation(path: parser.path, line: line)
            if let warning = ContentFileParser.credentialsWarning(url, field: "the item's link", at: location) {
                result.diagnostics.append(warning)
            }
            return url
        } catch {
            skipped.append(Skipped(line: line, destination: destination, isRelative: false))
            if reportInvalid {
                result.diagnostics.append(
                    .warning(
                        .listItemInvalidURL, at: SourceLocation(path: parser.path, line: line),
                        "the item's link \"\(destination)\" is not a usable URL (\(error.message)), so it is skipped",
                        hint: error.hint))
            }
            return nil
        }
    }

    func isOtherScheme(_ destination: String) -> Bool {
        guard ListFileParser.hasScheme(destination), let colon = destination.firstIndex(of: ":") else { return false }
        return !parser.config.allowedSchemes.contains(destination[..<colon].lowercased())
    }
}

// MARK: - Reading the words

extension ListItemReader {
    /// Link texts that name no project, so the text before them does: `Name [[link](…)]`, `Name - [Website](…)`.
    static let genericTexts: Set<String> = [
        "link", "links", "homepage", "home page", "home", "website", "web site", "site", "web", "here", "url",
        "github", "gitlab", "repo", "repository", "source", "source code", "code", "paper", "pdf", "demo", "docs",
        "documentation", "download", "project", "page", "blog", "official site", "more", "read more", "article",
        "video", "slides", "app", "웹사이트", "링크", "홈페이지", "사이트", "논문", "깃허브",
    ]

    /// `alt` texts that name a picture, not a project.
    static let pictureWords: Set<String> = ["logo", "icon", "image", "img", "screenshot", "picture", "banner"]

    static func isGeneric(_ text: String) -> Bool {
        let folded = text.lowercased().trimmingCharacters(in: .whitespaces.union(.punctuationCharacters))
        if folded.isEmpty || genericTexts.contains(folded) { return true }
        return !folded.contains(" ") && (folded.hasPrefix("http") || folded.hasPrefix("www.") || folded.contains("/"))
    }

    /// `Other Awesome lists: [a](…), [b](…)`: a label ending in `:`, then links separated only by
    /// commas, `and`, `or`, slashes or bars.
    static func isLabelList(_ item: MarkdownOutline.ListItem) -> Bool {
        guard !item.startsWithLink, item.links.count > 1,
            item.links[0].textBefore.trimmingCharacters(in: .whitespaces).hasSuffix(":")
        else { return false }
        let separators: Set<String> = ["", ",", "and", ", and", "or", ", or", "/", "|", "·", ";", "&"]
        return item.links.dropFirst().allSatisfy {
            separators.contains($0.textBefore.trimmingCharacters(in: .whitespaces).lowercased())
        }
    }

    /// The text before an item's link, as a name: `OpenHangul (오픈한글) [` → `OpenHangul (오픈한글)`.
    static func cleanedLabel(_ text: String) -> String {
        let edges = CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "[(-–—:|·*_,"))
        var label = text.collapsingWhitespace.trimmingCharacters(in: edges)
        // `Name (` left a bracket open, `(Python)` closed one: keep a name's own brackets balanced.
        if label.hasSuffix(")"), !label.contains("(") { label.removeLast() }
        return label.trimmingCharacters(in: edges)
    }

    /// The description after secondary links were taken out of it: no `( , )` or `[ ]` left behind.
    static func cleanedDescription(_ text: String) -> String? {
        var text = text
        for pattern in [#"\(\s*(?:[,;/|·&]\s*|and\s+|or\s+)*\)"#, #"\[\s*(?:[,;/|·&]\s*)*\]"#] {
            text = text.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
        }
        text = text.collapsingWhitespace
        text = text.replacingOccurrences(of: #"\s+([,.;:])"#, with: "$1", options: .regularExpression)
        let edges = CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "[]()-–—:|·,"))
        var trimmed = text.trimmingCharacters(in: edges)
        // A description ends in its own `)` (`… (gym successor)`): keep it when it closes a bracket.
        if text.hasSuffix(")"), trimmed.contains("("), !trimmed.hasSuffix(")") { trimmed += ")" }
        return trimmed.isEmpty ? nil : trimmed
    }

    /// `macOS - Operating system for Apple's Mac computers.` → ("macOS", "Operating system…");
    /// `Synchronous:` → ("Synchronous", nil).
    static func groupName(_ text: String) -> (name: String, description: String?) {
        for separator in [" - ", " – ", " — ", ": "] {
            if let range = text.range(of: separator) {
                let name = String(text[..<range.lowerBound]).trimmingCharacters(in: .whitespaces)
                let rest = String(text[range.upperBound...]).trimmingCharacters(in: .whitespaces)
                if !name.isEmpty { return (name, rest.isEmpty ? nil : rest) }
            }
        }
        let name = text.trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: ":")))
        return (name.isEmpty ? text : name, nil)
    }
}

// MARK: - Addresses written without a scheme

extension ListItemReader {
    /// Forges whose repository pages rewrite a root-relative link (`/docs/x.md`) into the repository,
    /// with the path segments that introduce the revision in their addresses.
    static let forges: [String: [String]] = [
        "github.com": ["blob", "tree"], "gitlab.com": ["-"], "codeberg.org": ["src"], "gitea.com": ["src"],
    ]

    /// The absolute address of a link written without a scheme, when it is not relative to the file:
    /// `www.postman.com/…` is `https://www.postman.com/…`; `/docs/x.md` in a list published in a
    /// repository is that repository's file (`https://github.com/o/r/blob/main/docs/x.md`), as the
    /// forge shows it, not the forge's own page. Nil for every other relative link.
    static func schemeless(_ destination: String, sourceURL: URL?) -> String? {
        if destination.lowercased().hasPrefix("www."), destination.count > 4 { return "https://" + destination }
        guard destination.hasPrefix("/"), !destination.hasPrefix("//"), let base = sourceURL,
            let host = base.host?.lowercased(), let markers = forges[host]
        else { return nil }
        let parts = base.path.split(separator: "/").map(String.init)
        guard parts.count >= 2 else { return nil }
        var root = "https://\(host)/\(parts[0])/\(parts[1])"
        let rest = Array(parts.dropFirst(2))
        if let marker = rest.first, markers.contains(marker) {
            switch marker {
            case "-" where rest.count >= 3: root += "/-/\(rest[1])/\(rest[2])"
            case "src" where rest.count >= 3: root += "/src/\(rest[1])/\(rest[2])"
            case "blob", "tree": if rest.count >= 2 { root += "/\(rest[0])/\(rest[1])" }
            default: root += host == "gitlab.com" ? "/-/blob/HEAD" : "/blob/HEAD"
            }
        } else {
            root += host == "gitlab.com" ? "/-/blob/HEAD" : host == "github.com" ? "/blob/HEAD" : "/src/branch/HEAD"
        }
        let encoded =
            destination.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed.union(["%", "#"]))
            ?? destination
        return root + encoded
    }
}
