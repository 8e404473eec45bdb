import Foundation
import LinkyModel

/// Builds the category tree from folders, `_index.md` files, list files and their headings.
struct CategoryTreeBuilder {
    /// A category while the tree is being built, keyed by raw names from the content root.
    struct Node {
        var key: [String]
        var definition: CategoryDefinition?
        var children: [[String]] = []
        var slug = ""
        /// Only a list file's heading made it: dropped when it holds no links (Contents, License…).
        var isListSection = false
    }

    /// The categories in display order (root first, then depth-first), and a key → index map.
    struct Result {
        var categories: [Category]
        var indexByKey: [[String]: Int]
        var diagnostics: [Diagnostic]
    }

    let siteTitle: String
    let contentDir: String

    func build(
        folders: [String], definitions: [CategoryDefinition], linkKeys: [[String]], linkCounts: [[String]: Int]
    ) -> Result {
        var diagnostics: [Diagnostic] = []
        var nodes: [[String]: Node] = [[]: Node(key: [])]
        func ensure(_ key: [String]) {
            var prefix: [String] = []
            for component in key {
                let parent = prefix
                prefix.append(component)
                if nodes[prefix] == nil {
                    nodes[prefix] = Node(key: prefix)
                    nodes[parent]!.children.append(prefix)
                }
            }
        }
        let rootDepth = contentDir.split(separator: "/").count
        for folder in folders {
            // NFC, as the parse's keys: folders named in two Unicode forms are one category.
            ensure(Array(folder.split(separator: "/").map { String($0).nfc }.dropFirst(rootDepth)))
        }
        for definition in definitions {
            ensure(definition.key)
            if let existing = nodes[definition.key]!.definition {
                if existing.isListFile != definition.isListFile, definition.key.count > 0 {
                    diagnostics.append(
                        .warning(
                            .categoryDefinedTwice, at: definition.source,
                            "the category \"\(definition.key.joined(separator: "/"))\" is also defined by \(existing.source.path); their links are merged",
                            hint: "keep either the folder or the list file"))
                }
                nodes[definition.key]!.definition = merged(existing, definition)
            } else {
                nodes[definition.key]!.definition = definition
                nodes[definition.key]!.isListSection = definition.isListFile && isHeading(definition)
            }
        }
        for key in linkKeys { ensure(key) }

        // Totals decide which list sections survive, so compute them bottom-up on raw keys.
        var totals: [[String]: Int] = [:]
        func total(_ key: [String]) -> Int {
            let value = (linkCounts[key] ?? 0) + nodes[key]!.children.reduce(0) { $0 + total($1) }
            totals[key] = value
            return value
        }
        _ = total([])
        for (key, node) in nodes where node.isListSection && totals[key] == 0 {
            nodes[key] = nil
            nodes[Array(key.dropLast())]?.children.removeAll { $0 == key }
        }

        // Slugs: siblings share one folder of the output; `page` is pagination's.
        let allocator = SlugAllocator(reserved: ["page"])
        for (key, node) in nodes {
            let names = node.children.map { (key: $0, name: $0.last!) }
            let (slugs, collisions) = allocator.allocate(names)
            for (child, slug) in slugs { nodes[child]!.slug = slug }
            for collision in collisions {
                for (name, slug) in collision.isReserved ? collision.assigned[...] : collision.assigned.dropFirst() {
                    let childKey = key + [name]
                    let location =
                        nodes[childKey]?.definition?.source
                        ?? SourceLocation(path: contentDir + "/" + childKey.joined(separator: "/"))
                    if collision.isReserved {
                        diagnostics.append(
                            .warning(
                                .slugCollision, at: location,
                                "the category \"\(name)\" would have the address \"\(collision.wanted)\", which is reserved (\(Self.reservedReason(collision.wanted))), so it is at \"\(slug)\"",
                                hint:
                                    "rename the folder or file, or keep the address \"\(slug)\" and ignore this warning"
                            ))
                    } else {
                        diagnostics.append(
                            .warning(
                                .slugCollision, at: location,
                                "the category \"\(name)\" would have the same address as \"\(collision.assigned[0].name)\" (\(collision.wanted)), so it is at \"\(slug)\"",
                                hint: "rename one of them so their names differ in letters or digits"))
                    }
                }
            }
        }

        var categories: [Category] = []
        var indexByKey: [[String]: Int] = [:]
        func append(_ key: [String], parent: Int?, slugPath: [String]) {
            let node = nodes[key]!
            let id = categories.count
            indexByKey[key] = id
            let definition = node.definition
            let title = key.isEmpty ? siteTitle : (definition?.title ?? Self.humanized(key.last!))
            categories.append(
                Category(
                    id: id, slugPath: slugPath, title: title, description: definition?.description,
                    icon: definition?.icon, order: definition?.order, intro: definition?.intro, parent: parent,
                    totalCount: totals[key] ?? 0,
                    source: definition?.source ?? SourceLocation(path: ([contentDir] + key).joined(separator: "/")),
                    keepsSourceOrder: definition?.keepsSourceOrder ?? false, aliases: definition?.aliases ?? []))
            let children = node.children.sorted { left, right in
                let a = nodes[left]!
                let b = nodes[right]!
                let orderA = a.definition?.order ?? Int.max
                let orderB = b.definition?.order ?? Int.max
                if orderA != orderB { return orderA < orderB }
                // List sections keep the order of the headings in their file.
                if a.isListSection, b.isListSection, let lineA = a.definition?.source.line,
                    let lineB = b.definition?.source.line
                {
                    return lineA < lineB
                }
                let titleA = (a.definition?.title ?? Self.humanized(left.last!)).foldedIdentity
                let titleB = (b.definition?.title ?? Self.humanized(right.last!)).foldedIdentity
                return (titleA, a.slug) < (titleB, b.slug)
            }
            var childIDs: [Int] = []
            for child in children {
                childIDs.append(categories.count)
                append(child, parent: id, slugPath: slugPath + [nodes[child]!.slug])
            }
            categories[id].children = childIDs
        }
        append([], parent: nil, slugPath: [])
        return Result(categories: categories, indexByKey: indexByKey, diagnostics: diagnostics)
    }

    /// `places-to-eat` → `Places to eat`; names with capitals or spaces are kept as written.
    static func humanized(_ name: String) -> String {
        let spaced = name.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        guard let first = spaced.first else { return name }
        return first.uppercased() + spaced.dropFirst()
    }
}

// MARK: - Helpers

private extension CategoryTreeBuilder {
    func isHeading(_ definition: CategoryDefinition) -> Bool {
        definition.isSection
    }

    func merged(_ first: CategoryDefinition, _ second: CategoryDefinition) -> CategoryDefinition {
        var result = first
        result.title = first.title ?? second.title
        result.description = first.description ?? second.description
        result.icon = first.icon ?? second.icon
        result.order = first.order ?? second.order
        result.intro = first.intro ?? second.intro
        result.keepsSourceOrder = first.keepsSourceOrder || second.keepsSourceOrder
        result.aliases = first.aliases + second.aliases
        return result
    }

    /// Why a slug cannot be a category's folder, for the warning.
    static func reservedReason(_ slug: String) -> String {
        slug == "page"
            ? "a category's further pages are page/2/, page/3/…"
            : "Windows cannot make a file or folder of that name"
    }
}
