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

    /// A map's entry; nil for a missing key or a value that is not a map.
    @inlinable public subscript(key: String) -> TemplateValue? {
        if case .map(let entries) = self { return entries[key] }
        return nil
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
