import Foundation

/// Pinboard, API v1: `GET /v1/posts/all?auth_token=user:TOKEN&format=json` gives every post at once
/// (`tag=` narrows it); the token can only go in the query, so no message shows a query. A post not
/// shared is imported as a draft, `toread` as unread. As Pinboard asks of every client, `posts/update`
/// comes first: when it names the time the last sync read, `posts/all` (limited to once in five
/// minutes) is not asked at all.
extension BookmarkFetcher {
    func pinboard(_ session: inout ServiceClient, _ fetch: inout ServiceFetch) async throws(ServiceFailure) {
        let updateURL =
            request.baseURL + "/v1/posts/update?" + query([("auth_token", request.token), ("format", "json")])
        let (update, _) = try await session.json(updateURL)
        fetch.version = JSONField.text((update as? [String: Any])?["update_time"])
        if let version = fetch.version, version == request.knownVersion {
            fetch.unchanged = true
            return
        }
        let url =
            request.baseURL + "/v1/posts/all?"
            + query([("auth_token", request.token), ("format", "json"), ("tag", request.tag)])
        let (value, _) = try await session.json(url)
        guard let posts = value as? [[String: Any]] else { throw unexpected(url, session, "not a list of posts") }
        for post in posts {
            guard let address = JSONField.text(post["href"]) else { continue }
            var bookmark = ServiceBookmark(
                id: JSONField.text(post["hash"]) ?? address, url: address,
                title: JSONField.text(post["description"]) ?? "", description: JSONField.text(post["extended"]),
                tags: (JSONField.text(post["tags"]) ?? "").split(separator: " ").map(String.init),
                created: JSONField.text(post["time"]))
            bookmark.isPrivate = JSONField.text(post["shared"]) == "no"
            bookmark.unread = JSONField.text(post["toread"]) == "yes"
            fetch.bookmarks.append(bookmark)
        }
    }
}
