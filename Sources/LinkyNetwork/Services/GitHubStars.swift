import Foundation

/// GitHub's stars: `GET /users/NAME/starred` (or `/user/starred`, the token's own) with
/// `Accept: application/vnd.github.star+json`, so each repository comes with its `starred_at`; pages
/// of 100 while the `Link` header names a next one. A repository becomes a link: its name as the
/// title, its description, its topics as tags, the day it was starred as its date.
extension BookmarkFetcher {
    func githubStars(_ session: inout ServiceClient, _ fetch: inout ServiceFetch) async throws(ServiceFailure) {
        let path = request.user.map { "/users/\(Self.percentEncoded($0))/starred" } ?? "/user/starred"
        var page = 1
        while true {
            let url = request.baseURL + path + "?" + query([("per_page", "100"), ("page", String(page))])
            let (value, response) = try await session.json(url, accept: "application/vnd.github.star+json")
            guard let items = value as? [[String: Any]] else { throw unexpected(url, session, "not a list of stars") }
            for item in items {
                // Without the star media type an item is the repository itself.
                let repository = item["repo"] as? [String: Any] ?? item
                guard let name = JSONField.text(repository["full_name"]),
                    let address = JSONField.text(repository["html_url"])
                else { continue }
                var bookmark = ServiceBookmark(
                    id: name, url: address, title: name, description: JSONField.text(repository["description"]),
                    tags: JSONField.names(repository["topics"]), created: JSONField.text(item["starred_at"]))
                bookmark.archived = JSONField.bool(repository["archived"])
                fetch.bookmarks.append(bookmark)
            }
            guard !items.isEmpty, Self.hasNextPage(response.header("link")) else { break }
            page += 1
        }
    }

    /// Whether a `Link` header has `rel="next"`.
    static func hasNextPage(_ header: String?) -> Bool {
        guard let header else { return false }
        return header.split(separator: ",").contains { $0.contains("rel=\"next\"") }
    }
}
