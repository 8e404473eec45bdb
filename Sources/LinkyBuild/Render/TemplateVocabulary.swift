import Foundation
import LinkyModel
import LinkyTemplates
import LinkyTheme

/// Every name the render stage gives templates (Templates/README.md documents them), so a site's
/// template that looks up another (`{{domian}}`) is told so where it is, instead of rendering
/// nothing in silence. A test walks the data of every page of real sites and fails on a name not
/// listed here.
enum TemplateVocabulary {
    static let names: Set<String> = [
        // Every page
        "root", "site", "page", "nav", "t", "title", "description", "language", "author", "base_url", "link_count",
        "category_count", "tag_count", "newest_date", "newest_date_text", "counts", "links", "categories", "tags",
        "text", "number", "before", "after", "link_view", "images", "full_title", "kind", "path", "canonical",
        "home", "archive", "search", "print", "feed", "json_feed", "bookmarks", "links_json", "og_image",
        "bookmark_parts", "first", "last", "contents", "print_parts", "has_print_parts", "is_first_part",
        "section_feed", "atom", "json", "dir", "is_rtl",
        // Page kinds: `page.is_<kind>`
        "is_home", "is_category", "is_tag_index", "is_tag", "is_link", "is_archive", "is_archive_year", "is_search",
        "is_print", "is_not_found", "is_redirect", "is_broken", "is_website_index", "is_website",
        // A link
        "url", "display_url", "domain", "domain_href", "favorite", "has_page", "has_note", "has_tags", "category",
        "date",
        "date_text",
        "datetime", "image", "favicon", "thumbnail", "site_icon", "fallback", "archive_url", "dead_since",
        "moved_to", "note_html", "extra", "secondary_links", "has_secondary_links", "related", "html", "labels",
        "has_labels", "facet", "facet_key",
        // Pictures and the fallback initial
        "src", "srcset", "width", "height", "large_src", "initial", "hue", "tone",
        // Categories and tags
        "id", "name", "slug", "href", "trail", "count", "count_text", "direct_count", "total_count", "total_count_text",
        "depth", "children",
        "has_children", "parent", "is_root", "is_top", "weight", "icon", "anchor", "intro_html", "show_links",
        // A tag of more links than its pages list (`tag_pages`)
        "cut", "show_all",
        // Lists, paging, archive, print, search, broken links, redirects
        "favorites", "all_favorites", "recent", "has_favorites", "has_recent", "has_categories", "has_top_tags",
        "top_tags",
        "has_links", "pagination", "pages", "previous", "next", "current", "gap", "breadcrumbs", "years", "year",
        "months", "undated", "has_undated", "archive_href", "by_month", "year_href", "sections", "has_pictures",
        "filter_categories",
        "filter_tags", "words_json", "dead", "moved", "has_dead", "has_moved", "target", "source", "link", "total",
        "tag",
        "redirect",
        // The home page of a site of one list: its sections as an index
        "categories_as_index",
        // The save page (`repository`)
        "is_save", "save", "manifest", "forge", "new_url", "path_parameter", "text_parameter", "button",
        "save_folders", "bookmarklet",
        // The websites' pages (`sites`)
        "sites", "websites", "has_websites", "website_count", "website_count_text", "website",
        "dated", "described",
        // Filtering and sorting a list in the browser
        "list_tools", "data", "inline_data", "projects", "has_projects",
        // A repository link's project data (`projects.json`)
        "project", "host", "stars", "stars_text", "stars_exact", "updated", "updated_text", "release", "archived",
        "stale", "license", "language", "fetched",
        // The new page (`new_page`): the links added each week, and its digest feeds
        "is_new", "new", "new_feed", "weeks", "has_weeks", "start", "end", "start_text", "end_text", "counted",
        "removed", "removed_count", "removed_count_text", "has_removed", "has_older",
    ]

    /// Warnings for the names a site's templates (not the built-in ones) look up that no page gives,
    /// each at its tag, with the nearest name there is. `t.<word>` is checked against `words`; what
    /// follows `extra.` is the links' own front matter, any name.
    static func check(_ theme: Theme, words: Words) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (template, origin) in theme.templateOrigins.sorted(by: { $0.key < $1.key })
        where !origin.hasPrefix("(built-in)") {
            for reference in theme.references(in: template) {
                guard let (unknown, known) = unknownPart(of: reference.name, words: words) else { continue }
                let nearest = Spelling.nearest(to: unknown, among: known.sorted())
                diagnostics.append(
                    .warning(
                        .unknownTemplateName,
                        at: SourceLocation(path: origin, line: reference.line, column: reference.column),
                        "`{{\(reference.name)}}`: no page gives a value named `\(unknown)`, so it shows nothing",
                        hint: (nearest.map { "did you mean `\($0)`? " } ?? "")
                            + "`linky-site theme data \(template)` lists what the template receives"))
            }
        }
        return diagnostics
    }

    /// The first part of a dotted name that nothing gives, and the names it could have been.
    private static func unknownPart(of name: String, words: Words) -> (String, Set<String>)? {
        let parts = name.split(separator: ".").map(String.init)
        var index = 0
        while index < parts.count {
            let part = parts[index]
            if part == "extra" { return nil }
            if part == "t", index + 1 < parts.count {
                let word = parts[index + 1]
                return words.texts[word] == nil ? (word, Set(words.texts.keys)) : nil
            }
            if !names.contains(part) { return (part, names) }
            index += 1
        }
        return nil
    }
}
