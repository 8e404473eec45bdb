import Foundation
import LinkyBuild
import LinkyCuration
import LinkyImport
import LinkyModel
import Testing

/// Karakeep, Linkwarden and Omnivore JSON, OPML feed lists and plain lists of addresses: each keeps
/// what its tool has, reports a bad entry at its line and a duplicate without doubling it.
@Suite struct MoreImportFormatsTests {
    @Test func karakeep() throws {
        let read = try ImportFixtures.read("json/karakeep.json")
        #expect(read.entries.count == 4)  // the text note is not a link
        let first = read.entries[0]
        #expect(first.url == "https://www.swift.org/documentation/concurrency/")
        #expect(first.title == "Swift Concurrency" && first.description == "Structured concurrency in Swift.")
        #expect(first.tags == ["swift", "concurrency"] && first.date == "2024-05-02")
        #expect(first.note == "Read the actors part first." && first.favorite)
        #expect(first.extra == [.init(key: "toread", value: "true")])
        #expect(read.entries[1].extra.isEmpty && !read.entries[1].favorite)
        #expect(read.entries.map(\.line) == [7, 21, 39, 47])  // each bookmark's "content" line
    }

    @Test func linkwarden() throws {
        let read = try ImportFixtures.read("json/linkwarden.json")
        #expect(
            read.entries.map(\.folders) == [["Programming"], ["Programming", "Rust"], ["Programming", "Rust"], []])
        #expect(read.entries[0].tags == ["swift", "concurrency"] && read.entries[0].date == "2024-05-01")
        #expect(read.entries[1].description == nil && read.entries[2].url == nil)
        #expect(read.folders == [.init(path: ["Programming"], description: "Code and languages")])
    }

    @Test func omnivore() throws {
        let read = try ImportFixtures.read("json/omnivore.json")
        #expect(read.entries.count == 4)
        #expect(read.entries[0].tags == ["swift", "concurrency"])
        #expect(read.entries[0].extra == [.init(key: "toread", value: "true")])  // not archived
        #expect(read.entries[1].extra.isEmpty && read.entries[1].date == "2023-11-14")
        #expect(read.entries.map(\.line) == [8, 23, 36, 45])  // each item's "url" line
    }

    @Test func pinboardStillReadsAsJSON() throws {
        #expect(ImportFormat(guessingFrom: "pinboard.json") == .json)
        #expect(try ImportFixtures.read("pinboard.json").entries.count == 6)
    }

    @Test func opmlFeedsBecomeLinksToTheirSites() throws {
        let read = try ImportFixtures.read("feeds.opml")
        #expect(read.entries.count == 5)
        let swift = read.entries[0]
        #expect(swift.url == "https://www.swift.org/" && swift.title == "Swift.org" && swift.folders == ["Programming"])
        #expect(swift.extra == [.init(key: "feed", value: "https://www.swift.org/atom.xml")])
        #expect(read.entries[1].description == "Empowering everyone")
        // No site address: the feed is the link.
        #expect(read.entries[2].url == "https://techblog.woowahan.com/feed/" && read.entries[2].folders.isEmpty)
        #expect(read.entries.map(\.line) == [6, 7, 9, 10, 11])
        #expect(throws: ImportReadFailure.self) { try OPMLReader.read(Data("<html/>".utf8), path: "x.opml") }
    }

    @Test func aListOfAddresses() throws {
        let read = try ImportFixtures.read("links.txt")
        #expect(read.entries.map(\.line) == [2, 4, 5, 6])
        #expect(read.entries[0].title == "Swift Concurrency" && read.entries[1].title.isEmpty)
    }

    /// A plain list takes its titles from metadata.json when a fetch has read the pages.
    @Test func addressesTakeTheirTitlesFromMetadata() async throws {
        let site = try ImportFixtures.site([
            "linky.yml": "title: T\n",
            "metadata.json":
                #"{"pages":{"//doc.rust-lang.org/book":{"fetched":"2024-05-01","title":"The Rust Programming Language"}},"version":1}"#,
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        let report = try await ImportFixtures.importFixture("links.txt", into: site)
        #expect(report.files.count == 2 && report.duplicates.count == 1 && report.invalid.count == 1)
        #expect(report.invalid.first?.location == SourceLocation(path: "links.txt", line: 5))
        let rust = try String(
            contentsOf: site.appending(path: "links/imported/the-rust-programming-language.md"), encoding: .utf8)
        #expect(rust.contains("title: The Rust Programming Language"))
    }

    @Test(arguments: ["json/karakeep.json", "json/linkwarden.json", "json/omnivore.json", "feeds.opml"])
    func importingKeepsWhatTheToolHas(_ name: String) async throws {
        let site = try ImportFixtures.site(["linky.yml": "title: T\nextra_keys: [toread, feed]\n"])
        defer { try? FileManager.default.removeItem(at: site) }
        let report = try await ImportFixtures.importFixture(name, into: site)
        #expect(report.invalid.count == 1, "\(report.invalid)")
        #expect(report.invalid.allSatisfy { $0.location?.line != nil })
        #expect(report.duplicates.count == 1, "\(report.duplicates)")
        var options = BuildOptions(siteFolder: site)
        options.writeOutput = false
        let built = await SiteBuilder().build(options)
        let model = try #require(built.site, "\(built.diagnostics)")
        #expect(built.diagnostics.filter { $0.severity == .error }.isEmpty, "\(built.diagnostics)")
        #expect(model.links.count == report.files.count)
        let again = try await ImportFixtures.importFixture(name, into: site)
        #expect(again.files.isEmpty)
    }

    @Test func pocketsOlderHTMLExport() async throws {
        let read = try ImportFixtures.read("pocket.html")
        #expect(read.entries.map(\.line) == [11, 12, 17, 18, 19])
        #expect(read.entries[0].tags == ["swift", "concurrency"] && read.entries[0].date == "2024-05-02")
        #expect(read.entries[0].extra == [.init(key: "toread", value: "true")])  // under "Unread"
        #expect(read.entries[2].extra.isEmpty)  // "Read Archive"
        let site = try ImportFixtures.site(["linky.yml": "title: T\nextra_keys: [toread]\n"])
        defer { try? FileManager.default.removeItem(at: site) }
        let report = try await ImportFixtures.importFixture("pocket.html", into: site)
        #expect(report.files.count == 3 && report.duplicates.count == 1 && report.invalid.count == 1)
    }

    /// 1,000 entries in each format, every 50th a broken address and every 50th a duplicate of the
    /// one before it: all accounted for, each bad one at its line.
    @Test(arguments: [
        "omnivore.json", "karakeep.json", "linkwarden.json", "feeds.opml", "links.txt", "raindrop.csv",
        "instapaper.csv", "pocket.html",
    ])
    func aThousandEntries(_ name: String) async throws {
        func address(_ index: Int) -> String {
            switch index % 50 {
            case 7: "javascript:void(\(index))"
            case 9: "http://example.com/articles/\(index - 1)/#again"
            default: "https://example.com/articles/\(index)"
            }
        }
        let indices = 0..<1_000
        let text: String
        switch name {
        case "omnivore.json":
            text =
                "[\n"
                + indices.map {
                    #"{"url": "\#(address($0))", "title": "Article \#($0)", "labels": ["a"], "state": "Archived"}"#
                }
                .joined(separator: ",\n") + "\n]\n"
        case "karakeep.json":
            text =
                "{\"bookmarks\": [\n"
                + indices.map {
                    #"{"createdAt": 1714608000, "title": "Article \#($0)", "tags": [], "content": {"type": "link", "url": "\#(address($0))"}}"#
                }
                .joined(separator: ",\n") + "\n]}\n"
        case "linkwarden.json":
            text =
                "{\"collections\": [{\"id\": 1, \"name\": \"All\", \"links\": [\n"
                + indices.map { #"{"name": "Article \#($0)", "url": "\#(address($0))", "tags": []}"# }
                .joined(separator: ",\n") + "\n]}]}\n"
        case "feeds.opml":
            text =
                "<opml version=\"2.0\"><body>\n"
                + indices.map {
                    "<outline type=\"rss\" text=\"Feed \($0)\" xmlUrl=\"\(address($0).replacingOccurrences(of: "&", with: "&amp;"))\"/>"
                }.joined(separator: "\n") + "\n</body></opml>\n"
        case "raindrop.csv":
            text =
                "id,title,note,excerpt,url,folder,tags,created,cover,highlights,favorite\n"
                + indices.map {
                    "\($0),\"Article, \($0)\",,An excerpt,\(address($0)),Reading/Web,\"a, b\",2024-05-01T23:30:00.000Z,,,false"
                }.joined(separator: "\n") + "\n"
        case "instapaper.csv":
            text =
                "URL,Title,Selection,Folder,Timestamp,Tags\n"
                + indices.map {
                    "\(address($0)),Article \($0),,Unread,1714608000,[]"
                }.joined(separator: "\n") + "\n"
        case "pocket.html":
            text =
                "<h1>Unread</h1><ul>\n"
                + indices.map {
                    "<li><a href=\"\(address($0))\" time_added=\"1714608000\" tags=\"a\">Article \($0)</a></li>"
                }.joined(separator: "\n") + "\n</ul>\n"
        default:
            text = "\n" + indices.map { "\(address($0)) Article \($0)" }.joined(separator: "\n") + "\n"
        }
        let site = try ImportFixtures.site(["linky.yml": "title: T\nextra_keys: [toread, feed]\n"])
        defer { try? FileManager.default.removeItem(at: site) }
        let format = try #require(ImportFormat(guessingFrom: name))
        let report = try await Importer(options: ImportOptions(siteFolder: site)).run(
            Data(text.utf8), format: format, path: name)
        #expect(report.files.count == 960, "\(name)")
        #expect(report.duplicates.count == 20 && report.invalid.count == 20, "\(name)")
        #expect(report.invalid.first?.location?.line == 9, "\(name)")  // entry 7, after the opening line
    }
}
