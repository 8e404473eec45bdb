import CYaml
import Foundation
import LinkyModel
import Yams

/// A YAML mapping read with Yams, whose values come with their line in the source file, so every
/// problem can be reported where it is.
struct YAMLMapping {
    struct Entry {
        var key: String
        var node: Node
        var line: Int
    }

    let path: String
    /// The file line of the YAML's first line.
    let firstLine: Int
    private(set) var entries: [Entry] = []

    /// Composes `yaml`; nil with a diagnostic when it is not valid YAML or not a mapping.
    /// An empty document is an empty mapping.
    /// `implicitTypes: false` skips Yams' regex-based typing of every scalar (bool, int, float,
    /// timestamp…): linky-site reads scalars as written anyway, and in a large collection those
    /// regexes are a good part of the parse time. Merge keys (`<<`) need it, so the few config files
    /// keep it.
    static func parse(
        _ yaml: String, path: String, firstLine: Int, what: String, implicitTypes: Bool = true
    ) -> Result<YAMLMapping, Diagnostic> {
        let node: Node?
        _ = nestingLimit
        do {
            // The encoding is given: `.default` reads the process environment on every call.
            node = try Yams.compose(yaml: yaml, implicitTypes ? .default : .basic, .default, .utf8)
        } catch {
            return .failure(syntaxError(error, path: path, firstLine: firstLine, what: what))
        }
        var mapping = YAMLMapping(path: path, firstLine: firstLine)
        guard let node else { return .success(mapping) }
        if let deep = tooDeep(node) {
            return .failure(
                .error(
                    .nestedTooDeep, at: mapping.location(of: deep),
                    "\(what) nests lists and mappings more than \(ContentLimits.maximumYAMLDepth) levels deep here, so it is not read",
                    hint: "flatten the nesting: settings nest a few levels"))
        }
        guard case .mapping(let pairs) = node else {
            return .failure(
                .error(
                    .invalidFrontMatter, at: mapping.location(of: node),
                    "\(what) must be a mapping of `key: value` lines",
                    hint: "write one `key: value` per line, e.g. `title: My link`"))
        }
        for (key, value) in pairs {
            let name = key.string ?? "\(key)"
            mapping.entries.append(Entry(key: name, node: value, line: mapping.line(of: key)))
        }
        return .success(mapping)
    }

    subscript(key: String) -> Entry? { entries.first { $0.key == key } }

    func location(of node: Node) -> SourceLocation {
        SourceLocation(path: path, line: line(of: node))
    }

    func location(of entry: Entry) -> SourceLocation {
        SourceLocation(path: path, line: entry.line)
    }

    func line(of node: Node) -> Int {
        firstLine + (node.mark?.line ?? 1) - 1
    }

    // MARK: - Typed values

    /// A scalar as written (YAML 1.1 booleans stay text: `title: no` is the title "no"). A plain value
    /// that YAML's core schema reads as a number, a boolean or null (`5`, `1.0`, `true`, `~`) is a
    /// located error with the hint to quote it — it was probably not meant as text, and other tools
    /// would read it as something else — unless `anyScalar` (values read further, such as dates).
    func string(
        _ entry: Entry, code: DiagnosticCode = .invalidFieldType, anyScalar: Bool = false
    ) -> Result<String, Diagnostic> {
        guard case .scalar(let scalar) = entry.node else {
            return .failure(
                .error(
                    code, at: location(of: entry), "`\(entry.key)` must be text, not a \(Self.kind(of: entry.node))",
                    hint:
                        "write `\(entry.key): some text` on one line (quote it if it contains `: ` or starts with `[`)")
            )
        }
        if !anyScalar, let refused = notText(scalar, of: entry, code: code) { return .failure(refused) }
        return .success(scalar.string.nfc)
    }

    /// What YAML's core schema reads a plain scalar as, when that is not text (see `YAMLCoreSchema`).
    static func nonTextKind(_ scalar: Node.Scalar) -> String? {
        scalar.style == .plain ? YAMLCoreSchema.nonTextKind(ofPlain: scalar.string) : nil
    }

    /// The error for an entry whose value, meant as text, YAML reads as a number, boolean or null.
    private func notText(_ scalar: Node.Scalar, of entry: Entry, code: DiagnosticCode) -> Diagnostic? {
        guard let kind = Self.nonTextKind(scalar) else { return nil }
        return .error(
            code, at: location(of: entry), "`\(entry.key)` must be text, not \(kind) (`\(scalar.string)`)",
            hint: "quote it to mean the text: `\(entry.key): \"\(scalar.string)\"`")
    }

    func bool(_ entry: Entry) -> Result<Bool, Diagnostic> {
        if case .scalar(let scalar) = entry.node {
            switch scalar.string.lowercased() {
            case "true", "yes", "on": return .success(true)
            case "false", "no", "off", "": return .success(false)
            default: break
            }
        }
        return .failure(
            .error(
                .invalidFieldType, at: location(of: entry), "`\(entry.key)` must be true or false",
                hint: "write `\(entry.key): true` or `\(entry.key): false`"))
    }

    func integer(_ entry: Entry, minimum: Int = .min) -> Result<Int, Diagnostic> {
        if case .scalar(let scalar) = entry.node, let value = Int(scalar.string.trimmingCharacters(in: .whitespaces)),
            value >= minimum
        {
            return .success(value)
        }
        let range = minimum == .min ? "a whole number" : "a whole number of at least \(minimum)"
        return .failure(
            .error(
                .invalidFieldType, at: location(of: entry), "`\(entry.key)` must be \(range)",
                hint: "write e.g. `\(entry.key): \(max(minimum, 1))`"))
    }

    /// A list of text, or one comma-separated string.
    func stringList(_ entry: Entry, code: DiagnosticCode = .invalidFieldType) -> Result<[String], Diagnostic> {
        switch entry.node {
        case .scalar(let scalar):
            if let refused = notText(scalar, of: entry, code: code) { return .failure(refused) }
            return .success(scalar.string.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).nfc })
        case .sequence(let sequence):
            var values: [String] = []
            for item in sequence {
                guard case .scalar(let scalar) = item else {
                    return .failure(
                        .error(
                            code, at: location(of: item),
                            "each item of `\(entry.key)` must be text, not a \(Self.kind(of: item))",
                            hint: "write `\(entry.key): [a, b]` or `\(entry.key): a, b`"))
                }
                if let kind = Self.nonTextKind(scalar) {
                    return .failure(
                        .error(
                            code, at: location(of: item),
                            "each item of `\(entry.key)` must be text, not \(kind) (`\(scalar.string)`)",
                            hint: "quote it to mean the text: `\(entry.key): [\"\(scalar.string)\"]`"))
                }
                values.append(scalar.string.nfc)
            }
            return .success(values)
        default:
            return .failure(
                .error(
                    code, at: location(of: entry), "`\(entry.key)` must be a list or a comma-separated string",
                    hint: "write `\(entry.key): [a, b]` or `\(entry.key): a, b`"))
        }
    }

    /// Most values an `extra.<key>` may hold, counting every item of nested lists and mappings once
    /// YAML aliases are expanded: a few aliases can otherwise stand for billions of items.
    static let extraValueLimit = 10_000

    /// Any value, for `extra.<key>`; nil when it is larger than `extraValueLimit` or nested deeper than 32.
    static func extraValue(_ node: Node) -> ExtraValue? {
        var budget = extraValueLimit
        return extraValue(node, depth: 0, budget: &budget)
    }

    private static func extraValue(_ node: Node, depth: Int, budget: inout Int) -> ExtraValue? {
        budget -= 1
        guard budget >= 0, depth <= 32 else { return nil }
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain {
                switch scalar.string.lowercased() {
                case "true": return .bool(true)
                case "false": return .bool(false)
                default: break
                }
                if let number = Double(scalar.string),
                    scalar.string.first?.isNumber == true || scalar.string.first == "-"
                {
                    return .number(number)
                }
                if scalar.string == "~" || scalar.string == "null" || scalar.string.isEmpty { return .null }
            }
            return .string(scalar.string.nfc)
        case .sequence(let sequence):
            var items: [ExtraValue] = []
            for item in sequence {
                guard let value = extraValue(item, depth: depth + 1, budget: &budget) else { return nil }
                items.append(value)
            }
            return .list(items)
        case .mapping(let mapping):
            var values: [String: ExtraValue] = [:]
            for (key, value) in mapping {
                guard let item = extraValue(value, depth: depth + 1, budget: &budget) else { return nil }
                values[(key.string ?? "\(key)").nfc] = item
            }
            return .map(values)
        case .alias: return .null
        }
    }

    static func kind(of node: Node) -> String {
        switch node {
        case .scalar: "single value"
        case .sequence: "list"
        case .mapping: "mapping"
        case .alias: "alias"
        }
    }
}

// MARK: - Helpers

private extension YAMLMapping {
    /// libyaml counts the nesting as it parses, without recursion, and stops at its limit with the
    /// place (its default, 1,000, lets Yams' recursive composer and every walk of the values after it
    /// go 1,000 calls deep). Set once a process, before the first parse.
    static let nestingLimit: Void = yaml_set_max_nest_level(Int32(ContentLimits.maximumYAMLDepth))

    /// The first node nested deeper than `ContentLimits.maximumYAMLDepth`, found with a stack of
    /// its own (no recursion). libyaml's counter catches deep block nesting, but its scanner reads a
    /// flow collection (`[[[…]]]`) ahead of the counter, so up to about a thousand levels of it pass.
    /// The walk stops after a million nodes: aliases repeat what they name without copying it, and
    /// the size of what they expand to is bounded where values are used (`extra`).
    static func tooDeep(_ root: Node) -> Node? {
        var stack: [(node: Node, depth: Int)] = [(root, 1)]
        var visits = 0
        while let (node, depth) = stack.popLast(), visits < 1_000_000 {
            visits += 1
            guard depth <= ContentLimits.maximumYAMLDepth else { return node }
            switch node {
            case .mapping(let pairs):
                for (key, value) in pairs { stack += [(key, depth + 1), (value, depth + 1)] }
            case .sequence(let items):
                for item in items { stack.append((item, depth + 1)) }
            default:
                break
            }
        }
        return nil
    }

    static func syntaxError(_ error: Error, path: String, firstLine: Int, what: String) -> Diagnostic {
        var line: Int?
        var column: Int?
        var problem = "\(error)"
        if let yamlError = error as? YamlError {
            switch yamlError {
            case .scanner(_, let text, let mark, _), .parser(_, let text, let mark, _),
                .composer(_, let text, let mark, _):
                line = firstLine + mark.line - 1
                column = mark.column
                problem = text
                if text.hasPrefix("Maximum nesting level reached") {
                    return .error(
                        .nestedTooDeep, at: SourceLocation(path: path, line: line, column: column),
                        "\(what) nests lists and mappings more than \(ContentLimits.maximumYAMLDepth) levels deep here, so it is not read",
                        hint: "flatten the nesting: settings nest a few levels")
                }
            case .duplicatedKeysInMapping(let duplicates, let context):
                line = firstLine + context.mark.line - 1
                problem = "the key \(duplicates.map { "`\($0)`" }.joined(separator: ", ")) appears twice"
            case .reader(let text, _, _, _):
                problem = text
            default: break
            }
        }
        return .error(
            .invalidFrontMatter, at: SourceLocation(path: path, line: line ?? firstLine, column: column),
            "\(what) is not valid YAML: \(problem)",
            hint: "quote values that contain `: ` or start with `[`, `{`, `*`, `&`, `!`, `|`, `>`, `%` or `@`")
    }
}
