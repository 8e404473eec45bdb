import Foundation
import LinkyModel
import Testing

@testable import LinkyBuild

/// A build keeps its search word table in the state (`SearchWordStore`); the next one finds again
/// only the words of the links whose title, tags, description or note changed, and writes what a
/// fresh build writes.
@Suite struct SearchWordStoreTests {
    /// The current site's search index, as the shards are made from it.
    static func searchIndex(_ site: TestSite) async throws -> SearchIndexDocument {
        let prepared = await SiteBuilder().prepare(
            BuildOptions(siteFolder: site.folder, baseURL: "https://example.com/links/"))
        return SearchIndexDocument(TemplateContext(site: try #require(prepared.site)))
    }

    @Test func onlyTheEditedLinksWordsAreFoundAgain() async throws {
        let site = try await RebuildStateTests.settledSite()
        defer { site.remove() }
        #expect(await site.build().outcome == .success)
        let kept = try #require(BuildState.read(beside: site.output)?.searchWords?.decode())
        #expect(kept.tables == SearchWordTables(try await Self.searchIndex(site)))
        #expect(kept.keys.count == 8)

        try RebuildStateTests.Edit.description.apply(to: site)
        let index = try await Self.searchIndex(site)
        let store = SearchWordStore(previous: BuildState.read(beside: site.output)?.searchWords)
        let (previous, changed) = try #require(store.previous(index))
        let edited = try #require(index.links.firstIndex { $0.title == "Beta" })
        #expect(changed == [edited])
        #expect(previous == kept.tables)
        #expect(previous.words != SearchWordTable(index), "the edit added words")

        #expect(await site.build().outcome == .success)
        let rebuilt = try #require(BuildState.read(beside: site.output)?.searchWords?.decode())
        #expect(rebuilt.tables == SearchWordTables(index))
        #expect(try filesBelow(site.output) == (try await RebuildStateTests.freshBuild(site)))
    }

    /// Another title at the top of the order moves every link to another id: each is changed, and
    /// the table is made whole.
    @Test func linksThatMoveAreChangedAtEachId() async throws {
        let site = try await RebuildStateTests.settledSite()
        defer { site.remove() }
        #expect(await site.build().outcome == .success)
        try RebuildStateTests.Edit.addedLink.apply(to: site)
        let index = try await Self.searchIndex(site)
        let store = SearchWordStore(previous: BuildState.read(beside: site.output)?.searchWords)
        let (_, changed) = try #require(store.previous(index))
        let old = try #require(BuildState.read(beside: site.output)?.searchWords?.decode()?.keys)
        #expect(index.links.count == old.count + 1)
        #expect(changed.contains(index.links.count - 1))
        #expect(await site.build().outcome == .success)
        #expect(try filesBelow(site.output) == (try await RebuildStateTests.freshBuild(site)))
    }

    /// A damaged table is not used: the build finds every word.
    @Test func aDamagedTableIsNotUsed() async throws {
        let site = try await RebuildStateTests.settledSite()
        defer { site.remove() }
        #expect(await site.build().outcome == .success)
        let stored = try #require(BuildState.read(beside: site.output)?.searchWords)
        let cut = StoredSearchWords(file: stored.file, range: stored.range.dropLast(3))
        #expect(cut.decode() == nil)
        #expect(SearchWordStore(previous: cut).previous(try await Self.searchIndex(site)) == nil)
    }
}
