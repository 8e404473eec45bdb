import Foundation
import Testing

@testable import LinkyBuild

/// Paths as keys are told apart by their bytes, as the file system tells names apart.
struct PathKeyTests {
    @Test func namesThatDifferOnlyInNormalisationAreTwoKeys() {
        let composed = "links/카테/a.md"  // precomposed syllables (NFC)
        let decomposed = composed.decomposedStringWithCanonicalMapping  // jamo (NFD), as macOS writes names
        #expect(composed == decomposed)  // one string to Swift…
        #expect(PathKey(composed) != PathKey(decomposed))  // …two files on disk
        let table: [PathKey: Int] = [PathKey(composed): 1, PathKey(decomposed): 2]
        #expect(table.count == 2 && table[PathKey(composed)] == 1 && table[PathKey(decomposed)] == 2)
    }

    @Test func equalBytesAreOneKey() {
        let built = ["links", "카테", "a.md"].joined(separator: "/")
        #expect(PathKey(built) == PathKey("links/카테/a.md"))
        #expect(Set([PathKey(built), PathKey("links/카테/a.md"), PathKey("links/카테/b.md")]).count == 2)
        #expect(PathKey("a") != PathKey("ab") && PathKey("") == PathKey(""))
    }
}
