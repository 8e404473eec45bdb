import Foundation

/// What the search files of one render task share, each made once by the first that needs it: the
/// document the shards are made from, and the index (`search-index.json` and `search-index.js` carry
/// the same bytes, and share a task: `PageKind.sharesSearchIndex`). The index is written apart from the
/// document, so that a rebuild makes only the entries of the links that changed.
struct SearchFiles {
    private var document: SearchIndexDocument?
    /// The files of `search-index.json` made so far (its parts too, when split), by path.
    private var index: [String: OutputFile] = [:]

    init() {}

    /// `search-index.json`, which the script is made from.
    static let indexPath = "search-index.json"
    /// `search-index.js`.
    static let scriptPath = "search-index.js"

    /// `search-index/<number>.json` and `.js`, the parts of a split index.
    static func partPath(_ number: Int, script: Bool = false) -> String {
        "search-index/\(number)" + (script ? ".js" : ".json")
    }

    mutating func document(_ context: TemplateContext) -> SearchIndexDocument {
        if let document { return document }
        let made = SearchIndexDocument(context)
        document = made
        return made
    }

    /// The file `part` of `search-index.json` (see `SearchIndexDocument.indexFile`), with where each
    /// link's entry is.
    mutating func indexJSON(_ context: TemplateContext, _ part: DataPart) -> OutputFile {
        let path = Self.jsonPath(part)
        if let made = index[path] { return made }
        let made =
            switch part {
            case .whole: SearchIndexDocument.indexFile(context, path: path)
            case .index(let parts):
                SearchIndexDocument.indexOfParts(context, path: path, parts: (1...parts).map { Self.partPath($0) })
            case .part(let number, let first, let end):
                SearchIndexDocument.partFile(context, path: path, number: number, links: first..<end)
            }
        index[path] = made
        return made
    }

    /// The file `part` of `search-index.js`: the bytes of the same file of `search-index.json` as a script.
    mutating func indexScript(_ context: TemplateContext, _ part: DataPart) -> OutputFile {
        let json = indexJSON(context, part).contents
        return switch part {
        case .whole, .index:
            OutputFile(path: Self.scriptPath(part), contents: SearchIndexDocument.script(json))
        case .part(let number, _, _):
            OutputFile(path: Self.scriptPath(part), contents: SearchIndexDocument.partScript(json, number: number))
        }
    }

    static func jsonPath(_ part: DataPart) -> String {
        if case .part(let number, _, _) = part { return partPath(number) }
        return indexPath
    }

    static func scriptPath(_ part: DataPart) -> String {
        if case .part(let number, _, _) = part { return partPath(number, script: true) }
        return scriptPath
    }
}
