/// Turns template text into nodes, following swift-mustache's reading of Mustache to the byte (the
/// tests compare the two on thousands of generated templates), so a theme renders exactly as it did.
///
/// It works on `Character`s, as swift-mustache does: white space, new lines and delimiters are
/// compared as grapheme clusters. The white space that starts a line is kept aside until the line
/// shows whether its tag stands alone.
struct TemplateParser {
    private let characters: [Character]
    private var position = 0
    private(set) var partials: [PartialReference] = []
    /// Each name a variable or section tag looks up, with where its tag starts (a character index).
    private var names: [(name: String, index: Int)] = []

    /// Deeper nesting is refused, so no template can exhaust the stack.
    static let maximumDepth = 100

    struct State {
        var sectionName: String?
        var newLine = true
        var open: [Character] = ["{", "{"]
        var close: [Character] = ["}", "}"]
        var depth = 0
    }

    init(_ text: String) { characters = Array(text) }

    mutating func parseTemplate(standaloneOnFirstLine: Bool) throws(TemplateSyntaxError) -> [TemplateNode] {
        var state = State()
        // What a pragma tag at the very start did: it stood alone only if the rest of its line was blank.
        if !standaloneOnFirstLine { state.newLine = lineFinished() }
        return try parse(state)
    }

    /// The names the tags look up, in order, with the line and column of each tag's opening delimiter.
    var references: [NameReference] {
        var references: [NameReference] = []
        references.reserveCapacity(names.count)
        var (line, lineStart, scanned) = (1, 0, 0)
        for (name, index) in names {
            while scanned < index {
                if characters[scanned].isNewline { (line, lineStart) = (line + 1, scanned + 1) }
                scanned += 1
            }
            references.append(NameReference(name: name, line: line, column: index - lineStart + 1))
        }
        return references
    }
}

// MARK: - Tags

private extension TemplateParser {
    // swift-format-ignore: FunctionBodyLength
    mutating func parse(_ initial: State) throws(TemplateSyntaxError) -> [TemplateNode] {
        var nodes: [TemplateNode] = []
        var state = initial
        var whitespace: [Character] = []
        func flushWhitespace() {
            if !whitespace.isEmpty { nodes.append(.text(Self.bytes(whitespace))) }
            whitespace = []
        }
        while !atEnd {
            if state.newLine { whitespace = Array(read { $0 == " " || $0 == "\t" }) }
            let text = try readText(state)
            if current.isNewline {
                nodes.append(.text(Self.bytes(whitespace + text + [current])))
                state.newLine = true
                position += 1
                continue
            }
            if !text.isEmpty {
                nodes.append(.text(Self.bytes(whitespace + text)))
                whitespace = []
                state.newLine = false
            }
            if atEnd { break }
            var standalone = false
            let tagStart = position
            switch current {
            case "#", "^":
                let inverted = current == "^"
                position += 1
                let name = try readName(state)
                names.append((name, tagStart - state.open.count))
                if isStandalone(state) { standalone = true } else { flushWhitespace() }
                var inner = state
                inner.sectionName = name
                inner.depth += 1
                if !standalone { inner.newLine = false }
                guard inner.depth <= Self.maximumDepth else {
                    throw error(
                        at: tagStart, "sections are nested more than \(Self.maximumDepth) deep",
                        hint: "split the template into partials")
                }
                nodes.append(.section(ValuePath(name), body: try parse(inner), inverted: inverted))
            case "/":
                position += 1
                let nameStart = position
                let name = try readName(state)
                guard let open = state.sectionName, name == open else {
                    position = nameStart
                    let expected = state.sectionName.map { "{{/\($0)}}" } ?? "no closing tag"
                    throw error(
                        "{{/\(name)}} closes a section that is not open (expected \(expected))",
                        hint: "close sections in the reverse order of opening them")
                }
                if !isStandalone(state) { flushWhitespace() }
                return nodes
            case "!":
                position += 1
                try skipComment(state)
                standalone = isStandalone(state)
            case "{":
                flushWhitespace()
                position += 1
                let name = try readName(state)
                names.append((name, tagStart - state.open.count))
                guard try readCharacter("}") else {
                    throw error("a {{{ tag must end with }}}", hint: "write {{{name}}} or {{& name}}")
                }
                nodes.append(.variable(ValuePath(name), escaped: false))
            case "&":
                flushWhitespace()
                position += 1
                let name = try readName(state)
                names.append((name, tagStart - state.open.count))
                nodes.append(.variable(ValuePath(name), escaped: false))
            case ">":
                position += 1
                _ = read(while: \.isWhitespace)
                if current == "*" { throw unsupported("dynamic partials ({{>*name}})", at: tagStart) }
                let name = try readPartialName(state)
                if !whitespace.isEmpty { nodes.append(.text(Self.bytes(whitespace))) }
                if isStandalone(state) {
                    standalone = true
                    nodes.append(.partial(name, indentation: Self.bytes(whitespace)))
                } else {
                    nodes.append(.partial(name, indentation: nil))
                }
                partials.append(PartialReference(name: name, line: line(at: tagStart)))
                whitespace = []
            case "<", "$": throw unsupported("template inheritance ({{<parent}}, {{$block}})", at: tagStart)
            case "%": throw unsupported("pragmas ({{%…}})", at: tagStart)
            case "=":
                position += 1
                try setDelimiters(&state)
                standalone = isStandalone(state)
            default:
                flushWhitespace()
                let name = try readName(state)
                names.append((name, tagStart - state.open.count))
                nodes.append(.variable(ValuePath(name), escaped: true))
            }
            state.newLine = standalone
        }
        if let open = state.sectionName {
            throw error("the section {{#\(open)}} is never closed", hint: "add {{/\(open)}} where the section ends")
        }
        return nodes
    }

    /// Text up to a new line (not read) or an opening delimiter (read).
    mutating func readText(_ state: State) throws(TemplateSyntaxError) -> [Character] {
        var text: [Character] = []
        let first = state.open[0]
        while !atEnd {
            while !atEnd {
                let character = characters[position]
                if character == "\n" || character == "\r\n" || character == first { break }
                text.append(character)
                position += 1
            }
            if current.isNewline { break }
            if current == first {
                if try readString(state.open) { break }
                text.append(first)
                position += 1
            }
        }
        return text
    }

    /// A tag's name and its closing delimiter.
    mutating func readName(_ state: State) throws(TemplateSyntaxError) -> String {
        _ = read(while: \.isWhitespace)
        let start = position
        let name = String(read { Self.nameCharacters.contains($0) })
        _ = read(while: \.isWhitespace)
        guard try readString(state.close) else {
            throw error(
                "the tag is not closed by \(String(state.close))",
                hint: "names are made of letters, digits and . - _ ? *; close the tag with \(String(state.close))")
        }
        if name.contains("(") || name.contains(")") {
            position = start
            throw unsupported("transforms and lambdas (\(name))", at: start)
        }
        return name
    }

    mutating func readPartialName(_ state: State) throws(TemplateSyntaxError) -> String {
        _ = read(while: \.isWhitespace)
        let name = String(read { Self.partialNameCharacters.contains($0) })
        _ = read(while: \.isWhitespace)
        guard try readString(state.close) else {
            throw error(
                "the partial tag is not closed by \(String(state.close))",
                hint: "partial names are made of letters, digits and . - _ / ( ) ? *")
        }
        return name
    }

    /// Skips a comment through the closing delimiter, matched as swift-mustache does: a partial
    /// match that fails starts again after the failing character.
    mutating func skipComment(_ state: State) throws(TemplateSyntaxError) {
        let start = position
        var matched = 0
        while !atEnd {
            if characters[position] == state.close[matched] {
                matched += 1
                if matched == state.close.count {
                    position += 1
                    return
                }
            } else {
                matched = 0
            }
            position += 1
        }
        position = start
        throw error("the comment is never closed", hint: "end it with \(String(state.close))")
    }

    /// `{{=<% %>=}}`.
    mutating func setDelimiters(_ state: inout State) throws(TemplateSyntaxError) {
        let invalid = error(
            "a set-delimiters tag must look like {{=<% %>=}}",
            hint: "give two delimiters without spaces or = inside, separated by a space")
        _ = read(while: \.isWhitespace)
        guard let open = readUntil(\.isWhitespace) else { throw invalid }
        _ = read(while: \.isWhitespace)
        guard let close = readUntil({ $0 == "=" || $0.isWhitespace }) else { throw invalid }
        _ = read(while: \.isWhitespace)
        guard try readCharacter("="), try readString(state.close), !open.isEmpty, !close.isEmpty else {
            throw invalid
        }
        state.open = open
        state.close = close
    }

    static let nameCharacters = Set<Character>(
        "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*")
    static let partialNameCharacters = Set<Character>(
        "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*/")
}

// MARK: - Reading

private extension TemplateParser {
    var atEnd: Bool { position == characters.count }
    /// The character at the position; NUL at the end, as swift-mustache reads it.
    var current: Character { atEnd ? "\0" : characters[position] }

    /// A standalone tag is alone on its line: the line started with it and ends after it.
    mutating func isStandalone(_ state: State) -> Bool { state.newLine && lineFinished() }

    /// At the end, or only spaces and tabs before a new line: then reads through the new line.
    mutating func lineFinished() -> Bool {
        if atEnd { return true }
        var end = position
        while end < characters.count, characters[end] == " " || characters[end] == "\t" { end += 1 }
        guard end < characters.count, characters[end].isNewline else { return false }
        position = end + 1
        return true
    }

    mutating func read(while accept: (Character) -> Bool) -> ArraySlice<Character> {
        let start = position
        while !atEnd, accept(characters[position]) { position += 1 }
        return characters[start..<position]
    }

    /// Characters up to one that `stop` accepts; nil (and nothing read) when the text ends first.
    mutating func readUntil(_ stop: (Character) -> Bool) -> [Character]? {
        var end = position
        while end < characters.count, !stop(characters[end]) { end += 1 }
        guard end < characters.count else { return nil }
        defer { position = end }
        return Array(characters[position..<end])
    }

    /// Reads `string` if it comes next. Fewer characters left than it has is an error, as in swift-mustache.
    mutating func readString(_ string: [Character]) throws(TemplateSyntaxError) -> Bool {
        guard characters.count - position >= string.count else {
            throw error("the template ends inside a tag", hint: "close the tag or remove the stray \(String(string))")
        }
        guard characters[position..<position + string.count].elementsEqual(string) else { return false }
        position += string.count
        return true
    }

    mutating func readCharacter(_ character: Character) throws(TemplateSyntaxError) -> Bool {
        guard !atEnd else { throw error("the template ends inside a tag", hint: "close the tag") }
        guard characters[position] == character else { return false }
        position += 1
        return true
    }

    static func bytes<C: Collection<Character>>(_ characters: C) -> [UInt8] { Array(String(characters).utf8) }
}

// MARK: - Errors

private extension TemplateParser {
    func line(at index: Int) -> Int { characters[..<index].reduce(1) { $1.isNewline ? $0 + 1 : $0 } }

    func error(at index: Int? = nil, _ message: String, hint: String) -> TemplateSyntaxError {
        let index = min(index ?? position, characters.count)
        var lineStart = index
        while lineStart > 0, characters[lineStart - 1] != "\n" { lineStart -= 1 }
        return TemplateSyntaxError(line: line(at: index), column: index - lineStart + 1, message: message, hint: hint)
    }

    func unsupported(_ feature: String, at index: Int) -> TemplateSyntaxError {
        error(
            at: index, "linky-site's templates do not support \(feature)",
            hint: "see Templates/README.md for the Mustache that themes can use")
    }
}
