import LinkyModel

/// A file's parse, as the rebuild state keeps it: a file whose size and times did not change since
/// the last build is not read or parsed again. Every stored property is written, in declaration
/// order; `ParsedContentCodingTests` checks that a parse reads back equal and that no property was
/// added without being written here.
extension ParsedContent {
    func write(to writer: inout ByteWriter) {
        writer.array(links) { $0.parsedLink($1) }
        writer.array(categories) { $0.categoryDefinition($1) }
        writer.array(diagnostics) { $0.diagnostic($1) }
        writer.array(unknownKeys) { writer, entry in
            writer.string(entry.key)
            writer.location(entry.location)
        }
        writer.array(untitledLinks) { writer, entry in
            writer.linkURL(entry.url)
            writer.location(entry.location)
        }
        writer.array(listFiles) { writer, summary in
            writer.string(summary.path)
            writer.int(summary.itemsRead)
            writer.int(summary.linksMade)
            writer.int(summary.secondaryLinks)
            writer.int(summary.linksSkipped)
            writer.optionalString(summary.datesFrom)
        }
    }

    init(reading reader: inout ByteReader) throws(ByteReader.Malformed) {
        typealias R = ByteReader
        typealias M = ByteReader.Malformed
        self.init()
        links = try reader.array { (r: inout R) throws(M) in try r.parsedLink() }
        categories = try reader.array { (r: inout R) throws(M) in try r.categoryDefinition() }
        diagnostics = try reader.array { (r: inout R) throws(M) in try r.diagnostic() }
        unknownKeys = try reader.array { (r: inout R) throws(M) in (key: try r.string(), location: try r.location()) }
        untitledLinks = try reader.array { (r: inout R) throws(M) in (url: try r.linkURL(), location: try r.location())
        }
        listFiles = try reader.array { (r: inout R) throws(M) in
            ListFileSummary(
                path: try r.string(), itemsRead: try r.int(), linksMade: try r.int(), secondaryLinks: try r.int(),
                linksSkipped: try r.int(), datesFrom: try r.optionalString())
        }
    }
}

// MARK: - Parts

extension ByteWriter {
    mutating func parsedLink(_ link: ParsedLink) {
        location(link.source)
        array(link.categoryKey) { $0.string($1) }
        string(link.slugName)
        linkURL(link.url)
        location(link.urlSource)
        string(link.title)
        optionalString(link.description)
        array(link.tags) { writer, tag in
            writer.string(tag.name)
            writer.optionalInt(tag.line)
        }
        optional(link.date) { $0.linkDate($1) }
        optional(link.image) { $0.linkURL($1) }
        bool(link.favorite)
        bool(link.draft)
        optional(link.note) { $0.note($1) }
        extraMap(link.extra)
        int(link.sourceOrder)
        array(link.aliases) { $0.pathAlias($1) }
        array(link.secondaryLinks) { writer, secondary in
            writer.string(secondary.title)
            writer.linkURL(secondary.url)
        }
        optionalInt(link.relatedOrder)
        optional(link.archive) { $0.linkURL($1) }
        array(link.labels) { $0.string($1) }
        optionalString(link.slugBase)
        optionalString(link.titleKey)
    }

    mutating func categoryDefinition(_ definition: CategoryDefinition) {
        array(definition.key) { $0.string($1) }
        optionalString(definition.title)
        optionalString(definition.description)
        optionalString(definition.icon)
        optionalInt(definition.order)
        optional(definition.intro) { $0.note($1) }
        location(definition.source)
        bool(definition.keepsSourceOrder)
        bool(definition.isListFile)
        bool(definition.isSection)
        array(definition.aliases) { $0.pathAlias($1) }
        array(definition.anchors) { $0.string($1) }
    }

    mutating func diagnostic(_ diagnostic: Diagnostic) {
        string(diagnostic.code.rawValue)
        bool(diagnostic.severity == .error)
        optional(diagnostic.location) { $0.location($1) }
        string(diagnostic.message)
        optionalString(diagnostic.hint)
    }

    mutating func location(_ location: SourceLocation) {
        string(location.path)
        optionalInt(location.line)
        optionalInt(location.column)
    }

    mutating func linkURL(_ url: LinkURL) {
        string(url.absoluteString)
        string(url.displayString)
        string(url.scheme)
        string(url.host)
        string(url.displayHost)
        string(url.comparisonKey)
    }

    mutating func linkDate(_ date: LinkDate) {
        int(date.year)
        int(date.month)
        int(date.day)
        int64(date.instant)
        bool(date.hasTime)
    }

    mutating func note(_ note: Note) {
        string(note.markdown)
        string(note.html)
        string(note.plainText)
    }

    mutating func pathAlias(_ alias: PathAlias) {
        string(alias.written)
        location(alias.location)
    }

    /// Entries by key, so equal maps write equal bytes (a page's fingerprint depends on it).
    mutating func extraMap(_ map: [String: ExtraValue]) {
        let keys = map.keys.sorted()
        int(keys.count)
        for key in keys {
            string(key)
            extraValue(map[key]!)
        }
    }

    mutating func extraValue(_ value: ExtraValue) {
        switch value {
        case .string(let text):
            byte(0)
            string(text)
        case .number(let number):
            byte(1)
            uint64(number.bitPattern)
        case .bool(let flag):
            byte(2)
            bool(flag)
        case .list(let items):
            byte(3)
            array(items) { $0.extraValue($1) }
        case .map(let entries):
            byte(4)
            extraMap(entries)
        case .null:
            byte(5)
        }
    }
}

extension ByteReader {
    typealias M = ByteReader.Malformed

    mutating func parsedLink() throws(M) -> ParsedLink {
        let source = try location()
        let categoryKey = try array { (r: inout ByteReader) throws(M) in try r.string() }
        let slugName = try string()
        let url = try linkURL()
        let urlSource = try location()
        let title = try string()
        let description = try optionalString()
        let tags = try array { (r: inout ByteReader) throws(M) in (name: try r.string(), line: try r.optionalInt()) }
        let date = try optional { (r: inout ByteReader) throws(M) in try r.linkDate() }
        let image = try optional { (r: inout ByteReader) throws(M) in try r.linkURL() }
        let favorite = try bool()
        let draft = try bool()
        let note = try optional { (r: inout ByteReader) throws(M) in try r.note() }
        let extra = try extraMap()
        let sourceOrder = try int()
        let aliases = try array { (r: inout ByteReader) throws(M) in try r.pathAlias() }
        let secondaryLinks = try array { (r: inout ByteReader) throws(M) in
            SecondaryLink(title: try r.string(), url: try r.linkURL())
        }
        let relatedOrder = try optionalInt()
        let archive = try optional { (r: inout ByteReader) throws(M) in try r.linkURL() }
        let labels = try array { (r: inout ByteReader) throws(M) in try r.string() }
        let slugBase = try optionalString()
        let titleKey = try optionalString()
        return ParsedLink(
            source: source, categoryKey: categoryKey, slugName: slugName, url: url, urlSource: urlSource, title: title,
            description: description, tags: tags, date: date, image: image, favorite: favorite, draft: draft,
            note: note, extra: extra, sourceOrder: sourceOrder, aliases: aliases, secondaryLinks: secondaryLinks,
            relatedOrder: relatedOrder, archive: archive, labels: labels, slugBase: slugBase, titleKey: titleKey)
    }

    mutating func categoryDefinition() throws(M) -> CategoryDefinition {
        let key = try array { (r: inout ByteReader) throws(M) in try r.string() }
        let title = try optionalString()
        let description = try optionalString()
        let icon = try optionalString()
        let order = try optionalInt()
        let intro = try optional { (r: inout ByteReader) throws(M) in try r.note() }
        let source = try location()
        let keepsSourceOrder = try bool()
        let isListFile = try bool()
        let isSection = try bool()
        let aliases = try array { (r: inout ByteReader) throws(M) in try r.pathAlias() }
        let anchors = try array { (r: inout ByteReader) throws(M) in try r.string() }
        return CategoryDefinition(
            key: key, title: title, description: description, icon: icon, order: order, intro: intro, source: source,
            keepsSourceOrder: keepsSourceOrder, isListFile: isListFile, isSection: isSection, aliases: aliases,
            anchors: anchors)
    }

    mutating func diagnostic() throws(M) -> Diagnostic {
        guard let code = DiagnosticCode(rawValue: try string()) else { throw M() }
        let severity: Diagnostic.Severity = try bool() ? .error : .warning
        let location = try optional { (r: inout ByteReader) throws(M) in try r.location() }
        let message = try string()
        let hint = try optionalString()
        return Diagnostic(severity, code, at: location, message, hint: hint)
    }

    mutating func location() throws(M) -> SourceLocation {
        SourceLocation(path: try string(), line: try optionalInt(), column: try optionalInt())
    }

    mutating func linkURL() throws(M) -> LinkURL {
        LinkURL(
            storedParts: try string(), displayString: try string(), scheme: try string(), host: try string(),
            displayHost: try string(), comparisonKey: try string())
    }

    mutating func linkDate() throws(M) -> LinkDate {
        LinkDate(year: try int(), month: try int(), day: try int(), instant: try int64(), hasTime: try bool())
    }

    mutating func note() throws(M) -> Note {
        Note(markdown: try string(), html: try string(), plainText: try string())
    }

    mutating func pathAlias() throws(M) -> PathAlias {
        let written = try string()
        return PathAlias(written, at: try location())
    }

    mutating func extraMap() throws(M) -> [String: ExtraValue] {
        let count = try count()
        var map: [String: ExtraValue] = [:]
        map.reserveCapacity(count)
        for _ in 0..<count {
            let key = try string()
            map[key] = try extraValue()
        }
        return map
    }

    mutating func extraValue() throws(M) -> ExtraValue {
        switch try byte() {
        case 0: .string(try string())
        case 1: .number(Double(bitPattern: try uint64()))
        case 2: .bool(try bool())
        case 3: .list(try array { (r: inout ByteReader) throws(M) in try r.extraValue() })
        case 4: .map(try extraMap())
        case 5: .null
        default: throw M()
        }
    }
}
