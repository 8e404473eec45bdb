import CSV
import Foundation
import LinkyModel

/// `export --format csv`: a row per link, as spreadsheets and other tools read it — `url`, `title`,
/// `description`, `category` (its path, `programming/swift`), `tags` (comma-separated), `date`,
/// `favorite`, `note` (Markdown) — written by CSV.swift (RFC 4180 quoting).
struct CSVRenderer {
    static let header = ["url", "title", "description", "category", "tags", "date", "favorite", "note"]

    let site: Site

    func render() throws -> [UInt8] {
        let writer = try CSVWriter(stream: .toMemory(), newline: .crlf)
        try writer.write(row: Self.header)
        for id in site.links.indices {
            try writer.write(row: [
                site.links[id].url.absoluteString, site.links[id].title, site.links[id].description ?? "",
                site.categories[site.links[id].category].pathString,
                site.links[id].tags.map { site.tags[$0].name }.joined(separator: ","),
                site.links[id].date.map { $0.hasTime ? $0.rfc3339 : $0.isoDay } ?? "",
                site.links[id].favorite ? "true" : "false", site.links[id].note?.markdown ?? "",
            ])
        }
        writer.stream.close()
        let data = writer.stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data ?? Data()
        return Array(data) + Array("\r\n".utf8)
    }
}
