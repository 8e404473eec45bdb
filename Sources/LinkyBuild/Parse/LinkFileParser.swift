import Foundation
import LinkyMarkdown
import LinkyModel

/// Parses one Markdown file of the content folder: a link file, a list file or a category's `_index.md`.
struct ContentFileParser: Sendable {
    let contentDir: String
    let config: SiteConfig
    /// Titles `linky-site fetch` found, for link files that have none.
    var metadata = MetadataCache()

    /// Most tags one link may have.
    static let maximumTags = 100

    static let linkKeys: Set<String> = [
        "url", "title", "tags", "date", "description", "image", "favorite", "draft", "aliases", "archive", "labels",
    ]
    static let categoryKeys: Set<String> = ["title", "description", "order", "icon", "aliases"]

    func parse(_ file: SourceFile) -> ParsedContent {
        var result = ParsedContent()
        let location = SourceLocation(path: file.path, line: 1)
        let frontMatter: FrontMatter
        switch FrontMatter.split(file.text) {
        case .success(let value): frontMatter = value
        case .failure:
            result.diagnostics.append(
                .error(
                    .unterminatedFrontMatter, at: location, "the front matter opened by `---` is never closed",
                    hint: "add a line with only `---` after the last front-matter line"))
            return result
        }
        var mapping = YAMLMapping(path: file.path, firstLine: frontMatter.yamlFirstLine)
        if let yaml = frontMatter.yaml {
            switch YAMLMapping.parse(
                yaml, path: file.path, firstLine: frontMatter.yamlFirstLine, what: "the front matter",
                implicitTypes: false)
            {
            case .success(let value): mapping = value
            case .failure(let diagnostic):
                result.diagnostics.append(diagnostic)
                return result
            }
        }
        let folderKey = categoryKey(ofFolderOf: file.path)
        let name = fileStem(file.path).nfc
        if name == "_index" {
            parseCategoryIndex(mapping, frontMatter: frontMatter, key: folderKey, file: file, into: &result)
        } else if mapping["url"] != nil {
            parseLinkFile(mapping, frontMatter: frontMatter, key: folderKey, slugName: name, file: file, into: &result)
        } else {
            let listParser = ListFileParser(path: file.path, config: config)
            listParser.parse(
                mapping, frontMatter: frontMatter, key: folderKey + [name], fileName: name, into: &result)
        }
        return result
    }

    /// Folder names between the content root and the file, in NFC: a folder named on macOS (NFD)
    /// and one named on Linux (NFC) are one category.
    func categoryKey(ofFolderOf path: String) -> [String] {
        var components = path.split(separator: "/").map { String($0).nfc }
        components.removeLast()
        let rootDepth = contentDir.split(separator: "/").count
        return Array(components.dropFirst(rootDepth))
    }

    func fileStem(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return name }
        return String(name[..<dot])
    }
}

// MARK: - Link files

private extension ContentFileParser {
    func parseLinkFile(
        _ mapping: YAMLMapping, frontMatter: FrontMatter, key: [String], slugName: String, file: SourceFile,
        into result: inout ParsedContent
    ) {
        var problems: [Diagnostic] = []
        let start = SourceLocation(path: file.path, line: 1)
        var url: LinkURL?
        var urlSource = start
        if let entry = mapping["url"], let raw = problems.take(mapping.string(entry)) {
            urlSource = mapping.location(of: entry)
            if raw.trimmingCharacters(in: .whitespaces).isEmpty {
                problems.append(
                    .error(
                        .missingURL, at: mapping.location(of: entry), "`url` is empty",
                        hint: "write the link's address, e.g. `url: https://example.com/article`"))
            } else {
                url = problems.take(
                    Self.linkURL(raw, location: mapping.location(of: entry.node), config: config, field: "url"))
                if let url,
                    let warning = Self.credentialsWarning(url, field: "`url`", at: mapping.location(of: entry.node))
                {
                    problems.append(warning)
                }
            }
        }
        var title: String?
        if let entry = mapping["title"], let raw = problems.take(mapping.string(entry)) {
            title = raw.collapsingWhitespace
            if title!.isEmpty {
                problems.append(
                    .error(
                        .missingTitle, at: mapping.location(of: entry), "`title` is empty",
                        hint: "write the link's title, e.g. `title: An article`"))
            }
        } else if mapping["title"] == nil, let url, let fetched = metadata[url]?.title, !fetched.isEmpty {
            title = fetched.collapsingWhitespace
        } else if mapping["title"] == nil {
            if let url { result.untitledLinks.append((url, urlSource)) }
            problems.append(
                .error(
                    .missingTitle, at: start, "the link has no title",
                    hint: "add `title: …` to the front matter (`linky-site fetch` can fill titles from the pages)"))
        }
        var tags: [(String, Int?)] = []
        if let entry = mapping["tags"], let names = problems.take(mapping.stringList(entry, code: .invalidTags)) {
            if names.count > Self.maximumTags {
                // Each tag page lists the link with all its tags: thousands of tags make the output quadratic.
                problems.append(
                    .error(
                        .invalidTags, at: mapping.location(of: entry),
                        "the link has \(names.count) tags; at most \(Self.maximumTags) are allowed",
                        hint: "keep the tags that help find the link; put the rest in the note"))
            } else {
                tags = names.map { ($0, entry.line) }
            }
        }
        var labels: [String] = []
        if let entry = mapping["labels"], let names = problems.take(mapping.stringList(entry, code: .invalidLabels)) {
            labels = Self.labels(
                names.map(LinkLabel.cleanedName), at: mapping.location(of: entry), diagnostics: &problems)
        }
        var date: LinkDate?
        if let entry = mapping["date"],
            let raw = problems.take(mapping.string(entry, code: .invalidDate, anyScalar: true))
        {
            date = LinkDate(parsing: raw)
            if date == nil {
                problems.append(
                    .error(
                        .invalidDate, at: mapping.location(of: entry), "`date` \"\(raw)\" is not a date",
                        hint: "write the day as YYYY-MM-DD (e.g. 2024-05-01) or ISO 8601 (2024-05-01T09:30:00+09:00)"))
            }
        }
        var description: String?
        if let entry = mapping["description"], let raw = problems.take(mapping.string(entry)) {
            let collapsed = raw.collapsingWhitespace
            description = collapsed.isEmpty ? nil : collapsed
        }
        var image: LinkURL?
        if let entry = mapping["image"], let raw = problems.take(mapping.string(entry)), !raw.isEmpty {
            image = problems.take(
                Self.linkURL(raw, location: mapping.location(of: entry.node), config: config, field: "image"))
            if let image,
                let warning = Self.credentialsWarning(image, field: "`image`", at: mapping.location(of: entry.node))
            {
                problems.append(warning)
            }
        }
        var archive: LinkURL?
        if let entry = mapping["archive"], let raw = problems.take(mapping.string(entry)), !raw.isEmpty {
            archive = problems.take(
                Self.linkURL(raw, location: mapping.location(of: entry.node), config: config, field: "archive"))
        }
        let aliases = Self.aliases(mapping, diagnostics: &problems)
        let favorite = mapping["favorite"].flatMap { problems.take(mapping.bool($0)) } ?? false
        let draft = mapping["draft"].flatMap { problems.take(mapping.bool($0)) } ?? false
        var extra: [String: ExtraValue] = [:]
        for entry in mapping.entries where !Self.linkKeys.contains(entry.key) {
            guard let value = YAMLMapping.extraValue(entry.node) else {
                problems.append(
                    .error(
                        .invalidFieldType, at: mapping.location(of: entry),
                        "`\(entry.key)` holds more than \(YAMLMapping.extraValueLimit) values (counting YAML aliases expanded) or is nested too deep",
                        hint: "keep extra front-matter values small; YAML anchors and aliases multiply what they repeat"
                    ))
                continue
            }
            extra[entry.key] = value
            if !config.extraKeys.contains(entry.key) {
                result.unknownKeys.append((entry.key, mapping.location(of: entry)))
            }
        }
        if let tooLarge = Self.checkedNoteSize(frontMatter, path: file.path) { problems.append(tooLarge) }
        result.diagnostics += problems
        guard let url, let title, !title.isEmpty, !problems.contains(where: { $0.severity == .error }) else { return }
        let body = frontMatter.body.trimmingWhitespaceAndNewlines()
        var note: Note?
        if !body.isEmpty {
            do {
                note = try Self.note(body)
            } catch {
                result.diagnostics.append(
                    Self.nestedTooDeep(at: Self.location(of: error, in: frontMatter, path: file.path)))
                return
            }
        }
        result.links.append(
            ParsedLink(
                source: start, categoryKey: key, slugName: slugName, url: url, urlSource: urlSource, title: title,
                description: description, tags: tags, date: date, image: image, favorite: favorite, draft: draft,
                note: note, extra: extra,
                sourceOrder: 0, aliases: aliases, archive: archive, labels: labels))
    }

    func parseCategoryIndex(
        _ mapping: YAMLMapping, frontMatter: FrontMatter, key: [String], file: SourceFile,
        into result: inout ParsedContent
    ) {
        var definition = CategoryDefinition(
            key: key, source: SourceLocation(path: file.path, line: 1), keepsSourceOrder: false, isListFile: false)
        Self.readCategoryFields(mapping, into: &definition, diagnostics: &result.diagnostics)
        for entry in mapping.entries where !Self.categoryKeys.contains(entry.key) {
            result.diagnostics.append(
                .warning(
                    .invalidCategoryIndex, at: mapping.location(of: entry),
                    "`\(entry.key)` is not a category setting and is ignored",
                    hint: "an _index.md knows title, description, order, icon and aliases"))
        }
        if let tooLarge = Self.checkedNoteSize(frontMatter, path: file.path) {
            result.diagnostics.append(tooLarge)
            return
        }
        let body = frontMatter.body.trimmingWhitespaceAndNewlines()
        if !body.isEmpty {
            do {
                definition.intro = try Self.note(body)
            } catch {
                result.diagnostics.append(
                    Self.nestedTooDeep(at: Self.location(of: error, in: frontMatter, path: file.path)))
                return
            }
        }
        result.categories.append(definition)
    }
}

// MARK: - Shared with list files

extension ContentFileParser {
    static func readCategoryFields(
        _ mapping: YAMLMapping, into definition: inout CategoryDefinition, diagnostics: inout [Diagnostic]
    ) {
        if let entry = mapping["title"], let title = diagnostics.take(mapping.string(entry)), !title.isEmpty {
            definition.title = title.collapsingWhitespace
        }
        if let entry = mapping["description"], let text = diagnostics.take(mapping.string(entry)), !text.isEmpty {
            definition.description = text.collapsingWhitespace
        }
        if let entry = mapping["icon"], let icon = diagnostics.take(mapping.string(entry)), !icon.isEmpty {
            definition.icon = icon
        }
        if let entry = mapping["order"] { definition.order = diagnostics.take(mapping.integer(entry)) }
        definition.aliases = aliases(mapping, diagnostics: &diagnostics)
    }

    /// `aliases:`, a list (or one string) of old addresses: `/paths/from/the/root/` or old names.
    static func aliases(_ mapping: YAMLMapping, diagnostics: inout [Diagnostic]) -> [PathAlias] {
        guard let entry = mapping["aliases"], let written = diagnostics.take(mapping.stringList(entry)) else {
            return []
        }
        var aliases: [PathAlias] = []
        for text in written.map({ $0.trimmingCharacters(in: .whitespaces) }) where !text.isEmpty {
            let alias = PathAlias(text, at: mapping.location(of: entry))
            if let problem = outsideSite(alias, orOldName: true) {
                diagnostics.append(problem)
                continue
            }
            aliases.append(alias)
        }
        return aliases
    }

    /// The error for an alias written as a `/path/` that is not inside the site; nil for any other.
    static func outsideSite(_ alias: PathAlias, orOldName: Bool) -> Diagnostic? {
        guard alias.isPath, alias.outputPath == nil else { return nil }
        return .error(
            .invalidAlias, at: alias.location, "the alias \"\(alias.written)\" is not a path inside the site",
            hint: "write an old address from the site's root, e.g. `/tags/c-2/`"
                + (orOldName ? ", or an old name without `/`" : ""))
    }

    /// A warning for an address that carries a user name or password (`https://user:pass@host/`):
    /// the site publishes addresses as written, so the password would be published with it.
    static func credentialsWarning(_ url: LinkURL, field: String, at location: SourceLocation) -> Diagnostic? {
        guard let userInfo = url.userInfo else { return nil }
        let what = userInfo.contains(":") ? "a user name and password" : "a user name"
        return .warning(
            .urlWithCredentials, at: location,
            "\(field) \(url.scheme)://…@\(url.host)/… carries \(what) before the host, which the site would publish with the link",
            hint: "remove the `user:password@` part of the address (sign-in details do not belong in a published link)")
    }

    static func linkURL(
        _ raw: String, location: SourceLocation, config: SiteConfig, field: String
    ) -> Result<
        LinkURL, Diagnostic
    > {
        do {
            return .success(try LinkURL(parsing: raw, allowedSchemes: config.allowedSchemes))
        } catch {
            return .failure(
                .error(
                    .invalidURL, at: location, "`\(field)` \"\(raw)\" is not a usable URL: \(error.message)",
                    hint: error.hint))
        }
    }

    /// An error when the body is beyond `ContentLimits.maximumNoteBytes`: rendering time grows with
    /// the square of a paragraph's length, so it is refused before it is rendered.
    static func checkedNoteSize(_ frontMatter: FrontMatter, path: String) -> Diagnostic? {
        let size = frontMatter.body.utf8.count
        guard size > ContentLimits.maximumNoteBytes else { return nil }
        return .error(
            .noteTooLarge, at: SourceLocation(path: path, line: frontMatter.bodyFirstLine),
            "the note is \(ContentLimits.shown(size)), more than the \(ContentLimits.shown(ContentLimits.maximumNoteBytes)) a note may be, so it is not rendered",
            hint: "shorten it, or link to a page that holds the long text")
    }

    /// The note's HTML, and its plain text as far as the search index reads it (`noteLimit`
    /// characters): a note kept whole three times over was 2 GB of a million links' 10 GB.
    static func note(_ markdown: String) throws(MarkdownTooDeep) -> Note {
        let rendered = try MarkdownRenderer.render(markdown)
        let plainText =
            rendered.plainText.characterPrefix(ifLongerThan: SearchIndexDocument.noteLimit)
            .map(String.init) ?? rendered.plainText
        return Note(markdown: markdown, html: rendered.html, plainText: plainText)
    }

    /// A note, or nil with an error at `location` when it nests too deep.
    static func note(_ markdown: String, at location: SourceLocation, into diagnostics: inout [Diagnostic]) -> Note? {
        do {
            return try note(markdown)
        } catch {
            diagnostics.append(nestedTooDeep(at: location))
            return nil
        }
    }

    /// The file line of a trimmed body's too-deep line.
    static func location(of error: MarkdownTooDeep, in frontMatter: FrontMatter, path: String) -> SourceLocation {
        let blankLines = frontMatter.body.prefix(while: \.isWhitespace).filter { $0 == "\n" }.count
        return SourceLocation(path: path, line: frontMatter.bodyFirstLine + blankLines + error.line - 1)
    }

    static func nestedTooDeep(at location: SourceLocation) -> Diagnostic {
        .error(
            .nestedTooDeep, at: location,
            "lists, quotes or emphasis are nested more than \(ContentLimits.maximumMarkdownDepth) levels deep here, so this is not read",
            hint: "flatten the nesting: real lists nest a few levels")
    }
}
