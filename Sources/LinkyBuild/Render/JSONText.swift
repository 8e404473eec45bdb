import Foundation
import LinkyModel

/// JSON written straight into bytes, for the big documents of a build (`links.json`,
/// `search-index.json` and the search shards): Foundation's `JSONEncoder` builds a tree of boxed
/// values first and was 8% of a 100,000-link build.
///
/// The bytes are those `DataEncoding.json` writes (Foundation with sorted keys, unescaped slashes,
/// and optionally pretty-printed), which `JSONTextTests` checks on whole sites: callers write each
/// object's keys in UTF-8 order and leave out nil values, as the synthesized `Encodable` does.
struct JSONText {
    private(set) var bytes: [UInt8] = []
    let pretty: Bool
    private var depth = 0
    /// Whether the innermost open object or array has no element yet.
    private var empty = true

    /// `capacity`: the bytes expected, so that a large document is not copied each time it outgrows
    /// its buffer.
    init(pretty: Bool, capacity: Int = 0) {
        self.pretty = pretty
        bytes.reserveCapacity(capacity)
    }

    /// The document with the final newline `DataEncoding.json` adds.
    consuming func finished() -> [UInt8] {
        bytes.append(0x0A)
        return bytes
    }

    /// A finished document as a script: `prefix`, the JSON without its final newline, `suffix`
    /// (`search-index.js`, the search shards).
    static func script(_ prefix: String, _ json: [UInt8], _ suffix: String) -> [UInt8] {
        var script: [UInt8] = []
        script.reserveCapacity(prefix.utf8.count + json.count + suffix.utf8.count)
        script.append(contentsOf: prefix.utf8)
        script.append(contentsOf: json[..<(json.count - 1)])
        script.append(contentsOf: suffix.utf8)
        return script
    }

    // MARK: Containers

    mutating func object(_ body: (inout JSONText) -> Void) {
        open(UInt8(ascii: "{"))
        body(&self)
        close(UInt8(ascii: "}"))
    }

    mutating func array<S: Sequence>(_ elements: S, _ write: (inout JSONText, S.Element) -> Void) {
        open(UInt8(ascii: "["))
        for element in elements {
            separate()
            write(&self, element)
        }
        close(UInt8(ascii: "]"))
    }

    /// `"key" : ` (or `"key":`), after the separator the previous member needs.
    mutating func key(_ key: String) {
        separate()
        string(key)
        if pretty {
            bytes.append(contentsOf: [0x20, UInt8(ascii: ":"), 0x20])
        } else {
            bytes.append(UInt8(ascii: ":"))
        }
    }

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        if pretty { bytes.append(0x0A) }
        depth += 1
        empty = true
    }

    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        if pretty {
            bytes.append(0x0A)
            indent()
        }
        bytes.append(bracket)
        empty = false
    }

    private mutating func separate() {
        if !empty {
            bytes.append(UInt8(ascii: ","))
            if pretty { bytes.append(0x0A) }
        }
        empty = false
        if pretty { indent() }
    }

    private mutating func indent() {
        for _ in 0..<depth { bytes.append(contentsOf: [0x20, 0x20]) }
    }

    // MARK: Values

    private static let hex = Array("0123456789abcdef".utf8)

    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var start = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                if index > start { bytes.append(contentsOf: utf8[start..<index]) }
                start = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case 0x22: bytes.append(0x22)
                case 0x5C: bytes.append(0x5C)
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    bytes.append(contentsOf: [
                        UInt8(ascii: "u"), 0x30, 0x30, Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 15)],
                    ])
                }
            }
            if utf8.count > start { bytes.append(contentsOf: utf8[start...]) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func int(_ value: Int) {
        if value >= 0, value < 10 {
            bytes.append(0x30 + UInt8(value))
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
    }

    mutating func bool(_ value: Bool) {
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    mutating func null() {
        bytes.append(contentsOf: "null".utf8)
    }

    /// As `JSONEncoder` writes a finite `Double`: its description without a trailing `.0`.
    mutating func double(_ value: Double) {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    mutating func extra(_ value: ExtraValue) {
        switch value {
        case .string(let text): string(text)
        case .number(let number): double(number)
        case .bool(let flag): bool(flag)
        case .null: null()
        case .list(let items): array(items) { $0.extra($1) }
        case .map(let entries): sortedObject(entries) { $0.extra($1) }
        }
    }

    /// A dictionary as an object, keys in UTF-8 order.
    mutating func sortedObject<Value>(_ entries: [String: Value], _ write: (inout JSONText, Value) -> Void) {
        object { json in
            for (key, value) in entries.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                json.key(key)
                write(&json, value)
            }
        }
    }

    // MARK: Members

    mutating func member(_ name: String, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    mutating func member(_ name: String, _ value: Int?) {
        guard let value else { return }
        key(name)
        int(value)
    }

    mutating func member(_ name: String, _ value: Bool) {
        key(name)
        bool(value)
    }

    mutating func member(_ name: String, _ values: [Int]?) {
        guard let values else { return }
        key(name)
        array(values) { $0.int($1) }
    }

    mutating func member(_ name: String, _ values: [String]?) {
        guard let values else { return }
        key(name)
        array(values) { $0.string($1) }
    }
}

/// A document `JSONText` writes; each writes its keys in UTF-8 order.
protocol JSONTextWritable {
    func write(to json: inout JSONText)
}

extension JSONTextWritable {
    /// The bytes `DataEncoding.json(self, pretty:)` gives; `capacity` is how many are expected.
    func json(pretty: Bool, capacity: Int = 0) -> [UInt8] {
        var json = JSONText(pretty: pretty, capacity: capacity)
        write(to: &json)
        return json.finished()
    }
}

// MARK: - links.json

extension CollectionDocument: JSONTextWritable {
    func write(to json: inout JSONText) {
        json.object { json in
            json.key("categories")
            json.array(categories) { json, category in
                json.object { json in
                    json.member("children", category.children)
                    json.member("count", category.count)
                    json.member("description", category.description)
                    json.member("icon", category.icon)
                    json.member("id", category.id)
                    json.member("page", category.page)
                    json.member("parent", category.parent)
                    json.member("path", category.path)
                    json.member("title", category.title)
                }
            }
            json.member("generator", generator)
            json.key("links")
            json.array(links) { json, link in
                json.object { json in
                    json.member("category", link.category)
                    json.member("date", link.date)
                    json.member("description", link.description)
                    if let extra = link.extra {
                        json.key("extra")
                        json.sortedObject(extra) { $0.extra($1) }
                    }
                    json.member("favorite", link.favorite)
                    json.member("id", link.id)
                    json.member("image", link.image)
                    if let secondary = link.links {
                        json.key("links")
                        json.array(secondary) { json, entry in
                            json.object { json in
                                json.member("title", entry.title)
                                json.member("url", entry.url)
                            }
                        }
                    }
                    json.member("note", link.note)
                    json.member("page", link.page)
                    json.member("related", link.related)
                    json.member("source", link.source)
                    json.member("tags", link.tags)
                    json.member("title", link.title)
                    json.member("url", link.url)
                }
            }
            json.key("site")
            json.object { json in
                json.member("author", site.author)
                json.member("base_url", site.baseURL)
                json.member("description", site.description)
                json.member("language", site.language)
                json.member("title", site.title)
            }
            json.key("tags")
            json.array(tags) { json, tag in
                json.object { json in
                    json.member("count", tag.count)
                    json.member("description", tag.description)
                    json.member("id", tag.id)
                    json.member("name", tag.name)
                    json.member("page", tag.page)
                    json.member("parent", tag.parent)
                    json.member("slug", tag.slug)
                }
            }
            json.member("version", version)
        }
    }
}

// MARK: - search-index.json and the search shards

extension SearchIndexDocument: JSONTextWritable {
    func write(to json: inout JSONText) {
        json.object { json in
            json.key("categories")
            json.array(categories) { $0.write($1) }
            json.key("links")
            json.array(links) { $0.write($1) }
            json.member("tags", tags)
            json.member("version", version)
        }
    }
}

extension JSONText {
    mutating func write(_ category: SearchIndexDocument.CategoryEntry) {
        object { json in
            json.member("href", category.href)
            json.member("parent", category.parent)
            json.member("title", category.title)
            json.member("trail", category.trail)
        }
    }

    mutating func write(_ link: SearchIndexDocument.LinkEntry) {
        object { json in
            json.member("a", link.a)
            json.member("c", link.c)
            json.member("d", link.d)
            json.member("f", link.f)
            json.member("g", link.g)
            json.member("n", link.n)
            json.member("p", link.p)
            json.member("s", link.s)
            json.member("t", link.t)
            json.member("u", link.u)
        }
    }
}

extension SearchShardFormat.Manifest: JSONTextWritable {
    func write(to json: inout JSONText) {
        json.object { json in
            json.member("aggregate_above", aggregateAbove)
            json.member("aggregate_best", aggregateBest)
            json.key("categories")
            json.array(categories) { $0.write($1) }
            json.member("category_shards", categoryShards)
            if let inline {
                json.key("inline")
                json.sortedObject(inline) { $1.write(to: &$0) }
            }
            json.member("links", links)
            json.key("results")
            json.object { json in
                json.member("count", results.count)
                json.member("size", results.size)
            }
            json.member("tag_shards", tagShards)
            json.key("terms")
            json.sortedObject(terms) { json, separators in json.array(separators) { $0.string($1) } }
            json.member("version", version)
        }
    }
}

extension SearchShardFormat.Shard: JSONTextWritable {
    func write(to json: inout JSONText) {
        json.object { json in
            switch self {
            case .terms(let shard):
                json.member("keys", shard.keys)
                json.member("postings", shard.postings)
                json.member("words", shard.words)
            case .results(let shard):
                json.member("first", shard.first)
                json.key("links")
                json.array(shard.links) { $0.write($1) }
                json.key("tags")
                json.sortedObject(shard.tags) { $0.string($1) }
            case .filters(let shard):
                json.member("first", shard.first)
                json.member("lists", shard.lists)
            case .best(let shard):
                json.member("best", shard.best)
                json.member("keys", shard.keys)
                json.key("shown")
                json.array(shard.shown) { json, links in json.array(links) { $0.write($1) } }
                json.key("tags")
                json.sortedObject(shard.tags) { $0.string($1) }
                json.member("totals", shard.totals)
            case .tagNames(let shard):
                json.member("names", shard.names)
            }
        }
    }
}
