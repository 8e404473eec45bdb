import Foundation
import LinkyModel

/// One Markdown file of the content folder parsed exactly as the build parses it — a link file, a
/// list file or an `_index.md` — outside a site: for tools and for the fuzz targets (`Fuzz/`).
public enum ContentFile {
    /// What the file gave: how many links, and every problem found.
    public struct Parsed: Sendable {
        public var links: [Link]
        public var diagnostics: [Diagnostic]
    }

    /// Decodes `data` (UTF-8, BOM, CRLF and CR handled as on load) and parses it as the file at `path`
    /// (relative to the site folder, under `links/`).
    public static func parse(_ data: Data, path: String = "links/file.md", config: SiteConfig = SiteConfig()) -> Parsed
    {
        let text: String
        switch TextDecoding.decode(data) {
        case .success(let decoded): text = decoded
        case .failure(.invalidUTF8(let line)), .failure(.binary(let line)):
            return Parsed(
                links: [],
                diagnostics: [
                    .error(
                        .invalidEncoding, at: SourceLocation(path: path, line: line), "the file is not UTF-8 text",
                        hint: "save it as UTF-8")
                ])
        }
        let parsed = ContentFileParser(contentDir: config.contentDir, config: config)
            .parse(SourceFile(path: path, text: text))
        let (site, diagnostics) = SiteResolver(config: config).resolve(parsed, folders: [], tagDefinitions: [])
        return Parsed(links: site.links, diagnostics: parsed.diagnostics + diagnostics)
    }
}
