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

    /// The slug of one name; never empty, never `.` or `..`, never containing `/`. Every name made
    /// from a title — a link file's, an import's folder's, a tag's page — is made here, scalar by
    /// scalar: it never starts with a combining mark, a variation selector or a direction mark
    /// (`❤️ Love` → `love`, not `\u{FE0F}-love`), and is at most `maximumUTF8Length` bytes.
    ///
    /// Symbols that carry meaning in names are spelled out first (`symbolWords`), so `C`, `C#` and
    /// `C++` get three addresses of their own: `c`, `c-sharp`, `c-plus-plus`.
    public static func make(_ name: String, fallback: String = "untitled") -> String {
        let scalars = Array(name.nfc.lowercased().unicodeScalars)
        var slug = ""
        var pendingDash = false
        func appendWord(_ word: String) {
            if !slug.isEmpty { slug.append("-") }
            slug += word
            pendingDash = true
        }
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let previous = index > 0 ? scalars[index - 1] : nil
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            defer { index += 1 }
            // Variation selectors (the U+FE0F of `❤️`), joiners, direction marks, soft hyphens:
            // invisible, so neither a letter nor a gap between words.
            if scalar.properties.isDefaultIgnorableCodePoint { continue }
            if isKept(scalar) {
                // A mark belongs to the letter before it: one with none (`\u{301}a`, or after an
                // emoji or a space) would start a name or a word with a bare mark, which joins
                // with the `/` or `-` before it into one character.
                if isMark(scalar) && (slug.isEmpty || pendingDash || slug.unicodeScalars.last == "-") {
                    continue
                }
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "+": appendWord("plus")
            case "&": appendWord("and")
            // `C#`, `F#`: a `#` that ends a word; `#42` and `a#b` are separators.
            case "#" where previous.map(isKept) == true && next.map(isKept) != true: appendWord("sharp")
            // `.NET`, `.htaccess`: a dot that starts a word is read out and joined to it.
            case "." where previous.map(isKept) != true && next?.properties.isAlphabetic == true:
                if !slug.isEmpty { slug.append("-") }
                slug += "dot"
                pendingDash = false
            default: pendingDash = true
            }
        }
        slug = truncated(slug)
        return slug.isEmpty ? fallback : slug
    }

    /// The symbols `make` spells out, for the documentation and the tests: what each becomes.
    public static let symbolWords: [(symbol: String, word: String, example: String)] = [
        ("+", "plus", "C++ → c-plus-plus"),
        ("# at the end of a word", "sharp", "C# → c-sharp"),
        (". at the start of a word", "dot", ".NET → dotnet"),
        ("&", "and", "R&D → r-and-d"),
    ]

    /// A short, stable tag for a name: the first 6 hex digits of its FNV-1a hash (64-bit) over the
    /// NFC form's UTF-8. Two names that slug alike are told apart by it, so the suffix a name gets
    /// depends only on the name itself, never on which other names exist.
    public static func nameHash(_ name: String, digits: Int = 6) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.nfc.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        let padded = String(repeating: "0", count: max(0, 16 - hex.count)) + hex
        return String(padded.prefix(min(max(digits, 1), 16)))
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

    /// A combining mark: kept only after the letter it modifies.
    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// Cuts a slug to at most `maximumUTF8Length` bytes at a character boundary, without a trailing dash.
    static func truncated(_ slug: String, reserving suffix: Int = 0) -> String {
        let limit = maximumUTF8Length - suffix
        guard slug.utf8.count > limit else { return slug }
        var result = ""
        for character in slug {
            if result.utf8.count + character.utf8.count > limit { break }
            result.append(character)
        }
        while result.hasSuffix("-") { result.removeLast() }
        return result
    }
}

/// Gives each name in one namespace (one folder of the output) a distinct slug, the same on every
/// build, and one that adding or removing other names never changes.
///
/// Names whose slugs clash form a group. One of them keeps the plain slug: the one written the way
/// the slug reads (`go` over `go!`), else the first by name. Every other gets the slug plus `-` and
/// the short hash of its identity (`Slug.nameHash`): `go-3f9a1c`. A reserved slug (`page`, `con`) is
/// never used bare. Names unrelated to a group never change its slugs.
public struct SlugAllocator: Sendable {
    /// A group of names that wanted the same slug, and what each received: two or more names, or
    /// one or more that wanted a reserved slug (`page`, `con`), which none of them keeps.
    public struct Collision: Sendable, Equatable {
        public var wanted: String
        public var assigned: [(name: String, slug: String)]
        /// The slug wanted is reserved: every name of the group moved, `assigned[0]` too.
        public var isReserved = false
        public static func == (a: Collision, b: Collision) -> Bool {
            a.wanted == b.wanted && a.assigned.map(\.name) == b.assigned.map(\.name)
                && a.assigned.map(\.slug) == b.assigned.map(\.slug) && a.isReserved == b.isReserved
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
        allocate(names.map { (key: $0.key, name: $0.name, identity: $0.name) })
    }

    /// As `allocate(_:)`, with the identity each suffix is made from when it is not the name itself
    /// (a link's address: two list items may share a title).
    public func allocate<Key: Hashable>(
        _ names: [(key: Key, name: String, identity: String)]
    ) -> (
        slugs: [Key: String], collisions: [Collision]
    ) {
        allocate(names.map { (key: $0.key, name: $0.name, identity: $0.identity, slug: Slug.make($0.name)) })
    }

    /// As `allocate(_:)`, with the slug each name makes (`Slug.make(name)`) already worked out.
    public func allocate<Key: Hashable>(
        _ names: [(key: Key, name: String, identity: String, slug: String)]
    ) -> (
        slugs: [Key: String], collisions: [Collision]
    ) {
        var wanted: [String: [(key: Key, name: String, identity: String)]] = [:]
        for entry in names { wanted[entry.slug, default: []].append((entry.key, entry.name, entry.identity)) }
        var taken = Set(wanted.keys).subtracting(reserved)
        var slugs: [Key: String] = [:]
        slugs.reserveCapacity(names.count)
        var collisions: [Collision] = []
        // A name alone in wanting a slug that is free gets it; only the others depend on the order
        // they are handled in (a suffix avoids the slugs handed out before it), so only they are sorted.
        var contested: [String] = []
        for (base, group) in wanted {
            if group.count == 1, !reserved.contains(base) {
                slugs[group[0].key] = base
            } else {
                contested.append(base)
            }
        }
        for base in contested.sorted() {
            var group = wanted[base]!
            if group.count > 1 {
                group.sort { ($0.name, $0.identity, "\($0.key)") < ($1.name, $1.identity, "\($1.key)") }
            }
            // One name keeps the slug: the one written as it, else the first (the only one, usually).
            let keeper: Int? =
                reserved.contains(base)
                ? nil : group.count == 1 ? 0 : (group.firstIndex { Self.isWrittenAsSlug($0.name, base) } ?? 0)
            var assigned: [(name: String, slug: String)] = []
            for (index, entry) in group.enumerated() {
                var slug = base
                if index != keeper {
                    slug = Self.suffixed(base, identity: entry.identity, avoiding: taken.union(reserved))
                    taken.insert(slug)
                }
                slugs[entry.key] = slug
                assigned.append((entry.name, slug))
            }
            if keeper == nil {
                collisions.append(Collision(wanted: base, assigned: assigned, isReserved: true))
            } else if group.count > 1 {
                collisions.append(Collision(wanted: base, assigned: assigned))
            }
        }
        return (slugs, collisions)
    }

    /// Whether a name reads exactly as its slug (`go`, `Swift UI` for `swift-ui`), not through symbols.
    static func isWrittenAsSlug(_ name: String, _ slug: String) -> Bool {
        name.nfc.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" }).joined(separator: "-") == slug
    }

    /// `base-<hash>`; longer hashes, then a counter, only if that is somehow taken.
    static func suffixed(_ base: String, identity: String, avoiding taken: Set<String>) -> String {
        for digits in [6, 10, 16] {
            let slug = Slug.truncated(base, reserving: digits + 1) + "-" + Slug.nameHash(identity, digits: digits)
            if !taken.contains(slug) { return slug }
        }
        var counter = 2
        while taken.contains("\(base)-\(counter)") { counter += 1 }
        return "\(base)-\(counter)"
    }
}
