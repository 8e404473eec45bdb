import Foundation

/// Linkwarden (github.com/linkwarden/linkwarden), API v1: collections from `GET /api/v1/collections`
/// (nested by `parentId`), links from `GET /api/v1/search?cursor=ID` (`{"data": {"links",
/// "nextCursor"}}`), or on a Linkwarden before 2.9 `GET /api/v1/links?cursor=ID` (`{"response": [...]}`,
/// the next page after the last id); a link pinned by its owner is a favourite.
extension BookmarkFetcher {
    func linkwarden(_ session: inout ServiceClient, _ fetch: inout ServiceFetch) async throws(ServiceFailure) {
        var collections = FolderTree()
        let collectionsURL = request.baseURL + "/api/v1/collections"
        let (value, _) = try await session.json(collectionsURL)
        guard let items = (value as? [String: Any])?["response"] as? [[String: Any]] else {
            throw unexpected(collectionsURL, session, "no \"response\" list")
        }
        for item in items {
            guard let id = JSONField.text(item["id"]) else { continue }
            collections.add(id: id, name: JSONField.text(item["name"]) ?? id, parent: JSONField.text(item["parentId"]))
        }
        var route = "/api/v1/search"
        var cursor: String?
        var seen: Set<String> = []
        while true {
            let url = request.baseURL + route + "?" + query([("cursor", cursor)])
            guard let (value, _) = try await session.json(url, missingIsNil: route == "/api/v1/search") else {
                route = "/api/v1/links"
                continue
            }
            let answer = value as? [String: Any]
            let data = answer?["data"] as? [String: Any]
            guard let links = data?["links"] as? [[String: Any]] ?? answer?["response"] as? [[String: Any]] else {
                throw unexpected(url, session, "no \"links\" list")
            }
            var added = 0
            for item in links {
                guard let id = JSONField.text(item["id"]), seen.insert(id).inserted,
                    let address = JSONField.text(item["url"])
                else { continue }
                added += 1
                let collection =
                    JSONField.text(item["collectionId"])
                    ?? JSONField.text((item["collection"] as? [String: Any])?["id"])
                var bookmark = ServiceBookmark(
                    id: id, url: address, title: JSONField.text(item["name"]) ?? "",
                    description: JSONField.text(item["description"]), tags: JSONField.names(item["tags"]),
                    created: JSONField.text(item["createdAt"]),
                    folders: collection.map { collections.path(of: $0) } ?? [])
                bookmark.favorite = !((item["pinnedBy"] as? [Any]) ?? []).isEmpty
                fetch.bookmarks.append(bookmark)
            }
            // /search names the next cursor (null at the end); /links is read until a page adds nothing.
            let next = data.map { JSONField.text($0["nextCursor"]) } ?? links.last.flatMap { JSONField.text($0["id"]) }
            guard added > 0, let next else { break }
            cursor = next
        }
    }
}
