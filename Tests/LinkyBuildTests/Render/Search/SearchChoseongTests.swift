import Foundation
import Testing

@testable import LinkyBuild

/// Hangul initial-consonant search against toss/es-hangul's own cases (`Tests/Fixtures/es-hangul`, MIT):
/// a query word of consonants only finds a title or tag whose initial consonants hold it anywhere,
/// inside a word or across words, as `choseongIncludes` does, and ranks below a match at a word's start.
@Suite struct SearchChoseongTests {
    struct Cases: Decodable {
        struct Includes: Decodable, CustomTestStringConvertible {
            var text: String
            var query: String
            var found: Bool
            var testDescription: String { "choseongIncludes(\(text), \(query)) == \(found)" }
        }
        struct Choseong: Decodable, CustomTestStringConvertible {
            var text: String
            var choseong: String
            var testDescription: String { "getChoseong(\(text)) == \(choseong)" }
        }
        var choseongIncludes: [Includes]
        var getChoseong: [Choseong]
    }

    static let cases: Cases = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appending(path: "../../../Fixtures/es-hangul/choseong-cases.json").standardizedFileURL
        do {
            return try JSONDecoder().decode(Cases.self, from: Data(contentsOf: file))
        } catch {
            fatalError("\(file.path): \(error)")
        }
    }()

    @Test(arguments: cases.getChoseong)
    func phraseInitialsAreGetChoseongWithoutSpaces(_ example: Cases.Choseong) {
        #expect(SearchText.phraseInitials(example.text).string == example.choseong.filter { $0 != " " })
    }

    /// Each case's text as a link's title, and as a tag of a link whose title is English: the index
    /// finds it for every word of the query (as the page looks words up) exactly when es-hangul does.
    @Test(arguments: cases.choseongIncludes)
    func choseongIncludesCasesAreFound(_ example: Cases.Includes) {
        let texts = Array(Set(Self.cases.choseongIncludes.map(\.text))).sorted()
        let index = SearchIndexDocument(
            categories: [], tags: texts,
            links: texts.indices.flatMap { n in
                [
                    SearchIndexDocument.LinkEntry(
                        title: texts[n], url: "https://example.com/\(n)", domain: "example.com", category: 0),
                    .init(
                        title: "Tagged", url: "https://example.com/t\(n)", domain: "example.com", tags: [n], category: 0
                    ),
                ]
            })
        let shards = SearchShards(index)
        let spaces = shards.termSpaces()
        let terms = SearchText.words(example.query)
        let n = texts.firstIndex(of: example.text)!
        for (link, field) in [(2 * n, 0), (2 * n + 1, 1)] {
            let found =
                !terms.isEmpty
                && terms.allSatisfy { term in
                    Self.links(shards.matches(term, spaces)).contains { $0.link == link && $0.field == field }
                }
            #expect(found == example.found, "link \(link)")
        }
    }

    /// ㄱ: at a word's start in 가게 (title and tag) and 과자, inside 사과 (title and tag); ㄱㄱ across
    /// 한국 과자 — each in its
    /// precomputed result with its code, and the inside and across ones scored below the word starts.
    @Test func insideAndAcrossRankBelowAWordsStart() {
        let index = SearchIndexDocument(
            categories: [], tags: ["사과", "가게"],
            links: [
                .init(title: "가게", url: "https://example.com/0", domain: "example.com", category: 0),
                .init(title: "사과", url: "https://example.com/1", domain: "example.com", category: 0),
                .init(title: "English", url: "https://example.com/2", domain: "example.com", tags: [0], category: 0),
                .init(title: "English", url: "https://example.com/3", domain: "example.com", tags: [1], category: 0),
                .init(title: "한국 과자", url: "https://example.com/4", domain: "example.com", category: 0),
                .init(
                    title: "Other", url: "https://example.com/5", domain: "example.com", description: "사과", category: 0),
            ])
        let shards = SearchShards(index)
        var terms = shards.termSpaces()
        // Every key its own shard, so that ㄱ and ㄱㄱ need more than `aggregateAbove` shards.
        for name in [SearchTermSpace.Name.words, .inside, .consonants, .phrases] {
            switch name {
            case .words: terms.words.cut(target: 1) { _ in 1 }
            case .inside: terms.inside.cut(target: 1) { _ in 1 }
            case .consonants: terms.consonants.cut(target: 1) { _ in 1 }
            default: terms.phrases.cut(target: 1) { _ in 1 }
            }
        }
        terms.aggregates = shards.aggregates(&terms)
        func result(_ key: String) -> [Int: Int] {
            let entry = terms.aggregates.entries.first { $0.key == Array(key.utf16) }
            guard let entry else { return [:] }
            var id = 0
            var codes: [Int: Int] = [:]
            for posting in SearchShardTests.decoded(terms.aggregatePostings[entry.item]) {
                id += posting >> 4
                codes[id] = posting & 15
            }
            return codes
        }
        // Title start (quality 3), title inside (11), tag inside (15), tag start (4 | 3); never a description.
        #expect(result("ㄱ") == [0: 3, 1: 11, 2: 15, 3: 7, 4: 3])
        // ㄱㄱ: 가게 at its start (title and tag), 한국 과자 across its words.
        #expect(result("ㄱㄱ") == [0: 3, 3: 7, 4: 11])
        let value = SearchShards.value
        #expect(value(11) < value(3) && value(15) < value(7) && value(11) > value(7))
        #expect(value(11) == 8 * Double(Float(0.4)) && value(15) == 4 * Double(Float(0.4)))
    }

    /// The links and fields of `matches`, as the page counts them: initial consonants in titles and tags only.
    private static func links(
        _ matches: [(postings: [UInt32], quality: SearchShards.Quality)]
    ) -> [(
        link: Int, field: Int
    )] {
        matches.flatMap { match in
            match.postings.flatMap { posting in
                (0..<4).filter { posting & (1 << $0) != 0 && (match.quality.rawValue < 3 || $0 < 2) }
                    .map { (Int(posting >> 4), $0) }
            }
        }
    }
}
