/// The tags and text of a piece of HTML written inside Markdown (an HTML block, or one inline tag),
/// as a list file needs them: which `<a href>` holds which text, where lines and `<br>`s break it,
/// the `alt` of an `<img>` and the `id` of an anchor. It is a forgiving tokenizer, not a parser:
/// no tree is built, unknown tags are kept as tags, and nothing is ever an error.
struct HTMLFragment {
    enum Token: Equatable {
        /// `<a href="…">`: the name lower-cased, the attributes with lower-cased names and entities decoded.
        case start(name: String, attributes: [String: String])
        case end(name: String)
        /// Text with entities decoded (`&nbsp;` is U+00A0).
        case text(String)
        case newline
    }

    /// The tokens, each with its line (0 for the fragment's first line).
    private(set) var tokens: [(token: Token, line: Int)] = []

    init(_ source: String) {
        let scalars = Array(source.unicodeScalars)
        var index = 0
        var line = 0
        var text = ""
        func flush() {
            if !text.isEmpty { tokens.append((.text(Self.decodingEntities(text)), line)) }
            text = ""
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\n" {
                flush()
                tokens.append((.newline, line))
                line += 1
                index += 1
                continue
            }
            if scalar == "<", let (token, end) = Self.tag(in: scalars, at: index) {
                flush()
                let lines = scalars[index..<end].reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
                if let token { tokens.append((token, line)) }
                line += lines
                index = end
                continue
            }
            text.unicodeScalars.append(scalar)
            index += 1
        }
        flush()
    }

    /// The attributes of one tag written alone (`<a href="…">`, `<img alt="…">`), or nil.
    static func startTag(_ source: String) -> (name: String, attributes: [String: String])? {
        let fragment = HTMLFragment(source)
        for (token, _) in fragment.tokens {
            if case .start(let name, let attributes) = token { return (name, attributes) }
        }
        return nil
    }

    /// The name of one end tag written alone (`</a>`), or nil.
    static func endTag(_ source: String) -> String? {
        for (token, _) in HTMLFragment(source).tokens {
            if case .end(let name) = token { return name }
        }
        return nil
    }

    /// The `id` (or `name`) anchors of a piece of HTML: `<a id="csharp"></a>`, `<span id="x">`.
    static func anchorIDs(_ source: String) -> [String] {
        guard source.contains("id=") || source.contains("name=") else { return [] }
        return HTMLFragment(source).tokens.compactMap { token, _ in
            guard case .start(let name, let attributes) = token else { return nil }
            if let id = attributes["id"], !id.isEmpty { return id }
            if name == "a", let id = attributes["name"], !id.isEmpty { return id }
            return nil
        }
    }

    /// What an inline tag stands for as text: an `<img>`'s `alt`, a `<br>`'s space, else nothing.
    static func inlineText(_ source: String) -> String {
        guard let (name, attributes) = startTag(source) else { return "" }
        switch name {
        case "img": return attributes["alt"] ?? ""
        case "br": return " "
        default: return ""
        }
    }
}

// MARK: - Private

private extension HTMLFragment {
    /// The tag (or comment, or declaration: nil) starting at `start`, and where it ends; nil when
    /// the `<` starts no tag (`a < b`).
    static func tag(in scalars: [Unicode.Scalar], at start: Int) -> (Token?, Int)? {
        var index = start + 1
        guard index < scalars.count else { return nil }
        if scalars[index] == "!" || scalars[index] == "?" {
            if scalars[index...].starts(with: "!--".unicodeScalars) {
                var end = index + 3
                while end + 2 < scalars.count {
                    if scalars[end] == "-", scalars[end + 1] == "-", scalars[end + 2] == ">" { return (nil, end + 3) }
                    end += 1
                }
                return (nil, scalars.count)
            }
            guard let close = scalars[index...].firstIndex(of: ">") else { return nil }
            return (nil, close + 1)
        }
        var isEnd = false
        if scalars[index] == "/" {
            isEnd = true
            index += 1
        }
        var name = ""
        while index < scalars.count, scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index]) {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard !name.isEmpty, name.unicodeScalars.first!.isASCII else { return nil }
        var attributes: [String: String] = [:]
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == ">" {
                let token: Token =
                    isEnd ? .end(name: name.lowercased()) : .start(name: name.lowercased(), attributes: attributes)
                return (token, index + 1)
            }
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "/" {
                index += 1
                continue
            }
            var key = ""
            while index < scalars.count, !" \t\n\r/>=".unicodeScalars.contains(scalars[index]) {
                key.unicodeScalars.append(scalars[index])
                index += 1
            }
            var value = ""
            if index < scalars.count, scalars[index] == "=" {
                index += 1
                if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" {
                    let quote = scalars[index]
                    index += 1
                    while index < scalars.count, scalars[index] != quote {
                        value.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                    index += 1
                } else {
                    while index < scalars.count, !" \t\n\r>".unicodeScalars.contains(scalars[index]) {
                        value.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                }
            }
            if key.isEmpty {
                index += 1
            } else if attributes[key.lowercased()] == nil {
                attributes[key.lowercased()] = decodingEntities(value)
            }
        }
        return nil
    }

    static let namedEntities: [String: String] = [
        "nbsp": "\u{A0}", "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "ensp": "\u{2002}",
        "emsp": "\u{2003}", "thinsp": "\u{2009}", "ndash": "–", "mdash": "—", "hellip": "…", "middot": "·",
        "bull": "•", "copy": "©", "reg": "®", "trade": "™", "laquo": "«", "raquo": "»", "rarr": "→", "larr": "←",
        "zwj": "\u{200D}", "zwnj": "\u{200C}", "lrm": "\u{200E}", "rlm": "\u{200F}",
    ]

    static func decodingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = after
                continue
            }
            let name = after[..<semicolon]
            var decoded: String?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                decoded = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
            } else if name.hasPrefix("#") {
                decoded = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
            } else {
                decoded = namedEntities[String(name)]
            }
            if let decoded {
                result += decoded
                rest = after[after.index(after: semicolon)...]
            } else {
                result += "&"
                rest = after
            }
        }
        return result + rest
    }
}
