import Foundation
import LinkyModel
import Yams

/// One entry of `tags.yml`.
struct TagDefinition: Sendable {
    var name: String
    var title: String?
    var description: String?
    var slug: String?
    var aliases: [String]
    var parent: String?
    var location: SourceLocation
}

/// Reads `tags.yml`: a mapping from tag name to its title, description, slug, aliases and parent.
enum TagsFileParser {
    static let keys: Set<String> = ["title", "description", "slug", "aliases", "parent"]

    static func parse(_ file: SourceFile?) -> ([TagDefinition], [Diagnostic]) {
        guard let file else { return ([], []) }
        var diagnostics: [Diagnostic] = []
        let mapping: YAMLMapping
        switch YAMLMapping.parse(file.text, path: file.path, firstLine: 1, what: "tags.yml") {
        case .success(let value): mapping = value
        case .failure(var diagnostic):
            if diagnostic.code != .nestedTooDeep { diagnostic.code = .invalidTagsFile }
            return ([], [diagnostic])
        }
        var definitions: [TagDefinition] = []
        for entry in mapping.entries {
            var definition = TagDefinition(
                name: entry.key.nfc.trimmingCharacters(in: .whitespaces), aliases: [],
                location: mapping.location(of: entry))
            switch entry.node {
            case .scalar(let scalar) where scalar.string.isEmpty:
                break
            case .mapping(let pairs):
                for (keyNode, value) in pairs {
                    let key = keyNode.string ?? ""
                    let field = YAMLMapping.Entry(key: key, node: value, line: mapping.line(of: keyNode))
                    switch key {
                    case "title":
                        definition.title = diagnostics.take(mapping.string(field), as: .invalidTagsFile).flatMap {
                            $0.isEmpty ? nil : $0
                        }
                    case "description":
                        definition.description = diagnostics.take(mapping.string(field), as: .invalidTagsFile).flatMap {
                            $0.isEmpty ? nil : $0
                        }
                    case "slug":
                        definition.slug = diagnostics.take(mapping.string(field), as: .invalidTagsFile).flatMap {
                            $0.isEmpty ? nil : $0
                        }
                    case "parent":
                        definition.parent = diagnostics.take(mapping.string(field), as: .invalidTagsFile).flatMap {
                            $0.isEmpty ? nil : $0
                        }
                    case "aliases":
                        definition.aliases =
                            diagnostics.take(mapping.stringList(field), as: .invalidTagsFile)?.filter { !$0.isEmpty }
                            ?? []
                        for alias in definition.aliases {
                            // In tags.yml a name without `/` is a spelling, so only the path form is hinted.
                            if let problem = ContentFileParser.outsideSite(
                                PathAlias(alias, at: mapping.location(of: field)), orOldName: false)
                            {
                                diagnostics.append(problem)
                            }
                        }
                    default:
                        diagnostics.append(
                            .warning(
                                .invalidTagsFile, at: mapping.location(of: field),
                                "`\(key)` is not a tag setting and is ignored",
                                hint: "a tag knows title, description, slug, aliases and parent"))
                    }
                }
            default:
                diagnostics.append(
                    .error(
                        .invalidTagsFile, at: mapping.location(of: entry),
                        "the tag \"\(entry.key)\" must have a mapping of settings",
                        hint: "write e.g. `\(entry.key):` then indented `title: …`, `aliases: [a, b]`"))
                continue
            }
            definitions.append(definition)
        }
        return (definitions, diagnostics)
    }
}
