import Foundation

/// What the search files of one render task share, each made once by the first that needs it: the
/// document the shards are made from, and the index (`search-index.json` and `search-index.js` carry
/// the same bytes, and share a task: `PageKind.sharesSearchIndex`). The index is written apart from the
/// document, so that a rebuild makes only the entries of the links that changed.
struct SearchFiles {
    private var document: SearchIndexDocument?
    private var index: OutputFile?

    init() {}

    /// `search-index.json`, which the script is made from.
    static let indexPath = "search-index.json"

    mutating func document(_ context: TemplateContext) -> SearchIndexDocument {
        if let document { return document }
        let made = SearchIndexDocument(context)
        document = made
        return made
    }

    /// `search-index.json` at `path`, with where each link's entry is (see `SearchIndexDocument.indexFile`).
    mutating func indexJSON(_ context: TemplateContext, path: String) -> OutputFile {
        if let index, index.path == path { return index }
        let made = SearchIndexDocument.indexFile(context, path: path)
        index = made
        return made
    }

    /// `search-index.js`: the bytes of `search-index.json` (at `jsonPath`) as a script.
    mutating func indexScript(_ context: TemplateContext, path: String, jsonPath: String) -> OutputFile {
        OutputFile(path: path, contents: SearchIndexDocument.script(indexJSON(context, path: jsonPath).contents))
    }
}
