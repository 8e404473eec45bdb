import Foundation
import LinkyBuild
import LinkyModel
import Testing

/// One broken input per diagnostic code, checking the code, the file and the line.
@Suite struct DiagnosticCodeTests {
    /// docs/codes.md lists every code with the name `--format json` gives it: a code added without a
    /// line there fails here.
    @Test func docsCodesListsEveryCodeWithItsName() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let doc = try String(contentsOf: root.appending(path: "docs/codes.md"), encoding: .utf8)
        for code in DiagnosticCode.allCases {
            #expect(doc.contains("| \(code.rawValue) | \(code.name) | "), "\(code.rawValue) \(code.name)")
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var code: DiagnosticCode
        var files: [String: String]
        var binary: [String: [UInt8]] = [:]
        var path: String
        var line: Int?
        var testDescription: String { "\(code.rawValue) \(code.name)" }
    }

    static let good = TestSite.link(url: "https://example.com/ok", title: "Fine", date: "2024-01-01")

    static let cases: [Case] = [
        Case(
            code: .invalidFrontMatter, files: ["links/a.md": "---\nurl: https://a.example\ntitle: a: b\n---\n"],
            path: "links/a.md", line: 3),
        Case(
            code: .missingURL, files: ["links/a.md": "---\ntitle: No address\ntags: [x]\n---\nSome note.\n"],
            path: "links/a.md", line: 1),
        Case(
            code: .missingTitle, files: ["links/a.md": "---\nurl: https://a.example\n---\n"], path: "links/a.md",
            line: 1),
        Case(
            code: .invalidTags,
            files: ["links/a.md": "---\nurl: https://a.example\ntitle: A\ntags:\n  first: second\n---\n"],
            path: "links/a.md", line: 4),
        Case(
            code: .invalidLabels,
            files: ["links/a.md": "---\nurl: https://a.example\ntitle: A\nlabels:\n  first: second\n---\n"],
            path: "links/a.md", line: 4),
        Case(
            code: .invalidURL, files: ["links/a.md": "---\ntitle: A\nurl: javascript:alert(1)\n---\n"],
            path: "links/a.md", line: 3),
        Case(
            code: .invalidDate, files: ["links/a.md": "---\nurl: https://a.example\ntitle: A\ndate: 2024-13-01\n---\n"],
            path: "links/a.md", line: 4),
        Case(
            code: .invalidFieldType,
            files: ["links/a.md": "---\nurl: https://a.example\ntitle: A\nfavorite: maybe\n---\n"], path: "links/a.md",
            line: 4),
        Case(
            code: .unterminatedFrontMatter, files: ["links/a.md": "---\nurl: https://a.example\ntitle: A\n"],
            path: "links/a.md", line: 1),
        Case(
            code: .unknownKey, files: ["links/a.md": "---\nurl: https://a.example\ntitle: A\nratng: 5\n---\n"],
            path: "links/a.md", line: 4),
        Case(
            code: .duplicateLink,
            files: [
                "links/a.md": TestSite.link(url: "https://dup.example/page/", title: "A"),
                "links/b.md": TestSite.link(url: "HTTPS://DUP.example/page?utm_source=x#top", title: "B"),
            ], path: "links/b.md", line: 2),
        Case(
            code: .slugCollision,
            files: [
                "links/c/Note.md": TestSite.link(url: "https://a.example", title: "A", note: "a note"),
                "links/c/note.md": TestSite.link(url: "https://b.example", title: "B", note: "a note"),
            ], path: "links/c/note.md", line: 1),
        Case(
            code: .invalidCategoryIndex,
            files: ["links/c/_index.md": "---\ntitle: C\ncolour: red\n---\n", "links/c/a.md": good],
            path: "links/c/_index.md", line: 3),
        Case(
            code: .listItemInvalidURL,
            files: ["links/list.md": "# List\n\n- [ok](https://ok.example)\n- [bad](javascript:alert(1)) - evil\n"],
            path: "links/list.md", line: 4),
        Case(
            code: .emptyListFile, files: ["links/README.md": "# Just prose\n\nNothing to see.\n", "links/a.md": good],
            path: "links/README.md", line: 1),
        Case(
            code: .relativeListLink,
            files: ["links/list.md": "# List\n\n- [ok](https://ok.example)\n- [Guide](./docs/guide.md) - ours\n"],
            path: "links/list.md", line: 4),
        Case(
            code: .brokenAnchor,
            files: ["links/list.md": "# List\n\n## Tools\n- [ok](https://ok.example)\n\nSee [Nothing](#nothing).\n"],
            path: "links/list.md", line: 6),
        Case(
            code: .listLinkUnread,
            files: [
                "links/list.md":
                    "# List\n\n## Tools\n- [ok](https://ok.example)\n\nSee <a href=\"https://b.example/\">b</a>.\n"
            ],
            path: "links/list.md", line: 6),
        Case(
            code: .categoryDefinedTwice,
            files: [
                "links/tools/_index.md": "---\ntitle: Tools\n---\n", "links/tools/a.md": good,
                "links/tools.md": "- [x](https://x.example)\n",
            ],
            path: "links/tools/_index.md", line: 1),
        Case(
            code: .noteTooLarge,
            files: [
                "links/a.md": "---\nurl: https://a.example\ntitle: A\n---\n"
                    + String(repeating: "x", count: ContentLimits.maximumNoteBytes + 1)
            ],
            path: "links/a.md", line: 5),
        Case(
            code: .urlWithCredentials, files: ["links/a.md": "---\ntitle: A\nurl: https://me:secret@a.example/\n---\n"],
            path: "links/a.md", line: 3),
        Case(
            code: .invalidTagsFile, files: ["tags.yml": "swift:\n  title: Swift\nrust: 5\n", "links/a.md": good],
            path: "tags.yml", line: 3),
        Case(
            code: .tagAliasConflict,
            files: ["tags.yml": "js:\n  aliases: [ecma]\nts:\n  aliases: [ecma]\n", "links/a.md": good],
            path: "tags.yml", line: 3),
        Case(
            code: .unknownParentTag,
            files: [
                "tags.yml": "swift:\n  parent: nowhere\n",
                "links/a.md": TestSite.link(url: "https://a.example", title: "A", tags: "[swift]"),
            ], path: "tags.yml", line: 1),
        Case(
            code: .tagParentCycle,
            files: [
                "tags.yml": "a:\n  parent: b\nb:\n  parent: a\n",
                "links/a.md": TestSite.link(url: "https://a.example", title: "A", tags: "[a]"),
            ], path: "tags.yml", line: 1),
        Case(
            code: .invalidConfig, files: ["linky.yml": "title: T\npage_size: zero\n", "links/a.md": good],
            path: "linky.yml", line: 2),
        Case(
            code: .invalidTemplate, files: ["templates/home.mustache": "{{#a}}\n", "links/a.md": good],
            path: "templates/home.mustache", line: nil),
        Case(
            code: .missingPartial, files: ["templates/tag.mustache": "x\n\n{{>partials/nope}}\n", "links/a.md": good],
            path: "templates/tag.mustache", line: 3),
        Case(
            code: .invalidEncoding, files: ["links/b.md": good],
            binary: [
                "links/a.md": Array("---\nurl: https://a.example\ntitle: A".utf8) + [0xFF] + Array("\n---\n".utf8)
            ],
            path: "links/a.md", line: 3),
        Case(
            code: .fileTooLarge,
            files: [
                "links/b.md": good,
                "links/a.md": "---\nurl: https://a.example\ntitle: A\n---\n"
                    + String(repeating: "x\n", count: ContentLimits.maximumFileBytes / 2),
            ],
            path: "links/a.md", line: nil),
        Case(
            code: .nestedTooDeep,
            files: [
                "links/b.md": good,
                "links/a.md": "# A\n\n" + String(repeating: "- ", count: 200) + "[a](https://a.example)\n",
            ],
            path: "links/a.md", line: 3),
        Case(code: .missingContentFolder, files: ["linky.yml": "title: T\n"], path: "links", line: nil),
    ]

    @Test(arguments: cases)
    func reportsTheCodeAtTheFileAndLine(_ testCase: Case) async throws {
        let site = try TestSite(testCase.files)
        defer { site.remove() }
        for (path, bytes) in testCase.binary { try site.write(path, Data(bytes)) }
        let report = await site.build()
        let found = report.diagnostics.filter { $0.code == testCase.code }
        let diagnostic = try #require(found.first, "no \(testCase.code.rawValue) in \(report.diagnostics)")
        #expect(diagnostic.location?.path == testCase.path)
        if let line = testCase.line { #expect(diagnostic.location?.line == line) }
        #expect(!diagnostic.message.isEmpty)
        #expect(diagnostic.hint?.isEmpty == false)
        if diagnostic.severity == .error {
            #expect(report.outcome == .contentErrors)
            #expect(!site.exists("index.html"))
        }
    }

    @Test func missingBaseURLIsAWarningAtTheConfig() async throws {
        let site = try TestSite(["links/a.md": Self.good])
        defer { site.remove() }
        let report = await site.build(baseURL: nil)
        let warning = try #require(report.diagnostics.first { $0.code == .missingBaseURL })
        #expect(warning.severity == .warning)
        // No linky.yml: no file that is not there is named, and the hint says to create it.
        #expect(warning.location == nil)
        #expect(warning.hint?.contains("create linky.yml") == true)
        #expect(report.outcome == .success)
        let strict = await site.build(baseURL: nil, strict: true)
        #expect(strict.outcome == .contentErrors)
        try site.write("linky.yml", "title: Mine\n")
        let withSettings = await site.build(baseURL: nil)
        #expect(withSettings.diagnostics.first { $0.code == .missingBaseURL }?.location?.path == "linky.yml")
        // A base_url that is refused is that error alone, with the address to write.
        try site.write("linky.yml", "base_url: example.com\n")
        let refused = await site.build(baseURL: nil)
        #expect(!refused.diagnostics.contains { $0.code == .missingBaseURL }, "\(refused.diagnostics)")
        let error = try #require(refused.diagnostics.first { $0.code == .invalidConfig })
        #expect(error.hint == "write it with its scheme: `https://example.com/`")
    }

    @Test func aBrokenSymbolicLinkIsReported() async throws {
        let site = try TestSite(["links/a.md": Self.good])
        defer { site.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: site.folder.appending(path: "links/gone.md").path, withDestinationPath: "/nonexistent/file.md")
        let report = await site.build()
        let warning = try #require(report.diagnostics.first { $0.code == .unreadableFile })
        #expect(warning.location?.path == "links/gone.md")
    }

    @Test func anUnsafeOutputFolderIsRefused() async throws {
        let site = try TestSite(["links/a.md": Self.good])
        defer { site.remove() }
        let report = await site.build(output: site.folder.appending(path: "links"))
        #expect(report.outcome == .outputFailed)
        #expect(report.diagnostics.contains { $0.code == .unsafeOutputFolder })
        #expect(FileManager.default.fileExists(atPath: site.folder.appending(path: "links/a.md").path))
    }

    @Test func anUnwritableOutputIsReported() async throws {
        let site = try TestSite(["links/a.md": Self.good, "blocker": "a file, not a folder"])
        defer { site.remove() }
        let report = await site.build(output: site.folder.appending(path: "blocker/out"))
        #expect(report.outcome == .outputFailed)
        #expect(report.diagnostics.contains { $0.code == .outputWriteFailed })
    }

    @Test func everyProblemInEveryFileIsReportedInOneRun() async throws {
        let site = try TestSite([
            "links/a.md": "---\ntitle: A\n---\n", "links/b.md": "---\nurl: https://b.example\n---\n",
            "links/c.md": "---\nurl: https://c.example\ntitle: C\ndate: soon\n---\n",
        ])
        defer { site.remove() }
        let report = await site.build()
        #expect(Set(report.diagnostics.map(\.code)).isSuperset(of: [.missingURL, .missingTitle, .invalidDate]))
        #expect(report.diagnostics.map(\.location?.path) == report.diagnostics.sorted().map(\.location?.path))
    }
}
