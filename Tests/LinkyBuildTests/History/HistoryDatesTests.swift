import Foundation
import LinkyModel
import Testing

@testable import LinkyBuild

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Dates from git history on a real repository made here with commits on fixed dates: items added, an
/// item edited, one moved between sections, the list file renamed, one removed, one added on a branch
/// and merged; a link file without `date:` and one with it; then a shallow clone, a site outside git,
/// `dates_from_history: false`, the rebuild that walks only the new commit, and an adopted list
/// dated from its README.
@Suite(.serialized) struct HistoryDatesTests {
    /// A git repository in a temporary folder, committing with fixed dates.
    struct Repository {
        let site: TestSite

        init() throws {
            site = try TestSite([
                "linky.yml": "title: History\nbase_url: https://example.com/links/\n"
            ])
            try git("init", "-q", "-b", "main")
        }

        @discardableResult
        func git(_ arguments: String..., date: String? = nil) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", site.folder.path] + arguments
            var environment = ProcessInfo.processInfo.environment
            environment["GIT_AUTHOR_NAME"] = "Test"
            environment["GIT_AUTHOR_EMAIL"] = "test@example.org"
            environment["GIT_COMMITTER_NAME"] = "Test"
            environment["GIT_COMMITTER_EMAIL"] = "test@example.org"
            environment["GIT_CONFIG_NOSYSTEM"] = "1"
            environment["HOME"] = site.folder.path
            if let date {
                environment["GIT_AUTHOR_DATE"] = date
                environment["GIT_COMMITTER_DATE"] = date
            }
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let text = String(decoding: data, as: UTF8.self)
            guard process.terminationStatus == 0 else {
                throw Failure(message: "git \(arguments.joined(separator: " ")): \(text)")
            }
            return text
        }

        func commit(_ message: String, at date: String) throws {
            try git("add", "-A")
            try git("commit", "-q", "-m", message, date: date)
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    static func list(_ sections: [(String, [String])]) -> String {
        "---\ntitle: Reading\n---\n"
            + sections.map { name, items in "## \(name)\n\n" + items.joined(separator: "\n") + "\n" }
            .joined(separator: "\n")
    }

    static let itemA = "- [Alpha](https://alpha.example/) - The first."
    static let itemAEdited = "- [Alpha](https://alpha.example/) - The first, described again."
    static let itemB = "- [Beta](https://beta.example/docs) - The second."
    static let itemC = "- [Gamma](https://gamma.example/) - Taken out later."
    static let itemD = "- [Delta](https://delta.example/) - Added with the rename."
    static let itemE = "- [Epsilon](https://epsilon.example/) - Added on a branch."

    /// The repository the main tests read: seven commits and a merge.
    static func history() throws -> Repository {
        let repository = try Repository()
        let site = repository.site
        try site.write("links/읽을거리.md", list([("Tools", [itemA, itemB])]))
        try repository.commit("Two items", at: "2024-01-02T10:00:00+09:00")
        try site.write("links/읽을거리.md", list([("Tools", [itemAEdited, itemB, itemC])]))
        try repository.commit("Gamma; Alpha described again", at: "2024-01-10T23:30:00-05:00")
        try site.write("links/읽을거리.md", list([("Tools", [itemAEdited, itemC]), ("Libraries", [itemB])]))
        try repository.commit("Beta moves to Libraries", at: "2024-02-05T08:00:00Z")
        try repository.git("mv", "links/읽을거리.md", "links/books.md")
        try site.write("links/books.md", list([("Tools", [itemAEdited, itemC, itemD]), ("Libraries", [itemB])]))
        try repository.commit("Rename the list; Delta", at: "2024-03-01T12:00:00Z")
        try site.write("links/books.md", list([("Tools", [itemAEdited, itemD]), ("Libraries", [itemB])]))
        try repository.commit("Gamma goes", at: "2024-03-15T12:00:00Z")
        try repository.git("checkout", "-q", "-b", "feature")
        try site.write(
            "links/books.md", list([("Tools", [itemAEdited, itemD, itemE]), ("Libraries", [itemB])]))
        try repository.commit("Epsilon, on a branch", at: "2024-04-01T12:00:00Z")
        try repository.git("checkout", "-q", "main")
        try repository.git(
            "merge", "-q", "--no-ff", "-m", "Merge feature", "feature", date: "2024-04-10T12:00:00Z")
        try site.write("links/solo.md", TestSite.link(url: "https://solo.example/", title: "Solo"))
        try site.write(
            "links/dated.md", TestSite.link(url: "https://dated.example/", title: "Dated", date: "2020-01-01"))
        try repository.commit("Two link files", at: "2024-04-20T06:00:00+02:00")
        return repository
    }

    /// links.json's links by address: date and date_source.
    static func dates(_ site: TestSite, output: URL? = nil) throws -> [String: (date: String?, source: String?)] {
        let data = try Data(contentsOf: (output ?? site.output).appending(path: "links.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let links = try #require(json["links"] as? [[String: Any]])
        var dates: [String: (date: String?, source: String?)] = [:]
        for link in links {
            dates[link["url"] as! String] = (link["date"] as? String, link["date_source"] as? String)
        }
        return dates
    }

    @Test func eachLinkIsDatedByTheCommitThatAddedIt() async throws {
        let repository = try Self.history()
        defer { repository.site.remove() }
        let report = await repository.site.build()
        #expect(report.outcome == .success, "\(report.diagnostics)")
        #expect(report.diagnostics.allSatisfy { $0.code != .shallowHistory && $0.code != .historyUnreadable })
        let dates = try Self.dates(repository.site)
        let expected: [String: (String, String)] = [
            // Added first; edited later and moved between sections, it keeps its first date, through the rename.
            "https://alpha.example/": ("2024-01-02T01:00:00Z", "history"),
            "https://beta.example/docs": ("2024-01-02T01:00:00Z", "history"),
            "https://delta.example/": ("2024-03-01T12:00:00Z", "history"),
            // Added on a branch: the day it was merged, when readers could see it.
            "https://epsilon.example/": ("2024-04-10T12:00:00Z", "history"),
            "https://solo.example/": ("2024-04-20T04:00:00Z", "history"),
            // The file's own date wins.
            "https://dated.example/": ("2020-01-01", "file"),
        ]
        #expect(dates.count == expected.count)
        for (url, (date, source)) in expected {
            #expect(dates[url]?.date == date, "\(url)")
            #expect(dates[url]?.source == source, "\(url)")
        }
        #expect(dates["https://gamma.example/"] == nil)
    }

    @Test func theNewPageListsTheWeeksNewestFirstWithTheRemovedItem() async throws {
        let repository = try Self.history()
        defer { repository.site.remove() }
        #expect(await repository.site.build().outcome == .success)
        // Four weeks a page (`new_weeks_per_page`): the first page, then the second.
        let page = try repository.site.read("new/index.html") + repository.site.read("new/page/2/index.html")
        #expect(!repository.site.exists("new/page/3/index.html"))
        // Weeks newest first: 2024-W16 (Solo), W15 (Epsilon, merged 10 April), W11 (Gamma removed),
        // W09 (Delta), W01 (Alpha, Beta, on 2 January in Seoul); 2020-W01 (Dated).
        let anchors = ["2024-w16", "2024-w15", "2024-w11", "2024-w09", "2024-w01", "2020-w01"]
        var previous = page.startIndex
        for anchor in anchors {
            let range = try #require(page.range(of: "id=\"\(anchor)\"", range: previous..<page.endIndex), "\(anchor)")
            previous = range.upperBound
        }
        #expect(!page.contains("id=\"2024-w02\""), "Gamma was added in W02 and is gone: only its removal shows")
        let removed = try #require(page.range(of: "id=\"2024-w11\""))
        let nextWeek = try #require(page.range(of: "id=\"2024-w09\""))
        let week11 = page[removed.upperBound..<nextWeek.lowerBound]
        #expect(week11.contains("<del>Gamma</del>"))
        #expect(week11.contains("gamma.example"))
        #expect(page.contains("Week 1, 2024"))
        #expect(page.contains("href=\"feed.xml\"") || page.contains("new/feed.xml"))
    }

    @Test func theDigestFeedHasAnEntryPerWeekWithStableIds() async throws {
        let repository = try Self.history()
        defer { repository.site.remove() }
        #expect(await repository.site.build().outcome == .success)
        let atom = try repository.site.read("new/feed.xml")
        let document = try XMLDocument(data: Data(atom.utf8))
        let entries = try document.nodes(forXPath: "//*[local-name()='entry']")
        #expect(entries.count == 6)
        let ids = try document.nodes(forXPath: "//*[local-name()='entry']/*[local-name()='id']").map {
            $0.stringValue ?? ""
        }
        #expect(ids.first == "https://example.com/links/new/#2024-W16")
        let updated = try document.nodes(forXPath: "//*[local-name()='entry']/*[local-name()='updated']")
            .map { $0.stringValue ?? "" }
        // The week's last commit: Epsilon's week is dated by the merge.
        #expect(updated[1] == "2024-04-10T12:00:00Z")
        #expect(atom.contains("Epsilon"))
        let json = try repository.site.read("new/feed.json")
        let feed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let items = try #require(feed["items"] as? [[String: Any]])
        #expect(items.map { $0["id"] as? String } == ids.map { $0 })
    }

    @Test func aRebuildAfterOneCommitReadsOnlyItAndGivesWhatAColdBuildGives() async throws {
        let repository = try Self.history()
        defer { repository.site.remove() }
        #expect(await repository.site.build().outcome == .success)
        let stored = try #require(
            HistoryStore.read(beside: repository.site.output, siteFolder: repository.site.folder))
        #expect(
            stored.head == (try repository.git("rev-parse", "HEAD")).trimmingCharacters(in: .whitespacesAndNewlines))
        try repository.site.write(
            "links/books.md",
            Self.list([
                ("Tools", [Self.itemAEdited, Self.itemD, Self.itemE, "- [Zeta](https://zeta.example/)"]),
                ("Libraries", [Self.itemB]),
            ]))
        try repository.commit("Zeta", at: "2024-05-05T05:05:05Z")

        let read = GitHistory(siteFolder: repository.site.folder).read(previous: stored)
        #expect(read.commitsRead == 1)
        #expect(await repository.site.build().outcome == .success)
        let cold = repository.site.folder.appending(path: "cold")
        #expect(await repository.site.build(output: cold).outcome == .success)
        let incremental = try Data(contentsOf: repository.site.output.appending(path: "links.json"))
        #expect(incremental == (try Data(contentsOf: cold.appending(path: "links.json"))))
        #expect(try Self.dates(repository.site)["https://zeta.example/"]?.date == "2024-05-05T05:05:05Z")
        for page in ["new/index.html", "new/feed.xml", "index.html"] {
            #expect(
                try Data(contentsOf: repository.site.output.appending(path: page))
                    == Data(contentsOf: cold.appending(path: page)), "\(page)")
        }
    }

    @Test func aShallowCloneWarnsOnceAndDatesOnlyWhatItCanProve() async throws {
        let repository = try Self.history()
        defer { repository.site.remove() }
        let clone = repository.site.folder.deletingLastPathComponent().appending(path: "shallow-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: clone) }
        try repository.git("clone", "-q", "--depth", "2", "file://\(repository.site.folder.path)", clone.path)
        let site = TestSite(folder: clone)
        let report = await site.build()
        #expect(report.outcome == .success)
        let warnings = report.diagnostics.filter { $0.code == .shallowHistory }
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("shallow") == true)
        #expect(warnings.first?.hint?.contains("fetch-depth: 0") == true)
        let dates = try Self.dates(site)
        // Only the last commit (the two link files) is proved; the merge is the clone's first commit.
        #expect(dates["https://solo.example/"]?.source == "history")
        for url in ["https://alpha.example/", "https://beta.example/docs", "https://epsilon.example/"] {
            #expect(dates[url]?.date == nil, "\(url)")
        }
    }

    @Test func aSiteOutsideGitOrWithTheSettingOffHasNoHistoryDates() async throws {
        let outside = try TestSite([
            "linky.yml": "title: Outside\n", "links/list.md": Self.list([("Tools", [Self.itemA])]),
        ])
        defer { outside.remove() }
        let report = await outside.build()
        #expect(report.outcome == .success)
        #expect(report.diagnostics.allSatisfy { $0.code != .shallowHistory && $0.code != .historyUnreadable })
        #expect(try Self.dates(outside)["https://alpha.example/"]?.date == nil)
        #expect(try outside.read("new/index.html").contains("No link has a date yet."))

        let repository = try Self.history()
        defer { repository.site.remove() }
        try repository.site.write("linky.yml", "title: History\ndates_from_history: false\n")
        #expect(await repository.site.build().outcome == .success)
        let dates = try Self.dates(repository.site)
        #expect(dates["https://alpha.example/"]?.date == nil)
        #expect(dates["https://dated.example/"]?.source == "file")
    }

    @Test func anAdoptedListIsDatedFromTheReadmeItWasCopiedFrom() async throws {
        let repository = try Repository()
        defer { repository.site.remove() }
        try repository.site.write("README.md", "# Awesome\n\n## Tools\n\n\(Self.itemA)\n")
        try repository.commit("README", at: "2023-06-01T12:00:00Z")
        try repository.site.write("README.md", "# Awesome\n\n## Tools\n\n\(Self.itemA)\n\(Self.itemB)\n")
        try repository.commit("Beta", at: "2023-07-01T12:00:00Z")
        try repository.site.write(
            "links/awesome.md",
            "---\ntitle: Awesome\ndates_from: README.md\n---\n## Tools\n\n\(Self.itemA)\n\(Self.itemB)\n")
        try repository.commit("Adopt", at: "2024-01-01T12:00:00Z")
        try repository.site.write(
            "links/awesome.md",
            "---\ntitle: Awesome\ndates_from: README.md\n---\n## Tools\n\n\(Self.itemA)\n\(Self.itemB)\n\(Self.itemC)\n"
        )
        try repository.commit("Gamma, in the copy only", at: "2024-02-01T12:00:00Z")
        #expect(await repository.site.build().outcome == .success)
        let dates = try Self.dates(repository.site)
        #expect(dates["https://alpha.example/"]?.date == "2023-06-01T12:00:00Z")
        #expect(dates["https://beta.example/docs"]?.date == "2023-07-01T12:00:00Z")
        #expect(dates["https://gamma.example/"]?.date == "2024-02-01T12:00:00Z")
    }
}

/// The addresses the history walk reads from a diff's lines.
@Suite struct AddressScanTests {
    @Test(
        arguments: [
            ("- [Alpha](https://alpha.example/) - The first.", ["https://alpha.example/"], "Alpha"),
            ("* [**Bold** `code`](https://b.example/x) x", ["https://b.example/x"], "Bold code"),
            ("- [Foo](https://en.wikipedia.org/wiki/Foo_(bar)).", ["https://en.wikipedia.org/wiki/Foo_(bar)"], "Foo"),
            ("url: https://c.example/page?q=1", ["https://c.example/page?q=1"], nil),
            ("url: \"https://d.example/\"", ["https://d.example/"], nil),
            ("See <https://e.example/a>, and https://f.example.", ["https://e.example/a", "https://f.example/"], nil),
            (
                "- [Go](https://go.dev) - Fast ([Source code](https://github.com/golang/go)).",
                ["https://go.dev/", "https://github.com/golang/go"], "Go"
            ),
            ("- [한글](https://한국.example/경로) - 설명", ["https://xn--3e0b707e.example/%EA%B2%BD%EB%A1%9C"], "한글"),
            ("| [Row](https://g.example/) | MIT |", ["https://g.example/"], nil),
            ("no address here: ://", [], nil),
        ] as [(String, [String], String?)])
    func readsTheAddresses(_ line: String, _ addresses: [String], _ title: String?) {
        var scan = AddressScan()
        let found = scan.addresses(in: line[...])
        #expect(found.map(\.address) == addresses)
        #expect(found.first?.title == title)
    }
}

extension TestSite {
    /// A site already on disk (a clone).
    init(folder: URL) { self.folder = folder }
}
