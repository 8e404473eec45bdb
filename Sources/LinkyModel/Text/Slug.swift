/// URL path segments made from names: Unicode letters kept (Hangul stays Hangul), lower-cased,
/// every run of other characters turned into one `-`.
public enum Slug {
    /// Longest slug in UTF-8 bytes: file systems allow 255 per name, and a path has many names.
    public static let maximumUTF8Length = 100

    /// Names that must never be a folder: Windows device names, and names the site's own layout uses.
    public static let reservedNames: Set<String> = [
        "con", "prn", "aux", "nul", "com1", "com2", "com3", "com4", "com5", "com6", "com7", "com8", "com9",
        "lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6", "lpt7", "lpt8", "lpt9",
    ]

    /// The slug of one name; never empty, never `.` or `..`, never containing `/`.
    public static func make(_ name: String, fallback: String = "untitled") -> String {
        var slug = ""
        var pendingDash = false
        for scalar in name.nfc.lowercased().unicodeScalars {
            if isKept(scalar) {
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        slug = truncated(slug)
        return slug.isEmpty ? fallback : slug
    }

    /// Whether a scalar stays in a slug: letters, digits and the combining marks that scripts need.
    static func isKept(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
        }
        let properties = scalar.properties
        if properties.isAlphabetic { return true }
        switch properties.generalCategory {
        case .decimalNumber, .nonspacingMark, .spacingMark: return true
        default: return false
        }
    }

    /// Cuts a slug to at most `maximumUTF8Length` bytes at a character boundary, without a trailing dash.
    static func truncated(_ slug: String) -> String {
        guard slug.utf8.count > maximumUTF8Length else { return slug }
        var result = ""
        for character in slug {
            if result.utf8.count + character.utf8.count > maximumUTF8Length { break }
            result.append(character)
        }
        while result.hasSuffix("-") { result.removeLast() }
        return result
    }
}

/// Gives each name in one namespace (one folder of the output) a distinct slug, the same on every
/// build: names whose slugs clash are ordered by name, the first keeps the slug, the others get `-2`, `-3`…
public struct SlugAllocator: Sendable {
    /// A group of names that wanted the same slug, and what each received.
    public struct Collision: Sendable, Equatable {
        public var wanted: String
        public var assigned: [(name: String, slug: String)]
        public static func == (a: Collision, b: Collision) -> Bool {
            a.wanted == b.wanted && a.assigned.map(\.name) == b.assigned.map(\.name)
                && a.assigned.map(\.slug) == b.assigned.map(\.slug)
        }
    }

    private var reserved: Set<String>

    public init(reserved: Set<String> = []) {
        self.reserved = reserved.union(Slug.reservedNames)
    }

    /// Slugs for `names` (keys are the caller's identities), plus the collisions found.
    public func allocate<Key: Hashable>(
        _ names: [(key: Key, name: String)]
    ) -> (
        slugs: [Key: String], collisions: [Collision]
    ) {
        var wanted: [String: [(key: Key, name: String)]] = [:]
        for entry in names { wanted[Slug.make(entry.name), default: []].append(entry) }
        var taken = Set(wanted.keys).subtracting(reserved)
        var slugs: [Key: String] = [:]
        var collisions: [Collision] = []
        for base in wanted.keys.sorted() {
            let group = wanted[base]!.sorted { ($0.name, "\($0.key)") < ($1.name, "\($1.key)") }
            var assigned: [(name: String, slug: String)] = []
            for (index, entry) in group.enumerated() {
                var slug = base
                if index > 0 || reserved.contains(base) {
                    var counter = 2
                    repeat {
                        slug = "\(base)-\(counter)"
                        counter += 1
                    } while taken.contains(slug) || reserved.contains(slug)
                    taken.insert(slug)
                }
                slugs[entry.key] = slug
                assigned.append((entry.name, slug))
            }
            if group.count > 1 { collisions.append(Collision(wanted: base, assigned: assigned)) }
        }
        return (slugs, collisions)
    }
}
