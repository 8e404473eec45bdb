import Foundation
import LinkyModel
import LinkyTestSupport
import Testing

@testable import LinkyBuild

/// `links.json`, `search-index.json` and every search shard, written by `JSONText` and by
/// Foundation's `JSONEncoder` (the reference) from the same site: the bytes must be the same.
@Suite struct JSONTextTests {
    @Test(arguments: ["Examples/reading-list", "Examples/awesome"])
    func examplesEncodeAlike(_ example: String) async throws {
        try await compare(repositoryRoot.appending(path: example))
    }

    /// Escapes, every control character, Hangul, emoji, slashes, and extra values of every kind.
    @Test func awkwardTextAndExtrasEncodeAlike() async throws {
        let controls = (1..<0x20).filter { $0 != 0x0A && $0 != 0x0D }.map { String(UnicodeScalar(UInt8($0))) }
        var files: [String: String] = [
            "linky.yml": "title: \"Quotes \\\" and \\\\ back/slash\"\nextra_keys: [rating, meta, flags, empty]\n",
            "links/_index.md": "---\ntitle: 맛집 \"목록\"\ndescription: a/b\n---\n",
        ]
        files["links/a.md"] = TestSite.link(
            url: "https://example.com/a?q=1&r=2#f", title: "Tab\tand \"quotes\" 👩‍💻 한글", tags: "[swift, 맛집]",
            date: "2024-05-06",
            extra: """
                description: back\\\\slash and / slash
                labels: [MIT, Go, "한글 \\"label\\""]
                favorite: true
                rating: 4.5
                meta: {nested: [1, 2.25, -3, 1e20, 0.1, true, null, "x/y"], empty: {}}
                flags: [true, false]
                empty: []

                """,
            note: "Note with\ttab, \"quotes\", \\ and a line\nbreak.\r\n")
        files["links/b.md"] = TestSite.link(
            url: "https://example.org/b", title: "B", extra: "rating: 3\nlabels: [mit, Docker]\n")
        let site = try TestSite(files)
        defer { site.remove() }
        try await compare(site.folder)
        // The controls YAML cannot carry are checked on the writer alone.
        for control in controls + ["\u{7F}", "\u{2028}", "é", "/"] {
            var ours = JSONText(pretty: false)
            ours.string("a" + control + "b")
            let theirs = try DataEncoding.json(["a" + control + "b"], pretty: false)
            #expect(Data("[".utf8) + Data(ours.bytes) + Data("]\n".utf8) == theirs, "\(control.unicodeScalars.first!)")
        }
        for number in [0.1, 1.5, 3, -0.0, 1e20, 1e-7, 123_456_789.125, -2.5e-300, Double.greatestFiniteMagnitude] {
            var ours = JSONText(pretty: false)
            ours.double(number)
            #expect(
                Data("[".utf8) + Data(ours.bytes) + Data("]\n".utf8) == (try DataEncoding.json([number], pretty: false))
            )
        }
    }

    /// A search key written from its UTF-16 code units is the string it decodes to, written as a
    /// `String` is: plain ASCII, Hangul syllables and jamo, two- and three-byte units, a pair of
    /// surrogates, a lone one (cut where a key was shortened), quotes and control characters.
    @Test(arguments: [
        "swift", "맛집", "ㅁㅈ", "é ß ø", "\u{7FF}\u{800}\u{FFFF}", "👩‍💻 a", "say \"hi\"", "back\\slash", "tab\tnew\n\u{1}",
    ])
    func codeUnitsEncodeAsTheirString(_ text: String) {
        let units = Array(text.utf16)
        for key in [units, Array(units.dropLast()), [0xD83D], [0x61, 0xDC69, 0x62]] {
            var ours = JSONText(pretty: false)
            ours.string(utf16: key)
            var theirs = JSONText(pretty: false)
            theirs.string(String(decoding: key, as: UTF16.self))
            #expect(ours.bytes == theirs.bytes, "\(key)")
        }
    }

    @Test func generatedSiteEncodesAlike() async throws {
        let site = try GeneratedSite(links: 2000)
        defer { site.remove() }
        try await compare(site.folder)
    }

    func compare(_ folder: URL) async throws {
        // Prepared, never written: a build that writes holds the output's lock, and tests run in parallel.
        var options = BuildOptions(siteFolder: folder)
        options.writeOutput = false
        let prepared = await SiteBuilder().prepare(options)
        let site = try #require(prepared.site, "\(prepared.report.diagnostics)")
        let context = TemplateContext(site: site)
        let collection = CollectionDocument(context)
        #expect(collection.json(pretty: true) == [UInt8](try DataEncoding.json(collection)))
        #expect(collection.json(pretty: false) == [UInt8](try DataEncoding.json(collection, pretty: false)))
        let index = SearchIndexDocument(context)
        #expect(index.json(pretty: false) == [UInt8](try DataEncoding.json(index, pretty: false)))
        #expect(index.json(pretty: true) == [UInt8](try DataEncoding.json(index, pretty: true)))
        let ours = try SearchShards(index).files()
        let theirs = try SearchShards(index).files(foundation: true)
        #expect(ours.map(\.path) == theirs.map(\.path))
        for (mine, reference) in zip(ours, theirs) where mine.contents != reference.contents {
            Issue.record("\(mine.path) differs")
            return
        }
    }
}
