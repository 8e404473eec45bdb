import Foundation
import LinkyModel
import LinkyTemplates

/// The save page (`save/index.html`, with `repository` set): a form that makes a link file and opens
/// the forge's editor on it, prefilled — the address and title from the query a share sheet or the
/// bookmarklet gives (`?url=…&title=…&text=…`, a Web Share Target's) — and the web app manifest that
/// makes the site one.
extension TemplateContext {
    func saveContext() -> TemplateValue {
        let config = site.config
        guard let repository = config.repository,
            let forge = Forge(repository: repository, branch: config.repositoryBranch)
        else { preconditionFailure("the save page is planned only with a repository") }
        let content = config.contentDir
        // Every category's folder, in reading order, the top of the content folder first.
        var folders: [TemplateValue] = [["path": .string(content), "trail": .string(words["save_top"])]]
        func add(_ id: Int) {
            let category = site.categories[id]
            // A list file's sections are no folders: a new link file goes in a real folder.
            guard !category.keepsSourceOrder else { return }
            // The folder as it is named on disk (its slug may differ): where `_index.md` is, or the key's.
            var folder = category.source.path
            if folder.hasSuffix("/_index.md") { folder.removeLast("/_index.md".count) }
            folders.append([
                "path": .string(folder),
                "trail": .string(trail(id).map(\.title).joined(separator: " › ")),
            ])
            for child in category.children { add(child) }
        }
        for id in site.rootCategories { add(id) }
        var extra: TemplateMap = [
            "forge": [
                "kind": .string(forge.kind.rawValue), "name": .string(forge.name),
                "new_url": .string(forge.newFileAddress), "path_parameter": .string(forge.pathParameter),
                "text_parameter": .string(forge.textParameter),
                "button": .string(words["save_button"].replacingOccurrences(of: "{forge}", with: forge.name)),
            ],
            "save_folders": .list(folders),
        ]
        if let base = config.baseURL {
            // Opens this page from any page, with its address and title: a link a reader drags to the
            // bookmarks bar. Only the page's own address and title go in, each URI-encoded.
            let save = base + href(SitePaths.save)
            extra["bookmarklet"] = .string(
                "javascript:(function(){location.href=" + Self.javaScriptString(save)
                    + "+'?url='+encodeURIComponent(location.href)+'&title='+encodeURIComponent(document.title);})();")
        }
        return page(path: SitePaths.save, kind: "save", title: words["save_title"], description: nil, extra: extra)
    }

    /// `manifest.webmanifest`: the site as an installable web app whose share target is the save page
    /// (a phone's share sheet sends a page's title and address to `save/?title=…&text=…&url=…`).
    func webManifest() -> [UInt8] {
        struct Manifest: Encodable {
            struct Icon: Encodable {
                var src: String
                var sizes: String
                var type: String
            }
            struct ShareTarget: Encodable {
                var action: String
                var method: String
                var params: [String: String]
            }
            var name: String
            var short_name: String
            var lang: String
            var start_url: String
            var scope: String
            var display: String
            var icons: [Icon]
            var share_target: ShareTarget
        }
        let config = site.config
        let manifest = Manifest(
            name: config.title, short_name: config.title, lang: config.language, start_url: "./", scope: "./",
            display: "standalone",
            icons: [Manifest.Icon(src: "assets/favicon.svg", sizes: "any", type: "image/svg+xml")],
            share_target: .init(
                action: href(SitePaths.save), method: "GET",
                params: ["title": "title", "text": "text", "url": "url"]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(manifest)) ?? Data("{}".utf8)) + [UInt8(ascii: "\n")]
    }

    /// A JavaScript string literal of `text` (JSON's escaping, quotes and `<` included).
    static func javaScriptString(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self).scriptSafeJSON
    }
}
