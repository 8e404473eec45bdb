/// Named templates that include each other as partials, rendered into UTF-8 bytes.
public struct TemplateLibrary: Sendable {
    private var templates: [String: Template] = [:]

    public init() {}

    public mutating func register(_ template: Template, named name: String) { templates[name] = template }

    public func template(named name: String) -> Template? { templates[name] }

    /// Every name rendering the template `name` can look up: its own and those of the partials it
    /// includes, through any depth. A context may leave out entries under other names: nothing
    /// rendering that template can show them.
    public func names(reachableFrom name: String) -> Set<String> {
        var names = Set<String>()
        var visited = Set<String>()
        var pending = [name]
        while let next = pending.popLast() {
            guard visited.insert(next).inserted, let template = templates[next] else { continue }
            names.formUnion(template.names)
            pending += template.partials.map(\.name)
        }
        return names
    }

    /// Renders the template `name` with `context` as the outermost value.
    ///
    /// A partial that is not in the library renders as nothing, as in Mustache; a theme is checked
    /// for those when it loads. The only failure is partials including each other deeper than
    /// `TemplateRenderer.maximumDepth`, which only a template that recurses without end reaches.
    /// `capacity`: the bytes expected, so that a large page is not copied each time it outgrows its buffer.
    public func render(
        _ name: String, _ context: TemplateValue, capacity: Int = 0
    ) throws(TemplateRenderError) -> [UInt8] {
        var parts: [TemplatePartRange] = []
        return try render(name, context, capacity: capacity, parts: &parts)
    }

    /// Renders as `render(_:_:capacity:)` does, with where each `TemplatePart` of the lists the template
    /// went over put its output.
    public func render(
        _ name: String, _ context: TemplateValue, capacity: Int = 0, parts: inout [TemplatePartRange]
    ) throws(TemplateRenderError) -> [UInt8] {
        guard let template = templates[name] else { return [] }
        var renderer = TemplateRenderer(templates: templates, output: [], stack: [context])
        renderer.output.reserveCapacity(capacity)
        try renderer.render(template.nodes, in: name)
        parts = renderer.parts
        return renderer.output
    }

    /// Appends the rendering to `output`.
    public func render(
        _ name: String, _ context: TemplateValue, into output: inout [UInt8]
    )
        throws(TemplateRenderError)
    {
        guard let template = templates[name] else { return }
        var renderer = TemplateRenderer(templates: templates, output: [], stack: [context])
        swap(&output, &renderer.output)
        defer { swap(&output, &renderer.output) }
        try renderer.render(template.nodes, in: name)
    }
}

/// Rendering stopped: partials included each other too deeply.
public struct TemplateRenderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The partial that went one level too deep.
    public let partial: String

    public var description: String {
        "partials include each other more than \(TemplateRenderer.maximumDepth) levels deep (at \"\(partial)\")"
    }
}
