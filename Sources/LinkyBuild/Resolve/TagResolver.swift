import LinkyModel

/// Resolves tag spellings to tags: case-folded NFC identity, `tags.yml` aliases, first-seen display
/// spelling, slugs, parents.
struct TagResolver {
    struct Result {
        /// Sorted by name; `Tag.links` is left empty for the caller.
        var tags: [Tag]
        /// Tag indices of each link, in the order given, without repeats.
        var tagsOfLink: [[Int]]
        var diagnostics: [Diagnostic]
    }

    let definitions: [TagDefinition]

    /// `links` are in source order (by file path), which makes "first seen" the same on every build.
    func resolve(_ links: [ParsedLink]) -> Result { resolve(ParsedLinks(links)) }

    func resolve(_ links: ParsedLinks) -> Result {
        var diagnostics: [Diagnostic] = []
        var definitionByKey: [String: TagDefinition] = [:]
        var canonical: [String: String] = [:]
        var aliasSource: [String: TagDefinition] = [:]
        for definition in definitions {
            let key = Self.key(definition.name)
            guard !key.isEmpty else { continue }
            if definitionByKey[key] != nil {
                diagnostics.append(
                    .error(
                        .tagAliasConflict, at: definition.location,
                        "the tag \"\(definition.name)\" is defined twice (names differing only in case or Unicode form are one tag)",
                        hint: "merge the two entries"))
                continue
            }
            definitionByKey[key] = definition
        }
        for definition in definitions {
            let key = Self.key(definition.name)
            // `/paths/` are old addresses, not spellings (see `PathAlias`).
            for alias in definition.aliases where !alias.hasPrefix("/") {
                let aliasKey = Self.key(alias)
                guard !aliasKey.isEmpty, aliasKey != key else { continue }
                if let other = definitionByKey[aliasKey] {
                    diagnostics.append(
                        .error(
                            .tagAliasConflict, at: definition.location,
                            "the alias \"\(alias)\" of \"\(definition.name)\" is itself a tag in tags.yml (\(other.location))",
                            hint: "remove the alias, or merge the two tags into one entry"))
                } else if let previous = aliasSource[aliasKey], Self.key(previous.name) != key {
                    diagnostics.append(
                        .error(
                            .tagAliasConflict, at: definition.location,
                            "the alias \"\(alias)\" is claimed by both \"\(previous.name)\" and \"\(definition.name)\"",
                            hint: "keep the alias on one tag only"))
                } else {
                    canonical[aliasKey] = key
                    aliasSource[aliasKey] = definition
                }
            }
        }

        // Identity and first-seen spelling, in source order.
        var spelling: [String: String] = [:]
        var tagsOfLinkKeys: [[String]] = []
        // The same few thousand spellings come back on every link: fold each once.
        var cleanedSpellings: [String: (name: String, key: String)] = [:]
        for index in links.indices {
            var keys: [String] = []
            for tag in links[index].tags {
                let (name, raw): (String, String)
                if let known = cleanedSpellings[tag.name] {
                    (name, raw) = known
                } else {
                    name = Self.cleaned(tag.name)
                    raw = Self.key(name)
                    cleanedSpellings[tag.name] = (name, raw)
                }
                guard !raw.isEmpty else { continue }
                let key = canonical[raw] ?? raw
                if spelling[key] == nil { spelling[key] = key == raw ? name : (definitionByKey[key]?.name ?? name) }
                if !keys.contains(key) { keys.append(key) }
            }
            tagsOfLinkKeys.append(keys)
        }

        // Parents: a tag named as a parent exists even when no link uses it directly.
        var parentOf: [String: String] = [:]
        var pending = Array(spelling.keys.sorted())
        var index = 0
        while index < pending.count {
            let key = pending[index]
            index += 1
            guard let definition = definitionByKey[key], let parentName = definition.parent else { continue }
            let parentKey = canonical[Self.key(parentName)] ?? Self.key(parentName)
            guard parentKey != key else { continue }
            parentOf[key] = parentKey
            if spelling[parentKey] == nil {
                if definitionByKey[parentKey] == nil {
                    diagnostics.append(
                        .warning(
                            .unknownParentTag, at: definition.location,
                            "the parent \"\(parentName)\" of \"\(definition.name)\" is not used by any link nor defined in tags.yml",
                            hint: "check the spelling, or add \"\(parentName)\" to tags.yml"))
                }
                spelling[parentKey] = definitionByKey[parentKey]?.name ?? Self.cleaned(parentName)
                pending.append(parentKey)
            }
        }
        for key in parentOf.keys.sorted() {
            var seen: Set<String> = [key]
            var current = parentOf[key]
            while let next = current {
                if seen.contains(next) {
                    diagnostics.append(
                        .error(
                            .tagParentCycle, at: definitionByKey[key]?.location,
                            "the parents of \"\(spelling[key] ?? key)\" lead back to itself",
                            hint: "remove one `parent:` so the tags form a tree"))
                    parentOf[key] = nil
                    break
                }
                seen.insert(next)
                // A chain longer than categories may nest: each tag page names its ancestors, and
                // this walk is done for every tag (a chain of n tags costs n² steps).
                if seen.count > ContentLimits.maximumFolderDepth {
                    diagnostics.append(
                        .error(
                            .nestedTooDeep, at: definitionByKey[key]?.location,
                            "the parents of \"\(spelling[key] ?? key)\" go more than \(ContentLimits.maximumFolderDepth) levels up",
                            hint:
                                "shorten the chain of `parent:` tags: tags nest at most \(ContentLimits.maximumFolderDepth) levels"
                        ))
                    parentOf[key] = nil
                    break
                }
                current = parentOf[next]
            }
        }

        // Names, slugs and order.
        let keys = Array(spelling.keys)
        let names = Dictionary(uniqueKeysWithValues: keys.map { ($0, definitionByKey[$0]?.title ?? spelling[$0]!) })
        // A tag's address comes from its name (the key in tags.yml, or its first spelling) or its
        // `slug:`, never from its display `title`: a title can change without moving the page.
        let (slugs, collisions) = SlugAllocator().allocate(
            keys.map { (key: $0, name: definitionByKey[$0]?.slug ?? spelling[$0]!, identity: $0) })
        for collision in collisions where collision.isReserved {
            diagnostics.append(
                .warning(
                    .slugCollision, at: nil,
                    "the tag \(collision.assigned.map { "\"\($0.name)\"" }.joined(separator: ", ")) would have the address tags/\(collision.wanted)/, a name Windows cannot make a folder of, so it gets \(collision.assigned.map(\.slug).joined(separator: ", "))",
                    hint: "give it another `slug:` in tags.yml, or keep this address and ignore this warning"))
        }
        for collision in collisions where !collision.isReserved {
            let wanted = collision.assigned.map { "\"\($0.name)\"" }.joined(separator: ", ")
            diagnostics.append(
                .warning(
                    .slugCollision, at: nil,
                    "the tags \(wanted) would share the address tags/\(collision.wanted)/, so they get \(collision.assigned.map(\.slug).joined(separator: ", "))",
                    hint: "merge them with an alias in tags.yml, or give one a `slug:` there"))
        }
        let folded = names.mapValues(\.foldedIdentity)
        let sortedKeys = keys.sorted { (folded[$0]!, $0) < (folded[$1]!, $1) }
        let idByKey = Dictionary(uniqueKeysWithValues: sortedKeys.enumerated().map { ($1, $0) })
        var tags = sortedKeys.enumerated().map { id, key in
            var tag = Tag(
                id: id, key: key, name: names[key]!, slug: slugs[key]!, description: definitionByKey[key]?.description,
                parent: parentOf[key].flatMap { idByKey[$0] })
            if let definition = definitionByKey[key] {
                tag.aliases = definition.aliases.map { PathAlias($0, at: definition.location) }
                // With a `slug:`, the address its name gives still leads to it (as an alias spelling
                // does: quietly given up when another page has that address).
                if definition.slug != nil, Slug.make(spelling[key]!) != tag.slug {
                    tag.aliases.append(PathAlias(spelling[key]!, at: definition.location))
                }
                tag.definedAt = definition.location
            }
            return tag
        }
        for tag in tags { if let parent = tag.parent { tags[parent].children.append(tag.id) } }
        let tagsOfLink = tagsOfLinkKeys.map { $0.map { idByKey[$0]! } }
        return Result(tags: tags, tagsOfLink: tagsOfLink, diagnostics: diagnostics)
    }

    /// The identity of a tag name.
    static func key(_ name: String) -> String { Tag.identity(of: name) }

    /// Trimmed, without a leading `#`, with inner white space collapsed.
    static func cleaned(_ name: String) -> String { Tag.cleanedName(name) }
}
