import Foundation
import LinkyModel
import LinkyTemplates

extension TemplateContext {
    /// `list_tools` of a category's or tag's page: the data its filters load (`ListDataRenderer`) and
    /// the words `assets/list.js` says (`words_json`: plural forms and how dates are written).
    func listTools(data path: String) -> TemplateValue {
        .map(["data": .string(path), "words_json": .string(listWords)])
    }

    /// The words of `assets/list.js` as JSON, for `data-words`.
    var listWords: String {
        struct ScriptWords: Encodable {
            var results: [String: String]
            var months: [String]
            var day: String
            var group: String
            var minGrouping: Int
            var none: String
            var more: String
            var loadError: String
            var favorite: String
            var dead: String
            var note: String
        }
        let forms = words.plurals["filter_results"] ?? [.other: words["filter_results"]]
        let script = ScriptWords(
            results: Dictionary(uniqueKeysWithValues: forms.map { ($0.key.rawValue, $0.value) }), months: words.months,
            day: words.dayFormat, group: words.digitGroup, minGrouping: words.minimumGrouping,
            none: words["filter_none"], more: words["show_more"], loadError: words["filter_load_error"],
            favorite: words["favorite"], dead: words["dead"], note: words["note"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(script)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
