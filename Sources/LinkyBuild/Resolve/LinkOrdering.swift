import LinkyModel

/// `link_order`: the order of each category's and tag's links, which their pages show page by page.
/// Link ids are in the site's order (newest first, then by title), so `newest` is by id.
struct LinkOrdering {
    let order: SiteConfig.LinkOrder
    let links: [Link]

    init(_ order: SiteConfig.LinkOrder, links: [Link]) {
        self.order = order
        self.links = links
    }

    func apply(to categories: inout [Category], _ tags: inout [Tag]) {
        let before: (Int, Int) -> Bool
        switch order {
        case .auto: return
        case .newest: before = (<)
        case .title:
            // Folded once per link, not once per comparison.
            let keys = links.map { $0.title.foldedIdentity }
            before = { (keys[$0], $0) < (keys[$1], $1) }
        case .written:
            before = {
                (links[$0].source, links[$0].sourceOrder, $0) < (links[$1].source, links[$1].sourceOrder, $1)
            }
        }
        for index in categories.indices { categories[index].links.sort(by: before) }
        for index in tags.indices { tags[index].links.sort(by: before) }
    }
}
