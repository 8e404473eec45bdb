import Foundation
import LinkyBuild
import LinkyModel
import Testing

/// Malformed input (issue 6): each case gives a clear diagnostic naming the file (and line where it
/// has one), never a crash or a hang, and the good files around it still parse.
@Suite struct MalformedInputTests {
    static let good = TestSite.link(url: "https://example.com/good", title: "Good")

    /// Builds `files` plus one good link, and returns the report.
    func build(_ files: [String: Data]) async throws -> (TestSite, BuildReport) {
        let site = try TestSite(["links/good.md": Self.good])
        for (path, data) in files { try site.write(path, data) }
        return (site, await site.build())
    }

    func diagnostic(_ report: BuildReport, at path: String) -> Diagnostic? {
        report.diagnostics.first { $0.location?.path == path }
    }

    @Test(arguments: [
        // libyaml notices the unclosed list on the next line, and says so.
        ("invalid YAML", "---\nurl: [unclosed\ntitle: x\n---\n", LinkyModel.DiagnosticCode.invalidFrontMatter, 3),
        ("tab indentation", "---\nurl: https://a.example/\n\ttitle: x\n---\n", .invalidFrontMatter, 3),
        ("unterminated front matter", "---\nurl: https://a.example/\ntitle: x\n", .unterminatedFrontMatter, 1),
        ("a list for the title", "---\nurl: https://a.example/\ntitle: [a, b]\n---\n", .invalidFieldType, 3),
        ("a mapping for the url", "---\nurl: {a: 1}\ntitle: x\n---\n", .invalidFieldType, 2),
        ("a number for tags", "---\nurl: https://a.example/\ntitle: x\ntags: {a: 1}\n---\n", .invalidTags, 4),
        (
            "favorite not a boolean", "---\nurl: https://a.example/\ntitle: x\nfavorite: maybe\n---\n",
            .invalidFieldType, 4
        ),
        ("front matter that is a list", "---\n- url\n- title\n---\n", .invalidFrontMatter, 2),
    ])
    func brokenFrontMatter(what: String, text: String, code: DiagnosticCode, line: Int) async throws {
        let (site, report) = try await build(["links/bad.md": Data(text.utf8)])
        defer { site.remove() }
        let found = try #require(diagnostic(report, at: "links/bad.md"), "\(what): \(report.diagnostics)")
        #expect(found.code == code, "\(what)")
        #expect(found.location?.line == line, "\(what)")
        #expect(found.hint?.isEmpty == false)
        #expect(report.site?.links.contains { $0.title == "Good" } == true)
    }

    @Test func binaryFilesAndInvalidUTF8() async throws {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png.append(Data((0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 31) }))
        var latin1 = Data("---\nurl: https://a.example/\ntitle: caf".utf8)
        latin1.append(0xE9)
        latin1.append(Data("\n---\n".utf8))
        let (site, report) = try await build(["links/image.md": png, "links/latin1.md": latin1])
        defer { site.remove() }
        #expect(diagnostic(report, at: "links/image.md")?.code == .invalidEncoding)
        let latin = try #require(diagnostic(report, at: "links/latin1.md"))
        #expect(latin.code == .invalidEncoding)
        #expect(latin.location?.line == 3, "the line with the bad byte")
    }

    @Test func nulBytesAreReported() async throws {
        let text = "---\nurl: https://a.example/\ntitle: a\u{0}b\n---\n"
        let (site, report) = try await build(["links/nul.md": Data(text.utf8)])
        defer { site.remove() }
        let found = try #require(diagnostic(report, at: "links/nul.md"), "\(report.diagnostics)")
        #expect(found.severity == .error)
        #expect(found.location?.line == 3)
    }

    @Test func bomCRLFAndCRLineEndings() async throws {
        let body = "---\nurl: https://a.example/\ntitle: Lines\ntags: [a]\n---\nNote line one.\nLine two.\n"
        let (site, report) = try await build([
            "links/crlf.md": Data(("\u{FEFF}" + body.replacingOccurrences(of: "\n", with: "\r\n")).utf8),
            "links/cr.md": Data(
                body.replacingOccurrences(of: "\n", with: "\r").replacingOccurrences(of: "a.example", with: "b.example")
                    .utf8),
        ])
        defer { site.remove() }
        #expect(!report.diagnostics.containsErrors, "\(report.diagnostics)")
        #expect(report.site?.links.filter { $0.title == "Lines" }.count == 2)
    }

    @Test func aFiftyMegabyteNoteIsRefusedUnreadAndANoteJustUnderTheLimitBuilds() async throws {
        let line = String(repeating: "word ", count: 19) + "end.\n"
        let huge = String(repeating: line, count: 50 * 1024 * 1024 / line.utf8.count)
        // One paragraph: cmark-gfm's worst case, quadratic in its length.
        let paragraph = String(repeating: "word ", count: (ContentLimits.maximumNoteBytes - 100) / 5)
        let (site, report) = try await build([
            "links/huge.md": Data(("---\nurl: https://a.example/\ntitle: Huge\n---\n" + huge).utf8),
            "links/long.md": Data(("---\nurl: https://b.example/\ntitle: Long\n---\n" + paragraph).utf8),
        ])
        defer { site.remove() }
        // Refused unread: rendered, the 50 MB took minutes (the time is not asserted here: the suite runs
        // in parallel on shared machines; what is refused is).
        #expect(report.diagnostics.map(\.code) == [.fileTooLarge], "\(report.diagnostics)")
        #expect(report.diagnostics.first?.location?.path == "links/huge.md")
        #expect(report.site?.links.contains { $0.title == "Long" } == true)
    }

    @Test func deeplyNestedListsInNotesAndListFiles() async throws {
        // Up to the limit (100 levels, issue 39) a note and a list file build; past it, 400 levels in a
        // note and 700 in a list file (490 KB) are each one located error, never a crash.
        func levels(_ range: Range<Int>) -> String {
            range.map { String(repeating: "  ", count: $0) + "- level \($0)\n" }.joined()
        }
        let quotes = String(repeating: ">", count: 5_000) + " deep\n"
        let brackets = String(repeating: "[", count: 20_000) + "x" + String(repeating: "]", count: 20_000) + "\n"
        let (fits, fitting) = try await build([
            "links/nested.md": Data(("---\nurl: https://a.example/\ntitle: Nested\n---\n" + levels(0..<90)).utf8),
            "links/list.md": Data(("---\ntitle: List\n---\n- [A](https://b.example/) - d\n" + levels(0..<90)).utf8),
        ])
        fits.remove()
        #expect(!fitting.diagnostics.containsErrors, "\(fitting.diagnostics)")
        #expect(fitting.outcome == .success)
        let (site, report) = try await build([
            "links/nested.md": Data(
                ("---\nurl: https://a.example/\ntitle: Nested\n---\n" + levels(0..<400) + quotes + brackets).utf8),
            "links/list.md": Data(("---\ntitle: List\n---\n- [A](https://b.example/) - d\n" + levels(0..<700)).utf8),
        ])
        defer { site.remove() }
        let deep = report.diagnostics.filter { $0.code == .nestedTooDeep }
        #expect(deep.map { $0.location?.description } == ["links/list.md:105", "links/nested.md:105"], "\(deep)")
        #expect(report.outcome == .contentErrors)
    }

    @Test func symlinkLoopsInTheContentFolder() async throws {
        let site = try TestSite([
            "links/good.md": Self.good, "links/a/one.md": TestSite.link(url: "https://c.example/", title: "One"),
        ])
        defer { site.remove() }
        let links = site.folder.appending(path: "links")
        try FileManager.default.createSymbolicLink(
            atPath: links.appending(path: "a/loop").path, withDestinationPath: links.path)
        try FileManager.default.createSymbolicLink(
            atPath: links.appending(path: "self").path, withDestinationPath: links.appending(path: "self").path)
        let report = await site.build()
        #expect(report.site?.links.count == 2, "\(report.diagnostics)")
        #expect(report.diagnostics.contains { $0.location?.path.hasPrefix("links/") == true })
    }

    @Test func unreadableFilesAreReported() async throws {
        guard getuid() != 0 else {
            // root reads every file whatever its mode; the case cannot happen as root.
            let (site, report) = try await build([:])
            defer { site.remove() }
            #expect(report.outcome == .success)
            return
        }
        let (site, _) = try await build(["links/secret.md": Data(Self.good.utf8)])
        defer { site.remove() }
        let file = site.folder.appending(path: "links/secret.md")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: file.path)
        let report = await site.build()
        #expect(diagnostic(report, at: "links/secret.md")?.code == .unreadableFile)
    }

    @Test func hostileConfigAndTagsFiles() async throws {
        let (site, report) = try await build([
            "linky.yml": Data(
                "title: [not, a, string]\npage_size: -5\noutput_dir: ../../etc\ncontent_dir: /etc\n".utf8),
            "tags.yml": Data("- just\n- a list\n".utf8),
        ])
        defer { site.remove() }
        #expect(report.outcome == .contentErrors)
        #expect(report.diagnostics.contains { $0.location?.path == "linky.yml" && $0.location?.line == 1 })
        #expect(report.diagnostics.contains { $0.location?.path == "linky.yml" && $0.location?.line == 3 })
        #expect(report.diagnostics.contains { $0.location?.path == "tags.yml" })
    }
}
