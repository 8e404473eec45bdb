import Testing

@testable import LinkyBuild

/// What each kind of planned file is made of is said once (`PlannedFile.inputs`); these are the
/// answers the renderer, the rebuild and `serve` get from it, kind by kind.
@Suite struct PageInputsTests {
    static let kinds: [PlannedFile.Kind] = [
        .home, .category(1, page: 1, of: 1), .tagIndex, .tag(0, page: 1, of: 1), .link(0), .archive,
        .archiveYear(2024), .search, .print, .notFound, .atomFeed, .jsonFeed, .sitemap([]), .bookmarks,
        .linksJSON, .searchIndex, .searchIndexScript, .searchShards, .asset("style.css"),
        .redirect(to: "a/", title: "A"),
    ]

    static func kinds(where answer: (PlannedFile) -> Bool) -> [PlannedFile.Kind] {
        kinds.filter { answer(PlannedFile(path: "x", kind: $0)) }
    }

    @Test func theLargeFilesEachGetARenderTask() {
        #expect(
            Self.kinds(where: \.isLarge) == [
                .archive, .archiveYear(2024), .print, .atomFeed, .jsonFeed, .sitemap([]), .bookmarks, .linksJSON,
                .searchIndex, .searchIndexScript, .searchShards,
            ])
    }

    @Test func theFilesMadeFromEveryLinkInFullAndThoseThatMakeMoreThanTheirPathAreAlwaysRendered() {
        #expect(
            Self.kinds(where: \.isAlwaysRendered) == [
                .print, .bookmarks, .linksJSON, .searchIndex, .searchIndexScript, .searchShards,
            ])
        #expect(Self.kinds(where: { !$0.writesOnlyItsPath }) == [.searchShards])
    }

    @Test func theLargeFilesButTheArchivePagesWaitForAPreviewsReload() {
        #expect(
            Self.kinds(where: \.waitsForReload) == [
                .print, .atomFeed, .jsonFeed, .sitemap([]), .bookmarks, .linksJSON, .searchIndex,
                .searchIndexScript, .searchShards,
            ])
    }
}
