/// A website the collection links to (`sites/<slug>/`): the host its links' cards show
/// (`LinkURL.displayHost`: Unicode, `www.` dropped), slugged as tags are, with its links.
public struct Website: Sendable, Hashable {
    /// Its place in `Site.websites`: the most links first, then by name.
    public var id: Int
    public var name: String
    public var slug: String
    /// In the site's order (newest first).
    public var links: [Int]

    public init(id: Int, name: String, slug: String, links: [Int]) {
        self.id = id
        self.name = name
        self.slug = slug
        self.links = links
    }

    /// Every website of `links` (`address: []` and other hostless links have none), the most links
    /// first, then by name; and each link's website, by id. Two hosts that slug alike (`a.b` and
    /// `a-b`) get distinct, stable slugs, as tags do.
    public static func websites(of links: [Link]) -> (websites: [Website], ofLink: [Int?]) {
        var linksOfHost: [String: [Int]] = [:]
        for id in links.indices {
            let host = links[id].url.displayHost
            guard !host.isEmpty else { continue }
            linksOfHost[host, default: []].append(id)
        }
        let names = linksOfHost.keys.sorted { (linksOfHost[$0]!.count, $1) > (linksOfHost[$1]!.count, $0) }
        // By name, so a host's slug does not depend on how many links the others have.
        let (slugs, _) = SlugAllocator().allocate(names.sorted().map { (key: $0, name: $0) })
        var ofLink = [Int?](repeating: nil, count: links.count)
        let websites = names.enumerated().map { id, name in
            for link in linksOfHost[name]! { ofLink[link] = id }
            return Website(id: id, name: name, slug: slugs[name]!, links: linksOfHost[name]!)
        }
        return (websites, ofLink)
    }
}
