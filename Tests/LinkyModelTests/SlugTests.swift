import Testing

@testable import LinkyModel

@Suite struct SlugTests {
    @Test(arguments: [
        ("Swift Concurrency", "swift-concurrency"),
        ("맛집", "맛집"),
        ("서울 맛집 — 을지로", "서울-맛집-을지로"),
        ("C++", "c"),
        ("  --Hello, World!--  ", "hello-world"),
        ("../../etc/passwd", "etc-passwd"),
        ("Ünïcödé", "ünïcödé"),
        ("!!!", "untitled"),
        ("a/b\\c", "a-b-c"),
    ])
    func makesSlugs(name: String, expected: String) {
        #expect(Slug.make(name) == expected)
    }

    @Test func decomposedHangulGivesTheSameSlug() {
        let decomposed = "맛집".decomposedStringWithCanonicalMapping
        #expect(decomposed.unicodeScalars.count > 2)
        #expect(Slug.make(decomposed) == "맛집")
    }

    @Test func longNamesAreCutAtACharacterBoundary() {
        let slug = Slug.make(String(repeating: "가나다", count: 100))
        #expect(slug.utf8.count <= Slug.maximumUTF8Length)
        #expect(slug.allSatisfy { $0 == "가" || $0 == "나" || $0 == "다" })
    }

    @Test func collisionsGetStableDistinctSlugs() {
        let allocator = SlugAllocator()
        let (first, collisions) = allocator.allocate([
            (key: 1, name: "C++"), (key: 2, name: "C"), (key: 3, name: "c-2"),
        ])
        let (second, _) = allocator.allocate([(key: 3, name: "c-2"), (key: 2, name: "C"), (key: 1, name: "C++")])
        #expect(first == second)
        #expect(Set(first.values).count == 3)
        #expect(first[2] == "c")
        #expect(first[3] == "c-2")
        #expect(first[1] == "c-3")
        #expect(collisions.count == 1)
    }

    @Test func reservedNamesAreNeverUsed() {
        let (slugs, _) = SlugAllocator(reserved: ["page"]).allocate([(key: 1, name: "Page"), (key: 2, name: "CON")])
        #expect(slugs[1] == "page-2")
        #expect(slugs[2] == "con-2")
    }
}
