import Foundation
import LinkyModel
import Mustache

/// A set of templates and assets, ready to render: the built-in theme with a site's overrides on top.
public struct Theme: Sendable {
    /// Page templates every theme must have, by name (file name without `.mustache`).
    public static let requiredTemplates = [
        "home", "category", "tag_index", "tag", "link", "archive", "search", "print", "404",
    ]

    /// Where each template came from, for error messages: `templates/home.mustache` or `(built-in) home.mustache`.
    public let templateOrigins: [String: String]
    /// Files copied to the output's `assets/` folder, by path below it.
    public let assets: [String: Data]
    private let library: MustacheLibrary

    /// Loads the built-in theme and every file of `overrides` (a site's `templates/` folder, when it exists),
    /// checking that each template parses, every required template exists and every partial resolves.
    public static func load(overrides: URL?, sitePath: String = "templates") -> (Theme, [Diagnostic]) {
        var sources: [String: (text: String, origin: String)] = [:]
        var assets: [String: Data] = [:]
        var diagnostics: [Diagnostic] = []
        func add(_ relative: String, _ data: Data, origin: String) {
            if relative.hasSuffix(".mustache") {
                guard let text = String(data: data, encoding: .utf8) else {
                    diagnostics.append(
                        .error(
                            .invalidEncoding, at: SourceLocation(path: origin), "the template is not valid UTF-8",
                            hint: "save it as UTF-8"))
                    return
                }
                sources[String(relative.dropLast(".mustache".count))] = (text, origin)
            } else if relative.hasPrefix("assets/") {
                assets[String(relative.dropFirst("assets/".count))] = data
            }
        }
        for (relative, data) in DefaultTheme.files { add(relative, data, origin: "(built-in) \(relative)") }
        if let overrides {
            for relative in filesBelow(overrides) {
                do {
                    add(
                        relative, try Data(contentsOf: overrides.appending(path: relative)),
                        origin: "\(sitePath)/\(relative)")
                } catch {
                    diagnostics.append(
                        .error(
                            .unreadableFile, at: SourceLocation(path: "\(sitePath)/\(relative)"),
                            "the template cannot be read: \(error.localizedDescription)",
                            hint: "check the file's permissions"))
                }
            }
        }

        var library = MustacheLibrary()
        _ = FastHTMLContentType.registration
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            do {
                library.register(try MustacheTemplate(string: FastHTMLContentType.pragma + source.text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                diagnostics.append(
                    .error(
                        .invalidTemplate,
                        at: SourceLocation(
                            path: source.origin, line: error.context.lineNumber, column: error.context.columnNumber),
                        "the template does not parse: \(error.error)",
                        hint: "check that every {{#section}} is closed by a matching {{/section}}"))
            } catch {
                diagnostics.append(
                    .error(
                        .invalidTemplate, at: SourceLocation(path: source.origin),
                        "the template does not parse: \(error)", hint: "fix the Mustache syntax"))
            }
        }
        for name in requiredTemplates where sources[name] == nil {
            diagnostics.append(
                .error(
                    .missingTemplate, at: SourceLocation(path: "\(sitePath)/\(name).mustache"),
                    "the required template \"\(name)\" is missing",
                    hint: "run `linky-site theme eject` to get a complete set of templates"))
        }
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            for reference in partialReferences(in: source.text) where sources[reference.name] == nil {
                diagnostics.append(
                    .error(
                        .missingPartial, at: SourceLocation(path: source.origin, line: reference.line),
                        "the template \"\(name)\" includes the partial \"\(reference.name)\", which does not exist",
                        hint: "add \(sitePath)/\(reference.name).mustache or fix the name"))
            }
        }
        let theme = Theme(
            templateOrigins: sources.mapValues(\.origin), assets: assets, library: library)
        return (theme, diagnostics)
    }

    /// Renders a template with a context made of dictionaries, arrays, strings, numbers and booleans.
    /// The template must exist (`load` checked the required ones).
    public func render(_ name: String, _ context: [String: Any]) -> String {
        guard let output = library.render(context, withTemplate: name) else {
            preconditionFailure("template \(name) was not loaded")
        }
        return output
    }

    /// Whether a template of that name exists.
    public func hasTemplate(_ name: String) -> Bool { library.getTemplate(named: name) != nil }
}

// MARK: - Helpers

private extension Theme {
    /// Relative paths of the regular files below a folder, sorted; hidden files are skipped.
    static func filesBelow(_ folder: URL) -> [String] {
        guard
            let walker = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        let base = folder.standardizedFileURL.path
        var paths: [String] = []
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            paths.append(String(url.standardizedFileURL.path.dropFirst(base.count + 1)))
        }
        return paths.sorted()
    }

    /// `{{> name}}` and `{{< name}}` references with their line numbers.
    static func partialReferences(in text: String) -> [(name: String, line: Int)] {
        var references: [(String, Int)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            while let open = rest.range(of: "{{") {
                rest = rest[open.upperBound...]
                guard let first = rest.first, first == ">" || first == "<" else { continue }
                guard let close = rest.range(of: "}}") else { break }
                let name = rest[rest.index(after: rest.startIndex)..<close.lowerBound]
                    .trimmingCharacters(in: .whitespaces)
                if !name.isEmpty { references.append((name, index + 1)) }
                rest = rest[close.upperBound...]
            }
        }
        return references
    }
}
