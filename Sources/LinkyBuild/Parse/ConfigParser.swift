import Foundation
import LinkyModel

/// Reads `linky.yml` into a `SiteConfig`; every key is optional.
enum ConfigParser {
    /// One of a setting's named values; a warning naming them all, and nil, for any other.
    static func choice<Value: RawRepresentable & CaseIterable>(
        _ raw: String, key: String, at location: SourceLocation, _ diagnostics: inout [Diagnostic]
    ) -> Value? where Value.RawValue == String {
        if let value = Value(rawValue: raw.lowercased()) { return value }
        let names = Value.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")
        diagnostics.append(
            .warning(
                .invalidConfig, at: location, "`\(key)` cannot be `\(raw)`; the default is used",
                hint: "write one of \(names)"))
        return nil
    }

    /// Whether `entry` is `word` (case aside): the named value of a setting that otherwise takes a
    /// number or a boolean (`print: auto`, `tag_pages: all`).
    static func isWord(_ word: String, _ mapping: YAMLMapping, _ entry: YAMLMapping.Entry) -> Bool {
        (try? mapping.string(entry, anyScalar: true).get())?.lowercased() == word
    }

    /// `auto`, `true` or `false` (`SiteConfig.SizeSetting`: `print`, `search_index`); anything else is a
    /// located warning, and `auto`.
    static func sizeSetting(
        _ mapping: YAMLMapping, _ entry: YAMLMapping.Entry, what file: String, _ diagnostics: inout [Diagnostic]
    ) -> SiteConfig.SizeSetting {
        if isWord("auto", mapping, entry) { return .auto }
        if let on = try? mapping.bool(entry).get() { return on ? .always : .never }
        diagnostics.append(
            .warning(
                .invalidConfig, at: mapping.location(of: entry),
                "`\(entry.key)` must be auto, true or false; the default (auto) is used",
                hint: "write `\(entry.key): true` to have \(file) whatever the collection's size"))
        return .auto
    }

    /// The settings, their problems, and whether `base_url` was written (a refused one is its own
    /// error, so the build does not also say it is not set).
    static func parse(_ file: SourceFile?) -> (SiteConfig, [Diagnostic], baseURLWritten: Bool) {
        var config = SiteConfig()
        guard let file else { return (config, [], false) }
        var diagnostics: [Diagnostic] = []
        var baseURLWritten = false
        let mapping: YAMLMapping
        switch YAMLMapping.parse(file.text, path: file.path, firstLine: 1, what: "the config") {
        case .success(let value): mapping = value
        case .failure(var diagnostic):
            if diagnostic.code != .nestedTooDeep { diagnostic.code = .invalidConfig }
            return (config, [diagnostic], false)
        }
        for entry in mapping.entries {
            switch entry.key {
            case "title":
                diagnostics.take(mapping.string(entry), as: .invalidConfig).map {
                    config.title = $0
                    config.titleWritten = true
                }
            case "description":
                diagnostics.take(mapping.string(entry), as: .invalidConfig).map { config.description = $0 }
            case "language":
                diagnostics.take(mapping.string(entry), as: .invalidConfig).map {
                    config.language = $0.isEmpty ? "en" : $0
                }
            case "author":
                diagnostics.take(mapping.string(entry), as: .invalidConfig).map {
                    config.author = $0.isEmpty ? nil : $0
                }
            case "base_url":
                if let raw = diagnostics.take(mapping.string(entry), as: .invalidConfig) {
                    if !raw.isEmpty {
                        baseURLWritten = true
                        config.baseURL = checkedBaseURL(raw, at: mapping.location(of: entry), &diagnostics)
                    }
                } else {
                    baseURLWritten = true
                }
            case "content_dir":
                diagnostics.take(mapping.string(entry), as: .invalidConfig).map {
                    config.contentDir = checkedFolder(
                        $0, key: "content_dir", at: mapping.location(of: entry), default: config.contentDir,
                        &diagnostics)
                }
            case "output_dir":
                diagnostics.take(mapping.string(entry), as: .invalidConfig).map {
                    config.outputDir = checkedFolder(
                        $0, key: "output_dir", at: mapping.location(of: entry), default: config.outputDir, &diagnostics)
                }
            case "page_size":
                diagnostics.take(mapping.integer(entry, minimum: 1), as: .invalidConfig).map { config.pageSize = $0 }
            case "tag_pages":
                if isWord("all", mapping, entry) {
                    config.tagPages = nil
                } else if let pages = try? mapping.integer(entry, minimum: 1).get() {
                    config.tagPages = pages
                } else {
                    diagnostics.append(
                        .warning(
                            .invalidConfig, at: mapping.location(of: entry),
                            "`tag_pages` must be a number of pages (1 or more) or `all`; the default (10) is used",
                            hint: "write `tag_pages: all` to list every link of a tag on its pages"))
                }
            case "feed_size":
                diagnostics.take(mapping.integer(entry, minimum: 1), as: .invalidConfig).map { config.feedSize = $0 }
            case "recent_count":
                diagnostics.take(mapping.integer(entry, minimum: 0), as: .invalidConfig).map { config.recentCount = $0 }
            case "clean_urls": diagnostics.take(mapping.bool(entry), as: .invalidConfig).map { config.cleanURLs = $0 }
            case "dead_after":
                if let raw = diagnostics.take(mapping.string(entry, anyScalar: true), as: .invalidConfig) {
                    if let seconds = DurationText.seconds(raw) {
                        config.deadAfter = seconds
                    } else {
                        diagnostics.append(
                            .warning(
                                .invalidConfig, at: mapping.location(of: entry),
                                "`dead_after` cannot be `\(raw)`; the default (1d) is used",
                                hint: "write a length of time: 0, 12h, 1d, 2w"))
                    }
                }
            case "stale_after":
                diagnostics.take(mapping.integer(entry, minimum: 1), as: .invalidConfig).map { config.staleAfter = $0 }
            case "projects":
                config.projectHosts = projectHosts(mapping, entry, &diagnostics)
            case "broken_links_page":
                diagnostics.take(mapping.bool(entry), as: .invalidConfig).map { config.brokenLinksPage = $0 }
            case "print":
                config.printLocation = mapping.location(of: entry)
                config.print = sizeSetting(mapping, entry, what: "the print page", &diagnostics)
            case "search_index":
                config.searchIndex = sizeSetting(mapping, entry, what: "search-index.json", &diagnostics)
            case "sites":
                diagnostics.take(mapping.bool(entry), as: .invalidConfig).map { config.sites = $0 }
            case "dates_from_history":
                diagnostics.take(mapping.bool(entry), as: .invalidConfig).map { config.datesFromHistory = $0 }
            case "new_page":
                diagnostics.take(mapping.bool(entry), as: .invalidConfig).map { config.newPage = $0 }
            case "new_weeks":
                diagnostics.take(mapping.integer(entry, minimum: 0), as: .invalidConfig).map { config.newWeeks = $0 }
            case "new_weeks_per_page":
                diagnostics.take(mapping.integer(entry, minimum: 1), as: .invalidConfig).map {
                    config.newWeeksPerPage = $0
                }
            case "new_feed_weeks":
                diagnostics.take(mapping.integer(entry, minimum: 1), as: .invalidConfig).map {
                    config.newFeedWeeks = $0
                }
            case "hide_dead_links":
                diagnostics.take(mapping.bool(entry), as: .invalidConfig).map { config.hideDeadLinks = $0 }
            case "section_feed_size":
                diagnostics.take(mapping.integer(entry, minimum: 1), as: .invalidConfig).map {
                    config.sectionFeedSize = $0
                }
            case "section_feeds":
                diagnostics.take(mapping.bool(entry), as: .invalidConfig).map { config.sectionFeeds = $0 }
            case "extra_keys":
                diagnostics.take(mapping.stringList(entry), as: .invalidConfig).map { config.extraKeys = Set($0) }
            case "repository":
                if let raw = diagnostics.take(mapping.string(entry), as: .invalidConfig), !raw.isEmpty {
                    if let repository = Forge.repository(raw) {
                        config.repository = repository
                    } else {
                        diagnostics.append(
                            .warning(
                                .invalidConfig, at: mapping.location(of: entry),
                                "`repository` must be a repository's https address, such as https://github.com/o/r",
                                hint:
                                    "write the address of the repository the site is in (GitHub, GitLab, Forgejo or Gitea)"
                            ))
                    }
                }
            case "repository_branch":
                if let raw = diagnostics.take(mapping.string(entry), as: .invalidConfig), !raw.isEmpty {
                    config.repositoryBranch = raw
                }
            case "source_url":
                if let raw = diagnostics.take(mapping.string(entry), as: .invalidConfig), !raw.isEmpty {
                    if ListFileParser.absoluteHTTPURL(raw) != nil {
                        config.sourceURL = raw.hasSuffix("/") ? raw : raw + "/"
                    } else {
                        diagnostics.append(
                            .warning(
                                .invalidConfig, at: mapping.location(of: entry),
                                "`source_url` must be an http(s) address, such as https://github.com/o/r/blob/main/links/",
                                hint: "write the address the content folder is published at"))
                    }
                }
            case "images":
                if let raw = diagnostics.take(mapping.string(entry), as: .invalidConfig) {
                    config.images =
                        choice(raw, key: "images", at: mapping.location(of: entry), &diagnostics)
                        ?? config.images
                }
            case "link_view":
                if let raw = diagnostics.take(mapping.string(entry), as: .invalidConfig) {
                    config.linkView =
                        choice(raw, key: "link_view", at: mapping.location(of: entry), &diagnostics)
                        ?? config.linkView
                }
            case "link_pages":
                if let raw = diagnostics.take(mapping.string(entry), as: .invalidConfig) {
                    config.linkPages =
                        choice(raw, key: "link_pages", at: mapping.location(of: entry), &diagnostics)
                        ?? config.linkPages
                }
            case "host":
                if let raw = diagnostics.take(mapping.string(entry), as: .invalidConfig) {
                    config.host = choice(raw, key: "host", at: mapping.location(of: entry), &diagnostics) ?? config.host
                    config.hostLocation = mapping.location(of: entry)
                }
            case "link_order":
                if let raw = diagnostics.take(mapping.string(entry), as: .invalidConfig) {
                    config.linkOrder =
                        choice(raw, key: "link_order", at: mapping.location(of: entry), &diagnostics)
                        ?? config.linkOrder
                }
            case "allowed_schemes":
                if let schemes = diagnostics.take(mapping.stringList(entry), as: .invalidConfig) {
                    config.allowedSchemes = Set(schemes.map { $0.lowercased() }.filter { !$0.isEmpty })
                }
            case "facets": config.facets = facets(entry, in: mapping, &diagnostics)
            default:
                let hint = Spelling.nearest(to: entry.key, among: SiteConfig.knownKeys, maximum: 3)
                    .map { "did you mean `\($0)`?" }
                diagnostics.append(
                    .warning(
                        .invalidConfig, at: mapping.location(of: entry),
                        "`\(entry.key)` is not a linky.yml setting and is ignored",
                        hint: hint ?? "the settings are: \(SiteConfig.knownKeys.joined(separator: ", "))"))
            }
        }
        fitHost(&config, written: Set(mapping.entries.map(\.key)))
        return (config, diagnostics, baseURLWritten)
    }

    /// What `host:` changes beyond its limits: Cloudflare Pages takes 20,000 files, and a site's link
    /// pages (one a link with a note) and section feeds (two a tag) are most of a large site's files, so
    /// there they are off unless linky.yml turns them on (docs/hosts.md says what the reader loses).
    static func fitHost(_ config: inout SiteConfig, written: Set<String>) {
        guard config.host == .cloudflarePages else { return }
        if !written.contains("link_pages") { config.linkPages = .none }
        if !written.contains("section_feeds") { config.sectionFeeds = false }
    }

    /// A base URL is absolute http(s) and ends in `/`, so page paths can be appended to it.
    static func checkedBaseURL(_ raw: String, at location: SourceLocation, _ diagnostics: inout [Diagnostic]) -> String?
    {
        guard let url = try? LinkURL(parsing: raw), url.scheme == "http" || url.scheme == "https" else {
            diagnostics.append(
                .error(
                    .invalidConfig, at: location, "`base_url` \"\(raw)\" is not an http(s) address",
                    hint: raw.contains(".") && !raw.contains("://")
                        ? "write it with its scheme: `https://\(raw.hasSuffix("/") ? raw : raw + "/")`"
                        : "write where the site is published, e.g. `base_url: https://example.com/links/`"))
            return nil
        }
        var text = url.absoluteString
        if let hash = text.firstIndex(of: "#") { text = String(text[..<hash]) }
        if let query = text.firstIndex(of: "?") { text = String(text[..<query]) }
        return text.hasSuffix("/") ? text : text + "/"
    }

    /// Folder settings stay inside the site folder: relative, no `..`.
    static func checkedFolder(
        _ raw: String, key: String, at location: SourceLocation, default fallback: String,
        _ diagnostics: inout [Diagnostic]
    ) -> String {
        let parts = raw.split(separator: "/").filter { $0 != "." }
        if raw.hasPrefix("/") || raw.hasPrefix("~") || parts.isEmpty || parts.contains("..") || raw.contains("\0")
            || raw.contains("\\")
        {
            diagnostics.append(
                .error(
                    .invalidConfig, at: location, "`\(key)` \"\(raw)\" must be a folder inside the site folder",
                    hint: "use a relative path without `..`, e.g. `\(key): \(fallback)`"))
            return fallback
        }
        return parts.joined(separator: "/")
    }
}
