import Foundation

/// What the search files of one render share, each made once by the first that needs it: the
/// document (the index and the shards are made from it) and the index's encoding (`search-index.json`
/// and `search-index.js` carry the same bytes). The three are rendered by one task
/// (`SiteRenderer.isSearch`).
struct SearchFiles {
    private var document: SearchIndexDocument?
    private var json: [UInt8]?

    init() {}

    mutating func document(_ context: TemplateContext) -> SearchIndexDocument {
        if let document { return document }
        let made = SearchIndexDocument(context)
        document = made
        return made
    }

    mutating func indexJSON(_ context: TemplateContext) -> [UInt8] {
        if let json { return json }
        let made = document(context).indexJSON()
        json = made
        return made
    }

    mutating func indexScript(_ context: TemplateContext) -> [UInt8] {
        SearchIndexDocument.script(indexJSON(context))
    }
}
