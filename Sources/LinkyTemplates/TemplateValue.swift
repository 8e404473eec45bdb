/// The data a template renders: a tree of typed values, looked up by name without any dynamic cast.
///
/// Truthiness follows Mustache as swift-mustache implements it (the reference the tests compare
/// against): a section over a list repeats for each item, over `false` shows nothing, over `true`
/// shows once in the same context, and over any other value — `0` and `""` included — shows once
/// with the value pushed as the context. A missing name is falsy.
public enum TemplateValue: Sendable, Equatable {
    case string(String)
    case bool(Bool)
    case int(Int)
    case double(Double)
    case list([TemplateValue])
    case map([String: TemplateValue])
    /// An item of a list whose output a render records by id (`TemplateLibrary.render(_:_:capacity:parts:)`),
    /// or gives as already known: elsewhere it is its value.
    indirect case part(TemplatePart)

    /// A map's entry; nil for a missing key or a value that is not a map.
    @inlinable public subscript(key: String) -> TemplateValue? {
        switch self {
        case .map(let entries): entries[key]
        case .part(let part): part.value[key]
        default: nil
        }
    }
}

extension TemplateValue {
    /// The value a part stands for; any other value itself.
    public var withoutPart: TemplateValue {
        if case .part(let part) = self { part.value } else { self }
    }
}

/// One item of a list, such as a link of the print page, kept apart in the output: a render records
/// where the section over the list put its output (`TemplatePartRange`), and a later render of the same
/// template with the same item can hand those bytes back as `rendered` instead of the value.
///
/// `rendered` stands for what the section's body made for the item at that place of that template; the
/// caller keeps them together (a rebuild does it by fingerprints). Parts are recorded only outside
/// indented partials, whose indentation is inserted after the fact.
public struct TemplatePart: Sendable, Equatable {
    public var id: Int
    public var value: TemplateValue
    public var rendered: TemplateBytes?

    public init(id: Int, value: TemplateValue, rendered: [UInt8]? = nil) {
        self.init(id: id, value: value, rendered: rendered.map(TemplateBytes.init))
    }

    public init(id: Int, value: TemplateValue, rendered: TemplateBytes?) {
        self.id = id
        self.value = value
        self.rendered = rendered
    }
}

/// Where a part's output lies in the rendered bytes.
public struct TemplatePartRange: Sendable, Equatable {
    public var id: Int
    public var range: Range<Int>

    public init(id: Int, range: Range<Int>) {
        self.id = id
        self.range = range
    }
}

/// A map of named values: what a page's context and each nested object are made of.
public typealias TemplateMap = [String: TemplateValue]

// MARK: - Literals

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .map(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
