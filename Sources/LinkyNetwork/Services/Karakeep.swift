import Foundation

/// Karakeep (formerly Hoarder, github.com/karakeep-app/karakeep), API v1: `GET /api/v1/bookmarks?limit=&cursor=`,
/// `{"bookmarks", "nextCursor"}`; lists from `GET /api/v1/lists` (nested by `parentId`) and each
/// list's `GET /api/v1/lists/ID/bookmarks`, so a bookmark goes in its first list's folder. A bookmark
/// that is not a link (a note, an image) is left out.
extension BookmarkFetcher {
    func karakeep(_ session: inout ServiceClient, _ fetch: inout ServiceFetch) async throws(ServiceFailure) {
        var lists = FolderTree()
        var folder: [String: [String]] = [:]
        let listsURL = request.baseURL + "/api/v1/lists"
        let (value, _) = try await session.json(listsURL)
        guard let items = (value as? [String: Any])?["lists"] as? [[String: Any]] else {
            throw unexpected(listsURL, session, "no \"lists\" list")
        }
        for item in items {
            guard let id = JSONField.text(item["id"]) else { continue }
            lists.add(id: id, name: JSONField.text(item["name"]) ?? id, parent: JSONField.text(item["parentId"]))
        }
        // Smart lists are saved searches, not places: only manual lists are folders.
        for item in items where (JSONField.text(item["type"]) ?? "manual") == "manual" {
            guard let id = JSONField.text(item["id"]) else { continue }
            try await karakeepPages(request.baseURL + "/api/v1/lists/\(id)/bookmarks", &session) { bookmark in
                if let bookmarkID = JSONField.text(bookmark["id"]), folder[bookmarkID] == nil {
                    folder[bookmarkID] = lists.path(of: id)
                }
            }
        }
        try await karakeepPages(request.baseURL + "/api/v1/bookmarks", &session) { item in
            guard let id = JSONField.text(item["id"]), let content = item["content"] as? [String: Any],
                (JSONField.text(content["type"]) ?? "link") == "link", let address = JSONField.text(content["url"])
            else { return }
            var bookmark = ServiceBookmark(
                id: id, url: address, title: JSONField.text(item["title"]) ?? JSONField.text(content["title"]) ?? "",
                description: JSONField.text(content["description"]) ?? JSONField.text(item["summary"]),
                note: JSONField.text(item["note"]), tags: JSONField.names(item["tags"]),
                created: JSONField.text(item["createdAt"]), folders: folder[id] ?? [])
            bookmark.favorite = JSONField.bool(item["favourited"])
            bookmark.archived = JSONField.bool(item["archived"])
            fetch.bookmarks.append(bookmark)
        }
    }

    /// Every page of bookmarks at `url`, by `nextCursor`.
    func karakeepPages(
        _ url: String, _ session: inout ServiceClient, _ each: ([String: Any]) -> Void
    ) async throws(ServiceFailure) {
        var cursor: String?
        repeat {
            let page = url + "?" + query([("limit", "100"), ("cursor", cursor)])
            let (value, _) = try await session.json(page)
            guard let answer = value as? [String: Any], let bookmarks = answer["bookmarks"] as? [[String: Any]] else {
                throw unexpected(page, session, "no \"bookmarks\" list")
            }
            bookmarks.forEach(each)
            cursor = bookmarks.isEmpty ? nil : JSONField.text(answer["nextCursor"])
        } while cursor != nil
    }
}
