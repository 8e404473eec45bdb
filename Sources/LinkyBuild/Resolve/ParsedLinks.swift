/// Every parsed file's links in file order, read where each file's parse holds them: resolving does
/// not copy a site's links into one array first (a copy of every field of 10,000 links, 3% of a
/// rebuild and the resolve stage's longest serial step).
struct ParsedLinks: Sendable {
    private let files: [ParsedContent]
    /// Each link's file, and its place in that file's links, in order.
    private let places: [(file: Int32, link: Int32)]

    /// The links of `files`, in order.
    init(_ files: [ParsedContent]) {
        var places: [(file: Int32, link: Int32)] = []
        places.reserveCapacity(files.reduce(0) { $0 + $1.links.count })
        for file in files.indices {
            for link in files[file].links.indices { places.append((Int32(file), Int32(link))) }
        }
        self.init(files: files, places: places)
    }

    init(_ links: [ParsedLink]) {
        var content = ParsedContent()
        content.links = links
        self.init([content])
    }

    private init(files: [ParsedContent], places: [(file: Int32, link: Int32)]) {
        self.files = files
        self.places = places
    }

    var count: Int { places.count }
    var indices: Range<Int> { places.indices }

    /// The link at `index`, lent where it is: `links[index].title` copies the title, not the link.
    subscript(index: Int) -> ParsedLink {
        _read {
            let place = places[index]
            yield files[Int(place.file)].links[Int(place.link)]
        }
    }

    /// The links whose index `keep` is true of, in order.
    func filter(_ keep: (Int) -> Bool) -> ParsedLinks {
        ParsedLinks(files: files, places: indices.filter(keep).map { places[$0] })
    }
}
