import Foundation
import LinkyModel
import LinkyNetwork
import Testing

/// The check cache: fresh results reused, errors never kept, old entries dropped.
@Suite struct LinkCheckCacheTests {
    static let url = try! LinkURL(parsing: "https://example.com/page")

    static func status(_ verdict: LinkStatus.Verdict) -> LinkStatus {
        LinkStatus(url: url.absoluteString, verdict: verdict, status: verdict == .failed ? nil : 200, message: "x")
    }

    @Test func aFreshResultIsReusedUntilItIsTooOld() throws {
        var cache = LinkCheckCache()
        cache.record(Self.status(.ok), for: Self.url, now: 1_000)
        let fresh = try #require(cache.fresh(Self.url, now: 1_000 + 3_599, maximumAge: 3_600))
        #expect(fresh.verdict == .ok)
        #expect(fresh.cached)
        #expect(cache.fresh(Self.url, now: 1_000 + 3_600, maximumAge: 3_600) == nil)
        // A maximum age of 0 reuses nothing; an entry from the future (a clock set back) neither.
        #expect(cache.fresh(Self.url, now: 1_000, maximumAge: 0) == nil)
        #expect(cache.fresh(Self.url, now: 999, maximumAge: 3_600) == nil)
    }

    @Test func anotherSpellingOfTheSameAddressFindsTheEntry() throws {
        var cache = LinkCheckCache()
        cache.record(Self.status(.redirected), for: Self.url, now: 1_000)
        let other = try LinkURL(parsing: "http://EXAMPLE.com/page/?utm_source=feed#top")
        let fresh = try #require(cache.fresh(other, now: 1_001, maximumAge: 60))
        #expect(fresh.verdict == .redirected)
        #expect(fresh.url == other.absoluteString)
    }

    @Test(arguments: [LinkStatus.Verdict.broken, .failed])
    func errorsAreNeverKeptAndForgetAnEarlierSuccess(verdict: LinkStatus.Verdict) {
        var cache = LinkCheckCache()
        cache.record(Self.status(verdict), for: Self.url, now: 1_000)
        #expect(cache.entries.isEmpty)
        cache.record(Self.status(.ok), for: Self.url, now: 1_000)
        cache.record(Self.status(verdict), for: Self.url, now: 2_000)
        #expect(cache.entries.isEmpty)
    }

    @Test func aCachedResultDoesNotRenewItsEntry() throws {
        var cache = LinkCheckCache()
        cache.record(Self.status(.ok), for: Self.url, now: 1_000)
        let fresh = try #require(cache.fresh(Self.url, now: 1_500, maximumAge: 3_600))
        cache.record(fresh, for: Self.url, now: 1_500)
        #expect(cache.entries[Self.url.comparisonKey]?.checked == 1_000)
    }

    @Test func savingDropsOldEntriesAndLoadingReadsTheRest() throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "linky-cache-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let old = try LinkURL(parsing: "https://example.com/old")
        var cache = LinkCheckCache()
        cache.record(Self.status(.ok), for: Self.url, now: 10_000)
        cache.record(Self.status(.ok), for: old, now: 1_000)
        try cache.save(to: file, now: 10_000, maximumAge: 3_600)
        let loaded = LinkCheckCache.load(from: file)
        #expect(Set(loaded.entries.keys) == [Self.url.comparisonKey])
        #expect(loaded.entries[Self.url.comparisonKey] == cache.entries[Self.url.comparisonKey])
    }

    @Test func aMissingOrDamagedFileIsAnEmptyCache() throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "linky-cache-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(LinkCheckCache.load(from: file).entries.isEmpty)
        try Data("{not json".utf8).write(to: file)
        #expect(LinkCheckCache.load(from: file).entries.isEmpty)
    }
}
