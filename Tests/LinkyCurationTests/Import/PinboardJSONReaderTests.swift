import Foundation
import LinkyCuration
import LinkyImport
import Testing

@Suite struct PinboardJSONReaderTests {
    @Test func pinboardExportWithEscapedSlashesAndUnicode() throws {
        let read = try ImportFixtures.read("pinboard.json")
        #expect(read.entries.count == 6)
        #expect(read.entries.map(\.line) == [1, 2, 3, 4, 5, 6])
        let first = read.entries[0]
        #expect(first.url == "https://www.swift.org/documentation/concurrency/")
        #expect(first.title == "Swift Concurrency")
        #expect(
            first.description
                == "Swift has built-in support for writing asynchronous and parallel code in a structured way.")
        #expect(first.tags == ["swift", "concurrency"])
        #expect(first.date == "2024-05-01")
        #expect(!first.draft)
        #expect(first.extra == [.init(key: "toread", value: "true")])
        let korean = read.entries[1]
        #expect(korean.url == "https://example.kr/맛집/을지로")
        #expect(korean.title == "을지로 노포 모음")
        #expect(korean.description == "오래된 식당들. \"노포\" & 골목")
        #expect(korean.tags == ["맛집", "서울"])
        #expect(korean.draft)  // "shared": "no"
        #expect(korean.extra.isEmpty)
        #expect(read.entries[2].title.isEmpty)
        #expect(read.entries[5].url == nil)
    }

    @Test func timesAreUTCDays() throws {
        let json = #"[{"href":"https://a.example/","description":"A","time":"2024-05-01T23:30:00-05:00"}]"#
        let read = try PinboardJSONReader.read(Data(json.utf8), path: "p.json")
        #expect(read.entries.first?.date == "2024-05-02")
    }

    @Test func oneLineExportsStillNumberTheirEntries() throws {
        let json = #"[{"href":"https://a.example/","tags":"x y"},"oops",{"href":"https://b.example/"}]"#
        let read = try PinboardJSONReader.read(Data(json.utf8), path: "p.json")
        #expect(read.entries.map(\.url) == ["https://a.example/", "https://b.example/"])
        #expect(read.entries.map(\.line) == [1, 1])
        #expect(read.problems.map(\.code) == [.importMissingURL])
        #expect(read.problems.first?.message.contains("entry 2") == true)
    }

    @Test func notJSONOrNotAListIsRefused() throws {
        #expect(throws: ImportReadFailure.self) {
            try PinboardJSONReader.read(try ImportFixtures.data("chrome.html"), path: "chrome.html")
        }
        #expect(throws: ImportReadFailure.self) {
            try PinboardJSONReader.read(Data(#"{"posts": []}"#.utf8), path: "p.json")
        }
    }
}
