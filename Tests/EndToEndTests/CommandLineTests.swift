import Foundation
import Testing

/// Runs the built `linky-site` binary as a user would and checks exit codes, stdout and stderr.
@Suite struct CommandLineTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let binary: URL = {
        // The test bundle sits next to the products it was built with.
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appending(path: "linky-site").path), folder.path != "/" {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appending(path: "linky-site")
    }()

    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs `executable` (linky-site unless another program is named: `setpriv`, `chown`).
    func run(
        _ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:],
        executable: URL = Self.binary
    ) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        // The pipes are closed, so the program is ending. Not `waitUntilExit`: from a test's
        // thread it spins on a run loop with nothing in it.
        while process.isRunning { usleep(2_000) }
        return Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    func temporarySite(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "linky-cli-\(UUID().uuidString)")
        for (path, text) in files {
            let url = folder.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    static let good = "---\nurl: https://example.com/a\ntitle: A\ndate: 2024-01-01\n---\nNote.\n"

    @Test func buildsTheExampleAndSaysWhatItDid() throws {
        let output = FileManager.default.temporaryDirectory.appending(path: "linky-cli-out-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try run(["build", "Examples/reading-list", "--output", output.path], in: Self.repositoryRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Built 68 links"))
        #expect(result.stderr.contains("0 errors, 0 warnings"))
        #expect(FileManager.default.fileExists(atPath: output.appending(path: "index.html").path))
    }

    @Test func contentErrorsExitOneWithCompilerStyleMessages() throws {
        let site = try temporarySite(["links/a.md": "---\ntitle: A\n---\n", "links/b.md": Self.good])
        defer { try? FileManager.default.removeItem(at: site) }
        let result = try run(["build", site.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(site.path)/links/a.md:1: error[LINKY101]: the link has no url"))
        #expect(result.stderr.contains("  hint: add `url: https://…`"))
        #expect(result.stderr.contains("; nothing was written."))
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: "_site").path))
    }

    @Test func githubFormatPrintsAnnotations() throws {
        let site = try temporarySite(["links/a.md": "---\nurl: https://a.example\ntitle: A\ndate: someday\n---\n"])
        defer { try? FileManager.default.removeItem(at: site) }
        let result = try run(["build", ".", "--format", "github"], in: site)
        #expect(result.status == 1)
        #expect(result.stdout.contains("::error file=links/a.md,line=4,title=LINKY105 invalid-date::"))
    }

    @Test func jsonFormatIsMachineReadable() throws {
        let site = try temporarySite([
            "links/a.md": Self.good, "links/b.md": Self.good.replacingOccurrences(of: "title: A", with: "title: B"),
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        let result = try run(["build", ".", "--format", "json", "--base-url", "https://example.com/"], in: site)
        #expect(result.status == 0)
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(report?["errors"] as? Int == 0)
        #expect(report?["warnings"] as? Int == 1)
        let first = (report?["diagnostics"] as? [[String: Any]])?.first
        #expect(first?["code"] as? String == "LINKY109")
        #expect(first?["file"] as? String == "links/b.md")
    }

    @Test func strictTurnsWarningsIntoFailure() throws {
        let site = try temporarySite(["links/a.md": Self.good])
        defer { try? FileManager.default.removeItem(at: site) }
        #expect(try run(["build", site.path]).status == 0)
        let strict = try run(["build", site.path, "--strict"])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("warning[LINKY151]"))
        #expect(try run(["build", site.path, "--strict", "--base-url", "https://example.com/"]).status == 0)
    }

    @Test func usageAndInputErrorsHaveTheirOwnExitCodes() throws {
        let missing = try run(["build", "/nonexistent/site"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("does not exist"))
        let usage = try run(["build", "--format", "yaml"])
        #expect(usage.status == 64)
        let site = try temporarySite(["links/a.md": Self.good, "elsewhere/keep.txt": "mine"])
        defer { try? FileManager.default.removeItem(at: site) }
        let unsafe = try run(["build", site.path, "--output", site.appending(path: "elsewhere").path])
        #expect(unsafe.status == 73)
        #expect(unsafe.stderr.contains("LINKY180"))
        #expect(FileManager.default.fileExists(atPath: site.appending(path: "elsewhere/keep.txt").path))
    }

    @Test func pdfWithoutWeasyPrintSaysHowToInstallIt() throws {
        let site = try temporarySite(["links/a.md": Self.good])
        defer { try? FileManager.default.removeItem(at: site) }
        let result = try run(
            ["build", site.path, "--pdf"], environment: ["PATH": "/nonexistent", "LINKY_WEASYPRINT": ""])
        #expect(result.status == 69)
        #expect(result.stderr.contains("error[LINKY182]: WeasyPrint is not installed"))
        #expect(result.stderr.contains("apt-get install weasyprint"))
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: "_site").path))
    }

    @Test func aFailingPDFLeavesThePreviousOutputAlone() throws {
        let site = try temporarySite([
            "links/a.md": Self.good, "fake-weasyprint": "#!/bin/sh\necho 'boom: no fonts' >&2\nexit 3\n",
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        let fake = site.appending(path: "fake-weasyprint")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        #expect(try run(["build", site.path, "-q"]).status == 0)
        let index = site.appending(path: "_site/index.html")
        let before = try Data(contentsOf: index)
        try Self.good.replacingOccurrences(of: "title: A", with: "title: Changed").write(
            to: site.appending(path: "links/a.md"), atomically: true, encoding: .utf8)
        let result = try run(["build", site.path, "--pdf"], environment: ["LINKY_WEASYPRINT": fake.path])
        #expect(result.status == 74)
        #expect(result.stderr.contains("error[LINKY183]"))
        #expect(result.stderr.contains("boom: no fonts"))
        #expect(try Data(contentsOf: index) == before)
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: "_site/print.pdf").path))
    }

    @Test func tagsListCountsEverySpellingAsOneTagAndNamesUnusedEntries() throws {
        let site = try temporarySite([
            "tags.yml": "javascript:\n  title: JavaScript\n  aliases: [js]\nunused:\n  title: Nobody\n",
            "links/a.md": "---\nurl: https://a.example\ntitle: A\ntags: [js, 맛집]\n---\n",
            "links/b.md": "---\nurl: https://b.example\ntitle: B\ntags: [JavaScript, 맛집]\n---\n",
            "links/c.md": "---\nurl: https://c.example\ntitle: C\ntags: [swift]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        let table = try run(["tags", "list", site.path])
        #expect(table.status == 0, "\(table.stderr)")
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines[1] == "    2  JavaScript  tags/javascript/")
        #expect(lines[2] == "    2  맛집        tags/맛집/")
        #expect(lines[3] == "    1  swift       tags/swift/")
        #expect(table.stdout.contains("unused  (tags.yml:4)"))
        let json = try run(["tags", "list", site.path, "--json", "--sort", "name"])
        let listing = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((listing?["tags"] as? [[String: Any]])?.map { $0["name"] as? String } == ["JavaScript", "swift", "맛집"])
        #expect(listing?["unused"] as? [String] == ["unused"])
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: "_site").path))
    }

    static let taggedSite = [
        "tags.yml": "web:\n  parent: js   # the parent\n",
        "links/a.md":
            "\u{FEFF}---\r\nurl: https://a.example/#js\r\ntitle: A\r\ntags: [JS, web]  # js\r\n---\r\nAbout #js.\r\n",
        "links/list.md": "## About #js\n- [B](https://b.example/#js) - about `js`. #Js #web\n",
    ]

    @Test func tagsRenameDryRunPrintsADiffAndWritesNothing() throws {
        let site = try temporarySite(Self.taggedSite)
        defer { try? FileManager.default.removeItem(at: site) }
        let result = try run(["tags", "rename", "js", "javascript", "--dry-run"], in: site)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                --- a/links/a.md
                +++ b/links/a.md
                @@ -1,6 +1,6 @@
                 \u{FEFF}---\r
                 url: https://a.example/#js\r
                 title: A\r
                -tags: [JS, web]  # js\r
                +tags: [javascript, web]  # js\r
                 ---\r
                 About #js.\r
                --- a/links/list.md
                +++ b/links/list.md
                @@ -1,2 +1,2 @@
                 ## About #js
                -- [B](https://b.example/#js) - about `js`. #Js #web
                +- [B](https://b.example/#js) - about `js`. #javascript #web
                --- a/tags.yml
                +++ b/tags.yml
                @@ -1,2 +1,4 @@
                 web:
                -  parent: js   # the parent
                +  parent: javascript   # the parent
                +"javascript":
                +  aliases: ["/tags/js/"]

                """)
        #expect(
            result.stderr == """
                note: tags.yml: /tags/js/ redirects to the tag's new address (an alias of "javascript")
                Would change 3 files, 2 links; nothing was written (--dry-run).

                """)
        for (path, text) in Self.taggedSite {
            #expect(try Data(contentsOf: site.appending(path: path)) == Data(text.utf8), "\(path)")
        }
    }

    @Test func tagsRenameRewritesInPlaceAndSummarises() throws {
        let site = try temporarySite(Self.taggedSite)
        defer { try? FileManager.default.removeItem(at: site) }
        let result = try run(["tags", "rename", "js", "javascript", site.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("changed \(site.path)/links/a.md\n"))
        #expect(result.stdout.hasSuffix("Renamed \"js\" to \"javascript\": 3 files, 2 links changed.\n"))
        #expect(
            try Data(contentsOf: site.appending(path: "links/a.md"))
                == Data(
                    "\u{FEFF}---\r\nurl: https://a.example/#js\r\ntitle: A\r\ntags: [javascript, web]  # js\r\n---\r\nAbout #js.\r\n"
                        .utf8))
        let list = try run(["tags", "list", site.path])
        #expect(list.stdout.contains("    2  javascript  tags/javascript/"), "\(list.stdout)")
        let again = try run(["tags", "rename", "JavaScript", "javascript", site.path])
        #expect(again.status == 0)
        #expect(again.stdout.contains("Nothing to change"))
    }

    @Test func tagsMergeDropsTheTagALinkWouldCarryTwice() throws {
        let site = try temporarySite([
            "links/a.md": "---\nurl: https://a.example\ntitle: A\ntags:\n  - es6\n  - javascript\n  - web\n---\n",
            "links/b.md": "---\nurl: https://b.example\ntitle: B\ntags: js, web\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        let result = try run(["tags", "merge", "js", "ES6", "INTO", "javascript"], in: site)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("Merged \"js\", \"ES6\" into \"javascript\": 3 files, 2 links changed.\n"))
        // The merged tags' addresses redirect to javascript's (a tags.yml made for it).
        #expect(
            try String(contentsOf: site.appending(path: "tags.yml"), encoding: .utf8)
                == "\"javascript\":\n  aliases: [\"/tags/es6/\", \"/tags/js/\"]\n")
        #expect(
            try String(contentsOf: site.appending(path: "links/a.md"), encoding: .utf8)
                == "---\nurl: https://a.example\ntitle: A\ntags:\n  - javascript\n  - web\n---\n")
        #expect(
            try String(contentsOf: site.appending(path: "links/b.md"), encoding: .utf8)
                == "---\nurl: https://b.example\ntitle: B\ntags: javascript, web\n---\n")
    }

    @Test func tagsEditsExitCodesMatchTheTable() throws {
        let site = try temporarySite(Self.taggedSite)
        defer { try? FileManager.default.removeItem(at: site) }
        let unknown = try run(["tags", "rename", "jss", "javascript"], in: site)
        #expect(unknown.status == 1)
        #expect(
            unknown.stderr.contains(
                "linky-site: error[LINKY145]: there is no tag \"jss\"\n  hint: did you mean \"JS\" (2 links)?"))
        let spaces = try run(["tags", "rename", "js", "java script"], in: site)
        #expect(spaces.status == 1)
        #expect(spaces.stderr.contains("links/list.md:2: error[LINKY145]: \"java script\" cannot be written as a #tag"))
        #expect(spaces.stderr.hasSuffix("Nothing was changed.\n"))
        let existing = try run(["tags", "rename", "js", "WEB"], in: site)
        #expect(existing.status == 1)
        #expect(existing.stderr.contains("run `linky-site tags merge js INTO WEB`"))
        #expect(try run(["tags", "merge", "js", "javascript"], in: site).status == 64)
        #expect(try run(["tags", "rename", "js", "#"], in: site).status == 64)
        #expect(try run(["tags", "rename", "js", "javascript", "/nonexistent/site"]).status == 66)
        for (path, text) in Self.taggedSite {
            #expect(try Data(contentsOf: site.appending(path: path)) == Data(text.utf8), "\(path)")
        }
        let broken = try temporarySite(["links/a.md": "---\ntitle: A\ntags: [js]\n---\n"])
        defer { try? FileManager.default.removeItem(at: broken) }
        let errors = try run(["tags", "rename", "js", "javascript"], in: broken)
        #expect(errors.status == 1)
        #expect(errors.stderr.contains("links/a.md:1: error[LINKY101]"))
    }

    @Test func tagsEditHelpShowsAnExample() throws {
        let rename = try run(["tags", "rename", "--help"])
        #expect(rename.status == 0)
        #expect(rename.stdout.contains("Example: linky-site tags rename js javascript my-links --dry-run"))
        #expect(rename.stdout.contains("--dry-run"))
        let merge = try run(["tags", "merge", "--help"])
        #expect(
            merge.stdout.contains("USAGE: linky-site tags merge <A>... INTO <B> [<SITE>] [--site <SITE>] [--dry-run]"))
        #expect(
            merge.stdout.contains("Example: linky-site tags merge js ecmascript INTO javascript my-links --dry-run"))
        #expect(merge.stdout.contains("carry B twice keeps"))
    }

    @Test func helpDescribesEveryOption() throws {
        let help = try run(["build", "--help"])
        #expect(help.status == 0)
        for option in ["--output", "--base-url", "--drafts", "--strict", "--pdf", "--format", "--quiet"] {
            #expect(help.stdout.contains(option))
        }
    }

    // MARK: - import

    static let importFixtures = repositoryRoot.appending(path: "Tests/Fixtures/import")

    @Test func importWritesLinkFilesReportsProblemsAndAddsNothingTheSecondTime() throws {
        let site = try temporarySite(["linky.yml": "title: Imported\n"])
        defer { try? FileManager.default.removeItem(at: site) }
        let chrome = Self.importFixtures.appending(path: "chrome.html").path
        let dry = try run(["import", chrome, site.path, "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(
            dry.stdout.contains(
                "would write \(site.path)/links/imported/개발-자료/rust-and-go/the-go-programming-language.md"))
        #expect(dry.stderr.contains("Nothing was written (--dry-run)"))
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: "links").path))

        let first = try run(["import", chrome, site.path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("wrote \(site.path)/links/imported/swift-org.md"))
        #expect(first.stdout.contains("wrote \(site.path)/links/imported/개발-자료/_index.md"))
        // Skipped entries under exit 0 are warnings; duplicates are counted, and listed with --verbose.
        #expect(first.stderr.contains("\(chrome):12: warning[LINKY191]: the bookmark \"Save to Wayback\""))
        #expect(first.stderr.contains("hint: bookmarklets are scripts, not links"))
        #expect(!first.stderr.contains("error[") && !first.stderr.contains("LINKY192"), "\(first.stderr)")
        #expect(
            first.stderr.contains(
                "Imported 8 links into \(site.path)/links/imported; skipped 1 duplicate (--verbose lists them) and 2 invalid entries."
            ))
        let dryAgain = try run(["import", chrome, site.path, "--dry-run"])
        #expect(dryAgain.stdout.isEmpty)

        // Run again: nothing new, which is not a failure (the bookmarklet is still said to be invalid).
        let second = try run(["import", chrome, site.path])
        #expect(second.status == 0)
        #expect(second.stdout.isEmpty)
        #expect(
            second.stderr.contains(
                "Imported 0 links into \(site.path)/links/imported; skipped 9 duplicates (--verbose lists them) and 2 invalid entries. Nothing new: every usable link of the file is already in the collection."
            ), "\(second.stderr)")
        #expect(second.stderr.contains("warning[LINKY191]"))
        #expect(!second.stderr.contains("is already in links/imported/swift-org.md"))
        let verbose = try run(["import", chrome, site.path, "--dry-run", "--verbose"])
        #expect(
            verbose.stderr.contains(
                "\(chrome):11: warning[LINKY192]: https://www.swift.org/ is already in links/imported/swift-org.md, so it is skipped"
            ))

        let build = try run(["build", site.path, "--strict", "--base-url", "https://example.com/"])
        #expect(build.status == 0, "\(build.stderr)")
        let bookmarks = try String(contentsOf: site.appending(path: "_site/bookmarks.html"), encoding: .utf8)
        #expect(bookmarks.contains(">Rust &amp; Go</H3>"))
    }

    @Test func importPinboardIntoACategoryAndItsExitCodes() throws {
        let site = try temporarySite(["links/.keep": ""])
        defer { try? FileManager.default.removeItem(at: site) }
        let pinboard = Self.importFixtures.appending(path: "pinboard.json").path
        let imported = try run(["import", pinboard, "--from", "pinboard", "--category", "reading/pinboard"], in: site)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("wrote links/reading/pinboard/을지로-노포-모음.md"))
        #expect(
            imported.stderr.contains(
                "\(pinboard):6: warning[LINKY190]: the bookmark \"A bookmark without an address\" has no URL"))
        #expect(imported.stderr.contains("note: the new files use toread"))
        let draft = try String(
            contentsOf: site.appending(path: "links/reading/pinboard/을지로-노포-모음.md"), encoding: .utf8)
        #expect(draft.contains("draft: true"))

        // Only invalid entries: nothing imported, exit 1.
        let broken = site.appending(path: "broken.json")
        try #"[{"href":"javascript:alert(1)","description":"x"}]"#.write(to: broken, atomically: true, encoding: .utf8)
        let onlyInvalid = try run(["import", "broken.json"], in: site)
        #expect(onlyInvalid.status == 1)
        #expect(onlyInvalid.stderr.contains("error[LINKY191]"), "\(onlyInvalid.stderr)")
        // Not the format it claims: 65; not there: 66; no format and an unknown extension, a bad category: 64.
        let wrong = try run(["import", pinboard, "--from", "netscape"], in: site)
        #expect(wrong.status == 65)
        #expect(wrong.stderr.contains("error[LINKY193]"))
        let missing = try run(["import", "missing.html"], in: site)
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("cannot read \"missing.html\": No such file or directory"), "\(missing.stderr)")
        let unknown = try run(["import", "bookmarks.xyz"], in: site)
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("netscape, json, pinboard, markdown, csv, opml, text"), "\(unknown.stderr)")
        let outside = try run(["import", pinboard, "--category", "../elsewhere"], in: site)
        #expect(outside.status == 64)
        #expect(outside.stderr.contains("--category \"../elsewhere\" cannot be used"))
    }

    @Test func importHelpHasFormatsAndExamples() throws {
        let help = try run(["import", "--help"])
        #expect(help.status == 0)
        for text in [
            "--from", "--category", "--dry-run", "netscape", "pinboard", "markdown", "Examples:", "Exit codes",
        ] {
            #expect(help.stdout.contains(text), "\(text)")
        }
        #expect(try run(["--help"]).stdout.contains("import"))
    }

    @Test func outputIsByteIdenticalAcrossRunsAndDirectories() throws {
        let first = FileManager.default.temporaryDirectory.appending(path: "linky-det-a-\(UUID().uuidString)")
        let second = FileManager.default.temporaryDirectory.appending(path: "linky-det-b-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        #expect(try run(["build", "Examples/awesome", "-o", first.path, "-q"], in: Self.repositoryRoot).status == 0)
        #expect(try run(["build", "Examples/awesome", "-o", second.path, "-q"], in: Self.repositoryRoot).status == 0)
        let diff = Process()
        diff.executableURL = URL(fileURLWithPath: "/usr/bin/diff")
        diff.arguments = ["-r", first.path, second.path]
        diff.standardOutput = FileHandle.nullDevice
        try diff.run()
        while diff.isRunning { usleep(2_000) }
        #expect(diff.terminationStatus == 0)
    }
}
