import Foundation
import LinkyModel
import LinkyTheme

extension SiteLoader {
    /// The folders translation files are read from, lowest first: the built-in theme's (compiled in),
    /// a site's own theme (`templates/i18n/`), the site's words (`i18n/`).
    static let translationFolders = ["templates/i18n", "i18n"]

    /// The theme's words in `language`: English's files, then the language's, each layer of
    /// `translationFolders` over the built-in theme's. A language nothing has words for is a warning
    /// (at `language:` in `config`) naming those there are; the words stay English.
    func loadWords(language: String, config: SourceFile?) -> (words: Words, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var available = Self.builtInLanguages
        for folder in Self.translationFolders {
            available.formUnion(listFiles(folder).compactMap { Self.translationLanguage("i18n/\($0)") })
        }
        let chosen = Self.chosenLanguage(language, among: available)
        if chosen == nil {
            let line = config.flatMap { Self.line(of: "language", in: $0.text) }
            diagnostics.append(
                .warning(
                    .unknownLanguage, at: SourceLocation(path: config?.path ?? "linky.yml", line: line),
                    "there are no words for the language `\(language)`, so the theme's words stay English",
                    hint: "the languages there are: \(available.sorted().joined(separator: ", ")); "
                        + "or write the words in i18n/\(language).yml (`linky-site theme eject` copies en.yml to start from)"
                ))
        }
        var files: [(source: SourceFile, file: TranslationsParser.File)] = []
        for name in ["en"] + (chosen.map { $0 == "en" ? [] : [$0] } ?? []) {
            if let builtIn = name == "en" ? Self.builtInEnglishTranslation : Self.builtInTranslation(name) {
                files.append(builtIn)
            }
            for folder in Self.translationFolders {
                let relative = "\(folder)/\(name).yml"
                guard let source = readIfPresent(relative, &diagnostics) else { continue }
                let (file, problems) = TranslationsParser.parse(source)
                diagnostics += problems
                files.append((source, file))
            }
        }
        // The words the theme has are the built-in English's.
        let known = Set(Self.builtInEnglishTranslation?.file.texts.keys ?? [:].keys)
        let (words, problems) = TranslationsParser.words(
            language: chosen == nil ? "en" : language, files: files, known: known)
        return (words, diagnostics + problems.filter { !($0.location?.path.hasPrefix("(built-in)") ?? false) })
    }

    /// The built-in theme's languages: the names of its `i18n/*.yml` files.
    static let builtInLanguages = Set(DefaultTheme.files.keys.compactMap(translationLanguage))

    /// The built-in English, parsed once a process: every build lays the others over it, and `serve`
    /// builds again and again.
    static let builtInEnglishTranslation = builtInTranslation("en")

    /// A built-in translation file, parsed.
    static func builtInTranslation(_ name: String) -> (source: SourceFile, file: TranslationsParser.File)? {
        guard let data = DefaultTheme.files["i18n/\(name).yml"] else { return nil }
        let source = SourceFile(path: "(built-in) i18n/\(name).yml", text: String(decoding: data, as: UTF8.self))
        return (source, TranslationsParser.parse(source).0)
    }

    /// `i18n/de.yml` → `de`; nil for other paths.
    static func translationLanguage(_ path: String) -> String? {
        guard path.hasPrefix("i18n/"), path.hasSuffix(".yml") else { return nil }
        let name = path.dropFirst("i18n/".count).dropLast(".yml".count)
        return name.isEmpty || name.contains("/") ? nil : String(name)
    }

    /// The file name for `language`: the same name in any case, else one of the same base language
    /// (`zh-CN` → `zh-Hans`, `de-AT` → `de`, `ko-KR` → `ko`).
    static func chosenLanguage(_ language: String, among available: Set<String>) -> String? {
        if let exact = available.first(where: { $0.lowercased() == language.lowercased() }) { return exact }
        let base = PluralRules.base(language)
        return available.sorted().first { PluralRules.base($0) == base }
    }

    /// The line of a top-level `key:` in a YAML text.
    static func line(of key: String, in text: String) -> Int? {
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            if line.hasPrefix("\(key):") { return number }
        }
        return nil
    }

    /// The names of the files in a folder of the site, when it exists.
    private func listFiles(_ folder: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: siteFolder.appending(path: folder).path)) ?? []
    }
}

extension Words {
    /// The built-in theme's English, for a site model made without the load stage (tests, tools).
    static let builtInEnglish: Words =
        TranslationsParser.words(
            language: "en", files: SiteLoader.builtInEnglishTranslation.map { [$0] } ?? [], known: []
        ).0
}
