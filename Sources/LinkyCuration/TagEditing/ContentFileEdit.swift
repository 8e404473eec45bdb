import LinkyModel

/// The tags written in one content file (link file or list file) and the edit a request makes of them.
struct ContentFileEdit {
    /// Where a content file's tags are: its front matter's `tags:` and its list items' `#tag` words.
    struct Layout {
        var keys: [String]
        var holders: [WrittenTags]
        var bodyFirstLine: Int
    }

    let file: SourceBytes
    /// The build's view: each link's source line and the canonical identities of its tags.
    let linkTags: [Int: Set<String>]
    let catalog: TagCatalog

    /// The file's new bytes; nil when nothing in it changes.
    func change(_ request: ResolvedEdit) throws(TagEditProblems) -> TagEditPlan.FileChange? {
        var layout = try Self.layout(of: file, linkLines: Set(linkTags.keys))
        var problems: [TagEditProblem] = []
        // A list file's front-matter `tags:` (the one holder without a link line) apply to each item.
        let fileWide = Set(
            layout.holders.filter { $0.linkLine == nil }.flatMap(\.names).map { catalog.canonical($0.identity) })
        // The tags found must be the tags the build found, or this file is not understood well enough.
        for index in layout.holders.indices {
            guard let line = layout.holders[index].linkLine else { continue }
            let written = Set(layout.holders[index].names.map { catalog.canonical($0.identity) }.filter { !$0.isEmpty })
                .union(fileWide.filter { !$0.isEmpty })
            let built = linkTags[line] ?? []
            guard written != built else { continue }
            if !written.union(built).isDisjoint(with: request.sources) {
                problems.append(
                    TagEditProblem(
                        location: SourceLocation(path: file.path, line: line),
                        message: "the tags found here are not the ones the build reads, so they are not rewritten",
                        hint: "change this link's tags by hand, then run the command again"))
            }
            layout.holders[index].layout = .unlocated("the tags found here are not the ones the build reads")
        }
        let covered = Set(layout.holders.compactMap(\.linkLine))
        for (line, tags) in linkTags.sorted(by: { $0.key < $1.key })
        where !covered.contains(line) && !tags.isDisjoint(with: request.sources) {
            problems.append(
                TagEditProblem(
                    location: SourceLocation(path: file.path, line: line),
                    message: "linky-site cannot find where this link's tags are written, so they are not rewritten",
                    hint: "change this link's tags by hand, then run the command again"))
        }

        var edits: [ByteEdit] = []
        var expected: [[WrittenTags.Name]] = []
        var linksChanged = 0
        for holder in layout.holders {
            let (renaming, removing) = request.changes(in: holder, catalog: catalog)
            switch holder.edits(renaming: renaming, removing: removing, in: file) {
            case .success(let found):
                edits += found
                if !found.isEmpty, holder.linkLine != nil { linksChanged += 1 }
            case .failure(let problem):
                problems.append(problem)
            }
            expected.append(request.names(after: holder, renaming: renaming, removing: removing))
        }
        guard problems.isEmpty else { throw TagEditProblems(problems) }
        guard !edits.isEmpty else { return nil }
        let after = try Self.applying(edits, to: file)

        // Read the result back as the first time: it must hold exactly the expected tags.
        let edited = SourceBytes(path: file.path, bytes: after)
        let shift = (edited.parts()?.bodyFirstLine ?? layout.bodyFirstLine) - layout.bodyFirstLine
        let movedLines = linkTags.keys.map { $0 >= layout.bodyFirstLine ? $0 + shift : $0 }
        let reread: Layout
        do {
            reread = try Self.layout(of: edited, linkLines: Set(movedLines))
        } catch {
            throw TagEditProblems([Self.notReadBack(file.path)])
        }
        guard reread.keys == layout.keys, reread.holders.map(\.names) == expected else {
            throw TagEditProblems([Self.notReadBack(file.path)])
        }
        return TagEditPlan.FileChange(path: file.path, before: file.bytes, after: after, linksChanged: linksChanged)
    }

    static func layout(of file: SourceBytes, linkLines: Set<Int>) throws(TagEditProblems) -> Layout {
        guard let parts = file.parts() else {
            throw TagEditProblems([
                TagEditProblem(
                    location: SourceLocation(path: file.path, line: 1),
                    message: "the front matter opened by `---` is never closed",
                    hint: "the file changed while linky-site read it; run the command again")
            ])
        }
        var layout = Layout(keys: [], holders: [], bodyFirstLine: parts.bodyFirstLine)
        var isLinkFile = false
        if let yaml = parts.yaml {
            switch FrontMatterTags.locate(in: file, yaml: yaml, linkLine: nil) {
            case .success(let frontMatter):
                layout.keys = frontMatter.keys
                // The build's rule: a file whose front matter has `url` is one link; else a list file.
                isLinkFile = frontMatter.keys.contains("url")
                if var tags = frontMatter.tags {
                    if isLinkFile { tags.linkLine = 1 }
                    layout.holders.append(tags)
                }
            case .failure(let problem):
                throw TagEditProblems([problem])
            }
        }
        if !isLinkFile {
            do {
                layout.holders += try ListItemTags.locate(in: file, parts: parts, linkLines: linkLines)
            } catch {
                throw TagEditProblems([
                    TagEditProblem(
                        location: SourceLocation(path: file.path, line: parts.bodyFirstLine + error.line - 1),
                        message:
                            "lists, quotes or emphasis are nested more than \(ContentLimits.maximumMarkdownDepth) levels deep here",
                        hint: "flatten the nesting, then run the command again")
                ])
            }
        }
        return layout
    }

    /// `edits` applied to the file's bytes; they must not overlap.
    static func applying(_ edits: [ByteEdit], to file: SourceBytes) throws(TagEditProblems) -> [UInt8] {
        let sorted = edits.sorted {
            ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound)
        }
        if zip(sorted, sorted.dropFirst()).contains(where: { $0.range.upperBound > $1.range.lowerBound }) {
            throw TagEditProblems([notReadBack(file.path)])
        }
        var bytes = file.bytes
        for edit in sorted.reversed() { bytes.replaceSubrange(edit.range, with: edit.replacement) }
        return bytes
    }

    static func notReadBack(_ path: String) -> TagEditProblem {
        TagEditProblem(
            location: SourceLocation(path: path),
            message: "linky-site could not rewrite the tags of this file so that they read back exactly as intended",
            hint: "this is a bug in linky-site; change the tags here by hand, and please report it with the file")
    }
}
