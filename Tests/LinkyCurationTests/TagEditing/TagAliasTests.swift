import Foundation
import LinkyBuild
import LinkyCuration
import LinkyModel
import Testing

@testable import LinkyCuration

/// `tags rename` and `tags merge` keep the old address of a tag working: `/tags/<old slug>/` becomes
/// an alias of the tag in tags.yml, and the build writes a redirect there.
@Suite struct TagAliasTests {
    static func site(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "linky-alias-\(UUID().uuidString)")
        for (path, text) in files {
            let url = folder.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    static func read(_ folder: URL, _ path: String) throws -> String {
        try String(contentsOf: folder.appending(path: path), encoding: .utf8)
    }

    @Test func renameMakesTagsYmlWithTheOldAddressAndTheBuildRedirects() async throws {
        let folder = try Self.site([
            "links/a.md": "---\nurl: https://a.example\ntitle: A\ntags: [C++, web]\n---\nNote.\n",
            "links/b.md": "---\nurl: https://b.example\ntitle: B\ntags: [c++]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let plan = try await TagRewriter(siteFolder: folder).plan(.rename("C++", to: "cpp"))
        try plan.apply()
        #expect(try Self.read(folder, "tags.yml") == "\"cpp\":\n  aliases: [\"/tags/c-plus-plus/\"]\n")
        #expect(plan.notes.contains { $0.contains("/tags/c-plus-plus/ redirects") })
        let report = await SiteBuilder().build(BuildOptions(siteFolder: folder))
        #expect(report.outcome == .success)
        let redirect = try Self.read(folder, "_site/tags/c-plus-plus/index.html")
        #expect(redirect.contains("url=../../tags/cpp/index.html"))
        // A rename that keeps the address (only the case changes) adds nothing.
        let same = try await TagRewriter(siteFolder: folder).plan(.rename("web", to: "Web"))
        #expect(!same.changes.contains { $0.path == "tags.yml" })
    }

    @Test(arguments: [
        // An entry with settings: a new `aliases:` line, indented like them.
        (
            "old:\n  description: The old one # keep\nother: {}\n",
            "new:\n  aliases: [\"/tags/old/\"]\n  description: The old one # keep\nother: {}\n"
        ),
        // Aliases as a flow list, and as a block list.
        ("old:\n  aliases: [vieux]\n", "new:\n  aliases: [\"/tags/old/\", vieux]\n"),
        ("old:\n  aliases:\n    - vieux\n", "new:\n  aliases:\n    - \"/tags/old/\"\n    - vieux\n"),
        // An entry with nothing under it, and no entry at all (CRLF kept).
        ("old:\nother:\n  title: Other\n", "new:\n  aliases: [\"/tags/old/\"]\nother:\n  title: Other\n"),
        ("other:\r\n  title: Other\r\n", "other:\r\n  title: Other\r\n\"new\":\r\n  aliases: [\"/tags/old/\"]\r\n"),
    ])
    func renameAddsTheOldAddressToTheEntry(tagsFile: String, expected: String) async throws {
        let folder = try Self.site([
            "tags.yml": tagsFile,
            "links/a.md": "---\nurl: https://a.example\ntitle: A\ntags: [old, other]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let plan = try await TagRewriter(siteFolder: folder).plan(.rename("old", to: "new"))
        try plan.apply()
        #expect(try Self.read(folder, "tags.yml") == expected)
        let report = await SiteBuilder().build(BuildOptions(siteFolder: folder))
        #expect(report.outcome == .success, "\(report.diagnostics)")
        #expect(try Self.read(folder, "_site/tags/old/index.html").contains("url=../../tags/new/index.html"))
    }

    @Test func mergeKeepsEveryMergedAddress() async throws {
        let folder = try Self.site([
            "tags.yml": "javascript:\n  aliases: [js]\n",
            "links/a.md": "---\nurl: https://a.example\ntitle: A\ntags: [ecmascript, javascript]\n---\n",
            "links/b.md": "---\nurl: https://b.example\ntitle: B\ntags: [es6]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        try await TagRewriter(siteFolder: folder).plan(.merge(["ecmascript", "es6"], into: "javascript")).apply()
        #expect(
            try Self.read(folder, "tags.yml") == "javascript:\n  aliases: [\"/tags/ecmascript/\", \"/tags/es6/\", js]\n"
        )
        let report = await SiteBuilder().build(BuildOptions(siteFolder: folder))
        #expect(report.outcome == .success)
        for old in ["ecmascript", "es6", "js"] {
            #expect(
                try Self.read(folder, "_site/tags/\(old)/index.html").contains("url=../../tags/javascript/index.html"))
        }
    }

    @Test func anEntryItCannotExtendIsANote() async throws {
        let folder = try Self.site([
            "tags.yml": "old: {description: flow style}\n",
            "links/a.md": "---\nurl: https://a.example\ntitle: A\ntags: [old]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let plan = try await TagRewriter(siteFolder: folder).plan(.rename("old", to: "new"))
        #expect(plan.notes.contains { $0.contains("add `aliases: [/tags/old/]` to \"new\" in tags.yml") })
        try plan.apply()
        #expect(try Self.read(folder, "tags.yml") == "new: {description: flow style}\n")
    }
}

/// A list file's front-matter `tags:` apply to every item, so renaming them is renaming those items' tags.
@Suite struct ListFileTagRenameTests {
    @Test func renamesAListFilesFrontMatterTags() async throws {
        let folder = try TagAliasTests.site([
            "links/places.md":
                "---\ntitle: Places\ntags: [food, 맛집]\n---\n- [A](https://a.example) - One. #own #food\n- [B](https://b.example)\n"
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let plan = try await TagRewriter(siteFolder: folder).plan(.rename("food", to: "eating"))
        try plan.apply()
        #expect(
            try TagAliasTests.read(folder, "links/places.md")
                == "---\ntitle: Places\ntags: [eating, 맛집]\n---\n- [A](https://a.example) - One. #own #eating\n- [B](https://b.example)\n"
        )
        var options = BuildOptions(siteFolder: folder)
        options.writeOutput = false
        let site = try #require(await SiteBuilder().build(options).site)
        #expect(site.tags.first { $0.key == "eating" }?.links.count == 2)
        #expect(!site.tags.contains { $0.key == "food" })
    }
}
