import Foundation
import LinkyModel
import LinkyTemplates
import LinkyTheme

/// `assets/list-tools.js`: the filter and sort controls of category and tag pages
/// (`partials/list_tools_form`), rendered once for the whole site, which `assets/list.js` puts in
/// each list's page where `partials/list_tools` leaves their place. The form was about 2.3 KB of every
/// such page (21 MiB of 9,000 list pages at 100,000 links), the same bytes on each; now a script the
/// browser keeps. A theme with an asset of that name ships its own.
struct ListToolsScript: DataFileKind {
    static let path = "assets/list-tools.js"

    static func plan(_ planning: inout PagePlanning) -> [PlannedFile] {
        guard !planning.site.links.isEmpty, !planning.assetNames.contains("list-tools.js") else { return [] }
        return [PlannedFile(path: path, kind: ListToolsScript())]
    }

    var inputs: PlannedFile.Inputs { .shape }

    func data(_ rendering: PageRendering, search: inout SearchFiles) throws -> [OutputFile] {
        let html = try rendering.theme.render("partials/list_tools_form", rendering.context.listToolsForm())
        return [OutputFile(path: rendering.path, contents: Self.script(html))]
    }

    /// `window.LINKY_LIST_TOOLS = "<form …>";`: the form's HTML as a JavaScript string (JSON's, with
    /// `<` written `\u003c` so that no `</script>` can end a page that inlines it).
    static func script(_ html: [UInt8]) -> Data {
        let text = String(decoding: html, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let literal = (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
        return Data("window.LINKY_LIST_TOOLS = \(literal.scriptSafeJSON);\n".utf8)
    }

    /// What the form says depends on the words and the settings (in the site's shape) and on whether
    /// the site has project data (the sorts by stars and by update).
    func fingerprint(into writer: inout ByteWriter, _ fingerprints: PageFingerprints) {
        writer.byte(35)
        writer.bool(fingerprints.model.hasProjects)
    }
}

extension TemplateContext {
    /// What `partials/list_tools_form` is rendered with: `t`, `site`, `words_json` and `projects`.
    func listToolsForm() -> TemplateValue {
        .map([
            "root": "", "site": .map(siteInfo), "t": stringValues, "words_json": .string(listWords),
            "projects": .bool(site.hasProjects),
        ])
    }
}
