import Testing

@testable import LinkyModel

@Suite struct SlugTests {
    @Test(arguments: [
        ("Swift Concurrency", "swift-concurrency"),
        ("맛집", "맛집"),
        ("서울 맛집 — 을지로", "서울-맛집-을지로"),
        ("C++", "c-plus-plus"),
        ("C#", "c-sharp"),
        ("F#", "f-sharp"),
        (".NET", "dotnet"),
        ("ASP.NET Core", "asp-net-core"),
        ("Node.js", "node-js"),
        ("R&D", "r-and-d"),
        ("Google+", "google-plus"),
        ("Issue #42", "issue-42"),
        ("a#b", "a-b"),
        ("C#/.NET", "c-sharp-dotnet"),
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

    @Test func collisionsGetSuffixesFromTheNameNotItsPosition() {
        let allocator = SlugAllocator()
        let (first, collisions) = allocator.allocate([
            (key: 1, name: "Go!"), (key: 2, name: "go"), (key: 3, name: "GO?"),
        ])
        let (second, _) = allocator.allocate([(key: 3, name: "GO?"), (key: 2, name: "go"), (key: 1, name: "Go!")])
        #expect(first == second)
        #expect(Set(first.values).count == 3)
        // The name written as its slug keeps it; the others carry their own hash.
        #expect(first[2] == "go")
        #expect(first[1] == "go-" + Slug.nameHash("Go!"))
        #expect(first[3] == "go-" + Slug.nameHash("GO?"))
        #expect(collisions.count == 1)
        // Without `GO?`, and with unrelated names added, the others keep their slugs.
        let (third, _) = allocator.allocate([
            (key: 1, name: "Go!"), (key: 2, name: "go"), (key: 4, name: "Rust"), (key: 5, name: "C++"),
        ])
        #expect(third[1] == first[1])
        #expect(third[2] == first[2])
    }

    @Test func suffixesComeFromTheIdentityWhenNamesAreEqual() {
        let (slugs, _) = SlugAllocator().allocate([
            (key: 1, name: "Docs", identity: "https://a.example/"),
            (key: 2, name: "Docs", identity: "https://b.example/"),
        ])
        #expect(slugs[1] == "docs")
        #expect(slugs[2] == "docs-" + Slug.nameHash("https://b.example/"))
    }

    @Test func nameHashIsStableAndNFC() {
        #expect(Slug.nameHash("C++").count == 6)
        #expect(Slug.nameHash("맛집") == Slug.nameHash("맛집".decomposedStringWithCanonicalMapping))
        #expect(Slug.nameHash("a") != Slug.nameHash("b"))
        // FNV-1a 64 of "a" is af63dc4c8601ec8c: the suffix is fixed by the name, on every machine.
        #expect(Slug.nameHash("a") == "af63dc")
    }

    @Test func reservedNamesAreNeverUsed() {
        let (slugs, _) = SlugAllocator(reserved: ["page"]).allocate([(key: 1, name: "Page"), (key: 2, name: "CON")])
        #expect(slugs[1] == "page-" + Slug.nameHash("Page"))
        #expect(slugs[2] == "con-" + Slug.nameHash("CON"))
    }
}
