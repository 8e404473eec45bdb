import Foundation
import LinkyCuration
import LinkyModel
import Testing

@Suite struct TagMergeTests {
    @Test func mergesSpellingsAndDropsTheTagALinkWouldCarryTwice() async throws {
        let fixture = try TagFixture([
            // The target has no entry: the source's entry becomes its entry, aliases and all.
            "tags.yml": "⟦js⟧:\n  title: JS\n  aliases: [ecma]\nnode:\n  parent: ⟦JS⟧   # the language\n",
            "links/a.md": "---\nurl: https://a.example\ntitle: A\ntags: [⟦js⟧, web]\n---\n",
            "links/b.md": "---\nurl: https://b.example\ntitle: B\ntags: [⟪js, ⟫web, JavaScript]\n---\n",
            "links/c.md": "---\nurl: https://c.example\ntitle: C\ntags: [web, javascript⟪, es6⟫]\n---\n",
            "links/d.md":
                "---\nurl: https://d.example\ntitle: D\ntags:\n  - javascript\n⟪  - JS   # old name\n⟫  - web\n---\n",
            "links/e.md": "---\nurl: https://e.example\ntitle: E\ntags: web, ⟪js, ⟫javascript\n---\n",
            "links/f.md": "---\nurl: https://f.example\ntitle: F\ntags: [⟦Es6⟧, ⟪js, ⟫web]\n---\n",
            "links/g.md": "---\nurl: https://g.example\ntitle: G\ntags: [ecma, javascript]\n---\n",
            "links/list.md": """
            - [One](https://one.example) - first. #javascript⟪ #js⟫ #web
            - [Two](https://two.example) - second. #⟦ES6⟧⟪ #JS⟫
            - [Three](https://three.example) - third. #web⟪ #es6⟫ #javascript

            """,
        ])
        defer { fixture.remove() }
        let plan = try await fixture.apply(.merge(["js", "es6"], into: "javascript"))
        #expect(plan.linksChanged == 9)
        try fixture.expectRewritten(to: "javascript", except: ["tags.yml"])
        // The entry keeps its title (the tag's address comes from its name: tags/javascript/) and gains
        // the addresses that go away as aliases: es6's and js's.
        #expect(
            String(decoding: try fixture.bytes("tags.yml"), as: UTF8.self)
                == "javascript:\n  title: JS\n  aliases: [\"/tags/es6/\", \"/tags/js/\", ecma]\nnode:\n  parent: javascript   # the language\n"
        )
        let site = try await fixture.site()
        let tag = try #require(site.tags.first { $0.key == "javascript" })
        #expect(tag.name == "JS")  // the entry that moved over keeps its title
        #expect(tag.links.count == 10)  // g.md's alias `ecma` now belongs to javascript too
        #expect(site.tags.map(\.key).sorted() == ["javascript", "web"])
        for link in site.links { #expect(Set(link.tags).count == link.tags.count) }
    }

    @Test func refusesWhenBothTagsHaveEntries() async throws {
        let fixture = try TagFixture([
            "tags.yml": "js:\n  title: JS\njavascript:\n  title: JavaScript\n",
            "links/a.md": "---\nurl: https://a.example\ntitle: A\ntags: [js]\n---\n",
        ])
        defer { fixture.remove() }
        let problems = await fixture.refusal(.merge(["js"], into: "javascript"))
        #expect(problems.count == 1)
        #expect(problems.first?.location == LinkyModel.SourceLocation(path: "tags.yml", line: 1))
        #expect(problems.first?.message.contains("both have an entry") == true)
        try fixture.expectUnchanged()
    }

    @Test func refusesAliasesAndUnknownNames() async throws {
        let fixture = try TagFixture([
            "tags.yml": "javascript:\n  aliases: [js]\n",
            "links/a.md": "---\nurl: https://a.example\ntitle: A\ntags: [js, web, swift]\n---\n",
        ])
        defer { fixture.remove() }
        let alias = await fixture.refusal(.merge(["js"], into: "web"))
        #expect(alias.first?.message == "\"js\" is an alias of \"javascript\" in tags.yml, not a tag of its own")
        let intoAlias = await fixture.refusal(.merge(["web"], into: "JS"))
        #expect(intoAlias.first?.hint == "merge into the tag itself: `… INTO javascript`")
        let unknown = await fixture.refusal(.merge(["swfit", "wbe"], into: "javascript"))
        #expect(unknown.map(\.message) == ["there is no tag \"swfit\"", "there is no tag \"wbe\""])
        #expect(unknown.first?.hint?.hasPrefix("did you mean \"swift\" (1 link)?") == true)
        let same = await fixture.refusal(.merge(["Web"], into: "web"))
        #expect(same.first?.message == "\"Web\" and \"web\" are the same tag")
        try fixture.expectUnchanged()
    }
}
