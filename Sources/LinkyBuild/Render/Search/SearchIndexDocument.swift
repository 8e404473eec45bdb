import Foundation
import LinkyModel

/// `search-index.json` and `search-index.js` (`files(path:)` makes both): what the search page
/// searches, kept small with short keys. Format version 1, documented in docs/formats.md. The
/// sharded index under `search/data/` (`SearchShards`) is made from the same document.
struct SearchIndexDocument: Encodable {
    /// Notes are cut to this many characters: enough to find a link by its note, small enough for 100k links.
    static let noteLimit = 300

    struct CategoryEntry: Encodable {
        var title: String
        var trail: String
        var href: String
        var parent: Int?
    }
    struct LinkEntry: Encodable {
        var t: String
        var u: String
        var d: String
        var s: String?
        var n: String?
        var g: [Int]?
        var c: Int
        var p: String?
        var a: String?
        var f: Int?
    }

    var version = 1
    var categories: [CategoryEntry]
    var tags: [String]
    var links: [LinkEntry]

    init(categories: [CategoryEntry], tags: [String], links: [LinkEntry]) {
        self.categories = categories
        self.tags = tags
        self.links = links
    }

    init(_ context: TemplateContext) {
        let site = context.site
        categories = site.categories.map { category in
            CategoryEntry(
                title: category.id == 0 ? site.config.title : category.title,
                trail: context.trail(category.id).map(\.title).joined(separator: " › "),
                href: context.href(context.paths.category(category.id)), parent: category.parent)
        }
        tags = site.tags.map(\.name)
        links = site.links.map { link in
            var note = link.note?.plainText
            // Secondary links are found by their names and hosts, ranked as the note is.
            if !link.secondaryLinks.isEmpty {
                let names = link.secondaryLinks.map { "\($0.title) \($0.url.displayHost)" }.joined(separator: " · ")
                note = note.map { names + " · " + $0 } ?? names
            }
            if let text = note, let cut = text.characterPrefix(ifLongerThan: Self.noteLimit) { note = String(cut) }
            return LinkEntry(
                t: link.title, u: link.url.absoluteString, d: link.url.displayHost, s: link.description, n: note,
                g: link.tags.isEmpty ? nil : link.tags, c: link.category,
                p: link.hasPage ? context.href(context.paths.link(link.id)) : nil, a: link.date?.isoDay,
                f: link.favorite ? 1 : nil)
        }
    }
}

// MARK: - Files

extension SearchIndexDocument {
    /// `search-index.json` at `path`, and the same object as a script at `scriptPath`
    /// (`search-index.js`), for file://, where browsers refuse to fetch JSON: one encoding, two files.
    func files(path: String, scriptPath: String = PlannedFile.searchIndexScript) -> [OutputFile] {
        // About what a link adds, so that the buffer of a large collection is not outgrown.
        let bytes = json(pretty: false, capacity: 4096 + links.count * 768)
        let script = JSONText.script("window.LINKY_SEARCH_INDEX = ", bytes, ";\n")
        return [OutputFile(path: path, contents: bytes), OutputFile(path: scriptPath, contents: script)]
    }
}

// MARK: - Encoding

extension SearchIndexDocument: JSONTextWritable {
    func write(to json: inout JSONText) {
        json.object { json in
            json.key("categories")
            json.array(categories) { $1.write(to: &$0) }
            json.key("links")
            json.array(links) { $1.write(to: &$0) }
            json.member("tags", tags)
            json.member("version", version)
        }
    }
}

extension SearchIndexDocument.CategoryEntry: JSONTextWritable {
    func write(to json: inout JSONText) {
        json.object { json in
            json.member("href", href)
            json.member("parent", parent)
            json.member("title", title)
            json.member("trail", trail)
        }
    }
}

extension SearchIndexDocument.LinkEntry: JSONTextWritable {
    func write(to json: inout JSONText) {
        json.object { json in
            json.member("a", a)
            json.member("c", c)
            json.member("d", d)
            json.member("f", f)
            json.member("g", g)
            json.member("n", n)
            json.member("p", p)
            json.member("s", s)
            json.member("t", t)
            json.member("u", u)
        }
    }
}
