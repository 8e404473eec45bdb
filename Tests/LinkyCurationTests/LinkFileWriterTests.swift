import Foundation
import LinkyBuild
import LinkyCuration
import LinkyModel
import Testing

@Suite struct LinkFileWriterTests {
    /// Writes a link as `add` does: a name no file has, then the file through a `SiteTransaction`.
    static func write(_ link: NewLink, in folder: String, site: URL) throws -> URL {
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        var taken: Set<String> = []
        let path = LinkFileWriter.availablePath(
            for: LinkFileWriter.fileName(for: link), in: folder, siteFolder: site, taken: &taken)
        try SiteTransaction.commit(
            [.init(path: path, kind: .create, bytes: Array(LinkFileWriter.text(for: link).utf8))], in: site)
        return site.appending(path: path)
    }

    @Test(arguments: [
        "Plain title", "\"Quoted\": 제목 #1", "- starts with a dash", "yes", "2024", "null", "0o17", "1e3", "a: b",
        "[not a list]",
        "  spaced   out  ", "@handle's `code` & <tags>", "한글 제목 — 설명",
        // Outside the Basic Multilingual Plane, which libyaml escapes (`\U0001F37A`): written as itself.
        "🍺 IceBeer", "\u{1F9D1}\u{200D}\u{1F4BB} dev 𠮷", "a \\U0001F37A b \\\\U0001F37A",
    ])
    func anyTitleReadsBackAsWritten(title: String) async throws {
        let site = FileManager.default.temporaryDirectory.appending(path: "linky-writer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        let link = NewLink(
            url: try LinkURL(parsing: "https://example.com/경로?q=1"), title: title,
            tags: ["swift", "C++", "맛집", "a, b", "#hash", "100", "true"], date: "2026-11-21",
            description: "Line one\nline two: yes",
            image: try LinkURL(parsing: "https://example.com/og.png"), favorite: true, draft: false,
            note: "A **note**.", extra: [("toread", "true")])
        let file = try Self.write(link, in: "links/reading", site: site)
        #expect(file.lastPathComponent == Slug.make(title) + ".md")
        let text = try String(contentsOf: file, encoding: .utf8)
        if title.unicodeScalars.contains(where: { $0.value > 0xFFFF }) {
            #expect(!text.contains("\\U000"), "\(text)")
            #expect(text.contains(title.unicodeScalars.first { $0.value > 0xFFFF }.map(String.init) ?? ""), "\(text)")
        }
        let report = await SiteBuilder().build(
            {
                var options = BuildOptions(siteFolder: site)
                options.writeOutput = false
                return options
            }())
        #expect(!report.diagnostics.containsErrors, "\(report.diagnostics)")
        let built = try #require(report.site?.links.first)
        #expect(built.title == title.collapsingWhitespace)
        #expect(built.url.absoluteString == "https://example.com/%EA%B2%BD%EB%A1%9C?q=1")
        // The build drops a tag's leading `#`.
        #expect(
            built.tags.map { report.site!.tags[$0].name } == ["swift", "C++", "맛집", "a, b", "hash", "100", "true"])
        #expect(built.date?.isoDay == "2026-11-21")
        #expect(built.description == "Line one line two: yes")
        #expect(built.favorite)
        #expect(built.note != nil)
        #expect(built.extra["toread"] != nil)
    }

    @Test func neverOverwritesAndNumbersTheNextFile() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "linky-writer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = NewLink(url: try LinkURL(parsing: "https://example.com/"), title: "Same")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "mine".write(to: folder.appending(path: "same.md"), atomically: true, encoding: .utf8)
        let second = try Self.write(link, in: ".", site: folder)
        let third = try Self.write(link, in: ".", site: folder)
        #expect(second.lastPathComponent == "same-2.md")
        #expect(third.lastPathComponent == "same-3.md")
        #expect(try String(contentsOf: folder.appending(path: "same.md"), encoding: .utf8) == "mine")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["same-2.md", "same-3.md", "same.md"])
    }
}

@Suite struct LinkFileWriterYAMLTests {
    @Test func valuesOtherYAMLToolsWouldMistakeAreQuoted() throws {
        let link = NewLink(
            url: try LinkURL(parsing: "https://ko.wikipedia.org/wiki/한글"), title: "yes",
            tags: ["2024", "null", "swift"],
            extra: [("toread", "true")])
        let text = LinkFileWriter.text(for: link)
        #expect(text.contains("url: https://ko.wikipedia.org/wiki/한글\n"), "Hangul paths stay readable")
        #expect(text.contains("title: \"yes\"\n"))
        #expect(text.contains("tags: [\"2024\", \"null\", swift]\n"))
        #expect(text.contains("toread: \"true\"\n"))
    }

    @Test func idnHostsAreWrittenInUnicodeAndReadBackAsPunycode() throws {
        let url = try LinkURL(parsing: "https://한글.kr/경로")
        let text = LinkFileWriter.text(for: NewLink(url: url, title: "IDN"))
        #expect(text.contains("url: https://한글.kr/경로\n"))
        #expect(url.absoluteString == "https://xn--bj0bj06e.kr/%EA%B2%BD%EB%A1%9C")
    }
}
