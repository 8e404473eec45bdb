import Foundation
import LinkyBuild
import LinkyModel
import Testing

/// Addresses that never move: slugs that keep what symbols mean, suffixes that come from the name,
/// aliases that leave redirect pages behind, and a warning when a rebuild would lose an address.
@Suite struct PathStabilityTests {
    /// The HTML pages of an output (redirects included), as paths.
    static func pages(_ site: TestSite) throws -> Set<String> {
        Set(try filesBelow(site.output).keys.filter { $0.hasSuffix(".html") })
    }

    @Test func cSharpAndCPlusPlusKeepTheirAddressesWhenCGoes() async throws {
        let site = try TestSite([
            "links/a.md": TestSite.link(url: "https://a.example", title: "A", tags: "[C]"),
            "links/b.md": TestSite.link(url: "https://b.example", title: "B", tags: "[\"C#\"]"),
            "links/c.md": TestSite.link(url: "https://c.example", title: "C", tags: "[C++]"),
        ])
        defer { site.remove() }
        let before = await site.build()
        #expect(before.outcome == .success)
        let tagPages = try Self.pages(site).filter { $0.hasPrefix("tags/") }
        #expect(
            tagPages == [
                "tags/index.html", "tags/c/index.html", "tags/c-sharp/index.html", "tags/c-plus-plus/index.html",
            ])
        try FileManager.default.removeItem(at: site.folder.appending(path: "links/a.md"))
        let after = await site.build()
        #expect(after.outcome == .success)
        let remaining = try Self.pages(site).filter { $0.hasPrefix("tags/") }
        #expect(remaining == ["tags/index.html", "tags/c-sharp/index.html", "tags/c-plus-plus/index.html"])
        // The link that had C is gone on purpose: no warning about a moved address.
        #expect(!after.diagnostics.contains { $0.code == .pathMoved })
    }

    @Test func addingAndRemovingUnrelatedThingsMovesNoOtherPage() async throws {
        // Names that collide (go, Go!, go?) and names that used to get -2, -3 by position.
        var files: [String: String] = [
            "linky.yml": "page_size: 100\n",
            "tags.yml": "swift:\n  description: Apple's language\n",
        ]
        let tagSets = ["[go, C]", "[\"Go!\", \"C#\"]", "[\"go?\", C++]", "[swift, 맛집]", "[Node.js, .NET]"]
        for index in 0..<20 {
            files["links/cat\(index % 4)/link-\(index).md"] = TestSite.link(
                url: "https://x.example/\(index)", title: "Link \(index)", tags: tagSets[index % tagSets.count],
                date: "2024-01-\(String(format: "%02d", index + 1))", note: "Note \(index).")
        }
        files["links/C++/same.md"] = TestSite.link(url: "https://y.example/1", title: "Same", note: "n")
        files["links/C#/same.md"] = TestSite.link(url: "https://y.example/2", title: "Same", note: "n")
        let site = try TestSite(files)
        defer { site.remove() }
        #expect(await site.build().outcome == .success)
        let original = try Self.pages(site)

        // Add unrelated tags (some that sort first, one that slugs like nothing else) and links.
        try site.write(
            "links/cat0/new-first.md",
            TestSite.link(url: "https://z.example/1", title: "AAA", tags: "[a, \"C--\", \"!!go\", 가]", note: "new"))
        try site.write(
            "links/aaa-category/new.md",
            TestSite.link(url: "https://z.example/2", title: "New", tags: "[zzz]", note: "new"))
        let added = await site.build()
        #expect(added.outcome == .success)
        let withAdded = try Self.pages(site)
        #expect(
            original.subtracting(withAdded).isEmpty, "pages that moved: \(original.subtracting(withAdded).sorted())")

        // Remove an unrelated link and the tags only it had.
        try FileManager.default.removeItem(at: site.folder.appending(path: "links/cat1/link-1.md"))
        try FileManager.default.removeItem(at: site.folder.appending(path: "links/cat0/new-first.md"))
        let removed = await site.build()
        #expect(removed.outcome == .success)
        let withRemoved = try Self.pages(site)
        let expectedGone: Set<String> = ["l/cat1/link-1/index.html"]
        #expect(original.subtracting(withRemoved) == expectedGone)
        #expect(!removed.diagnostics.contains { $0.code == .pathMoved })
    }

    @Test func aliasesWriteRedirectPages() async throws {
        let site = try TestSite([
            "linky.yml": "language: en\n",
            "tags.yml": "javascript:\n  aliases: [js, /tags/ecmascript-old/]\n",
            "links/web/_index.md": "---\ntitle: Web\naliases: [www, /c/internet/]\n---\n",
            "links/web/guide.md": TestSite.link(
                url: "https://g.example", title: "A guide", tags: "[javascript]",
                extra: "aliases: [old-guide, \"/l/web/guide-2023/\"]\n", note: "A note."),
        ])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .success)
        #expect(!report.diagnostics.contains { $0.code == .aliasConflict || $0.code == .invalidAlias })
        let expected: [String: String] = [
            "l/web/old-guide/index.html": "../../../l/web/guide/index.html",
            "l/web/guide-2023/index.html": "../../../l/web/guide/index.html",
            "c/www/index.html": "../../c/web/index.html",
            "c/internet/index.html": "../../c/web/index.html",
            "tags/js/index.html": "../../tags/javascript/index.html",
            "tags/ecmascript-old/index.html": "../../tags/javascript/index.html",
        ]
        for (path, target) in expected {
            let html = try site.read(path)
            #expect(html.contains("<meta http-equiv=\"refresh\" content=\"0; url=\(target)\">"), "\(path)")
            #expect(html.contains("<a href=\"\(target)\">"), "\(path)")
            #expect(html.contains("<link rel=\"canonical\" href=\"https://example.com/links/"), "\(path)")
            #expect(html.contains("noindex"))
        }
        // Redirects are not pages of the sitemap.
        #expect(!(try site.read("sitemap.xml")).contains("old-guide"))
    }

    @Test func aliasesThatCannotBeKeptAreReported() async throws {
        let site = try TestSite([
            "links/a.md": TestSite.link(
                url: "https://a.example", title: "A", extra: "aliases: [\"/tags/index.html\", \"/../x/\"]\n",
                note: "n"),
            "links/b.md": TestSite.link(url: "https://b.example", title: "B", extra: "aliases: [/old/]\n", note: "n"),
            "links/c.md": TestSite.link(url: "https://c.example", title: "C", extra: "aliases: [/old/]\n", note: "n"),
        ])
        defer { site.remove() }
        let report = await site.build()
        // `/../x/` leaves the site: an error at the file and line, and nothing is written.
        let invalid = try #require(report.diagnostics.first { $0.code == .invalidAlias })
        #expect(invalid.location == SourceLocation(path: "links/a.md", line: 4))
        #expect(report.outcome == .contentErrors)
        try site.write(
            "links/a.md",
            TestSite.link(url: "https://a.example", title: "A", extra: "aliases: [\"/tags/index.html\"]\n", note: "n"))
        let second = await site.build()
        #expect(second.outcome == .success)
        let conflicts = second.diagnostics.filter { $0.code == .aliasConflict }
        #expect(conflicts.count == 2)
        #expect(conflicts.contains { $0.message.contains("another page (tags/index.html)") })
        #expect(conflicts.contains { $0.message.contains("also an alias of the link \"B\"") })
        #expect(try site.read("old/index.html").contains("url=../l/b/index.html"))
    }

    @Test func aRebuildWarnsWhenAnAddressWouldMoveWithoutAnAlias() async throws {
        let site = try TestSite([
            "tags.yml": "C++:\n  description: The language\n  slug: cplusplus\n",
            "links/lang/guide.md": TestSite.link(url: "https://g.example", title: "Guide", tags: "[C++]", note: "n"),
            "links/lang/_index.md": "---\ntitle: Languages\n---\n",
        ])
        defer { site.remove() }
        #expect(await site.build().outcome == .success)
        // Rename the link file, the category folder and the tag's slug.
        try FileManager.default.moveItem(
            at: site.folder.appending(path: "links/lang"), to: site.folder.appending(path: "links/languages"))
        try FileManager.default.moveItem(
            at: site.folder.appending(path: "links/languages/guide.md"),
            to: site.folder.appending(path: "links/languages/the-guide.md"))
        try site.write("tags.yml", "C++:\n  description: The language\n  slug: cpp\n")
        let moved = await site.build()
        #expect(moved.outcome == .success)
        let warnings = moved.diagnostics.filter { $0.code == .pathMoved }.map(\.message)
        #expect(warnings.count == 3, "\(warnings)")
        #expect(
            warnings.contains { $0.contains("the link \"Guide\" moved from l/lang/guide/ to l/languages/the-guide/") })
        #expect(warnings.contains { $0.contains("the tag \"C++\" moved from tags/cplusplus/ to tags/cpp/") })
        #expect(warnings.contains { $0.contains("the category \"Languages\" moved from c/lang/ to c/languages/") })
        // Under --strict the warnings stop the build and the old output stays.
        try site.write(
            "links/languages/the-guide.md",
            TestSite.link(
                url: "https://g.example", title: "Guide", tags: "[C++]", extra: "aliases: [/l/lang/guide/]\n", note: "n"
            ))
        try site.write("tags.yml", "C++:\n  description: The language\n  slug: cpp\n  aliases: [/tags/cplusplus/]\n")
        try site.write("links/languages/_index.md", "---\ntitle: Languages\naliases: [lang]\n---\n")
        let kept = await site.build()
        #expect(!kept.diagnostics.contains { $0.code == .pathMoved }, "\(kept.diagnostics)")
        #expect(try site.read("l/lang/guide/index.html").contains("url=../../../l/languages/the-guide/index.html"))
        #expect(try site.read("tags/cplusplus/index.html").contains("url=../../tags/cpp/index.html"))
        // The address the tag's name gives leads to it too.
        #expect(try site.read("tags/c-plus-plus/index.html").contains("url=../../tags/cpp/index.html"))
        #expect(try site.read("c/lang/index.html").contains("url=../../c/languages/index.html"))
    }

    /// A tag's address comes from its name in tags.yml (or its `slug:`), never from its display title:
    /// giving `한글` the title "Hangul" keeps `tags/한글/`, with no warning, and taking it away again too.
    /// A `slug:` moves the page, and the address the name gives redirects to it.
    @Test func aTagsTitleNeverMovesItsAddressAndASlugLeavesARedirect() async throws {
        let site = try TestSite([
            "links/a.md": TestSite.link(url: "https://a.example", title: "A", tags: "[한글, Swift]")
        ])
        defer { site.remove() }
        #expect(await site.build().outcome == .success)
        #expect(try site.read("tags/한글/index.html").contains("한글"))
        try site.write("tags.yml", "한글:\n  title: Hangul (한글)\nswift:\n  title: The Swift language\n")
        let titled = await site.build()
        #expect(!titled.diagnostics.contains { $0.code == .pathMoved }, "\(titled.diagnostics)")
        #expect(try site.read("tags/한글/index.html").contains("Hangul (한글)"))
        #expect(try site.read("tags/swift/index.html").contains("The Swift language"))
        #expect(!site.exists("tags/hangul-한글/index.html"))
        try site.write("tags.yml", "")
        let untitled = await site.build()
        #expect(!untitled.diagnostics.contains { $0.code == .pathMoved }, "\(untitled.diagnostics)")
        try site.write("tags.yml", "한글:\n  title: Hangul\n  slug: hangul\n")
        let slugged = await site.build()
        #expect(!slugged.diagnostics.contains { $0.code == .pathMoved }, "\(slugged.diagnostics)")
        #expect(try site.read("tags/hangul/index.html").contains("Hangul"))
        #expect(try site.read("tags/한글/index.html").contains("url=../../tags/hangul/index.html"))
    }

    @Test func aRenamedCategoryWithAnAliasKeepsEveryAddressBelowIt() async throws {
        let site = try TestSite([
            "links/lang/_index.md": "---\ntitle: Languages\n---\n",
            "links/lang/guide.md": TestSite.link(url: "https://g.example", title: "Guide", note: "n"),
            "links/lang/swift/book.md": TestSite.link(url: "https://b.example", title: "Book", note: "n"),
            "links/lang/swift/plain.md": TestSite.link(url: "https://p.example", title: "Plain"),
        ])
        defer { site.remove() }
        #expect(await site.build().outcome == .success)
        try FileManager.default.moveItem(
            at: site.folder.appending(path: "links/lang"), to: site.folder.appending(path: "links/languages"))
        // Without an alias: one warning per category that moved; the link pages that moved with them
        // are not reported one by one (the category's alias keeps them).
        let unaliased = await site.build(strict: true)
        #expect(unaliased.outcome == .contentErrors)
        let warnings = unaliased.diagnostics.filter { $0.code == .pathMoved }.map(\.message)
        #expect(warnings.count == 2, "\(warnings)")
        #expect(warnings.allSatisfy { $0.contains("the category") })
        #expect(try site.read("c/lang/index.html").contains("Languages"), "--strict left the old output as it was")
        try site.write("links/languages/_index.md", "---\ntitle: Languages\naliases: [lang]\n---\n")
        let report = await site.build()
        #expect(report.outcome == .success)
        #expect(!report.diagnostics.contains { $0.code == .pathMoved }, "\(report.diagnostics)")
        let redirects = [
            "c/lang/index.html": "../../c/languages/index.html",
            "c/lang/swift/index.html": "../../../c/languages/swift/index.html",
            "l/lang/guide/index.html": "../../../l/languages/guide/index.html",
            "l/lang/swift/book/index.html": "../../../../l/languages/swift/book/index.html",
        ]
        for (path, target) in redirects { #expect(try site.read(path).contains("url=\(target)"), "\(path)") }
        // A link without a page had no address to keep.
        #expect(!site.exists("l/lang/swift/plain/index.html"))
    }

    @Test func listFileFrontMatterTagsApplyToEveryItem() async throws {
        let site = try TestSite([
            "links/places.md":
                "---\ntitle: Places\ntags: [listwide, 맛집]\n---\n- [A](https://a.example) - One. #own\n- [B](https://b.example)\n"
        ])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .success)
        #expect(!report.diagnostics.contains { $0.code == .unknownKey })
        let built = try #require(report.site)
        for link in built.links {
            let names = Set(link.tags.map { built.tags[$0].name })
            #expect(names.isSuperset(of: ["listwide", "맛집"]), "\(link.title): \(names)")
        }
        #expect(
            built.links.first { $0.title == "A" }.map { $0.tags.map { built.tags[$0].name } } == [
                "own", "listwide", "맛집",
            ])
        #expect(try site.read("tags/listwide/index.html").contains("https://b.example"))
    }
}
