import LinkyModel

/// The edit a request makes of `tags.yml`: entry keys and `parent:` values that name a source tag.
struct TagsFileEdit {
    let catalog: TagCatalog

    func change(_ request: ResolvedEdit, file: SourceBytes) throws(TagEditProblems) -> TagEditPlan.FileChange? {
        var edits: [ByteEdit] = []
        var problems: [TagEditProblem] = []
        for holder in catalog.entries.flatMap({ [$0.key] + ($0.parent.map { [$0] } ?? []) }) {
            let (renaming, _) = request.changes(in: holder, catalog: catalog)
            switch holder.edits(renaming: renaming, removing: [], in: file) {
            case .success(let found): edits += found
            case .failure(let problem): problems.append(problem)
            }
        }
        guard problems.isEmpty else { throw TagEditProblems(problems) }
        guard !edits.isEmpty else { return nil }
        let after = try ContentFileEdit.applying(edits, to: file)
        let renamed = { (identity: String) in request.sources.contains(identity) ? request.newIdentity : identity }
        let reread: TagCatalog
        do {
            reread = try TagCatalog(file: SourceBytes(path: file.path, bytes: after))
        } catch {
            throw TagEditProblems([ContentFileEdit.notReadBack(file.path)])
        }
        guard reread.entries.map(\.identity) == catalog.entries.map({ renamed($0.identity) }),
            reread.entries.map({ $0.parent?.names.first?.identity })
                == catalog.entries.map({ $0.parent?.names.first.map { renamed($0.identity) } }),
            reread.entries.map(\.aliases) == catalog.entries.map(\.aliases)
        else {
            throw TagEditProblems([ContentFileEdit.notReadBack(file.path)])
        }
        return TagEditPlan.FileChange(path: file.path, before: file.bytes, after: after, linksChanged: 0)
    }
}
