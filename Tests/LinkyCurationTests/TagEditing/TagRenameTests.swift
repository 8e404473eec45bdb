import Foundation
import LinkyCuration
import LinkyModel
import Testing

@Suite struct TagRenameTests {
    @Test func renamesEverySpellingInEveryFormAndNothingElse() async throws {
        let fixture = try TagFixture([
            // An alias that is the entry's own name is left as it is (it then names the old spelling).
            // The `slug:` keeps the address, so no alias is added.
            "tags.yml":
                "⟦javascript⟧:   # the language\n  title: JavaScript\n  slug: javascript\n  aliases: [ecmascript, JavaScript]\nnode:\n  parent: ⟦JavaScript⟧\n",
            // BOM, CRLF, a `#` in the URL, the title, a comment and the note.
            "links/a.md":
                "\u{FEFF}---\r\nurl: https://a.example/#javascript\r\ntitle: \"A: the #javascript page\"\r\ntags: [⟦JavaScript⟧, swift, 'web']   # javascript in a comment\r\ndate: 2024-01-01\r\n---\r\nA note about #javascript and `javascript`.\r\n",
            // A block list with comments and quotes; the same tag twice stays twice.
            "links/b.md":
                "---\nurl: https://b.example\ntitle: B\ntags:\n  - \"⟦JAVASCRIPT⟧\"   # loud\n  - 'web'\n  -   ⟦Javascript⟧\n---\n",
            // Comma-separated strings, plain and quoted; keys in another order.
            "links/c.md": "---\ntitle: C\nurl: https://c.example\ntags: swift,⟦javascript⟧ , web\n---\n",
            "links/d.md": "---\nurl: https://d.example\ntitle: D\ntags: 'web, ⟦javaScript⟧'\n---\n",
            // A quoted `#` stays; only the name changes. Drafts are renamed too.
            "links/e.md": "---\nurl: https://e.example\ntitle: E\ndraft: true\ntags: [\"#⟦javascript⟧\"]\n---\n",
            // The alias is a spelling of the tag but not its name: it stays.
            "links/f.md": "---\nurl: https://f.example\ntitle: F\ntags: [ecmascript, node]\n---\n",
            "links/list.md": """
            ---
            title: Reading
            tags: [⟦javascript⟧, web]   # a list file's own tags are rewritten too
            ---
            # Reading about #javascript

            Intro with #javascript in it.

            ## JavaScript #javascript
            - [Eloquent](https://eloquentjavascript.net/#javascript) - A book. #⟦javascript⟧ #web
            - [MDN](https://developer.mozilla.org/#javascript): docs #⟦JavaScript⟧.
              A note with #javascript inside.
            - [Not a link](/relative#javascript) #javascript

            ```
            #javascript
            ```

            """,
        ])
        defer { fixture.remove() }
        let plan = try await fixture.apply(.rename("javascript", to: "js-lang"))
        #expect(
            plan.changes.map(\.path) == [
                "links/a.md", "links/b.md", "links/c.md", "links/d.md", "links/e.md", "links/list.md", "tags.yml",
            ])
        #expect(plan.linksChanged == 7)
        try fixture.expectRewritten(to: "js-lang")
        let site = try await fixture.site()
        let tag = try #require(site.tags.first { $0.key == "js-lang" })
        #expect(tag.name == "JavaScript")  // the title in tags.yml
        #expect(tag.links.count == 8)
        #expect(!site.tags.contains { $0.key == "javascript" })
        #expect(site.tags.first { $0.key == "node" }?.parent == tag.id)
    }

    @Test func matchesHangulTypedInEitherUnicodeForm() async throws {
        let decomposed = "맛집".decomposedStringWithCanonicalMapping
        #expect(Array(decomposed.utf8) != Array("맛집".utf8))
        let fixture = try TagFixture([
            "links/a.md": "---\nurl: https://a.example\ntitle: A\ntags: [⟦\(decomposed)⟧, 서울]\n---\n",
            "links/b.md": "---\nurl: https://b.example\ntitle: B\ntags: ⟦맛집⟧\n---\n",
            "links/list.md": "- [노포](https://example.kr/a) - 오래된 식당. #⟦\(decomposed)⟧ #서울\n",
        ])
        defer { fixture.remove() }
        let plan = try await fixture.apply(.rename("맛집", to: "맛집-서울"))
        #expect(plan.linksChanged == 3)
        try fixture.expectRewritten(to: "맛집-서울")
        #expect(try await fixture.tagCounts() == ["맛집-서울": 3, "서울": 2])
    }

    @Test func renamingToAnotherSpellingOfTheSameTagRewritesEverySpelling() async throws {
        let fixture = try TagFixture([
            "links/a.md": "---\nurl: https://a.example\ntitle: A\ntags: [⟦js⟧, ⟦Js⟧]\n---\n",
            "links/b.md": "---\nurl: https://b.example\ntitle: B\ntags: [JS]\n---\n",
        ])
        defer { fixture.remove() }
        let plan = try await fixture.apply(.rename("js", to: "JS"))
        #expect(plan.changes.map(\.path) == ["links/a.md"])
        try fixture.expectRewritten(to: "JS")
        let again = try await fixture.plan(.rename("js", to: "JS"))
        #expect(again.changes.isEmpty)
    }

    @Test(arguments: ["c: d", "x #y", "[z]", "-w", "it's \"q\"", "a\\b", "yes", "100", "🍜 noodles"])
    func quotesNewNamesThatYAMLWouldReadOtherwise(name: String) async throws {
        let files = [
            "tags.yml": "old:\n  title: Old\n  slug: old\nchild:\n  parent: old   # keep me\n",
            "links/a.md": "---\nurl: https://a.example\ntitle: A\ntags: [old, web]\n---\n",
            "links/b.md": "---\nurl: https://b.example\ntitle: B\ntags:\n  - child\n  - old  # comment\n  - web\n---\n",
            "links/c.md": "---\nurl: https://c.example\ntitle: C\ntags: 'web, old'\n---\n",
            "links/d.md": "---\nurl: https://d.example\ntitle: D\ntags: \"old\"\n---\n",
        ]
        let fixture = try TagFixture(files)
        defer { fixture.remove() }
        _ = try await fixture.apply(.rename("old", to: name))
        let site = try await fixture.site()
        let tag = try #require(site.tags.first { $0.key == Tag.identity(of: name) })
        #expect(tag.links.count == 4)
        // `child` is used by a link, so the site resolves its parent.
        #expect(site.tags.first { $0.key == "child" }?.parent == tag.id)
        #expect(site.links.first { $0.title == "A" }.map { $0.tags.map { site.tags[$0].key } } == [tag.key, "web"])
        // Only the lines that held the old name changed.
        for (path, text) in files {
            let before = text.split(separator: "\n", omittingEmptySubsequences: false)
            let after = String(decoding: try fixture.bytes(path), as: UTF8.self)
                .split(separator: "\n", omittingEmptySubsequences: false)
            #expect(before.count == after.count, "\(path)")
            for (old, new) in zip(before, after) where old != new {
                #expect(old.contains("old"), "\(path): \(old) → \(new)")
                #expect(old.hasSuffix("# keep me") == new.hasSuffix("# keep me"))
                #expect(old.hasSuffix("# comment") == new.hasSuffix("# comment"))
            }
        }
    }

    /// (With a `slug:`, which the renamed tag keeps: its address does not move, so no alias is added.)
    @Test func acceptsTheTitleTagsListShows() async throws {
        let fixture = try TagFixture([
            "tags.yml": "⟦techblog⟧:\n  title: Tech Blog\n  slug: tech-blog\nweb:\n  title: The Web\n",
            "links/a.md": "---\nurl: https://a.example\ntitle: A\ntags: [⟦TechBlog⟧, web]\n---\n",
        ])
        defer { fixture.remove() }
        let plan = try await fixture.apply(.rename("tech blog", to: "engineering"))
        #expect(plan.notes == ["\"tech blog\" is the title of the tag \"techblog\" in tags.yml; that tag is renamed"])
        try fixture.expectRewritten(to: "engineering")
        let problems = await fixture.refusal(.rename("engineering", to: "The Web"))
        #expect(problems.first?.message == "\"The Web\" is already the title of the tag \"web\" in tags.yml")
    }

    @Test func dryRunDiffLooksLikeGitDiff() async throws {
        let fixture = try TagFixture([
            "links/a.md":
                "---\nurl: https://a.example\ntitle: A\ntags: [⟦js⟧]\ndate: 2024-01-01\ndescription: x\nfavorite: true\n---\nNote.\n",
            "links/list.md": "- [B](https://b.example) #⟦JS⟧",
        ])
        defer { fixture.remove() }
        let plan = try await fixture.plan(.rename("js", to: "javascript"))
        #expect(
            plan.unifiedDiff(pathPrefix: "site/") == """
                --- a/site/links/a.md
                +++ b/site/links/a.md
                @@ -1,7 +1,7 @@
                 ---
                 url: https://a.example
                 title: A
                -tags: [js]
                +tags: [javascript]
                 date: 2024-01-01
                 description: x
                 favorite: true
                --- a/site/links/list.md
                +++ b/site/links/list.md
                @@ -1 +1 @@
                -- [B](https://b.example) #JS
                \\ No newline at end of file
                +- [B](https://b.example) #javascript
                \\ No newline at end of file
                --- /dev/null
                +++ b/site/tags.yml
                @@ -0,0 +1,2 @@
                +"javascript":
                +  aliases: ["/tags/js/"]

                """)
        try fixture.expectUnchanged()
    }

    @Test func neverOverwritesAFileThatChangedAfterThePlan() async throws {
        let fixture = try TagFixture([
            "links/a.md": "---\nurl: https://a.example\ntitle: A\ntags: [js]\n---\n",
            "links/b.md": "---\nurl: https://b.example\ntitle: B\ntags: [js]\n---\n",
        ])
        defer { fixture.remove() }
        let plan = try await fixture.plan(.rename("js", to: "javascript"))
        let edited = Data("---\nurl: https://b.example\ntitle: B (edited)\ntags: [js]\n---\n".utf8)
        try edited.write(to: fixture.folder.appending(path: "links/b.md"))
        do {
            try plan.apply()
            Issue.record("expected a refusal")
        } catch .refused(let problems) {
            #expect(problems.map(\.location?.path) == ["links/b.md"])
        } catch {
            Issue.record("\(error)")
        }
        #expect(try fixture.bytes("links/a.md") == Array(TagFixture.before(fixture.templates["links/a.md"]!).utf8))
        #expect(try Data(contentsOf: fixture.folder.appending(path: "links/b.md")) == edited)
    }

    @Test func writesAtomicallyKeepingPermissionsAndSymbolicLinks() async throws {
        let fixture = try TagFixture([
            "links/a.md": "---\nurl: https://a.example\ntitle: A\ntags: [⟦js⟧]\n---\n",
            "shared/b.md": "---\nurl: https://b.example\ntitle: B\ntags: [⟦js⟧]\n---\n",
        ])
        defer { fixture.remove() }
        let manager = FileManager.default
        let a = fixture.folder.appending(path: "links/a.md")
        try manager.setAttributes([.posixPermissions: 0o640], ofItemAtPath: a.path)
        try manager.createSymbolicLink(
            atPath: fixture.folder.appending(path: "links/b.md").path, withDestinationPath: "../shared/b.md")
        _ = try await fixture.apply(.rename("js", to: "javascript"))
        try fixture.expectRewritten(to: "javascript")
        #expect(try manager.attributesOfItem(atPath: a.path)[.posixPermissions] as? Int == 0o640)
        #expect(
            try manager.destinationOfSymbolicLink(atPath: fixture.folder.appending(path: "links/b.md").path)
                == "../shared/b.md")
        let leftovers = try manager.subpathsOfDirectory(atPath: fixture.folder.path).filter { $0.contains("linky-tmp") }
        #expect(leftovers.isEmpty)
    }
}
