import Foundation
import LinkyModel

/// A tag edit checked against the site: which identities are rewritten, to what, and what happens
/// in `tags.yml`.
///
/// - A name that is an alias in `tags.yml` is refused (as OLD, as a source or as the target of a
///   merge): it is a spelling of another tag, and which one the user meant is theirs to say.
/// - `rename` onto a different existing tag is refused in favour of `merge`; onto a spelling of the
///   same tag (`rename Javascript JavaScript`) it rewrites every spelling.
/// - `merge` keeps `tags.yml` settings only when that is unambiguous: when the target has no entry
///   and one source has, that entry is renamed; when both the target and a source have entries (or
///   several sources have), the merge is refused, since linky-site would otherwise have to choose
///   whose title, description, slug, aliases and parent survive.
struct ResolvedEdit: Sendable {
    /// Identities whose spellings are rewritten.
    var sources: Set<String>
    /// The spelling written in their place.
    var newName: String
    var newIdentity: String
    /// For a merge: a link that already carries this tag (canonical identity) drops its sources.
    var mergeTarget: String?
    var notes: [String] = []

    init(_ edit: TagEdit, site: Site, catalog: TagCatalog) throws(TagEditFailure) {
        let known = Set(site.tags.map(\.key)).union(catalog.entries.map(\.identity))
        switch edit {
        case .rename(let old, let new):
            var oldIdentity = try Self.identity(old, what: "the tag to rename")
            (newName, newIdentity) = try Self.newName(new)
            var problems: [TagEditProblem] = []
            if let owner = catalog.aliasOwner(oldIdentity) {
                problems.append(
                    TagEditProblem(
                        location: SourceLocation(path: catalog.file?.path ?? "tags.yml", line: owner.line),
                        message: "\"\(old)\" is an alias of \"\(owner.name)\" in tags.yml, not a tag of its own",
                        hint:
                            "rename the tag itself (`linky-site tags rename \(owner.name) \(newName)`), or change the alias in tags.yml by hand"
                    ))
            } else if !known.contains(oldIdentity) {
                if let titled = Self.titled(oldIdentity, site: site, catalog: catalog) {
                    oldIdentity = titled.identity
                    notes.append(
                        "\"\(old)\" is the title of the tag \"\(titled.name)\" in tags.yml; that tag is renamed")
                } else {
                    problems.append(Self.unknown(old, site: site, catalog: catalog))
                }
            }
            sources = [oldIdentity]
            if newIdentity != oldIdentity, problems.isEmpty {
                if let owner = catalog.aliasOwner(newIdentity) {
                    if owner.identity == oldIdentity {
                        notes.append(
                            "\"\(newName)\" was an alias of \"\(owner.name)\" in tags.yml; the entry now has it as its name, so that alias can go"
                        )
                    } else {
                        problems.append(
                            TagEditProblem(
                                message:
                                    "\"\(newName)\" is already a tag: an alias of \"\(owner.name)\" in tags.yml",
                                hint:
                                    "to put the links of \"\(old)\" under it, run `linky-site tags merge \(old) INTO \(owner.name)`"
                            ))
                    }
                } else if known.contains(newIdentity) {
                    problems.append(
                        TagEditProblem(
                            message: "\"\(newName)\" is already a tag",
                            hint:
                                "to put the links of \"\(old)\" under it, run `linky-site tags merge \(old) INTO \(newName)`"
                        ))
                } else if let titled = Self.titled(newIdentity, site: site, catalog: catalog),
                    titled.identity != oldIdentity
                {
                    problems.append(
                        TagEditProblem(
                            message: "\"\(newName)\" is already the title of the tag \"\(titled.name)\" in tags.yml",
                            hint:
                                "to put the links of \"\(old)\" under it, run `linky-site tags merge \(old) INTO \(titled.name)`"
                        ))
                }
            }
            guard problems.isEmpty else { throw .refused(problems) }
        case .merge(let names, let target):
            (newName, newIdentity) = try Self.newName(target)
            mergeTarget = newIdentity
            var problems: [TagEditProblem] = []
            var sources: Set<String> = []
            for name in names {
                let identity = try Self.identity(name, what: "a tag to merge")
                if identity == newIdentity {
                    problems.append(
                        TagEditProblem(
                            message: "\"\(name)\" and \"\(newName)\" are the same tag",
                            hint: "list only the tags to merge before INTO"))
                } else if let owner = catalog.aliasOwner(identity) {
                    let isTarget = owner.identity == newIdentity
                    problems.append(
                        TagEditProblem(
                            location: SourceLocation(path: catalog.file?.path ?? "tags.yml", line: owner.line),
                            message: "\"\(name)\" is an alias of \"\(owner.name)\" in tags.yml"
                                + (isTarget
                                    ? ", so its links already carry \"\(owner.name)\"" : ", not a tag of its own"),
                            hint: isTarget
                                ? "to have the files say \"\(owner.name)\" instead, remove the alias from tags.yml first"
                                : "merge the tag itself: `linky-site tags merge \(owner.name) INTO \(newName)`"))
                } else if known.contains(identity) {
                    sources.insert(identity)
                } else if let titled = Self.titled(identity, site: site, catalog: catalog),
                    titled.identity != newIdentity
                {
                    sources.insert(titled.identity)
                    notes.append(
                        "\"\(name)\" is the title of the tag \"\(titled.name)\" in tags.yml; that tag is merged")
                } else {
                    problems.append(Self.unknown(name, site: site, catalog: catalog))
                }
            }
            self.sources = sources
            if let owner = catalog.aliasOwner(newIdentity) {
                problems.append(
                    TagEditProblem(
                        location: SourceLocation(path: catalog.file?.path ?? "tags.yml", line: owner.line),
                        message: "\"\(target)\" is an alias of \"\(owner.name)\" in tags.yml",
                        hint: "merge into the tag itself: `… INTO \(owner.name)`"))
            } else if !known.contains(newIdentity) {
                if let titled = Self.titled(newIdentity, site: site, catalog: catalog) {
                    problems.append(
                        TagEditProblem(
                            message: "\"\(target)\" is the title of the tag \"\(titled.name)\" in tags.yml",
                            hint: "merge into the tag itself: `… INTO \(titled.name)`"))
                } else {
                    notes.append("\"\(newName)\" is a new tag")
                }
            }
            problems += Self.entryProblems(sources: sources, target: newIdentity, targetName: newName, catalog: catalog)
            guard problems.isEmpty else { throw .refused(problems) }
        }
        if let problem = Self.parentProblem(sources: sources, target: newIdentity, catalog: catalog) {
            throw .refused([problem])
        }
    }
}

// MARK: - Helpers

private extension ResolvedEdit {
    static func identity(_ name: String, what: String) throws(TagEditFailure) -> String {
        let identity = Tag.identity(of: name)
        guard !identity.isEmpty else {
            throw .invalidRequest(TagEditProblem(message: "\(what) is empty", hint: "give the tag's name, e.g. `js`"))
        }
        return identity
    }

    /// The new name as it will be written: NFC, trimmed, without a leading `#`, one line.
    static func newName(_ raw: String) throws(TagEditFailure) -> (String, String) {
        let name = Tag.cleanedName(raw.nfc)
        guard !name.isEmpty else {
            throw .invalidRequest(
                TagEditProblem(message: "the new tag name is empty", hint: "give the name to write, e.g. `javascript`"))
        }
        let lineBreaks: Set<UInt32> = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]
        guard
            !raw.unicodeScalars.contains(where: {
                lineBreaks.contains($0.value) || ($0.properties.generalCategory == .control && $0 != "\t")
            })
        else {
            throw .invalidRequest(
                TagEditProblem(
                    message: "the new tag name contains a line break or another control character",
                    hint: "give a name on one line"))
        }
        return (name, Tag.identity(of: name))
    }

    static func entryProblems(
        sources: Set<String>, target: String, targetName: String, catalog: TagCatalog
    ) -> [TagEditProblem] {
        let sourceEntries = catalog.entries.filter { sources.contains($0.identity) }
        guard !sourceEntries.isEmpty else { return [] }
        let path = catalog.file?.path ?? "tags.yml"
        if let targetEntry = catalog.entry(target) {
            return sourceEntries.map { entry in
                TagEditProblem(
                    location: SourceLocation(path: path, line: entry.line),
                    message:
                        "\"\(entry.name)\" and \"\(targetEntry.name)\" both have an entry in tags.yml (lines \(entry.line) and \(targetEntry.line)), and linky-site will not choose whose settings to keep",
                    hint:
                        "move what you want to keep from \"\(entry.name)\" into \"\(targetEntry.name)\", delete the \"\(entry.name)\" entry, then run the merge again"
                )
            }
        }
        guard sourceEntries.count == 1 else {
            return [
                TagEditProblem(
                    location: SourceLocation(path: path, line: sourceEntries[1].line),
                    message:
                        "\(sourceEntries.map { "\"\($0.name)\"" }.joined(separator: " and ")) each have an entry in tags.yml, and only one can become \"\(targetName)\"",
                    hint:
                        "keep one of the entries (merge their settings by hand), delete the others, then run the merge again"
                )
            ]
        }
        return []
    }

    /// The tag whose `tags.yml` title is this identity (people type what `tags list` shows), when
    /// no tag has it as its name.
    static func titled(_ identity: String, site: Site, catalog: TagCatalog) -> (identity: String, name: String)? {
        guard let tag = site.tags.first(where: { $0.key != identity && Tag.identity(of: $0.name) == identity }) else {
            return nil
        }
        return (tag.key, catalog.entry(tag.key)?.name ?? tag.name)
    }

    /// An entry would name itself as its parent after the edit.
    static func parentProblem(sources: Set<String>, target: String, catalog: TagCatalog) -> TagEditProblem? {
        for entry in catalog.entries {
            guard let parent = entry.parent?.names.first?.identity, sources.contains(parent), parent != entry.identity
            else { continue }
            let after = sources.contains(entry.identity) ? target : entry.identity
            guard after == target else { continue }
            return TagEditProblem(
                location: SourceLocation(path: catalog.file?.path ?? "tags.yml", line: entry.parent!.line),
                message: "after the edit, \"\(entry.name)\" would be its own parent",
                hint: "remove that `parent:` from tags.yml first")
        }
        return nil
    }

    /// "There is no tag …", with the names that are closest to it.
    static func unknown(_ name: String, site: Site, catalog: TagCatalog) -> TagEditProblem {
        let wanted = Array(Tag.identity(of: name))
        var candidates: [String: (name: String, links: Int)] = [:]
        for tag in site.tags { candidates[tag.key] = (tag.name, tag.links.count) }
        for entry in catalog.entries where candidates[entry.identity] == nil {
            candidates[entry.identity] = (entry.name, 0)
        }
        let close = candidates.compactMap { identity, candidate -> (Int, String, Int)? in
            let distance = Spelling.distance(wanted, Array(identity))
            let limit = max(1, min(3, wanted.count / 3))
            let contains = wanted.count >= 2 && (identity.contains(String(wanted)) || String(wanted).contains(identity))
            guard distance <= limit || contains else { return nil }
            return (distance, candidate.name, candidate.links)
        }
        .sorted { ($0.0, $0.1) < ($1.0, $1.1) }.prefix(5)
        let hint =
            close.isEmpty
            ? "`linky-site tags list` shows every tag"
            : "did you mean "
                + close.map { "\"\($0.1)\" (\($0.2) link\($0.2 == 1 ? "" : "s"))" }.joined(separator: ", ")
                + "? `linky-site tags list` shows every tag"
        return TagEditProblem(message: "there is no tag \"\(name)\"", hint: hint)
    }
}
