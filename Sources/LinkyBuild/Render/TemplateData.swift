import Foundation
import LinkyModel
import LinkyTemplates
import LinkyTheme

/// `linky-site theme data <template>`: what a template receives, shown from a site's own data, for
/// theme authors: every name, with its value on the first page the template renders (a list shows
/// its first item).
public enum TemplateData {
    public enum Failure: Error {
        /// The site does not build; its diagnostics say why.
        case siteErrors([Diagnostic])
        /// No template of that name; the names there are.
        case unknownTemplate(String, known: [String])
        /// The template exists but this site makes no page with it (no links with notes, say).
        case noPage(String)
    }

    /// The names of the templates, page templates first.
    public static func templates(siteFolder: URL) -> [String] {
        templates(of: SiteBuilder.loadTheme(siteFolder).0)
    }

    static func templates(of theme: Theme) -> [String] {
        Theme.requiredTemplates + theme.templateOrigins.keys.filter { !Theme.requiredTemplates.contains($0) }.sorted()
    }

    /// The data `template` receives on `siteFolder`'s first page of its kind, as an indented outline.
    public static func describe(_ template: String, siteFolder: URL) async -> Result<String, Failure> {
        var options = BuildOptions(siteFolder: siteFolder)
        options.writeOutput = false
        let prepared = await SiteBuilder().prepare(options)
        guard let site = prepared.site else { return .failure(.siteErrors(prepared.report.diagnostics)) }
        let theme = prepared.theme
        guard theme.hasTemplate(template) else {
            return .failure(.unknownTemplate(template, known: templates(of: theme)))
        }
        let context = TemplateContext(site: site)
        if template == "partials/link_item" {
            guard !site.links.isEmpty else { return .failure(.noPage(template)) }
            let heading =
                "partials/link_item — each link in a list (the first link of this site; "
                + "`root` stands for the page's own)"
            return .success(outline(heading, context.marked().cachedItem(0)))
        }
        // A partial receives the data of the page that includes it: the home page's stands for all.
        let pageTemplate = template.hasPrefix("partials/") ? "home" : template
        let renderer = SiteRenderer(site: site, theme: theme)
        for file in prepared.plan where renderer.htmlTemplate(file) == pageTemplate {
            guard let page = renderer.htmlPage(file, context: context) else { continue }
            let heading =
                pageTemplate == template
                ? "\(template) — \(file.path) (this site's data; a list shows its first item)"
                : "\(template) — the data of the page that includes it; here the home page's (\(file.path))"
            return .success(outline(heading, page.context))
        }
        return .failure(.noPage(template))
    }

    static func outline(_ heading: String, _ value: TemplateValue) -> String {
        var lines = [heading, ""]
        if case .map(let entries) = value { describe(entries, depth: 0, into: &lines) }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func describe(_ entries: [String: TemplateValue], depth: Int, into lines: inout [String]) {
        let indent = String(repeating: "  ", count: depth)
        for key in entries.keys.sorted() {
            let value = entries[key]!
            switch value {
            case .map(let inner) where key == "t":
                let sample = inner.keys.sorted().prefix(3).map { "t.\($0)" }.joined(separator: ", ")
                lines.append("\(indent)t: the theme's \(inner.count) words in the site's language (\(sample), …)")
            case .map(let inner):
                lines.append("\(indent)\(key):")
                describe(inner, depth: depth + 1, into: &lines)
            case .list(let items):
                guard let first = items.first else {
                    lines.append("\(indent)\(key): an empty list here")
                    continue
                }
                if case .map(let inner) = first.withoutPart {
                    lines.append("\(indent)\(key): a list of \(items.count); the first:")
                    describe(inner, depth: depth + 1, into: &lines)
                } else {
                    lines.append("\(indent)\(key): a list of \(items.count), the first \(scalar(first))")
                }
            default:
                lines.append("\(indent)\(key): \(scalar(value))")
            }
        }
    }

    private static func scalar(_ value: TemplateValue) -> String {
        switch value {
        case .string(let text):
            let flat = text.replacingOccurrences(of: "\n", with: "⏎")
            let shown = flat.count > 72 ? flat.prefix(72) + "…" : Substring(flat)
            return "\"\(shown)\"" + (flat.count > 72 ? " (text of \(text.count) characters)" : "")
        case .bool(let flag): return flag ? "true" : "false (or absent)"
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        case .list(let items): return "a list of \(items.count)"
        case .map(let entries): return "a map of \(entries.count)"
        case .part(let part): return scalar(part.value)
        }
    }
}
