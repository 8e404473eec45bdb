import Foundation

/// What the search files of one render share, each made once by the first that needs it: the
/// document (the index and the shards are made from it) and the index's encoding (`search-index.json`
/// and `search-index.js` carry the same bytes). The three are rendered by one task
/// (`SiteRenderer.isSearch`).
struct SearchFiles {
    private var document: SearchIndexDocument?
    private var json: (bytes: [UInt8], parts: [LinkPart])?

    init() {}

    mutating func document(_ context: TemplateContext) -> SearchIndexDocument {
        if let document { return document }
        let made = SearchIndexDocument(context)
        document = made
        return made
    }

    /// `search-index.json` at `path`, with where each link's entry is; each entry the last build's file
    /// has as it would be now (`context.previousParts`) is copied.
    mutating func indexJSON(_ context: TemplateContext, path: String) -> OutputFile {
        if let json { return OutputFile(path: path, contents: json.bytes, parts: json.parts) }
        var parts: [LinkPart] = []
        let previous = context.previousParts.map { previous in { previous.part(of: path, link: $0) } }
        let made = document(context).indexJSON(previous: previous, parts: &parts)
        json = (made, parts)
        return OutputFile(path: path, contents: made, parts: parts)
    }

    /// `search-index.js`: the bytes of `search-index.json` (at `jsonPath`) as a script.
    mutating func indexScript(_ context: TemplateContext, path: String, jsonPath: String) -> OutputFile {
        OutputFile(path: path, contents: SearchIndexDocument.script(indexJSON(context, path: jsonPath).contents))
    }
}
