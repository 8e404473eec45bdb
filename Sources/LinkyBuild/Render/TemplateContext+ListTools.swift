import Foundation
import LinkyModel
import LinkyTemplates

extension TemplateContext {
    /// `list_tools` of a category's or tag's page: the data its filters load (`ListDataRenderer`) and
    /// the words `assets/list.js` says (`words_json`: plural forms and how dates are written).
    /// A list on one page carries its data (`inline_data`) instead (`ListDataRenderer.inPage`).
    func listTools(of links: [Int], data path: String, categories: Bool) -> TemplateValue {
        var tools: TemplateMap = ["words_json": .string(listWords), "projects": .bool(site.hasProjects)]
        if ListDataRenderer.inPage(links.count, site.config) {
            let json = ListDataRenderer(context: self).index(links, categories: categories, script: false)
            tools["inline_data"] = .string(String(decoding: json, as: UTF8.self).scriptSafeJSON)
        } else {
            tools["data"] = .string(path)
        }
        return .map(tools)
    }

    /// The words of `assets/list.js` as JSON, for `data-words`.
    /// The project line's words only on a site with project data.
    func makeListWords() -> String {
        var messages = [
            "none": words["filter_none"], "more": words["show_more"], "loadError": words["filter_load_error"],
            "favorite": words["favorite"], "dead": words["dead"], "note": words["note"],
        ]
        if site.config.linkPages == .all { messages["details"] = words["details"] }
        if site.hasProjects {
            messages["stars"] = words["stars"]
            messages["updated"] = words["project_updated"]
            messages["archived"] = words["project_archived"]
            messages["stale"] = words["project_stale"]
        }
        return scriptWords(results: "filter_results", messages: messages)
    }

    /// What a page's script says numbers, dates and `messages` with, as JSON for a `data-` attribute:
    /// the plural forms of the count `results` names (`results`), the months, the day format, the
    /// digit grouping, and each message under its key.
    func scriptWords(results key: String, messages: [String: String] = [:]) -> String {
        struct ScriptWords: Encodable {
            var results: [String: String]
            var months: [String]
            var day: String
            var group: String
            var minGrouping: Int
            var messages: [String: String]

            struct Key: CodingKey {
                var stringValue: String
                var intValue: Int? { nil }
                init(stringValue: String) { self.stringValue = stringValue }
                init?(intValue: Int) { nil }
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(results, forKey: Key(stringValue: "results"))
                try container.encode(months, forKey: Key(stringValue: "months"))
                try container.encode(day, forKey: Key(stringValue: "day"))
                try container.encode(group, forKey: Key(stringValue: "group"))
                try container.encode(minGrouping, forKey: Key(stringValue: "minGrouping"))
                for (name, text) in messages { try container.encode(text, forKey: Key(stringValue: name)) }
            }
        }
        let forms = words.plurals[key] ?? [.other: words[key]]
        let script = ScriptWords(
            results: Dictionary(uniqueKeysWithValues: forms.map { ($0.key.rawValue, $0.value) }), months: words.months,
            day: words.dayFormat, group: words.digitGroup, minGrouping: words.minimumGrouping, messages: messages)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(script)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
