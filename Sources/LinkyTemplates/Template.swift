/// A Mustache template parsed once into nodes, ready to render any number of times.
///
/// Supported: variables (`{{name}}` escaped; `{{{name}}}` and `{{&name}}` raw), dotted names
/// (`{{a.b}}`), the current value (`{{.}}`), sections over lists, maps, booleans and other values,
/// inverted sections, comments, partials (`{{> name}}`) with the indentation of a standalone tag,
/// set delimiters (`{{=<% %>=}}`) and the whitespace rules for standalone tags. Lambdas, transforms
/// (`{{first(list)}}`), dynamic partials (`{{>*name}}`), inheritance (`{{<parent}}`, `{{$block}}`) and
/// pragmas (`{{%…}}`) are refused with a located error when the template is parsed, never when it renders.
public struct Template: Sendable {
    let nodes: [TemplateNode]
    /// Every `{{> partial}}` the template includes, in order, with its line (sections included).
    public let partials: [PartialReference]
    /// Every name the template looks up, each part of a dotted name on its own (`a.b` gives `a` and
    /// `b`), partials not followed: a value's entry under any other name can never show.
    public let names: Set<String>
    /// Every name a variable or section tag looks up, as written (`site.title`), with where the tag is.
    public let references: [NameReference]

    /// Parses `text`; the error names the line and column of the first problem.
    ///
    /// With `standaloneOnFirstLine` false, a tag on the first line is never standalone and a blank
    /// first line is dropped: how swift-mustache read linky-site's themes, which it was given with a
    /// pragma in front. Themes are parsed that way so that every page keeps its bytes.
    public init(parsing text: String, standaloneOnFirstLine: Bool = true) throws(TemplateSyntaxError) {
        var parser = TemplateParser(text)
        nodes = try parser.parseTemplate(standaloneOnFirstLine: standaloneOnFirstLine)
        partials = parser.partials
        references = parser.references
        var names = Set<String>()
        Self.collectNames(nodes, into: &names)
        self.names = names
    }

    private static func collectNames(_ nodes: [TemplateNode], into names: inout Set<String>) {
        for node in nodes {
            switch node {
            case .variable(let path, _): names.formUnion(path.names)
            case .section(let path, let body, _):
                names.formUnion(path.names)
                collectNames(body, into: &names)
            case .text, .partial: continue
            }
        }
    }
}

/// A name a template looks up, and where: the line and column of its tag's opening delimiter.
public struct NameReference: Sendable, Equatable {
    public let name: String
    public let line: Int
    public let column: Int
}

/// A partial a template includes.
public struct PartialReference: Sendable, Equatable {
    public let name: String
    public let line: Int
}

/// One piece of a parsed template.
enum TemplateNode: Sendable {
    /// Literal text, as UTF-8.
    case text([UInt8])
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}`.
    case variable(ValuePath, escaped: Bool)
    /// `{{#name}}…{{/name}}` or `{{^name}}…{{/name}}`.
    case section(ValuePath, body: [TemplateNode], inverted: Bool)
    /// `{{> name}}`; `indentation` is the white space before a standalone tag.
    case partial(String, indentation: [UInt8]?)
}

/// A name split at its dots once, when the template is parsed.
struct ValuePath: Sendable {
    /// Empty for `.`: the current value.
    let names: [String]
    /// `.name`: looked up in the current value only, not in the values around it.
    let anchored: Bool

    init(_ name: String) {
        names = name == "." ? [] : name.split(separator: ".").map(String.init)
        anchored = name.first == "."
    }
}

/// Why a template does not parse, and where.
public struct TemplateSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    public let message: String
    public let hint: String

    public var description: String { "\(line):\(column): \(message)" }
}
