import Foundation
import LinkyCuration
import Testing

@Suite struct MarkdownListReaderTests {
    @Test func anAwesomeListsSectionsBecomeFolders() throws {
        let read = try ImportFixtures.read("awesome.md")
        #expect(
            read.entries.map(\.title) == [
                "Swift.org", "Swift Forums", "스위프트 한국 사용자 모임", "Swift Concurrency", "Homebrew", "Swift.org (again)",
                "mise",
            ])
        #expect(
            read.entries.map(\.folders) == [
                ["Swift"], ["Swift"], ["Swift"], ["Swift", "Concurrency"], ["도구"], ["도구"], ["도구"],
            ])
        #expect(read.entries.map(\.line) == [14, 15, 17, 21, 26, 27, 28])
        let forums = read.entries[1]
        #expect(forums.description == "Discussion about Swift, its evolution and packages.")
        #expect(forums.tags == ["swift", "community"])
        #expect(forums.note == "Good place to ask about **Swift Evolution** proposals.")
        #expect(read.entries[4].tags == ["macos", "도구"])
        #expect(read.entries[2].description == "한국 Swift 개발자 커뮤니티.")
        // The broken item is an invalid entry with its line; badges, contents and "back to top" are nothing.
        #expect(read.problems.map(\.code) == [.importInvalidURL])
        #expect(read.problems.first?.location?.line == 22)
    }

    @Test func aFileWithoutListLinksIsNotAList() throws {
        #expect(throws: ImportReadFailure.self) {
            try MarkdownListReader.read(Data("# Notes\n\nJust text, no links.\n".utf8), path: "notes.md")
        }
    }
}
