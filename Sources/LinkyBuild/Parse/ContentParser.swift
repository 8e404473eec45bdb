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
        let chunkSize = max(32, files.count / (ProcessInfo.processInfo.activeProcessorCount * 8) + 1)
        let chunks = stride(from: 0, to: files.count, by: chunkSize).map {
            files[$0..<min($0 + chunkSize, files.count)]
        }
        let parts = await withTaskGroup(of: (Int, [ParsedContent]).self) { group in
            for (index, chunk) in chunks.enumerated() {
                group.addTask { (index, chunk.map { parser.parse($0) }) }
            }
            var parts = [[ParsedContent]](repeating: [], count: chunks.count)
            for await (index, content) in group { parts[index] = content }
            return parts
        }
        return parts.flatMap { $0 }
    }
}
