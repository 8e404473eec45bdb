import Foundation
import LinkyModel
import Yams

/// Reads `i18n/<language>.yml` files (the theme's words, see `Templates/default/i18n/en.yml`) and lays
/// them over each other into the site's `Words`.
enum TranslationsParser {
    /// What one file says; anything it leaves out comes from the files below it.
    struct File: Sendable {
        var texts: [String: String] = [:]
        var plurals: [String: [PluralCategory: String]] = [:]
        var months: [String]?
        var dayFormat: String?
        var monthFormat: String?
        var digitGroup: String?
        var minimumGrouping: Int?
        /// Each word's line, for warnings about it.
        var lines: [String: Int] = [:]
    }

    static func parse(_ source: SourceFile) -> (File, [Diagnostic]) {
        var file = File()
        var diagnostics: [Diagnostic] = []
        let mapping: YAMLMapping
        switch YAMLMapping.parse(source.text, path: source.path, firstLine: 1, what: "a translations file") {
        case .success(let parsed): mapping = parsed
        case .failure(let diagnostic): return (file, [retagged(diagnostic)])
        }
        func problem(_ line: Int, _ message: String, _ hint: String) {
            diagnostics.append(
                .error(.invalidTranslations, at: SourceLocation(path: source.path, line: line), message, hint: hint))
        }
        for entry in mapping.entries {
            switch entry.key {
            case "name": continue
            case "dates":
                guard let dates = submapping(entry.node, mapping) else {
                    problem(entry.line, "`dates` must be a mapping of months, day and month", exampleHint)
                    continue
                }
                for (key, node, line) in dates {
                    switch key {
                    case "months":
                        let names = node.sequence?.compactMap { $0.scalar?.string.nfc } ?? []
                        if names.count == 12 {
                            file.months = names
                        } else {
                            problem(line, "`dates.months` must list the twelve months' names", exampleHint)
                        }
                    case "day", "month":
                        guard let text = node.scalar?.string.nfc else {
                            problem(line, "`dates.\(key)` must be text", exampleHint)
                            continue
                        }
                        if key == "day" { file.dayFormat = text } else { file.monthFormat = text }
                    default:
                        problem(line, "`dates` has no `\(key)`", "write `months`, `day` or `month` under `dates`")
                    }
                }
            case "numbers":
                for (key, node, line) in submapping(entry.node, mapping) ?? [] {
                    switch key {
                    case "group": file.digitGroup = node.scalar?.string ?? ""
                    case "min_grouping":
                        guard let value = node.scalar.flatMap({ Int($0.string) }), (1...4).contains(value) else {
                            problem(
                                line, "`numbers.min_grouping` must be 1, 2, 3 or 4", "CLDR's is 1 for most languages")
                            continue
                        }
                        file.minimumGrouping = value
                    default: problem(line, "`numbers` has no `\(key)`", "write `group` or `min_grouping`")
                    }
                }
            case "words":
                guard let words = submapping(entry.node, mapping) else {
                    problem(entry.line, "`words` must be a mapping of `key: text` lines", exampleHint)
                    continue
                }
                for (key, node, line) in words {
                    file.lines[key] = line
                    if let text = node.scalar?.string.nfc {
                        file.texts[key] = text
                    } else if let forms = submapping(node, mapping) {
                        var plural: [PluralCategory: String] = [:]
                        for (name, form, formLine) in forms {
                            guard let category = PluralCategory(rawValue: name), let text = form.scalar?.string.nfc
                            else {
                                problem(
                                    formLine, "`\(key).\(name)` is not a plural form",
                                    "the forms are zero, one, two, few, many and other, each a text with {count}")
                                continue
                            }
                            plural[category] = text
                        }
                        guard let other = plural[.other] else {
                            problem(line, "the plural word `\(key)` has no `other` form", "add `other: \"{count} …\"`")
                            continue
                        }
                        file.plurals[key] = plural
                        file.texts[key] = other
                    } else {
                        problem(line, "the word `\(key)` must be text, or plural forms", exampleHint)
                    }
                }
            default:
                problem(
                    entry.line, "a translations file has no `\(entry.key)`",
                    "write `name`, `dates`, `numbers` or `words`")
            }
        }
        return (file, diagnostics)
    }

    /// Lays `files` over each other, the first lowest: English's files first, then the language's.
    /// `known` is every word the theme's English has: a word of another file not among them is
    /// a warning (most often a misspelled key, which would otherwise change nothing).
    static func words(
        language: String, files: [(source: SourceFile, file: File)], known: Set<String>
    ) -> (Words, [Diagnostic]) {
        var words = Words(language: language)
        var diagnostics: [Diagnostic] = []
        for (source, file) in files {
            words.texts.merge(file.texts) { $1 }
            for (key, forms) in file.plurals { words.plurals[key] = forms }
            // A plain text over a plural word says the same for every number.
            for key in file.texts.keys where file.plurals[key] == nil { words.plurals[key] = nil }
            if let months = file.months { words.months = months }
            if let day = file.dayFormat { words.dayFormat = day }
            if let month = file.monthFormat { words.monthFormat = month }
            if let group = file.digitGroup { words.digitGroup = group }
            if let grouping = file.minimumGrouping { words.minimumGrouping = grouping }
            for key in file.texts.keys.sorted() where !known.isEmpty && !known.contains(key) {
                let nearest = Spelling.nearest(to: key, among: known.sorted())
                diagnostics.append(
                    .warning(
                        .invalidTranslations, at: SourceLocation(path: source.path, line: file.lines[key]),
                        "no template uses the word `\(key)`",
                        hint: nearest.map { "did you mean `\($0)`?" }
                            ?? "the words are those of the theme's i18n/en.yml (`linky-site theme eject` copies it)"))
            }
        }
        return (words, diagnostics)
    }

    private static let exampleHint = "see the theme's i18n/en.yml (`linky-site theme eject` copies it) for the layout"

    /// A mapping's entries with the line of each key.
    private static func submapping(_ node: Node, _ mapping: YAMLMapping) -> [(String, Node, Int)]? {
        guard case .mapping(let pairs) = node else { return nil }
        return pairs.map { ($0.key.string ?? "\($0.key)", $0.value, mapping.line(of: $0.key)) }
    }

    private static func retagged(_ diagnostic: Diagnostic) -> Diagnostic {
        var diagnostic = diagnostic
        if diagnostic.code != .nestedTooDeep { diagnostic.code = .invalidTranslations }
        return diagnostic
    }
}
