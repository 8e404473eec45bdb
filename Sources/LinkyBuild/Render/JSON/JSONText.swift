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

    /// `prefix`: bytes before the document, for a script (`finish(suffix:)`).
    init(pretty: Bool, capacity: Int = 0, prefix: String) {
        self.init(pretty: pretty, capacity: capacity)
        bytes.append(contentsOf: prefix.utf8)
    }

    /// The document with the final newline `DataEncoding.json` adds.
    ///
    /// Mutating, not consuming: a consuming call was handed a second reference to the buffer and
    /// appended to a copy of it (13 MB for `links.json` at 10,000 links).
    mutating func finish() -> [UInt8] {
        bytes.append(0x0A)
        return bytes
    }

    /// The document as a script: what `init(prefix:)` put before it, the JSON, then `suffix` instead
    /// of the final newline.
    mutating func finish(suffix: String) -> [UInt8] {
        bytes.append(contentsOf: suffix.utf8)
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

    /// How many bytes are written so far.
    var count: Int { bytes.count }

    /// A value written before, as its bytes: an element of an array (after the separator `array` wrote),
    /// copied from an earlier document at the same depth.
    mutating func written(_ value: UnsafeRawBufferPointer) {
        // Through a typed buffer: appending raw bytes as a sequence goes a byte at a time.
        bytes.append(contentsOf: value.assumingMemoryBound(to: UInt8.self))
        empty = false
    }

    /// An array of one element per link of `count`, each the part `previous` gives (the last build's,
    /// see `PreviousParts`) or else written by `write`; where each went is appended to `parts`.
    mutating func linkParts(
        _ count: Int, previous: (Int) -> UnsafeRawBufferPointer?, parts: inout [LinkPart],
        write: (inout JSONText, Int) -> Void
    ) {
        linkParts(0..<count, previous: previous, parts: &parts, write: write)
    }

    /// `linkParts` of the links `ids` only (a part of a file split in parts: `DataPart`).
    mutating func linkParts(
        _ ids: Range<Int>, previous: (Int) -> UnsafeRawBufferPointer?, parts: inout [LinkPart],
        write: (inout JSONText, Int) -> Void
    ) {
        parts.reserveCapacity(parts.count + ids.count)
        array(ids) { json, id in
            let start = json.count
            if let bytes = previous(id) {
                json.written(bytes)
            } else {
                write(&json, id)
            }
            parts.append(LinkPart(link: id, range: start..<json.count))
        }
    }

    /// A part of a data file split in parts (`DataPart`): `{"links": […], "part": number, "version": 2}`,
    /// the links `ids` written as `linkParts` writes them.
    mutating func linkPartsDocument(
        _ ids: Range<Int>, number: Int, previous: (Int) -> UnsafeRawBufferPointer?, parts: inout [LinkPart],
        write: (inout JSONText, Int) -> Void
    ) {
        object { json in
            json.key("links")
            json.linkParts(ids, previous: previous, parts: &parts, write: write)
            json.member("part", number)
            json.member("version", 2)
        }
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

    /// A string given as UTF-16 code units (a search key), as `string(_:)` writes it decoded: units
    /// with nothing to escape and no surrogate go straight into UTF-8, the rest through a `String`.
    /// Decoding every key into a `String` first was 3% of a 10k rebuild's CPU.
    mutating func string(utf16 units: [UInt16]) {
        guard units.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && !(0xD800...0xDFFF).contains($0) }) else {
            return string(String(decoding: units, as: UTF16.self))
        }
        bytes.append(UInt8(ascii: "\""))
        for unit in units {
            switch unit {
            case ..<0x80:
                bytes.append(UInt8(unit))
            case ..<0x800:
                bytes.append(0xC0 | UInt8(unit >> 6))
                bytes.append(0x80 | UInt8(unit & 0x3F))
            default:
                bytes.append(0xE0 | UInt8(unit >> 12))
                bytes.append(0x80 | UInt8((unit >> 6) & 0x3F))
                bytes.append(0x80 | UInt8(unit & 0x3F))
            }
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
