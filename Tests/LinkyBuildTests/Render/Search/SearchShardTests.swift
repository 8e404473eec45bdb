import Foundation
import Testing

@testable import LinkyBuild

/// The sharded search index: its words are the page's words, its key ranges find every prefix, a small
/// site is one file and a larger one is cut into shards that together hold the whole index.
@Suite struct SearchShardTests {
    /// What `words()` of search.js gives for each (checked with node).
    @Test(arguments: [
        ("Crème Brûlée at Café Noël", ["creme", "brulee", "at", "cafe", "noel"]),
        ("ΟΔΟΣ ΟΔΟΣ.", ["οδος", "οδος"]),  // JavaScript's final sigma
        ("\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF} 위키백과", ["한글", "위키백과"]),  // NFD input
        ("Swift's async/await (2024)", ["swift", "s", "async", "await", "2024"]),
        ("İstanbul", ["istanbul"]),  // NFD splits off the dot, which goes with the accents
        ("ﬁle Straße ǅ", ["ﬁle", "straße", "ǆ"]),  // lower case, not case folding
        ("①②③ Ⅻ x²", ["①②③", "ⅻ", "x²"]),  // \p{N} includes other numbers
        ("C++ & Rust_lang", ["c", "rust", "lang"]),
    ])
    func wordsAreThePagesWords(_ text: String, _ expected: [String]) {
        #expect(SearchText.words(text).map(\.string) == expected)
    }

    /// `words()` before its fast paths (ASCII and Hangul without property lookups, ASCII lowered
    /// inline): every scalar through the property lookup and the whole text through `lowercased()`,
    /// the reference the fast paths must match on every scalar.
    static func referenceWords(_ text: String) -> [[UInt16]] {
        let folded =
            text.unicodeScalars.allSatisfy(SearchText.foldsToItself) ? text.lowercased() : SearchText.fold(text)
        var result: [[UInt16]] = []
        var current: [UInt16] = []
        for scalar in folded.unicodeScalars {
            if SearchText.isWordScalar(scalar) {
                current.append(contentsOf: String(scalar).utf16)
            } else if !current.isEmpty {
                result.append(current)
                current = []
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    @Test func wordsMatchTheReferenceOnEveryScalar() {
        // Each scalar between ASCII letters and between Hangul, so it joins, ends or splits words.
        let scalars = (0..<0x3_0000).compactMap(Unicode.Scalar.init)
        for chunk in stride(from: 0, to: scalars.count, by: 256) {
            for glue in ["aB", "한Z"] {
                var text = glue
                for scalar in scalars[chunk..<min(chunk + 256, scalars.count)] {
                    text.unicodeScalars.append(scalar)
                    text += glue
                }
                #expect(SearchText.words(text) == Self.referenceWords(text))
            }
        }
        for sample in ["한글 ABC 위키", "서울 Café", "ㄱㄴ Ｈello－", "𝐀𝐁 😀 漢字 ＡＢ", "ΟΔΟΣ 한", "x²・y"] {
            #expect(SearchText.words(sample) == Self.referenceWords(sample), "\(sample)")
        }
    }

    @Test func keyRangesFindEveryPrefix() {
        let keys = ["a", "ab", "abc", "abd", "b", "ba", "bb", "c", "가나", "가다", "나"].map { Array($0.utf16) }
        var space = SearchTermSpace(keys.enumerated().map { .init(key: $0.element, item: $0.offset) })
        space.cut(target: 1) { _ in 1 }
        #expect(space.shardCount == keys.count)
        for key in keys {
            for length in 1...key.count {
                let prefix = Array(key.prefix(length))
                let range = space.shards(forPrefix: prefix)
                let found = range.flatMap { space.entries[space.shardEntries($0)] }.filter { $0.key.hasPrefix(prefix) }
                #expect(found.count == keys.filter { $0.hasPrefix(prefix) }.count, "\(prefix.string)")
            }
        }
        #expect(SearchTermSpace.separator(after: Array("abc".utf16), before: Array("abd".utf16)).string == "abd")
        #expect(SearchTermSpace.separator(after: Array("ab".utf16), before: Array("abcd".utf16)).string == "abc")
        #expect(SearchTermSpace.separator(after: Array("apple".utf16), before: Array("banana".utf16)).string == "b")
    }

    @Test func aSmallSiteIsOneFile() async throws {
        let site = try TestSite([
            "links/a.md": TestSite.link(url: "https://example.com/a", title: "스위프트 동시성", tags: "[swift]"),
            "links/b.md": TestSite.link(url: "https://example.com/b", title: "Rust async", tags: "[rust]"),
        ])
        defer { site.remove() }
        #expect(await site.build().outcome == .success)
        let files = try FileManager.default.contentsOfDirectory(atPath: site.output.appending(path: "search/data").path)
        #expect(files == ["manifest.js"])
        let manifest = try shard(site, "manifest")
        let inline = try #require(manifest["inline"] as? [String: Any])
        #expect(Set(inline.keys).isSuperset(of: ["w0", "i0", "c0", "p0", "a0", "b0", "r0", "t0", "k0", "tags"]))
        #expect((inline["tags"] as? [String: Any])?["names"] as? [String] == ["rust", "swift"])
        let words = try #require(inline["w0"] as? [String: Any])
        #expect((words["keys"] as? [String])?.contains("스위프트") == true)
        let consonants = try #require(inline["c0"] as? [String: Any])
        #expect((consonants["keys"] as? [String])?.contains("ㅅㅇㅍㅌ") == true)
        // Every tail of the title's initial consonants, across its two words.
        let phrases = try #require(inline["p0"] as? [String: Any])
        #expect((phrases["keys"] as? [String]) == ["ㄷㅅㅅ", "ㅅ", "ㅅㅅ", "ㅅㅇㅍㅌㄷㅅㅅ", "ㅇㅍㅌㄷㅅㅅ", "ㅌㄷㅅㅅ", "ㅍㅌㄷㅅㅅ"])
        #expect(phrases["words"] == nil)
    }

    @Test func aLargerSiteIsShardedAndTheShardsHoldTheWholeIndex() async throws {
        let vocabulary =
            (0..<400).map { "w\(String($0, radix: 36))x" } + ["apple", "apricot", "avocado", "가나다", "나눔글꼴"]
        var files: [String: String] = [:]
        for number in 0..<1_500 {
            let words = (0..<40).map { vocabulary[($0 * 7919 + number * 104_729) % vocabulary.count] }
            files["links/c\(number % 7)/l\(number).md"] = TestSite.link(
                url: "https://example.com/\(number)", title: words.prefix(4).joined(separator: " "),
                tags: "[t\(number % 11)]", extra: "description: \(words.dropFirst(4).joined(separator: " "))\n")
        }
        let site = try TestSite(files)
        defer { site.remove() }
        #expect(await site.build().outcome == .success)
        let manifest = try shard(site, "manifest")
        #expect(manifest["inline"] == nil)
        #expect(manifest["links"] as? Int == 1_500)
        let terms = try #require(manifest["terms"] as? [String: [String]])
        let separators = try #require(terms["w"])
        #expect(separators.count > 1)

        // Every word is in the shard its key range names, and the shards hold each link's words.
        var linksWithApple = Set<Int>()
        for (number, first) in separators.enumerated() {
            let data = try shard(site, "w\(number)")
            let keys = try #require(data["keys"] as? [String])
            let postings = try #require(data["postings"] as? [String]).map(Self.decoded)
            #expect(keys.allSatisfy { Array($0.utf16).lexicographicallyPrecedes(Array(first.utf16)) == false })
            if number + 1 < separators.count {
                let next = Array(separators[number + 1].utf16)
                #expect(keys.allSatisfy { Array($0.utf16).lexicographicallyPrecedes(next) })
            }
            if let at = keys.firstIndex(of: "apple") {
                var id = 0
                for posting in postings[at] {
                    id += posting >> 4
                    linksWithApple.insert(id)
                }
            }
        }
        let index = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: site.output.appending(path: "search-index.json")))
                as? [String: Any])
        let links = try #require(index["links"] as? [[String: Any]])
        let expected = links.indices.filter { id in
            ["t", "s"].contains { (links[id][$0] as? String)?.split(separator: " ").contains("apple") == true }
        }
        #expect(!expected.isEmpty && linksWithApple == Set(expected))

        // Result shards cover every link once; precomputed results exist for words spanning shards.
        let results = try #require(manifest["results"] as? [String: Int])
        let size = try #require(results["size"])
        #expect(results["count"] == (1_500 + size - 1) / size)
        let last = try shard(site, "r\(results["count"]! - 1)")
        #expect(last["first"] as? Int == (results["count"]! - 1) * size)
        let wShards = separators.filter { $0.hasPrefix("w") }.count + 1
        #expect(wShards > 2, "\(separators)")
        let aggregates = try shard(site, "a0")
        let aggregateKeys = try #require(aggregates["keys"] as? [String])
        #expect(aggregateKeys.contains("w"))

        // The `b` space holds, for every precomputed word, its count and its best 200 in rank order:
        // score (weight × quality), then id, as search.js ranks the whole result.
        let bestSeparators = try #require(terms["b"])
        let best = try shard(site, "b\(bestSeparators.lastIndex { !"w".utf16.lexicographicallyPrecedes($0.utf16) }!)")
        let bestKeys = try #require(best["keys"] as? [String])
        let at = try #require(bestKeys.firstIndex(of: "w"))
        var id = 0
        let whole = try #require(aggregates["postings"] as? [String])[aggregateKeys.firstIndex(of: "w")!]
        let ranked = Self.decoded(whole).map { posting -> (id: Int, code: Int) in
            id += posting >> 4
            return (id, posting & 15)
        }.sorted { a, b in
            score(a.code) != score(b.code) ? score(a.code) > score(b.code) : a.id < b.id
        }
        #expect((best["totals"] as? [Int])?[at] == ranked.count)
        #expect(ranked.count > 200)
        let shown = Self.decoded(try #require(best["best"] as? [String])[at])
        #expect(shown == ranked.prefix(200).map { $0.id << 4 | $0.code })
        // The first 8 come as result shards hold them (the result shard of each says the same).
        let firstShown = try #require((best["shown"] as? [[[String: Any]]])?[at])
        #expect(firstShown.count == 8)
        for (rank, link) in firstShown.enumerated() {
            let id = ranked[rank].id
            let resultShard = try shard(site, "r\(id / size)")
            let inShard = try #require((resultShard["links"] as? [[String: Any]])?[id - id / size * size])
            #expect(NSDictionary(dictionary: link).isEqual(to: inShard), "rank \(rank), link \(id)")
            for tag in link["g"] as? [Int] ?? [] {
                #expect((best["tags"] as? [String: String])?[String(tag)] == (index["tags"] as? [String])?[tag])
            }
        }

        // The tag filter's names, by id.
        let tagNames = try shard(site, "tags")
        #expect(tagNames["names"] as? [String] == index["tags"] as? [String])
        #expect((tagNames["names"] as? [String])?.count == 11)
    }

    /// search.js's score of an `a` posting's low bits: weight of the field × quality (as a 32-bit float).
    private func score(_ code: Int) -> Double {
        [8.0, 4, 2, 1][code >> 2] * Double([Float(1.25), 1, 0.6, 0.5][code & 3])
    }

    @Test func numbersAreShortStrings() {
        #expect(SearchNumbers.string([16, 32, 0, 1_600_015]) == "QgBA" + SearchNumbers.string([1_600_015]))
        #expect(
            Self.decoded(SearchNumbers.string([0, 31, 32, 1023, 1024, 1_600_015, UInt32(Int32.max)]))
                == [0, 31, 32, 1023, 1024, 1_600_015, Int(Int32.max)])
        #expect(
            Self.decoded(SearchNumbers.postings([3 << 4 | 1, 4 << 4 | 9, 100 << 4])) == [
                3 << 4 | 1, 1 << 4 | 9, 96 << 4,
            ])
        #expect(Self.decoded(SearchNumbers.deltas([2, 5, 6])) == [2, 3, 1])
    }

    /// `numbers()` of search.js (SearchChoseongTests reads postings with it too).
    static func decoded(_ text: String) -> [Int] {
        var out: [Int] = []
        var value = 0
        var shift = 0
        for byte in text.utf8 {
            let digit = SearchNumbers.alphabet.firstIndex(of: byte)!
            value |= (digit & 31) << shift
            if digit & 32 != 0 {
                shift += 5
            } else {
                out.append(value)
                value = 0
                shift = 0
            }
        }
        return out
    }

    private func shard(_ site: TestSite, _ name: String) throws -> [String: Any] {
        let text = try site.read("search/data/\(name).js")
        #expect(text.hasPrefix("linkySearchShard(\"\(name)\",") && text.hasSuffix(");\n"))
        let json = text[text.index(after: text.firstIndex(of: ",")!)..<text.lastIndex(of: ")")!]
        return try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }
}
