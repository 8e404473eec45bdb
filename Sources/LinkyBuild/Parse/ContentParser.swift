import Foundation
import LinkyModel

/// The parse stage for the content folder: every file in parallel, results in path order.
struct ContentParser: Sendable {
    let contentDir: String
    let config: SiteConfig
    var metadata = MetadataCache()

    func parse(_ files: [SourceFile]) async -> ParsedContent {
        var content = ParsedContent()
        for part in await parseEach(files) { content.append(part) }
        return content
    }

    /// Each file's own result, in the order of `files`: what an incremental update replaces one of.
    func parseEach(_ files: [SourceFile]) async -> [ParsedContent] {
        let parser = ContentFileParser(contentDir: contentDir, config: config, metadata: metadata)
        return await ParallelChunks.map(files.count, minimum: 32, perCore: 8) {
            $0.map { index in
                var parsed = parser.parse(files[index])
                parsed.links = parsed.links.map { $0.withResolveKeys() }
                return parsed
            }
        }
    }
}
