import LinkyModel
import LinkyTemplates
import LinkyTheme

/// `print/index.html`: one printable page, every category in reading order with all its links and
/// notes. Its links are parts a rebuild copies (`PlannedFile.keepsParts`). A collection whose page
/// would pass `FileLimits.printBytes` (about 15,000 links with notes) is split by category: the first
/// page (`print/index.html`) has the cover, the contents of every page and the first categories, and
/// `print/2/index.html`, … the next, whole categories each (a category larger than the limit is a page
/// of its own). Each page names the others (`print_parts`).
struct PrintPage: HTMLPageKind {
    /// Which page of a split print page this is, from 1; 0 for the one page of every category.
    var part = 0
    /// Its sections, as positions in `sections(site)`; ignored when `part` is 0.
    var first = 0
    var end = 0

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        guard planning.site.hasPrintPage else { return [] }
        let parts = split(planning.site)
        guard parts.count > 1 else { return [PlannedFile(path: SitePaths.print, kind: PrintPage())] }
        return parts.enumerated().map { offset, sections in
            PlannedFile(
                path: SitePaths.print(part: offset + 1),
                kind: PrintPage(part: offset + 1, first: sections.lowerBound, end: sections.upperBound))
        }
    }

    /// The categories the print page shows, in reading order: every one but the content root, and the
    /// root when it has links of its own.
    static func sections(_ site: Site) -> [Int] {
        site.categories.indices.filter { $0 != 0 || !site.categories[$0].links.isEmpty }
    }

    /// The sections of each page (positions in `sections(site)`): one range of every section when the
    /// page fits in one file.
    static func split(_ site: Site) -> [Range<Int>] {
        let limit = site.config.fileLimits.printBytes
        let sections = sections(site)
        // Most sites are far below the limit: their links are not weighed one by one.
        guard DataPart.mayPass(limit, site, overhead: 700) else { return [0..<sections.count] }
        return DataPart.split(sections.count, partBytes: limit) { position in
            let category = site.categories[sections[position]]
            return 600 + (category.intro?.html.utf8.count ?? 0) + category.links.reduce(0) { $0 + estimate(site, $1) }
        }
    }

    /// About how many bytes `links[id]`'s entry takes on the print page.
    static func estimate(_ site: Site, _ id: Int) -> Int {
        var bytes = 640 + site.links[id].url.absoluteString.utf8.count * 2 + site.links[id].title.utf8.count
        bytes += site.links[id].description?.utf8.count ?? 0
        // The note's HTML: its Markdown, with tags around its paragraphs and links.
        bytes += (site.links[id].note?.markdown.utf8.count ?? 0) * 3 / 2
        for tag in site.links[id].tags { bytes += site.tags[tag].name.utf8.count + 2 }
        if site.links[id].preview != nil || site.links[id].image != nil { bytes += 240 }
        return bytes
    }

    var inputs: PlannedFile.Inputs { .everyLink }
    var isPage: Bool { true }
    func template(in theme: Theme) -> String? { "print" }
    func linksShown(_ site: Site) -> LinksShown { .every }

    func pageContext(_ rendering: PageRendering) -> TemplateValue {
        (rendering.context.at(rendering.path).printContext(self, path: rendering.path))
    }

    /// Always rendered.
    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {}

    var renderWeight: Int { 2 }
    func capacity(_ site: Site) -> Int { 16_384 + site.links.count * 1_536 }
}

private extension TemplateContext {
    func printContext(_ print: PrintPage, path: String) -> TemplateValue {
        let categories = PrintPage.sections(site)
        let parts = print.part == 0 ? [0..<categories.count] : PrintPage.split(site)
        // The page each section is on, and where its anchor is from this page.
        var pageOf = [Int](repeating: 0, count: categories.count)
        for (number, sections) in parts.enumerated() { for position in sections { pageOf[position] = number + 1 } }
        func anchor(_ category: Category) -> String {
            category.id == 0 ? "top-level" : "c-" + category.slugPath.joined(separator: "-")
        }
        let contents = categories.indices.map { position -> TemplateValue in
            let category = site.categories[categories[position]]
            let onThisPage = print.part == 0 || pageOf[position] == print.part
            let href =
                onThisPage
                ? "#" + anchor(category) : root + href(SitePaths.print(part: pageOf[position])) + "#" + anchor(category)
            return .map([
                "anchor": .string(anchor(category)), "href": .string(href),
                "title": .string(category.id == 0 ? site.config.title : category.title),
                "depth": .int(max(category.depth, 1)),
                "total_count": .int(category.id == 0 ? category.links.count : category.totalCount),
                "total_count_text": .string(
                    words.number(category.id == 0 ? category.links.count : category.totalCount)),
            ])
        }
        let shown = print.part == 0 ? 0..<categories.count : print.first..<print.end
        let sections = shown.map { position -> TemplateValue in
            let category = site.categories[categories[position]]
            var section: TemplateMap = [
                "anchor": .string(anchor(category)),
                "title": .string(category.id == 0 ? site.config.title : category.title),
                "trail": .string(
                    category.id == 0 ? site.config.title : trail(category.id).map(\.title).joined(separator: " › ")),
                "depth": .int(max(category.depth, 1)), "count": .int(category.links.count),
                "total_count": .int(category.id == 0 ? category.links.count : category.totalCount),
                "links": .list(category.links.map { part($0, of: path) { linkItem($0, withNote: true) } }),
                "has_links": .bool(!category.links.isEmpty),
            ]
            if let description = category.description { section["description"] = .string(description) }
            if let intro = category.intro {
                section["intro_html"] = .string(withSectionLinks(intro.html, from: category.id))
            }
            return .map(section)
        }
        var extra: TemplateMap = ["sections": .list(sections), "contents": .list(contents)]
        extra["is_first_part"] = .bool(print.part <= 1)
        extra["has_print_parts"] = .bool(parts.count > 1)
        extra["print_parts"] =
            parts.count < 2
            ? false
            : .list(
                (1...parts.count).map {
                    .map([
                        "href": .string(SitePaths.print(part: $0)), "number": .int($0),
                        "current": .bool($0 == print.part),
                    ])
                })
        if let newest = site.newestDate {
            extra["newest_date"] = .string(newest.isoDay)
            extra["newest_date_text"] = .string(words.day(newest))
        }
        extra["has_pictures"] = .bool(
            site.config.images != .none
                && site.links.indices.contains {
                    site.config.images == .local ? site.links[$0].preview != nil : site.links[$0].image != nil
                })
        return page(path: path, kind: "print", title: site.config.title, description: nil, extra: extra)
    }
}
