/// The JSON Feed 1.1 document.
struct JSONFeed: Encodable {
    struct Author: Encodable { var name: String }
    struct Item: Encodable {
        var id: String
        var url: String
        var externalURL: String?
        var title: String
        var summary: String?
        var contentHTML: String?
        var contentText: String?
        var datePublished: String
        var dateModified: String? = nil
        var tags: [String]
        var image: String?

        enum CodingKeys: String, CodingKey {
            case id, url, title, summary, tags, image
            case externalURL = "external_url"
            case contentHTML = "content_html"
            case contentText = "content_text"
            case datePublished = "date_published"
            case dateModified = "date_modified"
        }
    }

    var version: String
    var title: String
    var homePageURL: String?
    var feedURL: String?
    var description: String?
    var language: String
    var authors: [Author]
    var items: [Item]

    enum CodingKeys: String, CodingKey {
        case version, title, description, language, authors, items
        case homePageURL = "home_page_url"
        case feedURL = "feed_url"
    }
}
