/// Renders nodes into one byte buffer, looking names up through a stack of typed values.
///
/// Whitespace follows swift-mustache byte for byte: inside an indented partial, each node whose
/// output starts a new line of the current section or partial's own output is preceded by the
/// indentation (a new line is `\n` not preceded by `\r`).
struct TemplateRenderer {
    /// Partial inclusions and sections nested deeper than this stop the render.
    static let maximumDepth = 256

    let templates: [String: Template]
    var output: [UInt8]
    var stack: [TemplateValue]
    /// Where each part's output went (`TemplatePart`), in order.
    var parts: [TemplatePartRange] = []
    private var indentation: [UInt8] = []
    private var depth = 0

    init(templates: [String: Template], output: [UInt8], stack: [TemplateValue]) {
        self.templates = templates
        self.output = output
        self.stack = stack
    }

    mutating func render(_ nodes: [TemplateNode], in name: String) throws(TemplateRenderError) {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw TemplateRenderError(partial: name) }
        if indentation.isEmpty {
            for node in nodes { try render(node, in: name) }
            return
        }
        let start = output.count
        for node in nodes {
            let nodeStart = output.count
            let indents = nodeStart > start && endsLine(since: start)
            try render(node, in: name)
            if indents, output.count > nodeStart { output.insert(contentsOf: indentation, at: nodeStart) }
        }
    }
}

// MARK: - Nodes

private extension TemplateRenderer {
    mutating func render(_ node: TemplateNode, in name: String) throws(TemplateRenderError) {
        switch node {
        case .text(let bytes):
            output.append(contentsOf: bytes)
        case .variable(let path, let escaped):
            if let value = resolve(path) { append(value, escaped: escaped) }
        case .section(let path, let body, let inverted):
            let value = resolve(path)
            if inverted {
                try renderInverted(body, over: value, in: name)
            } else {
                try renderSection(body, over: value, in: name)
            }
        case .partial(let partial, let indent):
            guard let template = templates[partial] else { return }
            let outer = indentation
            if let indent { indentation += indent }
            defer { indentation = outer }
            try render(template.nodes, in: partial)
        }
    }

    mutating func renderSection(
        _ body: [TemplateNode], over value: TemplateValue?, in name: String
    )
        throws(TemplateRenderError)
    {
        switch value {
        case nil, .bool(false): return
        case .bool(true): try render(body, in: name)
        case .list(let items):
            for item in items {
                guard case .part(let part) = item else {
                    try render(body, with: item, in: name)
                    continue
                }
                let start = output.count
                if let rendered = part.rendered, indentation.isEmpty {
                    rendered.withUnsafeBytes { output.append(contentsOf: $0) }
                } else {
                    try render(body, with: part.value, in: name)
                }
                if indentation.isEmpty { parts.append(TemplatePartRange(id: part.id, range: start..<output.count)) }
            }
        case .part(let part): try renderSection(body, over: part.value, in: name)
        case let value?: try render(body, with: value, in: name)
        }
    }

    mutating func renderInverted(
        _ body: [TemplateNode], over value: TemplateValue?, in name: String
    )
        throws(TemplateRenderError)
    {
        switch value {
        case nil, .bool(false): try render(body, in: name)
        case .list(let items) where items.isEmpty: try render(body, with: .list([]), in: name)
        case .part(let part): try renderInverted(body, over: part.value, in: name)
        default: return
        }
    }

    mutating func render(
        _ body: [TemplateNode], with value: TemplateValue, in name: String
    )
        throws(TemplateRenderError)
    {
        if case .part(let part) = value {
            try render(body, with: part.value, in: name)
            return
        }
        stack.append(value)
        defer { stack.removeLast() }
        try render(body, in: name)
    }

    /// Whether the output since `start` ends with a new line.
    func endsLine(since start: Int) -> Bool {
        let count = output.count
        guard output[count - 1] == 0x0A else { return false }
        return count - 2 < start || output[count - 2] != 0x0D
    }
}

// MARK: - Values

private extension TemplateRenderer {
    /// The first name is looked up from the innermost value outwards (only in the innermost for
    /// `.name`); the rest of a dotted name inside what the first found.
    func resolve(_ path: ValuePath) -> TemplateValue? {
        guard let first = path.names.first else { return stack.last }
        var found: TemplateValue?
        if path.anchored {
            found = stack.last?[first]
        } else {
            for value in stack.reversed() {
                if case .map(let entries) = value, let child = entries[first] {
                    found = child
                    break
                }
            }
        }
        guard var value = found else { return nil }
        for name in path.names.dropFirst() {
            guard let child = value[name] else { return nil }
            value = child
        }
        return value
    }

    /// A value as text. Lists and maps have no text: a template that shows one shows nothing.
    mutating func append(_ value: TemplateValue, escaped: Bool) {
        switch value {
        case .string(let text):
            if escaped { HTMLEscaping.append(text, to: &output) } else { output.append(contentsOf: text.utf8) }
        case .int(let number): output.append(contentsOf: String(number).utf8)
        case .double(let number): output.append(contentsOf: "\(number)".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .list, .map: return
        case .part(let part): append(part.value, escaped: escaped)
        }
    }
}
