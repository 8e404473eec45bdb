import Foundation
import LinkyCuration
import LinkyImport
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

/// `import --from markdown` and `build` read a list with one reader: importing a real list gives the
/// links that building it as a list file gives, link for link, and keeps its secondary links.
@Suite struct MarkdownImportAgreementTests {
    static let lists = ["awesome-python.md", "awesome.md", "awesome-selfhosted.md", "public-apis.md"]

    @Test(arguments: lists)
    func importingAListGivesTheLinksBuildingItGives(_ name: String) async throws {
        let path = ImportFixtures.folder.deletingLastPathComponent().appending(path: "lists/\(name)")
        let data = try Data(contentsOf: path)
        let asList = try ImportFixtures.site([
            "linky.yml": "title: T\n", "links/list.md": String(decoding: data, as: UTF8.self),
        ])
        let imported = try ImportFixtures.site(["linky.yml": "title: T\n"])
        defer {
            try? FileManager.default.removeItem(at: asList)
            try? FileManager.default.removeItem(at: imported)
        }
        let report = try await Importer(options: ImportOptions(siteFolder: imported)).run(
            data, format: .markdown, path: name)
        #expect(report.writeFailure == nil && report.siteErrorCount == 0)
        let built = try #require(await ImportFixtures.build(asList).site)
        let fromImport = try #require(await ImportFixtures.build(imported).site)
        #expect(Set(fromImport.links.map(\.url.comparisonKey)) == Set(built.links.map(\.url.comparisonKey)))
        #expect(fromImport.links.count == built.links.count)
        // Secondary links live on in the imported files' notes.
        for link in built.links where !link.secondaryLinks.isEmpty {
            let twin = try #require(fromImport.links.first { $0.url == link.url })
            for secondary in link.secondaryLinks {
                #expect(twin.note?.markdown.contains(secondary.url.absoluteString) == true, "\(name): \(link.title)")
            }
        }
    }
}
