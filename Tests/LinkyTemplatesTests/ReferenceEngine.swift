import Foundation
import LinkyTemplates
import Mustache

/// hummingbird-project/swift-mustache: what it renders is what our renderer must render, byte for byte.
///
/// `themeMode` configures it as linky-site rendered its theme before it had an engine of its own:
/// every template prefixed with a content-type pragma whose escaping works on bytes (our templates
/// parsed with `standaloneOnFirstLine: false` match that). Without it, plain swift-mustache.
struct ReferenceEngine {
    private var library = MustacheLibrary()

    init(templates: [String: String], themeMode: Bool = true) throws {
        _ = ByteHTMLContentType.registration
        for (name, text) in templates {
            library.register(try MustacheTemplate(string: Self.prefix(themeMode) + text), named: name)
        }
    }

    /// Whether swift-mustache parses `text` (in the same configuration).
    static func parses(_ text: String, themeMode: Bool = true) -> Bool {
        _ = ByteHTMLContentType.registration
        return (try? MustacheTemplate(string: prefix(themeMode) + text)) != nil
    }

    private static func prefix(_ themeMode: Bool) -> String { themeMode ? ByteHTMLContentType.pragma : "" }

    func render(_ name: String, _ value: TemplateValue) -> String {
        library.render(Self.object(value), withTemplate: name) ?? ""
    }

    /// The value as the dictionaries, arrays and scalars swift-mustache reads.
    static func object(_ value: TemplateValue) -> Any {
        switch value {
        case .string(let text): text
        case .bool(let flag): flag
        case .int(let number): number
        case .double(let number): number
        case .list(let items): items.map(object)
        case .map(let entries): entries.mapValues(object) as [String: Any]
        case .part(let part): object(part.value)
        }
    }
}

/// The escaping linky-site registered with swift-mustache: `< > & " '` replaced by bytes.
private struct ByteHTMLContentType: MustacheContentType {
    static let name = "LINKY_HTML"
    static let registration: Void = MustacheContentTypes.register(ByteHTMLContentType(), named: name)
    static let pragma = "{{% CONTENT_TYPE: \(name) }}"

    /// Written apart from `HTMLEscaping`, so a mistake there cannot hide in both engines.
    func escapeText(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "&": escaped += "&amp;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
