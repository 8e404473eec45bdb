/// What a request does to one place where tags are written.
extension ResolvedEdit {
    /// Which names of `holder` are renamed (to `newName`) and which are dropped.
    ///
    /// A rename rewrites every spelling of the old tag that is not already written as the new name. A
    /// merge rewrites the first source tag of a list to the target and drops the other source tags —
    /// or drops them all when the list already has the target (in any spelling or alias), so no
    /// link ends up with the target twice.
    func changes(in holder: WrittenTags, catalog: TagCatalog) -> (renaming: [Int: String], removing: Set<Int>) {
        let matches = holder.names.indices.filter { sources.contains(holder.names[$0].identity) }
        guard let first = matches.first else { return ([:], []) }
        if let mergeTarget {
            let hasTarget = holder.names.indices.contains {
                !matches.contains($0) && catalog.canonical(holder.names[$0].identity) == mergeTarget
            }
            if hasTarget { return ([:], Set(matches)) }
            return ([first: newName], Set(matches.dropFirst()))
        }
        var renaming: [Int: String] = [:]
        for index in matches where holder.names[index].spelling != newName { renaming[index] = newName }
        return (renaming, [])
    }

    /// The names `holder` holds after the change.
    func names(after holder: WrittenTags, renaming: [Int: String], removing: Set<Int>) -> [WrittenTags.Name] {
        holder.names.indices.compactMap { index in
            if removing.contains(index) { return nil }
            if let name = renaming[index] { return WrittenTags.Name(spelling: name, identity: newIdentity) }
            return holder.names[index]
        }
    }
}
