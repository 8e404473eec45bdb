import Foundation
import LinkyBuild
import LinkyModel
import Testing

/// Links written in HTML, and the polish real lists need (issue 40, points 4 and 5), on excerpts of
/// real lists in Tests/Fixtures/lists/<name>/ (each with a NOTICE naming its commit and licence).
@Suite struct ListFileHTMLTests {
    static func fixture(_ path: String) throws -> String {
        try String(contentsOf: repositoryRoot.appending(path: "Tests/Fixtures/lists/\(path)"), encoding: .utf8)
    }

    /// The `<a href>`s of the HTML lines that hold a link, found with a regular expression.
    static func htmlLinks(_ markdown: String) -> [String] {
        let anchor = try! NSRegularExpression(pattern: #"<a href="(https?://[^"]+)"><b>"#)
        return anchor.matches(in: markdown, range: NSRange(markdown.startIndex..., in: markdown)).map {
            String(markdown[Range($0.range(at: 1), in: markdown)!])
        }
    }

    @Test func theBookOfSecretKnowledgeEntriesWrittenInHTMLAreLinks() async throws {
        let markdown = try Self.fixture("the-book-of-secret-knowledge/README.md")
        let expected = Self.htmlLinks(markdown)
        #expect(expected.count == 20)
        let site = try TestSite(["linky.yml": "title: Secret\n", "links/book.md": markdown])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .success)
        let built = try #require(report.site)
        let bash = try #require(built.links.first { $0.title == "GNU Bash" })
        #expect(bash.url.absoluteString == "https://www.gnu.org/software/bash/")
        #expect(
            bash.description
                == "is an sh-compatible shell that incorporates useful features from the Korn shell and C shell.")
        let made = Set(built.links.map(\.url.comparisonKey))
        for url in expected { #expect(made.contains(try LinkURL(parsing: url).comparisonKey), "\(url)") }
        // `##### :black_small_square: Shells` is "▪️ Shells", at /shells/; the table's links are links.
        let shells = try #require(
            built.categories.first { $0.title.hasSuffix("Shells") && !$0.title.contains("plugins") })
        #expect(shells.title == "▪️ Shells")
        #expect(shells.slugPath.last == "shells")
        #expect(built.links.contains { $0.url.absoluteString == "https://dns.watch/" })
        // `##### Tool: [terminal](…)`: the heading's link is a link of its section.
        #expect(built.links.contains { $0.title == "terminal" })
        // `[TOC](#anger-table-of-contents)` points at `## :anger: &nbsp;Table of Contents`, `#cli-tools-toc`
        // at `#### CLI Tools &nbsp;[<sup>[TOC]</sup>](#…)`: no false LINKY119 (the excerpt lacks the other chapters).
        let broken = report.diagnostics.filter { $0.code == .brokenAnchor }.map(\.message)
        #expect(!broken.contains { $0.contains("#anger-table-of-contents") || $0.contains("#cli-tools-toc") })
        #expect(broken.contains { $0.contains("#gui-tools-toc") })
        let summary = try #require(built.listFiles.first)
        #expect(summary.linksMade == built.links.count)
        #expect(summary.itemsRead >= expected.count)
    }

    /// A paragraph whose every line opens with a link is a list of entries (issue 40, point 4): the
    /// book's shape written in Markdown or as HTML outside an HTML block, `<br>` or not, and one entry per
    /// paragraph when a separator follows its link. Prose that starts with a link, a logo and a badge
    /// line stay what they were.
    @Test func paragraphLinesThatOpenWithALinkAreEntries() async throws {
        let markdown = """
            # Shells

            ## HTML lines

            &nbsp;&nbsp; <a href="https://www.gnu.org/software/bash/"><b>GNU Bash</b></a> - is an sh-compatible shell.<br>
            &nbsp;&nbsp;:small_orange_diamond: <a href="https://www.zsh.org/"><b>Zsh</b></a> - is a shell for interactive use.<br>

            ## Markdown lines

            [Fish](https://fishshell.com/) - a friendly shell.<br>
            [Nushell](https://www.nushell.sh/) - a new type of shell. #structured
            **[Oil](https://www.oilshell.org/)** - a Unix shell.

            **[Elvish](https://elv.sh/)** - an expressive shell.

            ## Prose

            - [Dash](https://git.kernel.org/pub/scm/utils/dash/dash.git) - small.

            [Read this](https://blog.example/post) before you choose a shell.

            <a href="https://shells.example/"><img src="https://shells.example/logo.png" alt="Shells"></a>

            [![CC0](https://licensebuttons.net/p/zero/1.0/88x31.png)](https://creativecommons.org/publicdomain/zero/1.0/)

            """
        let site = try TestSite(["linky.yml": "title: Shells\n", "links/shells.md": markdown])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .success)
        let built = try #require(report.site)
        #expect(Set(built.links.map(\.title)) == ["GNU Bash", "Zsh", "Fish", "Nushell", "Oil", "Elvish", "Dash"])
        let nushell = try #require(built.links.first { $0.title == "Nushell" })
        #expect(nushell.description == "a new type of shell.")
        #expect(nushell.tags.map { built.tags[$0].key } == ["structured"])
        #expect(built.links.first { $0.title == "Fish" }?.description == "a friendly shell.")
        #expect(built.links.first { $0.title == "Oil" }?.source.line == 12)
        let lines = try #require(built.categories.first { $0.title == "Markdown lines" })
        #expect(lines.links.count == 4)
        #expect(!report.diagnostics.contains { $0.code == .listLinkUnread })
        let summary = try #require(built.listFiles.first)
        #expect(summary.itemsRead == 7 && summary.linksMade == 7)
    }

    @Test(arguments: ["awesome-mac/README.md", "awesome-mac/README-ko.md"])
    func aLinkWrappedInAnIconIsASecondaryLink(_ path: String) async throws {
        let markdown = try Self.fixture(path)
        let site = try TestSite(["linky.yml": "title: Mac\n", "links/mac.md": markdown])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .success)
        let built = try #require(report.site)
        let aurora = try #require(built.links.first { $0.title == "Aurora Editor" })
        #expect(aurora.url.absoluteString == "https://auroraeditor.com/")
        #expect(
            aurora.secondaryLinks.map(\.url.absoluteString) == ["https://github.com/AuroraEditor/AuroraEditor"])
        #expect(aurora.secondaryLinks.first?.title == "Open-Source Software")
        // Every `[![…][OSS Icon]](https://…)` of the file is kept.
        let icon = try NSRegularExpression(pattern: #"\]\[OSS Icon\]\]\((https://[^)]+)\)"#)
        let wrapped = icon.matches(in: markdown, range: NSRange(markdown.startIndex..., in: markdown)).map {
            try! LinkURL(parsing: String(markdown[Range($0.range(at: 1), in: markdown)!])).comparisonKey
        }
        #expect(wrapped.count > 5)
        var kept = Set(built.links.map(\.url.comparisonKey))
        for link in built.links { kept.formUnion(link.secondaryLinks.map(\.url.comparisonKey)) }
        #expect(wrapped.allSatisfy(kept.contains))
        // The sponsors, written in HTML, are links too.
        #expect(built.links.contains { $0.url.absoluteString == "https://screensage.pro/" })
    }

    @Test func everyShapeOfHTMLLinkIsRead() async throws {
        let list = """
            # Shapes

            ## Tools
            - [Main](https://main.example/) - Described. <a href="https://source.example/">Source</a>
            - [![Proj](https://proj.example/logo.png)](https://proj.example/)
            - [![logo](https://pic.example/logo.png)](https://pictured.example/)
            - [![Build](https://img.shields.io/badge/build-passing-green.svg)](https://ci.example/) [Badged](https://badged.example/)

            > - [Quoted](https://quoted.example/) - In a quote.

            <ul>
              <li><a href="https://li.example/">Listed</a> - In raw HTML.
                <ul><li><a href="https://nested-li.example/">Nested</a></li></ul>
              </li>
            </ul>

            A paragraph that mentions <a href="https://prose.example/">a page</a> in passing.

            - [Noted](https://noted.example/) - First line.
              A note line with <a href="https://in-note.example/">a link in HTML</a>.
            """
        let site = try TestSite(["links/shapes.md": list])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .success)
        let built = try #require(report.site)
        func link(_ url: String) -> Link? { built.links.first { $0.url.absoluteString == url } }
        let main = try #require(link("https://main.example/"))
        #expect(main.secondaryLinks.map(\.url.absoluteString) == ["https://source.example/"])
        #expect(main.secondaryLinks.first?.title == "Source")
        #expect(link("https://proj.example/")?.title == "Proj")
        #expect(link("https://pictured.example/")?.title == "pictured.example")
        #expect(link("https://ci.example/") == nil)
        #expect(link("https://badged.example/")?.title == "Badged")
        #expect(link("https://quoted.example/")?.description == "In a quote.")
        #expect(link("https://li.example/")?.description == "In raw HTML.")
        let nested = try #require(link("https://nested-li.example/"))
        #expect(nested.related.map { built.links[$0].title } == "Listed")
        // What cannot be made a link is a located warning, and counted among the skipped.
        let unread = report.diagnostics.filter { $0.code == .listLinkUnread }
        #expect(
            unread.map(\.location) == [
                SourceLocation(path: "links/shapes.md", line: 17), SourceLocation(path: "links/shapes.md", line: 20),
            ])
        #expect(unread.first?.message.contains("https://prose.example/") == true)
        #expect(unread.last?.message.contains("https://in-note.example/") == true)
        let summary = try #require(built.listFiles.first)
        #expect(summary.linksSkipped == 2)
        #expect(summary.linksMade == 8)
    }

    /// the-book-of-secret-knowledge's `## RSS Feed & Updates`: a paragraph with a link, no list items.
    @Test func aLinkInTheTextOfASectionWithoutPageIsAWarning() async throws {
        let list = """
            # List

            ## Feed

            GitHub exposes an [RSS/Atom](https://feed.example/commits.atom) feed, see [the guide](CONTRIBUTING.md).

            ## Tools
            Tools we like, such as [Intro tool](https://intro.example/).

            - [Tool](https://tool.example/)
            """
        let site = try TestSite(["links/list.md": list])
        defer { site.remove() }
        let report = await site.build()
        let warnings = report.diagnostics.filter { $0.code == .listLinkUnread }
        #expect(warnings.map(\.location) == [SourceLocation(path: "links/list.md", line: 5)])
        #expect(warnings.first?.message.contains("https://feed.example/commits.atom") == true)
        #expect(report.site?.listFiles.first?.linksSkipped == 1)
        // A section with links shows its text, links and all, on its page.
        #expect(try site.read("c/list/tools/index.html").contains("https://intro.example/"))
    }

    /// Found by FuzzContentFile in an excerpt of awesome-mac: a link cmark gives no position (its
    /// paragraph holds a link reference definition) was warned about at line 0.
    @Test func aLinkWithoutAPositionIsWarnedAboutAtItsParagraphsLine() async throws {
        let list = """
              <a href="https://ip.im/">IP.IM Free IP address information query website</a>

            Awesome Mac
            ===
            [![Docker Image](https://img.shields.io/docker/v/wcjiang/awesome-mac)](https://hub.docker.com/r/wcjiang/awesome-mac)
            [awesome-list Icon]: https://jaywcjlove.github.io/sb/ico/min-awesome.svg "Awesome List"
            """
        let site = try TestSite(["links/list.md": list])
        defer { site.remove() }
        let report = await site.build()
        let warnings = report.diagnostics.filter { $0.code == .listLinkUnread }
        #expect(!warnings.isEmpty)
        #expect(warnings.allSatisfy { ($0.location?.line ?? 0) >= 1 }, "\(warnings.map(\.location))")
    }

    @Test func emojiCodesBecomeEmojiAndSlugsComeFromTheWords() async throws {
        let list = """
            # List

            ## :trident: &nbsp;Tools
            - [:rocket: Launcher :not_an_emoji:](https://launch.example/) - Starts things :sparkles:.
            """
        let site = try TestSite(["links/list.md": list])
        defer { site.remove() }
        let report = await site.build()
        let built = try #require(report.site)
        let section = try #require(built.categories.first { $0.title.contains("Tools") })
        #expect(section.title == "🔱 Tools")
        #expect(section.slugPath.last == "tools")
        let link = try #require(built.links.first)
        #expect(link.title == "🚀 Launcher :not_an_emoji:")
        #expect(link.description == "Starts things ✨.")
        #expect(link.slug == "launcher-not-an-emoji")
    }

    @Test func headingsWithHTMLAnchorsAreAnchors() async throws {
        let markdown = try Self.fixture("free-programming-books/free-programming-books-langs.md")
        let site = try TestSite([
            "linky.yml": "title: Books\n",
            "links/langs.md": "---\nsource_url: https://github.com/o/r/blob/main/langs.md\n---\n" + markdown,
        ])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .success)
        #expect(!report.diagnostics.contains { $0.code == .brokenAnchor }, "\(report.diagnostics.map(\.message))")
        let built = try #require(report.site)
        let csharp = try #require(built.categories.first { $0.title == "C#" })
        // `[C#](#csharp)` in the index leads to the C# page.
        let home = try site.read("c/langs/index.html")
        #expect(home.contains("href=\"\(csharp.slugPath.joined(separator: "/"))/") || !home.contains("#csharp\""))
        // A `<span id>` anchor, too.
        let spans = try TestSite([
            "links/l.md": "# L\n\n- [Go](#later)\n\n## Later <span id=\"later\"></span>\n- [A](https://a.example/)\n"
        ])
        defer { spans.remove() }
        let spanReport = await spans.build()
        #expect(!spanReport.diagnostics.contains { $0.code == .brokenAnchor })
    }

    @Test func aTableOfContentsIsNoSectionsParent() async throws {
        let markdown = try Self.fixture("public-apis/README.md")
        let site = try TestSite(["linky.yml": "title: APIs\n", "links/apis.md": markdown])
        defer { site.remove() }
        let report = await site.build()
        let built = try #require(report.site)
        let animals = try #require(built.categories.first { $0.title == "Animals" })
        let parent = try #require(animals.parent)
        #expect(built.categories[parent].slugPath == ["apis"])
        #expect(!built.categories.contains { $0.title == "Index" })
        // `[<img … alt="Run In Postman">](www.postman.com/…)`: named by the picture's alt, addressed over https.
        let filestack = try #require(built.links.first { $0.title == "Filestack" })
        let postman = try #require(filestack.secondaryLinks.first)
        #expect(postman.title == "Run In Postman")
        #expect(postman.url.absoluteString.hasPrefix("https://www.postman.com/filestack-wolfpack/filestack/overview"))
        #expect(!(filestack.description ?? "").contains("<img"))
    }

    @Test func rootRelativeLinksResolveInsideTheRepository() async throws {
        let list = """
            ---
            source_url: https://github.com/owner/repo/blob/main/docs/README.md
            ---
            # L
            - [Guide](/guide/start.md) - root-relative
            - [Local](other.md) - relative
            - [Site](www.example.com/page) - no scheme
            """
        let site = try TestSite(["links/l.md": list])
        defer { site.remove() }
        let built = try #require(await site.build().site)
        let urls = built.links.map(\.url.absoluteString)
        #expect(
            urls == [
                "https://github.com/owner/repo/blob/main/guide/start.md",
                "https://github.com/owner/repo/blob/main/docs/other.md", "https://www.example.com/page",
            ])
    }

    @Test func rightToLeftTextReadsRightToLeft() async throws {
        let hebrew = try Self.fixture("free-programming-books/free-programming-books-he.md")
        // In an English site, the Hebrew links and sections say so on their own elements.
        let english = try TestSite([
            "linky.yml": "title: Books\n", "links/he.md": hebrew,
            "links/sefer.md": "---\nurl: https://sefer.example/\ntitle: ספר טוב\n---\nספר טוב מאוד.\n",
        ])
        defer { english.remove() }
        let built = try #require(await english.build().site)
        let section = try #require(built.categories.first { $0.title == "ללא תלות בשפה" })
        let page = try english.read("c/\(section.slugPath.joined(separator: "/"))/index.html")
        #expect(page.contains("<html lang=\"en\" data-view"))
        #expect(page.contains("<div class=\"page-heading\" dir=\"rtl\">"))
        let csharp = try #require(built.categories.first { $0.title.hasPrefix("C#") })
        let links = try english.read("c/\(csharp.slugPath.joined(separator: "/"))/index.html")
        #expect(links.range(of: #"<li class="link" data-link-id="\d+" dir="rtl">"#, options: .regularExpression) != nil)
        // A link's own page, and its entry on the print page, too.
        let seferLink = try #require(built.links.first { $0.url.absoluteString == "https://sefer.example/" })
        let sefer = try english.read("l/\(seferLink.slug)/index.html")
        #expect(sefer.contains("<article class=\"link-page\" dir=\"rtl\">"), "\(sefer)")
        let print = try english.read("print/index.html")
        #expect(print.contains("<li class=\"print-link\" dir=\"rtl\">"))
        #expect(!print.contains("<li class=\"print-link\" dir=\"ltr\">"))
        // A site in a right-to-left language is right to left whole; its English links say so.
        let arabic = try TestSite([
            "linky.yml": "title: كتب\nlanguage: ar\n", "links/he.md": hebrew,
            "links/en.md": "# English\n\n- [English book](https://en.example/)\n",
        ])
        defer { arabic.remove() }
        _ = await arabic.build()
        let home = try arabic.read("index.html")
        #expect(home.contains("<html lang=\"ar\" dir=\"rtl\""))
        let englishPage = try arabic.read("c/en/index.html")
        #expect(
            englishPage.range(of: #"<li class="link" data-link-id="\d+" dir="ltr">"#, options: .regularExpression)
                != nil)
    }
}
