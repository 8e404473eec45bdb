import Foundation
import LinkyBuild
import LinkyModel
import Testing

/// Sources a hostile or clumsy user makes (issue 24): links out of the site, huge files, names in two
/// Unicode forms or in no encoding at all, credentials in addresses, reserved names.
@Suite struct HostileInputTests {
    static let good = TestSite.link(url: "https://example.com/ok", title: "Fine", date: "2024-01-01")

    // MARK: - Symbolic links out of the site

    @Test func aSymbolicLinkOutOfTheSiteInTheContentIsAnErrorNamingIt() async throws {
        let site = try TestSite(["links/a.md": Self.good])
        defer { site.remove() }
        let outside = FileManager.default.temporaryDirectory.appending(path: "linky-outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: outside.appending(path: "secret"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        try TestSite.link(url: "https://secret.example/", title: "Secret title", note: "secret note").write(
            to: outside.appending(path: "secret/leak.md"), atomically: true, encoding: .utf8)
        let links = site.folder.appending(path: "links")
        try FileManager.default.createSymbolicLink(
            atPath: links.appending(path: "outdir").path, withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(
            atPath: links.appending(path: "file.md").path,
            withDestinationPath: outside.appending(path: "secret/leak.md").path)
        // A link to `/` must be refused, not walked.
        try FileManager.default.createSymbolicLink(atPath: links.appending(path: "root").path, withDestinationPath: "/")
        // One inside the site is fine.
        try FileManager.default.createSymbolicLink(
            atPath: links.appending(path: "again.md").path, withDestinationPath: "a.md")
        let report = await site.build()
        let refused = report.diagnostics.filter { $0.code == .outsideSite }
        #expect(Set(refused.compactMap(\.location?.path)) == ["links/outdir", "links/file.md", "links/root"])
        #expect(refused.allSatisfy { $0.severity == .error })
        #expect(report.outcome == .contentErrors)
        #expect(!site.exists("index.html"))
        #expect(!report.diagnostics.contains { $0.location?.path.contains("secret") == true })
    }

    @Test func aContentFolderThatIsASymbolicLinkOutOfTheSiteIsRefused() async throws {
        let outside = try TestSite(["a.md": Self.good])
        defer { outside.remove() }
        let site = try TestSite(["linky.yml": "title: T\n"])
        defer { site.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: site.folder.appending(path: "links").path, withDestinationPath: outside.folder.path)
        let report = await site.build()
        #expect(report.diagnostics.contains { $0.code == .outsideSite && $0.location?.path == "links" })
        #expect(report.outcome == .contentErrors)
    }

    // MARK: - Sizes

    /// A file under the size limit with one paragraph longer than the block limit (cmark-gfm's worst
    /// case, quadratic in a paragraph's length) is refused at the paragraph's line; a longer file of
    /// many short items (an exported awesome list) is read.
    @Test func aParagraphLongerThanTheBlockLimitIsRefusedAtItsLine() async throws {
        let site = try TestSite(["links/a.md": Self.good])
        defer { site.remove() }
        let paragraph = String(
            repeating: "word *em* [x](https://x.example/) ", count: ContentLimits.maximumBlockBytes / 34 + 10)
        try site.write("links/list.md", "---\ntitle: List\n---\n- [A](https://b.example/)\n\n" + paragraph + "\n")
        let items = (0..<40_000).map { "- [Item \($0)](https://items.example/\($0)) - an item of a long list" }
        try site.write("links/long.md", "---\ntitle: Long\n---\n" + items.joined(separator: "\n") + "\n")
        let report = await site.build()
        let error = try #require(report.diagnostics.first { $0.code == .fileTooLarge })
        #expect(error.location == SourceLocation(path: "links/list.md", line: 6))
        #expect(error.message.contains("512 KB"))
        #expect(report.diagnostics.filter { $0.code == .fileTooLarge }.count == 1)
        let long = try #require(report.site?.listFiles.first { $0.path == "links/long.md" })
        #expect(long.linksMade == 40_000)
    }

    @Test func aFileLargerThanTheLimitIsRefusedUnreadWithItsName() async throws {
        let site = try TestSite(["links/a.md": Self.good])
        defer { site.remove() }
        let huge =
            TestSite.link(url: "https://huge.example/", title: "Huge")
            + String(repeating: "word ", count: ContentLimits.maximumFileBytes / 5 + 10)
        try site.write("links/huge.md", huge)
        let report = await site.build()
        let error = try #require(report.diagnostics.first { $0.code == .fileTooLarge })
        #expect(error.location?.path == "links/huge.md")
        #expect(error.severity == .error)
        #expect(error.message.contains("8 MB"))
        #expect(report.outcome == .contentErrors)
    }

    @Test func aNoteLargerThanTheLimitIsRefusedBeforeRendering() async throws {
        let note = String(repeating: "a ", count: ContentLimits.maximumNoteBytes / 2 + 10)
        let site = try TestSite([
            "links/a.md": Self.good,
            "links/long.md": TestSite.link(url: "https://long.example/", title: "Long", note: note),
            "links/c/_index.md": "---\ntitle: C\n---\n" + note, "links/c/b.md": Self.good,
        ])
        defer { site.remove() }
        let report = await site.build()
        let errors = report.diagnostics.filter { $0.code == .noteTooLarge }
        #expect(
            Set(errors.map { "\($0.location?.path ?? ""):\($0.location?.line ?? 0)" }) == [
                "links/long.md:5", "links/c/_index.md:4",
            ])
        #expect(report.outcome == .contentErrors)
    }

    @Test func anAwesomeListOfThreeHundredKilobytesIsWellInsideTheLimits() async throws {
        var list = "# Awesome\n\n## Things\n"
        var index = 0
        while list.utf8.count < 300_000 {
            list += "- [Project \(index)](https://example.com/p/\(index)) - A fine project that does one thing well.\n"
            index += 1
        }
        let site = try TestSite(["links/awesome.md": list])
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .success, "\(report.diagnostics.prefix(3))")
        #expect(report.site?.links.count == index)
    }

    // MARK: - Names

    @Test func foldersNamedInTwoUnicodeFormsAreOneCategoryKeepingEveryLink() async throws {
        let nfc = "카테".precomposedStringWithCanonicalMapping
        let nfd = "카테".decomposedStringWithCanonicalMapping
        #expect(Array(nfc.utf8) != Array(nfd.utf8))
        // Written one by one: as Swift strings the two paths are equal, so no dictionary can hold both.
        let site = try TestSite()
        try site.write("links/\(nfc)/one.md", TestSite.link(url: "https://one.example/", title: "One"))
        try site.write("links/\(nfd)/two.md", TestSite.link(url: "https://two.example/", title: "Two"))
        try site.write("links/\(nfd)/one.md", TestSite.link(url: "https://three.example/", title: "Three"))
        defer { site.remove() }
        let report = await site.build()
        #expect(!report.diagnostics.contains { $0.message.contains("loop") }, "\(report.diagnostics)")
        #expect(report.outcome == .success)
        let built = try #require(report.site)
        #expect(Set(built.links.map(\.title)) == ["One", "Two", "Three"])
        let categories = built.categories.filter { $0.parent != nil }
        #expect(categories.count == 1)
        #expect(categories.first.map { Array($0.title.utf8) } == Array(nfc.utf8))
    }

    @Test func aFileNameThatIsNotUTF8IsReportedAsSuch() async throws {
        let site = try TestSite(["links/a.md": Self.good])
        defer { site.remove() }
        // "café.md" in Latin-1, as an old archive or a Windows share leaves it.
        var path = Array(site.folder.appending(path: "links").path.utf8) + Array("/caf".utf8) + [0xE9]
        path += Array(".md".utf8)
        let descriptor = path.withUnsafeBufferPointer { bytes in
            (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer {
                open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644)
            }
        }
        #expect(descriptor >= 0)
        _ = Array(Self.good.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        let report = await site.build()
        let error = try #require(report.diagnostics.first { $0.location?.path.contains("caf") == true })
        #expect(error.code == .invalidEncoding)
        #expect(error.location?.path == "links/caf\\xE9.md")
        #expect(error.message.contains("not valid UTF-8"))
        #expect(!error.message.contains("exist"))
    }

    @Test func aCategoryNamedPageIsRenamedWithAWarning() async throws {
        let site = try TestSite([
            "links/page/a.md": Self.good, "links/other/b.md": Self.good.replacingOccurrences(of: "/ok", with: "/b"),
        ])
        defer { site.remove() }
        let report = await site.build()
        let page = try #require(report.site?.categories.first { $0.title == "Page" })
        #expect(page.slugPath.last?.hasPrefix("page-") == true)
        let warning = try #require(report.diagnostics.first { $0.code == .slugCollision })
        #expect(warning.location?.path == "links/page")
        #expect(warning.message.contains("reserved"))
        #expect(warning.message.contains(page.slugPath.last!))
    }

    // MARK: - Addresses

    @Test func anAddressWithCredentialsIsAWarningThatDoesNotRepeatThePassword() async throws {
        let site = try TestSite([
            "links/a.md": TestSite.link(url: "https://alice:hunter2@example.com/private", title: "A"),
            "links/list.md": "# L\n\n- [B](https://bob:swordfish@b.example/) - b\n- [C](https://c.example/) - c\n",
            "links/fine.md": TestSite.link(url: "https://example.com/@user/post", title: "Fine"),
        ])
        defer { site.remove() }
        let report = await site.build()
        let warnings = report.diagnostics.filter { $0.code == .urlWithCredentials }
        #expect(
            Set(warnings.map { "\($0.location?.path ?? ""):\($0.location?.line ?? 0)" }) == [
                "links/a.md:2", "links/list.md:3",
            ])
        #expect(warnings.allSatisfy { $0.severity == .warning && !$0.message.contains("hunter2") })
        #expect(!warnings.contains { $0.message.contains("swordfish") })
        #expect(report.outcome == .success)
        let strict = await site.build(strict: true)
        #expect(strict.outcome == .contentErrors)
    }
}
