import Testing

@testable import LinkyBuild

/// What each kind of planned file is made of is said once, by its declaration (`PageKind.inputs`);
/// these are the answers the renderer, the rebuild and `serve` get from it, kind by kind.
@Suite struct PageInputsTests {
    static let files: [(name: String, file: PlannedFile)] = [
        ("home", PlannedFile(path: "x", kind: HomePage())),
        ("category", PlannedFile(path: "x", kind: CategoryPage(id: 1, page: 1, of: 1))),
        ("tagIndex", PlannedFile(path: "x", kind: TagIndexPage())),
        ("tag", PlannedFile(path: "x", kind: TagPage(id: 0, page: 1, of: 1))),
        ("link", PlannedFile(path: "x", kind: LinkPage(id: 0))),
        ("archive", PlannedFile(path: "x", kind: ArchivePage())),
        ("archiveYear", PlannedFile(path: "x", kind: ArchiveYearPage(year: 2024))),
        ("archiveMonth", PlannedFile(path: "x", kind: ArchiveMonthPage(year: 2024, month: 3))),
        ("search", PlannedFile(path: "x", kind: SearchPage())),
        ("print", PlannedFile(path: "x", kind: PrintPage())),
        ("notFound", PlannedFile(path: "x", kind: NotFoundPage())),
        ("atomFeed", PlannedFile(path: "x", kind: AtomFeedFile())),
        ("jsonFeed", PlannedFile(path: "x", kind: JSONFeedFile())),
        ("sitemap", PlannedFile(path: "x", kind: SitemapFile(pages: []))),
        ("bookmarks", PlannedFile(path: "x", kind: BookmarksFile())),
        ("linksJSON", PlannedFile(path: "x", kind: LinksJSON(file: .whole))),
        ("searchIndex", PlannedFile(path: "x", kind: SearchIndexFile(file: .whole))),
        ("searchIndexScript", PlannedFile(path: "x", kind: SearchIndexScript(file: .whole))),
        ("searchShards", PlannedFile(path: "x", kind: SearchShardFiles())),
        ("asset", PlannedFile(path: "x", kind: AssetFile(name: "style.css"))),
        ("redirect", PlannedFile(path: "x", kind: RedirectPage(target: "a/", title: "A"))),
    ]

    static func kinds(where answer: (PlannedFile) -> Bool) -> [String] {
        files.filter { answer($0.file) }.map(\.name)
    }

    @Test func theLargeFilesEachGetARenderTask() {
        #expect(
            Self.kinds(where: \.isLarge) == [
                "archive", "archiveYear", "archiveMonth", "print", "atomFeed", "jsonFeed", "sitemap", "bookmarks",
                "linksJSON", "searchIndex", "searchIndexScript", "searchShards",
            ])
    }

    @Test func theFilesMadeFromEveryLinkInFullAndThoseThatMakeMoreThanTheirPathAreAlwaysRendered() {
        #expect(
            Self.kinds(where: \.isAlwaysRendered) == [
                "print", "bookmarks", "linksJSON", "searchIndex", "searchIndexScript", "searchShards",
            ])
        #expect(Self.kinds(where: { !$0.writesOnlyItsPath }) == ["searchShards"])
    }

    @Test func theLargeFilesButTheArchivePagesWaitForAPreviewsReload() {
        #expect(
            Self.kinds(where: \.waitsForReload) == [
                "print", "atomFeed", "jsonFeed", "sitemap", "bookmarks", "linksJSON", "searchIndex",
                "searchIndexScript", "searchShards",
            ])
    }

    @Test func everyKindIsPlannedFromTheListOfKinds() {
        // Each declared kind is listed once, in plan order: the sitemap after the pages, redirects last.
        let names = PageKinds.all.map { String(describing: $0) }
        #expect(Set(names).count == names.count)
        #expect(names.last == "RedirectPage")
        #expect(names.firstIndex(of: "SitemapFile")! > names.firstIndex(of: "PrintPage")!)
    }
}
