import Foundation
import LinkyModel
import LinkyTheme
import Testing

@testable import LinkyBuild

#if canImport(Glibc)
    import Glibc
#endif

/// A build leaves its parses and its pages' fingerprints beside the output (`BuildState`); the next
/// build into that output parses only the files that changed and renders only the pages whose inputs
/// changed. Whatever changed, the output is byte for byte what a build that reuses nothing writes.
@Suite struct RebuildStateTests {
    /// A site with pages of two links, so an edit can move a link from one page to another.
    static func site() throws -> TestSite {
        var files: [String: String] = [
            "linky.yml": "title: Rebuilds\npage_size: 2\nrecent_count: 3\nfeed_size: 4\n",
            "tags.yml": "swift:\n  description: The language.\n",
            "links/reading/_index.md": "---\ntitle: Reading\n---\nThings to read.\n",
            "static/robots.txt": "User-agent: *\n",
        ]
        let titles = ["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta", "Theta"]
        for (index, title) in titles.enumerated() {
            let category = index % 3 == 0 ? "places" : "reading"
            files["links/\(category)/\(title.lowercased()).md"] = TestSite.link(
                url: "https://\(title.lowercased()).example/", title: title,
                tags: index % 2 == 0 ? "[swift, 맛집]" : "[swift]", date: "2024-0\(index % 9 + 1)-01",
                extra: "description: \"About \(title).\"\n" + (index == 2 ? "favorite: true\n" : ""),
                note: index % 2 == 0 ? "A note on **\(title)**.\n" : "")
        }
        return try TestSite(files)
    }

    /// A site whose files have settled: a parse is stored only for a file left alone for a second.
    static func settledSite() async throws -> TestSite {
        let site = try site()
        try await Task.sleep(for: .milliseconds(1200))
        return site
    }

    /// The whole output of a build that reuses nothing, into a new folder.
    static func freshBuild(_ site: TestSite) async throws -> [String: Data] {
        let folder = FileManager.default.temporaryDirectory.appending(path: "linky-fresh-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: BuildState.location(of: folder))
            try? FileManager.default.removeItem(at: ParseStore.location(of: folder))
        }
        var options = BuildOptions(siteFolder: site.folder, outputFolder: folder, baseURL: "https://example.com/links/")
        options.reuseState = false
        let report = await SiteBuilder().build(options)
        #expect(report.outcome == .success)
        #expect(report.filesSkipped == 0)
        return try filesBelow(folder)
    }

    enum Edit: String, CaseIterable, Sendable {
        case description, note, titleThatReorders, newTag, removedTag, addedLink, removedLink, renamedLink
        case siteTitle, templateOverride, metadata, categoryIndex, tagsFile, touchedOnly, outputFileDeleted
        case outputFileEdited, parsesDamaged, stateDamaged, staticFile, madeFavorite, redated, undated
        case strayFileInAPageFolder, strayFolder, strayFileAtTheTop, staticFileRemoved
        /// A link's address moved to another website's host: both websites' pages change (`sites`).
        case otherHost

        /// How many content files the rebuild after the edit parses (the site has nine).
        var parsed: Int {
            switch self {
            case .description, .note, .titleThatReorders, .newTag, .removedTag, .addedLink, .renamedLink,
                .categoryIndex, .touchedOnly, .madeFavorite, .redated, .undated, .otherHost:
                1
            case .siteTitle, .metadata: 9
            case .parsesDamaged: 9  // at most: see the test
            case .removedLink: 0
            case .templateOverride, .tagsFile, .outputFileDeleted, .outputFileEdited, .stateDamaged, .staticFile: 0
            case .strayFileInAPageFolder, .strayFolder, .strayFileAtTheTop, .staticFileRemoved: 0
            }
        }

        /// The edits of files the build did not make: made after a second build, a tick later, as on an
        /// output rebuilt after a while.
        var isOfTheOutput: Bool {
            switch self {
            case .strayFileInAPageFolder, .strayFolder, .strayFileAtTheTop, .staticFileRemoved: true
            default: false
            }
        }

        func apply(to site: TestSite) throws {
            let manager = FileManager.default
            switch self {
            case .description:
                try site.write(
                    "links/reading/beta.md",
                    TestSite.link(
                        url: "https://beta.example/", title: "Beta", tags: "[swift]", date: "2024-02-01",
                        extra: "description: \"About Beta, edited.\"\n"))
            case .note:
                try site.write(
                    "links/reading/gamma.md",
                    TestSite.link(
                        url: "https://gamma.example/", title: "Gamma", tags: "[swift, 맛집]", date: "2024-03-01",
                        extra: "description: \"About Gamma.\"\nfavorite: true\n", note: "Another note, *edited*.\n"))
            case .titleThatReorders:
                try site.write(
                    "links/reading/zeta.md",
                    TestSite.link(
                        url: "https://zeta.example/", title: "Aardvark", tags: "[swift]", date: "2024-06-01",
                        extra: "description: \"About Zeta.\"\n"))
            case .newTag:
                try site.write(
                    "links/places/eta.md",
                    TestSite.link(
                        url: "https://eta.example/", title: "Eta", tags: "[swift, 맛집, brand-new]", date: "2024-07-01",
                        extra: "description: \"About Eta.\"\n", note: "A note on **Eta**.\n"))
            case .removedTag:
                try site.write(
                    "links/places/alpha.md",
                    TestSite.link(
                        url: "https://alpha.example/", title: "Alpha", tags: "[swift]", date: "2024-01-01",
                        extra: "description: \"About Alpha.\"\n", note: "A note on **Alpha**.\n"))
            case .addedLink:
                try site.write(
                    "links/reading/iota.md",
                    TestSite.link(url: "https://iota.example/", title: "Iota", tags: "[new]", date: "2025-01-01"))
            case .removedLink:
                try manager.removeItem(at: site.folder.appending(path: "links/places/delta.md"))
            case .otherHost:
                try site.write(
                    "links/reading/beta.md",
                    TestSite.link(
                        url: "https://gamma.example/beta", title: "Beta", tags: "[swift]", date: "2024-02-01",
                        extra: "description: \"About Beta.\"\n"))
            case .renamedLink:
                try manager.moveItem(
                    at: site.folder.appending(path: "links/reading/beta.md"),
                    to: site.folder.appending(path: "links/reading/beta-two.md"))
            case .siteTitle:
                try site.write("linky.yml", "title: Rebuilt\npage_size: 2\nrecent_count: 3\nfeed_size: 4\n")
            case .templateOverride:
                try site.write("templates/partials/footer.mustache", "<footer>Our own footer</footer>\n")
            case .metadata:
                try site.write(
                    "metadata.json",
                    #"{"version":1,"pages":{"https://theta.example/":{"title":"Theta from its page","description":"Fetched.","image":"https://theta.example/i.png"}}}"#
                )
            case .categoryIndex:
                try site.write("links/reading/_index.md", "---\ntitle: Books and articles\n---\nThings to read.\n")
            case .tagsFile:
                try site.write("tags.yml", "swift:\n  description: The language, again.\n")
            case .touchedOnly:
                let path = site.folder.appending(path: "links/reading/beta.md").path
                let text = try String(contentsOfFile: path, encoding: .utf8)
                try site.write("links/reading/beta.md", text)
            case .outputFileDeleted:
                try manager.removeItem(at: site.output.appending(path: "l/reading/gamma/index.html"))
            case .outputFileEdited:
                // Same size, other bytes: only the stamp can tell.
                let url = site.output.appending(path: "l/reading/gamma/index.html")
                var data = try Data(contentsOf: url)
                data[data.count - 2] = UInt8(ascii: "X")
                try data.write(to: url)
            case .parsesDamaged:
                let url = ParseStore.location(of: site.output)
                let data = try Data(contentsOf: url)
                try data.prefix(data.count / 2).write(to: url)
            case .stateDamaged:
                let url = BuildState.location(of: site.output)
                var data = try Data(contentsOf: url)
                data[data.count / 2] ^= 0xFF
                try data.write(to: url)
            case .staticFile:
                try site.write("static/robots.txt", "User-agent: *\nDisallow: /print/\n")
            // Files the build did not make: the rebuild lists the output and removes them.
            case .strayFileInAPageFolder:
                try Data("stray".utf8).write(to: site.output.appending(path: "l/reading/gamma/stray.txt"))
            case .strayFolder:
                let folder = site.output.appending(path: "l/reading/stray/deeper")
                try manager.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data("stray".utf8).write(to: folder.appending(path: "index.html"))
            case .strayFileAtTheTop:
                try Data("stray".utf8).write(to: site.output.appending(path: "stray.html"))
            case .staticFileRemoved:
                try manager.removeItem(at: site.folder.appending(path: "static/robots.txt"))
            case .madeFavorite:
                // The home page lists favorites.
                try site.write(
                    "links/reading/epsilon.md",
                    TestSite.link(
                        url: "https://epsilon.example/", title: "Epsilon", tags: "[swift, 맛집]", date: "2024-05-01",
                        extra: "description: \"About Epsilon.\"\nfavorite: true\n", note: "A note on **Epsilon**.\n"))
            case .redated:
                // Another day of the same month, still the oldest: the feeds show its date.
                try site.write(
                    "links/places/alpha.md",
                    TestSite.link(
                        url: "https://alpha.example/", title: "Alpha", tags: "[swift, 맛집]", date: "2024-01-15",
                        extra: "description: \"About Alpha.\"\n", note: "A note on **Alpha**.\n"))
            case .undated:
                // Out of the feeds and the archive's months, into its undated links.
                try site.write(
                    "links/reading/beta.md",
                    TestSite.link(
                        url: "https://beta.example/", title: "Beta", tags: "[swift]",
                        extra: "description: \"About Beta.\"\n"))
            }
        }
    }

    @Test(arguments: Edit.allCases)
    func aRebuildAfterAnEditWritesWhatAFreshBuildWrites(_ edit: Edit) async throws {
        let site = try await Self.settledSite()
        defer { site.remove() }
        let first = await site.build()
        #expect(first.outcome == .success)
        #expect(FileManager.default.fileExists(atPath: BuildState.location(of: site.output).path))
        #expect(FileManager.default.fileExists(atPath: ParseStore.location(of: site.output).path))
        if edit.isOfTheOutput {
            try await Task.sleep(for: .milliseconds(30))
            _ = await site.build()
        }
        try edit.apply(to: site)
        let report = await site.build()
        #expect(report.outcome == .success)
        #expect(report.updatedInPlace)
        if edit == .parsesDamaged {
            // The records before the cut are read; the files after it are parsed again.
            #expect(report.filesParsed > 0 && report.filesParsed < 9)
        } else {
            #expect(report.filesParsed == edit.parsed)
        }
        #expect(try filesBelow(site.output) == (try await Self.freshBuild(site)), "after \(edit)")
        // And the build after that, from the state the rebuild left.
        let again = await site.build()
        #expect(again.filesWritten == 0, "after \(edit), a second rebuild")
        #expect(again.filesSkipped > 0, "after \(edit), a second rebuild")
        #expect(try filesBelow(site.output) == (try await Self.freshBuild(site)), "after \(edit), a second rebuild")
    }

    @Test func aRebuildWithoutChangesRendersOnlyTheFilesMadeFromEveryLink() async throws {
        let site = try await Self.settledSite()
        defer { site.remove() }
        let first = await site.build()
        #expect(first.filesParsed == 9)
        #expect(first.filesSkipped == 0)
        let again = await site.build()
        #expect(again.filesParsed == 0)
        #expect(again.filesWritten == 0)
        // Every planned file with a fingerprint was skipped; the others are those made from the whole collection.
        let model = try #require(again.site)
        let theme = Theme.load(overrides: nil).0
        let plan = PagePlanner(site: model, assetNames: Array(theme.assets.keys)).planWithRedirects().files
        let fingerprints = await PageFingerprints(site: model, theme: theme)
        let skippable = plan.filter { fingerprints.fingerprint($0) != nil }
        #expect(again.filesSkipped == skippable.count)
        #expect(skippable.count > plan.count / 2)
        let whole: Set<String> = ["print/index.html", "links.json", "bookmarks.html", "search-index.json"]
        #expect(Set(plan.filter { fingerprints.fingerprint($0) == nil }.map(\.path)).isSuperset(of: whole))
    }

    @Test func aLinkMovedToAnotherHostLeavesOneWebsiteAndJoinsTheOther() async throws {
        let site = try await Self.settledSite()
        defer { site.remove() }
        _ = await site.build()
        #expect(try site.read("sites/beta-example/index.html").contains(">Beta</a>"))
        #expect(try site.read("sites/index.html").contains("gamma.example <span class=\"count\">1</span>"))
        try Edit.otherHost.apply(to: site)
        let report = await site.build()
        #expect(report.filesSkipped > 0)
        #expect(!FileManager.default.fileExists(atPath: site.output.appending(path: "sites/beta-example").path))
        let gamma = try site.read("sites/gamma-example/index.html")
        #expect(gamma.contains(">Beta</a>") && gamma.contains(">Gamma</a>"))
        #expect(try site.read("sites/index.html").contains("gamma.example <span class=\"count\">2</span>"))
        // Beta's row, on its year's page, names its new website.
        let year = try site.read("archive/2024/index.html")
        #expect(!year.contains("beta.example"))
        #expect(year.components(separatedBy: "<span class=\"domain\">gamma.example</span>").count == 3)
    }

    @Test func anEditedDescriptionIsParsedAndRenderedAlone() async throws {
        let site = try await Self.settledSite()
        defer { site.remove() }
        _ = await site.build()
        try Edit.description.apply(to: site)
        let report = await site.build()
        #expect(report.filesParsed == 1)
        #expect(report.filesSkipped > 0)
        // Its page, its category's page, its tag's page, its week's page of new/, and the files made from
        // every link.
        #expect(report.filesWritten < 21)
        #expect(try site.read("links.json").contains("About Beta, edited."))
    }

    @Test func aFileChangedJustBeforeTheBuildIsParsedAgainNextTime() async throws {
        // Written less than a second before the build: a second save within the file system's clock tick
        // could leave its stamp as it is, so its parse is not stored.
        let site = try Self.site()
        defer { site.remove() }
        _ = await site.build()
        try await Task.sleep(for: .milliseconds(1200))
        #expect(await site.build().filesParsed == 9)
        #expect(await site.build().filesParsed == 0)
    }

    @Test func aChangedFileIsAppendedToTheStoreAndReadFromItNextTime() async throws {
        let site = try await Self.settledSite()
        defer { site.remove() }
        _ = await site.build()
        let store = ParseStore.location(of: site.output)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: store.path)[.size] as? Int)
        try Edit.note.apply(to: site)
        try await Task.sleep(for: .milliseconds(1200))
        #expect(await site.build().filesParsed == 1)
        // Its record was appended, not the store written anew; the next build reads it from there.
        let grown = try #require(try FileManager.default.attributesOfItem(atPath: store.path)[.size] as? Int)
        #expect(grown > size)
        #expect(try Data(contentsOf: store).contains("Another note".data(using: .utf8)!))
        #expect(await site.build().filesParsed == 0)
        // A record cut short (a build killed while appending) ends the reading; the store is written anew.
        let data = try Data(contentsOf: store)
        try data.prefix(data.count - 10).write(to: store)
        #expect(await site.build().filesParsed == 1)
        #expect(await site.build().filesParsed == 0)
        #expect(try filesBelow(site.output) == (try await Self.freshBuild(site)))
    }

    @Test func withoutTheStateEverythingIsMadeAnew() async throws {
        let site = try await Self.settledSite()
        defer { site.remove() }
        _ = await site.build()
        var options = BuildOptions(siteFolder: site.folder, baseURL: "https://example.com/links/")
        options.reuseState = false
        let report = await SiteBuilder().build(options)
        #expect(report.filesParsed == 9)
        #expect(report.filesSkipped == 0)
        #expect(report.filesWritten == 0)
    }

    @Test func anotherOutputStartsFromNothing() async throws {
        let site = try await Self.settledSite()
        defer { site.remove() }
        _ = await site.build()
        let other = site.folder.appending(path: "elsewhere")
        let report = await site.build(output: other)
        #expect(report.filesParsed == 9)
        #expect(report.filesSkipped == 0)
    }
}

/// The parse store writes every stored property of a parse; a property added to the model without
/// being written fails here.
@Suite struct ParsedContentCodingTests {
    /// Equal as far as `Mirror` can see: every stored property, recursively; values that are `Hashable`
    /// compare with `==` (dictionaries whatever their order).
    static func same(_ a: Any, _ b: Any) -> Bool {
        if let a = a as? AnyHashable, let b = b as? AnyHashable { return a == b }
        let left = Mirror(reflecting: a)
        let right = Mirror(reflecting: b)
        guard left.children.count == right.children.count, left.displayStyle == right.displayStyle else { return false }
        if left.displayStyle == .optional, left.children.isEmpty { return right.children.isEmpty }
        return zip(left.children, right.children).allSatisfy { $0.label == $1.label && same($0.value, $1.value) }
    }

    static func roundTrip(_ parsed: ParsedContent) throws -> ParsedContent {
        var writer = ByteWriter()
        parsed.write(to: &writer)
        return try writer.bytes.withUnsafeBytes { bytes in
            var reader = ByteReader(bytes)
            let read = try ParsedContent(reading: &reader)
            #expect(reader.isAtEnd)
            return read
        }
    }

    @Test(arguments: ["Examples/reading-list", "Examples/awesome"])
    func everyFileOfAnExampleReadsBackEqual(_ example: String) async throws {
        let folder = repositoryRoot.appending(path: example)
        let loaded = await SiteLoader(siteFolder: folder).loadContent(contentDir: "links")
        let parser = ContentFileParser(contentDir: "links", config: SiteConfig())
        var links = 0
        for file in loaded.files {
            var parsed = parser.parse(file)
            parsed.links = parsed.links.map { $0.withResolveKeys() }
            links += parsed.links.count
            #expect(Self.same(parsed, try Self.roundTrip(parsed)), "\(file.path)")
        }
        #expect(links > 10)
    }

    @Test func everyPropertyIsWritten() throws {
        // A parse with every optional set and every list non-empty.
        let url = try LinkURL(parsing: "https://예시.example/päth?q=1#f")
        let location = SourceLocation(path: "links/a.md", line: 3, column: 2)
        let note = Note(markdown: "*n*", html: "<p><em>n</em></p>\n", plainText: "n")
        var content = ParsedContent()
        content.links = [
            ParsedLink(
                source: location, categoryKey: ["a", "b"], slugName: "slug", url: url, urlSource: location,
                title: "T", description: "D", tags: [(name: "맛집", line: 4), (name: "x", line: nil)],
                date: LinkDate(parsing: "2024-05-06T07:08:09+02:00"), image: url, favorite: true, draft: true,
                note: note,
                extra: ["k": .map(["n": .number(1.5), "l": .list([.bool(true), .null, .string("s")])])],
                sourceOrder: 7, aliases: [PathAlias("/old/", at: location)],
                secondaryLinks: [SecondaryLink(title: "Demo", url: url)], relatedOrder: 3, archive: url,
                labels: ["MIT", "⊘ Proprietary"]
            ).withResolveKeys()
        ]
        content.categories = [
            CategoryDefinition(
                key: ["a"], title: "A", description: "D", icon: "📚", order: 2, intro: note, source: location,
                keepsSourceOrder: true, isListFile: true, isSection: true, aliases: [PathAlias("/o/", at: location)],
                anchors: ["a", "csharp"])
        ]
        content.diagnostics = [.warning(.unknownKey, at: location, "m", hint: "h"), .error(.missingURL, at: nil, "e")]
        content.unknownKeys = [(key: "k", location: location)]
        content.untitledLinks = [(url: url, location: location)]
        content.listFiles = [
            ListFileSummary(
                path: "links/list.md", itemsRead: 5, linksMade: 4, secondaryLinks: 2, linksSkipped: 1,
                datesFrom: "README.md")
        ]
        let read = try Self.roundTrip(content)
        #expect(Self.same(content, read))
        // The properties the codec knows of; a new one must be written (and added here).
        #expect(Mirror(reflecting: content).children.count == 6)
        // `dateFromHistory` is set after parsing (`HistoryDates.date`) and never stored.
        #expect(Mirror(reflecting: content.links[0]).children.count == 23)
        #expect(content.links[0].slugBase == "slug" && content.links[0].titleKey == "t")
        #expect(Mirror(reflecting: content.categories[0]).children.count == 12)
        #expect(Mirror(reflecting: content.diagnostics[0]).children.count == 5)
        #expect(Mirror(reflecting: location).children.count == 3)
        #expect(Mirror(reflecting: url).children.count == 6)
        #expect(Mirror(reflecting: note).children.count == 3)
        #expect(Mirror(reflecting: content.links[0].date!).children.count == 5)
        #expect(Mirror(reflecting: PathAlias("/x/", at: location)).children.count == 2)
        // Each property matters: a parse that differs in any one reads back different.
        for index in 0..<Mirror(reflecting: content.links[0]).children.count {
            var changed = content
            changed.links[0] = Self.changing(content.links[0], property: index)
            #expect(!Self.same(content, try Self.roundTrip(changed)), "property \(index)")
        }
    }

    /// The link with its `index`th property set to something else.
    static func changing(_ link: ParsedLink, property index: Int) -> ParsedLink {
        var link = link
        let other = SourceLocation(path: "links/other.md", line: 9)
        switch index {
        case 0: link.source = other
        case 1: link.categoryKey = ["c"]
        case 2: link.slugName = "other"
        case 3: link.url = try! LinkURL(parsing: "https://other.example/")
        case 4: link.urlSource = other
        case 5: link.title = "Other"
        case 6: link.description = nil
        case 7: link.tags = []
        case 8: link.date = nil
        case 9: link.image = nil
        case 10: link.favorite = false
        case 11: link.draft = false
        case 12: link.note = nil
        case 13: link.extra = [:]
        case 14: link.sourceOrder = 1
        case 15: link.aliases = []
        case 16: link.secondaryLinks = []
        case 17: link.relatedOrder = nil
        case 19: link.labels = ["MIT"]
        default: link.archive = nil
        }
        return link
    }
}

/// What goes into a page's fingerprint: every stored property of the model.
@Suite struct PageFingerprintsTests {
    @Test func theModelHasNoPropertyTheFingerprintsLeaveOut() throws {
        let location = SourceLocation(path: "links/a.md")
        let link = Link(
            id: 0, slug: "a", category: 0, url: try LinkURL(parsing: "https://a.example/"), title: "A",
            description: nil,
            tags: [], date: nil, image: nil, favorite: false, note: nil, extra: [:], source: location, sourceOrder: 0)
        #expect(Mirror(reflecting: link).children.count == 27)
        #expect(Mirror(reflecting: Category(id: 0, slugPath: [], title: "", source: location)).children.count == 14)
        #expect(Mirror(reflecting: Tag(id: 0, key: "", name: "", slug: "")).children.count == 10)
        #expect(Mirror(reflecting: SiteConfig()).children.count == 43)
    }

    @Test func theSameBytesGiveTheSameFingerprintAndOthersAnother() {
        var seen = Set<Fingerprint>()
        for length in 0..<64 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37) }
            #expect(Fingerprint(bytes) == Fingerprint(bytes))
            seen.insert(Fingerprint(bytes))
            var flipped = bytes
            if !flipped.isEmpty {
                flipped[length / 2] ^= 1
                #expect(Fingerprint(flipped) != Fingerprint(bytes))
            }
        }
        #expect(seen.count == 64)
        // Fixed across processes and machines: a stored state must read the same tomorrow.
        #expect(Fingerprint(Array("linky-site".utf8)) == Fingerprint(Array("linky-site".utf8)))
    }
}

/// `hasMoreCharacters(than:)` stands for `count >` without counting a whole note.
@Suite struct CharacterLimitTests {
    @Test func itAgreesWithCount() {
        let pieces = ["a", "한", "\u{1112}\u{1161}\u{11AB}", "👩‍👩‍👧", "e\u{301}", " ", "\r\n"]
        var text = ""
        for length in 0..<40 {
            for limit in [0, 1, 5, 10, 20, 39] {
                #expect(text.hasMoreCharacters(than: limit) == (text.count > limit), "\(length) \(limit)")
            }
            text += pieces[length % pieces.count]
        }
    }

    /// Long runs of scalars that stand alone, then one that joins its neighbour, anywhere around the
    /// cut: the counted path and the standard library's must agree.
    @Test func itsPrefixIsTheStandardLibrarys() {
        let alone = ["a", " ", "\n", "é", "한", "漢", "—", "…", "\u{2019}", "\u{02FF}", "\u{D7A3}"]
        let joining = [
            "\u{301}", "\u{11AB}", "\u{1161}", "\u{200D}", "\u{FE0F}", "\r\n", "\r", "🇰🇷", "👩‍👩‍👧", "\u{3099}", "\u{0300}",
        ]
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for _ in 0..<3_000 {
            var text = ""
            let length = Int.random(in: 0..<40, using: &generator)
            for _ in 0..<length {
                let pool = Int.random(in: 0..<5, using: &generator) == 0 ? joining : alone
                text += pool.randomElement(using: &generator)!
            }
            for limit in [0, 1, 2, 5, 10, 20, 30, length - 1, length, length + 1] where limit >= 0 {
                let expected: Substring? = text.count > limit ? text.prefix(limit) : nil
                #expect(text.characterPrefix(ifLongerThan: limit) == expected, "\(Array(text.unicodeScalars)) \(limit)")
                checked += 1
            }
        }
        #expect(checked > 20_000)
        #expect(String.standsAlone(0x61) && !String.standsAlone(0x0D) && !String.standsAlone(0x0301))
    }

    /// ASCII is read eight bytes at a time: one other scalar anywhere in or after the first word,
    /// a carriage return among them, must be found as the standard library finds it.
    @Test func oneOtherScalarInLongASCII() {
        let ascii = Array("The quick brown fox jumps over the lazy dog, again and again.")
        for other in ["\r", "\r\n", "é", "\u{301}", "한", "\u{11AB}", "👩‍👩‍👧", "\n"] {
            for length in [8, 9, 16, 17, 31, 40, 60] {
                for position in 0...length {
                    var text = String(ascii[0..<length])
                    text.insert(contentsOf: other, at: text.index(text.startIndex, offsetBy: position))
                    for limit in Set([0, 1, 7, 8, 9, 15, 16, 17, position - 1, position, position + 1, length])
                    where limit >= 0 {
                        let expected: Substring? = text.count > limit ? text.prefix(limit) : nil
                        #expect(
                            text.characterPrefix(ifLongerThan: limit) == expected, "\(text.debugDescription) \(limit)")
                    }
                }
            }
        }
    }
}
