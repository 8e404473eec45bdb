import Foundation
import LinkyModel
import Yams

/// `tags.yml` as written: each entry's name, aliases and parent, and where the names are, read the
/// way `TagsFileParser` reads them (so aliases resolve here exactly as in a build).
struct TagCatalog: Sendable {
    struct Entry: Sendable {
        /// The key as the build reads it (NFC, trimmed).
        var name: String
        var identity: String
        var line: Int
        /// The key's bytes.
        var key: WrittenTags
        /// Identities of its aliases, as listed (the build ignores one that is the entry's own name).
        var aliases: [String]
        /// The `parent:` value, when there is one.
        var parent: WrittenTags?
        /// The `slug:` and `title:` settings, when there are: the address is made from the slug, else the name.
        var slug: String? = nil
        var title: String? = nil
    }

    /// The file, when the site has one.
    var file: SourceBytes?
    var entries: [Entry] = []
    private var ownerOfAlias: [String: Int] = [:]

    /// An empty catalog: the site has no `tags.yml`.
    init() {}

    /// Reads `tags.yml` (or `tags.yaml`); problems are the build's to report, so an unreadable file
    /// here means it changed since the build read it.
    init(file: SourceBytes) throws(TagEditProblem) {
        self.file = file
        let node: Node?
        do {
            node = try Yams.compose(yaml: file.text(file.start..<file.bytes.count), .default, .default, .utf8)
        } catch {
            throw TagEditProblem(
                location: SourceLocation(path: file.path), message: "the file is no longer valid YAML (\(error))",
                hint: "it changed while linky-site read it; run the command again")
        }
        guard case .mapping(let mapping) = node else { return }
        let positions = YAMLPositions(bytes: file.bytes, range: file.start..<file.bytes.count)
        for (keyNode, value) in mapping {
            guard case .scalar(let key) = keyNode else { continue }
            let name = key.string.nfc.trimmingCharacters(in: .whitespaces)
            let identity = Tag.identity(of: name)
            guard !identity.isEmpty, !entries.contains(where: { $0.identity == identity }) else { continue }
            let line = file.line(of: positions.offset(of: key.mark) ?? file.start)
            var entry = Entry(
                name: name, identity: identity, line: line,
                key: Self.scalar(key, in: file, positions: positions, line: line), aliases: [], parent: nil)
            if case .mapping(let settings) = value {
                for (settingKey, setting) in settings {
                    switch (settingKey.string, setting) {
                    case ("parent", .scalar(let parent)) where !parent.string.isEmpty:
                        let parentLine = file.line(of: positions.offset(of: parent.mark) ?? file.start)
                        entry.parent = Self.scalar(parent, in: file, positions: positions, line: parentLine)
                    case ("slug", .scalar(let slug)) where !slug.string.isEmpty:
                        entry.slug = slug.string
                    case ("title", .scalar(let title)) where !title.string.isEmpty:
                        entry.title = title.string
                    case ("aliases", .scalar(let aliases)):
                        entry.aliases = aliases.string.split(separator: ",").map { Tag.identity(of: String($0)) }
                    case ("aliases", .sequence(let aliases)):
                        // `/paths/` are old addresses, not spellings (as the build reads them).
                        entry.aliases = aliases.compactMap { $0.string }.filter { !$0.hasPrefix("/") }
                            .map { Tag.identity(of: $0) }
                    default: break
                    }
                }
            }
            entry.aliases.removeAll(where: \.isEmpty)
            for alias in entry.aliases where alias != identity && ownerOfAlias[alias] == nil {
                ownerOfAlias[alias] = entries.count
            }
            entries.append(entry)
        }
    }

    func entry(_ identity: String) -> Entry? {
        entries.first { $0.identity == identity }
    }

    /// The entry that lists `identity` among its aliases.
    func aliasOwner(_ identity: String) -> Entry? {
        ownerOfAlias[identity].map { entries[$0] }
    }

    /// The identity of the tag a spelling means once aliases are applied.
    func canonical(_ identity: String) -> String {
        aliasOwner(identity)?.identity ?? identity
    }
}

// MARK: - Helpers

private extension TagCatalog {
    static func scalar(_ scalar: Node.Scalar, in file: SourceBytes, positions: YAMLPositions, line: Int) -> WrittenTags
    {
        let (nameRange, name) = TagNameBytes.single(Array(scalar.string.utf8))
        guard let offset = positions.offset(of: scalar.mark),
            let source = YAMLScalarSource.read(
                file.bytes, at: offset, limit: file.bytes.count, style: scalar.style, expected: scalar.string)
        else {
            return WrittenTags(
                line: line, linkLine: nil, names: [name],
                layout: .unlocated("the name is written over several lines or as a block scalar"))
        }
        return WrittenTags(
            line: line, linkLine: nil, names: [name], layout: .scalar(WrittenTags.Item(scalar: source, name: nameRange))
        )
    }
}
