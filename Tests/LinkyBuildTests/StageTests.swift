import Foundation
import LinkyModel
import Testing

@testable import LinkyBuild

/// Unit tests of the load, parse and plan stages' own pieces.
@Suite struct StageTests {
    // MARK: - Load

    @Test func decodingStripsTheBOMAndNormalisesLineEndingsAndForms() throws {
        let bytes: [UInt8] =
            [0xEF, 0xBB, 0xBF] + Array("a\r\nb\rc\n".utf8) + Array("맛집".decomposedStringWithCanonicalMapping.utf8)
        let text = try TextDecoding.decode(Data(bytes)).get()
        #expect(text == "a\nb\nc\n맛집")
        #expect(text.unicodeScalars.count == 8)
    }

    @Test func decodingNamesTheLineOfBadBytes() {
        #expect(TextDecoding.decode(Data(Array("ok\nok\n".utf8) + [0xC3, 0x28])) == .failure(.invalidUTF8(line: 3)))
        #expect(TextDecoding.decode(Data(Array("one\ntwo\0".utf8))) == .failure(.binary(line: 2)))
    }

    @Test func folderWalkSurvivesSymbolicLinkLoops() throws {
        let site = try TestSite(["links/a/x.md": "x"])
        defer { site.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: site.folder.appending(path: "links/a/loop").path, withDestinationPath: "..")
        var walk = FolderWalk(root: site.folder)
        walk.visit(relative: "links") { $0.hasSuffix(".md") }
        #expect(walk.files == ["links/a/x.md"])
        #expect(walk.diagnostics.contains { $0.message.contains("symbolic link loop") })
    }

    @Test func folderWalkSkipsHiddenAndUnderscoreNamesButNotIndexFiles() throws {
        let site = try TestSite([
            "links/_index.md": "", "links/.git/x.md": "", "links/_drafts/y.md": "", "links/.hidden.md": "",
            "links/c/_index.md": "", "links/c/z.md": "",
        ])
        defer { site.remove() }
        var walk = FolderWalk(root: site.folder)
        walk.visit(relative: "links") { $0.hasSuffix(".md") }
        #expect(walk.files.sorted() == ["links/_index.md", "links/c/_index.md", "links/c/z.md"])
        #expect(walk.folders == ["links", "links/c"])
    }

    // MARK: - Parse

    @Test func frontMatterIsFoundLineByLine() throws {
        let split = try FrontMatter.split("---\ntitle: a --- b\n---  \nbody ---\n---\n").get()
        #expect(split.yaml == "title: a --- b")
        #expect(split.body == "body ---\n---\n")
        #expect(split.bodyFirstLine == 4)
        let none = try FrontMatter.split("no front matter\n---\n").get()
        #expect(none.yaml == nil)
        #expect(FrontMatter.split("---\ntitle: x\n") == .failure(.unterminated))
    }

    @Test(arguments: [
        ("- [Name](https://x.example) - Description. #tag #태그", "Description.", ["tag", "태그"]),
        ("- [Name](https://x.example) — 설명 #맛집", "설명", ["맛집"]),
        ("- [Name](https://x.example): Uses C# and #1 issues", "Uses C# and #1 issues", [String]()),
        ("- [Name](https://x.example)", nil, [String]()),
        // Only #words of the item's plain text are tags: not in code, link text, URLs, escapes or entities.
        (
            "- [Foo](https://foo.example/) - uses `#define` and `#pragma` in C. #real",
            "uses #define and #pragma in C.", ["real"]
        ),
        ("- [Foo](https://foo.example/) - see [#notatag](https://x.example/#frag) #real", "see #notatag", ["real"]),
        ("- [Foo](https://foo.example/) - &#35;entity and \\#escaped #real", "#entity and #escaped", ["real"]),
        (
            "- [Foo](https://foo.example/) - at https://x.example/#anchor #real", "at https://x.example/#anchor",
            ["real"]
        ),
        ("- [Foo](https://foo.example/) - *#emphasised* `x #code` #real", "x #code", ["emphasised", "real"]),
    ])
    func listItemsSplitDescriptionAndTags(line: String, description: String?, tags: [String]) async throws {
        let site = try TestSite(["links/list.md": line + "\n"])
        defer { site.remove() }
        let report = await site.build()
        let link = try #require(report.site?.links.first)
        #expect(link.description == description)
        #expect(link.tags.map { report.site!.tags[$0].name } == tags)
    }

    // MARK: - Plan

    @Test func pagesArePaginatedAndPathsAreRelative() async throws {
        var files = ["linky.yml": "page_size: 2\n"]
        for index in 0..<5 {
            files["links/c/l\(index).md"] = TestSite.link(
                url: "https://x.example/\(index)", title: "L\(index)", tags: "[t]")
        }
        let site = try TestSite(files)
        defer { site.remove() }
        let report = await site.build()
        let built = try #require(report.site)
        let plan = PagePlanner(site: built, assetNames: ["style.css"]).planWithRedirects().files
        let paths = Set(plan.map(\.path))
        #expect(paths.isSuperset(of: ["c/c/index.html", "c/c/page/2/index.html", "c/c/page/3/index.html"]))
        #expect(!paths.contains("c/c/page/4/index.html"))
        #expect(paths.isSuperset(of: ["tags/t/index.html", "tags/t/page/3/index.html", "assets/style.css"]))
        #expect(SitePaths.root(of: "c/c/page/2/index.html") == "../../../../")
        let second = try site.read("c/c/page/2/index.html")
        #expect(second.contains("href=\"../../../../c/c/index.html\""))
        #expect(second.contains("rel=\"next\" href=\"../../../../c/c/page/3/index.html\""))
    }

    @Test func cleanURLsDropIndexHTML() async throws {
        let site = try TestSite([
            "linky.yml": "clean_urls: true\n",
            "links/c/a.md": TestSite.link(url: "https://a.example", title: "A", tags: "[t]", note: "note"),
        ])
        defer { site.remove() }
        #expect(await site.build().outcome == .success)
        let page = try site.read("c/c/index.html")
        #expect(page.contains("href=\"../../tags/t/\""))
        #expect(!page.contains("tags/t/index.html"))
        #expect(try site.read("sitemap.xml").contains("<loc>https://example.com/links/c/c/</loc>"))
    }

    @Test func linksAtTheTopOfTheContentFolderAreOnTheHomePage() async throws {
        let site = try TestSite([
            "links/top.md": TestSite.link(url: "https://top.example", title: "Top link", note: "n")
        ])
        defer { site.remove() }
        #expect(await site.build().outcome == .success)
        #expect(try site.read("index.html").contains("Top link"))
        #expect(site.exists("l/top/index.html"))
    }

    @Test func hostileFolderAndFileNamesStayInsideTheOutput() async throws {
        let site = try TestSite([
            "links/%2e%2e%2F%2e%2e%2Fescape/a.md": TestSite.link(url: "https://a.example", title: "A", note: "n"),
            "links/CON/b.md": TestSite.link(url: "https://b.example", title: "B", note: "n"),
            "links/c/..%2fx.md": TestSite.link(url: "https://c.example", title: "C", note: "n"),
        ])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .success)
        let paths = try filesBelow(site.output).keys
        #expect(paths.allSatisfy { !$0.contains("..") && !$0.hasPrefix("/") })
        #expect(site.exists("c/2e-2e-2f-2e-2e-2fescape/index.html"))
        #expect(site.exists("c/con-\(Slug.nameHash("CON"))/index.html"))
        let parent = try FileManager.default.contentsOfDirectory(atPath: site.folder.path)
        // Only the output and, beside it, the state the next build starts from.
        #expect(Set(parent) == ["links", "_site", "._site.linky-parses", "._site.linky-state"])
    }
}

/// The item cache cuts each item's HTML at the root marker by bytes; Swift's split by `Character` is
/// the reference (the marker is a control character, so no grapheme cluster spans it).
@Suite struct LinkItemSplitTests {
    @Test func cuttingBytesAtTheMarkerMatchesCuttingCharacters() {
        let marker = LinkItemCache.rootMarker
        let samples = [
            "", marker, marker + marker, "<a href=\"\(marker)l/x/\">한글</a>",
            "\(marker)assets/\(marker)", "e\u{301}\(marker)\u{301}after", "👩‍👩‍👧\(marker)👍🏽\(marker)",
            "\r\n\(marker)\r\n", "ᄀ\(marker)ᅡ", "no marker at all",
        ]
        for sample in samples {
            let reference = sample.split(separator: Character(marker), omittingEmptySubsequences: false)
            #expect(LinkItemCache.split(sample) == reference, "\(sample.debugDescription)")
        }
    }
}

/// `xmlEscaped` works on UTF-8 bytes; the reference is the rule written over Unicode scalars.
@Suite struct XMLEscapingTests {
    static func reference(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default:
                if scalar.value < 0x20, scalar != "\t", scalar != "\n", scalar != "\r" { continue }
                if scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    @Test func everyScalarOfThePlanesInUseIsEscapedAsTheReferenceDoes() {
        // Each scalar alone and between text, so runs before and after it are copied right too.
        let scalars = (0..<0x3_0000).compactMap(Unicode.Scalar.init)
        for chunk in stride(from: 0, to: scalars.count, by: 512) {
            var text = "a"
            for scalar in scalars[chunk..<min(chunk + 512, scalars.count)] {
                text.unicodeScalars.append(scalar)
                text += "b"
            }
            #expect(text.xmlEscaped == Self.reference(text))
        }
        for sample in [
            "", "plain", "한글 제목", "\u{FFFE}", "\u{FFFF}x", "x\u{FFFD}\u{FFFF}", "\u{FF21}&\u{FFFE}",
            "<a href='x'>\"&\"</a>",
            "tab\there\r\nline\u{0}\u{1F}\u{7F}", "e\u{301}&", "👩‍👩‍👧 & 👍🏽",
        ] {
            #expect(sample.xmlEscaped == Self.reference(sample), "\(sample.debugDescription)")
        }
    }
}
