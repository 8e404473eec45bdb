import Foundation
import LinkyBuild
import LinkyCuration
import LinkyImport
import LinkyModel
import Testing

/// The read-it-later apps' CSV exports (Pocket, Raindrop.io, Instapaper) and linky-site's own, read
/// by CSV.swift: every column the app has kept, bad rows located, duplicates reported, not doubled.
@Suite struct CSVBookmarkReaderTests {
    @Test func pocket() throws {
        let read = try ImportFixtures.read("csv/pocket.csv")
        #expect(read.entries.count == 5)
        #expect(read.entries.map(\.line) == [2, 3, 4, 5, 6])
        let first = read.entries[0]
        #expect(first.url == "https://www.swift.org/documentation/concurrency/")
        #expect(first.tags == ["swift", "concurrency"])
        #expect(first.date == "2024-05-02")
        #expect(first.extra == [.init(key: "toread", value: "true")])
        #expect(read.entries[1].title == "을지로 노포, 모음")
        #expect(read.entries[1].extra.isEmpty)
        #expect(read.entries[2].url == nil)
    }

    @Test func raindrop() throws {
        let read = try ImportFixtures.read("csv/raindrop.csv")
        #expect(read.entries.map(\.line) == [2, 5, 6, 7])  // the first row's note and highlights take two lines more
        let first = read.entries[0]
        #expect(first.folders == ["Programming", "Swift"])
        #expect(first.tags == ["swift", "concurrency"])
        #expect(first.description == "Structured concurrency in Swift.")
        #expect(first.date == "2024-05-01")
        #expect(first.favorite)
        #expect(
            first.note == "My note, with a comma\nand a second line\n\n> actors isolate state\n>\n> tasks form a tree")
        #expect(read.entries[1].folders.isEmpty)  // "Unsorted" is no folder
        #expect(!read.entries[1].favorite)
    }

    @Test func instapaper() throws {
        let read = try ImportFixtures.read("csv/instapaper.csv")
        #expect(read.entries.count == 4)
        #expect(read.entries[0].extra == [.init(key: "toread", value: "true")])
        #expect(read.entries[0].tags == ["swift", "concurrency"])
        #expect(read.entries[0].description == "Structured concurrency in Swift.")
        #expect(read.entries[1].favorite && read.entries[1].folders.isEmpty)
        #expect(read.entries[2].folders == ["Programming"])
        #expect(read.entries[2].description == "A \"free\" book")
        #expect(read.entries[3].url == nil)
    }

    /// linky-site's own export reads back: the same links, categories, tags, dates and favourites.
    @Test func ownExportReadsBack() throws {
        let csv =
            "url,title,description,category,tags,date,favorite,note\r\n"
            + "https://a.example/,\"A, first\",Desc,reading/swift,\"swift,한글\",2024-05-01,true,\"Line one\nLine two\"\r\n"
        let read = try CSVBookmarkReader.read(Data(csv.utf8), path: "links.csv")
        let entry = try #require(read.entries.first)
        #expect(entry.title == "A, first" && entry.folders == ["reading", "swift"] && entry.tags == ["swift", "한글"])
        #expect(entry.date == "2024-05-01" && entry.favorite && entry.note == "Line one\nLine two")
    }

    @Test func aFileWithoutAURLColumnIsRefused() throws {
        #expect(throws: ImportReadFailure.self) {
            try CSVBookmarkReader.read(Data("name,address\nA,https://a.example/\n".utf8), path: "x.csv")
        }
    }

    @Test(arguments: ["csv/pocket.csv", "csv/raindrop.csv", "csv/instapaper.csv"])
    func importingReportsDuplicatesAndBadRowsAtTheirLines(_ name: String) async throws {
        let site = try ImportFixtures.site(["linky.yml": "title: T\nextra_keys: [toread]\n"])
        defer { try? FileManager.default.removeItem(at: site) }
        let report = try await ImportFixtures.importFixture(name, into: site)
        #expect(report.writeFailure == nil)
        #expect(report.invalid.count == 1, "\(report.invalid)")
        #expect(report.invalid.allSatisfy { $0.location?.path == name && $0.location?.line != nil })
        let expectedDuplicates = name.hasSuffix("instapaper.csv") ? 0 : 1
        #expect(report.duplicates.count == expectedDuplicates, "\(report.duplicates)")
        // What was written builds, with the app's folders as categories and its favourites kept.
        var options = BuildOptions(siteFolder: site)
        options.writeOutput = false
        let built = await SiteBuilder().build(options)
        let model = try #require(built.site, "\(built.diagnostics)")
        #expect(model.links.count == report.files.count)
        if name.hasSuffix("raindrop.csv") {
            let swift = try #require(model.links.first { $0.title == "Swift Concurrency" })
            #expect(swift.favorite && model.categories[swift.category].title == "Swift")
        }
        // Run again: nothing new, every usable row a duplicate.
        let again = try await ImportFixtures.importFixture(name, into: site)
        #expect(again.files.isEmpty && again.duplicates.count == report.files.count + expectedDuplicates)
    }

    /// A 1,000-row Pocket export with duplicates and broken rows: every row accounted for.
    @Test func aThousandRows() async throws {
        var rows = ["title,url,time_added,cursor,tags,status"]
        for index in 0..<1_000 {
            switch index % 50 {
            case 7: rows.append("Broken \(index),not a url,1714608000,,,unread")
            case 9:
                rows.append(
                    "Again \(index),https://example.com/articles/\(index - 1)?utm_source=pocket,1714608000,,,archive")
            default:
                rows.append(
                    "\"Article, \(index)\",https://example.com/articles/\(index),1714608000,,tag\(index % 7)|all,archive"
                )
            }
        }
        let site = try ImportFixtures.site(["linky.yml": "title: T\nextra_keys: [toread]\n"])
        defer { try? FileManager.default.removeItem(at: site) }
        let report = try await Importer(options: ImportOptions(siteFolder: site)).run(
            Data(rows.joined(separator: "\r\n").utf8), format: .csv, path: "pocket.csv")
        #expect(report.files.count == 960)
        #expect(report.duplicates.count == 20)
        #expect(report.invalid.count == 20)
        #expect(report.invalid.first?.location?.line == 9)  // row 7 of the data, after the header
    }
}
