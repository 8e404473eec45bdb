import Foundation

/// Raindrop.io, REST API v1: collections from `GET /rest/v1/collections` and `/collections/childrens`
/// (nested by `parent.$id`), then `GET /rest/v1/raindrops/0?perpage=50&page=N` (0: every collection but
/// the trash), `{"items", "count"}`; `search=#tag` narrows to a tag. `important` is a favourite.
extension BookmarkFetcher {
    func raindrop(_ session: inout ServiceClient, _ fetch: inout ServiceFetch) async throws(ServiceFailure) {
        var collections = FolderTree()
        for path in ["/rest/v1/collections", "/rest/v1/collections/childrens"] {
            let url = request.baseURL + path
            let (value, _) = try await session.json(url)
            guard let items = (value as? [String: Any])?["items"] as? [[String: Any]] else {
                throw unexpected(url, session, "no \"items\" list")
            }
            for item in items {
                guard let id = JSONField.text(item["_id"]) else { continue }
                let parent = JSONField.text((item["parent"] as? [String: Any])?["$id"])
                collections.add(id: id, name: JSONField.text(item["title"]) ?? id, parent: parent)
            }
        }
        var page = 0
        var read = 0
        while true {
            let url =
                request.baseURL + "/rest/v1/raindrops/0?"
                + query([("perpage", "50"), ("page", String(page)), ("search", request.tag.map { "#" + $0 })])
            let (value, _) = try await session.json(url)
            guard let answer = value as? [String: Any], let items = answer["items"] as? [[String: Any]] else {
                throw unexpected(url, session, "no \"items\" list")
            }
            for item in items {
                guard let id = JSONField.text(item["_id"]), let address = JSONField.text(item["link"]) else { continue }
                let collection = JSONField.text((item["collection"] as? [String: Any])?["$id"])
                var bookmark = ServiceBookmark(
                    id: id, url: address, title: JSONField.text(item["title"]) ?? "",
                    description: JSONField.text(item["excerpt"]), note: JSONField.text(item["note"]),
                    tags: JSONField.names(item["tags"]), created: JSONField.text(item["created"]),
                    folders: collection.map { collections.path(of: $0) } ?? [])
                bookmark.favorite = JSONField.bool(item["important"])
                fetch.bookmarks.append(bookmark)
            }
            read += items.count
            page += 1
            if items.isEmpty { break }
            if let count = JSONField.int(answer["count"]), read >= count { break }
        }
    }
}

/// Collections, folders or lists that nest by a parent's id: each one's names from the top down.
struct FolderTree {
    private var names: [String: String] = [:]
    private var parents: [String: String] = [:]

    mutating func add(id: String, name: String, parent: String?) {
        names[id] = name
        parents[id] = parent
    }

    /// The names from the top down; empty for an id not known (Raindrop's Unsorted, -1).
    func path(of id: String) -> [String] {
        var path: [String] = []
        var current: String? = id
        var seen: Set<String> = []
        while let here = current, let name = names[here], seen.insert(here).inserted {
            path.insert(name, at: 0)
            current = parents[here]
        }
        return path
    }
}
