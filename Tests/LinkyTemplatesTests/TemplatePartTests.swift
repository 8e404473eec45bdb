import Testing

@testable import LinkyTemplates

/// A list's items as parts (`TemplatePart`): rendered as their values are, their places recorded, and
/// bytes given for one used in its place.
struct TemplatePartTests {
    static func library(_ main: String, partial: String = "") throws -> TemplateLibrary {
        var library = TemplateLibrary()
        library.register(try Template(parsing: main), named: "page")
        library.register(try Template(parsing: partial), named: "p")
        return library
    }

    static let items: [TemplateValue] = [["name": "a"], ["name": "b & c"], ["name": "d"]]

    @Test func partsRenderAsTheirValuesAndSayWhere() throws {
        let library = try Self.library(
            "<ul>\n{{#items}}\n  <li>{{name}}</li>\n{{/items}}\n</ul>{{#items.0}}x{{/items.0}}\n")
        let plain = try library.render("page", ["items": .list(Self.items)])
        let wrapped = TemplateValue.list(
            Self.items.enumerated().map { .part(TemplatePart(id: $0.offset * 10, value: $0.element)) })
        var parts: [TemplatePartRange] = []
        let bytes = try library.render("page", ["items": wrapped], parts: &parts)
        #expect(bytes == plain)
        #expect(parts.map(\.id) == [0, 10, 20])
        #expect(
            parts.map { String(decoding: bytes[$0.range], as: UTF8.self) } == [
                "  <li>a</li>\n", "  <li>b &amp; c</li>\n", "  <li>d</li>\n",
            ])
    }

    @Test func givenBytesStandForTheItem() throws {
        let library = try Self.library("{{#items}}<{{name}}>{{/items}}")
        var items = Self.items.enumerated().map { TemplatePart(id: $0.offset, value: $0.element) }
        items[1] = TemplatePart(id: 1, value: true, rendered: Array("[kept]".utf8))
        var parts: [TemplatePartRange] = []
        let bytes = try library.render("page", ["items": .list(items.map(TemplateValue.part))], parts: &parts)
        #expect(String(decoding: bytes, as: UTF8.self) == "<a>[kept]<d>")
        #expect(parts.map(\.range) == [0..<3, 3..<9, 9..<12])
    }

    /// Memory an owner keeps, as a rebuild hands the parts of the last build's mapped file.
    final class Owner: Sendable {
        /// The memory's address, as `MappedFile` keeps it (an integer is `Sendable`).
        let address: Int
        let count: Int
        init(_ text: String) {
            let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: text.utf8.count, alignment: 1)
            bytes.copyBytes(from: text.utf8)
            (address, count) = (Int(bitPattern: bytes.baseAddress), bytes.count)
        }
        var bytes: UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: address), count: count)
        }
        deinit { UnsafeMutableRawPointer(bitPattern: address)?.deallocate() }
    }

    @Test func bytesAnOwnerKeepsStandForTheItemUncopied() throws {
        let library = try Self.library("{{#items}}<{{name}}>{{/items}}")
        var items = Self.items.enumerated().map { TemplatePart(id: $0.offset, value: $0.element) }
        var owner: Owner? = Owner("..[kept]..")
        let kept = TemplateBytes(unsafeBytes: UnsafeRawBufferPointer(rebasing: owner!.bytes[2..<8]), owner: owner!)
        owner = nil  // the part keeps it
        items[1] = TemplatePart(id: 1, value: true, rendered: kept)
        #expect(kept == TemplateBytes(Array("[kept]".utf8)) && kept.count == 6)
        #expect(kept != TemplateBytes(Array("[kepT]".utf8)))
        var parts: [TemplatePartRange] = []
        let bytes = try library.render("page", ["items": .list(items.map(TemplateValue.part))], parts: &parts)
        #expect(String(decoding: bytes, as: UTF8.self) == "<a>[kept]<d>")
        #expect(parts.map(\.range) == [0..<3, 3..<9, 9..<12])
    }

    @Test func insideAnIndentedPartialNothingIsRecordedOrGiven() throws {
        let library = try Self.library("<div>\n  {{>p}}\n</div>\n", partial: "{{#items}}\n<{{name}}>\n{{/items}}\n")
        let items = Self.items.enumerated().map {
            TemplateValue.part(TemplatePart(id: $0.offset, value: $0.element, rendered: Array("wrong".utf8)))
        }
        var parts: [TemplatePartRange] = []
        let bytes = try library.render("page", ["items": .list(items)], parts: &parts)
        #expect(bytes == (try library.render("page", ["items": .list(Self.items)])))
        #expect(parts.isEmpty)
    }

    @Test func aPartLookedUpByNameIsItsValue() throws {
        let library = try Self.library("{{one.name}}{{#one}}[{{name}}]{{/one}}{{^one}}none{{/one}}")
        let bytes = try library.render("page", ["one": .part(TemplatePart(id: 0, value: ["name": "x"]))])
        #expect(String(decoding: bytes, as: UTF8.self) == "x[x]")
    }
}
