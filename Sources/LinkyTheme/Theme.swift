import Foundation
import LinkyModel
import LinkyTemplates

/// A set of templates and assets, ready to render: the built-in theme with a site's overrides on top.
public struct Theme: Sendable {
    /// Page templates every theme must have, by name (file name without `.mustache`).
    public static let requiredTemplates = [
        "home", "category", "tag_index", "tag", "link", "archive", "search", "print", "404", "redirect", "broken",
    ]

    /// Where each template came from, for error messages: `templates/home.mustache` or `(built-in) home.mustache`.
    public let templateOrigins: [String: String]
    /// Each template's text, by name: what `render` compiled (the tests render it with a reference engine too).
    public let templateSources: [String: String]
    /// Files copied to the output's `assets/` folder, by path below it.
    public let assets: [String: Data]
    /// Whether a site's own template or asset names the whole search index as a script
    /// (`search-index.js`, `LINKY_SEARCH_INDEX`): the build writes that script only then, as the
    /// built-in theme searches the sharded index and never loads it (59 MiB at 100,000 links).
    public let loadsWholeSearchScript: Bool
    private let library: TemplateLibrary

    /// Loads the built-in theme and every file of `overrides` (a site's `templates/` folder, when it exists),
    /// checking that each template parses, every required template exists and every partial resolves.
    public static func load(overrides: URL?, sitePath: String = "templates") -> (Theme, [Diagnostic]) {
        var sources: [String: (text: String, origin: String)] = [:]
        var assets: [String: Data] = [:]
        var diagnostics: [Diagnostic] = []
        var loadsWholeSearchScript = false
        func add(_ relative: String, _ data: Data, origin: String, own: Bool) {
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
            } else {
                return
            }
            if own { loadsWholeSearchScript = loadsWholeSearchScript || namesWholeSearchScript(data) }
        }
        for (relative, data) in DefaultTheme.files { add(relative, data, origin: "(built-in) \(relative)", own: false) }
        if let overrides {
            for relative in filesBelow(overrides) {
                let path = overrides.appending(path: relative).path
                switch RegularFile.read(path) {
                case .success(let data):
                    add(relative, data, origin: "\(sitePath)/\(relative)", own: true)
                case .failure(.notAFile) where isFolder(path):
                    continue  // a symbolic link to a folder: the walk does not follow it, as before
                case .failure(let failure):
                    // Never left for the built-in template to stand in for: the site meant its own.
                    diagnostics.append(
                        .error(
                            .unreadableFile, at: SourceLocation(path: "\(sitePath)/\(relative)"),
                            "the template cannot be read: \(failure.reason)",
                            hint: "replace it with a text file, or remove it to use the built-in one"))
                }
            }
        }

        var library = TemplateLibrary()
        var partials: [String: [PartialReference]] = [:]
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            do {
                let template = try Template(parsing: source.text, standaloneOnFirstLine: false)
                library.register(template, named: name)
                partials[name] = template.partials
            } catch {
                diagnostics.append(
                    .error(
                        .invalidTemplate,
                        at: SourceLocation(path: source.origin, line: error.line, column: error.column),
                        "the template does not parse: \(error.message)", hint: error.hint))
            }
        }
        for name in requiredTemplates where sources[name] == nil {
            diagnostics.append(
                .error(
                    .missingTemplate, at: SourceLocation(path: "\(sitePath)/\(name).mustache"),
                    "the required template \"\(name)\" is missing",
                    hint: "run `linky-site theme eject` to get a complete set of templates"))
        }
        for (name, references) in partials.sorted(by: { $0.key < $1.key }) {
            for reference in references where sources[reference.name] == nil {
                diagnostics.append(
                    .error(
                        .missingPartial, at: SourceLocation(path: sources[name]!.origin, line: reference.line),
                        "the template \"\(name)\" includes the partial \"\(reference.name)\", which does not exist",
                        hint: "add \(sitePath)/\(reference.name).mustache or fix the name"))
            }
        }
        let theme = Theme(
            templateOrigins: sources.mapValues(\.origin), templateSources: sources.mapValues(\.text), assets: assets,
            loadsWholeSearchScript: loadsWholeSearchScript, library: library)
        return (theme, diagnostics)
    }

    /// Renders a template into UTF-8 bytes. The template must exist (`load` checked the required ones).
    /// `capacity`: the bytes expected (see `TemplateLibrary.render`).
    public func render(
        _ name: String, _ context: TemplateValue, capacity: Int = 0
    ) throws(TemplateRenderError) -> [UInt8] {
        var parts: [TemplatePartRange] = []
        return try render(name, context, capacity: capacity, parts: &parts)
    }

    /// Renders a template, with where each `TemplatePart` went (see `TemplateLibrary.render(_:_:capacity:parts:)`).
    public func render(
        _ name: String, _ context: TemplateValue, capacity: Int = 0, parts: inout [TemplatePartRange]
    ) throws(TemplateRenderError) -> [UInt8] {
        guard library.template(named: name) != nil else { preconditionFailure("template \(name) was not loaded") }
        return try library.render(name, context, capacity: capacity, parts: &parts)
    }

    /// Whether the template `name` is the built-in theme's own, not a site's.
    public func isBuiltIn(_ name: String) -> Bool { templateOrigins[name]?.hasPrefix("(built-in) ") ?? false }

    /// The names a template looks up, with where (none for a template that does not exist).
    public func references(in name: String) -> [NameReference] { library.template(named: name)?.references ?? [] }

    /// Whether a template of that name exists.
    public func hasTemplate(_ name: String) -> Bool { library.template(named: name) != nil }

    /// Every name rendering the template `name` can look up (see `TemplateLibrary.names(reachableFrom:)`).
    public func names(reachableFrom name: String) -> Set<String> { library.names(reachableFrom: name) }
}

// MARK: - Helpers

private extension Theme {
    /// Whether a file's bytes name `search-index.js` or the global it sets.
    static func namesWholeSearchScript(_ data: Data) -> Bool {
        ["search-index.js", "LINKY_SEARCH_INDEX"].contains { data.range(of: Data($0.utf8)) != nil }
    }

    /// Relative paths of the regular files below a folder, sorted; hidden files are skipped.
    static func filesBelow(_ folder: URL) -> [String] {
        guard
            let walker = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [], options: [.skipsHiddenFiles])
        else { return [] }
        let base = folder.standardizedFileURL.path
        var paths: [String] = []
        for case let url as URL in walker {
            // Every name but a folder's: a FIFO or a socket is reported when it is read, never skipped.
            var status = stat()
            guard lstat(url.path, &status) == 0, (status.st_mode & S_IFMT) != S_IFDIR else { continue }
            paths.append(String(url.standardizedFileURL.path.dropFirst(base.count + 1)))
        }
        return paths.sorted()
    }

    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
}
