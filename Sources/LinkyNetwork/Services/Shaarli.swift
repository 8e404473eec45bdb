import Foundation

/// Shaarli (github.com/shaarli/Shaarli), REST API v1: `GET /api/v1/links?offset=&limit=`, a JSON
/// array; `Authorization: Bearer` a JWT signed HS512 with the instance's API secret (`shaarliJWT`);
/// `searchtags=` narrows to a tag. A private shaare is imported as a draft.
extension BookmarkFetcher {
    func shaarli(_ session: inout ServiceClient, _ fetch: inout ServiceFetch) async throws(ServiceFailure) {
        var offset = 0
        while true {
            let url =
                request.baseURL + "/api/v1/links?"
                + query([("offset", String(offset)), ("limit", "100"), ("searchtags", request.tag)])
            let (value, _) = try await session.json(url)
            guard let items = value as? [[String: Any]] else { throw unexpected(url, session, "not a list of links") }
            for item in items {
                guard let id = JSONField.text(item["id"]), let address = JSONField.text(item["url"]) else { continue }
                // Shaarli's description is the shaare's whole text: a line is a description, more is a note.
                let text = JSONField.text(item["description"])?.trimmingCharacters(in: .whitespacesAndNewlines)
                let short = text.map { !$0.contains("\n") && $0.count <= 300 } ?? true
                var bookmark = ServiceBookmark(
                    id: id, url: address, title: JSONField.text(item["title"]) ?? "",
                    description: short ? text : nil, note: short ? nil : text, tags: JSONField.names(item["tags"]),
                    created: JSONField.text(item["created"]))
                bookmark.isPrivate = JSONField.bool(item["private"])
                fetch.bookmarks.append(bookmark)
            }
            guard !items.isEmpty else { break }
            offset += items.count
        }
    }
}
