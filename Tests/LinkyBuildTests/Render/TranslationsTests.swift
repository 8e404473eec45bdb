import Foundation
import LinkyModel
import LinkyTheme
import Testing

@testable import LinkyBuild

/// The theme's words as data (`Templates/default/i18n/<language>.yml`): every shipped language
/// complete, a site's words over the theme's, and an unknown language said.
struct TranslationsTests {
    static let shipped = DefaultTheme.files.keys.compactMap(SiteLoader.translationLanguage).sorted()

    static func parsed(_ language: String) -> (TranslationsParser.File, [Diagnostic]) {
        let text = String(decoding: DefaultTheme.files["i18n/\(language).yml"]!, as: UTF8.self)
        return TranslationsParser.parse(SourceFile(path: "i18n/\(language).yml", text: text))
    }

    static func placeholders(_ text: String) -> Set<String> {
        var names = Set<String>()
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    @Test func theSevenLanguagesAreShipped() {
        #expect(Self.shipped == ["de", "en", "es", "fr", "ja", "ko", "zh-Hans"])
    }

    @Test(arguments: shipped) func everyShippedLanguageIsComplete(_ language: String) {
        let (english, _) = Self.parsed("en")
        let (file, diagnostics) = Self.parsed(language)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let missing = Set(english.texts.keys).subtracting(file.texts.keys).sorted()
        let extra = Set(file.texts.keys).subtracting(english.texts.keys).sorted()
        #expect(missing.isEmpty, "\(language) lacks \(missing)")
        #expect(extra.isEmpty, "\(language) has words no template uses: \(extra)")
        #expect(file.months?.count == 12)
        #expect(file.dayFormat?.contains("{day}") == true && file.monthFormat != nil)
        for (key, text) in file.texts {
            let wanted = Self.placeholders(english.texts[key] ?? "")
            #expect(Self.placeholders(text) == wanted, "\(language) \(key): \(text)")
        }
        // A word said of a number has every form the language's plural rules choose from.
        for key in english.plurals.keys {
            let forms = file.plurals[key].map { Set($0.keys) } ?? [.other]
            let needed = Set(PluralRules.categories(of: language))
            #expect(needed.isSubset(of: forms), "\(language) \(key) needs \(needed.sorted()), has \(forms.sorted())")
            for text in file.plurals[key]?.values.map({ $0 }) ?? [file.texts[key] ?? ""] {
                #expect(text.contains("{count}"), "\(language) \(key): \(text)")
            }
        }
    }

    /// Every word the default templates look up is in en.yml, and every word of en.yml is looked up by
    /// a template or by the renderer (page titles, counts, the search script's words).
    @Test func theEnglishWordsAreExactlyThoseUsed() throws {
        let (english, _) = Self.parsed("en")
        let pattern = try Regex(#"\bt\.([a-z_]+)"#)
        var used = Set([
            "page_number", "week_title", "tags", "archive", "search", "broken_links", "not_found", "search_results",
        ])
        used.formUnion(["links", "categories_count", "tags_count", "save_button", "save_top"])
        // What a tag past `tag_pages` says of its pages (TagPage).
        used.formUnion(["tag_pages_cut", "show_all"])
        // The list filters' words, said by assets/list.js (TemplateContext.listWords).
        used.formUnion(["filter_results", "filter_none", "show_more", "filter_load_error"])
        for (path, data) in DefaultTheme.files where path.hasSuffix(".mustache") {
            for match in String(decoding: data, as: UTF8.self).matches(of: pattern) {
                used.insert(String(match.output[1].substring!))
            }
        }
        #expect(used.subtracting(english.texts.keys).sorted() == [])
        #expect(Set(english.texts.keys).subtracting(used).sorted() == [])
    }

    @Test func numbersPluralsAndDays() {
        var words = Words(language: "es", texts: ["links": "{count} enlaces"], digitGroup: ".", minimumGrouping: 2)
        words.plurals["links"] = [.one: "{count} enlace", .many: "{count} de enlaces", .other: "{count} enlaces"]
        #expect(words.counted("links", 1) == "1 enlace")
        #expect(words.counted("links", 1234) == "1234 enlaces")
        #expect(words.counted("links", 12_345) == "12.345 enlaces")
        #expect(words.counted("links", 2_000_000) == "2.000.000 de enlaces")
        #expect(PluralRules.category(of: 0, language: "fr") == .one)
        #expect(PluralRules.category(of: 0, language: "de") == .other)
        #expect(PluralRules.category(of: 22, language: "ru") == .few)
        #expect(PluralRules.category(of: 1, language: "ko") == .other)
        let korean = Words(language: "ko", dayFormat: "{year}년 {month_number}월 {day}일")
        #expect(korean.day(LinkDate(parsing: "2024-05-01")!) == "2024년 5월 1일")
    }

    @Test func aGermanSiteWithTwoWordsOfItsOwn() async throws {
        let site = try TestSite([
            "linky.yml": "title: Lesezeichen\nlanguage: de\n",
            "i18n/de.yml":
                "words:\n  tags: Stichwörter\n  links:\n    one: \"{count} Verweis\"\n    other: \"{count} Verweise\"\n",
            "links/swift/a.md": "---\nurl: https://swift.org\ntitle: Swift\ndate: 2024-05-01\ntags: [lang]\n---\n",
            "links/b.md": "---\nurl: https://example.org/b\ntitle: B\ndate: 2024-03-09\n---\n",
        ])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .success, "\(report.diagnostics)")
        #expect(report.diagnostics.filter { $0.code != .missingBaseURL }.isEmpty, "\(report.diagnostics)")
        let home = try site.read("index.html")
        #expect(home.contains("<html lang=\"de\""))
        #expect(home.contains(">Stichwörter</a>"))  // the site's word
        #expect(!home.contains(">Schlagwörter</a>"))
        #expect(home.contains("<strong>2</strong> Verweise"))  // the site's plural
        #expect(home.contains("<strong>1</strong> Kategorie<"))  // the theme's German, singular
        #expect(home.contains(">1. Mai 2024</time>"))
        #expect(home.contains(">Archiv</a>") && home.contains(">Drucken</a>"))
        for english in [">Tags</a>", ">Archive</a>", ">Print</a>", "Skip to content", "Recently added", " links<"] {
            #expect(!home.contains(english), "English left: \(english)")
        }
        let search = try site.read("search/index.html")
        #expect(search.contains("Sammlung durchsuchen"))
        #expect(search.contains("&quot;day&quot;:&quot;{day}. {month} {year}&quot;"))
        #expect(try site.read("archive/2024/index.html").contains("März 2024"))
    }

    @Test func anUnknownLanguageIsSaidAndStaysEnglish() async throws {
        let site = try TestSite([
            "linky.yml": "title: T\nlanguage: xx\n",
            "links/a.md": "---\nurl: https://example.org/a\ntitle: A\n---\n",
        ])
        defer { site.remove() }
        let report = await site.build()
        let warning = try #require(report.diagnostics.first { $0.code == .unknownLanguage })
        #expect(warning.location == SourceLocation(path: "linky.yml", line: 2))
        #expect(warning.hint?.contains("de, en, es, fr, ja, ko, zh-Hans") == true)
        #expect(try site.read("index.html").contains(">Archive</a>"))
        let strict = await site.build(strict: true)
        #expect(strict.outcome == .contentErrors)
    }

    @Test func aMisspelledWordIsSaidWhereItIs() async throws {
        let site = try TestSite([
            "linky.yml": "title: T\nlanguage: ko\n",
            "i18n/ko.yml": "words:\n  archiv: 모음\n  tags:\n    few: x\n",
            "links/a.md": "---\nurl: https://example.org/a\ntitle: A\n---\n",
        ])
        defer { site.remove() }
        let report = await site.build()
        let unknown = try #require(report.diagnostics.first { $0.message.contains("`archiv`") })
        #expect(unknown.location == SourceLocation(path: "i18n/ko.yml", line: 2))
        #expect(unknown.hint == "did you mean `archive`?")
        #expect(report.diagnostics.contains { $0.severity == .error && $0.location?.line == 3 })
    }
}
