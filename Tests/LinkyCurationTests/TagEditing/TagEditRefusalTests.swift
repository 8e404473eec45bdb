import Foundation
import LinkyCuration
import LinkyModel
import Testing

/// Every refusal leaves every file as it was, and says where and why.
@Suite struct TagEditRefusalTests {
    static let files = [
        "tags.yml": "javascript:\n  aliases: [js]\n",
        "links/a.md": "---\nurl: https://a.example\ntitle: A\ntags: [swift, web, javascript]\n---\n",
        "links/b.md": "---\nurl: https://b.example\ntitle: B\ntags: swift, web\n---\n",
        "links/list.md": "# List\n\n- [C](https://c.example) - see. #swift\n- [D](https://d.example) `#web` #web\n",
    ]

    @Test func refusesAnAliasAsTheTagToRename() async throws {
        let fixture = try TagFixture(Self.files)
        defer { fixture.remove() }
        let problems = await fixture.refusal(.rename("JS", to: "ecmascript"))
        #expect(
            problems == [
                TagEditProblem(
                    location: LinkyModel.SourceLocation(path: "tags.yml", line: 1),
                    message: "\"JS\" is an alias of \"javascript\" in tags.yml, not a tag of its own",
                    hint:
                        "rename the tag itself (`linky-site tags rename javascript ecmascript`), or change the alias in tags.yml by hand"
                )
            ])
        try fixture.expectUnchanged()
    }

    @Test func sendsARenameOntoAnotherTagToMerge() async throws {
        let fixture = try TagFixture(Self.files)
        defer { fixture.remove() }
        let problems = await fixture.refusal(.rename("swift", to: "Web"))
        #expect(problems.first?.message == "\"Web\" is already a tag")
        #expect(
            problems.first?.hint == "to put the links of \"swift\" under it, run `linky-site tags merge swift INTO Web`"
        )
        let ontoAlias = await fixture.refusal(.rename("swift", to: "js"))
        #expect(ontoAlias.first?.message == "\"js\" is already a tag: an alias of \"javascript\" in tags.yml")
        try fixture.expectUnchanged()
    }

    @Test func refusesANameAListFileCannotHoldBeforeWritingAnything() async throws {
        let fixture = try TagFixture(Self.files)
        defer { fixture.remove() }
        let problems = await fixture.refusal(.rename("swift", to: "swift lang"))
        #expect(problems.map(\.location) == [LinkyModel.SourceLocation(path: "links/list.md", line: 3)])
        #expect(problems.first?.hint?.contains("\"swift-lang\"") == true)
        try fixture.expectUnchanged()
    }

    @Test func refusesACommaInAName() async throws {
        let fixture = try TagFixture(Self.files)
        defer { fixture.remove() }
        let problems = await fixture.refusal(.rename("web", to: "web, www"))
        // b.md's tags are one comma-separated string; the list item cannot hold it either.
        #expect(problems.map(\.location?.path) == ["links/b.md", "links/list.md"])
        try fixture.expectUnchanged()
    }

    @Test func neverRewritesATagInsideCode() async throws {
        let fixture = try TagFixture(Self.files)
        defer { fixture.remove() }
        // `#web` in item D's code span is not a tag (the build reads only the plain `#web`): the
        // rename rewrites the tag and leaves the code as it is.
        _ = try await fixture.apply(.rename("web", to: "www"))
        let list = String(decoding: try fixture.bytes("links/list.md"), as: UTF8.self)
        #expect(list.contains("- [D](https://d.example) `#web` #www\n"))
        #expect(try await fixture.tagCounts()["www"] == 3)
    }

    @Test func leavesTagsWrittenAsABlockScalarAlone() async throws {
        let fixture = try TagFixture([
            "links/a.md": "---\nurl: https://a.example\ntitle: A\ntags: >-\n  swift,\n  web\n---\n",
            "links/b.md": "---\nurl: https://b.example\ntitle: B\ntags: [swift, rust]\n---\n",
        ])
        defer { fixture.remove() }
        let problems = await fixture.refusal(.rename("swift", to: "swift-lang"))
        #expect(problems.map(\.location) == [LinkyModel.SourceLocation(path: "links/a.md", line: 4)])
        try fixture.expectUnchanged()
        // A tag the block scalar does not hold is renamed as usual.
        let plan = try await fixture.plan(.rename("rust", to: "rust-lang"))
        // tags.yml is made to keep the old address /tags/rust/ (see TagAliasTests).
        #expect(plan.changes.map(\.path) == ["links/b.md", "tags.yml"])
    }

    @Test func refusesASiteWithErrors() async throws {
        var files = Self.files
        files["links/broken.md"] = "---\ntitle: No URL\ntags: [swift]\n---\n"
        let fixture = try TagFixture(files)
        defer { fixture.remove() }
        do {
            _ = try await fixture.plan(.rename("swift", to: "swift-lang"))
            Issue.record("expected the site's errors")
        } catch .siteHasErrors(let diagnostics) {
            #expect(diagnostics.map(\.code) == [.missingURL])
        } catch {
            Issue.record("\(error)")
        }
        try fixture.expectUnchanged()
    }

    @Test(arguments: ["", "  ", "#", "two\nlines"])
    func refusesAnUnusableNewName(name: String) async throws {
        let fixture = try TagFixture(Self.files)
        defer { fixture.remove() }
        do {
            _ = try await fixture.plan(.rename("swift", to: name))
            Issue.record("expected a usage error")
        } catch .invalidRequest(let problem) {
            #expect(problem.message.hasPrefix("the new tag name"))
        } catch {
            Issue.record("\(error)")
        }
    }
}
