import Foundation
import LinkyCuration
import LinkyImport
import Testing

/// shaarli/netscape-bookmark-parser's PHPUnit suite (`tests/Parse*Test.php`) over its own inputs
/// (`Tests/Fixtures/import/peers/shaarli/`, MIT): the same count, addresses, titles, descriptions,
/// tags, days and private flags. Where linky-site reads a file differently, on purpose:
///
/// - Folders are categories (`folders`), not tags: shaarli adds each folder name, lower-cased, to the
///   tags (`keepNestedTags`). Tags keep their case (shaarli lower-cases them).
/// - HTML entities are decoded (`&amp;` → `&`, `&quot;` → `"`): shaarli keeps them as written.
/// - A description is one line (whitespace collapsed): shaarli keeps its line breaks.
/// - A bookmark without `PRIVATE` is public: shaarli's default is the caller's (`'0'`, private, in most
///   of its tests); linky-site's own `bookmarks.html` writes `PRIVATE="0"`.
/// - A date is a day (UTC), not a second; an unreadable date is a located warning (shaarli uses "now").
/// - Shaarli's notes have relative addresses (`?lY47tw`): read as written, then refused by the import
///   as not usable URLs (`LINKY191`), each named at its line.
@Suite struct PeerShaarliTests {
    typealias Entry = ImportedBookmarks.Entry

    func read(_ name: String) throws -> ImportedBookmarks {
        try ImportFixtures.read("peers/shaarli/\(name)")
    }

    @Test func googleBookmarksWithoutDoctype() throws {
        // ParseGoogleBookmarksTest: the file starts with <META>, has no DOCTYPE.
        let read = try read("google_bookmarks_nested.htm")
        try #require(read.entries.count == 6)
        #expect(read.problems.isEmpty)
        #expect(
            read.entries.map(\.url) == [
                "https://www.wordhippo.com/",
                "https://stackoverflow.com/questions/20180072/move-files-into-alphabetically-named-folders",
                "http://www.searchq.com/", "https://www.opennic.org/", "https://www.imdb.com/title/tt4302938/",
                "https://nextace.com/",
            ])
        #expect(read.entries[0].title == "WordHippo | Comprehensive Thesaurus for Synonyms and Antonyms")
        #expect(read.entries[4].title == "Kubo and the Two Strings (2016) - IMDb")
        // ADD_DATE in microseconds.
        #expect(
            read.entries.map(\.date) == [
                "2018-01-09", "2018-02-19", "2018-04-17", "2018-06-20", "2018-07-24", "2018-04-17",
            ])
        #expect(read.entries.allSatisfy { $0.folders == ["Unlabeled"] && $0.tags.isEmpty && $0.description == nil })
        #expect(read.entries.allSatisfy { !$0.draft })
    }

    @Test func googleBookmarksImportIntoASite() async throws {
        let site = try ImportFixtures.site()
        defer { try? FileManager.default.removeItem(at: site) }
        let report = try await ImportFixtures.importFixture("peers/shaarli/google_bookmarks_nested.htm", into: site)
        #expect(report.files.count == 6)
        #expect(report.invalid.isEmpty)
    }

    @Test func netscapeBasic() throws {
        // ParseNetscapeBookmarksTest::testParseBasic: Apache-log ADD_DATE, space-separated TAGS.
        let read = try read("netscape_basic.htm")
        #expect(read.entries.count == 2)
        #expect(read.problems.isEmpty)
        let secret = read.entries[0]
        #expect(secret.url == "https://private.tld")
        #expect(secret.title == "Secret stuff")
        #expect(secret.draft)
        #expect(secret.tags == ["private", "secret"])
        #expect(secret.date == "2000-10-10")  // 971175336
        #expect(secret.description == "Super-secret stuff you're not supposed to know about")
        let open = read.entries[1]
        #expect(open.title == "Public stuff")
        #expect(!open.draft)
        #expect(open.tags == ["public", "hello", "world"])
        #expect(open.date == "2016-02-25")
        #expect(open.description == nil)
    }

    @Test func netscapeNested() throws {
        // ParseNetscapeBookmarksTest::testParseNested: folder names are folders here, not tags.
        let read = try read("netscape_nested.htm")
        #expect(read.entries.count == 8)
        #expect(
            read.entries.map(\.url) == [
                "http://nest.ed/1", "http://nest.ed/1-1", "http://nest.ed/1-2", "http://nest.ed/2-1",
                "http://nest.ed/2-2",
                "http://nest.ed/3-1", "http://nest.ed/3-2", "http://nest.ed/2",
            ])
        #expect(read.entries[0].tags == ["tag1", "tag2", "multi word"])
        #expect(read.entries[0].folders == [])
        #expect(read.entries[1].tags == ["tag1", "tag2", "multi word"])
        #expect(read.entries[1].folders == ["Folder1, the first,folder to encounter"])
        #expect(read.entries[2].tags == ["tag3", "tag4", "leaf multi word"])
        #expect(read.entries[3].folders == ["Folder2"])
        #expect(read.entries[3].description == "First link of the second section")
        #expect(read.entries[4].description == "Second link of the second section")
        #expect(read.entries[5].folders == ["Folder3", "Folder3-1"])
        #expect(read.entries[5].tags == ["tag3"])
        #expect(read.entries[7].folders == [] && read.entries[7].tags == ["tag4"])
        #expect(
            read.entries.map(\.date) == [
                "2016-02-25", "2016-02-25", "2016-02-25", "2016-02-02", "2016-01-19", "2016-02-02", "2016-01-19",
                "2016-02-29",
            ])
        #expect(read.folders == [.init(path: ["Folder2"], description: "This second folder contains wonderful links!")])
    }

    @Test func netscapeMultilineDescriptions() throws {
        // testParseMultilineDescriptions: the same text, on one line.
        let read = try read("netscape_multiline.htm")
        #expect(read.entries.count == 3)
        #expect(read.entries[0].description == "List: - item1 - item2 - item3")
        #expect(
            read.entries[1].description == "Nested lists: - list1 - item1.1 - item1.2 - item1.3 - list2 - item2.1")
        #expect(
            read.entries[2].description
                == "List: - item1 - item2 Paragraph number one. Paragraph number two.")
    }

    @Test func scuttleDescriptionAttribute() throws {
        // ParseScuttleBookmarksTest::testParse: `description="…"` on the <A>.
        let read = try read("scuttle.htm")
        #expect(read.entries.count == 4)
        #expect(read.entries[0].description == "Multilingual Thesaurus of the European Union")
        #expect(read.entries[0].url == "http://eurovoc.europa.eu/drupal/?q=navigation&cl=en")
        #expect(read.entries[0].title == "EuroVoc Thesaurus")
        #expect(read.entries[0].date == "2011-02-18")
        #expect(read.entries[1].description == nil)
        #expect(read.entries[1].title == "IATE - The EU's multilingual term base")
        #expect(
            read.entries[2].description
                == "\"Durchsuchen Sie Millionen von SÃ¤tzen, die von anderen Menschen Ã¼bersetzt wurden.\"")
        #expect(read.entries[2].title == "Linguee - Das Web als WÃ¶rterbuch - EN/DE, EN/FR, EN/SP, EN/POR")
        #expect(read.entries[3].description?.hasPrefix("Database of the United Nation's German Translation") == true)
        #expect(read.entries[3].title == "UN Terminology in German, English (& French & Spanish)")
        #expect(read.entries.allSatisfy { $0.tags == ["dictionary"] && !$0.draft })
        #expect(read.entries.map(\.date) == ["2011-02-18", "2010-11-25", "2010-11-25", "2008-05-16"])
    }

    @Test func scuttleDescriptionWithNewLine() throws {
        // testParseWithNewLine.
        let read = try read("scuttle_new_line.htm")
        #expect(read.entries.count == 1)
        let funk = read.entries[0]
        #expect(funk.url == "http://funky16corners.com")
        #expect(funk.title == "Funky16Corners")
        #expect(funk.tags == ["funk", "musik", "blog"])
        #expect(funk.date == "2017-04-02")
        #expect(
            funk.description?.hasPrefix(
                "The best in funk, soul, jazz and rare groove vinyl I have been writing about music in various forms")
                == true)
        #expect(funk.description?.hasSuffix("Most MP3s and mixes will be available for a few weeks.") == true)
    }

    @Test func shaarliExport() throws {
        // ParseShaarliBookmarksTest::testParseNoPlugins.
        let read = try read("shaarli.htm")
        #expect(read.entries.count == 6)
        #expect(read.entries.map(\.draft) == [false, false, true, false, false, true])
        #expect(read.entries.map(\.date) == Array(repeating: "2016-03-30", count: 6))
        let recipe = read.entries[0]
        #expect(recipe.url == "?lY47tw")
        #expect(recipe.title == "Kouign'amann recipes")
        #expect(recipe.tags == ["breton", "recipe", "kouign", "amann", "traditional", "caramel", "butter"])
        #expect(
            recipe.description
                == "\"Is there anything more fabulous than something created through the wonder and miracle of caramelization?\" - http://www.davidlebovitz.com/2005/08/long-live-the-k/ - http://www.bonappetit.com/recipe/kouign-amann \"It is strictly forbidden to think about diet while you're making a Kouign Amann\""
        )
        #expect(read.entries[1].tags == ["teapot", "computer", "generation", "graphics", "3d"])
        #expect(
            read.entries[3].url
                == "http://storml.deviantart.com/art/Mine-Turtle-Instructions-302477240?q=in%3Ascraps%20sort%3Atime%20gallery%3Astorml&qo=1"
        )
        #expect(read.entries[4].url == "https://github.com/shaarli/Shaarli/wiki")
        #expect(read.entries[4].title == "Shaarli: the personal, minimalist, super-fast, no-database delicious clone")
        #expect(
            read.entries[4].description?.hasPrefix(
                "Welcome to Shaarli! This is your first public bookmark. To edit or delete me, you must first login. To learn"
            ) == true)
        #expect(
            read.entries[5].url
                == "http://sebsauvage.net/paste/?8434b27936c09649#bR7XsXhoTiLcqCpQbmOpBi3rq2zzQUC5hBI7ZT1O3x8=")
        #expect(read.entries[5].description == "Shhhh! I'm a private link only YOU can see. You can delete me too.")
    }

    @Test func shaarliNotesAreRefusedAtTheirLines() async throws {
        let site = try ImportFixtures.site()
        defer { try? FileManager.default.removeItem(at: site) }
        let report = try await ImportFixtures.importFixture("peers/shaarli/shaarli.htm", into: site)
        #expect(report.files.count == 5)
        #expect(report.invalid.map { $0.location?.line } == [9])
    }

    @Test func shaarliLegacy() throws {
        // testParseLegacy: no <DL>, the bookmarks straight after <H1>.
        let read = try read("shaarli_legacy.htm")
        #expect(read.entries.count == 2)
        #expect(read.entries[0].url == "https://gist.github.com/rodrigomuniz/8408734")
        #expect(read.entries[0].title == "A Pen by Rodrigo Muniz.")
        #expect(read.entries[0].description == "simple on/off button")
        #expect(read.entries[0].tags == ["css"])
        #expect(read.entries[0].date == "2016-08-08")
        #expect(read.entries[0].draft)
        #expect(read.entries[1].title == "URL Rewriting for Beginners - Web Development in Brighton - Added Bytes")
        #expect(read.entries[1].description == nil)
        #expect(read.entries[1].tags == ["apache"])
        #expect(read.entries[1].date == "2016-07-31")
        #expect(!read.entries[1].draft)
    }

    @Test func shaarliTagsWithWhitespace() throws {
        // ParseShaarliWithWhitespaceTagsTest: a comma in TAGS makes commas the separator.
        let read = try read("shaarli_with_whitespace_tags.htm")
        #expect(read.entries.count == 1)
        #expect(read.entries[0].tags == ["dev", "php dev", "php 7.x"])
        #expect(
            read.entries[0].description?.hasPrefix("I will write some formating using spaces: * For example,") == true)
        #expect(read.entries[0].date == "2020-06-06")
    }
}
