import LinkyModel

/// Where the site's old addresses redirect: one small page at each `aliases:` path of a link,
/// category or tag, and at the address of each `tags.yml` alias spelling, pointing at the page.
struct RedirectPlanner {
    let site: Site
    let paths: SitePaths

    /// One planned redirect and where its alias was written.
    struct Candidate {
        var from: String
        var to: String
        var alias: PathAlias
        /// Written as an address (`aliases:` of a link or category, a `/path/` in `tags.yml`), not
        /// implied by a tag's alias spelling: only these are worth a warning when they cannot be kept.
        var isExplicit: Bool
        var owner: String
        /// The title of the page it leads to.
        var title: String
    }

    /// The redirects to plan (each a redirect page), at no path a file already planned has, and the aliases
    /// that could not be kept.
    func plan(avoiding plannedFiles: [PlannedFile]) -> (redirects: [Candidate], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var candidates: [Candidate] = []
        for link in site.links where !link.aliases.isEmpty {
            guard link.hasPage else {
                diagnostics.append(
                    .warning(
                        .invalidAlias, at: link.aliases[0].location,
                        "the link \"\(link.title)\" has aliases but no page of its own (it has no note), so nothing redirects",
                        hint: "remove `aliases:`, or give the link a note so it has a page"))
                continue
            }
            let target = paths.link(link.id)
            let folder = target.dropLast("\(link.slug)/index.html".count)
            for alias in link.aliases {
                let from = alias.outputPath ?? "\(folder)\(Slug.make(alias.written))/index.html"
                candidates.append(
                    Candidate(
                        from: from, to: target, alias: alias, isExplicit: true, owner: "the link \"\(link.title)\"",
                        title: link.title))
            }
        }
        for category in site.categories where category.id != 0 && !category.aliases.isEmpty {
            let target = paths.category(category.id)
            let parent = category.slugPath.dropLast().joined(separator: "/")
            for alias in category.aliases {
                let from =
                    alias.outputPath ?? "c/\(parent.isEmpty ? "" : parent + "/")\(Slug.make(alias.written))/index.html"
                candidates.append(
                    Candidate(
                        from: from, to: target, alias: alias, isExplicit: true,
                        owner: "the category \"\(category.title)\"", title: category.title))
                candidates += pagesBelow(category, formerlyAt: from, alias: alias)
            }
        }
        for tag in site.tags where !tag.aliases.isEmpty {
            let target = paths.tag(tag.id)
            for alias in tag.aliases {
                let from = alias.outputPath ?? "tags/\(Slug.make(alias.written))/index.html"
                candidates.append(
                    Candidate(
                        from: from, to: target, alias: alias, isExplicit: alias.isPath,
                        owner: "the tag \"\(tag.name)\"",
                        title: tag.name))
            }
        }

        var kept: [Candidate] = []
        guard !candidates.isEmpty else { return (kept, diagnostics) }
        // Only a site with aliases pays for the set of every path (9,000 at 10,000 links).
        let planned = Set(plannedFiles.map(\.path))
        var claimed: [String: Candidate] = [:]
        // For each address, aliases written for it come before those a category's alias implies.
        let ordered = candidates.sorted {
            ($0.from, $0.isExplicit ? 0 : 1, $0.alias.location, $0.to) < (
                $1.from, $1.isExplicit ? 0 : 1, $1.alias.location, $1.to
            )
        }
        for candidate in ordered where candidate.from != candidate.to {
            if planned.contains(candidate.from) {
                if candidate.isExplicit {
                    diagnostics.append(
                        .warning(
                            .aliasConflict, at: candidate.alias.location,
                            "the alias \"\(candidate.alias.written)\" of \(candidate.owner) is the address of another page (\(candidate.from)), so it does not redirect",
                            hint: "remove the alias; that address already shows something else"))
                }
                continue
            }
            if let first = claimed[candidate.from] {
                if first.to != candidate.to, candidate.isExplicit {
                    diagnostics.append(
                        .warning(
                            .aliasConflict, at: candidate.alias.location,
                            "the alias \"\(candidate.alias.written)\" of \(candidate.owner) is also an alias of \(first.owner) (\(first.alias.location)), which keeps it",
                            hint: "keep the alias on one of them"))
                }
                continue
            }
            claimed[candidate.from] = candidate
            kept.append(candidate)
        }
        return (kept, diagnostics)
    }

    /// A category's old address also keeps what was below it: its subcategories' pages and the pages
    /// of its links and theirs (`c/old/sub/`, `l/old/sub/some-link/`), each redirected to where it is
    /// now. Implied by the alias, so never worth a warning when another page has the address.
    func pagesBelow(_ category: Category, formerlyAt from: String, alias: PathAlias) -> [Candidate] {
        // `c/old/index.html` → ["old"]; an alias elsewhere than under c/ says nothing about the rest.
        guard let folder = SitePaths.categoryFolder(ofPage: from) else { return [] }
        let oldPath = folder.split(separator: "/").map(String.init)
        guard !oldPath.isEmpty else { return [] }
        var candidates: [Candidate] = []
        var pending = [category.id]
        while let id = pending.popLast() {
            let current = site.categories[id]
            let rest = Array(current.slugPath.dropFirst(category.slugPath.count))
            let old = (oldPath + rest).joined(separator: "/")
            if id != category.id {
                candidates.append(
                    Candidate(
                        from: "c/\(old)/index.html", to: paths.category(id), alias: alias, isExplicit: false,
                        owner: "the category \"\(current.title)\"", title: current.title))
            }
            for linkID in current.links where site.links[linkID].hasPage {
                let link = site.links[linkID]
                candidates.append(
                    Candidate(
                        from: "l/\(old)/\(link.slug)/index.html", to: paths.link(linkID), alias: alias,
                        isExplicit: false, owner: "the link \"\(link.title)\"", title: link.title))
            }
            pending += current.children
        }
        return candidates
    }
}
