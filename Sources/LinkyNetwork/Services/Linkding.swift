import Foundation

/// linkding (github.com/sissbruecker/linkding), REST API: `GET /api/bookmarks/` and
/// `/api/bookmarks/archived/`, `Authorization: Token …`, pages of `{"count", "next", "results"}` by
/// `limit` and `offset`; `q=#tag` narrows to a tag.
extension BookmarkFetcher {
    func linkding(_ session: inout ServiceClient, _ fetch: inout ServiceFetch) async throws(ServiceFailure) {
        for archived in [false, true] {
            var offset = 0
            while true {
                let path = archived ? "/api/bookmarks/archived/" : "/api/bookmarks/"
                let url =
                    request.baseURL + path + "?"
                    + query([("limit", "100"), ("offset", String(offset)), ("q", request.tag.map { "#" + $0 })])
                let (value, _) = try await session.json(url)
                guard let page = value as? [String: Any], let results = page["results"] as? [[String: Any]] else {
                    throw unexpected(url, session, "no \"results\" list")
                }
                for item in results {
                    guard let id = JSONField.text(item["id"]), let address = JSONField.text(item["url"]) else {
                        continue
                    }
                    // Before linkding 1.x filled in `title`, the page's own title was `website_title`.
                    var bookmark = ServiceBookmark(
                        id: id, url: address,
                        title: JSONField.text(item["title"]) ?? JSONField.text(item["website_title"]) ?? "",
                        description: JSONField.text(item["description"])
                            ?? JSONField.text(item["website_description"]),
                        note: JSONField.text(item["notes"]), tags: JSONField.names(item["tag_names"]),
                        created: JSONField.text(item["date_added"]))
                    bookmark.unread = JSONField.bool(item["unread"])
                    bookmark.archived = archived || JSONField.bool(item["is_archived"])
                    fetch.bookmarks.append(bookmark)
                }
                offset += results.count
                guard !results.isEmpty, JSONField.text(page["next"]) != nil else { break }
            }
        }
    }
}
