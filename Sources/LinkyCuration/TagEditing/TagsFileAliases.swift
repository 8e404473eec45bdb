import LinkyModel
import Yams

/// Keeps the addresses of renamed and merged tags working: `/tags/<old slug>/` goes into the
/// `aliases:` of the tag's entry in `tags.yml` (the entry, and the file, are made when missing), so
/// the build writes a redirect page there. Only the bytes of the insertion change.
enum TagsFileAliases {
    /// `bytes` (nil: there is no `tags.yml` yet) with `paths` added to the aliases of the entry for
    /// `identity` (written as `name` when the entry is new); nil when the entry is written in a way
    /// this cannot extend safely (a flow mapping, aliases as one string…): the caller says so instead.
    static func adding(_ paths: [String], toEntry identity: String, name: String, in bytes: [UInt8]?) -> [UInt8]? {
        guard !paths.isEmpty else { return bytes }
        guard let bytes, !bytes.isEmpty else { return Array(entry(name, paths, newline: "\n").utf8) }
        let file = SourceBytes(path: "tags.yml", bytes: bytes)
        let newline = bytes.contains(0x0D) ? "\r\n" : "\n"
        let node: Node?
        do {
            node = try Yams.compose(yaml: file.text(file.start..<bytes.count), .default, .default, .utf8)
        } catch {
            return nil
        }
        let positions = YAMLPositions(bytes: bytes, range: file.start..<bytes.count)
        func appended() -> [UInt8] {
            var result = bytes
            if let last = result.last, last != 0x0A, last != 0x0D { result += Array(newline.utf8) }
            return result + Array(entry(name, paths, newline: newline).utf8)
        }
        guard let node else { return appended() }
        // Styles are read from the bytes: Yams reports a mapping's style from its end event.
        func opens(_ mark: Mark?, with character: Character) -> Bool {
            guard let offset = positions.offset(of: mark), offset < bytes.count else { return false }
            return bytes[offset] == character.asciiValue
        }
        guard case .mapping(let mapping) = node, !opens(mapping.mark, with: "{") else { return nil }
        guard let (key, value) = entry(identity, in: mapping) else { return appended() }
        guard let keyOffset = positions.offset(of: key.mark) else { return nil }
        let keyLine = file.line(of: keyOffset)
        let afterKeyLine = keyLine < file.lines.count ? file.lineStart(keyLine + 1) : bytes.count
        func insertLine(_ text: String, at offset: Int) -> [UInt8] {
            var result = bytes
            var line = Array((text + newline).utf8)
            if offset == bytes.count, let last = bytes.last, last != 0x0A, last != 0x0D {
                line = Array(newline.utf8) + line
            }
            result.insert(contentsOf: line, at: offset)
            return result
        }
        let list = "[\(paths.map(quoted).joined(separator: ", "))]"
        switch value {
        case .scalar(let scalar) where scalar.string.isEmpty && scalar.style == .plain:
            // `name:` with nothing after it: the settings start on the next line.
            let indent = String(repeating: " ", count: (key.mark?.column ?? 1) - 1 + 2)
            return insertLine("\(indent)aliases: \(list)", at: afterKeyLine)
        case .mapping(let settings) where !opens(settings.mark, with: "{"):
            guard let firstKey = settings.keys.first, let firstOffset = positions.offset(of: firstKey.mark),
                file.line(of: firstOffset) > keyLine
            else { return nil }
            let indent = String(repeating: " ", count: (firstKey.mark?.column ?? 1) - 1)
            guard let aliases = settings.first(where: { $0.key.string == "aliases" })?.value else {
                return insertLine("\(indent)aliases: \(list)", at: file.lineStart(file.line(of: firstOffset)))
            }
            guard case .sequence(let sequence) = aliases, let start = positions.offset(of: sequence.mark) else {
                return nil
            }
            if opens(sequence.mark, with: "[") {
                let isEmpty = bytes[(start + 1)...].first { $0 != 0x20 && $0 != 0x09 } == UInt8(ascii: "]")
                var result = bytes
                let items = paths.map(quoted).joined(separator: ", ") + (isEmpty ? "" : ", ")
                result.insert(contentsOf: Array(items.utf8), at: start + 1)
                return result
            }
            // A block sequence: a new first item, indented like the others.
            guard let firstItem = sequence.first, let itemOffset = positions.offset(of: firstItem.mark) else {
                return nil
            }
            let itemLineStart = file.lineStart(file.line(of: itemOffset))
            guard let dash = bytes[itemLineStart..<itemOffset].firstIndex(of: UInt8(ascii: "-")),
                bytes[itemLineStart..<dash].allSatisfy({ $0 == 0x20 })
            else { return nil }
            let dashIndent = String(repeating: " ", count: dash - itemLineStart)
            return insertLine(
                paths.map { "\(dashIndent)- \(quoted($0))" }.joined(separator: newline), at: itemLineStart)
        default:
            return nil
        }
    }

    /// A YAML double-quoted scalar.
    static func quoted(_ text: String) -> String {
        "\"" + YAMLScalarSource.escapedForDoubleQuotes(text) + "\""
    }

    /// The aliases the entry for `identity` lists in `bytes`; nil when it has no `aliases:` list.
    static func aliases(ofEntry identity: String, in bytes: [UInt8]) -> Set<String>? {
        let file = SourceBytes(path: "tags.yml", bytes: bytes)
        let node: Node?
        do {
            node = try Yams.compose(yaml: file.text(file.start..<bytes.count), .default, .default, .utf8)
        } catch {
            return nil
        }
        guard case .mapping(let mapping)? = node, let (_, value) = entry(identity, in: mapping),
            case .mapping(let settings) = value,
            case .sequence(let aliases)? = settings.first(where: { $0.key.string == "aliases" })?.value
        else { return nil }
        return Set(aliases.compactMap(\.string))
    }

    /// The key and value of the entry whose name is `identity`, read as the build reads names.
    static func entry(_ identity: String, in mapping: Node.Mapping) -> (key: Node, value: Node)? {
        mapping.first {
            $0.key.string.map { Tag.identity(of: $0.nfc.trimmingCharacters(in: .whitespaces)) } == identity
        }
    }

    /// A new entry: `"name":` with the aliases under it.
    static func entry(_ name: String, _ paths: [String], newline: String) -> String {
        "\(quoted(name)):\(newline)  aliases: [\(paths.map(quoted).joined(separator: ", "))]\(newline)"
    }
}
